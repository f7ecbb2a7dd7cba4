"""The independent baseline's starting hand (bench/baselines/frontline.py, rules §12.2): the
4-card hand that commits the most frontline value on turn 1, never a crewed unit without its
crew."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bench.baselines.frontline import RulePolicyAgent, starting_hand
from game.engines.frontline import FrontlineGame
from game.engines.frontline.cards import AIRCRAFT, FRONT, NO_CREW, PILOT, PREBUILT, UNITS

ID = {card.id: card.index for card in UNITS}


def _crewed(hand: tuple[int, ...]) -> bool:
    crews = Counter(UNITS[c].crew_kind for c in hand if UNITS[c].is_crew)
    needs = Counter(UNITS[c].crew for c in hand if UNITS[c].crew != NO_CREW)
    return all(needs[kind] <= crews[kind] for kind in needs)


def _front(hand: tuple[int, ...]) -> int:
    """A crewed hand's frontline value: every unit of it can be committed on turn 1."""
    return sum(UNITS[c].cost for c in hand if not UNITS[c].is_crew and FRONT in UNITS[c].lines)


def _ids(hand: tuple[int, ...] | list[int]) -> list[str]:
    return sorted(UNITS[c].id for c in hand)


@pytest.mark.parametrize("army", ["US", "GE"])
def test_each_prebuilt_deck_opens_with_the_most_frontline_value_and_no_aircraft(army: str) -> None:
    for us_deck, ge_deck in zip(
        ("us_armored_task_force", "us_infantry_and_air"),
        ("ge_panzergrenadier_kampfgruppe", "ge_tiger_detachment"),
        strict=True,
    ):
        state = FrontlineGame().new_state(us_deck=us_deck, ge_deck=ge_deck, seat0_army=army)
        decks = [tuple(sorted(state.reserves[seat])) for seat in (0, 1)]
        agent = RulePolicyAgent(0)
        while not state.hand_units[1] or len(state.hand_units[1]) < 4:
            state.apply_action(agent.choose(state))
        for seat in (0, 1):
            hand = tuple(sorted(state.hand_units[seat]))
            assert len(hand) == 4 and _crewed(hand)
            assert not any(UNITS[c].type == AIRCRAFT or UNITS[c].crew_kind == PILOT for c in hand)
            best = max(_front(h) for h in combinations(decks[seat], 4) if _crewed(h))
            assert _front(hand) == best


def test_the_infantry_and_air_deck_no_longer_opens_with_the_p47() -> None:
    """The finding of the balance study: "a crewed unit with its crew" took the dearest, the
    P-47 and its pilot, which leave after two turns; two Shermans and their crews instead."""
    hand = starting_hand((), tuple(sorted(PREBUILT["us_infantry_and_air"])))
    assert _ids(hand) == ["us_m4a1_sherman"] * 2 + ["us_tank_crew"] * 2


def test_an_afv_with_its_crew_and_two_infantry_where_the_deck_allows_no_more() -> None:
    """§12.2's typical patterns, where one tank crew (or one gun crew) is all the deck has."""
    deck = ["us_m4a1_sherman", "us_tank_crew", "us_rifle_squad", "us_rifle_squad",
            "us_bazooka_team", "us_105mm_howitzer", "us_artillery_crew",
            "us_p47d_thunderbolt", "us_pilot"]  # fmt: skip
    hand = starting_hand((), tuple(sorted(ID[c] for c in deck)))
    assert _ids(hand) == ["us_m4a1_sherman", "us_rifle_squad", "us_rifle_squad", "us_tank_crew"]
    deck = ["us_57mm_at_gun", "us_artillery_crew", "us_rifle_squad", "us_30cal_mg_team",
            "us_105mm_howitzer", "us_p47d_thunderbolt", "us_pilot", "us_m4a1_sherman"]  # fmt: skip
    hand = starting_hand((), tuple(sorted(ID[c] for c in deck)))
    assert _ids(hand) == ["us_30cal_mg_team", "us_57mm_at_gun", "us_artillery_crew",
                          "us_rifle_squad"]  # fmt: skip


def test_never_a_crewed_unit_without_its_crew() -> None:
    """A spare crew rather than a second Sherman with nobody to drive it."""
    deck = ["us_m4a1_sherman"] * 3 + ["us_tank_crew", "us_rifle_squad", "us_artillery_crew"]
    hand = starting_hand((), tuple(sorted(ID[c] for c in deck)))
    assert _ids(hand) == ["us_artillery_crew", "us_m4a1_sherman", "us_rifle_squad", "us_tank_crew"]


def test_each_pick_completes_the_hand_the_first_pick_chose() -> None:
    deck = tuple(sorted(PREBUILT["ge_tiger_detachment"]))
    best = starting_hand((), deck)
    picked: list[int] = []
    for _ in range(4):
        rest = list(deck)
        for card in picked:
            rest.remove(card)
        hand = starting_hand(tuple(sorted(picked)), tuple(rest))
        assert hand == best
        picked.append(min((Counter(hand) - Counter(picked)).elements()))
    assert tuple(sorted(picked)) == best
