"""Every command card at its window (rules §5.2, §10.3) and the discard-for-+1 (§5.1, §9 #14)."""

from __future__ import annotations

from game.engines.frontline import combat, commands
from game.engines.frontline.actions import (
    ASSAULT,
    BOOST,
    CARD,
    COMMAND,
    DONE,
    DRAW_UNIT,
    REAR_CARD,
    SURRENDER,
    UNIT,
)
from game.engines.frontline.cards import AIRLINE, REAR
from game.engines.frontline.phases import (
    PH_ATTACK_DIE,
    PH_CAPTURE_LINE,
    PH_CARD_TARGET,
    PH_COMMIT,
    PH_DRAW_CHOICE,
    PH_INITIATIVE,
    PH_POWER_DIE,
    PH_ROLL_WINDOW,
    PH_SURRENDER_DIE,
    PH_WINDOW,
)
from tests.test_frontline_support import (
    card,
    die,
    finish_turn,
    pass_windows,
    place,
    roll,
    setup,
)


def _give(state, seat: int, *cards: int) -> None:
    for c in cards:
        state.command_deck.remove(c)
        state.hand_commands[seat].append(c)
    state.hand_commands[seat].sort()


def _reveal(state) -> None:
    """Both commit nothing: the C1 window opens if anyone can play."""
    state.apply_action(DONE)
    state.apply_action(DONE)


def _play_on(state, command: int, pos: int) -> None:
    assert state.phase == PH_WINDOW and COMMAND + command in state.legal_actions()
    state.apply_action(COMMAND + command)
    assert state.phase == PH_CARD_TARGET
    state.apply_action(UNIT + pos)
    assert command in state.command_discard


def test_camouflage_does_not_stack_and_lasts() -> None:
    state = setup()
    rifles = place(state, 0, "us_rifle_squad")
    sherman = place(state, 1, "ge_pz4h")
    _give(state, 0, commands.CAMOUFLAGE, commands.CAMOUFLAGE)
    _reveal(state)
    _play_on(state, commands.CAMOUFLAGE, rifles.pos)
    assert COMMAND + commands.CAMOUFLAGE not in state.legal_actions()  # §5.1 no stacking
    assert combat.roll_mod(state, sherman, rifles) == -2
    pass_windows(state)
    finish_turn(state)
    assert combat.roll_mod(state, sherman, rifles) == -2


def test_hull_down_and_dig_in_raise_defense() -> None:
    state = setup()
    tank = place(state, 0, "us_m4a1_sherman")
    rifles = place(state, 0, "us_rifle_squad")
    _give(state, 0, commands.HULL_DOWN, commands.DIG_IN)
    _reveal(state)
    assert commands.unit_targets(state, 0, commands.HULL_DOWN) == [tank.pos]
    _play_on(state, commands.HULL_DOWN, tank.pos)
    _play_on(state, commands.DIG_IN, rifles.pos)
    assert combat.defense(state, tank) == 6 and combat.defense(state, rifles) == 1


def test_tactical_withdrawal_returns_unit_and_crew_to_hand() -> None:
    state = setup()
    tank = place(state, 0, "us_m4a1_sherman")
    tank.dmg_card, tank.hp_max = 9, 6
    state.hand_units[0] = []
    _give(state, 0, commands.WITHDRAWAL)
    _reveal(state)
    _play_on(state, commands.WITHDRAWAL, tank.pos)
    assert tank.pos not in state.board
    assert state.hand_units[0] == sorted([card("us_m4a1_sherman"), card("us_tank_crew")])
    assert state.damage_discard == [9]
    # The enemy saw them go back: its determinizations keep them in the hand.
    assert state.observation(1)["seats"][0]["known"] == state.hand_units[0]
    pass_windows(state)
    for seed in range(5):
        guess = state.determinize(1, __import__("random").Random(seed))
        assert guess.hand_units[0] == state.hand_units[0]


def test_drop_tanks_add_a_flight_turn() -> None:
    state = setup()
    plane = place(state, 0, "us_p47d_thunderbolt", AIRLINE)
    _give(state, 0, commands.DROP_TANKS)
    _reveal(state)
    _play_on(state, commands.DROP_TANKS, plane.pos)
    assert plane.flight_left == 3


