"""A tiny hidden-information game, its board and a synchronous AI client for the app tests.

Pebbles: each player is dealt a private card (chance), then players take one or two pebbles from
a pile in turn; with one pebble left the only move is to take it (a forced decision). Highest
card + pebbles wins. It exercises chance, hidden information, forced moves, 2-3 seats and
options, which Flat Front (perfect information, two seats) cannot.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.boards.base import Board
from game.engines.base import CHANCE, TERMINAL, Game, State

CARDS = (1, 2, 3, 4, 5, 6)


class PebblesGame(Game):
    id = "pebbles"
    title = "Pebbles"
    title_ja = "ペブルズ"
    min_players = 2
    max_players = 3
    perfect_information = False
    options = {"pile": [5, 7], "variant": ["plain", "greedy"]}  # noqa: RUF012

    def new_state(self, num_players: int | None = None, **options: Any) -> PebblesState:
        n = self.resolve_players(num_players)
        return PebblesState(self, n, self.resolve_options(options))


class PebblesState(State):
    def __init__(self, game: PebblesGame, num_players: int, options: dict) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.history = []
        self.cards: list[int | None] = [None] * num_players
        self.taken = [0] * num_players
        self.pile = int(options["pile"])
        self.turn = 0

    def _dealing(self) -> int | None:
        return next((i for i, c in enumerate(self.cards) if c is None), None)

    def current_player(self) -> int:
        if self._dealing() is not None:
            return CHANCE
        return TERMINAL if self.pile == 0 else self.turn

    def legal_actions(self) -> list[int]:
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        return [] if self.pile == 0 else [k for k in (1, 2) if k <= self.pile]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        free = [c for c in CARDS if c not in self.cards]
        return [(c, 1 / len(free)) for c in free]

    def illegal_reason(self, action: int) -> str | None:
        if not self.is_chance_node() and not self.is_terminal():
            if action not in (1, 2):
                return "you can take one or two pebbles"
            if action > self.pile:
                return "only one pebble is left"
        return super().illegal_reason(action)

    def _apply(self, action: int) -> None:
        dealt = self._dealing()
        if dealt is not None:
            self.cards[dealt] = action
            return
        self.pile -= action
        self.taken[self.turn] += action
        self.turn = (self.turn + 1) % self.num_players

    def clone(self) -> PebblesState:
        other = PebblesState.__new__(PebblesState)
        other.__dict__.update(self.__dict__)
        other.cards, other.taken, other.history = (
            list(self.cards),
            list(self.taken),
            list(self.history),
        )
        return other

    def totals(self) -> list[int]:
        return [(c or 0) + t for c, t in zip(self.cards, self.taken, strict=True)]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        totals = self.totals()
        best = max(totals)
        if totals.count(best) > 1:
            return [0.0] * self.num_players
        return [1.0 if t == best else -1.0 for t in totals]

    def action_to_string(self, action: int) -> str:
        if self.is_chance_node():
            return f"player {self._dealing() + 1} is dealt a card"  # public words only
        return f"player {self.turn + 1} takes {action}"

    def observation(self, player: int) -> dict:
        over = self.is_terminal()
        obs: dict[str, Any] = {
            "cards": [c if (i == player or over) else None for i, c in enumerate(self.cards)],
            "taken": list(self.taken),
            "pile": self.pile,
            "to_move": self.current_player(),
        }
        if over:
            obs["score"] = [
                {"card": c, "pebbles": t} for c, t in zip(self.cards, self.taken, strict=True)
            ]
        return obs

    def determinize(self, player: int, rng: random.Random) -> PebblesState:
        other = self.clone()
        unseen = [c for c in CARDS if c != self.cards[player]]
        rng.shuffle(unseen)
        for i in range(self.num_players):
            if i != player and other.cards[i] is not None:
                other.cards[i] = unseen.pop()
        return other


PALETTES = {
    "normal": {"felt": (40, 90, 60), "bg": (20, 30, 24)},
    "colorblind": {"felt": (60, 60, 90), "bg": (20, 20, 30)},
}


class PebblesBoard(Board):
    """Left half of the board takes one pebble, right half two; keys 1 and 2 do the same."""

    PALETTES = PALETTES

    def handle_event(self, event: pygame.event.Event) -> int | None:
        keys = {
            pygame.K_1: 1,
            pygame.K_2: 2,
            pygame.K_3: 3,
        }  # 3 is never legal: the engine says why
        if event.type == pygame.KEYDOWN and event.key in keys:
            return keys[event.key]
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            return 1 if event.pos[0] < self.rect.centerx else 2
        return None

    def on_observation(self, previous: dict | None, obs: dict, animate: bool) -> None:
        self.pile_x = float(self.rect.x)
        if animate:
            self.tweens.animate(self, 0.3, pile_x=float(self.rect.centerx))

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, self.ctx.palette["felt"], self.rect)
        for i in range((self.obs or {}).get("pile", 0)):
            pygame.draw.circle(
                surface, (220, 220, 220), (self.rect.x + 30 + 25 * i, self.rect.centery), 10
            )


class SyncClient:
    """An AI client that answers at once with a random legal move; it records what it was sent."""

    def __init__(self, delay_polls: int = 0) -> None:
        self.sent: list[tuple[str, str, int, State]] = []
        self.delay_polls = delay_polls
        self._pending: list[tuple[int, int, int]] = []  # ticket, action, polls left
        self._next = 0
        self.cancelled = 0
        self.warmed = 0  # warm_up calls

    def request(self, game_id: str, level: str, seed: int, state: State) -> int:
        self._next += 1
        self.sent.append((game_id, level, seed, state))
        action = random.Random(seed).choice(state.legal_actions())
        self._pending.append((self._next, action, self.delay_polls))
        return self._next

    def poll(self) -> tuple[int, int] | None:
        if not self._pending:
            return None
        ticket, action, wait = self._pending[0]
        if wait > 0:
            self._pending[0] = (ticket, action, wait - 1)
            return None
        self._pending.pop(0)
        return ticket, action

    def cancel(self) -> None:
        self.cancelled += 1
        self._pending.clear()

    def close(self) -> None:
        self._pending.clear()

    def warm_up(self) -> None:
        self.warmed += 1

    def ready(self) -> bool:
        return True


def test_pebbles_replays_and_hides_cards() -> None:
    game = PebblesGame()
    state = game.new_state(2)
    rng = random.Random(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal)
        )
    again = game.replay(state.to_record())
    assert again.observation(0) == state.observation(0)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    fresh = game.new_state(2)
    fresh.apply_action(4)
    fresh.apply_action(6)
    assert fresh.observation(0)["cards"] == [4, None]
