"""Deck-building rules of rules §3.1 in one place: what may be added, why a deck is not legal,
the warnings the app gives (crews against crewed units, a deck that cannot start), and the
"random balanced deck" of §12.1 / §12.2. The engine's ``build_options`` and the deck-builder
screen both ask here, so the view never counts points or copies itself.

Issues are ``(code, args)`` pairs: the code names the rule, the args are plain values (card
indices, numbers, crew kinds) a screen words in its own language.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.engines.frontline.cards import (
    AIRCRAFT,
    ARM,
    CREW_KINDS,
    INFANTRY,
    NO_CREW,
    REAR,
    TANK,
    TANK_CREW,
    UNITS,
    army_pool,
    deck_points,
)
from game.engines.frontline.options import DECK_MAX_POINTS, DECK_MIN_POINTS

Issue = tuple[str, dict]


def addable(side: int, deck: Sequence[int]) -> list[int]:
    """Cards of ``side``'s pool that may be added to ``deck``: copies left in the pool and the
    deck still within the maximum points."""
    points, have = deck_points(list(deck)), Counter(deck)
    return [
        card
        for card, copies in army_pool(side).items()
        if have[card] < copies and points + UNITS[card].cost <= DECK_MAX_POINTS
    ]


def deck_errors(side: int, deck: Sequence[int]) -> list[Issue]:
    """Why ``deck`` is not a legal deck of ``side`` (empty when it is): "army" (a card of the
    other army), "copies" (more copies than the pool holds), "points_low" / "points_high"."""
    errors: list[Issue] = []
    pool, have = army_pool(side), Counter(deck)
    for card in sorted(have):
        if card not in pool:
            errors.append(("army", {"card": card}))
        elif have[card] > pool[card]:
            errors.append(("copies", {"card": card, "count": have[card], "limit": pool[card]}))
    points = deck_points(list(deck))
    if points < DECK_MIN_POINTS:
        errors.append(("points_low", {"points": points, "min": DECK_MIN_POINTS}))
    elif points > DECK_MAX_POINTS:
        errors.append(("points_high", {"points": points, "max": DECK_MAX_POINTS}))
    return errors


def deck_warnings(deck: Sequence[int]) -> list[Issue]:
    """§3 "warn, don't forbid": "crews_short" when crewed units outnumber the crews of their
    kind (the units beyond the crews can never fight together), "crews_spare" when a deck has
    crews of a kind no unit in it needs, "no_start" when no four cards of it can commit
    anything on the first turn (no unit without a crew, no unit with its crew)."""
    warnings: list[Issue] = []
    units, crews = Counter[int](), Counter[int]()
    for card in deck:
        printed = UNITS[card]
        if printed.is_crew:
            crews[printed.crew_kind] += 1
        elif printed.crew != NO_CREW:
            units[printed.crew] += 1
    for kind in range(len(CREW_KINDS)):
        if units[kind] > crews[kind]:
            warnings.append(("crews_short", {"kind": kind, "units": units[kind],
                                             "crews": crews[kind]}))  # fmt: skip
        elif crews[kind] and not units[kind]:
            warnings.append(("crews_spare", {"kind": kind, "crews": crews[kind]}))
    free = any(not UNITS[c].is_crew and UNITS[c].crew == NO_CREW for c in deck)
    paired = any(units[kind] and crews[kind] for kind in range(len(CREW_KINDS)))
    if deck and not free and not paired:
        warnings.append(("no_start", {}))
    return warnings


def _role(card: int) -> str:
    """The §12.2 role of a unit card: "air", "artillery" (can stand in the Rear Line), "punch"
    (a weapon that hurts armour: not a bullet weapon, ARM value 13 or better) or "screen"."""
    printed = UNITS[card]
    if printed.type == AIRCRAFT:
        return "air"
    if REAR in printed.lines:
        return "artillery"
    values = [w.attack[ARM] for w in printed.weapons if not w.bullet]
    anti_armour = any(v is not None and v <= 13 for v in values)
    return "punch" if anti_armour else "screen"


def _package(side: int, card: int) -> list[int]:
    """A unit with the crew it needs (§12.2: every crewed unit brings exactly one crew)."""
    kind = UNITS[card].crew
    if kind == NO_CREW:
        return [card]
    crew = next(c for c in army_pool(side) if UNITS[c].crew_kind == kind)
    return [card, crew]


def _crews_short(deck: Sequence[int], kind: int) -> bool:
    units = sum(1 for c in deck if not UNITS[c].is_crew and UNITS[c].crew == kind)
    return units > sum(1 for c in deck if UNITS[c].is_crew and UNITS[c].crew_kind == kind)


def _within(side: int, deck: Sequence[int]) -> bool:
    """``deck`` keeps to the pool's copies and the maximum points."""
    have, pool = Counter(deck), army_pool(side)
    return deck_points(list(deck)) <= DECK_MAX_POINTS and all(have[c] <= pool[c] for c in have)


