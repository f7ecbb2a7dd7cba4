"""The executable builds, passes its own self-test and knows its version (slow: ~2 minutes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

from make_dist import build  # noqa: E402  (build/ holds scripts, not a package)


@pytest.mark.slow
def test_executable_selftest(tmp_path: Path) -> None:
    exe = build(tmp_path / "dist", tmp_path / "work")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["FIVEFRONTS_DATA_DIR"] = str(tmp_path / "data")
    result = subprocess.run(
        [str(exe), "--selftest"], env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stdout + result.stderr
    network = subprocess.run(
        [str(exe), "--selftest", "--network", "--game", "battleline"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )  # the executable hosts and starts itself again as the guest, over loopback
    assert network.returncode == 0, network.stdout + network.stderr
    version = subprocess.run([str(exe), "--version"], env=env, capture_output=True, text=True)
    assert version.returncode == 0, version
    if sys.platform != "win32":  # the Windows build has no console: it prints nowhere
        assert "flatfront" in result.stdout
        assert version.stdout.startswith("Five Fronts "), version
