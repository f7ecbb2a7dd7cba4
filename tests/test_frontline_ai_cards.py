"""Frontline's command-card policy (rules §12.6): discard for +1 where a roll decides a dear
target, the card of lowest hold value going."""

from __future__ import annotations

import random

from ai.heuristics import HEURISTICS
from game.engines.frontline import commands
from game.engines.frontline.actions import BOOST, DONE
from game.engines.frontline.cards import REAR
from tests.test_frontline_commands import _attack_window, _give
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
