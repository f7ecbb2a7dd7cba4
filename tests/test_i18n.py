"""The English and Japanese tables are complete and every key the code asks for exists."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from game import i18n
from game.engines import GAMES
from game.i18n import LANGUAGES, set_language, t, t_in, t_or, table
from game.saves import DamagedFileError
from game.settings import ANIMATION_SPEEDS

ROOT = Path(__file__).resolve().parent.parent
# The application's modules; the boards' own key families are checked in their tests.
SOURCES = [
    ROOT / "game" / "app.py",
    ROOT / "game" / "__main__.py",
    ROOT / "game" / "match.py",
    *sorted((ROOT / "game" / "scenes").glob("*.py")),
    *sorted((ROOT / "game" / "ui").glob("*.py")),
]
BOARD_SOURCES = sorted((ROOT / "game" / "boards").glob("*.py"))
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z0-9_.+-]+)["']""")
DYNAMIC_KEY = re.compile(r"""\bt\(\s*f["']([a-z0-9_.]*)\{""")


@pytest.fixture(autouse=True)
def english():
    yield
    set_language("en")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_tables_have_identical_keys_and_placeholders() -> None:
    en, ja = table("en"), table("ja")
    assert set(en) == set(ja)
    for key in en:
        assert placeholders(en[key]) == placeholders(ja[key]), key
        assert en[key].strip() and ja[key].strip(), key


def test_each_game_brings_its_text_in_its_own_files() -> None:
    """A key with a game's id among its dotted parts lives in that game's file, every other key
    in the application's, none in two; each game's English and Japanese files hold the same
    keys (a new game adds its text without touching another file)."""
    for lang in LANGUAGES:
        seen: set[str] = set()
        for path in i18n.table_files(lang):
            owner = path.name.removesuffix(f".{lang}.json")
            keys = set(json.loads(path.read_text(encoding="utf-8")))
            assert not keys & seen, (path.name, sorted(keys & seen)[:5])
            seen |= keys
            for key in keys:
                games = [g for g in GAMES if g in key.split(".")]
                assert games == ([] if owner == f"{lang}.json" else [owner]), (path.name, key)
            if lang != "en":
                english = path.with_name(path.name.replace(f".{lang}.json", ".en.json"))
                english = english if owner != path.name else path.with_name("en.json")
                assert keys == set(json.loads(english.read_text(encoding="utf-8"))), path.name
        assert seen == set(table(lang))
    assert {p.name for p in i18n.table_files("en")} >= {f"{g}.en.json" for g in GAMES}


def test_every_literal_key_used_in_the_code_exists() -> None:
    used = set()
    for path in SOURCES + BOARD_SOURCES:
        used |= set(LITERAL_KEY.findall(path.read_text(encoding="utf-8")))
    assert len(used) > 60
    missing = sorted(k for k in used if k not in table("en"))
    assert missing == []


def test_every_dynamic_key_family_is_complete() -> None:
    prefixes = set()
    for path in SOURCES:
        prefixes |= set(DYNAMIC_KEY.findall(path.read_text(encoding="utf-8")))
    # Each f-string key family, with the values that can fill it.
    families = {
        "level.": ["human", "easy", "normal", "hard"],
        "settings.speed.": list(ANIMATION_SPEEDS),
        "save.reason.": ["unreadable", "foreign", "version", "incomplete", "illegal"],
        "join.bad_": ["form", "token", "address", "port"],  # InviteError.part
    }
    assert prefixes <= set(families), prefixes - set(families)
    for prefix, values in families.items():
        for value in values:
            assert f"{prefix}{value}" in table("en"), f"{prefix}{value}"
    for level in ("easy", "normal", "hard"):
        assert f"level.{level}.about" in table("en")


def test_save_problem_reasons_match_the_codes_saves_raises() -> None:
    source = (ROOT / "game" / "saves.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'DamagedFileError\(\s*"([a-z]+)"', source))
    source = (ROOT / "game" / "scenes" / "match.py").read_text(encoding="utf-8")
    codes |= set(re.findall(r'DamagedFileError\(\s*"([a-z]+)"', source))
    assert codes and all(f"save.reason.{c}" in table("en") for c in codes)
    assert isinstance(DamagedFileError("foreign", "x").reason, str)


def test_language_switch_formatting_and_fallbacks() -> None:
    assert t("match.thinking", name="Hard AI") == "Hard AI is thinking…"
    set_language("ja")
    assert i18n.get_language() == "ja"
    assert t("match.thinking", name="AI") == "AIが考えています…"
    assert t("no.such.key") == "no.such.key"
    assert t_or("option.flatfront.nothing", "Raw") == "Raw"
    assert t_or("option.flatfront.adjacency", "Raw") == "タイルの隣接"
    with pytest.raises(ValueError, match="language"):
        set_language("fr")
    assert set(LANGUAGES) == {"en", "ja"}


def test_english_plurals_follow_the_count() -> None:
    set_language("en")
    assert t("tsuno.act.rest", count=1) == "Rest 1 soldier"
    assert t("tsuno.act.rest", count=3) == "Rest 3 soldiers"
    both = t("log.tsuno.absorb", area=2, soldiers=1, reinforcements=0)
    assert both == "Area 2 absorbs with 1 soldier and 0 reinforcements"
    assert t_in("en", "frontline.tip.turns_left", n=1) == "1 turn left"


def test_no_english_string_hedges_a_plural_with_parentheses() -> None:
    """ "soldier(s)" reads as unfinished; ``{count!p}`` says it right."""
    assert not [key for key, text in table("en").items() if "(s)" in text]
