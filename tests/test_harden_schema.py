"""Issue 35 items 1-3: names the font cannot draw, impossible times and infinite numbers in the
data folder's files. Each is outside the file's schema: it is reported, the file is moved aside
(the settings keep their good values), and nothing later meets it: the title, Continue, the
set-up screen's Start, ``--game`` and the Play button all keep running."""

from __future__ import annotations

import json
import math

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import saves, schema
from game.engines import GAMES
from game.match import HUMAN
from game.scenes.overlay import DialogScene
from game.settings import Settings
from game.ui import text

GAME_IDS = list(GAMES)
BAD_NAMES = ["Ann\u0000", "\ud800Bo", "x" * 100_000, "Tab\there", "\u2028"]
BAD_TIMES = [1e300, -1e300, math.inf, -math.inf, math.nan, 10**30, -1]
DT = 1 / 60


def write_save(game_id: str, **changes: object) -> None:
    """A valid two-seat autosave of ``game_id`` with ``changes`` to its JSON, written with
    ``json.dumps``' escapes so a lone surrogate reaches the file as ``\\ud800``."""
    record = GAMES[game_id].new_state(2).to_record()
    payload = {
        "format": saves.AUTOSAVE_FORMAT,
        "version": saves.AUTOSAVE_VERSION,
        "saved_at": 1_700_000_000.0,
        "game": game_id,
        "seats": [HUMAN, HUMAN],
        "seed": 3,
        "record": record,
        "names": ["Ann", "Bo"],
        "memory": {},
    } | changes
    saves.autosave_path(game_id).write_text(json.dumps(payload), encoding="ascii")


