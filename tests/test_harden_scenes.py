"""Play-test findings on the screens, driven headless by posted events."""

from __future__ import annotations

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
