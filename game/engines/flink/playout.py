"""A uniformly random playout to the end of a Flink game, on structures made for it.

The search's like-for-like rollout plays a uniformly random legal action at every decision
until the game ends; through the protocol every step would re-decide ~270 placements (the
state keeps every placement's validity, which the board and the AI read) and walk faces for
the win test. A playout needs far less, so it keeps its own light structures:

- heights as one bitboard (a Python int over padded cells) per level, so the placements of an
  orientation that fit are a few shifts and ANDs, computed only for the orientation drawn
  (``fitting``);
- the orientation is drawn uniformly among those that fit by rejection (draw among the ones not
  yet refused; the first that fits anywhere is uniform over the fitting ones), the cell
  uniformly among the set bits of its mask: the same distribution as a uniform choice from
  ``legal_actions`` at each of the two decisions;
- the win test is the state's: the face walk runs only once the mover's columns link their
  two sides (``connection.ColumnLinks``, taken over from the state); after a walk that fails,
  the columns it reached are kept, and the next walk of that player runs only if their new
  piece is in or beside one of those columns or rests on their first side. Only a player's
  own pieces add links for them (the opponent's cubes only cover faces), and a new link joins
  a new cube to a cube in its column or beside it, so otherwise nothing new is reachable.

Turn order, passing and the draw are the state's (``FlinkState._next_turn``): a player who
cannot place passes, and the game is drawn when no piece fits or neither player has one left.
"""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

from game.engines.flink.connection import ColumnLinks, offsets, walk_or_reach
from game.engines.flink.geometry import ANCHOR, NUM_ORIENTATIONS, PASS, Board
from game.engines.flink.geometry import board as geometry_board

Column = tuple[int, int, int]  # (padded offset from the centre, bottom, top) of one column


class Shapes(NamedTuple):
    """What a playout reads of a board, by orientation and by padded cell."""

    columns: tuple[tuple[Column, ...], ...]  # by orientation
    cubes: tuple[tuple[tuple[int, int], ...], ...]  # by orientation: (padded offset, dz)
    highest: tuple[int, ...]  # by orientation: the top cube's dz
    cells: tuple[int, ...]  # padded cells on the board
    cell_index: tuple[int, ...]  # padded cell -> cell index (-1 off the board)
    board_bits: int  # a bitboard of the cells on the board


def shapes(board: Board) -> Shapes:
    """The board's orientations as offsets from the centre cell (every placement of one
    orientation is the same shape moved), and its sides by padded cell."""
    return _shapes(board.kind, board.size)


@cache
def _shapes(kind: str, size: int) -> Shapes:
    board = geometry_board(kind, size)
    total = board.cells_total
    columns: list[tuple[Column, ...]] = []
    cubes: list[tuple[tuple[int, int], ...]] = []
    for o in range(NUM_ORIENTATIONS):
        centre, placement = next(
            (board.padded[i], board.placements[o * total + i])
            for i in board.cells
            if board.placements[o * total + i] is not None
        )
        assert placement is not None
        columns.append(
            tuple(
                (c - centre, bottom, top)
                for c, bottom, top in zip(
                    placement.columns, placement.bottoms, placement.tops, strict=True
                )
            )
        )
        cubes.append(tuple((c - centre, dz) for c, dz in placement.cubes))
    cell_index = [-1] * board.plane
    for i in board.cells:
        cell_index[board.padded[i]] = i
    return Shapes(
        tuple(columns),
        tuple(cubes),
        tuple(max(top for _, _, top in cols) for cols in columns),
        tuple(board.padded[i] for i in board.cells),
        tuple(cell_index),
        sum(1 << board.padded[i] for i in board.cells),
    )


