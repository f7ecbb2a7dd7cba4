"""What each level may spend on a move (DESIGN.md, "AI": each level is a named budget).

The defaults below fit Flat Front: DESIGN.md's levels are time budgets. A game whose moves need
other numbers overrides some levels with a ``budgets`` class attribute on its heuristic
(``ai/heuristics/<game>.py``); ``ai.agents.budget_for`` looks there first.

Each searching budget also caps the iterations. Untimed play (tournaments, tests) drops the
clock so that it is reproducible from its seeds; the caps are about what the clock allows on a
two-core laptop, so untimed play is about as strong as timed play, and the cap ends searches
early where iterations are cheap. A root-parallel search (``ai/worker.py``) shares the cap out
among its processes, each with the level's clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.mcts import EXPLORATION

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Budget:
    """What one level may spend on a move."""

    search: bool  # False: play the heuristic policy directly
    seconds: float | None = None  # wall-clock limit of a search (or the worker's allowance)
    iterations: int = 0  # cap on search iterations; the whole budget when untimed
    heuristic_rollouts: bool = False  # rollouts follow the policy instead of random moves
    randomness: float = 0.0  # share of uniformly random moves (policy play only)
    rollout_depth: int | None = None  # decisions per rollout before the heuristic's estimate
    exploration: float = EXPLORATION  # UCB constant (PUCT constant where the game has a prior)
    checks: int = 0  # policy play: rollouts per candidate at the heuristic's checked decisions
    novice: bool = False  # policy play: the heuristic's novice_policy (a rules-given Easy player)


# The levels and the hint, for any game that does not override them.
BUDGETS: dict[str, Budget] = {
    "easy": Budget(search=False, randomness=0.25),
    "normal": Budget(search=True, seconds=1.0, iterations=4000),
    "hard": Budget(search=True, seconds=3.0, iterations=9000, heuristic_rollouts=True),
    # Hints: the Hard search on a short clock.
    "hint": Budget(search=True, seconds=0.5, iterations=1000, heuristic_rollouts=True),
}
