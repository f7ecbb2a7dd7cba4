"""Flink's pictures painted from values with the board's isometric art: the board in play with
its coordinates and resting stacks (``Stage``, a picture kept between frames), and the rules
screen's (a legal first move, a refused overhang and a walk that climbs over the opponent:
``![...](picture:name)`` in ``assets/rules/flink.*.md``)."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.boards.flink.art import MIN_LABEL_PX, FlinkArt
from game.boards.flink.palette import PALETTES, SEAT_ROLES
from game.boards.flink.projection import Cell, Cube, Point, Projection, fit, half_extent
from game.boards.palette import BASE_PALETTE
from game.engines.flink.geometry import F_CELLS
from game.engines.flink.observation import FlinkObservation
from game.ui.draw import Colour, blit_center
from game.ui.text import render

WHITE, BLACK, RED = 0, 1, 2
LABEL_OUT = 0.85  # cells from the square board's edge to the middle of a coordinate label
# On the diamond a label goes out diagonally from its line's end, away from the staircase: there
# a column's label and a row's alternate along the edge, evenly spaced.
LABEL_OUT_DIAGONAL = 0.75


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
    area = pygame.Rect(8, 8, width - 16, surf.get_height() - 16)
    proj = fit(half_extent(list(cells), w, h), (w / 2, h / 2), area, 2, 0.0)
    art.paint_board(surf, proj, cells, edges)
    art.paint_pieces(surf, proj, {c: who for who, cubes in pieces if who != RED for c in cubes})
    ghost = [c for who, cubes in pieces if who == RED for c in cubes]
    if ghost:
        art.paint_cubes(surf, proj, dict.fromkeys(ghost, palette["illegal"]), alpha=190)
    for cube in walk:
        art.lit_cube(surf, proj, cube, palette["win"])
    return surf


def coordinate_labels(
    proj: Projection, cells: set[Cell], height: int, stairs: bool
) -> list[tuple[str, Point]]:
    """Where the names the log and the hints use go (column letters from the west, row numbers
    from the south): past the end of each line nearest the viewer, so they turn with the view;
    ``stairs`` for the diamond's staircase edges."""
    middle = max(max(c) for c in cells) / 2  # the diamond's halves
    labels = []
    for axis in (0, 1):
        lines: dict[int, list[int]] = {}
        for c in cells:
            lines.setdefault(c[axis], []).append(c[1 - axis])
        for at, along in sorted(lines.items()):
            side = 1 if at >= middle else -1
            spots = []
            for end, out in ((min(along), -1), (max(along) + 1, 1)):
                if stairs:
                    d = LABEL_OUT_DIAGONAL
                    q = (at + 0.5 + side * d, end + out * d)
                else:
                    q = (at + 0.5, end + out * LABEL_OUT)
                spots.append(q if axis == 0 else (q[1], q[0]))
            x, y = max(spots, key=lambda q: proj.depth(*q))
            name = chr(ord("A") + at) if axis == 0 else str(height - at)
            labels.append((name, proj.point(x, y, 0)))
    return labels


def paint_coordinates(
    surface: pygame.Surface, art: FlinkArt, proj: Projection, obs: FlinkObservation
) -> None:
    """The names the log and the hints use, along the edges nearest the viewer (on the board in
    play; the rules' pictures need none)."""
    px = max(MIN_LABEL_PX, round(proj.a * 0.5))
    cells = {(c[0], c[1]) for c in obs["cells"]}
    for name, point in coordinate_labels(proj, cells, obs["height"], obs["board"] == "diamond"):
        blit_center(surface, render(name, px, art.p["text_dim"]), point)


class Stage:
    """The board and its resting stacks as one picture, painted once per turn or size (the empty
    board itself only per view or size): a frame blits it and draws the ghost over it. A piece
    that lands is painted into it (``FlinkArt.paint_added``) once it has fallen: while it falls,
    the picture from before it landed is the right one."""

    def __init__(self) -> None:
        self._picture: pygame.Surface | None = None
        self._key: Hashable = None
        self._painted: dict[Cube, int] = {}  # the cubes in the picture, by player
        self._base = pygame.Surface((1, 1))
        self._base_key: Hashable = None
        self._obs: FlinkObservation | None = None
        self._stacks: Hashable = None

    def forget(self) -> None:
        """Paint the next picture whole (the palette or the layout changed)."""
        self._picture = None

    def picture(
        self,
        art: FlinkArt,
        proj: Projection,
        size: tuple[int, int],
        obs: FlinkObservation,
        cubes: dict[Cube, int],
        falling: list[Cube],
    ) -> pygame.Surface:
        """The board of ``obs`` seen through ``proj`` (its origin the picture's), ``size``
        large, with ``cubes`` (player by cube) but those still ``falling``."""
        if obs is not self._obs:  # once per observation, not per frame
            self._obs, self._stacks = obs, tuple(map(tuple, obs["stacks"]))
        key = (size, round(proj.angle, 4), id(art), self._stacks, tuple(falling))
        if self._picture is not None and key == self._key:
            return self._picture
        base_key = (*key[:3], obs["board"], obs["size"], proj.a, proj.ox, proj.oy)
        still = {c: who for c, who in cubes.items() if c not in falling}
        colours, marks = art.colours(still)
        picture = self._picture
        if (
            picture is not None
            and base_key == self._base_key
            and self._painted.items() <= still.items()
        ):
            art.paint_added(picture, proj, colours, marks, still.keys() - self._painted)
        else:
            if base_key != self._base_key:
                self._base = pygame.Surface(size)
                self._base.fill(art.p["bg"])
                art.paint_board(
                    self._base, proj, {(c[0], c[1]) for c in obs["cells"]}, obs["edges"]
                )
                paint_coordinates(self._base, art, proj, obs)
                self._base_key = base_key
            picture = self._base.copy()
            art.paint_cubes(picture, proj, colours, marks)
        self._picture, self._painted, self._key = picture, still, key
        return picture
