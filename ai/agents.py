"""Computer players: the levels a player picks, each a named budget (DESIGN.md, "AI").

An agent is handed a state that the match controller has already determinized for the agent's
seat (``state.determinize(player, rng)``), so it cannot peek at hidden information.

Levels:
- easy: the game's heuristic policy, with a share of uniformly random moves;
- normal: MCTS for about a second, uniformly random rollouts;
- hard: MCTS for about three seconds, rollouts driven by the heuristic policy.

Each searching budget also caps the iterations. ``timed=False`` drops the clock so that
tournaments and tests are reproducible from their seeds; the caps are about what the clock
allows on a two-core laptop, so untimed play is about as strong as timed play, and the cap ends
searches early where iterations are cheap (Flat Front's combat, solved exactly by the heuristic's
evaluation, takes a fraction of a second). Measured in Flat Front: Hard beats Normal and Normal
beats Easy by the margins that ``python -m bench --strength`` reports.

A game whose moves need other budgets has its own table in ``GAME_BUDGETS``; ``budget_for``
picks the right one. Every level, Easy included, plays the heuristic's automatic moves
(``auto_action``, e.g. Battle Line's claims of provable flags) without thinking.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ai.heuristics import HEURISTICS, Heuristic
from ai.mcts import EXPLORATION, MCTS, SearchResult
from game.engines import CHANCE, GAMES, State

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Budget:
    """What one level may spend on a move."""

    search: bool  # False: play the heuristic policy directly
    seconds: float | None = None  # wall-clock limit of a search
    iterations: int = 0  # cap on search iterations; the whole budget when untimed
    heuristic_rollouts: bool = False  # rollouts follow the policy instead of random moves
    randomness: float = 0.0  # share of uniformly random moves (policy play only)
    rollout_depth: int | None = None  # decisions per rollout before the heuristic's estimate
    exploration: float = EXPLORATION  # UCB constant


BUDGETS: dict[str, Budget] = {
    "easy": Budget(search=False, randomness=0.25),
    "normal": Budget(search=True, seconds=1.0, iterations=4000),
    "hard": Budget(search=True, seconds=3.0, iterations=9000, heuristic_rollouts=True),
    # Hints: the Hard search on a short clock.
    "hint": Budget(search=True, seconds=0.5, iterations=1000, heuristic_rollouts=True),
}

# Games whose levels need their own budgets.
GAME_BUDGETS: dict[str, dict[str, Budget]] = {
    # Battle Line: about 50 searched decisions per player and game (a card, then its flag; claims
    # and the deck are the heuristic's automatic moves), and a rollout to the end costs ~2 ms. So
    # the levels search on rollouts cut off by the heuristic's estimate, on iteration caps that a
    # laptop meets in a fraction of the clock (the clock stays as a guarantee). Normal: random
    # moves for two decisions, then the estimate; Hard: the estimate at once, sixteen times the
    # iterations, and a smaller exploration constant (the estimate's values lie close together).
    # Measured (200 seat-swapped games each): with 400 iterations Hard beat Easy only 82.0% and
    # Normal 68.5%; with 1,600 it beats Easy 93.0% at about 0.2 s a decision (see bench/).
    "battleline": {
        "normal": Budget(search=True, seconds=1.0, iterations=100, rollout_depth=2),
        "hard": Budget(search=True, seconds=3.0, iterations=1600, rollout_depth=0, exploration=0.4),
        "hint": Budget(search=True, seconds=0.5, iterations=200, rollout_depth=0, exploration=0.4),
    },
    # Tsuno Senki: a game is ~40 decisions and ~250 dice; a rollout to the end with the policy
    # costs ~0.5 ms, one stopped at the heuristic's estimate after the next roll ~0.07 ms and
    # tells more per millisecond (the estimate is a fitted win chance). So the levels search on
    # estimate leaves. Measured (bench/tsuno_strength.py, 500 seeded solitaire games a row):
    # 200 iterations win 71.2% on Intermediate and 33.8% on Advanced (the rules file's crude
    # greedy policy 50.6% and 19.2%); 400 iterations won only 30.8% on Advanced, so Hard stays
    # at the measured 200 (more iterations deepen only the dice-free branches of a tree keyed
    # by dice, which seems to favour them). On 150 Intermediate games, 100 iterations of full
    # policy rollouts won 67% at five times the cost of 200 estimate-leaf iterations (71%).
    "tsuno": {
        "normal": Budget(search=True, seconds=1.0, iterations=50, rollout_depth=0, exploration=0.5),
        "hard": Budget(search=True, seconds=3.0, iterations=200, rollout_depth=0, exploration=0.5),
        "hint": Budget(search=True, seconds=0.5, iterations=200, rollout_depth=0, exploration=0.5),
    },
}


def budget_for(game_id: str, level: str) -> Budget:
    """The budget of ``level`` (one of LEVELS, or "hint") in game ``game_id``."""
    if level not in BUDGETS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(BUDGETS)}")
    return GAME_BUDGETS.get(game_id, {}).get(level, BUDGETS[level])


class Agent(Protocol):
    def choose(self, state: State) -> int:
        """The move for the player to move in ``state`` (a decision node)."""

    def reseed(self, seed: int) -> None:
        """Continue with a fresh random stream, keeping what was learnt (a search tree)."""


def play_out(state: State, agents: Sequence[Agent], rng: random.Random) -> list[float]:
    """Play ``state`` to the end and return the returns: chance outcomes drawn from ``rng``, and
    each agent, like in a match, sees only a determinization for its seat. The state is changed
    by checked ``apply_action``, so an agent's illegal move raises."""
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = agents[player].choose(state.determinize(player, rng))
        state.apply_action(action)
    return state.returns()


