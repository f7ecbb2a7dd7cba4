"""Frontline over random playouts: every legal action has words, hidden moves stay hidden in
the shared move log, and the games end (the generic properties are in test_engine_protocol)."""

from __future__ import annotations

import random

from game.engines.base import UNSEEN
from game.engines.frontline import FrontlineGame
from game.engines.frontline.actions import HIDDEN_DECLARE
from game.engines.frontline.knowledge import action_phrase
from game.engines.frontline.phases import PH_COMMIT, PH_DECLARE, PH_WEAPONS


def _random_games(count: int):
    game = FrontlineGame()
    for seed in range(count):
        rng = random.Random(seed)
        options = {
            "seat0_army": ("US", "GE")[seed % 2],
            "decks": ("prebuilt", "build")[seed // 2 % 2],
        }
        yield game.new_state(**options), rng


def test_every_legal_action_has_words_and_hidden_ones_name_nothing() -> None:
    ends = set()
    for state, rng in _random_games(8):
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in legal:
                key, _ = action_phrase(state, action)
                assert key != "unknown" and state.action_to_string(action)
                if state.phase in (PH_DECLARE, PH_WEAPONS):
                    seen = state.observed_action(1 - state.player, action)
                    assert (seen, key) in ((HIDDEN_DECLARE, "declare_hidden"), (UNSEEN, "unseen"))
                if state.phase == PH_COMMIT and key != "ready":
                    assert state.observed_action(1 - state.player, action) == UNSEEN
                    assert key == "unseen"
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal)
            state.apply_action(action)
        ends.add(state.end_reason)
        assert state.winner in (-1, 0, 1)
    assert ends <= {"vp", "overrun", "turn_limit"}


def test_unit_copy_copies_every_field() -> None:
    from game.engines.frontline.units import Unit

    unit = Unit(3, 1, 40, 1, 7)
    for value, name in enumerate(Unit.__slots__, start=100):
        setattr(unit, name, value)
    copy = unit.copy()
    assert all(getattr(copy, name) == getattr(unit, name) for name in Unit.__slots__)