def fitting(levels: list[int], columns: tuple[Column, ...]) -> int:
    """Bitboard of the centres (padded cells) where an orientation with ``columns`` fits:
    some base b >= 0 with every column's height equal to b + its bottom. ``levels[h]`` is the
    bitboard of the board's cells of height h; cells off the board are in none, so a piece
    sticking out of the board never fits."""
    top = len(levels)
    found = 0
    for base in range(top):
        mask = -1
        for offset, bottom, _ in columns:
            level = base + bottom
            if level >= top:
                mask = 0
                break
            bits = levels[level]
            mask &= bits >> offset if offset >= 0 else bits << -offset
            if not mask:
                break
        found |= mask
    return found


def play_out(
    board: Board,
    heights: list[int],
    grid: bytearray,
    left: list[int],
    links: tuple[ColumnLinks, ColumnLinks],
    player: int,
    held: int,
    rng: random.Random,
    trace: list[int] | None = None,
) -> list[float]:
    """Play uniformly random moves to the end from a position that is not over and return the
    returns. ``heights`` (by padded cell), ``grid`` (colours by ``z * plane + cell``) and
    ``left`` and ``links`` are the state's and are changed in place (pass copies); ``held`` is the
    orientation held by ``player`` (-1 at the start of a turn). ``trace`` receives the actions
    as the state numbers them (for tests)."""
    sh = shapes(board)
    plane = board.plane
    off = offsets(board.padded_width, plane)
    levels: list[int] = []
    for cell in sh.cells:
        h = heights[cell]
        while len(levels) <= h:
            levels.append(0)
        levels[h] |= 1 << cell
    layers = len(grid) // plane
    pw = board.padded_width
    reached: list[int | None] = [None, None]  # per player, columns of their last failed walk
    random_fraction = rng.random
    while True:
        if held < 0:
            other = 1 - player
            if not left[player] and not left[other]:
                return [0.0, 0.0]
            candidates = list(range(NUM_ORIENTATIONS))
            mask = 0
            while candidates:
                i = int(random_fraction() * len(candidates))
                held = candidates[i]
                mask = fitting(levels, sh.columns[held])
                if mask:
                    break
                candidates[i] = candidates[-1]
                candidates.pop()
            if not mask:
                return [0.0, 0.0]  # nothing fits anywhere: neither can place
            if not left[player]:
                if trace is not None:
                    trace.append(PASS)
                player, held = other, -1
                continue
            if trace is not None:
                trace.append(held)
        else:
            mask = fitting(levels, sh.columns[held])
        # The k-th set bit of the mask, k uniform: the centre cell.
        for _ in range(int(random_fraction() * mask.bit_count())):
            mask &= mask - 1
        centre = (mask & -mask).bit_length() - 1
        if trace is not None:
            trace.append(ANCHOR + sh.cell_index[centre])
        columns = sh.columns[held]
        offset, bottom, _ = columns[0]
        base = heights[centre + offset] - bottom
        need = base + sh.highest[held] + 2  # keep an empty layer above every cube
        if need > layers:
            grid.extend(bytes(plane * (need - layers)))
            layers = need
        while len(levels) <= base + sh.highest[held] + 1:
            levels.append(0)
        mine = links[player]
        for offset, _, top in columns:
            cell = centre + offset
            bit = 1 << cell
            levels[heights[cell]] ^= bit
            heights[cell] = base + top + 1
            levels[base + top + 1] |= bit
            mine.add(cell)
        colour = player + 1
        first_side = False
        piece = 0
        for offset, dz in sh.cubes[held]:
            cell = centre + offset
            piece |= 1 << cell
            grid[(base + dz) * plane + cell] = colour
            if base + dz == 0:
                mine.ground(cell)
                first_side = first_side or mine.sides[cell] == 1
        left[player] -= 1
        if mine.linked():
            before = reached[player]
            near = piece | piece << 1 | piece >> 1 | piece << pw | piece >> pw
            if before is None or first_side or near & before:
                sides = board.terminals[player]
                reached[player] = walk_or_reach(grid, off, plane, colour, sides[0], sides[1])
                if reached[player] is None:
                    return [1.0, -1.0] if player == 0 else [-1.0, 1.0]
        player, held = 1 - player, -1
