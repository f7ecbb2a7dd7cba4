"""The benchmark's committed results: every row for every game, and docs/benchmarks.md generated
from them (never edited by hand, so the page and the numbers cannot drift apart)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from game.engines import GAMES

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results.json"
# Each game's rows the issue asks for (the start of a metric's name).
PER_GAME = (
    "random playouts/s",
    "OpenSpiel ",
    "easy whole turn (Match + AIWorker",
    "normal whole turn (Match + AIWorker",
    "hard whole turn (Match + AIWorker",
    "hard moves that fell back",
    "root-parallel speed-up",
    "frame time p50 (AI thinking)",
    "frame time p99 (AI thinking)",
)
APP = (
    "start-up to first frame, from source",
    "start-up to first frame, executable",
    "executable size",
)


def _rows() -> list[dict]:
    rows: list[dict] = json.loads(RESULTS.read_text())["rows"]
    return rows


@pytest.mark.parametrize("game_id", [*sorted(GAMES), "app"])
def test_every_game_has_every_row(game_id: str) -> None:
    metrics = [row["metric"] for row in _rows() if row["game"] == game_id]
    for wanted in APP if game_id == "app" else PER_GAME:
        assert any(m.startswith(wanted) for m in metrics), wanted


def test_every_value_is_a_number_or_says_why_not() -> None:
    for row in _rows():
        value = row["value"]
        if isinstance(value, str):
            assert value.startswith(("not measured: ", "no tree search: ")), row
        else:
            assert math.isfinite(value), row


def test_the_benchmarks_page_is_generated_from_the_results() -> None:
    check = subprocess.run(
        [sys.executable, "-m", "bench", "--check-docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode == 0, check.stdout + check.stderr
