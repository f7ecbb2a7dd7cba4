"""Frontline's rules: the checklist of rules §12.9 and the decisions of §9, played through the
engine's own actions (declarations, dice, draws)."""

from __future__ import annotations

import pytest

from game.engines.frontline import combat
from game.engines.frontline.actions import (
    ASSAULT,
    CARD,
    DONE,
    DRAW_UNIT,
    HOLD,
    ME_FIRST,
    REAR_CARD,
    SWITCH,
    UNIT,
)
from game.engines.frontline.cards import AIRLINE, FRONT, REAR, UNITS
from game.engines.frontline.options import HAND_UNITS
from game.engines.frontline.phases import (
    PH_ATTACK_DIE,
    PH_CHOOSE_ATTACK,
    PH_COMMIT,
    PH_CREW_DIE,
    PH_DAMAGE_CARD,
    PH_DISCARD_UNIT,
    PH_DRAW_CHOICE,
    PH_FRIENDLY_FIRE,
    PH_ORDER,
    PH_POWER_DIE,
    PH_WINDOW,
)
from tests.test_frontline_support import (
    attack_with,
    card,
    crew_for,
    damage,
    declare,
    finish_turn,
    initiative,
    miss_out,
    pass_windows,
    place,
    roll,
    setup,
    to_combat,
)


# --- §12.9 rules ---------------------------------------------------------------------------
def test_bullet_weapons_never_affect_base_defense_2_even_when_breached() -> None:
    state = setup()
    rifles = place(state, 0, "us_rifle_squad")
    sherman = place(state, 0, "us_m4a1_sherman")
    greyhound = place(state, 1, "ge_sdkfz251")  # defense 1: bullets work
    stug = place(state, 1, "ge_stug3g")  # defense 4
    stug.eff_kind, stug.eff_value, stug.eff_left = "defense_mod", -4, -1  # breached to 0
    assert combat.defense(state, stug) == 0
    assert combat.legal_target(state, rifles, greyhound)
    assert not combat.legal_target(state, rifles, stug)
    # The Sherman may target the StuG, but only with its main gun (row 1 = mask 1).
    assert combat.weapon_sets(state, sherman, stug) == [1]
    to_combat(state)
    assert state.queue[0] == rifles.pos
    assert UNIT + stug.pos not in state.legal_actions()
    assert "bullet" in state.illegal_reason(UNIT + stug.pos)


def test_frontline_units_cannot_reach_the_rear_but_aircraft_reach_anything() -> None:
    state = setup()
    rifles = place(state, 0, "us_rifle_squad")
    plane = place(state, 0, "us_p47d_thunderbolt", AIRLINE)
    howitzer = place(state, 1, "ge_lefh18", REAR)
    place(state, 1, "ge_grenadier_squad")
    assert not combat.legal_target(state, rifles, howitzer)
    assert combat.legal_target(state, plane, howitzer)
    gun = place(state, 0, "us_105mm_howitzer", REAR)
    assert combat.legal_target(state, gun, howitzer)


def _friendly_fire_on(victim_id: str):
    """A Sherman's natural 2 at a Pz IV: the opponent (the only choice) picks the Sherman's
    other unit, ``victim_id``, as the friendly-fire victim; its power die comes next."""
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    victim = place(state, 0, victim_id)
    target = place(state, 1, "ge_pz4h")
    to_combat(state)
    attack_with(state, sherman, target)
    roll(state, 1, 2)
    assert state.phase == PH_FRIENDLY_FIRE and state.current_player() == 1
    assert state.legal_actions() == [UNIT + victim.pos]  # never the attacker itself
    state.apply_action(UNIT + victim.pos)
    return state, victim, target


def test_natural_2_3_never_damages_the_target_and_the_opponent_picks_the_victim() -> None:
    """§9 #5: friendly fire hits one of the attacker's own units, chosen by the opponent; a
    unit destroyed so scores nobody."""
    state, rifles, target = _friendly_fire_on("us_rifle_squad")
    roll(state, 10)  # 10 + 6 - 0 = 16 >= 8
    assert rifles.pos not in state.board and target.damage == 0
    assert state.vp == [0, 0]


