"""Frontline's command-card policy (rules §12.6): attack cards where they pay, held where they
barely change the attack, spent for their effect rather than discarded for +1, and Smoke
Screen on the enemy attack most likely to cost us."""

from __future__ import annotations

import random

from ai.heuristics import HEURISTICS
from ai.heuristics.frontline import CARD_GAIN, _rest_of_attack
from game.engines.frontline import commands
from game.engines.frontline.actions import BOOST, COMMAND, DONE, UNIT
from game.engines.frontline.cards import REAR
from game.engines.frontline.phases import PH_CARD_TARGET
from game.engines.frontline.state import FrontlineState
from tests.test_frontline_commands import _attack_window, _give, _to_c2
from tests.test_frontline_support import place, setup

HEURISTIC = HEURISTICS["frontline"]


def _window(attacker: str, target: str, card: int) -> FrontlineState:
    """Seat 0's ``attacker`` about to roll at seat 1's ``target``, ``card`` in hand."""
    state = setup()
    ours, theirs = place(state, 0, attacker), place(state, 1, target)
    _give(state, 0, card)
    _attack_window(state, ours, theirs)
    return state


def _played(state: FrontlineState, card: int) -> FrontlineState:
    played = state.clone()
    played.apply_action(COMMAND + card)
    return played


def test_an_attack_card_goes_on_an_attack_it_changes_and_waits_on_one_it_barely_does() -> None:
    dear = _window("us_m10_wolverine", "ge_pz4h", commands.AP_ROUNDS)
    assert COMMAND + commands.AP_ROUNDS in dear.legal_actions()
    assert HEURISTIC.policy(dear, random.Random(0)) == COMMAND + commands.AP_ROUNDS
    cheap = _window("us_m4a1_sherman", "ge_flak38_20", commands.AP_ROUNDS)
    assert COMMAND + commands.AP_ROUNDS in cheap.legal_actions()
    assert HEURISTIC.policy(cheap, random.Random(0)) == DONE
    assert HEURISTIC.auto_action(cheap) == DONE  # the search follows the same rule


def test_a_card_spent_on_a_roll_is_played_for_its_effect_not_discarded_for_one() -> None:
    """Steady Aim on a 57mm AT gun's shot at a Panzer IV: below the play threshold, but the
    roll is worth a card (discard for +1 pays); the card's own effect helps every roll of the
    attack, so it is played rather than discarded."""
    state = _window("us_57mm_at_gun", "ge_pz4h", commands.STEADY_AIM)
    assert _rest_of_attack(_played(state, commands.STEADY_AIM)) - _rest_of_attack(state) < CARD_GAIN
    legal = state.legal_actions()
    assert BOOST + commands.STEADY_AIM in legal and COMMAND + commands.STEADY_AIM in legal
    assert HEURISTIC.policy(state, random.Random(0)) == COMMAND + commands.STEADY_AIM


def test_smoke_screen_cancels_the_most_dangerous_attack_not_the_dearest_attacker() -> None:
    """A Tiger aims at our Rifle Squad, a cheap Pak 40 at our Sherman: the Pak's shot puts far
    more VP at risk, so the smoke goes on the Pak."""
    state = setup()
    sherman, squad = place(state, 0, "us_m4a1_sherman"), place(state, 0, "us_rifle_squad")
    tiger, pak = place(state, 1, "ge_tiger1"), place(state, 1, "ge_pak40")
    _give(state, 0, commands.SMOKE)
    _to_c2(state, {tiger.pos: (UNIT + squad.pos, 1), pak.pos: (UNIT + sherman.pos, 1)})
    state.apply_action(COMMAND + commands.SMOKE)
    assert state.phase == PH_CARD_TARGET
    assert sorted(state.legal_actions()) == sorted([UNIT + tiger.pos, UNIT + pak.pos])
    assert HEURISTIC.policy(state, random.Random(0)) == UNIT + pak.pos


def test_a_roll_that_decides_a_dear_target_gets_the_least_wanted_card_for_plus_one() -> None:
    """§12.6 discard for +1: a Sherman's shot at a Panzer IV gains >= 9 points from +1 and the
    target is worth >= 6; Medic! (hold value 1) goes, Fire Mission! (3 with rear artillery
    on the board) stays. At a Grenadier Squad (worth 4) no card is spent."""
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    place(state, 0, "us_105mm_howitzer", REAR)
    panzer = place(state, 1, "ge_pz4h")
    _give(state, 0, commands.MEDIC, commands.FIRE_MISSION)
    _attack_window(state, sherman, panzer)
    assert HEURISTIC.policy(state, random.Random(0)) == BOOST + commands.MEDIC
    cheap = setup()
    sherman = place(cheap, 0, "us_m4a1_sherman")
    squad = place(cheap, 1, "ge_grenadier_squad")
    _give(cheap, 0, commands.MEDIC)
    _attack_window(cheap, sherman, squad)
    assert BOOST + commands.MEDIC in cheap.legal_actions()
    assert HEURISTIC.policy(cheap, random.Random(0)) == DONE
