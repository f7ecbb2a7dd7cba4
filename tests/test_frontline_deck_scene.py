"""The deck builder inside a real match (title -> set-up with ``decks = build`` -> match): the
human's deck, made and saved by mouse, reaches the engine whole; the AI then builds its own and
the starting-hand choice follows."""

from __future__ import annotations

import pytest

from game import saves
from game.app import App
from game.boards.frontline.board import FrontlineBoard
from game.boards.frontline.deck.view import DeckView
from game.decks import DECKS_FILE
from game.engines.frontline.actions import DONE
from game.engines.frontline.building import deck_errors
from game.i18n import set_language
from game.match import HUMAN
from game.ui.layout import opening_size
from game.ui.widgets import text_of
from tests.test_app_scenes import click, run, run_until, shot
from tests.test_play_by_mouse import open_match


def test_a_deck_built_by_mouse_in_a_match(app: App) -> None:
    scene = open_match(app, "frontline", [HUMAN, "easy"], seed=4, decks="build")
    board = scene.board
    assert isinstance(board, FrontlineBoard) and board.obs["phase"] == "build"
    view = board.phase_view()
    assert isinstance(view, DeckView) and view.legal
    click(app, view.random_button.rect.center)
    click(app, view.save_button.rect.center)
    assert (saves.data_dir() / DECKS_FILE).exists()
    run(app, 2)
    shot(app, "frontline_deck")
    deck = list(view.cards)
    click(app, view.confirm_button.rect.center)
    state = scene.match.state
    run_until(app, lambda: board.obs.get("phase") == "pick", 600)
    assert sorted(state.deck[0]) == sorted(deck) and deck_errors(1, state.deck[1]) == []
    assert state.history[len(deck)] == DONE
    assert board.phase_view() is None  # the table takes over for the starting hand


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("army", ["US", "GE"])
def test_the_builder_buttons_keep_their_words_inside(app: App, language: str, army: str) -> None:
    """At the smallest window and at the window a 1366x768 laptop opens (the German prebuilt
    deck's full name once ran over its button's edges there)."""
    set_language(language)
    scene = open_match(app, "frontline", [HUMAN, "easy"], seed=4, decks="build", seat0_army=army)
    for size in [(800, 540), opening_size((1366, 768), None)]:
        app.stack.layout(size)
        run(app, 1)
        view = scene.board.phase_view()
        assert isinstance(view, DeckView)
        buttons = [b for b in view.buttons() if b.visible and b.rect.width > 0]
        assert len(buttons) >= 10
        overflowing = [(text_of(b.label), b.rect.size) for b in buttons if not b.label_fits()]
        assert not overflowing, size
