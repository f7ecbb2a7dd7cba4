"""How far each player is from connecting, seen from above: a shortest path over cells.

A plan-view estimate, not the win test: a cell whose top cube is the player's costs nothing, an
empty cell one (a piece still has to go there), a cell topped by the opponent more (it has to
be covered first, and the stack climbed). A path starts on a cell of the player's first side and
ends on one of the second, moving between cells that share an edge. A side cell whose bottom
cube is the opponent's can never hold a terminal, so a path cannot start or end there.

Used by the AI's evaluation and by the view's "show path" overlay (``best_path``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engines.flink.geometry import Board

OWN_COST = 0
EMPTY_COST = 1
COVERED_COST = 2  # [decision] an opponent's top: cover it (one piece) and climb it
UNREACHABLE = 1 << 20


def cell_costs(
    board: Board, heights: Sequence[int], grid: bytes | bytearray, player: int
) -> list[int]:
    """Per cell index, what it costs ``player`` to make it part of their surface."""
    own = player + 1
    plane = board.plane
    costs = [UNREACHABLE] * board.cells_total
    padded = board.padded
    for i in board.cells:
        p = padded[i]
        h = heights[p]
        if h == 0:
            costs[i] = EMPTY_COST
        else:
            costs[i] = OWN_COST if grid[(h - 1) * plane + p] == own else COVERED_COST
    return costs


def distances(
    board: Board,
    costs: Sequence[int],
    grid: bytes | bytearray,
    player: int,
    side: int,
    parent: list[int] | None = None,
) -> list[int]:
    """Cost of the cheapest path from ``side`` of ``player`` to each cell (both ends counted).
    A ``parent`` list (one entry per cell) receives each cell's predecessor (-1 at a start)."""
    opponent = 2 - player
    padded = board.padded
    dist = [UNREACHABLE] * board.cells_total
    buckets: list[list[int]] = [[] for _ in range(COVERED_COST + 1)]
    for i in board.side_cells[player][side]:
        if grid[padded[i]] != opponent and costs[i] < dist[i]:
            dist[i] = costs[i]
            buckets[costs[i]].append(i)
    # Dial's algorithm: costs are small integers, so a ring of buckets replaces the heap.
    neighbours = board.neighbours
    ring = len(buckets)
    level = 0
    pending = sum(len(b) for b in buckets)
    while pending:
        bucket = buckets[level % ring]
        while bucket:
            i = bucket.pop()
            pending -= 1
            d = dist[i]
            if d != level:
                continue
            for j in neighbours[i]:
                nd = d + costs[j]
                if nd < dist[j]:
                    dist[j] = nd
                    if parent is not None:
                        parent[j] = i
                    buckets[nd % ring].append(j)
                    pending += 1
        level += 1
    return dist


def side_distance(
    board: Board, dist: Sequence[int], grid: bytes | bytearray, player: int, side: int
) -> int:
    """The cheapest of ``dist`` over the cells where ``side`` of ``player`` can be reached."""
    opponent = 2 - player
    padded = board.padded
    return min(
        (dist[i] for i in board.side_cells[player][side] if grid[padded[i]] != opponent),
        default=UNREACHABLE,
    )


def best_path(
    board: Board, heights: Sequence[int], grid: bytes | bytearray, player: int
) -> list[int]:
    """Cell indices of one cheapest path across the board for ``player`` (empty if none)."""
    costs = cell_costs(board, heights, grid, player)
    parent = [-1] * board.cells_total
    dist = distances(board, costs, grid, player, 0, parent)
    opponent = 2 - player
    padded = board.padded
    ends = [i for i in board.side_cells[player][1] if grid[padded[i]] != opponent]
    ends = [i for i in ends if dist[i] < UNREACHABLE]
    if not ends:
        return []
    cell = min(ends, key=lambda i: (dist[i], i))
    path = [cell]
    while parent[cell] >= 0:
        cell = parent[cell]
        path.append(cell)
    return path[::-1]
