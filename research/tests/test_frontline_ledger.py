"""The balance study's per-unit ledger (research/frontline_ledger.py): VP booked to the unit that
scored them and to the unit whose loss gave them, points fielded per placement."""

from __future__ import annotations

import random

from bench.baselines.frontline import RulePolicyAgent
from game.engines.frontline import FrontlineGame
from game.engines.frontline.actions import CARD, DONE, kind_of
from game.engines.frontline.cards import UNITS
from game.engines.frontline.phases import PH_CREW_DIE, PH_DECLARE
from game.engines.frontline.state import FrontlineState
from game.engines.frontline.units import Unit
from research.frontline_ledger import Ledger, Watcher
from tests.test_frontline_support import (
    attack_with,
    card,
    damage,
    place,
    roll,
    setup,
    to_combat,
)


def _watched(state: FrontlineState, ledger: Ledger) -> None:
    """Every later ``apply_action`` on ``state`` goes through a watcher."""
    watcher = Watcher(ledger, ("us deck", "ge deck"))
    apply = state.apply_action

    def step(action: int) -> None:
        seen = watcher.before(state, action)
        apply(action)
        watcher.after(state, seen)

    state.apply_action = step  # type: ignore[method-assign]


def _sherman_on_pz4(damage_done: int = 0) -> tuple[FrontlineState, Ledger, Unit]:
    """A watched Combat Phase: a US Sherman's attack on a German Pz IV under way (the Pz IV
    returned, already down ``damage_done`` HP)."""
    state = setup()
    ledger = Ledger()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    _watched(state, ledger)
    to_combat(state)
    pz.damage = damage_done
    attack_with(state, sherman, pz)
    return state, ledger, pz


def test_a_kill_is_booked_to_the_attacker_and_the_loss_to_the_target_with_its_crew() -> None:
    state, ledger, pz = _sherman_on_pz4(damage_done=12)  # one HP left
    roll(state, 6, 6, 1)  # a hit; power 1 is the crew roll: the crew survives
    assert pz.pos not in state.board and state.vp == [14, 0]
    assert ledger.lines["us deck", "M4A1 Sherman"].dealt == 14
    assert ledger.lines["ge deck", "PzKpfw IV Ausf. H"].lost == 14


def test_a_crew_killed_by_a_later_roll_counts_with_its_unit() -> None:
    state, ledger, _ = _sherman_on_pz4()
    roll(state, 6, 6, 5)  # 5 + 6 - 4 = 7 of 13: at half, a Damage card
    state.apply_action(damage("dmg_catastrophic"))
    assert state.phase == PH_CREW_DIE and state.vp == [14, 0]
    roll(state, 10)  # the fresh crew roll: killed, 2 VP more
    assert state.vp == [16, 0]
    assert ledger.lines["us deck", "M4A1 Sherman"].dealt == 16
    assert ledger.lines["ge deck", "PzKpfw IV Ausf. H"].lost == 16


def test_points_fielded_count_each_placement_with_its_crew() -> None:
    state = setup()
    ledger = Ledger()
    _watched(state, ledger)
    hand = state.hand_units[0]
    sherman, crew = card("us_m4a1_sherman"), card("us_tank_crew")
    hand[:] = [sherman, crew]
    state.apply_action(CARD + sherman)
    state.apply_action(CARD + crew)
    state.apply_action(DONE)
    state.apply_action(DONE)
    line = ledger.lines["us deck", "M4A1 Sherman"]
    assert line.placed == 1 and line.fielded == UNITS[sherman].cost + UNITS[crew].cost


def test_close_assault_and_surrender_declarations_are_counted() -> None:
    """Every declaration of either kind in rule-policy games is counted."""
    ledger, made = Ledger(), {"assault": 0, "surrender": 0}
    for seed in range(6):
        state = FrontlineGame().new_state(seat0_army="US")
        watcher = Watcher(ledger, ("us deck", "ge deck"))
        agents, rng = [RulePolicyAgent(seed), RulePolicyAgent(seed + 100)], random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            action = state.sample_chance(rng) if player < 0 else agents[player].choose(state)
            if state.phase == PH_DECLARE and player >= 0 and kind_of(action) in made:
                made[kind_of(action)] += 1
            watcher.step(state, action)
    counted = {
        "assault": sum(n for (_, e), n in ledger.counts.items() if e.startswith("close-assault")),
        "surrender": sum(n for (_, e), n in ledger.counts.items() if e.startswith("Surrender!")),
    }
    assert made["assault"] > 0 and made["surrender"] > 0 and counted == made