@pytest.mark.parametrize("card_id", ["dmg_catastrophic", "dmg_crew_casualty"])
def test_a_damage_card_from_friendly_fire_scores_nobody(card_id: str) -> None:
    """§7: friendly-fire kills score nothing, also when the hit's Damage card destroys the
    victim or kills its crew (both scored for the enemy before the fix)."""
    state, victim, _ = _friendly_fire_on("us_m4a1_sherman")
    roll(state, 5)  # 5 + 6 - 4 = 7 of 13: 6 left, at half
    assert state.phase == PH_DAMAGE_CARD
    state.apply_action(damage(card_id))
    if card_id == "dmg_catastrophic":
        assert victim.pos not in state.board and state.phase == PH_CREW_DIE
        roll(state, 10)  # a crew roll of 7-10 kills the crew
    else:
        assert victim.crew < 0
    assert state.vp == [0, 0]


def test_natural_19_20_destroys_a_legal_target_and_its_crew_and_scores_both() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    target = place(state, 1, "ge_tiger1")
    to_combat(state)
    attack_with(state, sherman, target)
    roll(state, 9, 10)
    assert target.pos not in state.board
    assert state.vp == [21 + 2, 0]


def _hit(state, attacker, target, power: int, mask: int = 1) -> None:
    attack_with(state, attacker, target, mask)
    roll(state, 6, 6, power)  # natural 12 hits the 75mm's 12


def test_half_hp_draws_one_damage_card_and_the_unit_recovers_to_half() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")  # 13 HP, half 6, defense 4
    to_combat(state)
    _hit(state, sherman, pz, 5)  # 5 + 6 - 4 = 7: 6 left, at half
    assert state.phase == PH_DAMAGE_CARD
    state.apply_action(damage("dmg_superficial"))
    assert pz.dmg_card >= 0 and pz.hp_left == 6
    finish_turn(state)
    assert pz.hp_max == 6 and pz.damage == 0
    # At half HP now: a 6-damage hit, harmless to a fresh Pz IV, destroys it.
    to_combat(state)
    _hit(state, sherman, pz, 4)
    assert pz.pos not in state.board


def test_a_unit_losing_less_than_half_ends_the_phase_at_full_hp() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    second = place(state, 0, "us_m4a1_sherman")
    to_combat(state)
    declare(state, {sherman.pos: (UNIT + pz.pos, 1), second.pos: (UNIT + pz.pos, 1)})
    initiative(state, 9, 2)
    state.apply_action(UNIT + sherman.pos)
    roll(state, 6, 6, 4)  # 6 damage: 7 left > 6
    assert state.phase == PH_CHOOSE_ATTACK and pz.damage == 6
    state.apply_action(UNIT + second.pos)
    miss_out(state)
    finish_turn(state)
    assert pz.hp_max == 13 and pz.damage == 0 and pz.dmg_card < 0


def test_a_unit_with_a_damage_card_never_draws_another() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    second = place(state, 0, "us_m4a1_sherman")
    pz.dmg_card, pz.hp_max = 9, 6
    to_combat(state)
    declare(state, {sherman.pos: (UNIT + pz.pos, 1), second.pos: (UNIT + pz.pos, 1)})
    initiative(state, 9, 2)
    state.apply_action(UNIT + sherman.pos)
    roll(state, 6, 6, 1)  # 1 + 6 - 4 = 3: 3 left, under half, no new card
    assert state.phase == PH_CHOOSE_ATTACK and pz.hp_left == 3 and pz.dmg_card == 9