def test_crews_move_between_land_units_in_the_commitment_phase() -> None:
    state = setup()
    tank = place(state, 0, "us_m4a1_sherman")
    empty = place(state, 0, "us_m5a1_stuart", crewed=False)
    _reveal(state)
    assert state.phase == PH_WINDOW and UNIT + tank.pos in state.legal_actions()
    state.apply_action(UNIT + tank.pos)
    assert state.legal_actions() == [UNIT + empty.pos]
    state.apply_action(UNIT + empty.pos)
    assert tank.crew < 0 and empty.crew == card("us_tank_crew")
    assert not combat.can_attack(tank) and combat.can_attack(empty)


def _to_c2(state, plan: dict) -> None:
    _reveal(state)
    while state.window == commands.C1:
        state.apply_action(DONE)
    declare_only(state, plan)


def declare_only(state, plan: dict) -> None:
    from game.engines.frontline.actions import HOLD, WEAPONS
    from game.engines.frontline.phases import PH_DECLARE, PH_WEAPONS

    while state.phase in (PH_DECLARE, PH_WEAPONS):
        action, mask = plan.get(state.queue[0], (HOLD, 0))
        state.apply_action(action if state.phase == PH_DECLARE else WEAPONS + mask)


def test_smoke_screen_cancels_a_declared_enemy_attack() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    _give(state, 0, commands.SMOKE)
    _to_c2(state, {pz.pos: (UNIT + sherman.pos, 1)})
    assert state.phase == PH_WINDOW and state.window == commands.C2
    _play_on(state, commands.SMOKE, pz.pos)
    assert state.attacks[1] == []
    # On the unit for the Combat Phase, in both players' view: why it does not fire.
    for seat in (0, 1):
        view = next(v for v in state.observation(seat)["board"] if v["pos"] == pz.pos)
        assert commands.SMOKE in view["commands"]
    finish_turn(state)
    assert state.phase == PH_COMMIT and not pz.cmds >> commands.SMOKE & 1


def test_ambush_adds_three_to_initiative() -> None:
    state = setup()
    place(state, 0, "us_m4a1_sherman")
    _give(state, 0, commands.AMBUSH)
    _to_c2(state, {})
    state.apply_action(COMMAND + commands.AMBUSH)
    assert state.init_mods == [3, 0]
    pass_windows(state)
    assert state.phase == PH_INITIATIVE
    state.apply_action(die(2))
    state.apply_action(die(4))
    assert state.init_rolls == [5, 4] and state.initiative == 0


def _attack_window(state, attacker, target, mask: int = 1) -> None:
    """Declare one attack, win the initiative, reach the roll window before its first roll."""
    _reveal(state)
    pass_windows(state)
    declare_only(state, {attacker.pos: (UNIT + target.pos, mask)})
    pass_windows(state)
    hand = state.hand_commands[0]
    state.hand_commands[0] = []  # no initiative window for this test
    roll(state, 9, 2)
    state.hand_commands[0] = hand
    state.apply_action(UNIT + attacker.pos)
    assert state.phase == PH_ROLL_WINDOW


def test_fire_mission_gives_rear_artillery_plus_3() -> None:
    state = setup()
    place(state, 0, "us_rifle_squad")
    gun = place(state, 0, "us_105mm_howitzer", REAR)
    target = place(state, 1, "ge_grenadier_squad")
    _give(state, 0, commands.FIRE_MISSION)
    _attack_window(state, gun, target)
    state.apply_action(COMMAND + commands.FIRE_MISSION)
    assert combat.roll_mod(state, gun, target) == 3
    pass_windows(state)
    roll(state, 4, 4)  # natural 8 + 3 hits 11
    assert state.phase == PH_POWER_DIE


