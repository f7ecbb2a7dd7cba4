"""The shape of ``FlatFrontState.observation(player)``: what a board may draw (everything in
Flat Front is public but the pile's order), as TypedDicts so mypy checks the readers."""

from __future__ import annotations

from typing import TypedDict


class PieceView(TypedDict):
    power: int
    standing: bool


class TileView(TypedDict):
    id: int
    owner: int
    squares: int
    cell: list[int]  # [x, y]
    pieces: list[PieceView]  # strongest first


class TileTypeView(TypedDict):
    owner: int
    squares: int


class ScoreView(TypedDict):
    tiles: int
    power: int


class FlatFrontObservation(TypedDict):
    phase: str  # "placement", "pieces", "combat" or "over"
    to_move: int
    face_up: TileTypeView | None  # the tile turned up to be placed
    pile: int
    tiles: list[TileView]
    pending_tile: int | None  # the tile awaiting its pieces
    supply: list[list[int]]  # per side: pieces left of power 1, 2, 4
    passed: list[bool]
    attacks: dict[str, int]  # tile id -> strength of an attack on it now
    defence: dict[str, int]  # standing tile id -> its power
    adjacency: str
    first_attacker: int | None
    score: list[ScoreView]
    winner: int | str | None  # a side, "draw", or None while playing
