"""The shape of ``FrontlineState.observation(viewer)`` (built in ``knowledge.py``; the schema's
meaning is in the package docstring), as TypedDicts so mypy checks the board's reads."""

from __future__ import annotations

from typing import Any, TypedDict


class EffectView(TypedDict):
    """A Damage card's effect on a unit: its kind, value, the row it hits and turns left."""

    kind: str
    value: int
    row: int
    left: int


class UnitView(TypedDict):
    pos: int
    owner: int
    card: int
    line: int
    crew: int
    hp_max: int
    damage: int
    damage_card: int
    effect: EffectView | None
    flight_left: int
    bomb_used: bool
    captured_from: int
    commands: list[int]


class SeatView(TypedDict):
    army: str
    deck: list[int] | None  # the viewer's own, or anyone's once decks are shown
    units: list[int] | None  # the viewer's own hand only
    unit_count: int
    commands: list[int] | None  # the viewer's own hand only
    command_count: int
    face_down: list[int] | None  # the viewer's own commitment only
    face_down_rear: list[bool] | None
    face_down_count: int
    decided: bool
    declarations: list[list[int]] | None  # hidden from the other seat while declaring
    reserves: int
    bottom: list[int | None]
    vp: int
    vp_captured: int
    overrun: int
    prisoners: list[int]
    reserved: list[int] | None
    known: list[int]
    ambush: int
    passed: bool


class AttackView(TypedDict):
    kind: int
    attacker: int
    target: int
    row: int
    rolls_left: int
    rows_left: list[int]
    members: list[int]
    dice: list[int]
    natural: int
    hit: int
    friendly: bool


class FrontlineObservation(TypedDict):
    viewer: int
    current_player: int
    phase: str
    turn: int
    seats: list[SeatView]
    board: list[UnitView]
    queue: list[int] | None  # hidden while the other seat declares
    pending_target: int | None
    attacks: list[list[list[int]]]
    initiative: int
    previous_initiative: int
    window: str | None
    card_pending: int
    crew_from: int
    captured: int
    moved: list[int]
    spares: list[list[int]]
    roll_kind: str | None
    boost: int
    attack_cards: list[int]
    init_rolls: list[int]
    attack: AttackView
    command_deck: int
    command_discard: list[int]
    damage_deck: int
    damage_discard: list[int]
    options: dict[str, Any]
    winner: int | None
    end_reason: str | None
    returns: list[float] | None
