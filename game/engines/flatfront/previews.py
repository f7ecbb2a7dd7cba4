"""Rule answers a board asks of an observation (python-chess style: the rules object answers the
domain questions a GUI has): which piece mixes the player may set, whether any attack succeeds,
which tiles join an attack. Nothing here builds a state."""

from __future__ import annotations

from game.engines.flatfront.observation import FlatFrontObservation, TileView
from game.engines.flatfront.rules import (
    CELL_XY,
    PIECE_CHOICES,
    TOUCHING_MASKS,
    decode_pieces,
    pieces_power,
)


def piece_mixes(obs: FlatFrontObservation) -> list[tuple[int, int, int]]:
    """The mixes (ones, twos, fours) the player to move may set on the tile just placed,
    cheapest first (the order keys 1..n pick them); none outside the pieces phase."""
    tile = obs["pending_tile"]
    if obs["phase"] != "pieces" or tile is None or obs["to_move"] < 0:
        return []
    n1, n2, n4 = obs["supply"][obs["to_move"]]
    choices = PIECE_CHOICES[obs["tiles"][tile]["squares"], (n1, n2, n4)]
    return sorted(map(decode_pieces, choices), key=lambda mix: (pieces_power(mix), mix))


def can_attack(obs: FlatFrontObservation) -> bool:
    """In combat, whether the player to move has an attack that beats its target's defence."""
    return any(power > obs["defence"][key] for key, power in obs["attacks"].items())


def attackers(obs: FlatFrontObservation, target: TileView, side: int) -> list[TileView]:
    """``side``'s tiles with standing pieces that touch ``target``: all of them join an attack
    on it."""
    touching = TOUCHING_MASKS[obs["adjacency"]][
        CELL_XY.index((target["cell"][0], target["cell"][1]))
    ]
    near = {cell for i, cell in enumerate(CELL_XY) if touching >> i & 1}
    return [
        tile
        for tile in obs["tiles"]
        if tile["owner"] == side
        and (tile["cell"][0], tile["cell"][1]) in near
        and any(piece["standing"] for piece in tile["pieces"])
    ]


def plays_on(previous: FlatFrontObservation, obs: FlatFrontObservation) -> bool:
    """Whether ``obs`` can follow ``previous`` by play: tiles are only added, and a tile's pieces
    are only set once and only ever knocked down (not an undo or a new game)."""

    def kept(a: TileView, b: TileView) -> bool:  # the same tile, no piece lost or stood up
        pairs = zip(a["pieces"], b["pieces"], strict=False)
        raised = any(not pa["standing"] and pb["standing"] for pa, pb in pairs)
        same = (a["cell"], a["owner"]) == (b["cell"], b["owner"])
        return same and len(b["pieces"]) >= len(a["pieces"]) and not raised

    old, new = previous["tiles"], obs["tiles"]
    return len(new) >= len(old) and all(map(kept, old, new))
