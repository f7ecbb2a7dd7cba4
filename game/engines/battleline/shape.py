"""The Battle Line state as its helper modules read and change it (``knowledge``,
``refusals``): a Protocol of the fields and queries they use. ``BattleLineState`` is the one;
the state imports its helpers, and they name this shape, never the state's module."""

from __future__ import annotations

from typing import Any, Protocol, Self

from game.engines.battleline.proof import ClaimCheck


class BattleLineShape(Protocol):
    """The fields are ``BattleLineState``'s (see its ``__init__`` and ``_new_board``)."""

    options: dict[str, Any]
    advanced: bool
    game_index: int
    points: list[int]
    wins: list[int]
    results: list[dict]
    starter: int
    player: int
    phase: int
    hands: list[list[int]]
    decks: list[list[int]]
    tops: list[list[int]]
    top_owner: list[list[int]]
    known: list[list[int]]
    fog: list[int]
    mud: list[int]
    claimed: list[int]
    done_at: list[int]
    discards: list[list[int]]
    tactics_played: list[int]
    leader_played: list[bool]
    passes: int
    dealt: int
    pending: int
    pending_from: int
    scout_left: int
    returns_left: int
    claimable: list[int]
    claim_at_start: bool
    turn_scouted: bool
    draw_deck: int

    def clone(self) -> Self: ...
    def current_player(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def returns(self) -> list[float]: ...
    def slots(self, flag: int) -> int: ...
    def side(self, flag: int, player: int) -> list[int]: ...
    def deck_size(self, deck: int) -> int: ...
    def claim_check(self, player: int, flag: int) -> ClaimCheck: ...
    def match_winner(self) -> int: ...
    def can_play_tactics(self, player: int) -> bool: ...
