"""How far each player is from connecting, seen from above: a shortest path over cells.

A plan-view estimate, not the win test: a cell whose top cube is the player's costs nothing, an
empty cell one (a piece still has to go there), a cell topped by the opponent more (it has to
be covered first, and the stack climbed). A path starts on a cell of the player's first side and
ends on one of the second, moving between cells that share an edge; a step of two levels or
more between neighbouring tops costs extra (a walk climbs one level at a time). A side cell
whose bottom cube is the opponent's can never hold a terminal, so a path cannot start or end
there; one whose stack is not the player's all the way up costs extra to start from (the walk
has to get from the terminal at height 0 to the top).

Used by the AI's evaluation and by the view's "show path" overlay (``best_path``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engines.flink.geometry import Board

OWN_COST = 0
EMPTY_COST = 1
COVERED_COST = 2  # [decision] an opponent's top: cover it (one piece) and climb it
BURIED_COST = 1  # [decision] an opponent's top over own cubes, whose sides may still carry a walk
MAX_STEP_COST = 4  # [decision] a step of k >= 2 levels costs min(k - 1, this) extra: the walk
# climbs one level at a time, so a tower needs a staircase (or own cubes all the way up)
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
        elif grid[(h - 1) * plane + p] == own:
            costs[i] = OWN_COST
        elif any(grid[z * plane + p] == own for z in range(h - 1)):
            costs[i] = BURIED_COST  # own cubes under the cover may still show their sides
        else:
            costs[i] = COVERED_COST
    return costs


def cell_levels(board: Board, heights: Sequence[int]) -> list[int]:
    """Stack height per cell index."""
    padded = board.padded
    return [heights[padded[i]] for i in range(board.cells_total)]


def _entry_cost(
    board: Board, grid: bytes | bytearray, levels: Sequence[int], own: int, i: int
) -> int:
    """Extra cost of starting a walk on side cell ``i``: none if its column is own throughout."""
    p = board.padded[i]
    plane = board.plane
    if all(grid[z * plane + p] == own for z in range(levels[i])):
        return 0
    return min(levels[i], MAX_STEP_COST)


def distances(
    board: Board,
    costs: Sequence[int],
    levels: Sequence[int],
    grid: bytes | bytearray,
    player: int,
    side: int,
    parent: list[int] | None = None,
) -> list[int]:
    """Cost of the cheapest path from ``side`` of ``player`` to each cell (both ends counted;
    ``levels`` are the stack heights by cell index).
    A ``parent`` list (one entry per cell) receives each cell's predecessor (-1 at a start)."""
    opponent = 2 - player
    padded = board.padded
    dist = [UNREACHABLE] * board.cells_total
    buckets: list[list[int]] = [[] for _ in range(COVERED_COST + MAX_STEP_COST + 1)]
    for i in board.side_cells[player][side]:
        if grid[padded[i]] != opponent:
            start = costs[i] + _entry_cost(board, grid, levels, player + 1, i)
            if start < dist[i]:
                dist[i] = start
                buckets[start].append(i)
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
            here = levels[i]
            for j in neighbours[i]:
                nd = d + costs[j]
                step = levels[j] - here
                if step > 1:
                    nd += step - 1 if step <= MAX_STEP_COST else MAX_STEP_COST
                elif step < -1:
                    nd += -step - 1 if step >= -MAX_STEP_COST else MAX_STEP_COST
                if nd < dist[j]:
                    dist[j] = nd
                    if parent is not None:
                        parent[j] = i
                    buckets[nd % ring].append(j)
                    pending += 1
        level += 1
    return dist


def best_path(
    board: Board, heights: Sequence[int], grid: bytes | bytearray, player: int
) -> list[int]:
    """Cell indices of one cheapest path across the board for ``player`` (empty if none)."""
    costs = cell_costs(board, heights, grid, player)
    parent = [-1] * board.cells_total
    dist = distances(board, costs, cell_levels(board, heights), grid, player, 0, parent)
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


def crossing(board: Board, heights: Sequence[int], grid: bytes | bytearray, player: int) -> int:
    """Cost of ``player``'s cheapest path from their first side to their second."""
    costs = cell_costs(board, heights, grid, player)
    levels = cell_levels(board, heights)
    dist = distances(board, costs, levels, grid, player, 0)
    opponent = 2 - player
    padded = board.padded
    own = player + 1
    return min(
        (
            dist[i] + _entry_cost(board, grid, levels, own, i)
            for i in board.side_cells[player][1]
            if grid[padded[i]] != opponent and dist[i] < UNREACHABLE
        ),
        default=UNREACHABLE,
    )
