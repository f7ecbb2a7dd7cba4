"""What a per-game heuristic provides to the search and to the Easy level."""

from __future__ import annotations

import random
from typing import Protocol

from game.engines.base import State


class Heuristic(Protocol):
    def policy(self, state: State, rng: random.Random) -> int:
        """A fast, reasonable action for the player to move (never called at chance/terminal).

        Drives rollouts and the Easy level, so it must cost about as much as legal_actions().
        """

    def evaluate(self, state: State) -> list[float] | None:
        """Estimated returns (one per player, in [-1, 1]) or None to keep rolling out.

        Called at every rollout step: return None cheaply when there is nothing to say.
        """
