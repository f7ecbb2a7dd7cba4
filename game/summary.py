"""What a game-over summary shows, worded by the board (``Board.summary``) or by the game's words.

A table (headings, rows of text) and a few lines of notes under it (how the game was won, a
tie-break in words). Rows are either the seats (the winners' rows are gilded) or named lines
such as the games of a match; ``total`` gilds the last row (a match's point totals).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import t


@dataclass(frozen=True)
class Summary:
    headings: list[str]  # the first column's heading may be ""
    rows: list[list[str]]
    per_seat: bool  # row i is seat i
    notes: tuple[str, ...] = ()
    widths: tuple[float, ...] = ()  # relative column widths; () = a wide first column
    total: bool = False  # the last row sums the others
    subtitle: str = ""  # the game's own length ("ended on turn 7"); "" = the count of turns


def is_you(names: list[str], seat: int) -> bool:
    """Whether ``seat`` is the one human at the table (the seat list names it "You")."""
    return names[seat] == t("seat.you")


def said(key: str, names: list[str], seat: int, **args: object) -> str:
    """``key`` with the seat's name, or its ``.you`` form when the seat is the one human: "You
    win on points" rather than "You wins on points" (and the Japanese without a name)."""
    if is_you(names, seat):
        return t(f"{key}.you", **args)
    return t(key, name=names[seat], **args)
