"""Write the application icon (game.ui.icon) as PNG, Windows ICO and macOS ICNS files.

    python build/make_icons.py [DIR]      (default build/work/icons; make dist calls it)

Both container formats hold PNG images, so pygame's PNG writer is all they need: ICO is a
directory of (size, offset) entries (Windows Vista and later read PNG entries), ICNS a list of
typed chunks whose types say the pixel size.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.ui.icon import app_icon  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS chunk type per pixel size (PNG payloads).
ICNS_TYPES = {
    16: b"icp4",
    32: b"icp5",
    64: b"icp6",
    128: b"ic07",
    256: b"ic08",
    512: b"ic09",
    1024: b"ic10",
}


def png_bytes(size: int) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(app_icon(size), buffer, "icon.png")
    return buffer.getvalue()


def ico(sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    images = [png_bytes(size) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, data in zip(sizes, images, strict=True):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(images)


def icns() -> bytes:
    chunks = b"".join(
        kind + struct.pack(">I", 8 + len(data)) + data
        for kind, data in ((kind, png_bytes(size)) for size, kind in ICNS_TYPES.items())
    )
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def write_icons(folder: Path) -> dict[str, Path]:
    """fivefronts.png (256 px), .ico and .icns in ``folder``; returns them by extension."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {ext: folder / f"fivefronts.{ext}" for ext in ("png", "ico", "icns")}
    paths["png"].write_bytes(png_bytes(256))
    paths["ico"].write_bytes(ico())
    paths["icns"].write_bytes(icns())
    return paths


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "work" / "icons"
    for path in write_icons(target).values():
        print(path)
