"""A monkey on every scene: random clicks, drags, keys, wheel, F11 and window sizes from 1×1 to
4096×4096. Nothing may crash, the number of open files must stay bounded (the font cache once
grew by one file per pixel size), and so must memory: within 50 MB of where the run started (a
10,000-event session once grew from 46 MB to 1,183 MB). Every game's set-up and match scenes run.

By default each scene gets 1,000 events, a few seconds headless; ``-m slow`` runs the issue's
10,000 events per scene.
"""

from __future__ import annotations

import os
import random
import sys
import time
import zlib
from collections.abc import Callable

import pygame
import pytest

from game import saves
from game.app import App
from game.i18n import set_language
from game.match import HUMAN, Match
from game.scenes.base import Scene
from game.settings import Settings
from tests.net_helpers import NETWORK_FDS, open_fds
from tests.test_app_fakes import SyncClient

DT = 1 / 60
EVENTS_PER_FRAME = 8
KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PAGEDOWN,
    pygame.K_END,
    pygame.K_HOME,
    pygame.K_h,
    pygame.K_z,
    pygame.K_y,
    pygame.K_c,
    pygame.K_v,
    pygame.K_r,
    pygame.K_m,
    pygame.K_F11,
)
EXTREME_SIZES = ((1, 1), (4096, 4096), (1, 4096), (4096, 1), (799, 539))


def title(app: App) -> Scene:
    from game.scenes.title import TitleScene

    return TitleScene(app)


def setup(game_id: str) -> Callable[[App], Scene]:
    def make(app: App) -> Scene:
        from game.engines import GAMES
        from game.scenes.setup import SetupScene

        return SetupScene(app, GAMES[game_id])

    return make


def rules(app: App) -> Scene:
    from game.scenes.rules import RulesScene

    return RulesScene(app, "battleline")


def settings(app: App) -> Scene:
    from game.scenes.settings import SettingsScene

    return SettingsScene(app)


def match(game_id: str, seats: list[str]) -> Callable[[App], Scene]:
    def make(app: App) -> Scene:
        from game.engines import GAMES
        from game.scenes.match import MatchScene

        game = GAMES[game_id]
        return MatchScene(app, Match(game, seats, seed=5, client=app.ai, autosave=True))

    return make


def game_over(app: App) -> Scene:
    """A finished Pebbles match: the summary opens over it within a few frames."""
    from game.scenes.match import MatchScene
    from tests.test_app_fakes import PebblesBoard, PebblesGame

    return MatchScene(
        app, Match(PebblesGame(), ["easy", "easy"], seed=2, client=app.ai), PebblesBoard
    )


GAME_IDS = ("flatfront", "battleline", "flink", "frontline", "tsuno")
SCENES: dict[str, Callable[[App], Scene]] = {
    "title": title,
    **{f"setup-{game_id}": setup(game_id) for game_id in GAME_IDS},
    "rules": rules,
    "settings": settings,
    **{f"match-{game_id}": match(game_id, [HUMAN, "easy"]) for game_id in GAME_IDS},
    "match-battleline-hotseat": match("battleline", [HUMAN, HUMAN]),
    "game-over": game_over,
}
RSS_BOUND_MB = 50


def open_files() -> tuple[int, int]:
    """(files, sockets) held open: sockets and event polls are the network's (a table hosted
    from a set-up whose seat the monkey set to Remote, the join dialog's listing), which hold
    several while they are open; they must all be closed once their screens are left."""
    held = open_fds().values()
    sockets = sum(1 for what in held if what.startswith(NETWORK_FDS))
    return len(held) - sockets, sockets


def sockets_closed(baseline: int) -> bool:
    """The network's sockets are back to ``baseline`` (its threads close them within seconds)."""
    deadline = time.monotonic() + 5
    while open_files()[1] > baseline:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def post(event_type: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **fields))


def resize(size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)  # what the window manager does
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def random_event(rng: random.Random, app: App) -> None:
    w, h = app.size
    pos = (rng.randrange(-5, w + 5), rng.randrange(-5, h + 5))
    roll = rng.random()
    if roll < 0.3:
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    elif roll < 0.5:
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(rng.random() < 0.2, 0, 0))
    elif roll < 0.8:
        key = rng.choice(KEYS)
        ctrl = pygame.KMOD_CTRL if key in (pygame.K_z, pygame.K_y) and rng.random() < 0.7 else 0
        post(pygame.KEYDOWN, key=key, mod=ctrl, unicode="", scancode=0)
    else:
        post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    application = App(
        Settings(animation="fast", sound=False, language="en"), persist_settings=False
    )
    application.ai = SyncClient()
    yield application
    application.close()
    set_language("en")


def monkey(app: App, make: Callable[[App], Scene], events: int, seed: int) -> None:
    rng = random.Random(seed)
    app.stack.push(make(app))
    app.step(DT)
    size = app.size
    baseline, sockets = open_files()
    start = rss_mb()
    sent = 0
    while sent < events:
        if app.stack.top is None or not app.running:
            app.running = True
            app.stack.push(make(app))
        if rng.random() < 0.015:  # an extreme size for one frame, then an ordinary one
            resize(rng.choice(EXTREME_SIZES))
            app.step(DT)
            resize((rng.randrange(800, 1700), rng.randrange(540, 1100)))
            sent += 2
        for _ in range(EVENTS_PER_FRAME):
            random_event(rng, app)
        sent += EVENTS_PER_FRAME
        app.step(DT)
        assert open_files()[0] <= baseline + 8, "open files keep growing"
    if app.settings.fullscreen:
        app.set_fullscreen(False)
    resize(size)  # like with like: a larger window holds a larger window surface and pictures
    app.step(DT)
    grown = rss_mb() - start
    assert grown < RSS_BOUND_MB, f"+{grown:.0f} MB after {sent} events"
    app.stack.clear()  # every screen left: a table, a join dialog closes its sockets
    assert sockets_closed(sockets), "sockets left open"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self")
@pytest.mark.parametrize("name", list(SCENES))
def test_monkey_on_every_scene(app: App, name: str) -> None:
    monkey(
        app, SCENES[name], 1_000, seed=zlib.crc32(name.encode()) % 1000
    )  # not hash(): salted per run


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self")
@pytest.mark.parametrize("name", list(SCENES))
def test_monkey_10000_events_on_every_scene(app: App, name: str, request) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("the 10,000-event monkey runs with -m slow")
    monkey(app, SCENES[name], 10_000, seed=len(name))
