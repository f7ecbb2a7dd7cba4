"""What a per-game heuristic gives the search, the levels and the hints (DESIGN.md, "AI").

To give a game its AI, write ``ai/heuristics/<game id>.py`` with exactly one subclass of
:class:`Heuristic` (parametrised by the game's state class, so mypy checks the hooks), e.g.::

    class TsunoHeuristic(Heuristic[TsunoState]):
        open_loop_chance = True  # dice: sample them without keying the tree by their faces
        budgets: ClassVar[dict[str, Budget]] = {
            "hard": Budget(search=True, seconds=3.0, iterations=3000, rollout_depth=4),
        }

        def policy(self, state: TsunoState, rng: random.Random) -> int: ...
        def estimate(self, state: TsunoState) -> list[float]: ...

``ai/heuristics/__init__.py`` finds it by that convention (no table to edit) and the agents
take the levels' budgets from it. Override what the game can do well; every other method keeps
its neutral default, so the search calls each hook unconditionally and never asks ``getattr``
whether a game happens to have it. ``policy`` is the only method every game must give. How the
search uses each hook is told in ``ai/mcts.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from ai.budgets import Budget
from ai.checked import Checked
from game.engines.base import State

S = TypeVar("S", bound=State)


class Heuristic(Generic[S]):
    # Levels whose budgets differ from ai.budgets.BUDGETS for this game (by level name).
    budgets: ClassVar[Mapping[str, Budget]] = {}
    # Sample chance without keying the search tree by outcome (open loop): for dice-heavy games.
    open_loop_chance: ClassVar[bool] = False

    @property
    def has_estimate(self) -> bool:
        """Whether this game gives an ``estimate`` (a level with a rollout depth needs one)."""
        return type(self).estimate is not Heuristic.estimate

    @property
    def has_prior(self) -> bool:
        """Whether this game gives a ``prior`` (the search then selects by PUCT)."""
        return type(self).prior is not Heuristic.prior

    @property
    def has_resample(self) -> bool:
        """Whether this game gives its own ``resample`` of hidden information."""
        return type(self).resample is not Heuristic.resample

    def policy(self, state: S, rng: random.Random) -> int:
        """A fast, reasonable action for the player to move (never called at chance/terminal).

        Drives rollouts and the Easy level, so it must cost about as much as legal_actions().
        """
        raise NotImplementedError

    def novice_policy(self, state: S, rng: random.Random) -> int:
        """The beginner a game's rules describe for their Easy level (Frontline §12.8), played
        by a budget with ``novice``; the policy itself where the rules describe none."""
        return self.policy(state, rng)

    def checked_policy(
        self,
        state: S,
        rng: random.Random,
        rollouts: int,
        memo: dict[str, Any],
        seconds: float | None = None,
    ) -> int | Checked:
        """The policy's move, checked by simulation where the game has such a check (Frontline's
        §12.8 Hard: ``rollouts`` Monte-Carlo rollouts of each of its top plans): there the
        check's statistics (``Checked``, its ``action`` the move), elsewhere the move. With
        ``seconds`` (the decision's share of the turn clock) a check stops when it runs out.
        ``memo`` is the agent's own, to carry a plan chosen at one decision to the turn's next
        ones."""
        return self.policy(state, rng)

    def adopt(self, memo: dict[str, Any], best: int) -> None:
        """Follow candidate ``best`` of the last check instead of this process's own choice:
        the choice of a root-parallel check, its processes' statistics added up
        (``ai/worker.py``), so that the turn's later decisions follow the move played."""

    def evaluate(self, state: S) -> list[float] | None:
        """Exact (or as good as exact) returns, one per player in [-1, 1], or None to keep
        rolling out. Called at every rollout step: return None cheaply when there is nothing
        to say."""
        return None

    def estimate(self, state: S) -> list[float]:
        """Graded returns for any non-terminal state. A level with a rollout depth stops its
        rollouts after that many decisions and backs this up instead of playing on (in Battle
        Line a random rollout from mid-game costs ~1.9 ms, the estimate ~0.09 ms)."""
        raise NotImplementedError(f"{type(self).__name__} has no estimate")

    def auto_action(self, state: S) -> int | None:
        """A move that needs no thought (Battle Line: claim a provable flag), or None. The agents
        play it at once and the search plays it in tree and rollouts alike, never as a branch."""
        return None

    def prior(self, state: S, actions: list[int]) -> list[float] | None:
        """Prior weights (non-negative, any scale) for ``actions`` at a decision node, in the same
        order, or None for no preference. With many moves (Flink's placements) the search
        selects by PUCT and spends its visits where the heuristic points. Asked once per tree
        node, so it may cost more than ``policy``."""
        return None

    def resample(self, state: S, observer: int, rng: random.Random) -> S | None:
        """A determinization of ``state`` for ``observer`` drawn from this heuristic's opponent
        model, or None for ``state.determinize(observer, rng)``. For an opponent's hidden pending
        decision (DESIGN.md, "Simultaneous decisions") the engine samples it uniformly; a model
        may bias that. Fill in only what ``observer`` cannot see; the search asks once per
        iteration."""
        return None
