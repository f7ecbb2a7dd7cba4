"""Flink's hot paths, one by one: what a placement costs the engine (legality refresh and the
win test), a clone, and the heuristic's pieces. The search and playout rates, with OpenSpiel's
MCTSBot on the same engine, are in ``bench.ai_bench`` like every game's.

Section contract: ``run(quick) -> list[dict]`` with keys game, metric, value, unit, target.
Positions come from seeded games of the heuristic policy (every 8th decision of several games).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from ai.heuristics.flink import FlinkHeuristic
from game.engines import GAMES
from game.engines.flink import FlinkState

SEED = 2024


def positions(count: int, board: str) -> list[FlinkState]:
    """``count`` positions at the start of a turn, spread over policy games with some noise."""
    heuristic = FlinkHeuristic()
    rng = random.Random(SEED)
    found: list[FlinkState] = []
    while len(found) < count:
        state = GAMES["flink"].new_state(board=board)
        assert isinstance(state, FlinkState)
        turn = 0
        while not state.is_terminal() and len(found) < count:
            if state.orientation < 0:
                turn += 1
                if turn % 4 == 0:
                    found.append(state.clone())
            legal = state.legal_actions()
            noisy = rng.random() < 0.3
            state.apply_action(rng.choice(legal) if noisy else heuristic.policy(state, rng))
    return found


def per_call(fn: Callable[[], object], seconds: float) -> float:
    """Microseconds per call of ``fn``, the best of three rounds."""
    best = float("inf")
    for _ in range(3):
        done = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 3:
            fn()
            done += 1
        best = min(best, (time.perf_counter() - start) / done)
    return 1e6 * best


def placement_cost(state: FlinkState) -> Callable[[], object]:
    """Clone, hold the first legal orientation and place it on its first legal cell."""
    orientation = state.legal_actions()[0]
    held = state.clone()
    held.apply_unchecked(orientation)
    cell = held.legal_actions()[0]

    def place() -> None:
        copy = held.clone()
        copy.apply_unchecked(cell)

    return place


def _both_legal(state: FlinkState, held: FlinkState) -> Callable[[], object]:
    """The legal moves at the orientation and at the cell, as one call."""
    return lambda: (state.legal_actions(), held.legal_actions())


def _uncached_estimate(state: FlinkState) -> Callable[[], object]:
    return lambda: FlinkHeuristic().estimate(state)


def _uncached_best_placement(state: FlinkState) -> Callable[[], object]:
    return lambda: FlinkHeuristic().best_placement(state, None)


def run(quick: bool) -> list[dict]:
    seconds = 0.3 if quick else 1.0
    rows = []
    for board in ("square", "diamond"):
        states = positions(4 if quick else 12, board)
        metrics: dict[str, list[float]] = {
            "clone": [],
            "placement (clone + place + legality refresh + win test)": [],
            "legal_actions at the orientation and at the cell": [],
            "heuristic estimate (two shortest paths, uncached)": [],
            "heuristic best placement (shortlist, uncached)": [],
        }
        for state in states:
            metrics["clone"].append(per_call(state.clone, seconds))
            metrics["placement (clone + place + legality refresh + win test)"].append(
                per_call(placement_cost(state), seconds)
            )
            held = state.clone()
            held.apply_unchecked(held.legal_actions()[0])
            metrics["legal_actions at the orientation and at the cell"].append(
                per_call(_both_legal(state, held), seconds)
            )
            metrics["heuristic estimate (two shortest paths, uncached)"].append(
                per_call(_uncached_estimate(state), seconds)
            )
            metrics["heuristic best placement (shortlist, uncached)"].append(
                per_call(_uncached_best_placement(state), seconds)
            )
        for name, values in metrics.items():
            value = statistics.median(values)
            rows.append(
                {
                    "game": "flink",
                    "metric": f"{board}: {name}, median",
                    "value": round(value, 1),
                    "unit": "us",
                }
            )
    return rows
