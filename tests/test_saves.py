"""Saves and settings on disk: atomic writes, damaged files set aside, defaults on bad values."""

from __future__ import annotations

import json
import os

import pytest

from game import saves
from game.settings import Settings


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))
    return saves.data_dir()


def record(game: str = "flatfront", history: list[int] | None = None) -> dict:
    return {"game": game, "version": 1, "num_players": 2, "options": {}, "history": history or [3]}


def test_data_dir_comes_from_the_environment_and_is_created(tmp_path, data_dir) -> None:
    assert data_dir == tmp_path / "data" and data_dir.is_dir()


def test_atomic_write_replaces_the_file_and_leaves_no_temporary_files(data_dir) -> None:
    path = data_dir / "x.json"
    saves.write_json_atomic(path, {"a": 1})
    saves.write_json_atomic(path, {"a": 2, "text": "日本語"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 2, "text": "日本語"}
    assert [p.name for p in data_dir.iterdir()] == ["x.json"]


def test_a_failed_write_keeps_the_old_file(data_dir) -> None:
    path = data_dir / "x.json"
    saves.write_json_atomic(path, {"a": 1})
    with pytest.raises(TypeError):
        saves.write_json_atomic(path, {"a": object()})  # not JSON-able: fails mid-write
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 1}
    assert [p.name for p in data_dir.iterdir()] == ["x.json"]


def test_autosaves_round_trip_newest_first(data_dir) -> None:
    saves.write_autosave("flatfront", ["human", "hard"], 7, record())
    saves.write_autosave("flink", ["human", "human"], 8, record("flink"))
    os.utime(saves.autosave_path("flatfront"), (1, 1))  # file times do not matter: saved_at does
    found, problems = saves.scan_autosaves()
    assert problems == []
    assert [s.game_id for s in found] == ["flink", "flatfront"]
    assert found[1].seats == ["human", "hard"] and found[1].seed == 7
    assert found[1].record["history"] == [3]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{broken", "unreadable"),
        (json.dumps([1, 2, 3]), "foreign"),
        (json.dumps({"format": saves.AUTOSAVE_FORMAT, "version": 99}), "version"),
        (
            json.dumps({"format": saves.AUTOSAVE_FORMAT, "version": 1, "game": "flatfront"}),
            "incomplete",
        ),
        (
            json.dumps(
                {
                    "format": saves.AUTOSAVE_FORMAT,
                    "version": 1,
                    "game": "flatfront",
                    "seats": ["human"],
                    "seed": 1,
                    "record": record("flink"),
                }
            ),
            "incomplete",
        ),
    ],
)
def test_damaged_or_foreign_saves_are_moved_aside_with_a_reason(data_dir, content, reason) -> None:
    path = saves.autosave_path("flatfront")
    path.write_text(content, encoding="utf-8")
    found, problems = saves.scan_autosaves()
    assert found == []
    assert [(p.file, p.reason) for p in problems] == [("flatfront.autosave.json", reason)]
    moved = data_dir / problems[0].moved_to
    assert moved.exists() and moved.read_text(encoding="utf-8") == content
    assert not path.exists()
    assert saves.scan_autosaves() == ([], [])  # reported once, not every start


def test_set_aside_never_raises_when_the_file_cannot_be_moved(data_dir) -> None:
    ghost = data_dir / "gone.autosave.json"
    problem = saves.set_aside(ghost, saves.DamagedFileError("unreadable", "gone"))
    assert problem.moved_to is None and problem.reason == "unreadable"


def test_settings_round_trip_and_bad_values_fall_back_one_by_one(data_dir) -> None:
    settings = Settings(animation="fast", sound=False, language="ja")
    settings.last_setup["flatfront"] = {"seats": ["human", "hard"], "options": {}}
    settings.save()
    loaded = Settings.load()
    assert loaded == settings
    path = data_dir / "settings.json"
    path.write_text(
        json.dumps({"animation": "warp", "sound": "loud", "colorblind": True}), encoding="utf-8"
    )
    loaded = Settings.load()
    assert loaded.animation == "normal" and loaded.sound is True and loaded.colorblind is True
    assert Settings(animation="off").animation_multiplier == 0.0


def test_a_command_line_language_is_for_the_session_until_the_player_chooses(data_dir) -> None:
    Settings(language="en").save()
    settings = Settings.load()
    settings.for_session("language", "ja")
    settings.for_session("fullscreen", True)
    settings.player_name = "Aiko"  # any later save, e.g. the join dialog storing a name
    settings.save()
    stored = Settings.load()
    assert (settings.language, settings.fullscreen) == ("ja", True)
    assert (stored.language, stored.fullscreen, stored.player_name) == ("en", False, "Aiko")
    settings.language = "en"  # chosen in the options: kept from now on, whatever it is
    settings.save()
    settings.language = "ja"
    settings.save()
    assert Settings.load().language == "ja"


def test_unreadable_settings_are_set_aside_and_defaults_used(data_dir) -> None:
    path = data_dir / "settings.json"
    path.write_text("\x00\x01 not json", encoding="utf-8")
    assert Settings.load().animation == "normal"
    assert list(data_dir.glob("settings.json.damaged-*"))


@pytest.mark.parametrize(
    "stored", [[1280, 800], [0, 800], [1280], [1280, "800"], [True, 800], "1280x800", None]
)
def test_the_window_size_is_kept_only_when_it_is_two_positive_whole_numbers(
    data_dir, stored
) -> None:
    (data_dir / "settings.json").write_text(json.dumps({"window_size": stored}), encoding="utf-8")
    expected = stored if stored == [1280, 800] else None
    assert Settings.load().window_size == expected
