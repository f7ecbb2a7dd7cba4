"""Frontline's starting hand (rules §12.2): the 4 cards that commit the most frontline value on
turn 1, never a crewed unit without its crew."""

from __future__ import annotations

import random

from ai.heuristics import HEURISTICS
from ai.heuristics.frontline import hand_key
from game.engines.frontline import FrontlineGame, FrontlineState
from game.engines.frontline.cards import FRONT, NO_CREW, PREBUILT, UNITS
from game.engines.frontline.phases import PH_PICK

HEURISTIC = HEURISTICS["frontline"]


def _hand(us_deck: str, ge_deck: str, seat: int) -> list[str]:
    state: FrontlineState = FrontlineGame().new_state(us_deck=us_deck, ge_deck=ge_deck)
    rng = random.Random(0)
    while not (state.phase == PH_PICK and state.player == seat):
        state.apply_action(HEURISTIC.policy(state, rng))
    while state.phase == PH_PICK and state.player == seat:
        state.apply_action(HEURISTIC.policy(state, rng))
    return sorted(UNITS[card].name for card in state.hand_units[seat])


def test_the_hand_is_the_dearest_crewed_frontline_that_can_commit() -> None:
    # The former pick took a crewed unit with its crew and then free units at random.
    assert _hand("us_armored_task_force", "ge_tiger_detachment", 0) == [
        "M4A1 Sherman", "M4A1 Sherman", "Tank Crew", "Tank Crew"]  # fmt: skip
    assert _hand("us_armored_task_force", "ge_tiger_detachment", 1) == [
        "PzKpfw IV Ausf. H", "Tank Crew", "Tank Crew", "Tiger I"]  # fmt: skip


def test_every_prebuilt_hand_commits_whole() -> None:
    decks = [name for name in PREBUILT if name.startswith("us_")], [
        name for name in PREBUILT if name.startswith("ge_")]  # fmt: skip
    for us_deck, ge_deck in zip(*decks, strict=True):
        for seat in (0, 1):
            names = _hand(us_deck, ge_deck, seat)
            cards = [next(u for u in UNITS if u.name == name) for name in names]
            crews = sorted(u.crew_kind for u in cards if u.is_crew)
            needs = sorted(u.crew for u in cards if not u.is_crew and u.crew != NO_CREW)
            assert crews == needs, names
            assert any(FRONT in u.lines for u in cards), names


def test_a_frontline_pair_outranks_a_gun_behind_one_tank() -> None:
    index = {u.name: u.index for u in UNITS}
    tanks = [index["M4A1 Sherman"], index["M4A1 Sherman"], index["Tank Crew"], index["Tank Crew"]]
    gun = [index["M4A1 Sherman"], index["105mm M2A1 Howitzer"], index["Tank Crew"]]
    gun.append(index["Artillery Crew"])
    lone = [index["M4A1 Sherman"], index["M4A1 Sherman"], index["Tank Crew"], index["Rifle Squad"]]
    assert hand_key(tanks) > hand_key(gun) > hand_key(lone)
    sturdier = [
        index["M4A1 Sherman"],
        index["M4A1 Sherman"],
        index["Tank Crew"],
        index["Tank Crew"],
    ]
    m10 = [index["M4A1 Sherman"], index["M10 Wolverine"], index["Tank Crew"], index["Tank Crew"]]
    assert hand_key(sturdier) > hand_key(m10)
