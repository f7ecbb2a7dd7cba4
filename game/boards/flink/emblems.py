"""Flink's emblem on the gallery and set-up screens: two F pieces on a board with its four sides
in the players' colours."""

from __future__ import annotations

import pygame

from game.ui.draw import mix

# The emblem's two players.
EMBLEM_WHITE, EMBLEM_BLACK = (236, 232, 220), (40, 42, 50)


EMBLEM_F = ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2))


def draw_emblem(s: pygame.Surface, n: int) -> None:
    """The game's emblem on the gallery and set-up screens, filling the ``n``-square ``s``
    (drawn at four times its size, then scaled down)."""
    cell = n // 8
    origin = n // 2 - 3 * cell
    grid = pygame.Rect(origin, origin, 6 * cell, 6 * cell)
    pygame.draw.rect(s, (58, 62, 72), grid, border_radius=cell // 3)
    for i in range(7):
        pygame.draw.line(
            s, (84, 88, 100), (grid.x + i * cell, grid.y), (grid.x + i * cell, grid.bottom), 3
        )
        pygame.draw.line(
            s, (84, 88, 100), (grid.x, grid.y + i * cell), (grid.right, grid.y + i * cell), 3
        )
    bar = cell // 3
    for x in (grid.x - bar - 4, grid.right + 4):
        pygame.draw.rect(s, EMBLEM_WHITE, (x, grid.y, bar, grid.height), border_radius=bar // 2)
    for y in (grid.y - bar - 4, grid.bottom + 4):
        edge = pygame.Rect(grid.x, y, grid.width, bar)
        pygame.draw.rect(s, EMBLEM_BLACK, edge, border_radius=bar // 2)
        pygame.draw.rect(s, (120, 124, 136), edge, width=3, border_radius=bar // 2)
    for (dx, dy), colour in (((0, 0), EMBLEM_WHITE), ((3, 2), EMBLEM_BLACK)):
        for cx, cy in EMBLEM_F:
            r = pygame.Rect(
                grid.x + (cx + dx) * cell + 3, grid.y + (cy + dy + 1) * cell + 3, cell - 6, cell - 6
            )
            pygame.draw.rect(s, colour, r, border_radius=cell // 6)
            pygame.draw.rect(s, mix(colour, (128, 128, 128), 0.5), r, 3, border_radius=cell // 6)
