"""A press that may become a drag onto drop zones, for every board that lets a thing be carried
to where it goes (a hand card to a line, a troop to its flag).

The press notes what it is on and lets the release decide: a release close to where the press
began is a click; once the mouse has travelled ``threshold`` pixels (``cards.dragging``) the press
is a drag for good (a thing carried away and brought back is put back, not clicked), the zones
the thing may be dropped on are lit as the kit's target rings, the thing follows the mouse, and
the release says on which zone it fell. Zones are keys with rects; what a
drop means is the board's — nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Generic, TypeVar

import pygame

from game.boards.cards import DRAG_START, dragging
from game.boards.targets import Target, draw_targets
from game.ui.draw import Art, Colour, blit_center

K = TypeVar("K", bound=Hashable)  # what is pressed
Z = TypeVar("Z", bound=Hashable)  # where it may be dropped

CARRIED_ALPHA = 220  # the thing under the mouse lets the zone under it show through


class Press(Generic[K]):
    """The press under way: where it began and on what (None: on nothing)."""

    def __init__(self, threshold: float = DRAG_START) -> None:
        self.threshold = threshold
        self.start: tuple[int, int] | None = None
        self.key: K | None = None
        self.carried = False  # the mouse has gone far enough: a drag, wherever it is now

    @property
    def held(self) -> bool:
        return self.start is not None

    def down(self, pos: tuple[int, int], key: K | None) -> None:
        self.start, self.key, self.carried = pos, key, False

    def cancel(self) -> None:
        self.start, self.key, self.carried = None, None, False

    def follow(self, pos: tuple[int, int]) -> None:
        """The mouse moved to ``pos``: once far enough from the press, the press is a drag."""
        self.carried = self._carried(pos)

    def _carried(self, pos: tuple[int, int]) -> bool:
        start = self.start
        return start is not None and (self.carried or dragging(start, pos, self.threshold))

    def dragged(self, mouse: tuple[int, int] | None) -> K | None:
        """The thing being carried: pressed, and the mouse gone far enough from the press."""
        return self.key if mouse is not None and self._carried(mouse) else None

    def up(self, pos: tuple[int, int]) -> tuple[K | None, bool]:
        """The press ends at ``pos``: the thing pressed and whether it was carried (a drop)
        rather than clicked; (None, False) when nothing was pressed."""
        key, carried = self.key, self._carried(pos)
        self.cancel()
        return key, carried


def zone_at(zones: Iterable[tuple[Z, pygame.Rect]], pos: tuple[int, int]) -> Z | None:
    """The first of ``zones`` (key, rect) under ``pos``."""
    return next((key for key, rect in zones if rect.collidepoint(pos)), None)


def draw_carried(
    surface: pygame.Surface,
    art: Art,
    palette: Mapping[str, Colour],
    lit: Iterable[tuple[Hashable, pygame.Rect]],
    image: pygame.Surface,
    mouse: tuple[int, int],
    width: int,
    alpha: int,
) -> None:
    """The zones the carried thing may go to ringed (``width`` thick, breathing at ``alpha``),
    and the thing itself (``image``) under the mouse, a little see-through."""
    rings = [Target(key, rect, width, lights=False) for key, rect in lit]
    draw_targets(surface, art, palette, rings, None, alpha)
    blit_center(surface, image, mouse, CARRIED_ALPHA)