def test_flanking_shot_ap_rounds_and_steady_aim_last_the_attack() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    _give(state, 0, commands.FLANKING, commands.AP_ROUNDS, commands.STEADY_AIM)
    _attack_window(state, sherman, pz)
    for c in (commands.FLANKING, commands.AP_ROUNDS, commands.STEADY_AIM):
        state.apply_action(COMMAND + c)
    assert combat.defense(state, pz) == 2 and combat.roll_mod(state, sherman, pz) == 2
    pass_windows(state)
    roll(state, 5, 5)  # natural 10 + 2 hits 12
    assert state.phase == PH_POWER_DIE
    roll(state, 3)  # 3 + 6 + 2 (AP) - 2 (flanked) = 9
    assert pz.damage == 9


def test_discard_for_plus_one_once_per_roll() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    _give(state, 0, commands.MEDIC, commands.MEDIC)
    _attack_window(state, sherman, pz)
    state.apply_action(BOOST + commands.MEDIC)
    assert state.phase == PH_ATTACK_DIE  # once per roll: nothing left to decide
    assert state.hand_commands[0] == [commands.MEDIC]
    roll(state, 5, 6)  # natural 11 + 1 hits 12
    assert state.phase in (PH_POWER_DIE, PH_ROLL_WINDOW)


def test_discard_for_plus_one_never_changes_a_natural_2() -> None:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    _give(state, 0, commands.MEDIC)
    _attack_window(state, sherman, pz)
    state.apply_action(BOOST + commands.MEDIC)
    roll(state, 1, 1)
    assert state.phase != PH_POWER_DIE and pz.damage == 0


def test_surrender_captures_an_uncrewed_unit_for_double_vp() -> None:
    state = setup()
    rifles = place(state, 0, "us_rifle_squad")
    pz = place(state, 1, "ge_pz4h", crewed=False)
    place(state, 1, "ge_grenadier_squad")
    _give(state, 0, commands.SURRENDER)
    _reveal(state)
    pass_windows(state)
    assert SURRENDER + pz.pos in state.legal_actions()
    state.apply_action(SURRENDER + pz.pos)
    # Hidden until the reveal: the card stays in the hand, reserved.
    assert state.current_player() == 1 and state.hand_commands[0] == [commands.SURRENDER]
    assert state.reserved[0] == [commands.SURRENDER]
    assert state.observation(1)["seats"][0]["command_count"] == 1
    declare_only(state, {})
    pass_windows(state)
    assert commands.SURRENDER in state.command_discard
    roll(state, 9, 2)
    state.apply_action(UNIT + rifles.pos)
    assert state.vp[0] == 28
    # All of it by capturing (§7): the record the game-over summary splits the VP by.
    assert state.vp_captured == [28, 0]
    assert state.observation(1)["seats"][0]["vp_captured"] == 28
    captured = next(u for u in state.board.values() if u.card == pz.card)
    assert captured.owner == 0 and captured.captured_from == 1 and captured.crew < 0
    # §9 #28: the capturer puts it in either of its lines.
    assert state.phase == PH_CAPTURE_LINE and state.current_player() == 0
    assert state.legal_actions() == [CARD + pz.card, REAR_CARD + pz.card]
    assert state.action_to_string(REAR_CARD + pz.card) == (
        "Player 1 puts the captured PzKpfw IV Ausf. H in the Rear Line"
    )
    state.apply_action(REAR_CARD + pz.card)
    assert captured.line == REAR and state.phase != PH_CAPTURE_LINE


def test_surrender_of_damaged_infantry_needs_a_six() -> None:
    for face, captured in ((5, False), (6, True)):
        state = setup()
        rifles = place(state, 0, "us_rifle_squad")
        grenadiers = place(state, 1, "ge_grenadier_squad")
        grenadiers.dmg_card, grenadiers.hp_max = 9, 4
        _give(state, 0, commands.SURRENDER)
        _reveal(state)
        pass_windows(state)
        state.apply_action(SURRENDER + grenadiers.pos)
        declare_only(state, {})
        pass_windows(state)
        roll(state, 9, 2)
        state.apply_action(UNIT + rifles.pos)
        assert state.phase == PH_SURRENDER_DIE
        state.apply_action(die(face))
        assert (grenadiers.pos not in state.board) == captured
        assert state.vp[0] == (8 if captured else 0)


