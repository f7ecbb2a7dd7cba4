"""The turn clock every thinking player keeps: a turn's decisions share one clock."""

from __future__ import annotations

import time

import pytest

from ai.turn_clock import TurnClock
from game.engines import GAMES


def _first_turn():
    state = GAMES["battleline"].new_state()
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_a_turns_decisions_share_the_clock_and_a_new_turn_starts_afresh() -> None:
    state = _first_turn()
    clock = TurnClock(2.0)
    assert clock.allot(state) == pytest.approx(TurnClock.FIRST_SHARE * 2.0)
    assert not clock.continuing
    clock.spend(1.0)
    state.apply_action(state.legal_actions()[0])  # the card: the flag is the same turn
    assert clock.allot(state) == pytest.approx(1.0)  # what the card left
    assert clock.continuing
    clock.spend(1.5)
    assert clock.left == pytest.approx(-0.5)
    while state.current_player() != 1:  # the flag, the draw: then the other player's turn
        state.apply_action(state.legal_actions()[0])
    assert clock.allot(state) == pytest.approx(TurnClock.FIRST_SHARE * 2.0)
    assert not clock.continuing and clock.spent == 0.0


def test_a_decision_after_an_overrun_still_gets_the_floor() -> None:
    state = _first_turn()
    clock = TurnClock(1.0)
    clock.allot(state)
    clock.spend(5.0)
    state.apply_action(state.legal_actions()[0])
    assert clock.allot(state) == pytest.approx(TurnClock.FLOOR_SHARE)


def test_a_wall_clock_spends_the_wait_and_the_hand_over_between_a_turns_decisions() -> None:
    """In the app the time to hand a position to the worker, and between a card's answer and
    the flag's question, pass on the turn's clock too: a whole turn keeps it."""
    state = _first_turn()
    clock = TurnClock(2.0)
    clock.allot(state)
    assert clock.gone(0.25) == 0.25  # asked a quarter second ago
    clock.spend(0.5)
    clock.end()
    time.sleep(0.1)  # the card's answer travels back, is played, the flag is asked
    state.apply_action(state.legal_actions()[0])
    assert clock.allot(state) == pytest.approx(1.25)
    gone = clock.gone(0.02)
    assert gone >= 0.1 and clock.spent == pytest.approx(0.75 + gone)
