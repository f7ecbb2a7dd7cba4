"""Frontline's heuristic (rules §12, first cut): legal moves in every phase, a graded estimate,
and clearly stronger than random play."""

from __future__ import annotations

import random

from ai.heuristics import HEURISTICS
from game.engines.frontline import FrontlineGame

HEURISTIC = HEURISTICS["frontline"]


def _play(seed: int, heuristic_seat: int, decks: str) -> float:
    rng = random.Random(seed)
    state = FrontlineGame().new_state(decks=decks)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if state.current_player() == heuristic_seat:
            action = HEURISTIC.policy(state, rng)
            assert action in state.legal_actions()
            value = HEURISTIC.estimate(state)
            assert -1.0 <= value[0] <= 1.0 and value[0] == -value[1]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    return state.returns()[heuristic_seat]


def test_the_heuristic_beats_random_play() -> None:
    results = [_play(seed, seed % 2, ("prebuilt", "build")[seed // 2 % 2]) for seed in range(12)]
    assert sum(r > 0 for r in results) >= 11
