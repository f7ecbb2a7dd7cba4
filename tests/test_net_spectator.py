"""A host whose every seat is remote watches as a spectator: its board draws the public
observation (no guest's hand, face-down card or hidden declaration), offers no move, and its
log and buttons take no seat's part."""

from __future__ import annotations

import json

import pygame
import pytest

from game.engines.battleline.state import BattleLineState
from game.scenes.hosting import HostedMatchScene
from tests.net_helpers import HUMAN, app_frame, guest, hosted
from tests.test_net_play import ints_under_card_keys

# Phrases that name a card only its holder saw (Battle Line's own draws, deals, Scout returns).
PRIVATE_PHRASES = {"dealt", "draws", "returns"}


def roundtrip(obs: object) -> object:
    return json.loads(json.dumps(obs))


@pytest.mark.parametrize("game_id", ["battleline", "frontline"])
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
            else:
                assert all(seat["units"] is None for seat in board.obs["seats"])
            checked += 1
        assert checked > 10
        steps = [step for turn in scene.panel.turns for step in turn.steps]
        assert steps and not {step.phrase[0] for step in steps} & PRIVATE_PHRASES
        assert not scene.panel.undo_button.enabled and not scene.hint_possible()
        scene.handle_event(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
        )
        assert referee.takeback is None  # Ctrl+Z asks nobody on a guest's behalf
    finally:
        for player in players:
            player.client.leave()
        app.stack.pop()