def obvious_move(heuristic: Heuristic | None, state: State) -> int | None:
    """The only legal move, or the heuristic's automatic move: nothing to think about."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return None if heuristic is None else heuristic.auto_action(state)


class PolicyAgent:
    """Plays the heuristic policy, or a uniformly random move ``randomness`` of the time."""

    def __init__(self, heuristic: Heuristic | None, randomness: float, seed: int) -> None:
        self.heuristic = heuristic
        self.randomness = randomness
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def choose(self, state: State) -> int:
        obvious = obvious_move(self.heuristic, state)
        if obvious is not None:
            return obvious
        if self.heuristic is None or self.rng.random() < self.randomness:
            return self.rng.choice(state.legal_actions())
        return self.heuristic.policy(state, self.rng)


class SearchAgent:
    """MCTS within a budget. Keeps its searcher, so a tree carries over where the game allows."""

    def __init__(
        self, heuristic: Heuristic | None, budget: Budget, seed: int, *, timed: bool = True
    ) -> None:
        self.heuristic = heuristic
        self.seconds = budget.seconds if timed else None
        self.iterations = budget.iterations
        self.mcts = MCTS(
            heuristic,
            seed=seed,
            heuristic_rollouts=budget.heuristic_rollouts,
            exploration=budget.exploration,
            rollout_depth=budget.rollout_depth,
        )

    def reseed(self, seed: int) -> None:
        self.mcts.rng.seed(seed)

    def analyse(self, state: State) -> SearchResult:
        """The full search result: visit counts and values of every move (hints, move log)."""
        return self.mcts.search(state, seconds=self.seconds, iterations=self.iterations)

    def choose(self, state: State) -> int:
        obvious = obvious_move(self.heuristic, state)
        if obvious is not None:
            return obvious
        return self.analyse(state).action


def make_agent(game_id: str, level: str, seed: int, *, timed: bool = True) -> Agent:
    """The agent for ``level`` (one of LEVELS, or "hint") in game ``game_id``."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}")
    budget = budget_for(game_id, level)
    heuristic = HEURISTICS.get(game_id)
    if not budget.search:
        return PolicyAgent(heuristic, budget.randomness, seed)
    return SearchAgent(heuristic, budget, seed, timed=timed)


def hint(state: State, seed: int) -> int:
    """A suggested move for the player to move: the same search on the hint budget.

    Like an agent, give it the position as that player may see it (a determinization).
    """
    return make_agent(state.game.id, "hint", seed).choose(state)