@pytest.mark.parametrize(
    ("power", "enemy_land", "where"),
    [
        (1, True, "reserves"),
        (3, True, "reserves"),
        (4, True, "captured"),
        (6, True, "captured"),
        (5, False, "reserves"),
        (7, True, "killed"),
        (10, True, "killed"),
    ],
)
def test_crew_outcomes(power: int, enemy_land: bool, where: str) -> None:
    """§4.2.5 and §9 #8-#10: the killing hit's power die is the crew roll."""
    state = setup()
    attacker = (
        place(state, 0, "us_m4a1_sherman")
        if enemy_land
        else place(state, 0, "us_p47d_thunderbolt", AIRLINE)
    )
    target = place(state, 1, "ge_sdkfz251")  # 9 HP, defense 1
    to_combat(state)
    target.damage = 8  # one point left: any hit destroys it
    row_mask = 1
    declare(state, {attacker.pos: (UNIT + target.pos, row_mask)})
    initiative(state, 9, 2)
    state.apply_action(UNIT + attacker.pos)
    roll(state, 8, 8, power)
    crew = crew_for(target.card)
    crew_cost = UNITS[crew].cost
    assert target.pos not in state.board
    if where == "reserves":
        assert state.bottom[1][0] == crew and state.bottom_public[1][0]
        assert state.vp[0] == 4
    elif where == "captured":
        assert state.prisoners[0] == [crew] and state.vp[0] == 4 + 2 * crew_cost
    else:
        assert state.vp[0] == 4 + crew_cost and crew not in state.bottom[1]


# --- §12.9 flow ----------------------------------------------------------------------------
def test_overrun_after_exactly_three_unopposed_end_of_combat_checks() -> None:
    state = setup()
    place(state, 0, "us_rifle_squad")
    state.hand_units = [[], []]
    for turn in range(1, 4):
        to_combat(state)
        initiative(state, 5, 4)
        if turn < 3:
            assert state.overrun == [turn, 0] and not state.is_terminal()
            finish_turn(state)
    assert state.is_terminal() and state.winner == 0 and state.end_reason == "overrun"
    assert state.returns() == [1.0, -1.0]


def test_overrun_counter_resets_when_opposed() -> None:
    state = setup()
    place(state, 0, "us_rifle_squad")
    state.hand_units = [[], [card("ge_grenadier_squad")]]
    to_combat(state)
    initiative(state, 5, 4)
    assert state.overrun == [1, 0]
    finish_turn(state)
    state.apply_action(DONE)
    state.apply_action(CARD + card("ge_grenadier_squad"))
    state.apply_action(DONE)
    declare(state, {})
    initiative(state, 5, 4)
    assert state.overrun == [0, 0]


def test_hand_limits_put_excess_units_under_the_reserves() -> None:
    """§4.3, §9 #20: 7 unit cards (crews count); the rest go under the Reserves, unseen."""
    state = setup()
    state.hand_units[0] = sorted([card("us_rifle_squad")] * 4 + [card("us_tank_crew")] * 3)
    to_combat(state)
    initiative(state, 5, 4)  # seat 0 draws first
    roll(state)  # nothing to do
    state.apply_action(state.legal_actions()[0])  # the fixed command card
    assert state.phase == PH_DRAW_CHOICE
    state.apply_action(DRAW_UNIT)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(DRAW_UNIT)
    state.apply_action(state.legal_actions()[0])
    assert state.phase == PH_DISCARD_UNIT and len(state.hand_units[0]) == HAND_UNITS + 2
    tank_crew = CARD + card("us_tank_crew")
    state.apply_action(tank_crew)
    state.apply_action(tank_crew)
    assert len(state.hand_units[0]) == HAND_UNITS
    assert state.bottom[0][:2] == [card("us_tank_crew")] * 2
    assert state.bottom_public[0][:2] == [False, False]
    assert state.observation(1)["seats"][0]["bottom"][:2] == [None, None]


def test_aircraft_fight_two_combat_phases_then_return_with_their_pilot() -> None:
    """§9 #22: Flight Turns 2 counts the arrival turn; no VP for leaving."""
    state = setup()
    target = place(state, 1, "ge_grenadier_squad")
    plane, pilot = card("us_p47d_thunderbolt"), card("us_pilot")
    state.hand_units[0] = [plane, pilot]
    state.apply_action(CARD + plane)
    state.apply_action(CARD + pilot)
    state.apply_action(DONE)
    state.apply_action(DONE)
    aircraft = next(u for u in state.board.values() if u.card == plane)
    assert aircraft.line == AIRLINE and aircraft.crew == pilot and aircraft.flight_left == 2
    for _ in range(2):
        assert state.queue == [aircraft.pos]
        assert UNIT + target.pos in state.legal_actions()
        declare(state, {})
        initiative(state, 5, 4)
        if state.phase != PH_COMMIT:
            finish_turn(state)
        if aircraft.pos in state.board:
            to_combat(state)
    assert aircraft.pos not in state.board
    assert state.bottom[0][:2] == [pilot, plane] and state.bottom_public[0][:2] == [True, True]
    assert state.vp == [0, 0]


