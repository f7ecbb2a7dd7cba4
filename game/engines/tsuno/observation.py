"""The shape of ``TsunoState.observation(viewer)`` (built in ``view.py``; the same for every
seat, as everything in Tsuno Senki is public), as TypedDicts so mypy checks the readers."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class DiceView(TypedDict):
    black: int  # black dice of an attack roll (a skilled area rolls one fewer)
    yellow: int  # yellow dice of the appearance roll


class AreaView(TypedDict):
    area: int  # 1..6
    active: bool  # False: an unused area of a smaller game (§12 variant)
    seat: int  # who plays it
    chips: int  # enemy chips before it
    unit: str  # "area" (at home) | "castle" (fell back into it)
    morale: int
    soldiers: int
    reinforcements: int


class SupplyView(TypedDict):
    chips: int
    reinforcements: int


class RollView(TypedDict):
    """A roll under way: its dice so far."""

    kind: str  # "appearance" | "attack" | "day"
    area: int
    black: list[int]
    yellow: list[int]
    black_dice: int  # how many black dice it rolls in all
    yellow_dice: int


class LastRollView(TypedDict):
    """The last roll evaluated, for the tray and the log."""

    kind: str
    area: int
    black: list[int]
    yellow: list[int]
    triples: list[int]  # areas reinforced by a triple
    counts: list[int]  # chips appearing per area
    loss: NotRequired[int]  # an attack roll's morale loss


class TsunoObservation(TypedDict):
    difficulty: str
    layout: str  # "ring" | "grid"
    adjacent: list[list[int]]  # each area's neighbours
    dice: DiceView
    day: int
    area: int  # the area acting (or rolling) now
    phase: str  # "roll" | "action" | "absorb" | "over"
    to_move: int | None  # the acting area's seat at a decision, else None
    areas: list[AreaView]
    castle: int  # soldiers in the castle
    wounded: int
    supply: SupplyView
    roll: RollView | None
    last_roll: LastRollView | None
    loss: int  # morale to absorb now
    result: str | None  # "victory" | "defeat" once over
