"""UI strings in English and Japanese: ``t("title.play")``, ``t("match.turn", name="Blue")``.

A language's table is ``<lang>.json`` beside this module (the application's own strings) joined
with every game's ``<game id>.<lang>.json`` (its names, options, log, refusals and board words:
keys with the game's id as one of their dotted parts), so a new game brings its text in its own
files. Bundled as ``game/i18n`` in the executable. A key missing from the active language falls
back to English, then to the key itself, so a gap shows up as a readable key rather than a
crash; tests keep both languages complete and every key in its owner's file.

English plurals: ``{count!p}`` writes "s" unless ``count`` is 1 (``"{count} soldier{count!p}"``).
"""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path

from game.resources import resource_path

LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"

_active = DEFAULT_LANGUAGE


def table_files(lang: str) -> list[Path]:
    """The files of one language's table: the application's, then each game's."""
    folder = resource_path("game", "i18n")
    return [folder / f"{lang}.json", *sorted(folder.glob(f"*.{lang}.json"))]


@cache
def table(lang: str) -> dict[str, str]:
    """The string table of one language."""
    out: dict[str, str] = {}
    for path in table_files(lang):
        out.update(json.loads(path.read_text(encoding="utf-8")))
    return out


def set_language(lang: str) -> None:
    global _active
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}, not {lang!r}")
    _active = lang


def get_language() -> str:
    return _active


def has(key: str) -> bool:
    return key in table(DEFAULT_LANGUAGE)


class _Formatter(string.Formatter):
    """``str.format`` with one more conversion: ``!p``, the English plural ending."""

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "p":
            return "" if value == 1 else "s"
        return super().convert_field(value, conversion)


_FORMATTER = _Formatter()


def t(key: str, **fmt: object) -> str:
    """The active language's string for ``key``, formatted with ``fmt``."""
    return t_in(_active, key, **fmt)


def t_in(lang: str, key: str, **fmt: object) -> str:
    """``lang``'s string for ``key`` whatever the active language (card faces are drawn for
    the language they are asked in)."""
    text = table(lang).get(key) or table(DEFAULT_LANGUAGE).get(key) or key
    return _FORMATTER.format(text, **fmt) if fmt else text


def t_or(key: str, fallback: str, **fmt: object) -> str:
    """Like ``t`` for keys that may legitimately be absent (option labels): else ``fallback``."""
    return t(key, **fmt) if has(key) else fallback