# --- §9 decisions --------------------------------------------------------------------------
@pytest.mark.parametrize(("bonus", "mod"), [("attacker", 2), ("defender", -2)])
def test_field_gun_bonus_option(bonus: str, mod: int) -> None:
    """§9 #1: +2 to the attacker's roll against a field gun (or -2 by the other reading)."""
    state = setup(field_gun_bonus=bonus)
    sherman = place(state, 0, "us_m4a1_sherman")
    gun = place(state, 1, "ge_pak40")
    assert combat.roll_mod(state, sherman, gun) == mod
    to_combat(state)
    attack_with(state, sherman, gun)
    roll(state, 5, 5)  # natural 10: hits 12 only with the +2
    assert (state.phase == PH_POWER_DIE) == (mod > 0)


def test_natural_18_below_the_value_misses_and_doubles_power_on_a_hit() -> None:
    """§9 #4: the P-47's bomb vs a Tiger: natural 18 hits 13 and doubles the power die."""
    state = setup()
    plane = place(state, 0, "us_p47d_thunderbolt", AIRLINE)
    tiger = place(state, 1, "ge_tiger1")  # 15 HP, defense 5
    to_combat(state)
    attack_with(state, plane, tiger, mask=2)
    assert plane.bomb_used  # §9 #16 spent when fired
    roll(state, 9, 9, 4)  # 4 * 2 + 8 - 5 = 11
    assert tiger.damage == 11


def test_bombs_once_per_sortie() -> None:
    state = setup()
    plane = place(state, 0, "us_p47d_thunderbolt", AIRLINE)
    tiger = place(state, 1, "ge_tiger1")
    grenadiers = place(state, 1, "ge_grenadier_squad")
    assert combat.weapon_sets(state, plane, grenadiers) == [1, 2, 3]
    plane.bomb_used = True
    assert combat.weapon_sets(state, plane, grenadiers) == [1]
    assert not combat.legal_target(state, plane, tiger)  # its MGs cannot hurt defense 5


def test_mobile_field_artillery_in_the_rear_fires_row_1_at_ground_targets() -> None:
    """§9 #17; MFA commits to either line."""
    state = setup()
    priest = card("us_m7_priest")
    state.hand_units[0] = [priest, card("us_artillery_crew")]
    assert REAR_CARD + priest in state.legal_actions() and CARD + priest in state.legal_actions()
    state.apply_action(REAR_CARD + priest)
    assert DONE not in state.legal_actions()  # it needs its crew
    state.apply_action(CARD + card("us_artillery_crew"))
    state.apply_action(DONE)
    state.apply_action(DONE)
    unit = next(u for u in state.board.values() if u.card == priest)
    assert state.phase == PH_WINDOW and state.legal_actions() == [SWITCH + unit.pos, DONE]
    pass_windows(state)
    assert unit.line == FRONT  # alone in the rear: the frontline collapse moves it up (§9 #11)
    unit.line = REAR
    place(state, 0, "us_rifle_squad")
    grenadiers = place(state, 1, "ge_grenadier_squad")
    plane = place(state, 1, "ge_fw190f8", AIRLINE)
    assert combat.weapon_sets(state, unit, grenadiers) == [1]
    assert combat.weapon_sets(state, unit, plane) == [2]
    unit.line = FRONT
    assert combat.weapon_sets(state, unit, grenadiers) == [1, 2, 3]


def test_a_lost_attacker_does_not_attack() -> None:
    """§9 #12: destroyed before its turn, its declared attack is lost."""
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    to_combat(state)
    declare(state, {sherman.pos: (UNIT + pz.pos, 1), pz.pos: (UNIT + sherman.pos, 1)})
    initiative(state, 2, 9)
    assert state.phase == PH_ORDER and state.current_player() == 1
    state.apply_action(ME_FIRST)
    state.apply_action(UNIT + pz.pos)
    roll(state, 10, 10)
    assert sherman.pos not in state.board
    assert state.phase != PH_CHOOSE_ATTACK and state.attacks == [[], []]


