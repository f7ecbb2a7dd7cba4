"""The guest's game-over card: the same summary as a local match's, from what the guest was sent."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.boards import board_class
from game.engines import GAMES
from game.i18n import t
from game.match import Match
from game.net.guest import GuestClient
from game.net.referee import Referee
from game.scenes.gameover import GameOverScene, Outcome
from game.scenes.guest_match import GuestMatchScene
from game.turns import count_turns
from tests.net_helpers import HUMAN, hosted, screen_frames
from tests.test_app_fakes import SyncClient

FRAME = 1 / 60


def play(app, referee: Referee, scene: GuestMatchScene, done: Callable[[], bool]) -> None:
    screen_frames(app, referee, scene, done, random.Random(4))


def test_the_guest_sees_the_local_game_over_card_and_the_hosts_rematch_closes_it(app) -> None:
    referee = hosted("battleline", ["easy", HUMAN], {1}, seed=21)
    assert referee.invite is not None
    scene = GuestMatchScene(app, GuestClient(referee.invite, "Aiko"))
    app.stack.push(scene)
    try:
        play(app, referee, scene, lambda: isinstance(app.stack.top, GameOverScene))
        card = app.stack.top
        assert isinstance(card, GameOverScene) and card.scene is scene
        m = referee.match
        # What a local match's card would say to seat 1, built from the host's true end ...
        local = Outcome.of_match(m)
        obs = m.state.observation(1)
        summary = board_class("battleline").summary(obs, scene.table.names)
        # ... and what the guest's says, from its final view and its log.
        outcome = card.outcome
        assert outcome.obs == obs and outcome.winners == local.winners == m.winners()
        assert outcome.turns == count_turns(mv.player for mv in m.moves) == local.turns
        assert outcome.result in (t("result.you_win"), t("result.you_lose", name="Easy AI"))
        assert (outcome.result == t("result.you_win")) == (m.winners() == [1])
        assert summary is not None and card.table == summary
        assert card.subtitle() == (summary.subtitle or t("gameover.after_turns", n=local.turns))
        # The host decides on a rematch; the guest is told so.
        assert not card.rematch_button.visible
        assert t("net.rematch_by_host") in card.note_lines()
        for _ in range(5):
            app.step(FRAME)
        assert app.stack.top is card  # the card stays while nothing changes
        # The host starts a new match at the table: the guest's card gives way to it.
        again = Match(GAMES["battleline"], ["easy", HUMAN], seed=22, client=SyncClient(),
                      remote=frozenset({1}))  # fmt: skip
        referee.restart(again)
        play(app, referee, scene, lambda: app.stack.top is scene and scene.table.started)
        assert not scene.is_over and scene.table.index < len(m.state.history)
    finally:
        while app.stack.top is not scene:
            app.stack.pop()
        app.stack.pop()
        referee.stop()
