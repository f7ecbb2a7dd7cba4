"""Computer players: the levels a player picks, each a named budget (DESIGN.md, "AI").

An agent is handed a state that the match controller has already determinized for the agent's
seat (``state.determinize(player, rng)``), so it cannot peek at hidden information.

Levels:
- easy: the game's heuristic policy, with a share of uniformly random moves;
- normal: MCTS for about a second, uniformly random rollouts;
- hard: MCTS for about three seconds, rollouts driven by the heuristic policy.

The budgets live in ``ai/budgets.py`` (defaults) and on each game's heuristic (its
``budgets`` overrides); ``budget_for`` picks the right one. Measured in Flat Front: Hard beats
Normal and Normal beats Easy by the margins that ``python -m bench --strength`` reports. Every
level, Easy included, plays the heuristic's automatic moves (``auto_action``, e.g. Battle
Line's claims of provable flags) without thinking.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ai.budgets import BUDGETS, LEVELS, Budget
from ai.heuristics import HEURISTICS, Heuristic
from ai.mcts import MCTS, SearchResult
from game.engines import CHANCE, GAMES, State

__all__ = [
    "BUDGETS",
    "LEVELS",
    "Agent",
    "Budget",
    "PolicyAgent",
    "SearchAgent",
    "agent_for",
    "budget_for",
    "hint",
    "make_agent",
    "obvious_move",
    "play_out",
]


def budget_for(game_id: str, level: str) -> Budget:
    """The budget of ``level`` (one of LEVELS, or "hint") in game ``game_id``: the game's
    heuristic's own, else the default."""
    if level not in BUDGETS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(BUDGETS)}")
    heuristic = HEURISTICS.get(game_id)
    own = {} if heuristic is None else heuristic.budgets
    return own.get(level, BUDGETS[level])


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


def obvious_move(heuristic: Heuristic[Any] | None, state: State) -> int | None:
    """The only legal move, or the heuristic's automatic move: nothing to think about."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return None if heuristic is None else heuristic.auto_action(state)


class PolicyAgent:
    """Plays the heuristic policy, or a uniformly random move ``randomness`` of the time."""

    def __init__(self, heuristic: Heuristic[Any] | None, randomness: float, seed: int) -> None:
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
        self, heuristic: Heuristic[Any] | None, budget: Budget, seed: int, *, timed: bool = True
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
    return agent_for(game_id, budget_for(game_id, level), seed, timed=timed)


def agent_for(game_id: str, budget: Budget, seed: int, *, timed: bool = True) -> Agent:
    """The agent that plays ``game_id`` on ``budget`` (a level's, or one made for a bench)."""
    heuristic = HEURISTICS.get(game_id)
    if not budget.search:
        return PolicyAgent(heuristic, budget.randomness, seed)
    return SearchAgent(heuristic, budget, seed, timed=timed)


def hint(state: State, seed: int) -> int:
    """A suggested move for the player to move: the same search on the hint budget.

    Like an agent, give it the position as that player may see it (a determinization).
    """
    return make_agent(state.game.id, "hint", seed).choose(state)
