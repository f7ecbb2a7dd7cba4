"""Slots: where ``n`` like things rest in an area, the arithmetic every table lays out again.

A board says which area holds a row of tiles, a hand or a choice of cards, and how many; this
module answers with one rectangle per thing, as large as the area allows: a centred row of
tiles that shrink to fit many, a fan of cards that overlap when they do not fit side by side,
the grid of fewest rows that keeps cards largest. ``kept`` keeps the cards left in a hand in the
slots they lay in, so a card set aside does not slide the others under the pointer.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import pygame

from game.boards.cards import fan_offsets

K = TypeVar("K", bound=Hashable)


def row(area: pygame.Rect, count: int, ratio: float, gap: int) -> list[pygame.Rect]:
    """``count`` tiles of height/width ``ratio`` side by side, ``gap`` apart, centred across
    ``area`` and along its top, as tall as it is unless that many must shrink to fit."""
    if count <= 0:
        return []
    w = max(1, min(round(area.h / ratio), (area.w - gap * (count - 1)) // count))
    h = max(1, min(area.h, round(w * ratio)))
    x0 = area.x + (area.w - (count * w + (count - 1) * gap)) // 2
    return [pygame.Rect(x0 + i * (w + gap), area.y, w, h) for i in range(count)]


def fan(area: pygame.Rect, count: int, card_w: int, card_h: int) -> list[pygame.Rect]:
    """``count`` cards in a row centred in ``area``, overlapping when they do not fit side by
    side (whole-pixel steps, so the cards keep their places as the fan is redrawn)."""
    offsets = fan_offsets(count, card_w, area.w, card_w + max(2, card_w // 12), whole=True)
    spread = round(offsets[-1] - offsets[0]) if offsets else 0
    x0 = area.x + max(0, (area.w - card_w - spread) // 2)
    y = area.y + (area.h - card_h) // 2
    return [pygame.Rect(x0 + round(dx - offsets[0]), y, card_w, card_h) for dx in offsets]


def grid(area: pygame.Rect, count: int, ratio: float, gap: int) -> list[pygame.Rect]:
    """``count`` cards of height/width ``ratio`` in the fewest rows that keep them largest,
    centred in ``area``, filled row by row."""
    best: list[pygame.Rect] = []
    best_w = 0
    for rows in range(1, count + 1):
        cols = -(-count // rows)
        w = min(
            (area.w - gap * (cols - 1)) // cols, round((area.h - gap * (rows - 1)) / rows / ratio)
        )
        if w > best_w:
            best_w = w
            h = round(w * ratio)
            x0 = area.x + (area.w - (cols * w + (cols - 1) * gap)) // 2
            y0 = area.y + (area.h - (rows * h + (rows - 1) * gap)) // 2
            best = [
                pygame.Rect(x0 + (i % cols) * (w + gap), y0 + (i // cols) * (h + gap), w, h)
                for i in range(count)
            ]
    return best


def kept(
    laid: dict[K, pygame.Rect],
    held: Sequence[K],
    aside: Sequence[Hashable],
    thing: Callable[[K], Hashable],
) -> dict[Hashable, pygame.Rect]:
    """The slots of the things ``held`` now, out of ``laid`` (slot by key, as the hand lay
    before some were set aside): copies of a thing (same ``thing(key)``) that remain keep the
    slots of the copies not set aside (``aside``: the keys taken, latest last), so of two like
    cards the one not clicked stays where it lay; the copies go in their order otherwise."""
    out: dict[Hashable, pygame.Rect] = {}
    for what in dict.fromkeys(thing(key) for key in held):  # in hand order
        mine = [key for key in held if thing(key) == what]
        slots = [key for key in laid if thing(key) == what]
        gone = len(slots) - len(mine)
        taken = [key for key in aside if key in slots][-gone:] if gone > 0 else []
        free = [key for key in slots if key not in taken]
        if len(free) < len(mine):
            free = slots
        out.update(zip(mine, (laid[key] for key in free), strict=False))
    return out
