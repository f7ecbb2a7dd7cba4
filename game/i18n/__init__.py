"""UI strings in English and Japanese: ``t("title.play")``, ``t("match.turn", name="Blue")``.

Tables live in ``<lang>.json`` beside this module (bundled as ``game/i18n`` in the executable).
A key missing from the active language falls back to English, then to the key itself, so a gap
shows up as a readable key rather than a crash; tests keep both tables complete.
"""

from __future__ import annotations

import json
from functools import cache

from game.resources import resource_path

LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"

_active = DEFAULT_LANGUAGE


@cache
def table(lang: str) -> dict[str, str]:
    """The string table of one language."""
    path = resource_path("game", "i18n", f"{lang}.json")
    return json.loads(path.read_text(encoding="utf-8"))


def set_language(lang: str) -> None:
    global _active
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}, not {lang!r}")
    _active = lang


def get_language() -> str:
    return _active


def has(key: str) -> bool:
    return key in table(DEFAULT_LANGUAGE)


def t(key: str, **fmt: object) -> str:
    """The active language's string for ``key``, formatted with ``fmt``."""
    text = table(_active).get(key) or table(DEFAULT_LANGUAGE).get(key) or key
    return text.format(**fmt) if fmt else text


def t_or(key: str, fallback: str, **fmt: object) -> str:
    """Like ``t`` for keys that may legitimately be absent (option labels): else ``fallback``."""
    return t(key, **fmt) if has(key) else fallback
