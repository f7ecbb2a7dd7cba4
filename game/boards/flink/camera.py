"""Flink's camera: the view turned in 90° steps about the board's centre, fitted to its area, and
what lies under the pointer there: a column's top, the space in front of a wall, or the ghost of
the piece in hand raised on a stack. It owns the view's state (its turn, the angle animated
between turns, the heights it shows and what it computed from them), so the board asks it rather
than computing projections itself."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from game.boards.flink.art import LABEL_ROOM
from game.boards.flink.projection import SIDES, Cell, Cube, Projection, fit, half_extent, inside
from game.engines.flink.observation import FlinkObservation
from game.engines.flink.preview import heights, preview

Want = tuple[Cell | None, Cell | None, int]  # the ghost shown, the hinted cell, the orientation
Region = tuple[list[tuple[float, float]], tuple[float, float, float, float], Cell, Cell]


def regions(proj: Projection, heights: dict[Cell, int]) -> list[Region]:
    """What the mouse points at, nearest first, as (outline, its box, the cell meant, the column
    drawn there): a column's top face means that cell; the exposed part of a wall means the cell
    in front of it (put the piece against the wall), or the column itself where the wall faces
    off the board."""
    found: list[Region] = []
    order = sorted(heights, key=lambda c: -proj.depth(c[0] + 0.5, c[1] + 0.5))
    for x, y in order:
        h = heights[(x, y)]
        polys = [(proj.top(x, y, h), (x, y))]
        for normal in SIDES:
            if not h:
                break
            ahead = (x + normal[0], y + normal[1])
            low = heights.get(ahead)
            if low is not None and low >= h:
                continue
            face = proj.side(x, y, low or 0, h, normal)
            if face is not None:
                polys.append((face, ahead if low is not None else (x, y)))
        for poly, cell in polys:
            xs, ys = [q[0] for q in poly], [q[1] for q in poly]
            found.append((poly, (min(xs), min(ys), max(xs), max(ys)), cell, (x, y)))
    return found


def surface_at(found: list[Region], pos: tuple[int, int]) -> tuple[Cell, Cell] | None:
    """The nearest surface under ``pos``: the cell it means and the column it belongs to."""
    px, py = pos
    for poly, (x0, y0, x1, y1), cell, drawn in found:
        if x0 <= px <= x1 and y0 <= py <= y1 and inside(pos, poly):
            return cell, drawn
    return None


def covers(proj: Projection, cubes: list[Cube], pos: tuple[int, int]) -> bool:
    """Whether any of ``cubes``, as drawn by ``proj``, lies under ``pos``: on its top or a side
    facing the viewer (together, the cube's outline)."""
    for x, y, z in cubes:
        faces = [proj.top(x, y, z + 1)] + [proj.side(x, y, z, z + 1, n) for n in SIDES]
        if any(face is not None and inside(pos, face) for face in faces):
            return True
    return False


class Camera:
    """The view of the board inside ``area``; ``angle`` is animated by the board's tweens."""

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 1, 1)
        self.turns = 0  # quarter turns of the view at rest
        self.angle = 0.0  # the view's angle now (between two rests while it turns)
        self.obs: FlinkObservation | None = None
        self.heights: dict[Cell, int] = {}
        self.heights_key: Hashable = None
        self.board_key: Hashable = None
        self.extent = 10.0  # half the board's extent on screen at rest, in cells
        self._regions_key: Hashable = None
        self._regions: list[Region] = []
        self._aim_key: Hashable = None
        self._aim_cell: Cell | None = None

    def observe(self, obs: FlinkObservation) -> None:
        self.obs = obs
        self.heights = heights(obs)
        self.heights_key = tuple(self.heights.values())
        if (obs["board"], obs["size"]) != self.board_key:
            self.board_key = (obs["board"], obs["size"])
            self.extent = half_extent(list(self.heights), obs["width"], obs["height"]) + LABEL_ROOM

    def turn_to(self, step: int) -> float:
        """Turns the view a quarter ``step`` times; the angle the tween should reach."""
        self.turns += step
        return self.turns * math.pi / 2

    def projection(self, angle: float | None = None) -> Projection:
        """The view at ``angle`` (the animated one by default), the whole board in ``area``
        with room above the back row for the tallest stack."""
        obs = self.obs
        width, height = (10, 10) if obs is None else (obs["width"], obs["height"])
        turn = self.angle if angle is None else angle
        extent = self.extent
        if abs(turn / (math.pi / 2) - round(turn / (math.pi / 2))) > 1e-6:
            extent = half_extent(list(self.heights), width, height, turn) + LABEL_ROOM
        top = max(self.heights.values(), default=0)
        return fit(extent, (width / 2, height / 2), self.area, max(3, top + 1), turn)

    def at_rest(self, quarter: int = 0) -> Projection:
        """The view at rest ``quarter`` turns past its target: clicks map through it."""
        return self.projection((self.turns + quarter) * math.pi / 2)

    def regions(self, proj: Projection) -> list[Region]:
        key = (*_key(proj), self.heights_key)
        if key != self._regions_key:
            self._regions_key, self._regions = key, regions(proj, self.heights)
        return self._regions

    def under(self, pos: tuple[int, int]) -> tuple[Cell, Cell] | None:
        """The surface under ``pos`` in the view at rest: the cell it means (a column's top, or
        the space in front of a wall) and the column drawn there."""
        return surface_at(self.regions(self.at_rest()), pos)

    def aim(self, pos: tuple[int, int], proj: Projection, want: Want) -> Cell | None:
        """The placement whose ghost is drawn under the pointer, at whatever height it rests,
        for ``want`` = (the ghost shown, the hinted cell, the orientation in hand). In order:
        the ghost already shown, while the pointer stays on its centre column (a ghost raised
        on a stack hides the floor behind it: moving onto it must not make it jump away); the
        hinted piece, anywhere on it; the ghost resting on the surface under the pointer; a
        fitting ghost raised above that surface whose centre column is under the pointer (the
        nearest); else the surface's cell, refused or not."""
        if self.obs is None:
            return None
        key = (pos, *want, self.heights_key, *_key(proj))
        if key != self._aim_key:
            self._aim_key, self._aim_cell = key, self._aim(pos, proj, want)
        return self._aim_cell

    def ghost(self, orientation: int, cell: Cell) -> list[Cube]:
        assert self.obs is not None
        return preview(self.obs, orientation, cell, self.heights).cubes

    def _aim(self, pos: tuple[int, int], proj: Projection, want: Want) -> Cell | None:
        assert self.obs is not None
        held, hint, orientation = want
        if held in self.heights and covers(proj, _centre(held, self.ghost(orientation, held)), pos):
            return held
        if hint is not None and covers(proj, self.ghost(orientation, hint), pos):
            return hint
        under = surface_at(self.regions(proj), pos)
        if under is not None and covers(proj, self.ghost(orientation, under[0]), pos):
            return under[0]
        floor = -1 if under is None else self.heights[under[1]]
        raised = []
        for cell in self.heights:
            shadow = preview(self.obs, orientation, cell, self.heights)
            middle = _centre(cell, shadow.cubes)
            low = min((c[2] for c in middle), default=0)
            if shadow.reason is None and low > floor and covers(proj, middle, pos):
                raised.append((low, proj.depth(cell[0] + 0.5, cell[1] + 0.5), cell))
        if raised:
            return max(raised)[2]
        return None if under is None else under[0]

    def point_for(
        self, cell: Cell, quarter: int, want: Want, free: pygame.Rect, busy: list[pygame.Rect]
    ) -> tuple[int, int] | None:
        """A screen point that aims at ``cell`` (``want`` as for ``aim``) with the view
        ``quarter`` turns past its rest (on its ghost's centre column, or on the surface meaning
        it), inside ``free`` and off the ``busy`` rects (the buttons)."""
        proj = self.at_rest(quarter)
        middle = [c for c in self.ghost(want[2], cell) if (c[0], c[1]) == cell]
        polys = [proj.top(cell[0], cell[1], z + 1) for *_, z in middle]
        polys += [poly for poly, _box, target, _drawn in self.regions(proj) if target == cell]
        for poly in polys:
            cx, cy = (sum(axis) / len(poly) for axis in zip(*poly, strict=True))
            for k in (0.0, 0.4, 0.75):  # the middle, then out towards each corner
                for px, py in poly:
                    pt = (round(cx + (px - cx) * k), round(cy + (py - cy) * k))
                    off_buttons = not any(b.collidepoint(pt) for b in busy)
                    if free.collidepoint(pt) and off_buttons and self.aim(pt, proj, want) == cell:
                        return pt
        return None


def _key(proj: Projection) -> tuple[float, ...]:
    return round(proj.angle, 4), proj.a, proj.ox, proj.oy


def _centre(cell: Cell, piece: list[Cube]) -> list[Cube]:
    """The piece's cubes over its centre cell (all of them if none is)."""
    return [c for c in piece if (c[0], c[1]) == cell] or piece
