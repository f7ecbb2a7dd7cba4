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


# Two more methods are optional (looked up with getattr, so a game adds them only when it needs
# them; a Protocol cannot mark a method optional):
#
#   auto_action(state) -> int | None
#       A move that needs no thought (Battle Line: claim a provable flag). The agents play it at
#       once and the search plays it inside rollouts and tree moves alike, so no iterations are
#       spent on it.
#   estimate(state) -> list[float]
#       Graded returns for any non-terminal state. A level with a rollout depth stops its
#       rollouts after that many decisions and backs up this estimate instead of playing on:
#       in Battle Line a random rollout from mid-game costs ~1.9 ms, the estimate ~0.09 ms.
