"""Saved decks: named Frontline decks per army in ``decks.json`` in the data folder.

Written with the helpers of :mod:`game.saves` (atomic write; an unreadable file is moved aside and
described, never a crash). Each deck is checked against ``schema.DECK``: one outside it is
dropped, the file is moved aside and reported, and the good decks are written back. A failed
write is recorded in ``write_error`` and the decks stay in memory, so the builder goes on. Cards
are stored by their ids (``us_m4a1_sherman``), not by index, so a later card list keeps old decks
readable; a deck naming cards this version does not know is left out quietly.
"""

from __future__ import annotations

from pathlib import Path

from game import schema
from game.engines.frontline.cards import SIDES, UNIT_INDEX, UNITS
from game.saves import DamagedFileError, Problem, read_json, set_aside, write_json_atomic
from game.schema import DECK_NAME_MAX

DECKS_FILE = "decks.json"
DECKS_FORMAT = "five-fronts-decks"
DECKS_VERSION = 1


class DeckBook:
    """The saved decks of both armies (army code "US"/"GE" -> name -> card indices)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder  # None: nowhere to keep decks (a self-test), nothing is written
        self.decks: dict[str, dict[str, list[int]]] = {side: {} for side in SIDES}
        self.problem: Problem | None = None  # a damaged file found (and moved aside) by load
        self.write_error: str | None = None  # why the last write failed, None when it worked

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / DECKS_FILE

    @classmethod
    def load(cls, folder: Path | None) -> DeckBook:
        book = cls(folder)
        path = book.path
        try:
            if path is None or not path.exists():
                return book
        except OSError:
            return book
        try:
            data = read_json(path)
            if not isinstance(data, dict) or data.get("format") != DECKS_FORMAT:
                raise DamagedFileError("foreign", f"{path.name} is not a Five Fronts deck file")
            if data.get("version") != DECKS_VERSION:
                raise DamagedFileError("version", f"{path.name} has version {data.get('version')}")
        except DamagedFileError as err:
            book.problem = set_aside(path, err)
            return book
        armies, wrong = schema.sift(schema.DECKS_ARMY, data.get("decks", {}), "decks")
        for side in SIDES:
            decks, bad = schema.sift(schema.DECK, armies.get(side, {}), f"decks.{side}")
            wrong += bad
            for name, ids in decks.items():
                cards = _cards(side, ids)
                if cards is not None:
                    book.decks[side][name] = cards
        if wrong:  # set aside for inspection; the good decks are kept and written back
            detail = f"{path.name}: " + "; ".join(map(str, wrong))
            book.problem = set_aside(path, DamagedFileError(wrong[0].reason, detail))
            book._write()
        return book

    def names(self, side: str) -> list[str]:
        return sorted(self.decks[side], key=str.casefold)

    def get(self, side: str, name: str) -> list[int]:
        return list(self.decks[side][name])

    def save(self, side: str, name: str, cards: list[int]) -> bool:
        """Keep ``cards`` as ``name`` (replacing a deck of that name); False when the file could
        not be written (the deck is still kept for this session)."""
        name = name.strip()[:DECK_NAME_MAX]
        if not name:
            raise ValueError("a deck needs a name")
        self.decks[side][name] = list(cards)
        return self._write()

    def delete(self, side: str, name: str) -> bool:
        self.decks[side].pop(name, None)
        return self._write()

    def next_name(self, side: str, stem: str) -> str:
        """``stem 1``, ``stem 2``, ...: the first such name not yet used for this army."""
        n = 1
        while f"{stem} {n}" in self.decks[side]:
            n += 1
        return f"{stem} {n}"

    def _write(self) -> bool:
        path = self.path
        if path is None:
            return True
        payload = {
            "format": DECKS_FORMAT,
            "version": DECKS_VERSION,
            "decks": {
                side: {name: [UNITS[c].id for c in cards] for name, cards in entries.items()}
                for side, entries in self.decks.items()
            },
        }
        try:
            write_json_atomic(path, payload)
        except OSError as err:
            self.write_error = err.strerror or str(err)
            return False
        self.write_error = None
        return True


def _cards(side: str, ids: list[str]) -> list[int] | None:
    """The card indices of a stored deck, or None if it is not a list of this army's card ids."""
    if not all(i in UNIT_INDEX for i in ids):
        return None
    cards = [UNIT_INDEX[i] for i in ids]
    if any(SIDES[UNITS[c].side] != side for c in cards):
        return None
    return cards
