"""A host whose every seat is remote watches as a spectator: its board draws the public
observation (no guest's hand, face-down card or hidden declaration), offers no move, and its
log and buttons take no seat's part."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.boards import board_ids
from game.engines import GAMES
from game.engines.battleline.state import BattleLineState
from game.scenes.hosting import HostedMatchScene
from tests.net_helpers import HUMAN, app_frame, guest, hosted
from tests.test_board_contract import FRAME, make_board
from tests.test_engine_protocol import step
from tests.test_net_play import ints_under_card_keys

# Phrases that name a card only its holder saw (Battle Line's own draws, deals, Scout returns).
PRIVATE_PHRASES = {"dealt", "draws", "returns"}


def roundtrip(obs: object) -> object:
    return json.loads(json.dumps(obs))


@pytest.mark.parametrize("game_id", ["battleline", "frontline", "tsuno"])
def test_a_host_with_every_seat_remote_draws_no_guests_hidden_cards(app, game_id: str) -> None:
    referee = hosted(game_id, [HUMAN, HUMAN], {0, 1}, seed=5)
    scene = HostedMatchScene(app, referee)
    app.stack.push(scene)
    players = [guest(referee.invite, "Aiko", seed=2), guest(referee.invite, "Ben", seed=3)]
    m = referee.match
    try:
        assert m.spectating
        checked = 0
        while len(m.moves) < 40 and not m.is_over:
            app_frame(app)
            for player in players:
                player.step()
            if referee.paused or scene.board.is_animating():
                continue
            state, board = m.state, scene.board
            assert roundtrip(board.obs) == roundtrip(state.public_observation(m.viewer))
            assert board.legal == []  # the board offers the guests' moves to nobody here
            if isinstance(state, BattleLineState):
                hidden = {c for hand in state.hands for c in hand}
                hidden |= {c for pile in (*state.decks, *state.tops) for c in pile}
                assert not hidden & ints_under_card_keys(board.obs)
            elif game_id == "frontline":
                assert all(seat["units"] is None for seat in board.obs["seats"])
            checked += 1
        assert checked > 10
        steps = [step for turn in scene.panel.turns for step in turn.steps]
        assert steps and not {step.phrase[0] for step in steps} & PRIVATE_PHRASES
        assert not scene.panel.undo_button.enabled and not scene.hint_possible()
        last = next(u for u in reversed(scene.panel.turns) if u.player >= 0)
        assert scene.last_other_turn() is last  # anyone's turn replays, seat 0's too
        scene.handle_event(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
        )
        assert referee.takeback is None  # Ctrl+Z asks nobody on a guest's behalf
    finally:
        for player in players:
            player.client.leave()
        app.stack.pop()


SPECTATED = [(game_id, {}) for game_id in board_ids()] + [("frontline", {"decks": "build"})]


@pytest.mark.parametrize(("game_id", "options"), SPECTATED)
def test_a_spectators_board_shows_every_public_observation(game_id: str, options: dict) -> None:
    """Every board draws, animates and words the public view of a random game (its viewer's
    own hand masked too), offering nothing."""
    rng = random.Random(6)
    board = make_board(game_id, [1.0], (800, 540))
    surface = pygame.Surface((800, 540))
    state = GAMES[game_id].new_state(**options)
    for _ in range(400):
        board.show(dict(state.public_observation(0)), 0, [], animate=True)
        board.update(FRAME)
        board.draw(surface)
        assert board.status_text() is not None
        if state.is_terminal():
            break
        step(state, rng)


def light_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of ``rect`` light enough to be a card's parchment face (the backs are dark)."""
    pixels = pygame.surfarray.array3d(surface.subsurface(rect))
    return int((pixels.min(axis=2) > 200).sum())


def test_battle_line_spectators_hand_row_shows_backs_not_faces() -> None:
    """A colour check of the drawing: where seat 0's own view fans its faces, the public view
    fans as many backs (no parchment)."""
    rng = random.Random(2)
    state = GAMES["battleline"].new_state()
    while state.is_chance_node() or len(state.history) < 30:
        step(state, rng)
    assert state.hands[0]
    counts = []
    for obs in (state.observation(0), state.public_observation(0)):
        board = make_board("battleline", [0.0], (1280, 800))
        board.show(dict(obs), 0, [], animate=False)
        surface = pygame.Surface((1280, 800))
        board.draw(surface)
        g = board.table.geo
        counts.append(light_pixels(surface, pygame.Rect(g.felt.x, g.hand_top, g.felt.w, g.hand_h)))
        own_backs = [key for key in board.sprites if isinstance(key, tuple) and key[-1] == "own"]
    faces, backs = counts
    assert faces > 5_000 and backs < faces // 50, counts
    assert len(own_backs) == len(state.hands[0])  # the hand's size, as backs
