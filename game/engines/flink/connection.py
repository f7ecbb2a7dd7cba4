"""The win test of the rules file's formal model: a walk over exposed faces of one colour.

A face is ``cube * 8 + d`` with ``cube = z * plane + padded cell`` and d one of the five
exposed directions (+x, -x, +y, -y, up). The links T1-T4 are generated on the fly from the
colour array, so nothing has to be kept up to date when a placement covers faces (covering can
cut a path, even one of the mover's own, so a union-find that only ever merges would be wrong).
A search starts from the terminal faces of one side and stops as soon as it reaches the other.

The search runs only once a cheaper necessary condition holds (``ColumnLinks``): every link
joins faces of cubes in the same or edge-adjacent columns (the diagonal step T4 goes past an
own cube in a column adjacent to both), so a walk needs the columns holding any of the player's
cubes to join the two sides. Colours never change, so that union-find only ever merges.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from game.engines.flink.geometry import (
    MINUS_X,
    MINUS_Y,
    OPPOSITE,
    PLUS_X,
    PLUS_Y,
    UP,
    Board,
)
from game.engines.flink.geometry import board as geometry_board

_HORIZONTAL = (PLUS_X, MINUS_X, PLUS_Y, MINUS_Y)
_PERPENDICULAR = {
    PLUS_X: (PLUS_Y, MINUS_Y),
    MINUS_X: (PLUS_Y, MINUS_Y),
    PLUS_Y: (PLUS_X, MINUS_X),
    MINUS_Y: (PLUS_X, MINUS_X),
}


def offsets(padded_width: int, plane: int) -> tuple[int, ...]:
    """Index step of each direction in the colour array."""
    return (1, -1, padded_width, -padded_width, plane, -plane)


def face_links(
    grid: bytearray | bytes, off: Sequence[int], plane: int, colour: int, face: int
) -> list[int]:
    """The faces linked to ``face`` (an exposed face of a ``colour`` cube) by T1-T4."""
    cube, d = face >> 3, face & 7
    out = []
    if d == UP:
        for e in _HORIZONTAL:
            o = off[e]
            if not grid[cube + o]:
                out.append(cube << 3 | e)  # T1: the top and a side of one cube
            n = cube + o
            beside = grid[n]
            if beside:
                above = grid[n + plane]
                if not above:
                    if beside == colour:
                        out.append(n << 3 | UP)  # T2: tops side by side
                elif above == colour:
                    out.append((n + plane) << 3 | OPPOSITE[e])  # T3: up the step
        return out
    o = off[d]
    if not grid[cube + plane]:
        out.append(cube << 3 | UP)  # T1
    for t in _PERPENDICULAR[d]:
        side = cube + off[t]
        if not grid[side]:
            out.append(cube << 3 | t)  # T1
        elif grid[side] == colour:
            beyond = grid[side + o]
            if not beyond:
                out.append(side << 3 | d)  # T2: sides side by side
            elif beyond == colour:
                out.append((side + o) << 3 | OPPOSITE[t])  # T4: inner corner over an own cube
    above = cube + plane
    if grid[above] == colour and not grid[above + o]:
        out.append(above << 3 | d)  # T2: sides of stacked cubes
    if cube >= plane:
        below = cube - plane
        if grid[below] == colour and not grid[below + o]:
            out.append(below << 3 | d)  # T2
        lower = below + o
        if grid[lower] == colour:
            out.append(lower << 3 | UP)  # T3: down the step onto a lower top
    return out


def _walk(
    grid: bytearray | bytes,
    off: Sequence[int],
    plane: int,
    colour: int,
    sources: Sequence[tuple[int, int]],
    goal: set[int],
) -> tuple[int, dict[int, int]]:
    """Breadth first from the ``colour`` terminal faces of ``sources`` until a face of
    ``goal``: that face (or -1) and, for every face seen, the face it was reached from (-1
    for a source). Breadth first, so a path traced back is a short one."""
    frontier = [cell << 3 | d for cell, d in sources if grid[cell] == colour]
    parent = dict.fromkeys(frontier, -1)
    append = frontier.append
    for face in frontier:  # grows while read: a queue
        if face in goal:
            return face, parent
        for nxt in face_links(grid, off, plane, colour, face):
            if nxt not in parent:
                parent[nxt] = face
                append(nxt)
    return -1, parent


def connecting_path(
    grid: bytearray | bytes,
    off: Sequence[int],
    plane: int,
    colour: int,
    sources: Sequence[tuple[int, int]],
    targets: Sequence[tuple[int, int]],
    *,
    want_path: bool = False,
) -> list[int] | None:
    """Faces from a source terminal to a target terminal, or None if there is no such walk.

    ``sources`` and ``targets`` are (padded cell, outward direction) of a side's edges; only
    a ``colour`` cube at height 0 makes one a terminal. Without ``want_path`` the list holds
    just the target face reached.
    """
    goal = {cell << 3 | d for cell, d in targets if grid[cell] == colour}
    if not goal:
        return None
    face, parent = _walk(grid, off, plane, colour, sources, goal)
    if face < 0:
        return None
    path = [face]
    if want_path:
        while parent[path[-1]] >= 0:
            path.append(parent[path[-1]])
        path.reverse()
    return path


def walk_or_reach(
    grid: bytearray | bytes,
    off: Sequence[int],
    plane: int,
    colour: int,
    sources: Sequence[tuple[int, int]],
    targets: Sequence[tuple[int, int]],
) -> int | None:
    """None if a walk connects ``sources`` to ``targets`` (as ``connecting_path``), else the
    bitboard of the padded cells whose cubes the walk from ``sources`` reaches (all of them
    with no ``targets``)."""
    goal = {cell << 3 | d for cell, d in targets if grid[cell] == colour}
    face, parent = _walk(grid, off, plane, colour, sources, goal)
    if face >= 0:
        return None
    reached = 0
    for seen in parent:
        reached |= 1 << (seen >> 3) % plane
    return reached


class ColumnLinks:
    """One player's union-find over the padded cells holding any of their cubes, with nodes
    ``plane`` and ``plane + 1`` for their two sides, joined by a cube at height 0 on a side
    cell (where a terminal face can be). ``linked``: the face walk may connect."""

    __slots__ = ("own", "parent", "plane", "sides", "steps")

    def __init__(self, board: Board, player: int) -> None:
        """No cubes yet, on ``board``."""
        plane = board.plane
        self.plane = plane
        self.parent = list(range(plane + 2))
        self.own = bytearray(plane)
        self.sides = _side_table(board.kind, board.size, player)
        pw = board.padded_width
        self.steps = (1, -1, pw, -pw)

    def copy(self) -> ColumnLinks:
        other = ColumnLinks.__new__(ColumnLinks)
        other.plane = self.plane
        other.parent = self.parent[:]
        other.own = self.own[:]
        other.sides = self.sides
        other.steps = self.steps
        return other

    def _find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def _union(self, a: int, b: int) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self.parent[ra] = rb

    def add(self, cell: int) -> None:
        """The player now has a cube in column ``cell``."""
        own = self.own
        if own[cell]:
            return
        own[cell] = 1
        for step in self.steps:
            if own[cell + step]:
                self._union(cell, cell + step)

    def ground(self, cell: int) -> None:
        """The player's cube lies at height 0 on ``cell`` (added already)."""
        side = self.sides[cell]
        if side:
            self._union(cell, self.plane + side - 1)

    def linked(self) -> bool:
        return self._find(self.plane) == self._find(self.plane + 1)

    def side_columns(self, side: int) -> list[int]:
        """The columns holding the player's cubes in the component of ``side`` (0 or 1)."""
        root = self._find(self.plane + side)
        find = self._find
        return [cell for cell, mine in enumerate(self.own) if mine and find(cell) == root]


@cache
def _side_table(kind: str, size: int, player: int) -> tuple[int, ...]:
    """Per padded cell: 1 or 2 for a cell of ``player``'s first or second side, else 0."""
    b = geometry_board(kind, size)
    table = [0] * b.plane
    for side, terminals in enumerate(b.terminals[player]):
        for cell, _ in terminals:
            table[cell] = side + 1
    return tuple(table)