def test_close_assault_needs_three_infantry_and_rolls_each_members_die() -> None:
    state = setup(close_assault_value="best")
    squads = [place(state, 0, "us_rifle_squad") for _ in range(3)]
    pz = place(state, 1, "ge_pz4h")
    to_combat(state)
    assert ASSAULT + pz.pos in state.legal_actions()
    declare(state, {u.pos: (ASSAULT + pz.pos, 0) for u in squads})
    initiative(state, 9, 2)
    state.apply_action(UNIT + squads[0].pos)
    assert combat.assault_value(state, [u.pos for u in squads]) == 17
    roll(state, 9, 8)  # natural 17 hits 17
    roll(state, 4, 5, 6)  # 15 - defense 4
    assert pz.damage == 11 and state.phase == PH_DAMAGE_CARD


def test_close_assault_uses_the_highest_value_by_default_and_cancels_below_three() -> None:
    state = setup()
    squads = [place(state, 0, "us_rifle_squad") for _ in range(3)]
    pz = place(state, 1, "ge_pz4h")
    assert combat.assault_value(state, [u.pos for u in squads]) == 18
    to_combat(state)
    declare(state, {u.pos: (ASSAULT + pz.pos, 0) for u in squads})
    initiative(state, 9, 2)
    del state.board[squads[2].pos]  # one member lost before the assault resolves
    state.apply_action(UNIT + squads[0].pos)
    assert state.phase != PH_ATTACK_DIE and pz.damage == 0


def test_frontline_collapse_promotes_the_rear_line() -> None:
    state = setup()
    gun = place(state, 1, "ge_lefh18", REAR)
    to_combat(state)
    assert gun.line == FRONT


def test_catastrophic_hit_needs_a_fresh_crew_roll() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    to_combat(state)
    _hit(state, sherman, pz, 5)
    state.apply_action(damage("dmg_catastrophic"))
    assert pz.pos not in state.board and state.phase == PH_CREW_DIE
    roll(state, 8)
    assert state.vp[0] == 14 + 2


def test_commit_rules_for_crews() -> None:
    """§4.1: no crew without a unit, no crewed unit without its crew; a lone crew may replace
    a missing one in the Battle Area."""
    state = setup()
    sherman, crew = card("us_m4a1_sherman"), card("us_tank_crew")
    state.hand_units[0] = [sherman, crew, card("us_artillery_crew")]
    legal = state.legal_actions()
    assert CARD + card("us_artillery_crew") not in legal
    assert CARD + crew in legal and DONE in legal
    state.apply_action(CARD + crew)
    assert DONE not in state.legal_actions()
    assert "unit to operate" in state.illegal_reason(DONE) or state.illegal_reason(DONE)
    unit = place(state, 0, "us_m5a1_stuart", crewed=False)
    assert DONE in state.legal_actions()
    state.apply_action(DONE)
    state.apply_action(DONE)
    assert unit.crew == crew
    assert HOLD in state.legal_actions() or state.phase != PH_COMMIT


# --- §3 deck building ----------------------------------------------------------------------
def test_deck_building_keeps_points_and_copy_limits_and_stays_secret() -> None:
    import random

    from game.engines.frontline.cards import army_pool, deck_points
    from game.engines.frontline.phases import PH_BUILD, PH_PICK
    from tests.test_frontline_support import GAME

    state = GAME.new_state(decks="build")
    assert state.phase == PH_BUILD and DONE not in state.legal_actions()
    pool = army_pool(0)
    tiger = CARD + card("ge_tiger1")
    assert tiger not in state.legal_actions()  # not in the US pool
    rifle = CARD + card("us_rifle_squad")
    for _ in range(pool[card("us_rifle_squad")]):
        state.apply_action(rifle)
    assert rifle not in state.legal_actions()  # copy limit
    while DONE not in state.legal_actions():
        state.apply_action(max(a for a in state.legal_actions() if a != DONE))
    assert 80 <= deck_points(state.deck[0]) <= 100
    assert all(
        CARD + c not in state.legal_actions() or deck_points(state.deck[0]) + UNITS[c].cost <= 100
        for c in pool
    )
    state.apply_action(DONE)
    assert state.current_player() == 1
    seen = state.observation(1)
    assert seen["seats"][0]["deck"] is None and seen["seats"][1]["deck"] == []
    guesses = {tuple(state.determinize(1, random.Random(s)).deck[0]) for s in range(10)}
    assert len(guesses) > 1
    for guess in guesses:
        assert 80 <= deck_points(list(guess)) <= 100
        assert all(guess.count(c) <= n for c, n in pool.items())
    rng = random.Random(1)
    while state.phase == PH_BUILD:
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.phase == PH_PICK and state.current_player() == 0
    assert sorted(state.reserves[0]) == state.deck[0]


