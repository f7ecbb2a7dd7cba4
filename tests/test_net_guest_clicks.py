"""A guest's click made while its last answer is on its way to the host: kept, and played once
the host's next view has landed if it is still legal there (issue 36, a hand-played defect: the
draw clicked right after placing a card was lost)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from game.engines.battleline.actions import draw_action, is_card, is_draw
from game.engines.battleline.cards import TROOP_DECK, is_troop
from game.match import HUMAN
from game.net.guest import GuestClient
from game.net.protocol import decode
from game.net.referee import Referee
from game.scenes.guest_match import GuestMatchScene
from tests.net_helpers import app_frame, hosted

GUEST = 1  # the guest's seat; the host's easy AI opens


def frames(app, referee: Referee, done: Callable[[], bool], seconds: float = 20.0) -> bool:
    """The host's loop and the guest's screen until ``done()``; False when it never came."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        referee.pump()
        referee.match.advance()
        app_frame(app)
    return True


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


@dataclass
class Seated:
    """A Battle Line table on loopback, the guest's screen at its first play, and the troop
    it will place (``card``), with the host's move count at that moment (``since``)."""

    app: Any
    referee: Referee
    scene: GuestMatchScene
    client: GuestClient
    board: Any
    card: int
    since: int

    def moves(self) -> list[int]:
        """The guest's moves that reached the host since."""
        played = self.referee.match.moves[self.since :]
        return [move.action for move in played if move.player == GUEST]

    def frames(self, done: Callable[[], bool]) -> bool:
        return frames(self.app, self.referee, done)


@pytest.fixture
def seated(app) -> Iterator[Seated]:
    app.settings.animation = "normal"  # the guest's board lands each move, as players see it
    referee = hosted("battleline", ["easy", HUMAN], {GUEST}, seed=21)
    assert referee.invite is not None
    client = GuestClient(referee.invite, "Aiko", keep_raw=True)
    scene = GuestMatchScene(app, client)
    app.stack.push(scene)
    try:
        assert frames(app, referee, lambda: scene.ready_to_play() and scene.table.phase != "forced")
        board = scene.board
        assert board is not None and board.obs["phase"] == "play"
        card = next(a for a in scene.table.legal if is_card(a) and is_troop(a))
        yield Seated(app, referee, scene, client, board, card, len(referee.match.moves))
    finally:
        client.leave()
        app.stack.pop()
        referee.stop()


def test_a_draw_clicked_before_the_host_took_the_card_is_played(seated: Seated) -> None:
    deck = seated.board.geo.decks[TROOP_DECK].center
    for pos in [*seated.board.clicks_for(seated.card), deck]:  # the card, its flag, the deck:
        click(pos)  # in one frame, so the deck is clicked before the host answers
    app_frame(seated.app)
    assert seated.scene.early and seated.moves() == []
    assert seated.frames(lambda: len(seated.moves()) >= 3)
    played = seated.moves()
    assert played[0] == seated.card and played[2] == draw_action(TROOP_DECK)
    assert seated.scene.toasts.items == []  # nothing refused, nothing said


def test_a_click_the_turn_no_longer_wants_is_dropped_without_asking_the_host(
    seated: Seated,
) -> None:
    scene = seated.scene
    for pos in seated.board.clicks_for(seated.card):
        click(pos)
    assert seated.frames(lambda: len(seated.moves()) == 2)
    assert seated.frames(scene.ready_to_play)
    assert seated.board.obs["phase"] == "draw"
    deck = seated.board.geo.decks[TROOP_DECK].center
    click(deck)
    click(deck)  # the second draw of a turn that has one: moot once the first is taken
    app_frame(seated.app)
    assert len(scene.early) == 1
    turn = scene.table.index
    # The host's AI moves and the turn comes back: the kept click is not played on it.
    assert seated.frames(lambda: scene.table.index > turn and scene.ready_to_play())
    for _ in range(10):
        app_frame(seated.app)
    draws = [a for a in seated.moves() if is_draw(a)]
    assert draws == [draw_action(TROOP_DECK)] and scene.early == []
    kinds = [decode(raw, "host").kind for raw in seated.client.received or []]
    assert "denied" not in kinds and scene.toasts.items == []
