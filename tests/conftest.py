"""Headless pygame for every test: no display, no sound card; and the app most scene tests drive."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Tables hosted or looked for in tests are listed on the loopback interface only
# (game/net/discovery.py): no test multicasts on a real network.
os.environ["FIVEFRONTS_LAN"] = "127.0.0.1"


import pytest

from game import saves
from game.app import App
from game.i18n import set_language
from game.settings import Settings
from tests.test_app_fakes import SyncClient


@pytest.fixture(autouse=True)
def tables_on_loopback(monkeypatch):
    """A table hosted from the set-up screen (a test's, or a monkey's that set a seat to Remote
    and started) listens on loopback only, never on every interface as the game does."""
    from game.scenes import hosting

    monkeypatch.setattr(hosting, "DIRECT_BIND", ("127.0.0.1", 0))


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The real app on a fresh data folder, animations off, with the synchronous fake AI; tests
    that need the real AI worker define their own ``app``."""
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    application = App(Settings(animation="off", sound=False, language="en"), persist_settings=False)
    application.ai = SyncClient()
    yield application
    application.close()
    set_language("en")
