"""Flat Front refuses actions that are not action numbers, in words, and changes nothing."""

from __future__ import annotations

import pytest

from game.engines import GAMES, IllegalActionError


@pytest.mark.parametrize("action", [3.0, "3", None, [3], -1, 10**9])
def test_flat_front_refuses_what_is_not_an_action_number(action) -> None:
    state = GAMES["flatfront"].new_state()
    legal = state.legal_actions()
    assert state.illegal_reason(action) == f"{action!r} is not a Flat Front action"
    with pytest.raises(IllegalActionError, match="is not a Flat Front action"):
        state.apply_action(action)
    assert state.history == [] and state.legal_actions() == legal