def run(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(DT)


def set_aside_as(app, game_id: str, reason: str | None) -> None:
    """The title started, said why the save was set aside, and moved it (for ``reason``; a
    number where a whole number belongs is of the wrong type: "incomplete")."""
    assert isinstance(app.stack.top, DialogScene)
    assert not saves.autosave_path(game_id).exists()
    moved = list(saves.data_dir().glob(f"{game_id}.autosave.json.damaged-*"))
    assert len(moved) == 1
    with pytest.raises(saves.DamagedFileError) as caught:
        saves.load_autosave(moved[0])
    assert caught.value.reason == reason or reason is None


def start_from_setup(app, game_id: str) -> None:
    """The set-up screen's Start, two players at the table; the match opens."""
    from game.scenes.match import MatchScene
    from game.scenes.setup import SetupScene

    setup = SetupScene(app, GAMES[game_id])
    app.stack.push(setup)
    run(app)
    setup.seats[:] = [HUMAN, HUMAN]
    setup.start(seed=1)
    run(app)
    assert app.stack.find(MatchScene) is not None


def open_title(app) -> None:
    from game.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    run(app)


@pytest.mark.parametrize("name", BAD_NAMES, ids=["nul", "surrogate", "long", "tab", "separator"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_save_with_a_name_the_font_cannot_draw_is_set_aside_at_start(app, game_id, name) -> None:
    write_save(game_id, names=["Ann", name])
    open_title(app)
    set_aside_as(app, game_id, "values")


@pytest.mark.parametrize("when", BAD_TIMES, ids=repr)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_save_with_an_impossible_time_is_set_aside_at_start(app, game_id, when) -> None:
    write_save(game_id, saved_at=when)
    open_title(app)
    set_aside_as(app, game_id, "values")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_impossible_time_found_by_start_is_reported_and_the_match_starts(app, game_id) -> None:
    """The save appears after the title looked (another window wrote it): the set-up screen's
    Start reports it, sets it aside and starts, instead of describing it."""
    open_title(app)
    write_save(game_id, saved_at=1e300)
    start_from_setup(app, game_id)
    assert list(saves.data_dir().glob(f"{game_id}.autosave.json.damaged-*"))
    assert any(isinstance(s, DialogScene) for s in app.stack.scenes)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_command_line_sets_an_impossible_time_aside(tmp_path, monkeypatch, game_id) -> None:
    from game.__main__ import main

    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    write_save(game_id, saved_at=math.inf)
    assert main(["--game", game_id, "--seats", "human,human", "--frames", "5"]) == 0
    assert list(tmp_path.glob(f"{game_id}.autosave.json.damaged-*"))


@pytest.mark.parametrize(
    "memory",
    [
        {"drawn": [[[[math.inf, 0.5]], 0, 1]]},
        {"drawn": [[[[1, math.nan]], 0, 1]]},
        {"drawn": [[[[1, 0.5]], 10**30, 1]]},
        {"redo": [1, -5]},
        {"redo": [1e300]},
    ],
    ids=["inf-action", "nan-chance", "huge-count", "negative-redo", "float-redo"],
)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_save_with_impossible_numbers_in_its_undo_memory_is_set_aside(
    app, game_id, memory
) -> None:
    write_save(game_id, memory=memory)
    open_title(app)
    set_aside_as(app, game_id, None)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_continue_opens_a_save_within_the_schema(app, game_id) -> None:
    """The checks refuse only what is outside: a save of ours with names, a time and undo
    memory opens."""
    from game.scenes.match import MatchScene

    write_save(game_id, names=["Ann", "山田"], memory={"drawn": [], "redo": []})
    open_title(app)
    app.stack.top.continue_match()
    run(app)
    assert app.stack.find(MatchScene) is not None
    assert saves.autosave_path(game_id).exists()


@pytest.mark.parametrize("name", BAD_NAMES[:3], ids=["nul", "surrogate", "long"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_bad_name_in_the_settings_is_dropped_reported_and_play_works(app, game_id, name) -> None:
    path = saves.data_dir() / "settings.json"
    stored = {game_id: {"seats": [HUMAN, HUMAN], "options": {}, "names": [name, "Bo"]}}
    path.write_text(json.dumps({"last_setup": stored, "sound": False}), encoding="ascii")
    loaded = Settings.load()
    assert [p.reason for p in loaded.problems] == ["values"]
    assert list(saves.data_dir().glob("settings.json.damaged-*"))
    assert loaded.sound is False  # the values that passed are kept, and written back
    assert Settings.load().sound is False and Settings.load().problems == []
    app.settings.last_setup = loaded.last_setup
    start_from_setup(app, game_id)


@pytest.mark.parametrize(
    "stored",
    [
        {"volume": math.inf},
        {"volume": math.nan},
        {"window_size": [1e300, 800]},
        {"last_setup": {"flatfront": {"options": {"adjacency": math.inf}}}},
        {"board_prefs": {"battleline": {"auto_claim": -math.inf}}},
    ],
    ids=["inf-volume", "nan-volume", "huge-width", "inf-option", "inf-preference"],
)
def test_infinite_numbers_in_the_settings_are_dropped_and_reported(app, stored) -> None:
    path = saves.data_dir() / "settings.json"
    path.write_text(json.dumps(stored | {"colorblind": True}), encoding="ascii")
    loaded = Settings.load()
    assert loaded.problems and loaded.colorblind is True
    assert loaded.volume == 1.0 and loaded.window_size is None
    assert loaded.last_setup == {} and loaded.board_prefs == {}


def test_what_the_game_writes_passes_its_own_schema(app) -> None:
    """Saves and settings written by the game load back unchanged and unreported."""
    from game.match import Match

    match = Match(GAMES["tsuno"], [HUMAN, HUMAN], seed=4, names=["Ann", "山田太郎"])
    for _ in range(12):  # dice rolled and moves made: undo memory to keep
        if match.advance() is None and match.human_to_decide():
            match.play(match.legal_for_viewer()[0])
    match.undo()
    memory = match.undo_memory()
    assert memory["drawn"] and memory["redo"]
    saves.write_autosave(*match.to_save(), match.own_names, memory)
    loaded = saves.load_autosave(saves.autosave_path("tsuno"))
    assert loaded.names == ["Ann", "山田太郎"] and loaded.record == match.state.to_record()
    assert loaded.memory == memory
    mine = Settings(animation="fast", language="ja", volume=0.5, window_size=[900, 600])
    mine.last_setup["tsuno"] = {"seats": [HUMAN], "options": {"difficulty": "advanced"}}
    mine.board_prefs["battleline"] = {"auto_claim": True}
    mine.save()
    again = Settings.load()
    assert again == mine and again.problems == []


@pytest.mark.parametrize("value", [10**30, 1e300, math.inf, math.nan, -1.0])
def test_a_time_outside_the_platform_range_is_outside_the_schema(value) -> None:
    with pytest.raises(schema.Invalid) as caught:
        schema.moment(value, "saved_at")
    assert caught.value.reason == "values"
    assert schema.moment(1_700_000_000, "saved_at") == 1_700_000_000.0


# --- text drawing never raises on any str ---------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters() | st.characters(categories=["Cs", "Cc"]), max_size=40))
def test_any_string_draws_and_measures(words: str) -> None:
    pygame.font.init()
    surface = pygame.Surface((200, 40))
    for bold in (False, True):
        text.blit_text(surface, words, 14, (255, 255, 255), bold, topleft=(0, 0))
        text.blit_text(surface, words, 14, (255, 255, 255), bold, symbol=True, topleft=(0, 0))
        assert text.text_width(words, 14, bold) >= 0
        assert text.fit_px(words, 14, 100, bold) >= text.MIN_TEXT_PX
        assert text.text_width(text.ellipsized(words, 14, 100, bold), 14, bold) <= 100


@pytest.mark.parametrize(
    "words",
    ["Ann\u0000", "\ud800Bo", "\udfff", "\u200b", "\u00ad", "\ufe0f", "a" * 3_000_000, "♛\u200d"],
    ids=[
        "nul",
        "surrogate",
        "low-surrogate",
        "zero-width",
        "soft-hyphen",
        "selector",
        "huge",
        "sym",
    ],
)
def test_what_the_font_refuses_is_replaced_before_it(words: str) -> None:
    pygame.font.init()
    image = text.render(words, 16, (0, 0, 0))
    assert image.get_height() > 0 and image.get_width() <= 16 * text.MAX_DRAWN
    shown = text.drawable(words)
    assert "\u0000" not in shown and shown.encode("utf-8")


def test_the_settings_schema_declares_every_setting() -> None:
    """A setting added without its place in the schema would never load back."""
    from dataclasses import fields

    assert set(schema.SETTINGS.checks) == {f.name for f in fields(Settings)}
