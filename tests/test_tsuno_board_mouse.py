"""Whole Tsuno Senki games played with the mouse alone through the real scenes (title -> set-up
-> match -> game over): solitaire, 3-player hot-seat, and one human with five Easy AI teammates
(the real worker process).

Every human decision is a click on the action button the board draws for it (found from the
board's own geometry), and the test checks that exactly that action reached the match. Forced
decisions (a lone Defence, a lone absorption) are left to the scene.
"""

from __future__ import annotations

import random

import pytest

from ai.heuristics.tsuno import greedy_action
from game import saves
from game.app import App
from game.boards.tsuno import TsunoBoard
from game.match import HUMAN
from game.scenes.curtain import CurtainScene
from game.scenes.match import MatchScene
from game.scenes.setup import SetupScene, seat_kinds
from game.scenes.title import TitleScene
from game.settings import Settings
from tests.test_app_scenes import click, run, shot, top
from tests.test_play_by_mouse import expect_played, play_to_game_over


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    application = App(Settings(animation="off", sound=False, language="en"), persist_settings=False)
    yield application
    application.close()


def open_tsuno(app: App, seats: list[str], seed: int, **options: str) -> MatchScene:
    """Title -> Tsuno's Play button -> seats added and chosen, options clicked -> Start."""
    app.stack.push(TitleScene(app))
    run(app, 2)
    card = next(c for c in top(app).cards if c.game_id == "tsuno")
    click(app, card.play.rect.center)
    setup = top(app)
    assert isinstance(setup, SetupScene)
    while len(setup.seats) < len(seats):
        click(app, setup.add_seat.rect.center)
    kinds = seat_kinds()
    for seat, kind in zip(setup.seat_widgets, seats, strict=True):
        click(app, seat._segments()[kinds.index(kind)].center)
    names = list(setup.game.options)
    for name, value in options.items():
        widget = setup.option_widgets[names.index(name)]
        click(app, widget._segments()[setup.game.options[name].index(value)].center)
    assert setup.seats == seats
    random.seed(seed)
    click(app, setup.start_button.rect.center)
    scene = app.stack.find(MatchScene)
    assert scene is not None and isinstance(scene.board, TsunoBoard)
    return scene


class Hand:
    """Plays the team policy with some random choices, clicking each decision's button."""

    def __init__(self, app: App, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.clicks = 0
        self.seats: set[int] = set()

    def decide(self, scene: MatchScene) -> None:
        state = scene.match.state
        board = scene.board
        assert isinstance(board, TsunoBoard)
        legal = state.legal_actions()
        assert sorted(board.legal) == sorted(legal)
        action = greedy_action(state) if self.rng.random() < 0.75 else self.rng.choice(legal)
        spots = board.clicks_for(action)
        assert len(spots) == 1 and board.geo.actions.collidepoint(spots[0])
        start = len(state.history)
        self.seats.add(state.current_player())
        click(self.app, spots[0])
        expect_played(self.app, scene, start, [action])
        self.clicks += 1


def curtain_away(app: App):
    def on_curtain(curtain: CurtainScene) -> None:
        run(app, 30)
        if app.stack.top is curtain:
            click(app, (app.size[0] // 2, app.size[1] // 2))

    return on_curtain


def test_solitaire_by_mouse(app: App) -> None:
    scene = open_tsuno(app, [HUMAN], seed=11, layout="grid")
    hand = Hand(app, 11)
    play_to_game_over(app, scene, hand.decide, curtain_away(app))
    assert hand.clicks > 15 and hand.seats == {0}
    assert scene.board.obs["result"] in ("victory", "defeat")
    run(app, 3)
    shot(app, "mouse_tsuno_solitaire")


def test_three_player_hot_seat_by_mouse(app: App) -> None:
    scene = open_tsuno(app, [HUMAN, HUMAN, HUMAN], seed=12)
    hand = Hand(app, 12)
    play_to_game_over(app, scene, hand.decide, curtain_away(app))
    assert hand.seats == {0, 1, 2}
    run(app, 3)
    shot(app, "mouse_tsuno_hotseat")


def test_one_human_and_five_ai_teammates_by_mouse(app: App) -> None:
    scene = open_tsuno(app, [HUMAN, *["easy"] * 5], seed=13)
    hand = Hand(app, 13)
    said: list[str] = []

    def listen(scene: MatchScene) -> None:
        board = scene.board
        assert isinstance(board, TsunoBoard)
        said.extend(text for _, _, text in board.notes if text not in said)

    play_to_game_over(app, scene, hand.decide, curtain_away(app), listen)
    m = scene.match
    assert hand.seats == {0}
    assert {mv.player for mv in m.moves if mv.player > 0 and not mv.forced}  # the AI acted
    assert any(text.startswith(m.names[1]) for text in said), said[:5]  # and said what it did
    run(app, 3)
    shot(app, "mouse_tsuno_ai")
