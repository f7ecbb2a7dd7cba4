"""The shape of ``FlinkState.observation(viewer)`` as a TypedDict, so mypy checks its readers (the
board, the words, the previews). Everything in Flink is public: every seat sees the same."""

from __future__ import annotations

from typing import TypedDict

XY = list[int]  # a cell [x, y], y = 0 the north row
XYZ = list[int]  # a cube [x, y, z], z = 0 on the board


class FlinkObservation(TypedDict):
    board: str  # "square" or "diamond"
    size: int
    width: int
    height: int
    cells: list[XY]  # the board's cells, in the order of ``stacks``
    stacks: list[list[int]]  # each cell's cubes by player, bottom first
    # Each player's boundary edges [x, y, direction, side]: direction 0 east, 1 west, 2 south,
    # 3 north; side 0 or 1 (the two sides a player joins).
    edges: list[list[list[int]]]
    to_move: int
    phase: str  # "orient", "place" or "over"
    orientation: int  # the one held this turn; -1 before it is chosen
    pieces_left: list[int]
    last_piece: list[XYZ]
    winner: int | None
    draw: bool
    winning_path: list[XYZ]  # in walking order
    best_paths: list[list[XY]]  # each player's cheapest plan path, for "show paths"
    threat: list[XYZ]  # a piece with which the player not to move would connect next turn
