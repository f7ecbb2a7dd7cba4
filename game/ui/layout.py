"""Geometry from the window size: one scale factor for type and spacing, and rect helpers.

Every scene recomputes its rects from :class:`Metrics` when the window changes, so nothing is
placed at a fixed pixel position. The reference design size is 1280×800.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.fonts import get_font

REFERENCE_SIZE = (1280, 800)
MIN_WINDOW = (800, 540)
_MIN_SCALE, _MAX_SCALE = 0.62, 2.4
# Room a window leaves on its desktop for the title bar, a taskbar or dock and the edges: a
# 1280x800 window does not fit the common 1366x768 laptop screen.
DESKTOP_ROOM = (0.94, 0.88)


def opening_size(
    desktop: tuple[int, int] | None, remembered: tuple[int, int] | None
) -> tuple[int, int]:
    """The windowed size to open at: the size the player left the window at, else the
    reference design size, either shrunk (the reference keeping its proportions) to what the
    desktop has room for, and never below ``MIN_WINDOW``. ``desktop`` None: unknown, no limit."""
    w, h = remembered or REFERENCE_SIZE
    if desktop is not None:
        room_w, room_h = round(desktop[0] * DESKTOP_ROOM[0]), round(desktop[1] * DESKTOP_ROOM[1])
        if remembered:
            w, h = min(w, room_w), min(h, room_h)
        else:
            k = min(1.0, room_w / w, room_h / h)
            w, h = round(w * k), round(h * k)
    return max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1])


@dataclass(frozen=True)
class Metrics:
    width: int
    height: int
    scale: float

    @classmethod
    def of(cls, size: tuple[int, int]) -> Metrics:
        w, h = size
        k = min(w / REFERENCE_SIZE[0], h / REFERENCE_SIZE[1])
        return cls(w, h, max(_MIN_SCALE, min(_MAX_SCALE, k)))

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)

    def px(self, value: float) -> int:
        """A design-size length in pixels at this window size."""
        return max(1, round(value * self.scale))

    def font_px(self, size: float) -> int:
        return max(11, round(size * self.scale))

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return get_font(self.font_px(size), bold)


def split_columns(rect: pygame.Rect, widths: Sequence[float], gap: int) -> list[pygame.Rect]:
    """Split ``rect`` horizontally in proportion to ``widths`` with ``gap`` pixels between."""
    free = rect.width - gap * (len(widths) - 1)
    total = sum(widths)
    out, x = [], rect.x
    for i, w in enumerate(widths):
        width = rect.right - x if i == len(widths) - 1 else round(free * w / total)
        out.append(pygame.Rect(x, rect.y, width, rect.height))
        x += width + gap
    return out


def stack_rows(rect: pygame.Rect, heights: list[int], gap: int) -> list[pygame.Rect]:
    """Rows of the given heights from the top of ``rect``."""
    out, y = [], rect.y
    for h in heights:
        out.append(pygame.Rect(rect.x, y, rect.width, h))
        y += h + gap
    return out
