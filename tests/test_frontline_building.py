"""Frontline's deck-building rules (§3.1): what may be added, why a deck is illegal, the §3
warnings, and the random balanced deck; the engine's build decisions agree with them."""

from __future__ import annotations

import random

from game.engines import GAMES
from game.engines.frontline.actions import CARD, DONE
from game.engines.frontline.building import addable, deck_errors, deck_warnings, random_deck
from game.engines.frontline.cards import (
    PILOT,
    PREBUILT,
    TANK_CREW,
    UNIT_INDEX,
    UNITS,
    army_pool,
    deck_points,
)

US, GE = 0, 1
SHERMAN = UNIT_INDEX["us_m4a1_sherman"]
TANK_CREW_US = UNIT_INDEX["us_tank_crew"]
PILOT_US = UNIT_INDEX["us_pilot"]
RIFLES = UNIT_INDEX["us_rifle_squad"]
TIGER = UNIT_INDEX["ge_tiger1"]


def test_prebuilt_decks_are_legal_and_raise_no_warning() -> None:
    for name, deck in PREBUILT.items():
        side = US if name.startswith("us_") else GE
        assert deck_errors(side, deck) == [] and deck_warnings(deck) == [], name


def test_errors_name_points_copies_and_army() -> None:
    assert deck_errors(US, [RIFLES] * 5) == [("points_low", {"points": 20, "min": 80})]
    errors = deck_errors(US, [RIFLES] * 6 + [SHERMAN] * 4 + [TANK_CREW_US] * 4 + [TIGER])
    assert ("copies", {"card": RIFLES, "count": 6, "limit": 5}) in errors
    assert ("army", {"card": TIGER}) in errors
    assert ("points_high", {"points": 24 + 48 + 8 + 21, "max": 100}) in errors


def test_warnings_for_crews_and_for_a_deck_that_cannot_start() -> None:
    assert deck_warnings([SHERMAN, SHERMAN, TANK_CREW_US]) == [
        ("crews_short", {"kind": TANK_CREW, "units": 2, "crews": 1})
    ]
    assert ("crews_spare", {"kind": PILOT, "crews": 1}) in deck_warnings([RIFLES, PILOT_US])
    assert deck_warnings([SHERMAN, SHERMAN]) == [
        ("crews_short", {"kind": TANK_CREW, "units": 2, "crews": 0}),
        ("no_start", {}),
    ]
    assert deck_warnings([]) == []


def test_addable_keeps_copies_and_the_maximum() -> None:
    deck = [RIFLES] * 5 + [SHERMAN] * 4 + [TANK_CREW_US] * 4  # 20 + 48 + 8 = 76 points
    can = addable(US, deck)
    assert RIFLES not in can and SHERMAN not in can and TANK_CREW_US in can
    assert all(deck_points(deck) + UNITS[c].cost <= 100 for c in can)
    assert all(UNITS[c].side == US for c in can)


def test_random_decks_are_legal_mixed_and_reproducible() -> None:
    for seed in range(50):
        for side in (US, GE):
            deck = random_deck(side, random.Random(seed))
            assert deck_errors(side, deck) == [], (seed, side, deck)
            assert 90 - 3 <= deck_points(deck) <= 100
            assert not any(code == "crews_short" for code, _ in deck_warnings(deck))
            types = {UNITS[c].type for c in deck}
            assert len(types) >= 4  # infantry, armour, guns or air, crews
            assert deck == random_deck(side, random.Random(seed))


def test_random_deck_completes_the_cards_already_chosen() -> None:
    start = [UNIT_INDEX["us_p47d_thunderbolt"], PILOT_US, SHERMAN]
    deck = random_deck(US, random.Random(3), start)
    assert deck[:3] == start and deck_errors(US, deck) == []
    assert not any(code == "crews_short" for code, _ in deck_warnings(deck))


def test_the_engine_offers_exactly_the_addable_cards_and_done_from_80_points() -> None:
    state = GAMES["frontline"].new_state(decks="build")
    deck = random_deck(US, random.Random(1))
    for n, card in enumerate(deck):
        cards = sorted(a - CARD for a in state.legal_actions() if a < len(UNITS) + CARD)
        assert cards == sorted(addable(US, deck[:n]))
        assert (DONE in state.legal_actions()) == (deck_points(deck[:n]) >= 80)
        state.apply_action(CARD + card)
    state.apply_action(DONE)
    assert sorted(state.deck[0]) == sorted(deck) and set(army_pool(US)) >= set(deck)
