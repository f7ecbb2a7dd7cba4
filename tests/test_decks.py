"""Saved Frontline decks: round trip, bad entries dropped one by one, a damaged file moved aside,
an unwritable folder reported while the decks stay in memory."""

from __future__ import annotations

import json

import pytest

from game.decks import DECKS_FILE, DeckBook
from game.engines.frontline.cards import PREBUILT, UNIT_INDEX

ARMOR = list(PREBUILT["us_armored_task_force"])
TIGERS = list(PREBUILT["ge_tiger_detachment"])


def test_decks_round_trip_per_army(tmp_path) -> None:
    book = DeckBook.load(tmp_path)
    assert book.names("US") == [] and book.problem is None
    assert book.save("US", "Armour", ARMOR) and book.save("GE", "Tigers", TIGERS)
    assert book.save("US", "  spaced  ", ARMOR[:3])
    again = DeckBook.load(tmp_path)
    assert again.names("US") == ["Armour", "spaced"] and again.names("GE") == ["Tigers"]
    assert again.get("US", "Armour") == ARMOR and again.get("GE", "Tigers") == TIGERS
    stored = json.loads((tmp_path / DECKS_FILE).read_text(encoding="utf-8"))
    assert stored["decks"]["US"]["Armour"][0] == "us_m4a1_sherman"  # ids, not indices
    assert again.delete("US", "spaced") and DeckBook.load(tmp_path).names("US") == ["Armour"]
    assert again.next_name("US", "Deck") == "Deck 1"


def test_a_deck_needs_a_name(tmp_path) -> None:
    with pytest.raises(ValueError):
        DeckBook.load(tmp_path).save("US", "   ", ARMOR)


def test_a_damaged_file_is_moved_aside_and_reported(tmp_path) -> None:
    (tmp_path / DECKS_FILE).write_text("{not json", encoding="utf-8")
    book = DeckBook.load(tmp_path)
    assert book.problem is not None and book.problem.reason == "unreadable"
    assert book.names("US") == [] and not (tmp_path / DECKS_FILE).exists()
    assert any(p.name.startswith(DECKS_FILE + ".damaged-") for p in tmp_path.iterdir())
    (tmp_path / DECKS_FILE).write_text('{"format": "other"}', encoding="utf-8")
    assert DeckBook.load(tmp_path).problem.reason == "foreign"


def test_bad_entries_are_dropped_one_by_one_reported_and_the_good_ones_kept(tmp_path) -> None:
    good = ["us_rifle_squad", "us_bazooka_team"]
    payload = {
        "format": "five-fronts-decks",
        "version": 1,
        "decks": {
            "US": {"good": good, "unknown": ["us_king_tiger"], "other army": ["ge_tiger1"],
                   "not a list": 3},
            "GE": "nonsense",
        },
    }  # fmt: skip
    (tmp_path / DECKS_FILE).write_text(json.dumps(payload), encoding="utf-8")
    book = DeckBook.load(tmp_path)
    assert book.problem is not None and book.problem.reason == "incomplete"
    assert book.names("US") == ["good"] and book.names("GE") == []
    assert book.get("US", "good") == [UNIT_INDEX[i] for i in good]
    assert any(p.name.startswith(DECKS_FILE + ".damaged-") for p in tmp_path.iterdir())
    again = DeckBook.load(tmp_path)  # written back: the good deck, nothing to report
    assert again.problem is None and again.names("US") == ["good"]


def test_an_unwritable_folder_is_reported_and_the_deck_kept(tmp_path) -> None:
    folder = tmp_path / "not a folder"
    folder.write_text("a file where the data folder should be", encoding="utf-8")
    book = DeckBook.load(folder)
    assert book.problem is None and book.names("US") == []
    assert not book.save("US", "Armour", ARMOR)
    assert book.write_error and book.get("US", "Armour") == ARMOR


def test_no_folder_keeps_decks_in_memory_only(tmp_path) -> None:
    book = DeckBook.load(None)
    assert book.save("US", "Armour", ARMOR) and book.get("US", "Armour") == ARMOR
    assert list(tmp_path.iterdir()) == []
