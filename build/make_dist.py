"""Build the one-file executable into dist/ (make dist): python build/make_dist.py [--dist DIR]."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller on build/fivefronts.spec; return the path of the executable."""
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
    exe = dist / ("fivefronts.exe" if sys.platform == "win32" else "fivefronts")
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
