"""The Frontline state as its helper modules read and change it (``knowledge``, ``commands``,
``combat``, ``refusals``): a Protocol of the fields and queries they use. ``FrontlineState`` is
the one; the state imports its helpers, and they name this shape, never the state's module."""

from __future__ import annotations

from typing import Any, Protocol, Self

from game.engines.frontline.units import Unit

Declaration = tuple[int, int, int, int]  # kind, attacker position, target position, weapons


class FrontlineShape(Protocol):
    """The fields are ``FrontlineState``'s (see its ``__init__`` for what each holds)."""

    options: dict[str, Any]
    army: list[int]
    building: bool
    deck: list[list[int]]
    hand_units: list[list[int]]
    hand_commands: list[list[int]]
    reserves: list[list[int]]
    bottom: list[list[int]]
    bottom_public: list[list[bool]]
    command_deck: list[int]
    command_discard: list[int]
    damage_deck: list[int]
    damage_discard: list[int]
    board: dict[int, Unit]
    prisoners: list[list[int]]
    vp: list[int]
    vp_captured: list[int]
    overrun: list[int]
    turn: int
    phase: int
    player: int
    winner: int
    end_reason: str
    commit: list[list[int]]
    decided: list[bool]
    decls: list[list[Declaration]]
    queue: list[int]
    pending_target: int
    attacks: list[list[Declaration]]
    initiative: int
    init_rolls: list[int]
    atk_kind: int
    atk_pos: int
    atk_target: int
    atk_rows: list[int]
    atk_row: int
    atk_rolls: int
    atk_members: list[int]
    dice: list[int]
    natural: int
    hit_pos: int
    friendly: bool
    deal_left: int
    window: str
    window_passed: list[bool]
    card_pending: int
    crew_from: int
    captured_pos: int
    moved: list[int]
    spares: list[list[int]]
    known: list[list[int]]
    prev_initiative: int
    reserved: list[list[int]]
    init_mods: list[int]
    atk_cmds: int
    boost: int
    roll_kind: int
    extra_unit_draws: int

    def clone(self) -> Self: ...
    def current_player(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def returns(self) -> list[float]: ...
    def is_over(self) -> bool: ...
    def units_of(self, seat: int) -> list[Unit]: ...
    def crew_needs(self, seat: int) -> list[int]: ...
    def reserve_size(self, seat: int) -> int: ...
    def withdraw_to_hand(self, unit: Unit) -> None: ...
    def _target_actions(self, seat: int, pos: int) -> list[int]: ...