def random_deck(side: int, rng: random.Random, start: Sequence[int] = ()) -> list[int]:
    """A legal deck of ``side`` with a sensible mix, built around ``start`` (the cards already
    chosen, kept in order first, their crewed units given their crews), reproducible from
    ``rng``.

    The rule (§12.2, randomised): a point target is drawn from 90-100. With probability 1/3 an
    aircraft with its pilot; then one rear-line artillery unit (howitzer or mobile field
    artillery) if the deck has none; then armour-hurting units ("punch": tanks, tank
    destroyers, AT guns, AT teams) until they make 40 % of the target; then the rest from the
    screen (infantry first, then any unit). Every crewed unit comes with its crew, and a spare
    Tank Crew joins when there are three tanks or more and it fits. Each step draws uniformly
    among the packages (unit plus crew) that still fit the copy limits and the target.
    """
    deck = list(start)
    target = max(rng.randint(DECK_MIN_POINTS + 10, DECK_MAX_POINTS), deck_points(deck))
    candidates = [c for c in army_pool(side) if not UNITS[c].is_crew]

    def fits(package: list[int]) -> bool:
        have, pool = Counter(deck + package), army_pool(side)
        within = deck_points(deck) + deck_points(package) <= target
        return within and all(have[c] <= pool[c] for c in package)

    def add_one(roles: tuple[str, ...], prefer: int | None = None) -> bool:
        options = [p for c in candidates if _role(c) in roles for p in [_package(side, c)]]
        options = [p for p in options if fits(p)]
        if prefer is not None and any(UNITS[p[0]].type == prefer for p in options):
            options = [p for p in options if UNITS[p[0]].type == prefer]
        if not options:
            return False
        deck.extend(rng.choice(options))
        return True

    def role_points(role: str) -> int:
        return sum(UNITS[c].cost + 2 * (UNITS[c].crew != NO_CREW) for c in deck
                   if not UNITS[c].is_crew and _role(c) == role)  # fmt: skip

    for kind in range(len(CREW_KINDS)):  # the crewed units of ``start`` get theirs first
        crew = next((c for c in army_pool(side) if UNITS[c].crew_kind == kind), None)
        while crew is not None and _crews_short(deck, kind) and _within(side, [*deck, crew]):
            deck.append(crew)
    if rng.random() < 1 / 3 and not role_points("air"):
        add_one(("air",))
    if not role_points("artillery"):
        add_one(("artillery",))
    while role_points("punch") < 0.4 * target and add_one(("punch",)):
        pass
    while add_one(("screen",), prefer=INFANTRY) or add_one(("screen", "punch", "artillery")):
        pass
    tanks = sum(UNITS[c].type == TANK for c in deck)
    spare = next(c for c in army_pool(side) if UNITS[c].crew_kind == TANK_CREW)
    if tanks >= 3 and fits([spare]):
        deck.append(spare)
    return deck
