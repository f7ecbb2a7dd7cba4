"""Play-test findings on the screens, driven headless by posted events."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import saves
from game.app import App
from game.i18n import set_language
from game.settings import Settings
from tests.test_app_fakes import SyncClient

DT = 1 / 60


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    application = App(Settings(animation="off", sound=False, language="en"), persist_settings=False)
    application.ai = SyncClient()
    yield application
    application.close()
    set_language("en")


def run(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def resize(size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)  # what the window manager does
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


# --- item 13: the rules screens show the whole file --------------------------------------------


@pytest.mark.parametrize("size", [(800, 540), (1600, 1000)])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", ["flatfront", "battleline"])
def test_the_last_line_of_every_rules_file_is_visible_at_the_end(app, game_id, lang, size) -> None:
    from game.scenes.rules import RulesScene, rules_file
    from game.ui.markdown import inline

    set_language(lang)
    resize(size)
    run(app)
    scene = RulesScene(app, game_id)
    app.stack.push(scene)
    run(app)
    post_key(pygame.K_END)
    run(app, 2)
    path = rules_file(game_id, lang)
    assert path is not None and path.name == f"{game_id}.{lang}.md"
    last_source = inline(path.read_text(encoding="utf-8").strip().splitlines()[-1].lstrip("-# "))
    text, rect = scene.lines[-1]
    assert last_source.endswith(text.strip())
    page = scene.page
    assert page is not None and rect.bottom <= page.get_height()
    assert page.subsurface(rect).get_bounding_rect().height > 0  # the glyphs are on the page
    inner = scene.inner
    on_screen = rect.move(inner.x, inner.y - round(scene.offset))
    assert inner.top <= on_screen.top and on_screen.bottom <= inner.bottom


# --- item 15: turns, and the winner's numbers first -------------------------------------------


def test_turns_count_runs_of_one_players_decisions_and_never_chance() -> None:
    from game.turns import count_turns

    assert count_turns([]) == 0
    assert count_turns([-1, -1]) == 0
    # place, pieces (one turn) · chance · the other side · chance · the other side again
    assert count_turns([0, 0, -1, 1, 1, -1, 0]) == 3
    assert count_turns([0, -1, 0, -1, 0]) == 1  # draws inside a turn do not split it


def random_match(game_id: str, seed: int):
    import random

    from game.engines import GAMES
    from game.match import HUMAN, Match

    rng = random.Random(seed)
    match = Match(GAMES[game_id], [HUMAN, HUMAN], seed=seed)
    while not match.is_over:
        if match.advance() is None:
            match.play(rng.choice(match.state.legal_actions()))
    return match


@pytest.mark.parametrize("game_id", ["flatfront", "battleline"])
def test_game_over_says_turns_not_engine_decisions(app, game_id) -> None:
    from game.scenes.gameover import GameOverScene
    from game.scenes.match import MatchScene

    match = random_match(game_id, 7)
    scene = MatchScene(app, match)
    app.stack.push(scene)
    summary = GameOverScene(app, scene)
    decisions = [mv.player for mv in match.moves if mv.player >= 0]
    turns = 1 + sum(1 for a, b in itertools.pairwise(decisions) if a != b)
    assert summary.subtitle() == f"after {turns} turns"
    assert turns < len(decisions)  # both games split a turn into several decisions


def test_flat_front_end_banner_puts_the_winners_numbers_first() -> None:
    import random

    from game.engines import GAMES
    from game.engines.flatfront import RED
    from tests.test_flatfront_board import Harness

    for seed in range(50):
        rng = random.Random(seed)
        state = GAMES["flatfront"].new_state()
        while not state.is_terminal():
            if state.current_player() < 0:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        obs = state.observation(0)
        blue, red = obs["score"]
        if obs["winner"] == RED and red["tiles"] != blue["tiles"]:
            break
    else:
        raise AssertionError("no red win in 50 random games")
    banner = Harness().board._banner_for(obs)
    assert banner.title == "Red wins!"
    assert banner.subtitle.startswith(f"Tiles {red['tiles']} to {blue['tiles']}")
