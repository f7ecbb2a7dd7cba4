"""Computer players: the levels a player picks, each a named budget (DESIGN.md, "AI").

An agent is handed a state that the match controller has already determinized for the agent's
seat (``state.determinize(player, rng)``), so it cannot peek at hidden information.

Levels:
- easy: the game's heuristic policy, with a share of uniformly random moves;
- normal: MCTS for about a second a turn, uniformly random rollouts;
- hard: MCTS for about three seconds a turn, rollouts driven by the heuristic policy (where a
  game's own budget says so, the policy checked by rollouts instead: Frontline, rules §12.8).

A budget is one clock for a whole turn (all the decisions a player makes in a row), and a
search answers sooner when its choice is clear (``SearchAgent``). Each searching budget also
caps the iterations. ``timed=False`` drops the clock so that tournaments and tests are
reproducible from their seeds; the caps are about what the clock allows on a two-core laptop, so
untimed play is about as strong as timed play.

The budgets live in ``ai/budgets.py`` (defaults) and on each game's heuristic (its
``budgets`` overrides); ``budget_for`` picks the right one. Every level, Easy included, plays
the heuristic's automatic moves (``auto_action``, e.g. Battle Line's claims of provable flags)
without thinking.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from typing import Any, Protocol

from ai.budgets import BUDGETS, LEVELS, Budget
from ai.checked import Checked
from ai.heuristics import HEURISTICS, Heuristic
from ai.mcts import MCTS, SearchResult
from ai.turn_clock import TurnClock
from game.engines import CHANCE, GAMES, State

__all__ = [
    "BUDGETS",
    "LEVELS",
    "Agent",
    "Budget",
    "Decision",
    "PolicyAgent",
    "SearchAgent",
    "action_of",
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


Decision = int | SearchResult | Checked
"""What an agent decides: a move, a search's statistics or a check's (``action_of``: the move).
The statistics add up over root-parallel processes (``ai/worker.py``)."""


def action_of(decision: Decision) -> int:
    return decision if isinstance(decision, int) else decision.action


class PolicyAgent:
    """Plays the heuristic policy, or a uniformly random move ``randomness`` of the time; with
    ``checks``, the policy checked by that many rollouts per candidate where the game checks
    (``Heuristic.checked_policy``), within ``seconds`` a turn when given (the whole-turn clock,
    as a search keeps it); with ``novice``, the game's rules-given beginner
    (``Heuristic.novice_policy``)."""

    def __init__(
        self,
        heuristic: Heuristic[Any] | None,
        randomness: float,
        seed: int,
        checks: int = 0,
        novice: bool = False,
        *,
        seconds: float | None = None,
    ) -> None:
        self.heuristic = heuristic
        self.randomness = randomness
        self.rng = random.Random(seed)
        self.checks = checks
        self.novice = novice
        self.memo: dict[str, Any] = {}
        self.clock = None if seconds is None else TurnClock(seconds)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def choose(self, state: State) -> int:
        return action_of(self.decide(state))

    def decide(self, state: State, waited: float = 0.0) -> int | Checked:
        """The move, or a check's statistics. ``waited``: seconds since the move was asked (the
        worker's time to hand the position over), spent from the turn's clock."""
        if self.clock is None:
            return self._decide(state, None)
        allotted = self.clock.allot(state)
        allotted -= self.clock.gone(waited)
        start = time.perf_counter()
        decision = self._decide(state, allotted)
        self.clock.spend(time.perf_counter() - start)
        self.clock.end()
        return decision

    def _decide(self, state: State, seconds: float | None) -> int | Checked:
        obvious = obvious_move(self.heuristic, state)
        if obvious is not None:
            return obvious
        if self.heuristic is None or self.rng.random() < self.randomness:
            return self.rng.choice(state.legal_actions())
        if self.checks:
            return self.heuristic.checked_policy(state, self.rng, self.checks, self.memo, seconds)
        if self.novice:
            return self.heuristic.novice_policy(state, self.rng)
        return self.heuristic.policy(state, self.rng)

    def adopt(self, best: int) -> None:
        """Follow candidate ``best`` of the last check (its processes' statistics added up)."""
        if self.heuristic is not None:
            self.heuristic.adopt(self.memo, best)


class SearchAgent:
    """MCTS within a budget. Keeps its searcher, so a tree carries over where the game allows.

    The budget (seconds, or iterations when untimed) is one clock for a whole turn
    (``ai.turn_clock.TurnClock``: Flat Front's tile and then its pieces, Battle Line's card and
    then its flag); the later decisions continue the first one's tree; a first decision whose
    move ends the turn (a Flat Front attack) thinks on with the rest. Within its share a search
    stops early once its choice is clear: when the most visited move can no longer be
    overtaken in what is left, or when, past ``SETTLE_SHARE`` of the share, it holds
    ``DOMINANT`` of the visits. The app's worker runs this same agent in each of its processes
    (``decide``), so a level plays the same in process and in the app.
    """

    SETTLE_SHARE = 0.25
    DOMINANT = 0.8
    CHUNKS = 20  # a search checks whether its choice is clear this many times

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
        self.clock = TurnClock(self.iterations if self.seconds is None else self.seconds)

    def reseed(self, seed: int) -> None:
        self.mcts.rng.seed(seed)

    def analyse(self, state: State) -> SearchResult:
        """One search of the whole budget, off the turn clock: visit counts and values of every
        move (tests, analyses)."""
        return self.mcts.search(state, seconds=self.seconds, iterations=self.iterations)

    def choose(self, state: State) -> int:
        return action_of(self.decide(state))

    def decide(self, state: State, waited: float = 0.0) -> int | SearchResult:
        """The obvious move, or the search's result on this decision's share of the turn clock.
        ``waited``: seconds since the move was asked (the worker's time to hand the position
        over), spent from the turn's clock in timed play."""
        allotted = self.clock.allot(state)
        if self.seconds is not None:
            allotted -= self.clock.gone(waited)
        obvious = obvious_move(self.heuristic, state)
        if obvious is not None:
            self.clock.end()
            return obvious
        result, clear = self._search(state, allotted)
        self.clock.spend(self._used(result))
        left = self.clock.left
        if not clear and left > 0 and self._ends_turn(state, result.action):
            # The share kept for the turn's later decisions is not needed: think on.
            more, _clear = self._search(state, left)
            self.clock.spend(self._used(more))
            result = dataclasses.replace(
                more,
                iterations=result.iterations + more.iterations,
                seconds=result.seconds + more.seconds,
            )
        self.clock.end()
        return result

    def _used(self, result: SearchResult) -> float:
        """What a search spent of the clock: seconds, or iterations when untimed."""
        return result.iterations if self.seconds is None else result.seconds

    @staticmethod
    def _ends_turn(state: State, action: int) -> bool:
        """Whether ``action`` hands the move to someone else (or chance, or the end)."""
        after = state.clone()
        after.apply_unchecked(action)
        return after.current_player() != state.current_player()

    def _search(self, state: State, allotted: float) -> tuple[SearchResult, bool]:
        """Search in chunks of ``allotted / CHUNKS`` (the tree carries over between chunks;
        on the clock the last one only what is left) until the allotment is spent or the choice
        is clear; returns the result and whether the choice was clear."""
        timed = self.seconds is not None
        chunk = allotted / self.CHUNKS
        iterations = 0
        left = allotted
        start = time.perf_counter()
        while True:
            if timed:
                seconds = min(chunk, left)
                result = self.mcts.search(state, seconds=seconds, iterations=self.iterations)
            else:
                result = self.mcts.search(state, iterations=max(1, round(chunk)))
            iterations += result.iterations
            spent = time.perf_counter() - start if timed else iterations
            left = allotted - spent
            clear = left > 0 and self._clear(result, spent / allotted, left * iterations / spent)
            if left <= 0 or clear:
                whole = dataclasses.replace(
                    result, iterations=iterations, seconds=time.perf_counter() - start
                )
                return whole, clear

    def _clear(self, result: SearchResult, used: float, iterations_left: float) -> bool:
        visits = sorted(result.visits.values(), reverse=True)
        if len(visits) < 2:
            return False
        if visits[0] - visits[1] > iterations_left:
            return True
        return used >= self.SETTLE_SHARE and visits[0] >= self.DOMINANT * sum(visits)


def make_agent(game_id: str, level: str, seed: int, *, timed: bool = True) -> Agent:
    """The agent for ``level`` (one of LEVELS, or "hint") in game ``game_id``."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}")
    return agent_for(game_id, budget_for(game_id, level), seed, timed=timed)


def agent_for(
    game_id: str, budget: Budget, seed: int, *, timed: bool = True
) -> PolicyAgent | SearchAgent:
    """The agent that plays ``game_id`` on ``budget`` (a level's, or one made for a bench).
    Untimed, a check runs all its rollouts (reproducible from the seed)."""
    heuristic = HEURISTICS.get(game_id)
    if not budget.search:
        seconds = budget.seconds if timed and budget.checks else None
        return PolicyAgent(
            heuristic, budget.randomness, seed, budget.checks, budget.novice, seconds=seconds
        )
    return SearchAgent(heuristic, budget, seed, timed=timed)


def hint(state: State, seed: int) -> int:
    """A suggested move for the player to move: the same search on the hint budget.

    Like an agent, give it the position as that player may see it (a determinization).
    """
    return make_agent(state.game.id, "hint", seed).choose(state)
