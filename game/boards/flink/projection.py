"""Flink's isometric projection: where a cube corner lands on the screen for a view turned by any
angle (90° steps at rest, anything in between while the view turns), and the view fitted to an
area. The camera (``camera.py``) holds one of these at a time and asks it what is under the
mouse; the art draws through it.

The world is cells (x, y) covering [x, x+1] × [y, y+1] with y = 0 the north row, and height z in
cubes. The view turns the plan about the board's centre, then draws u - v across and u + v down
(a 2:1 isometric diamond), z straight up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

Point = tuple[float, float]
Cell = tuple[int, int]
Cube = tuple[int, int, int]

# Unit outward normals of the four side faces, (nx, ny) in plan.
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
# The two corners of a cell's top (in ``Projection.top``'s order) each side face spans.
SIDE_CORNERS = {(1, 0): (1, 2), (-1, 0): (0, 3), (0, 1): (3, 2), (0, -1): (0, 1)}


@dataclass
class Projection:
    """Plan centre (cx, cy), view angle (radians), half-width ``a`` of a cell's diamond and the
    screen point (ox, oy) the plan centre at height 0 lands on."""

    cx: float
    cy: float
    angle: float
    a: float
    ox: float
    oy: float

    def __post_init__(self) -> None:
        self.b = self.a * 0.5
        self.rise = self.a * 0.82  # screen pixels per cube of height
        self._cos, self._sin = math.cos(self.angle), math.sin(self.angle)

    def turn(self, x: float, y: float) -> tuple[float, float]:
        c, s = self._cos, self._sin
        dx, dy = x - self.cx, y - self.cy
        return dx * c - dy * s, dx * s + dy * c

    def point(self, x: float, y: float, z: float) -> Point:
        u, v = self.turn(x, y)
        return self.ox + (u - v) * self.a, self.oy + (u + v) * self.b - z * self.rise

    def depth(self, x: float, y: float) -> float:
        """Larger is nearer the viewer: draw in increasing depth."""
        u, v = self.turn(x, y)
        return u + v

    def top(self, x: int, y: int, z: float) -> list[Point]:
        """The top face of cell (x, y) at height z, as a screen polygon."""
        return [
            self.point(px, py, z) for px, py in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
        ]

    def side(self, x: int, y: int, z0: float, z1: float, normal: Cell) -> list[Point] | None:
        """The side face of the column of cell (x, y) from z0 to z1 facing ``normal``, or None
        when it faces away from the viewer."""
        if not self.faces(normal):
            return None
        a, b = SIDE_CORNERS[normal]
        high, low = self.top(x, y, z1), self.top(x, y, z0)
        return [high[a], high[b], low[b], low[a]]

    def faces(self, normal: Cell) -> bool:
        """Whether a side face with this outward normal faces the viewer."""
        nu, nv = self.turn(self.cx + normal[0], self.cy + normal[1])
        return nu + nv > 1e-6


def half_extent(cells: list[Cell], width: int, height: int, angle: float = 0.0) -> float:
    """Half the board's extent in u - v (across) and u + v (down), in cells, with the view turned
    by ``angle``: the same at every quarter turn, larger in between."""
    turn = Projection(width / 2, height / 2, angle, 1.0, 0.0, 0.0).turn
    corners = [
        turn(x + dx, y + dy) for x, y in cells for dx, dy in ((0, 0), (1, 1), (1, 0), (0, 1))
    ]
    return max((max(abs(u - v), abs(u + v)) for u, v in corners), default=0.0)


def fit(m: float, centre: Point, area: pygame.Rect, rise_room: float, angle: float) -> Projection:
    """The projection that shows a board of half extent ``m`` about plan point ``centre`` whole
    inside ``area``, with ``rise_room`` cubes of height kept free above the back row."""
    a = max(4.0, min(area.w / (2 * m), area.h / (m + rise_room * 0.82)))
    oy = area.y + area.h / 2 + rise_room * 0.82 * a / 2
    return Projection(*centre, angle, a, area.x + area.w / 2, oy)


def inside(pt: Point, poly: list[Point]) -> bool:
    """Point in a convex or simple polygon (even-odd rule)."""
    px, py = pt
    hit = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def box_of(points: list[Point]) -> pygame.Rect:
    """The smallest rectangle of whole pixels holding every point (a column, a piece)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return pygame.Rect(left, top, math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1)
