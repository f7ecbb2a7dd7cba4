"""A thin duck-typed adapter so OpenSpiel's Python ``MCTSBot`` and ``ISMCTSBot`` search our
engines.

Only what ``open_spiel.python.algorithms.mcts`` and ``.ismcts`` call is provided: on the game
``get_type()`` (reward model, dynamics, information), ``max_utility()``, ``num_players()``; on
the state the OpenSpiel State methods of the same names as ours, plus the ``player`` argument of
``legal_actions``, ``get_game()``, and for ISMCTS ``information_state_string()`` and
``resample_from_infostate()``. The bot draws actions as numpy integers, so they are turned back
into ints before they reach the engine, which checks every action as OpenSpiel's own
``apply_action`` does.

The information-state string of a player is their observation plus their own past actions: the
observation holds everything the player sees now, and their own moves (Scout's returns among
them) are what they remember having done. ``resample_from_infostate`` is ``determinize``, which
keeps both.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from types import SimpleNamespace

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator

from ai.turn_clock import TurnClock
from game.engines.base import Game, State

# The default exploration constant of OpenSpiel's examples (open_spiel/python/examples/mcts.py).
OPENSPIEL_UCT_C = 2.0


class OpenSpielGame:
    def __init__(self, game: Game, num_players: int) -> None:
        self._game = game
        self._num_players = num_players

    def get_type(self) -> SimpleNamespace:
        return SimpleNamespace(
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            information=(
                pyspiel.GameType.Information.PERFECT_INFORMATION
                if self._game.perfect_information
                else pyspiel.GameType.Information.IMPERFECT_INFORMATION
            ),
            short_name=self._game.id,
        )

    def max_utility(self) -> float:
        return 1.0

    def min_utility(self) -> float:
        return -1.0

    def num_players(self) -> int:
        return self._num_players


class OpenSpielState:
    """Our state seen as a pyspiel.State. With hidden information, ``movers`` lists who made
    each move of the history (CHANCE for chance), so that a player's own past actions can be
    told apart; a perfect-information game needs no such list (None)."""

    __slots__ = ("_game", "_movers", "_state")

    def __init__(
        self, state: State, game: OpenSpielGame | None = None, movers: list[int] | None = None
    ) -> None:
        self._state = state
        self._game = game or OpenSpielGame(state.game, state.num_players)
        if movers is None and not state.game.perfect_information:
            movers = _movers(state)
        self._movers = movers

    def get_game(self) -> OpenSpielGame:
        return self._game

    def current_player(self) -> int:
        return self._state.current_player()

    def is_chance_node(self) -> bool:
        return self._state.is_chance_node()

    def is_terminal(self) -> bool:
        return self._state.is_terminal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._state.chance_outcomes()

    def legal_actions(self, player: int | None = None) -> list[int]:
        return self._state.legal_actions()

    def apply_action(self, action: int) -> None:
        mover = self._state.current_player()
        self._state.apply_action(int(action))
        if self._movers is not None:
            self._movers.append(mover)

    def clone(self) -> OpenSpielState:
        movers = None if self._movers is None else self._movers[:]
        return OpenSpielState(self._state.clone(), self._game, movers)

    def returns(self) -> list[float]:
        return self._state.returns()

    def action_to_string(self, player: int, action: int) -> str:
        return self._state.action_to_string(int(action))

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` (by default the player to move) knows: observation + own moves."""
        if player is None:
            player = self._state.current_player()
        assert self._movers is not None, "information states are for hidden information"
        own = [a for a, m in zip(self._state.history, self._movers, strict=True) if m == player]
        return f"{self._state.observation(player)!r}|{own!r}"

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]) -> OpenSpielState:
        """A state ``player`` cannot tell from this one; ``sampler()`` (a uniform number, as
        pyspiel's samplers give) seeds the determinization."""
        rng = random.Random(sampler())
        assert self._movers is not None, "information states are for hidden information"
        return OpenSpielState(self._state.determinize(player, rng), self._game, self._movers[:])


def _movers(state: State) -> list[int]:
    """Who made each move of ``state``'s history, found by replaying it."""
    replay = state.game.new_state(state.num_players, **state.options)
    movers = []
    for action in state.history:
        movers.append(replay.current_player())
        replay.apply_unchecked(action)
    return movers


def openspiel_bot(state: State, simulations: int, seed: int) -> MCTSBot:
    """OpenSpiel's MCTSBot with one random rollout per leaf, as in its own examples."""
    rng = np.random.RandomState(random.Random(seed).getrandbits(32))
    return MCTSBot(
        OpenSpielGame(state.game, state.num_players),
        OPENSPIEL_UCT_C,
        simulations,
        RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
        solve=True,
    )


def openspiel_search(state: State, simulations: int, seed: int = 0) -> tuple[int, int]:
    """Run one MCTSBot search from ``state``: (chosen action, simulations actually run).

    The solver may prove the root early, so the count is read from the root, not assumed.
    """
    bot = openspiel_bot(state, simulations, seed)
    root = bot.mcts_search(OpenSpielState(state))
    return int(root.best_child().action), root.explore_count


def openspiel_ismcts_search(state: State, simulations: int, seed: int = 0) -> int:
    """Run one ISMCTSBot search (random rollouts, as in OpenSpiel's examples) from ``state`` for
    the player to move; returns the chosen action. Determinizations are seeded from ``seed``."""
    rng = np.random.RandomState(random.Random(seed).getrandbits(32))
    bot = ISMCTSBot(
        OpenSpielGame(state.game, state.num_players),
        RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        OPENSPIEL_UCT_C,
        simulations,
        random_state=rng,
    )
    bot.set_resampler(lambda s, player: s.resample_from_infostate(player, rng.uniform))
    policy = bot.get_policy(OpenSpielState(state))
    return int(max(policy, key=lambda pair: pair[1])[0])


class OpenSpielAgent:
    """OpenSpiel's generic bot as an agent (``ai.agents.Agent``) on a wall clock: ``MCTSBot``
    for perfect information, ``ISMCTSBot`` for hidden information, both with random rollouts.

    OpenSpiel's bots count simulations, not seconds, so the agent keeps the bot's measured rate
    (simulations per second, averaged over its searches so far) and asks each search for
    ``rate * seconds`` simulations: on average every decision takes the given time, and a busy
    machine slows the bot's rate and so its count, as it slows our search's. The first search
    measures the rate on ``PROBE`` simulations.

    Like our levels (``ai.agents.SearchAgent``), the bot keeps one clock per turn
    (``ai.turn_clock.TurnClock``): ``seconds`` for the decisions a player makes in a row, so
    both sides think equally long per turn.
    """

    PROBE = 50
    MIN_SIMULATIONS = 20  # a root with fewer visits may be left without a child

    def __init__(self, seconds: float, seed: int) -> None:
        self.clock = TurnClock(seconds)
        self.seed = seed
        self._simulations = 0
        self._elapsed = 0.0
        self.decisions = 0

    def reseed(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: State) -> int:
        allotted = self.clock.allot(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        count = self.PROBE
        if self._elapsed > 0:
            rate = self._simulations / self._elapsed
            count = max(self.MIN_SIMULATIONS, round(rate * allotted))
        seed = self.seed * 1_000_003 + self.decisions
        start = time.perf_counter()
        if state.game.perfect_information:
            action, count = openspiel_search(state, count, seed)
        else:
            action = openspiel_ismcts_search(state, count, seed)
        elapsed = time.perf_counter() - start
        self._elapsed += elapsed
        self.clock.spend(elapsed)
        self._simulations += count
        self.decisions += 1
        return action
