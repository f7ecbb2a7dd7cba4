"""Flat Front refuses actions that are not action numbers, in words, and changes nothing.

The type check lives in the engine base (``is_action``) since refusals became phrases; Flat Front
words the numbers it does not know itself."""

from __future__ import annotations

import pytest

from game.engines import GAMES, IllegalActionError


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (3.0, "is not an action number"),
        ("3", "is not an action number"),
        (None, "is not an action number"),
        ([3], "is not an action number"),
        (True, "is not an action number"),
        (-1, "is not a Flat Front action"),
        (10**9, "is not a Flat Front action"),
    ],
)
def test_flat_front_refuses_what_is_not_an_action_number(action, words: str) -> None:
    state = GAMES["flatfront"].new_state()
    legal = state.legal_actions()
    assert str(state.refusal(action)) == f"{action!r} {words}"
    with pytest.raises(IllegalActionError, match=words):
        state.apply_action(action)
    assert state.history == [] and state.legal_actions() == legal
