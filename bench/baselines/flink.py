"""Flink's independent baselines: the one-ply shortest-path greedy, and OpenSpiel's MCTSBot on
our engine at equal wall-clock time.

The greedy is the usual first program for a connection game, written from its description
only: for every legal placement, place it and measure both players' cheapest crossings
(``game.engines.flink.paths.crossing``); play the placement that wins at once, else the one
with the largest opponent distance minus own distance, ties at random. It reads nothing of
``ai.heuristics.flink``. To stay affordable it skips placements that touch no cell within two
of either player's cheapest crossing (such a placement changes neither distance by more than a
far detour could), which leaves a few hundred per turn.

A turn is two decisions (orientation, then cell); both agents decide the placement at the
orientation and play its cell next.
"""

from __future__ import annotations

import random
import time

from bench.openspiel_adapter import OpenSpielState, openspiel_bot
from game.engines.base import State
from game.engines.flink import ANCHOR, PASS, FlinkState
from game.engines.flink.paths import (
    UNREACHABLE,
    cell_costs,
    cell_levels,
    crossing,
    distances,
)

NEAR = 2  # cells within this much of a cheapest crossing are worth touching
CAP = 40


def near_cells(state: FlinkState) -> set[int]:
    """Cells that lie within NEAR of either player's cheapest crossing."""
    b = state.board
    levels = cell_levels(b, state.heights)
    near: set[int] = set()
    for player in (0, 1):
        costs = cell_costs(b, state.heights, state.colours, player)
        a = distances(b, costs, levels, state.colours, player, 0)
        z = distances(b, costs, levels, state.colours, player, 1)
        through = {
            i: a[i] + z[i] - costs[i] for i in b.cells if a[i] < UNREACHABLE and z[i] < UNREACHABLE
        }
        if through:
            best = min(through.values())
            near.update(i for i, t in through.items() if t <= best + NEAR)
    return near


def greedy_value(state: FlinkState, placement: int) -> float:
    b = state.board
    after = state.clone()
    mover = after.current_player()
    after.apply_unchecked(placement // b.cells_total)
    after.apply_unchecked(ANCHOR + placement % b.cells_total)
    if after.is_terminal():
        return float("inf") if after.returns()[mover] > 0 else 0.0
    mine = min(crossing(b, after.heights, after.colours, mover), CAP)
    theirs = min(crossing(b, after.heights, after.colours, 1 - mover), CAP)
    return float(theirs - mine)


class ShortestPathGreedy:
    """The one-ply shortest-path greedy (the Agent protocol of ``ai.agents``)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._planned: int | None = None

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def choose(self, state: State) -> int:
        assert isinstance(state, FlinkState)
        legal = state.legal_actions()
        if legal == [PASS]:
            return PASS
        b = state.board
        total = b.cells_total
        if state.orientation >= 0:
            planned = self._planned
            if planned is not None and planned // total == state.orientation:
                action = ANCHOR + planned % total
                if action in legal:
                    return action
            return self.rng.choice(legal)
        near = near_cells(state)
        unpadded = b.unpadded
        candidates = []
        for o in legal:
            for cell in b.cells:
                pid = o * total + cell
                if state.fits(pid):
                    p = b.placements[pid]
                    assert p is not None
                    if any(unpadded[c] in near for c in p.columns):
                        candidates.append(pid)
        if not candidates:
            candidates = [
                o * total + c for o in legal for c in b.cells if state.fits(o * total + c)
            ]
        values = [greedy_value(state, pid) for pid in candidates]
        top = max(values)
        self._planned = self.rng.choice(
            [p for p, v in zip(candidates, values, strict=True) if v == top]
        )
        return self._planned // total


class OpenSpielTimed:
    """OpenSpiel's MCTSBot (random rollouts, its examples' settings) given ``seconds`` per
    decision: the number of simulations follows its measured rate, so each search takes about
    that long."""

    def __init__(self, seconds: float, seed: int) -> None:
        self.seconds = seconds
        self.seed = seed
        self.rate = 50.0  # simulations per second, updated after every search

    def reseed(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        simulations = max(2, int(self.rate * self.seconds))
        bot = openspiel_bot(state, simulations, self.seed)
        self.seed += 1
        start = time.perf_counter()
        root = bot.mcts_search(OpenSpielState(state))
        elapsed = time.perf_counter() - start
        self.rate = max(1.0, root.explore_count / max(elapsed, 1e-3))
        return int(root.best_child().action)
