"""The AI's chance estimates for the screens: "what is my chance once I play this", the why of a
hint (Tsuno Senki's "chance to hold the castle"). The match scene lends it to the board through
``BoardContext.chance_after``; boards never import the AI."""

from __future__ import annotations

from ai.heuristics import HEURISTICS
from game.engines.base import State


def chance_after(game_id: str, state: State, action: int) -> float | None:
    """The estimated chance that the player to move in ``state`` wins once ``action`` (legal)
    is played: 0 or 1 where that ends the game, else the game's heuristic estimate (after an
    attack in Tsuno, its exact expectation over the roll it starts); None for a game whose AI
    has no estimate."""
    heuristic = HEURISTICS.get(game_id)
    if heuristic is None or not heuristic.has_estimate:
        return None
    seat = state.current_player()
    after = state.clone()
    after.apply_action(action)
    if after.is_terminal():
        return 1.0 if after.returns()[seat] > 0 else 0.0
    return (heuristic.estimate(after)[seat] + 1.0) / 2.0
