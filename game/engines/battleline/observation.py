"""The shape of ``BattleLineState.observation(viewer)`` (built in ``knowledge.py``; the schema's
meaning is in the package docstring), as TypedDicts so mypy checks the readers."""

from __future__ import annotations

from typing import Any, TypedDict

from game.engines.base import Phrase


class FormationView(TypedDict):
    rank: int
    total: int
    name: str


class CounterexampleView(TypedDict):
    cards: list[int]
    wilds: list[list[int]]
    rank: int
    total: int
    name: str


class ClaimView(TypedDict):
    provable: bool
    reason: str
    beaten_by: CounterexampleView | None


class FlagView(TypedDict):
    claimed_by: int
    fog: int
    mud: int
    slots: int
    cards: list[list[int]]
    completed_at: list[int | None]
    formation: list[FormationView | None]
    claim: ClaimView | None


class HandView(TypedDict):
    count: int
    troops: int
    tactics: int
    cards: list[int] | None  # the viewer's own hand only
    known: list[int]
    # The viewer's own cards that cannot be played now, each with why (while it is to play).
    unplayable: list[tuple[int, Phrase]]


class PendingView(TypedDict):
    card: int | None
    from_flag: int | None
    scout_draws_left: int
    scout_returns_left: int
    deck: str | None
    claimable: list[int]
    claim_stage: str | None


class MatchView(TypedDict):
    games: int
    game: int
    starter: int | None
    points: list[int]
    wins: list[int]
    results: list[dict[str, Any]]  # per game: winner, how, flags, claimed, points, won_with


class BattleLineObservation(TypedDict):
    viewer: int
    current_player: int
    turn: int | None
    phase: str
    pending: PendingView
    flags: list[FlagView]
    hands: list[HandView]
    decks: dict[str, int]
    deck_tops: dict[str, list[int | None]]
    discards: list[list[int]]
    tactics_played: list[int]
    leader_played: list[bool]
    passes: int
    match: MatchView
    options: dict[str, Any]
    winner: int | None
    returns: list[float] | None
