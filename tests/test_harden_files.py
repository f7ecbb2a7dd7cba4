"""Hostile data folders: nothing found on disk crashes, hangs or disappears without a word."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import saves
from game.app import App
from game.i18n import set_language
from game.match import HUMAN
from game.scenes.overlay import DialogScene
from game.settings import Settings
from tests.test_app_fakes import SyncClient

DT = 1 / 60
DEEP = "[" * 200_000 + "]" * 200_000
LONG_NUMBER = '{"animation": ' + "9" * 5000 + "}"
needs_posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and pipes")
not_root = pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores permissions"
)


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(folder))
    return saves.data_dir()


def make_app(settings: Settings | None = None, persist: bool = True) -> App:
    app = App(
        settings or Settings(animation="off", sound=False, language="en"), persist_settings=persist
    )
    app.ai = SyncClient()
    return app


@pytest.fixture
def closing():
    apps: list[App] = []
    yield apps
    for app in apps:
        app.close()
    set_language("en")


def message(scene) -> str:
    from game.ui.widgets import text_of

    assert isinstance(scene, DialogScene)
    return text_of(scene.message)


def run(app: App, frames: int = 2) -> None:
    for _ in range(frames):
        app.step(DT)


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def flatfront_save(
    game: str = "flatfront", seats: list[str] | None = None, **record_changes
) -> None:
    from game.engines import GAMES

    record = GAMES["flatfront"].new_state().to_record() | record_changes
    saves.write_autosave(game, seats or [HUMAN, "easy"], 1, record)


# --- item 1: pathological JSON ---------------------------------------------------------------


@pytest.mark.parametrize("content", [DEEP, LONG_NUMBER], ids=["deep", "long-number"])
def test_deep_nesting_and_huge_numbers_are_damaged_files_not_crashes(data, content) -> None:
    path = data / "settings.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(saves.DamagedFileError):
        saves.read_json(path)
    settings = Settings.load()
    assert settings.animation == "normal" and [p.reason for p in settings.problems] == [
        "unreadable"
    ]
    assert not path.exists() and list(data.glob("settings.json.damaged-*"))


@pytest.mark.parametrize("content", [DEEP, LONG_NUMBER], ids=["deep", "long-number"])
def test_a_pathological_autosave_is_moved_aside_and_the_app_starts(data, closing, content) -> None:
    from game.scenes.title import TitleScene

    saves.autosave_path("flatfront").write_text(content, encoding="utf-8")
    app = make_app()
    closing.append(app)
    app.stack.push(TitleScene(app))
    run(app)
    assert isinstance(app.stack.top, DialogScene) and "could not be read" in message(app.stack.top)
    assert not saves.autosave_path("flatfront").exists()


# --- item 2: a folder that refuses writes ----------------------------------------------------


def test_a_read_only_folder_is_said_once_and_every_write_path_keeps_running(
    data, closing, monkeypatch
) -> None:
    from game.engines import GAMES
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene

    def read_only(*_args, **_kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(saves.tempfile, "mkstemp", read_only)  # every write of ours starts here
    app = make_app()
    closing.append(app)
    app.stack.push(TitleScene(app))
    run(app)
    assert app.stack.top is app.stack.scenes[0]  # nothing written yet, nothing said
    app.stack.push(SettingsScene(app))
    app.stack.top.rows[1][1].set(False)  # any toggle saves the settings
    run(app)
    dialogs = [s for s in app.stack.scenes if isinstance(s, DialogScene)]
    assert len(dialogs) == 1
    assert "cannot be written" in message(dialogs[0]) and "Read-only" in message(dialogs[0])
    app.stack.pop()
    for _ in range(2):
        post_key(pygame.K_F11)
        run(app)
    app.stack.push(SetupScene(app, GAMES["flatfront"]))
    app.stack.top.seats[:] = [HUMAN, HUMAN]
    app.stack.top.start(seed=1)  # remembers the set-up: refused, quietly
    run(app)
    app.stack.reset(TitleScene(app))  # leaving the match saves the settings too
    run(app)
    assert app.running and app.settings.write_error
    assert not any(isinstance(s, DialogScene) for s in app.stack.scenes)  # said once only


@needs_posix
@not_root
def test_a_folder_without_write_permission_is_said_at_start(data, closing) -> None:
    from game.scenes.title import TitleScene

    data.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        app = make_app()
        closing.append(app)
        app.stack.push(TitleScene(app))
        run(app)
        assert "read-only" in message(app.stack.top)
    finally:
        data.chmod(stat.S_IRWXU)


def test_a_data_path_that_is_a_file_starts_the_app_and_says_so(
    tmp_path, monkeypatch, closing
) -> None:
    from game.scenes.title import TitleScene

    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(blocker / "data"))
    settings = Settings.load()
    assert settings.problems == [] and settings.save() is False and settings.write_error
    app = make_app(settings)
    closing.append(app)
    app.stack.push(TitleScene(app))
    run(app)
    assert isinstance(app.stack.top, DialogScene)
    assert "cannot be written" in message(app.stack.top)
    assert app.stack.scenes[0].autosave is None


def test_settings_save_never_raises_and_says_why(data, monkeypatch) -> None:
    def refuse(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.settings.write_json_atomic", refuse)
    settings = Settings()
    assert settings.save() is False and settings.write_error == "No space left on device"


# --- item 3: pipes, damaged settings, unknown games, the right reason -------------------------


@needs_posix
def test_a_named_pipe_in_place_of_a_file_never_blocks(data) -> None:
    import signal

    def hung(*_args) -> None:
        raise AssertionError("reading a named pipe blocked")

    os.mkfifo(data / "settings.json")
    os.mkfifo(saves.autosave_path("flatfront"))
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(5)
    try:
        settings = Settings.load()
        found, problems = saves.scan_autosaves()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert [p.reason for p in settings.problems] == ["special"]
    assert found == [] and [p.reason for p in problems] == ["special"]


def test_a_damaged_settings_file_is_reported_when_the_app_starts(data, closing) -> None:
    from game.scenes.title import TitleScene

    (data / "settings.json").write_text("{oops", encoding="utf-8")
    app = make_app(Settings.load())
    closing.append(app)
    app.stack.push(TitleScene(app))
    run(app)
    assert isinstance(app.stack.top, DialogScene)
    assert "settings.json could not be read" in message(app.stack.top)


def test_an_autosave_of_an_unknown_game_is_reported_and_moved_aside(data, closing) -> None:
    from game.scenes.title import TitleScene

    flatfront_save()
    payload = json.loads(saves.autosave_path("flatfront").read_text(encoding="utf-8"))
    payload["game"] = payload["record"]["game"] = "chess"
    saves.autosave_path("chess").write_text(json.dumps(payload), encoding="utf-8")
    app = make_app()
    closing.append(app)
    app.stack.push(TitleScene(app))
    run(app)
    assert "does not know" in message(app.stack.top)
    assert not saves.autosave_path("chess").exists()
    assert saves.autosave_path("flatfront").exists()


@pytest.mark.parametrize(
    ("seats", "changes", "words"),
    [
        (["human", "wizard"], {}, "list of players"),
        (["human", "easy", "hard"], {}, "list of players"),
        (None, {"options": {"adjacency": "hex"}}, "options"),
        (None, {"options": [1, 2]}, "options"),
        (None, {"history": "abc"}, "incomplete"),
        (None, {"version": 99}, "incompatible version"),
    ],
)
def test_a_save_with_broken_seats_or_options_gets_the_right_reason(
    data, closing, seats, changes, words
) -> None:
    from game.scenes.title import TitleScene

    flatfront_save(seats=seats, **changes)
    app = make_app()
    closing.append(app)
    title = TitleScene(app)
    app.stack.push(title)
    run(app)
    title.continue_match()
    run(app)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and words in dialog.message
    assert "rules do not allow" not in dialog.message
    assert list(data.glob("flatfront.autosave.json.damaged-*"))


# --- item 4: a hand-edited last set-up -------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        {"seats": 5, "options": {}},
        {"seats": ["human", "easy"], "options": [1, 2]},
        {"seats": [1, None], "options": {"adjacency": {"x": 1}}},
        "human",
    ],
)
def test_a_hand_edited_last_setup_is_dropped_on_load_and_play_works(data, closing, entry) -> None:
    from game.engines import GAMES
    from game.scenes.match import MatchScene
    from game.scenes.setup import SetupScene

    (data / "settings.json").write_text(
        json.dumps({"last_setup": {"flatfront": entry}, "sound": False}), encoding="utf-8"
    )
    settings = Settings.load()
    assert "flatfront" not in settings.last_setup and settings.sound is False
    app = make_app(settings)
    closing.append(app)
    app.stack.push(SetupScene(app, GAMES["flatfront"]))
    app.stack.top.seats[:] = [HUMAN, HUMAN]
    app.stack.top.start(seed=1)
    assert isinstance(app.stack.top, MatchScene)


# --- item 5: orphaned temporary files --------------------------------------------------------


def test_stale_temporary_files_are_cleaned_on_start_and_fresh_ones_kept(data, closing) -> None:
    stale = data / "settings.json.abc123.tmp"
    fresh = data / "flatfront.autosave.json.def456.tmp"
    other = data / "notes.txt"
    for path in (stale, fresh, other):
        path.write_text("{", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    closing.append(make_app())
    assert not stale.exists() and fresh.exists() and other.exists()
