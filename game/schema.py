"""What the files in the data folder may hold: one declared schema per file, checked once on load.

A file is read by its loader (:mod:`game.saves`, :mod:`game.settings`, :mod:`game.decks`), which
checks it here and gets back a copy holding only what the schema allows, so no later code meets
a name the font cannot draw, a time ``time.localtime`` refuses or an infinite number. Anything
else raises :class:`Invalid`, and the loader reports the file and moves it aside like any damaged
file. Checks are small functions built from the combinators below (hand-written: a validation
library would be larger in the executable than all of this).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any

from game.i18n import LANGUAGES
from game.net.invite import InviteError, normal_token
from game.net.protocol import MAX_NAME

NAME_MAX = 16  # characters of a player's own name: what the set-up screen lets one type
DECK_NAME_MAX = 40  # characters of a saved deck's name
ID_MAX = 64  # characters of an identifier: a game, an option, a seat kind, a card
PLAYERS_MAX = 8
MOVES_MAX = 100_000  # moves in one record: no match of ours comes near
LATEST_TIME = 253_402_300_799.0  # 9999-12-31 23:59:59 UTC, the last moment a date shows

Check = Callable[[Any, str], Any]  # (value, where it is) -> the value as kept; raises Invalid


class Invalid(ValueError):
    """A value outside the schema. ``reason`` is the code the UI words ("incomplete" for a
    missing value or one of the wrong type, "values" for one of the right type out of range,
    or the reason a field names with ``reported_as``)."""

    def __init__(self, reason: str, where: str, what: str) -> None:
        super().__init__(f"{where or 'the file'} {what}")
        self.reason = reason


def _expect(ok: bool, where: str, what: str, reason: str = "incomplete") -> None:
    if not ok:
        raise Invalid(reason, where, what)


# --- single values --------------------------------------------------------------------------------
def boolean(value: Any, where: str) -> bool:
    _expect(isinstance(value, bool), where, "is not true or false")
    return bool(value)


def integer(low: int, high: int) -> Check:
    """A whole number from ``low`` to ``high`` (JSON's true and false are not numbers)."""

    def check(value: Any, where: str) -> int:
        _expect(isinstance(value, int) and not isinstance(value, bool), where, "is not a number")
        _expect(low <= value <= high, where, f"is not from {low} to {high}", "values")
        return int(value)

    return check


def number(low: float, high: float) -> Check:
    """A finite number from ``low`` to ``high`` (JSON parses ``Infinity`` and ``NaN``)."""

    def check(value: Any, where: str) -> float:
        _expect(
            isinstance(value, int | float) and not isinstance(value, bool),
            where,
            "is not a number",
        )
        _expect(math.isfinite(value) and low <= value <= high, where, "is out of range", "values")
        return float(value)

    return check


def moment(value: Any, where: str) -> float:
    """A time in seconds since 1970 that this platform can turn into a date."""
    seconds = number(0.0, LATEST_TIME)(value, where)
    try:
        time.localtime(seconds)
    except (OverflowError, OSError, ValueError) as err:
        raise Invalid("values", where, "is a time this system cannot show") from err
    return seconds


def text(longest: int, *, blank: bool = True) -> Check:
    """Printable text of at most ``longest`` characters: no control characters, no lone
    surrogates (which no font can be given), nothing invisible but spaces."""

    def check(value: Any, where: str) -> str:
        _expect(isinstance(value, str), where, "is not text")
        _expect(len(value) <= longest, where, f"is longer than {longest} characters", "values")
        _expect(value.isprintable(), where, "holds characters that cannot be shown", "values")
        _expect(blank or bool(value.strip()), where, "is blank", "values")
        return str(value)

    return check


def one_of(*allowed: Any) -> Check:
    def check(value: Any, where: str) -> Any:
        _expect(
            any(type(value) is type(a) and value == a for a in allowed),
            where,
            f"is not one of {', '.join(map(repr, allowed))}",
            "values",
        )
        return value

    return check


def plain(value: Any, where: str) -> str | int | float | bool:
    """An option's value: text, a whole number, a finite number or true / false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return integer(-(2**53), 2**53)(value, where)
    if isinstance(value, float):
        return number(-math.inf, math.inf)(value, where)
    return text(ID_MAX)(value, where)


def token(value: Any, where: str) -> str:
    """An invite code's token (``game.net.invite``), as it is compared."""
    _expect(isinstance(value, str), where, "is not text")
    try:
        return normal_token(value)
    except InviteError as err:
        raise Invalid("values", where, "is not an invite code's token") from err


# --- containers ----------------------------------------------------------------------------------
def list_of(item: Check, longest: int, shortest: int = 0) -> Check:
    def check(value: Any, where: str) -> list:
        _expect(isinstance(value, list), where, "is not a list")
        _expect(
            shortest <= len(value) <= longest,
            where,
            f"does not hold {shortest} to {longest} entries",
            "values",
        )
        return [item(v, f"{where}[{i}]") for i, v in enumerate(value)]

    return check


def row(*items: Check) -> Check:
    """A list of exactly these entries, each with its own check (a pair, a triple)."""

    def check(value: Any, where: str) -> list:
        _expect(isinstance(value, list) and len(value) == len(items), where, "is not a row")
        return [c(v, f"{where}[{i}]") for i, (c, v) in enumerate(zip(items, value, strict=True))]

    return check


def table_of(key: Check, item: Check, most: int) -> Check:
    """A JSON object of any keys (each checked by ``key``) to values checked by ``item``."""

    def check(value: Any, where: str) -> dict:
        _expect(isinstance(value, dict), where, "is not a table")
        _expect(len(value) <= most, where, f"holds more than {most} entries", "values")
        return {key(k, f"{where}:key"): item(v, f"{where}.{k}") for k, v in value.items()}

    return check


class Table:
    """A JSON object with named fields: ``required`` ones must be there, ``optional`` ones may
    be (the loader supplies their defaults); other keys, from a newer version, are left out of
    the copy."""

    def __init__(self, required: Mapping[str, Check], optional: Mapping[str, Check] | None = None):
        self.checks = {**required, **(optional or {})}
        self.required = set(required)

    def __call__(self, value: Any, where: str = "") -> dict:
        _expect(isinstance(value, dict), where, "is not a table")
        for name in self.required:
            _expect(name in value, where, f"lacks {name!r}")
        return {
            name: check(value[name], _join(where, name))
            for name, check in self.checks.items()
            if name in value
        }

    def fields(self, value: dict) -> tuple[dict[str, Any], list[Invalid]]:
        """Field by field: the fields present that pass, and what was wrong with the others
        (for a file whose good values are worth keeping when one is bad: the settings)."""
        kept: dict[str, Any] = {}
        wrong: list[Invalid] = []
        for name, check in self.checks.items():
            if name in value:
                try:
                    kept[name] = check(value[name], name)
                except Invalid as err:
                    wrong.append(err)
        return kept, wrong


def sift(entry: Check, value: Any, where: str) -> tuple[dict, list[Invalid]]:
    """A table's entries one by one, each as a [key, value] row checked by ``entry``: those
    that pass, and what was wrong with the others (for a file whose good entries are worth
    keeping when one is bad: the saved decks)."""
    if not isinstance(value, dict):
        return {}, [Invalid("incomplete", where, "is not a table")]
    kept: dict = {}
    wrong: list[Invalid] = []
    for key, item in value.items():
        try:
            kept[key] = entry([key, item], f"{where}.{key}")[1]
        except Invalid as err:
            wrong.append(err)
    return kept, wrong


def nullable(check: Check) -> Check:
    return lambda value, where: None if value is None else check(value, where)


def reported_as(reason: str, check: Check) -> Check:
    """``check``, with anything wrong reported as ``reason`` (the seats, the options)."""

    def reported(value: Any, where: str) -> Any:
        try:
            return check(value, where)
        except Invalid as err:
            raise Invalid(reason, where, str(err).removeprefix(where).strip()) from err

    return reported


def _join(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


# --- the files -----------------------------------------------------------------------------------
identifier = text(ID_MAX, blank=False)
name = text(NAME_MAX)
options = table_of(identifier, plain, 64)

RECORD = Table(
    {
        "game": identifier,
        "version": integer(0, 2**31),
        "num_players": integer(1, PLAYERS_MAX),
        "options": reported_as("options", options),
        "history": list_of(integer(0, 2**31), MOVES_MAX),
    }
)
# What undo and redo remember (``Match.undo_memory``): each chance outcome drawn, by the
# outcomes on offer (action, probability) and how many times that offer came before; the redo
# stack.
MEMORY = Table(
    {},
    {
        "drawn": list_of(
            row(
                list_of(row(integer(0, 2**31), number(0.0, 1.0)), 10_000, 1),
                integer(0, MOVES_MAX),
                integer(0, 2**31),
            ),
            MOVES_MAX,
        ),
        "redo": list_of(integer(0, 2**31), MOVES_MAX),
    },
)
# An autosave once its "format" and "version" are known to be ours (``game.saves``).
AUTOSAVE = Table(
    {
        "game": identifier,
        "seats": reported_as("seats", list_of(identifier, PLAYERS_MAX, 1)),
        "seed": integer(-(2**63), 2**63),
        "record": RECORD,
    },
    {
        "saved_at": moment,
        "names": list_of(name, PLAYERS_MAX),
        "memory": MEMORY,
        "remote": list_of(integer(0, PLAYERS_MAX - 1), PLAYERS_MAX),
    },
)
# A game's set-up as the Play button remembers it; whether the kinds and values suit the game
# is the set-up screen's check.
SETUP = Table(
    {},
    {
        "seats": list_of(identifier, PLAYERS_MAX),
        "options": options,
        "names": list_of(name, PLAYERS_MAX),
    },
)
# A seat a guest was let into by knocking at a table of the local network (``game.net.rejoin``):
# where the table is, the token the host handed over, the host's name and the seat.
KEPT_SEAT = Table(
    {
        "host": text(253, blank=False),
        "port": integer(1, 65_535),
        "token": token,
        "host_name": text(MAX_NAME),
        "seat": integer(0, PLAYERS_MAX - 1),
    }
)
KEPT_SEATS_MAX = 8
ANIMATIONS = ("off", "slow", "normal", "fast")  # the speeds ``Settings.animation`` offers
SETTINGS = Table(
    {},
    {
        "animation": one_of(*ANIMATIONS),
        "sound": boolean,
        "fullscreen": boolean,
        "colorblind": boolean,
        "language": one_of(*LANGUAGES),
        "last_setup": table_of(identifier, SETUP, 64),
        "board_prefs": table_of(identifier, table_of(identifier, plain, 64), 64),
        "volume": number(0.0, 1.0),
        "window_size": nullable(row(integer(1, 99_999), integer(1, 99_999))),
        "player_name": name,
        "kept_seats": list_of(KEPT_SEAT, KEPT_SEATS_MAX),
    },
)
# Saved decks once their "format" and "version" are known to be ours (``game.decks``):
# {"decks": {army: {name: [card id, ...]}}}, sifted army by army and deck by deck (ids this
# version does not know are the loader's to drop).
DECKS_ARMY = row(identifier, lambda value, where: value)  # its decks: sifted with DECK
DECK = row(text(DECK_NAME_MAX, blank=False), list_of(identifier, 200))
