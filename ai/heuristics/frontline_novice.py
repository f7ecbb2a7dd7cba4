"""Frontline's Easy player, as the rules' table of levels gives it (§12.8): a random prebuilt
deck, every ready unit committed, a random legal target with random weapons (two where the
attacker has two), a command card played half the times one may be.

It keeps the policy's starting hand (§12.2 forbids a crewed unit without its crew at every
level) and its draw (§12.7), which §12.8 does not set apart by level, and it takes the moves
every level takes without thought (``FrontlineHeuristic.auto_action``). Until this module the
Easy level was the full policy with a quarter of its moves at random, too close to Normal
(Normal won 60.1 % ± 4.2 of 138 games; against this beginner 72.0 % ± 3.2 of 200).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engines.frontline.actions import DONE, HOLD, WEAPONS, kind_of
from game.engines.frontline.phases import (
    PH_BUILD,
    PH_CARD_TARGET,
    PH_CHOOSE_ATTACK,
    PH_COMMIT,
    PH_DECLARE,
    PH_WEAPONS,
    PH_WINDOW,
)
from game.engines.frontline.state import FrontlineState

CARD_CHANCE = 0.5  # §12.8 Easy: "plays cards when legal, 50 % chance"

Chooser = Callable[[FrontlineState, list[int], random.Random], int | None]


def novice_move(state: FrontlineState, rng: random.Random) -> int | None:
    """The Easy player's move where §12.8 describes it; None where it plays like the policy."""
    choose = _CHOOSERS.get(state.phase)
    return None if choose is None else choose(state, state.legal_actions(), rng)


def _of_kind(legal: list[int], *kinds: str) -> list[int]:
    return [a for a in legal if kind_of(a) in kinds]


def _deck(state: FrontlineState, legal: list[int], rng: random.Random) -> int | None:
    """A prebuilt deck at random (on a deck already begun, the policy completes it)."""
    decks = _of_kind(legal, "prebuilt")
    return rng.choice(decks) if decks else None


def _commit(state: FrontlineState, legal: list[int], rng: random.Random) -> int | None:
    """Every ready unit, in any order, to its printed line or a mobile gun's chosen one."""
    cards = _of_kind(legal, "card", "rear")
    if cards:
        return rng.choice(cards)
    return DONE if DONE in legal else None


def _target(state: FrontlineState, legal: list[int], rng: random.Random) -> int | None:
    """Any enemy unit the attacker may fire at; it holds only when there is none."""
    targets = _of_kind(legal, "unit")
    if targets:
        return rng.choice(targets)
    return HOLD if HOLD in legal else None


def _weapons(state: FrontlineState, legal: list[int], rng: random.Random) -> int | None:
    """Two of the attacker's weapons at random (all of them when it has fewer)."""
    masks = [a - WEAPONS for a in _of_kind(legal, "weapons")]
    if not masks:
        return None
    most = min(2, max(mask.bit_count() for mask in masks))
    return WEAPONS + rng.choice([mask for mask in masks if mask.bit_count() == most])


def _card(state: FrontlineState, legal: list[int], rng: random.Random) -> int | None:
    """A playable command card at random, half the time; else on with the turn."""
    plays = _of_kind(legal, "command")
    if plays and rng.random() < CARD_CHANCE:
        return rng.choice(plays)
    return DONE if DONE in legal else None


def _any(state: FrontlineState, legal: list[int], rng: random.Random) -> int | None:
    return rng.choice(legal)


_CHOOSERS: dict[int, Chooser] = {
    PH_BUILD: _deck,
    PH_COMMIT: _commit,
    PH_DECLARE: _target,
    PH_WEAPONS: _weapons,
    PH_CHOOSE_ATTACK: _any,
    PH_WINDOW: _card,
    PH_CARD_TARGET: _any,
}
