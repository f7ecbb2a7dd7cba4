"""A guest's click made while its last answer is on its way to the host: kept, and played once
the host's next view has landed if it is still legal there (issue 36, a hand-played defect: the
draw clicked right after placing a card was lost)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

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


def seated(app) -> tuple[Referee, GuestMatchScene, GuestClient]:
    app.settings.animation = "normal"  # the guest's board lands each move, as players see it
    referee = hosted("battleline", ["easy", HUMAN], {GUEST}, seed=21)
    assert referee.invite is not None
    client = GuestClient(referee.invite, "Aiko", keep_raw=True)
    scene = GuestMatchScene(app, client)
    app.stack.push(scene)
    assert frames(app, referee, lambda: scene.ready_to_play() and scene.table.phase != "forced")
    assert scene.board is not None and scene.board.obs["phase"] == "play"
    return referee, scene, client


def guest_moves(referee: Referee, since: int) -> list[int]:
    return [move.action for move in referee.match.moves[since:] if move.player == GUEST]


def test_a_draw_clicked_before_the_host_took_the_card_is_played(app) -> None:
    referee, scene, client = seated(app)
    try:
        board = scene.board
        assert board is not None
        since = len(referee.match.moves)
        card = next(a for a in scene.table.legal if is_card(a) and is_troop(a))
        clicks = board.clicks_for(card)  # the card, then its flag
        deck = board.geo.decks[TROOP_DECK].center
        for pos in [*clicks, deck]:  # one frame: the deck is clicked before the host answers
            click(pos)
        app_frame(app)
        assert scene.early and len(guest_moves(referee, since)) == 0
        assert frames(app, referee, lambda: len(guest_moves(referee, since)) >= 3)
        played = guest_moves(referee, since)
        assert played[0] == card and played[2] == draw_action(TROOP_DECK)
        assert scene.toasts.items == []  # nothing refused, nothing said
    finally:
        client.leave()
        app.stack.pop()
        referee.stop()


def test_a_click_the_turn_no_longer_wants_is_dropped_without_asking_the_host(app) -> None:
    referee, scene, client = seated(app)
    try:
        board = scene.board
        assert board is not None
        since = len(referee.match.moves)
        card = next(a for a in scene.table.legal if is_card(a) and is_troop(a))
        for pos in board.clicks_for(card):
            click(pos)
        assert frames(app, referee, lambda: len(guest_moves(referee, since)) == 2)
        assert frames(app, referee, scene.ready_to_play)
        assert board.obs["phase"] == "draw"
        deck = board.geo.decks[TROOP_DECK].center
        click(deck)
        click(deck)  # the second draw of a turn that has one: moot once the first is taken
        app_frame(app)
        assert len(scene.early) == 1
        turn = scene.table.index
        # The host's AI moves and the turn comes back: the kept click is not played on it.
        assert frames(app, referee, lambda: scene.table.index > turn and scene.ready_to_play())
        for _ in range(10):
            app_frame(app)
        draws = [a for a in guest_moves(referee, since) if is_draw(a)]
        assert draws == [draw_action(TROOP_DECK)] and scene.early == []
        kinds = [decode(raw, "host").kind for raw in client.received or []]
        assert "denied" not in kinds and scene.toasts.items == []
    finally:
        client.leave()
        app.stack.pop()
        referee.stop()
