"""Build the executable into dist/ (make dist): python build/make_dist.py [--dist DIR].

Linux and Windows get one folder, dist/fivefronts/, holding the program (`fivefronts`,
`fivefronts.exe`) and what it loads; macOS an app bundle (dist/Five Fronts.app) around it. A
folder starts as fast as the source, where a one-file build unpacked itself at every start. The
icons are drawn first (build/make_icons.py), since the spec needs them as files.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from make_icons import write_icons

ROOT = Path(__file__).resolve().parent.parent
APP_BUNDLE = "Five Fronts.app"


def executable(dist: Path) -> Path:
    """Where the build leaves the program to run on this system."""
    if sys.platform == "darwin":
        return dist / APP_BUNDLE / "Contents" / "MacOS" / "fivefronts"
    return dist / "fivefronts" / ("fivefronts.exe" if sys.platform == "win32" else "fivefronts")


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller on build/fivefronts.spec; return the path of the executable."""
    write_icons(ROOT / "build" / "work" / "icons")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level=WARN",
            "--distpath",
            str(dist),
            "--workpath",
            str(work),
            str(ROOT / "build" / "fivefronts.spec"),
        ],
        check=True,
        cwd=ROOT,
    )
    exe = executable(dist)
    if not exe.exists():
        raise SystemExit(f"PyInstaller finished but {exe} is missing")
    return exe


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "work")
    args = parser.parse_args()
    print(build(args.dist, args.work))


if __name__ == "__main__":
    main()