def test_the_attacker_chooses_which_of_two_weapons_fires_first() -> None:
    from game.engines.frontline.actions import WEAPONS
    from game.engines.frontline.phases import PH_FIRST_WEAPON

    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    grenadiers = place(state, 1, "ge_grenadier_squad")
    to_combat(state)
    declare(state, {sherman.pos: (UNIT + grenadiers.pos, 3)})
    initiative(state, 9, 2)
    state.apply_action(UNIT + sherman.pos)
    assert state.phase == PH_FIRST_WEAPON
    assert state.legal_actions() == [WEAPONS + 1, WEAPONS + 2]
    state.apply_action(WEAPONS + 2)  # the .30 cal MGs first: two rolls, then the 75mm
    assert state.atk_row == 1 and state.atk_rolls == 2 and state.atk_rows == [0]
    assert state.phase == PH_ATTACK_DIE


def test_a_lone_crew_goes_to_the_uncrewed_unit_its_player_picks() -> None:
    from game.engines.frontline.phases import PH_CREW_PLACE

    state = setup()
    stuart = place(state, 0, "us_m5a1_stuart", crewed=False)
    sherman = place(state, 0, "us_m4a1_sherman", crewed=False)
    crew = card("us_tank_crew")
    state.hand_units[0] = [crew]
    state.apply_action(CARD + crew)
    state.apply_action(DONE)
    state.apply_action(DONE)
    assert state.phase == PH_CREW_PLACE and state.current_player() == 0
    assert state.legal_actions() == [UNIT + stuart.pos, UNIT + sherman.pos]
    state.apply_action(UNIT + stuart.pos)
    assert stuart.crew == crew and sherman.crew < 0


def test_deck_building_may_start_from_a_prebuilt_deck() -> None:
    from game.engines.frontline.actions import PREBUILT_DECK
    from game.engines.frontline.cards import PREBUILT
    from tests.test_frontline_support import GAME

    state = GAME.new_state(decks="build", seat0_army="GE")
    names = list(PREBUILT)
    offered = [names[a - PREBUILT_DECK] for a in state.legal_actions() if a >= PREBUILT_DECK]
    assert offered == ["ge_panzergrenadier_kampfgruppe", "ge_tiger_detachment"]
    state.apply_action(PREBUILT_DECK + names.index("ge_tiger_detachment"))
    assert state.deck[0] == sorted(PREBUILT["ge_tiger_detachment"])
    assert DONE in state.legal_actions()  # 86 points
    assert not any(a >= PREBUILT_DECK for a in state.legal_actions())


def _passive_turns(state, turns: int) -> None:
    """Both players commit nothing, turn after turn."""
    while state.turn < turns and not state.is_terminal():
        to_combat(state)
        finish_turn(state)


def test_no_turn_limit_by_default() -> None:
    """§7, §9 #24: the game ends only at 51 VP or by overrun; a turn limit is an option, "none"
    first (the default used to end a passive game 0-0 as a draw after turn 30)."""
    from game.engines.frontline import FrontlineGame
    from game.engines.frontline.options import TURN_LIMIT

    assert FrontlineGame.options[TURN_LIMIT] == ["none", 20, 30, 50]
    state = setup()
    _passive_turns(state, 35)
    assert not state.is_terminal() and state.turn == 35
    limited = setup(turn_limit=30)
    _passive_turns(limited, 35)
    assert limited.is_terminal() and limited.turn == 30
    assert limited.end_reason == "turn_limit" and limited.returns() == [0.0, 0.0]