def test_field_repairs_and_medic_at_the_end_of_combat() -> None:
    state = setup()
    tank = place(state, 0, "us_m4a1_sherman")
    rifles = place(state, 0, "us_rifle_squad")
    for unit in (tank, rifles):
        unit.dmg_card, unit.hp_max = 9, unit.printed.half_hp
    _reveal(state)
    pass_windows(state)
    declare_only(state, {})
    pass_windows(state)
    _give(state, 0, commands.FIELD_REPAIRS, commands.MEDIC)
    for face in (9, 2):
        if state.phase == PH_ROLL_WINDOW:
            state.apply_action(DONE)
        state.apply_action(die(face))
    assert state.window == commands.C5
    assert commands.unit_targets(state, 0, commands.MEDIC) == [rifles.pos]
    _play_on(state, commands.FIELD_REPAIRS, tank.pos)
    _play_on(state, commands.MEDIC, rifles.pos)
    assert tank.hp_max == 13 and tank.dmg_card < 0 and rifles.hp_max == 8


def test_reinforcements_draw_two_more_unit_cards() -> None:
    state = setup()
    place(state, 0, "us_rifle_squad")
    place(state, 1, "ge_grenadier_squad")
    state.hand_units = [[], []]
    _reveal(state)
    pass_windows(state)
    declare_only(state, {})
    roll(state, 9, 2)
    pass_windows(state)
    _give(state, 0, commands.REINFORCEMENTS)
    state.apply_action(state.legal_actions()[0])  # the fixed command card
    assert state.phase == PH_DRAW_CHOICE
    state.apply_action(COMMAND + commands.REINFORCEMENTS)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])  # two reinforcements, then the choice
        if state.phase == PH_DRAW_CHOICE:
            state.apply_action(DRAW_UNIT)
    while state.current_player() == -1 and state.player == 0:
        state.apply_action(state.legal_actions()[0])
    assert len(state.hand_units[0]) == 4  # 2 reinforcements + 2 free draws
    assert state.phase != PH_ATTACK_DIE
    finish_turn(state)


def _smoke_on_both_sides():
    """A Sherman and a PzKpfw IV that declared on each other, both seats holding a Smoke
    Screen, at the C2 window."""
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    _give(state, 0, commands.SMOKE)
    _give(state, 1, commands.SMOKE)
    _to_c2(state, {sherman.pos: (UNIT + pz.pos, 1), pz.pos: (UNIT + sherman.pos, 1)})
    return state, sherman, pz


def test_a_player_who_passed_may_answer_a_later_card() -> None:
    """§5.2, §9 #26: windows alternate until two passes in a row. Seat 0 passes, seat 1 smokes
    seat 0's attacker, and seat 0 answers with its own Smoke Screen."""
    state, sherman, pz = _smoke_on_both_sides()
    assert state.window == commands.C2 and state.current_player() == 0
    state.apply_action(DONE)
    _play_on(state, commands.SMOKE, sherman.pos)
    assert state.attacks[0] == [] and state.current_player() == 0  # seat 0 may answer
    _play_on(state, commands.SMOKE, pz.pos)
    assert state.attacks == [[], []]
    assert state.window == ""  # nothing left to play on either side: closed


def test_a_window_closes_after_two_passes_in_a_row() -> None:
    state, _, _ = _smoke_on_both_sides()
    state.apply_action(DONE)
    assert state.window == commands.C2 and state.current_player() == 1
    state.apply_action(DONE)
    assert state.window == "" and PH_INITIATIVE in (state.phase, state.roll_kind)


def test_smoke_screen_on_any_member_cancels_the_close_assault() -> None:
    """§9 #27: the group's whole assault, whichever member the smoke is played on."""
    for member in range(3):
        state = setup()
        squads = [place(state, 0, "us_rifle_squad") for _ in range(3)]
        pz = place(state, 1, "ge_pz4h")
        _give(state, 1, commands.SMOKE)
        _to_c2(state, {s.pos: (ASSAULT + pz.pos, 0) for s in squads})
        assert [a[0] for a in state.attacks[0]] == [1]  # one close assault
        assert commands.unit_targets(state, 1, commands.SMOKE) == [s.pos for s in squads]
        _play_on(state, commands.SMOKE, squads[member].pos)
        assert state.attacks[0] == []
