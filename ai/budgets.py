"""What each level may spend on a move (DESIGN.md, "AI": each level is a named budget).

The defaults below fit Flat Front: DESIGN.md's levels are time budgets. A game whose moves need
other numbers overrides some levels with a ``budgets`` class attribute on its heuristic
(``ai/heuristics/<game>.py``); ``ai.agents.budget_for`` looks there first.

Each searching budget also caps the iterations. Untimed play (tournaments, tests) drops the
clock and searches the cap per turn, so that it is reproducible from its seeds. Timed play (a
match) thinks on the clock: ``SearchAgent`` searches the turn in chunks and the cap bounds each
chunk, not the turn, so where iterations are cheaper than the cap assumes a timed level searches
more than its untimed self. Battle Line's Hard clock gives several times its cap (measured
2026-11-25: timed Hard 5,643 iterations against 3,000 before its choice was clear), so README
measures Hard on its clock too; its Normal clock is set to about its cap (a second gave 2,283
iterations against 300, and Normal then played as strongly as Hard). A root-parallel search
(``ai/worker.py``) gives each of its processes the level's clock; untimed, it shares the cap out
among them, and a check its rollouts.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("easy", "normal", "hard")
# UCB exploration constant for returns in [-1, 1] (the PUCT constant with a prior): the default
# of every budget and of ``ai.mcts.MCTS``.
EXPLORATION = 1.0


@dataclass(frozen=True)
class Budget:
    """What one level may spend on a move."""

    search: bool  # False: play the heuristic policy directly
    seconds: float | None = None  # the whole turn's clock (a search's, or a check's)
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
