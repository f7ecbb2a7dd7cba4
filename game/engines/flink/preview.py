"""What a board asks the rules about a piece it shows, answered from the observation alone: where
a piece turned one way and centred on a cell would rest, and why it may not go there (the support
rule as ``FlinkState.placement_reason`` states it); which cell an action names; and how R / F / S
turn the piece in hand. The board draws the answers; it never rebuilds a state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.engines.flink.geometry import ANCHOR, board, orientations

Cell = tuple[int, int]
Cube = tuple[int, int, int]
Reason = tuple[str, dict[str, Any]]  # an i18n key and its arguments


def stacks_by_cell(obs: Mapping[str, Any]) -> dict[Cell, list[int]]:
    """Each cell's cubes by player, bottom first."""
    return {(c[0], c[1]): s for c, s in zip(obs["cells"], obs["stacks"], strict=True)}


def heights(obs: Mapping[str, Any]) -> dict[Cell, int]:
    return {cell: len(s) for cell, s in stacks_by_cell(obs).items()}


@dataclass(frozen=True)
class Preview:
    """A placement as it would rest: its cubes, and why it is refused (None when it fits)."""

    cubes: list[Cube]
    reason: Reason | None


def preview(
    obs: Mapping[str, Any], orientation: int, cell: Cell, tops: Mapping[Cell, int] | None = None
) -> Preview:
    """The piece turned as ``orientation`` centred on ``cell``, resting on the highest column
    under it, and why it may not go there. ``tops``: the heights, when the caller keeps them."""
    b = board(obs["board"], obs["size"])
    tops = heights(obs) if tops is None else tops
    index = cell[1] * b.width + cell[0]
    placement = b.placements[orientation * b.cells_total + index]
    if placement is None:
        return Preview([], ("flink.refuse.outside", {}))
    pairs = [
        (b.unpadded[c], bottom)
        for c, bottom in zip(placement.columns, placement.bottoms, strict=True)
    ]
    xy = {i: (i % b.width, i // b.width) for i, _ in pairs}
    base = max(tops[xy[i]] - bottom for i, bottom in pairs)
    cubes = [
        (b.unpadded[p] % b.width, b.unpadded[p] // b.width, base + dz) for p, dz in placement.cubes
    ]
    for i, bottom in pairs:
        gap = base + bottom - tops[xy[i]]
        if gap > 0:
            return Preview(cubes, ("flink.refuse.float", {"cell": b.cell_name(i), "n": gap}))
    return Preview(cubes, None)


def anchor(obs: Mapping[str, Any], cell: Cell) -> int:
    """The action that puts the piece's centre on ``cell``."""
    return ANCHOR + cell[1] * obs["width"] + cell[0]


def cell_of(obs: Mapping[str, Any], action: int) -> Cell | None:
    """The cell an anchor action names (None for an orientation or PASS)."""
    if action < ANCHOR:
        return None
    i = action - ANCHOR
    return i % obs["width"], i // obs["width"]


def _normal(cubes: list[Cube]) -> tuple[Cube, ...]:
    low = min(c[2] for c in cubes)
    return tuple(sorted((x, y, z - low) for x, y, z in cubes))


@cache
def turned(orientation: int, how: str) -> int:
    """The orientation reached by turning ``orientation``: "rotate" a quarter turn about the
    vertical, "flip" it over (about the north-south axis), "stand" a flat piece up (about the
    east-west axis) or lay a standing one down (about whichever axis lays it flat)."""
    o = orientations()[orientation]
    rel = [(x, y, z - o.centre_dz) for x, y, z in o.cubes]
    if how == "rotate":
        moves = [[(-y, x, z) for x, y, z in rel]]
    elif how == "flip":
        moves = [[(-x, y, -z) for x, y, z in rel]]
    elif o.kind == "flat":
        moves = [[(x, -z, y) for x, y, z in rel]]
    else:
        moves = [[(x, -z, y) for x, y, z in rel], [(z, y, -x) for x, y, z in rel]]
        moves = [m for m in moves if len({c[2] for c in m}) == 1]
    shape = _normal(moves[0])
    return next(i for i, other in enumerate(orientations()) if other.cubes == shape)
