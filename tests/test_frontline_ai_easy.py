"""Frontline's Easy level as §12.8's table gives it (``ai/heuristics/frontline_novice``): random
prebuilt decks, targets, weapons and cards, every ready unit committed."""

from __future__ import annotations

import random

from ai.agents import PolicyAgent, make_agent
from ai.heuristics import HEURISTICS
from game.engines.frontline import FrontlineGame
from game.engines.frontline.actions import DONE, HOLD, WEAPONS, kind_of
from game.engines.frontline.phases import PH_BUILD, PH_COMMIT, PH_DECLARE, PH_WEAPONS, PH_WINDOW
from game.engines.frontline.state import FrontlineState
from tests.test_frontline_ai_search import _until

HEURISTIC = HEURISTICS["frontline"]


def _targets(state: FrontlineState) -> list[int]:
    return [a for a in state.legal_actions() if kind_of(a) == "unit"]


def test_easy_is_the_novice_policy_agent() -> None:
    agent = make_agent("frontline", "easy", 1)
    assert isinstance(agent, PolicyAgent) and agent.novice and agent.randomness == 0.0


def test_easy_fires_at_random_legal_targets_and_never_holds_with_one_in_reach() -> None:
    state = _until(3, lambda s: s.phase == PH_DECLARE and len(_targets(s)) >= 2)
    picks = {HEURISTIC.novice_policy(state, random.Random(seed)) for seed in range(40)}
    assert picks <= set(_targets(state)) and HOLD not in picks
    assert len(picks) >= 2, "more than one target chosen over 40 seeds"


def test_easy_fires_two_weapons_where_it_has_two() -> None:
    def two_or_more(state: FrontlineState) -> bool:
        masks = [a - WEAPONS for a in state.legal_actions() if kind_of(a) == "weapons"]
        return state.phase == PH_WEAPONS and max(masks, default=0).bit_count() >= 2

    state = _until(5, two_or_more)
    for seed in range(20):
        action = HEURISTIC.novice_policy(state, random.Random(seed))
        assert action in state.legal_actions() and (action - WEAPONS).bit_count() == 2


def test_easy_plays_a_command_card_about_half_the_times_it_may() -> None:
    def card_window(state: FrontlineState) -> bool:
        return state.phase == PH_WINDOW and any(
            kind_of(a) == "command" for a in state.legal_actions()
        )

    state = _until(2, card_window)
    moves = [HEURISTIC.novice_policy(state, random.Random(seed)) for seed in range(200)]
    played = sum(kind_of(a) == "command" for a in moves)
    assert 70 <= played <= 130
    assert all(a == DONE for a in moves if kind_of(a) != "command")


def test_easy_takes_a_random_prebuilt_deck_and_commits_every_ready_unit() -> None:
    state = FrontlineGame().new_state(decks="build")
    assert state.phase == PH_BUILD
    decks = {HEURISTIC.novice_policy(state, random.Random(seed)) for seed in range(30)}
    assert len(decks) >= 2 and all(kind_of(a) == "prebuilt" for a in decks)
    state = _until(4, lambda s: s.phase == PH_COMMIT)
    seat, committed = state.player, 0
    while True:
        ready = [a for a in state.legal_actions() if kind_of(a) in ("card", "rear")]
        action = HEURISTIC.novice_policy(state, random.Random(len(state.history)))
        if not ready:
            assert action == DONE
            break
        assert action in ready, "a ready unit stays in hand only when none is left"
        state.apply_action(action)
        committed += 1
        assert state.phase == PH_COMMIT and state.player == seat
    assert committed >= 2
