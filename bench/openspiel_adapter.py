"""A thin duck-typed adapter so OpenSpiel's Python ``MCTSBot`` searches our engines.

Only what ``open_spiel.python.algorithms.mcts`` calls is provided: on the game ``get_type()``
(reward model and dynamics), ``max_utility()``, ``num_players()``; on the state the OpenSpiel
State methods of the same names as ours, plus the ``player`` argument of ``legal_actions``. The
bot draws actions as numpy integers, so they are turned back into ints before they reach the
engine, which checks every action as OpenSpiel's own ``apply_action`` does.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pyspiel
from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator

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
            short_name=self._game.id,
        )

    def max_utility(self) -> float:
        return 1.0

    def min_utility(self) -> float:
        return -1.0

    def num_players(self) -> int:
        return self._num_players


class OpenSpielState:
    __slots__ = ("_state",)

    def __init__(self, state: State) -> None:
        self._state = state

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
        self._state.apply_action(int(action))

    def clone(self) -> OpenSpielState:
        return OpenSpielState(self._state.clone())

    def returns(self) -> list[float]:
        return self._state.returns()

    def action_to_string(self, player: int, action: int) -> str:
        return self._state.action_to_string(int(action))


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
