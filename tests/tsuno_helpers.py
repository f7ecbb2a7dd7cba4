"""Positions for the Tsuno Senki rule tests: a fresh state put straight at an area's action."""

from __future__ import annotations

from game.engines import GAMES
from game.engines.tsuno import TsunoState
from game.engines.tsuno import actions as act
from game.engines.tsuno.state import ACT


def acting(
    area: int, num_players: int = 1, morale: int | None = None, **options: str
) -> TsunoState:
    """A new game at ``area``'s action on day 1, before any chip has appeared; ``morale``
    overrides every unit's starting morale (so a test does not hang on the difficulty table)."""
    state = GAMES["tsuno"].new_state(num_players, **options)
    assert isinstance(state, TsunoState)
    if morale is not None:
        state.morale = [morale] * 6
    state.phase = ACT
    state.area = area
    return state


def roll(state: TsunoState, *faces: int) -> None:
    """Land dice showing ``faces`` (checked actions, as a player's client would send)."""
    for face in faces:
        state.apply_action(act.face_action(face))
