"""Every edge of every Damage card (rules §6, §10.4), drawn through the engine's own flow: a
hit that leaves the target at half HP or less draws the card, and its edge takes effect."""

from __future__ import annotations

import pytest

from game.engines.frontline import combat
from game.engines.frontline.cards import AIRLINE, DAMAGES, EDGES, UNITS
from game.engines.frontline.phases import (
    PH_ATTACK_DIE,
    PH_CREW_DIE,
    PH_DAMAGE_CARD,
    PH_FIRE_DIE,
)
from tests.test_frontline_support import (
    attack_with,
    damage,
    finish_turn,
    miss_out,
    place,
    roll,
    setup,
    to_combat,
)

# Per edge: the target, the Sherman's weapon mask, the dice (natural, power) that leave it at
# half HP or less but alive.
TARGETS = {
    "TANK_VEHICLE": ("ge_pz4h", 1, (6, 6, 5)),  # 5 + 6 - 4 = 7 of 13: 6 left
    "FIELD_GUN": ("ge_pak40", 1, (6, 6, 1)),  # 1 + 6 - 1 = 6 of 8: 2 left
    "INFANTRY": ("ge_grenadier_squad", 1, (6, 6, 1)),  # 7 of 8: 1 left
    "AIRCRAFT": ("ge_fw190f8", 4, (8, 8, 4)),  # .50 cal: 4 + 2 - 1 = 5 of 10: 5 left
}
CASES = [(card.id, edge) for card in DAMAGES for edge in EDGES]


def _draw(card_id: str, edge: str):
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    name, mask, dice = TARGETS[edge]
    target = place(state, 1, name, AIRLINE if edge == "AIRCRAFT" else 0)
    to_combat(state)
    attack_with(state, sherman, target, mask)
    roll(state, *dice)
    assert state.phase == PH_DAMAGE_CARD
    before = (list(state.vp), target.crew)
    state.apply_action(damage(card_id))
    return state, sherman, target, before


@pytest.mark.parametrize(("card_id", "edge"), CASES)
def test_damage_card_edge(card_id: str, edge: str) -> None:
    state, sherman, target, (_, crew) = _draw(card_id, edge)
    card = next(c for c in DAMAGES if c.id == card_id)
    effect = card.edges[EDGES.index(edge)]
    assert target.dmg_card == card.index
    kind = effect.kind
    if kind == "destroyed":
        assert target.pos not in state.board
        if crew >= 0:
            assert state.phase == PH_CREW_DIE
            roll(state, 9)  # killed with the unit
            assert state.vp[0] == target.printed.cost + UNITS[crew].cost
        else:
            assert state.vp[0] == target.printed.cost
        return
    if kind == "return_to_reserves":
        assert target.pos not in state.board and state.vp == [0, 0]
        assert target.card in state.bottom[1] and all(state.bottom_public[1])
        if crew >= 0:
            assert crew in state.bottom[1]
        return
    if kind == "crew_killed":
        assert target.crew == -1 and state.vp[0] == UNITS[crew].cost
        assert not combat.can_attack(target)
        return
    if kind == "crew_bails_out":
        assert target.crew == -1 and state.vp == [0, 0]
        assert state.bottom[1] == [crew] and state.bottom_public[1] == [True]
        return
    if kind == "flight_turns_set":
        assert target.flight_left == 0
        miss_out(state)
        assert target.pos not in state.board and target.card in state.bottom[1]
        return
    if kind == "fire_check":
        miss_out(state)
        assert state.phase == PH_FIRE_DIE
        roll(state, 2)  # destroyed on 1-3; the same die lets the crew escape
        assert target.pos not in state.board
        assert state.vp[0] == target.printed.cost and state.bottom[1] == [crew]
        return
    if state.phase == PH_ATTACK_DIE:
        miss_out(state)
    if kind == "none":
        assert target.eff_kind == ""
    elif kind == "no_attack":
        assert not combat.can_attack(target)
    elif kind == "attack_roll_mod":
        assert combat.roll_mod(state, target, sherman) == effect.value
    elif kind == "weapon_disabled":
        assert not combat.weapon_usable(state, target, effect.row - 1, sherman)
    elif kind == "immobilized":
        assert combat.roll_mod(state, sherman, target) == 2
    elif kind == "max_weapons_per_attack":
        assert combat.max_weapons(target) == effect.value
    elif kind == "defense_mod":
        assert combat.defense(state, target) == max(0, target.printed.defense + effect.value)
    elif kind == "enemy_attack_roll_mod_against":
        assert combat.roll_mod(state, sherman, target) == effect.value
    else:
        pytest.fail(f"untested damage effect {kind}")


def test_turn_counters_last_through_the_combat_phase_of_the_nth_following_turn() -> None:
    """§6 TURNS:N: Shaken (TURNS:1) drawn in turn 1 stops the unit in turns 1 and 2 only."""
    state, _, target, _ = _draw("dmg_shaken", "TANK_VEHICLE")
    assert not combat.can_attack(target)
    finish_turn(state)
    assert not combat.can_attack(target)
    to_combat(state)
    assert state.queue == [next(u.pos for u in state.board.values() if u.owner == 0)]
    finish_turn(state)
    assert combat.can_attack(target) and target.eff_kind == ""
    assert target.dmg_card >= 0 and target.hp_max == target.printed.half_hp


def test_persistent_effects_stay() -> None:
    state, _, target, _ = _draw("dmg_armor_breached", "TANK_VEHICLE")
    for _ in range(3):
        finish_turn(state)
        to_combat(state)
    assert combat.defense(state, target) == target.printed.defense - 2


def test_a_weapon_limit_drawn_before_the_attack_applies_at_once() -> None:
    """§6, §9 #29 (seed 74, turn 1): infantry that declared two weapons and then draws
    "Sights Damaged" (one weapon per attack) before its own attack fires only one of them."""
    from game.engines.frontline.actions import UNIT
    from game.engines.frontline.phases import PH_FIRST_WEAPON
    from tests.test_frontline_support import declare, seat_one_first

    state = setup()
    rifles = place(state, 0, "us_rifle_squad")
    grenadiers = place(state, 1, "ge_grenadier_squad")
    to_combat(state)
    declare(state, {rifles.pos: (UNIT + grenadiers.pos, 3), grenadiers.pos: (UNIT + rifles.pos, 1)})
    seat_one_first(state)
    state.apply_action(UNIT + grenadiers.pos)
    roll(state, 7, 7, 6)  # Kar98k: 14 hits, 6 + 1 = 7 of 8: one left, at half HP
    assert state.phase == PH_DAMAGE_CARD
    state.apply_action(damage("dmg_optics"))
    assert combat.max_weapons(rifles) == 1
    miss_out(state)
    state.apply_action(UNIT + rifles.pos)
    assert state.phase == PH_FIRST_WEAPON
    state.apply_action(state.legal_actions()[0])
    fired = 0
    while state.phase == PH_ATTACK_DIE:
        fired += 1
        roll(state, 5, 5)
    assert fired == UNITS[rifles.card].weapons[0].rof  # the first weapon's rolls, no more
