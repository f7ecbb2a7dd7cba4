"""UI benchmarks: frame time of every game's match scene while the AI thinks, start-up from
source and from the executable, the executable's size.

Section contract: ``run(quick) -> list[dict]`` with keys game, metric, value, unit, target.
Frame time is the work of one frame (events, update, draw, flip) on the dummy video driver, with
a Hard AI thinking in the worker process on every turn; 60 fps needs it under ~16.7 ms. Its CPU
time in the UI thread is reported too: on a loaded machine the wall time is mostly the wait for
a core. (The
board tests assert the behaviour behind it without a clock: a settled frame only blits.)
Start-up is the wall time of ``python -m game --frames 1`` and of the built program with
``--frames 1`` (interpreter start to the first frame shown, plus a clean exit, so it slightly
overstates the wait), taken in turns in the same run. The size is that of what a player unpacks
(the program's folder or app bundle). Without a built executable (``make dist``) its rows say so.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAME_TARGET_MS = 17.0
FLINK_PIECES = 30  # Flink is measured with this many pieces placed (most to draw)
STARTUP_TARGET_S = 1.0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def flink_history(pieces: int) -> list[int]:
    """Random legal actions that place ``pieces`` pieces on Flink's default board, nobody linked
    yet: the position the Flink row measures."""
    import random

    from game.engines import GAMES

    for seed in range(100):
        rng, state = random.Random(seed), GAMES["flink"].new_state()
        while len(state.history) < 2 * pieces and not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            return list(state.history)
    raise RuntimeError("no random Flink game lasted long enough")


def frame_times(
    game_id: str, seconds: float, history: list[int] | None = None, cpu: list[float] | None = None
) -> tuple[list[float], float]:
    """Per-frame work in ms of a Hard-vs-Hard match (from ``history``), and the share of frames
    with the AI thinking. ``cpu``, if given, receives each frame's CPU time in ms in the UI
    thread: what the frame itself costs, whatever else the machine runs (on a loaded machine
    the wall time mostly measures waiting for a core)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.engines import GAMES
    from game.match import Match
    from game.scenes.match import MatchScene
    from game.settings import Settings

    app = App(Settings(animation="normal", sound=False, language="en"), persist_settings=False)
    try:
        match = Match(GAMES[game_id], ["hard", "hard"], seed=1, client=app.ai, history=history)
        app.stack.push(MatchScene(app, match))
        for _ in range(30):  # warm up: fonts, caches, the worker process
            app.step(1 / 60)
        times: list[float] = []
        thinking = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end and not match.is_over:
            start, start_cpu = time.perf_counter(), time.thread_time()
            app.step(1 / 60)
            times.append((time.perf_counter() - start) * 1000)
            if cpu is not None:
                cpu.append((time.thread_time() - start_cpu) * 1000)
            thinking += match.ai_thinking
            app.clock.tick(60)
        return times, thinking / max(1, len(times))
    finally:
        app.close()


def executable() -> Path:
    """Where ``make dist`` leaves the program on this system (``build/make_dist.py``)."""
    if sys.platform == "darwin":
        return ROOT / "dist" / "Five Fronts.app" / "Contents" / "MacOS" / "fivefronts"
    name = "fivefronts.exe" if sys.platform == "win32" else "fivefronts"
    return ROOT / "dist" / "fivefronts" / name


def shipped_mib(exe: Path) -> float:
    """The size of what a player unpacks: every file of the program's folder (or app bundle)."""
    folder = exe.parents[2] if sys.platform == "darwin" else exe.parent
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 2**20


def startup_seconds(commands: dict[str, list[str]], repeats: int) -> dict[str, list[float]]:
    """Seconds to the first frame of each command, the commands taken in turns, so a load
    that comes and goes weighs on each alike."""
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    results: dict[str, list[float]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory() as data:
        env["FIVEFRONTS_DATA_DIR"] = data
        for _ in range(repeats):
            for name, command in commands.items():
                start = time.perf_counter()
                subprocess.run(
                    [*command, "--frames", "1"],
                    cwd=ROOT,
                    env=env,
                    check=True,
                    capture_output=True,
                    timeout=60,
                )
                results[name].append(time.perf_counter() - start)
    return results


def startup_rows(quick: bool) -> list[dict]:
    exe = executable()
    commands = {"from source": [sys.executable, "-m", "game"]}
    if exe.exists():
        commands["executable"] = [str(exe)]
    times = startup_seconds(commands, 3 if quick else 7)
    rows = [
        {
            "game": "app",
            "metric": f"start-up to first frame, {name}, median",
            "value": round(statistics.median(seconds), 3),
            "unit": "s",
            "target": f"<= {STARTUP_TARGET_S:g}",
        }
        for name, seconds in times.items()
    ]
    if exe.exists():
        size = shipped_mib(exe)
        rows.append(
            {"game": "app", "metric": "executable size", "value": round(size, 1), "unit": "MiB"}
        )
    else:
        for metric in ("start-up to first frame, executable, median", "executable size"):
            rows.append(
                {
                    "game": "app",
                    "metric": metric,
                    "value": f"not measured: no {exe.relative_to(ROOT)} (make dist)",
                    "unit": "",
                }
            )
    return rows


def run(quick: bool) -> list[dict]:
    from game.engines import GAMES

    rows = [row for game_id in GAMES for row in _frame_rows(game_id, quick)]
    return [*rows, *startup_rows(quick)]


def _frame_rows(game_id: str, quick: bool) -> list[dict]:
    history = flink_history(FLINK_PIECES) if game_id == "flink" else None
    cpu: list[float] = []
    times, thinking = frame_times(game_id, 4.0 if quick else 12.0, history, cpu)
    return [
        {
            "game": game_id,
            "metric": "frame time p50 (AI thinking)",
            "value": round(statistics.median(times), 2),
            "unit": "ms",
            "target": FRAME_TARGET_MS,
        },
        {
            "game": game_id,
            "metric": "frame time p99 (AI thinking)",
            "value": round(_percentile(times, 0.99), 2),
            "unit": "ms",
            "target": FRAME_TARGET_MS,
        },
        {
            "game": game_id,
            "metric": "frame CPU time p99 (UI thread, AI thinking)",
            "value": round(_percentile(cpu, 0.99), 2),
            "unit": "ms",
            "target": FRAME_TARGET_MS,
        },
        {
            "game": game_id,
            "metric": "frames with the AI thinking",
            "value": round(100 * thinking, 1),
            "unit": "%",
        },
    ]


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        print(row)
