"""The rules screen's pictures of Flink, drawn with the board's own isometric art: a legal first
move, a refused overhang and a walk that climbs over the opponent (``![...](picture:name)`` in
``assets/rules/flink.*.md``)."""

from __future__ import annotations

import pygame

from game.boards.flink.art import FlinkArt
from game.boards.flink.palette import PALETTES, SEAT_ROLES
from game.boards.flink.projection import Cell, Cube, fit, half_extent
from game.boards.palette import BASE_PALETTE
from game.engines.flink.geometry import F_CELLS
from game.ui.draw import Colour

WHITE, BLACK, RED = 0, 1, 2


def _board(width: int, height: int) -> tuple[set[Cell], list[list[list[int]]]]:
    """A small square board's cells and edges in the observation's shape: White owns west and
    east, Black north and south (edge directions 0 east, 1 west, 2 south, 3 north)."""
    cells = {(x, y) for y in range(height) for x in range(width)}
    edges: list[list[list[int]]] = [[], []]
    for y in range(height):
        edges[0] += [[0, y, 1, 0], [width - 1, y, 0, 1]]
    for x in range(width):
        edges[1] += [[x, 0, 3, 0], [x, height - 1, 2, 1]]
    return cells, edges


def _f(x: int, y: int, z: int) -> list[Cube]:
    """The F lying flat with its corner cell at (x, y), at height z."""
    return [(x + dx, y + dy, z) for dx, dy in F_CELLS]


SCENES: dict[str, tuple[tuple[int, int], list[tuple[int, list[Cube]]], list[Cube]]] = {
    # name: (board size, (who, cubes) drawn in order, cubes of the walk to light)
    "first_move": ((5, 5), [(WHITE, _f(0, 1, 0))], []),
    "overhang": ((5, 5), [(BLACK, _f(1, 1, 0)), (RED, _f(2, 1, 1))], []),
    "climb": (
        (3, 3),
        [(WHITE, [(0, 1, 0), (2, 1, 0), (1, 1, 1)]), (BLACK, [(1, 1, 0)])],
        [(0, 1, 0), (1, 1, 1), (2, 1, 0)],
    ),
}


def picture(name: str, width: int) -> pygame.Surface | None:
    if name not in SCENES:
        return None
    (w, h), pieces, walk = SCENES[name]
    palette: dict[str, Colour] = {**BASE_PALETTE, **PALETTES["normal"]}
    art = FlinkArt(palette, SEAT_ROLES)
    cells, edges = _board(w, h)
    surf = pygame.Surface((width, round(width * 0.5)), pygame.SRCALPHA)
    proj = fit(
        half_extent(list(cells), w, h), w, h, (8, 8, width - 16, surf.get_height() - 16), 2, 0.0
    )
    art.paint_board(surf, proj, cells, edges)
    solid = {c: who for who, cubes in pieces if who != RED for c in cubes}
    art.paint_cubes(
        surf,
        proj,
        {c: art.piece_colour(who) for c, who in solid.items()},
        {c: who == BLACK for c, who in solid.items()},
    )
    ghost = [c for who, cubes in pieces if who == RED for c in cubes]
    if ghost:
        art.paint_cubes(surf, proj, dict.fromkeys(ghost, palette["illegal"]), alpha=190)
    for cube in walk:
        art.lit_cube(surf, proj, cube, palette["win"])
    return surf
