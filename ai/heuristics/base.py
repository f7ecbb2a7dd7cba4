"""What a per-game heuristic gives the search, the Easy level and the hints (DESIGN.md, "AI").

A game's heuristic subclasses :class:`Heuristic` and overrides what it can do well; every other
method keeps its neutral default, so the search calls each hook unconditionally and never asks
``getattr`` whether a game happens to have it. ``policy`` is the only method every game must give.
"""

from __future__ import annotations

import random

from game.engines.base import State


class Heuristic:
    @property
    def has_estimate(self) -> bool:
        """Whether this game gives an ``estimate`` (a level with a rollout depth needs one)."""
        return type(self).estimate is not Heuristic.estimate

    def policy(self, state: State, rng: random.Random) -> int:
        """A fast, reasonable action for the player to move (never called at chance/terminal).

        Drives rollouts and the Easy level, so it must cost about as much as legal_actions().
        """
        raise NotImplementedError

    def evaluate(self, state: State) -> list[float] | None:
        """Exact (or as good as exact) returns, one per player in [-1, 1], or None to keep
        rolling out. Called at every rollout step: return None cheaply when there is nothing
        to say."""
        return None

    def estimate(self, state: State) -> list[float]:
        """Graded returns for any non-terminal state. A level with a rollout depth stops its
        rollouts after that many decisions and backs this up instead of playing on (in Battle
        Line a random rollout from mid-game costs ~1.9 ms, the estimate ~0.09 ms)."""
        raise NotImplementedError(f"{type(self).__name__} has no estimate")

    def auto_action(self, state: State) -> int | None:
        """A move that needs no thought (Battle Line: claim a provable flag), or None. The agents
        play it at once and the search plays it in tree and rollouts alike, never as a branch."""
        return None

    def prior(self, state: State, actions: list[int]) -> list[float] | None:
        """Prior weights (non-negative, any scale) for ``actions`` at a decision node, in the same
        order, or None for no preference. With many moves (Flink's placements) the search tries
        moves in this order and spends its visits where the heuristic points."""
        return None
