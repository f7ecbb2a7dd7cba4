"""What the release build relies on: one version number, icons every system can read."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

from make_icons import ICNS_TYPES, ICO_SIZES, write_icons  # noqa: E402


def pyproject_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_version_comes_from_pyproject() -> None:
    from game.version import version

    assert version() == pyproject_version()
    result = subprocess.run(
        [sys.executable, "-m", "game", "--version"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"Five Fronts {pyproject_version()}"


@pytest.fixture(scope="module")
def icons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return write_icons(tmp_path_factory.mktemp("icons"))


def test_ico_directory_lists_every_size_as_png(icons: dict[str, Path]) -> None:
    data = icons["ico"].read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(ICO_SIZES))
    for i, size in enumerate(ICO_SIZES):
        width, height, _, _, planes, bpp, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i
        )
        assert (width, height) == ((0, 0) if size >= 256 else (size, size))
        assert (planes, bpp) == (1, 32)
        png = data[offset : offset + length]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)  # the IHDR width and height


def test_icns_chunks_cover_the_file(icons: dict[str, Path]) -> None:
    data = icons["icns"].read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    kinds, at = [], 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        assert data[at + 8 : at + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        at += length
    assert at == len(data)
    assert kinds == list(ICNS_TYPES.values())


def test_window_icon_png_is_square_and_opaque_in_the_middle(icons: dict[str, Path]) -> None:
    import pygame

    image = pygame.image.load(str(icons["png"]))
    assert image.get_size() == (256, 256)
    assert image.get_at((128, 128)).a == 255
    assert image.get_at((0, 0)).a < 255  # rounded corners stay transparent


def test_spec_never_strips_binaries() -> None:
    spec = (ROOT / "build" / "fivefronts.spec").read_text()
    assert "strip=True" not in spec
    assert spec.count("strip=False") >= 2
