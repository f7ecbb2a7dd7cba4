"""The search's principal line for the mover: a multi-part decision comes back whole."""

from __future__ import annotations

import random
from typing import Any

from ai.mcts import MCTS, SearchResult, combine
from game.engines.base import TERMINAL, Game, State
from tests.toy_games import TreeGame, decision

HIDDEN = -1  # what player 0 sees of player 1's secret

# Player 0 decides twice in a row (a card, then its flag), then player 1 answers once.
# Only card 2 then flag 1 wins for player 0 whatever player 1 does.
_LOSE = (-1.0, 1.0)
_WIN = (1.0, -1.0)
TWO_PART = decision(
    0,
    decision(0, _LOSE, _LOSE, _LOSE),
    decision(0, _LOSE, _LOSE, _LOSE),
    decision(0, decision(1, _LOSE, _LOSE), decision(1, _WIN, _WIN), decision(1, _LOSE, _WIN)),
)


def test_perfect_information_line_holds_both_parts_and_stops_at_the_opponent() -> None:
    state = TreeGame(TWO_PART, 2).new_state()
    result = MCTS(seed=3).search(state, iterations=600)
    assert result.action == 2
    assert result.line == (2, 1)


class SecretGame(Game):
    """Player 1 picks a secret (0 or 1) player 0 never sees; then player 0 picks a card (0-2)
    and a flag (0-2) in two decisions and wins with card 2 on flag 1, whatever the secret."""

    id = "toy-secret"
    title = title_ja = "Secret"
    min_players = max_players = 2
    perfect_information = False

    def new_state(self, num_players: int | None = None, **options: Any) -> SecretState:
        return SecretState(self)


class SecretState(State):
    def __init__(self, game: SecretGame) -> None:
        self.game = game
        self.num_players = 2
        self.options = {}
        self.history = []

    def current_player(self) -> int:
        return (1, 0, 0, TERMINAL)[min(len(self.history), 3)]

    def legal_actions(self) -> list[int]:
        return [0, 1] if not self.history else [0, 1, 2]

    def _apply(self, action: int) -> None:
        pass

    def observed_action(self, player: int, action: int) -> int:
        return HIDDEN if not self.history and player != 1 else action

    def clone(self) -> SecretState:
        other = SecretState(self.game)
        other.history = list(self.history)
        return other

    def returns(self) -> list[float]:
        if len(self.history) < 3:
            return [0.0, 0.0]
        return list(_WIN if self.history[1:] == [2, 1] else _LOSE)

    def action_to_string(self, action: int) -> str:
        return str(action)

    def observation(self, player: int) -> dict:
        seen = self.history if player == 1 or not self.history else [HIDDEN, *self.history[1:]]
        return {"history": list(seen)}

    def determinize(self, player: int, rng: random.Random) -> SecretState:
        other = self.clone()
        if player != 1 and other.history:
            other.history[0] = rng.choice((0, 1))
        return other


def test_hidden_information_line_maps_edges_back_to_moves() -> None:
    state = SecretGame().new_state()
    state.apply_action(1)  # the secret
    result = MCTS(seed=5).search(state.determinize(0, random.Random(1)), iterations=800)
    assert result.line == (2, 1)


def test_combined_line_comes_from_a_search_that_chose_the_move() -> None:
    a = SearchResult(2, 10, 0.1, {1: 4, 2: 6}, {1: 0.0, 2: 0.5}, (2, 0))
    b = SearchResult(1, 10, 0.1, {1: 7, 2: 3}, {1: 0.1, 2: 0.4}, (1, 2))
    c = SearchResult(2, 10, 0.1, {1: 1, 2: 9}, {1: 0.0, 2: 0.5}, (2, 1))
    assert combine([a, b, c]).line == (2, 1)
    assert combine([b]).line == (1, 2)
