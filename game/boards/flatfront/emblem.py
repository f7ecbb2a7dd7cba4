"""Flat Front's emblem: a cross of blue and red tiles (the gallery, the set-up screen and the
app icon)."""

from __future__ import annotations

import pygame

from game.ui.draw import Colour, mix

EMBLEM_BLUE, EMBLEM_RED = (78, 132, 222), (214, 84, 76)


def _emblem_tile(s: pygame.Surface, rect: pygame.Rect, colour: Colour, marks: int) -> None:
    r = rect.height // 6
    pygame.draw.rect(s, mix(colour, (0, 0, 0), 0.45), rect.move(0, r // 2), border_radius=r)
    pygame.draw.rect(s, colour, rect, border_radius=r)
    pygame.draw.rect(
        s, mix(colour, (255, 255, 255), 0.35), rect, width=max(2, r // 3), border_radius=r
    )
    size = rect.height // 3
    for i in range(marks):
        cx = rect.centerx + (i - (marks - 1) / 2) * size * 1.3
        mark = pygame.Rect(0, 0, size, size)
        mark.center = (round(cx), rect.centery)
        pygame.draw.rect(s, mix(colour, (255, 255, 255), 0.75), mark, border_radius=size // 5)


def draw_emblem(s: pygame.Surface, n: int) -> None:
    """The game's emblem on the gallery and set-up screens, filling the ``n``-square ``s``
    (drawn at four times its size, then scaled down)."""
    tw, th = n * 30 // 100, n * 20 // 100
    cells = [
        ((0, 0), EMBLEM_BLUE, 2),
        ((1, 0), EMBLEM_RED, 1),
        ((-1, 0), EMBLEM_RED, 3),
        ((0, 1), EMBLEM_RED, 2),
        ((0, -1), EMBLEM_BLUE, 1),
        ((1, 1), EMBLEM_BLUE, 0),
        ((-1, -1), EMBLEM_RED, 1),
    ]
    for (x, y), colour, marks in cells:
        rect = pygame.Rect(0, 0, tw - n // 60, th - n // 60)
        rect.center = (n // 2 + x * tw, n // 2 + y * th)
        _emblem_tile(s, rect, colour, marks)
