"""Frontline's command-card policy (rules §12.6): discard for +1 where a roll decides a dear
target, the card of lowest hold value going."""

from __future__ import annotations

import random

from ai.heuristics import HEURISTICS
from game.engines.frontline import commands
from game.engines.frontline.actions import BOOST, COMMAND, DONE, UNIT
from game.engines.frontline.cards import REAR, UNITS
from game.engines.frontline.phases import PH_WINDOW
from tests.test_frontline_commands import _attack_window, _give, _reveal
from tests.test_frontline_support import place, setup

HEURISTIC = HEURISTICS["frontline"]


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


def _exposed_sherman(damaged: bool, card_id: str = "us_m4a1_sherman"):
    """The US holds Tactical Withdrawal at the C1 window; its tank faces three German tanks
    (revealed this turn). ``damaged``: the tank holds a Damage card (at half HP)."""
    state = setup()
    tank = place(state, 0, card_id)
    if damaged:
        tank.dmg_card, tank.hp_max = 9, UNITS[tank.card].half_hp
    for name in ("ge_pz4h", "ge_pz4h", "ge_tiger1"):
        place(state, 1, name)
    _give(state, 0, commands.WITHDRAWAL)
    _reveal(state)
    assert state.phase == PH_WINDOW and state.current_player() == 0
    return state, tank


def test_a_dear_damaged_unit_facing_a_likely_kill_is_withdrawn() -> None:
    """§12.5 rule 5: a Sherman at half HP under three tanks' modelled fire (P_kill > 0.5,
    cost >= 10) goes back to the hand; whole, or a Stuart (cost 7), it stays and fights."""
    state, tank = _exposed_sherman(damaged=True)
    withdraw = COMMAND + commands.WITHDRAWAL
    assert HEURISTIC.policy(state, random.Random(0)) == withdraw
    state.apply_action(withdraw)
    assert HEURISTIC.policy(state, random.Random(0)) == UNIT + tank.pos
    whole, _ = _exposed_sherman(damaged=False)
    assert withdraw in whole.legal_actions()
    assert HEURISTIC.policy(whole, random.Random(0)) == DONE
    cheap, _ = _exposed_sherman(damaged=True, card_id="us_m5a1_stuart")
    assert HEURISTIC.policy(cheap, random.Random(0)) == DONE
