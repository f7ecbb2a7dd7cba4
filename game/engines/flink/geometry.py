"""Flink's fixed geometry: the 24 orientations of the F-pentomino and the two boards.

Everything here is computed once per board and shared by every state (immutable tuples), so a
state only carries its heights and colours. Cells live in a grid padded by one empty ring on
each side: a neighbour is ``cell + offset`` with no bounds check, and a cube is
``z * plane + cell`` in a flat colour array that grows upwards.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product
from typing import NamedTuple

# The F-pentomino as in the rules file, lying flat: (x, y).
F_CELLS = ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2))
F_CENTRE = (1, 1)  # the cube with three neighbours; the anchor a placement is named by

# Face directions of the connection model; 5 (down) is used only as a link direction.
PLUS_X, MINUS_X, PLUS_Y, MINUS_Y, UP, DOWN = range(6)
OPPOSITE = (MINUS_X, PLUS_X, MINUS_Y, PLUS_Y, DOWN, UP)

WHITE, BLACK = 0, 1  # players; a cube of player p has colour p + 1 in the colour array
SQUARE, DIAMOND = "square", "diamond"


class Orientation(NamedTuple):
    """One of the 24 rotations of the piece: cubes relative to the centre cube."""

    cubes: tuple[tuple[int, int, int], ...]  # (dx, dy, dz), dz >= 0, the lowest cube at dz 0
    kind: str  # "flat", "standing-x" (upright along the x axis) or "standing-y"
    centre_dz: int  # height of the centre cube above the lowest cube


Vec = tuple[int, int, int]
Matrix = tuple[Vec, Vec, Vec]


def _rotations() -> list[Matrix]:
    """The 24 proper rotations of the cube as signed permutation matrices (determinant +1)."""
    found = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            rows = [_unit(perm[r], signs[r]) for r in range(3)]
            matrix = (rows[0], rows[1], rows[2])
            if _determinant(matrix) == 1:
                found.append(matrix)
    return found


def _unit(axis: int, sign: int) -> Vec:
    return (sign if axis == 0 else 0, sign if axis == 1 else 0, sign if axis == 2 else 0)


def _dot(row: Vec, v: Vec) -> int:
    return row[0] * v[0] + row[1] * v[1] + row[2] * v[2]


def _determinant(m: Matrix) -> int:
    return (
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    )


@cache
def orientations() -> tuple[Orientation, ...]:
    """The distinct orientations of the F, in a fixed order: flat ones first."""
    shapes: set[tuple[tuple[Vec, ...], int]] = set()
    cx, cy = F_CENTRE
    for m in _rotations():
        turned = [
            (_dot(m[0], v), _dot(m[1], v), _dot(m[2], v))
            for v in ((x - cx, y - cy, 0) for x, y in F_CELLS)
        ]
        low = min(c[2] for c in turned)
        shapes.add((tuple(sorted((x, y, z - low) for x, y, z in turned)), -low))
    result = []
    for cubes, centre_dz in shapes:
        ys, zs = ({c[i] for c in cubes} for i in (1, 2))
        kind = "flat" if len(zs) == 1 else "standing-x" if len(ys) == 1 else "standing-y"
        result.append(Orientation(cubes, kind, centre_dz))
    order = {"flat": 0, "standing-x": 1, "standing-y": 2}
    result.sort(key=lambda o: (order[o.kind], o.cubes))
    return tuple(result)


NUM_ORIENTATIONS = 24
# Actions: an orientation, PASS, or the cell under the piece's centre (ANCHOR + cell index); here
# with the orientations they count from, so the state and the playouts share one numbering.
PASS = NUM_ORIENTATIONS
ANCHOR = NUM_ORIENTATIONS + 1


class Placement(NamedTuple):
    """An orientation put down with its centre over one cell: what the support rule reads."""

    columns: tuple[int, ...]  # padded cells under the piece
    bottoms: tuple[int, ...]  # per column, the height of its lowest cube above the piece's base
    tops: tuple[int, ...]  # per column, the height of its highest cube above the base
    cubes: tuple[tuple[int, int], ...]  # (padded cell, dz) of every cube
    centre_dz: int  # height of the centre cube above the base


class Board(NamedTuple):
    kind: str
    size: int
    width: int  # bounding grid, cells (x, y) with y = 0 the top (north) row
    height: int
    padded_width: int
    plane: int  # cells in one padded layer
    on_board: tuple[bool, ...]  # by cell index y * width + x
    cells: tuple[int, ...]  # cell indices on the board
    padded: tuple[int, ...]  # cell index -> padded cell
    unpadded: dict[int, int]  # padded cell -> cell index
    # terminals[player][side] = ((padded cell, outward direction), ...) of that side's edges
    terminals: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    # side_cells[player][side] = cell indices with an edge on that side
    side_cells: tuple[tuple[frozenset[int], ...], ...]
    placements: tuple[Placement | None, ...]  # by orientation * cells_total + cell index
    affected: dict[int, tuple[int, ...]]  # padded cell -> placement ids using that column
    neighbours: tuple[tuple[int, ...], ...]  # cell index -> on-board edge neighbours
    # By placement id, what the support rule reads: the five columns of a flat piece (equal
    # heights), or (column, bottom) * 3 of a standing one (heights minus bottoms equal, >= 0).
    checks: tuple[tuple[int, ...], ...]
    # By placement id, every placement sharing a column with it (itself included), once each,
    # flat ones and standing ones apart: what has to be re-decided after it is played.
    rechecks_flat: tuple[tuple[int, ...], ...]
    rechecks_standing: tuple[tuple[int, ...], ...]
    initial_valid: bytes  # by placement id: fits on the empty board (no cube overhangs)

    def __reduce__(self) -> tuple:
        """Pickled by name: the tables are a megabyte, and every state sent to the AI processes
        carries its board (the UI thread pickles it, and the pipe blocks until it is read)."""
        return board, (self.kind, self.size)

    @property
    def cells_total(self) -> int:
        return self.width * self.height

    def cell_name(self, cell: int) -> str:
        """Chessboard style: column letter from the west, row number from the south."""
        x, y = cell % self.width, cell // self.width
        return f"{chr(ord('A') + x)}{self.height - y}"


def _diamond_cells(n: int) -> set[tuple[int, int]]:
    """Aztec diamond of order n in a 2n x 2n grid: (i, j) = (x - n, y - n) on the board iff
    |i + 1/2| + |j + 1/2| <= n."""
    return {
        (x, y)
        for x in range(2 * n)
        for y in range(2 * n)
        if abs(2 * (x - n) + 1) + abs(2 * (y - n) + 1) <= 2 * n
    }


_STEPS = {PLUS_X: (1, 0), MINUS_X: (-1, 0), PLUS_Y: (0, 1), MINUS_Y: (0, -1)}


def _side_of_edge(kind: str, size: int, x: int, y: int, d: int) -> tuple[int, int]:
    """(player, side 0/1) owning the boundary edge of cell (x, y) in direction d.

    Square: White the west (0) and east (1) edges, Black the north (0) and south (1).
    Diamond: by the quadrant of the edge's midpoint; White NW (0) + SE (1), Black NE (0) +
    SW (1). North is y < centre (row 0 is the top).
    """
    dx, dy = _STEPS[d]
    if kind == SQUARE:
        if dx:
            return WHITE, 0 if dx < 0 else 1
        return BLACK, 0 if dy < 0 else 1
    # Twice the midpoint relative to the centre, to stay in integers.
    mx = 2 * (x - size) + 1 + dx
    my = 2 * (y - size) + 1 + dy
    if mx < 0 and my < 0:
        return WHITE, 0
    if mx > 0 and my > 0:
        return WHITE, 1
    if mx > 0 and my < 0:
        return BLACK, 0
    return BLACK, 1


@cache
def board(kind: str, size: int) -> Board:
    """The board of ``kind`` ("square" N x N, or "diamond" of order ``size``)."""
    if kind == SQUARE:
        width = height = size
        present = {(x, y) for x in range(size) for y in range(size)}
    elif kind == DIAMOND:
        width = height = 2 * size
        present = _diamond_cells(size)
    else:
        raise ValueError(f"unknown Flink board {kind!r}")
    pw = width + 2
    plane = pw * (height + 2)
    total = width * height
    on_board = tuple((i % width, i // width) in present for i in range(total))
    cells = tuple(i for i in range(total) if on_board[i])
    padded = tuple((i // width + 1) * pw + i % width + 1 for i in range(total))
    unpadded = {padded[i]: i for i in cells}
    terminals: list[list[list[tuple[int, int]]]] = [[[], []], [[], []]]
    side_cells: list[list[set[int]]] = [[set(), set()], [set(), set()]]
    for i in cells:
        x, y = i % width, i // width
        for d, (dx, dy) in _STEPS.items():
            if (x + dx, y + dy) in present:
                continue
            player, side = _side_of_edge(kind, size, x, y, d)
            terminals[player][side].append((padded[i], d))
            side_cells[player][side].add(i)
    neighbours = tuple(
        tuple(
            (i // width + dy) * width + i % width + dx
            for dx, dy in _STEPS.values()
            if (i % width + dx, i // width + dy) in present
        )
        if on_board[i]
        else ()
        for i in range(total)
    )
    placements: list[Placement | None] = []
    affected: dict[int, list[int]] = {padded[i]: [] for i in cells}
    for o, orientation in enumerate(orientations()):
        for i in range(total):
            x, y = i % width, i // width
            spots = [(x + dx, y + dy, dz) for dx, dy, dz in orientation.cubes]
            if not on_board[i] or any((sx, sy) not in present for sx, sy, _ in spots):
                placements.append(None)
                continue
            columns: dict[int, list[int]] = {}
            for sx, sy, dz in spots:
                columns.setdefault((sy + 1) * pw + sx + 1, []).append(dz)
            cols = tuple(sorted(columns))
            placements.append(
                Placement(
                    cols,
                    tuple(min(columns[c]) for c in cols),
                    tuple(max(columns[c]) for c in cols),
                    tuple(((sy + 1) * pw + sx + 1, dz) for sx, sy, dz in spots),
                    orientation.centre_dz,
                )
            )
            for c in cols:
                affected[c].append(o * total + i)
    checks = tuple(
        ()
        if p is None
        else p.columns
        if not any(p.bottoms)
        else tuple(v for pair in zip(p.columns, p.bottoms, strict=True) for v in pair)
        for p in placements
    )
    flat = {c: [pid for pid in ids if len(checks[pid]) == 5] for c, ids in affected.items()}
    standing = {c: [pid for pid in ids if len(checks[pid]) == 6] for c, ids in affected.items()}

    def near(p: Placement | None, by_column: dict[int, list[int]]) -> tuple[int, ...]:
        if p is None:
            return ()
        return tuple(sorted(set().union(*(by_column[c] for c in p.columns))))

    initial_valid = bytes(p is not None and not any(p.bottoms) for p in placements)
    return Board(
        kind,
        size,
        width,
        height,
        pw,
        plane,
        on_board,
        cells,
        padded,
        unpadded,
        tuple(tuple(tuple(side) for side in player) for player in terminals),
        tuple(tuple(frozenset(side) for side in player) for player in side_cells),
        tuple(placements),
        {c: tuple(ids) for c, ids in affected.items()},
        neighbours,
        checks,
        tuple(near(p, flat) for p in placements),
        tuple(near(p, standing) for p in placements),
        initial_valid,
    )
