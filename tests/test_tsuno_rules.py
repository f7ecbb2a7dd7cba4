"""Rules §3-§13 of Tsuno Senki, one or more tests per numbered rule (named after it)."""

from __future__ import annotations

import pytest

from game.engines import GAMES
from game.engines.base import CHANCE, TERMINAL, IllegalActionError
from game.engines.tsuno import actions as act
from game.engines.tsuno.rules import (
    ADJACENT,
    AREA_SPLITS,
    NUM_CHIPS,
    NUM_REINFORCEMENTS,
    NUM_SOLDIERS,
    seat_of_areas,
)
from game.engines.tsuno.state import ABSORB, ACT, OVER, ROLL
from tests.tsuno_helpers import acting, roll

TSUNO = GAMES["tsuno"]


def pieces_total(state) -> int:
    """Soldiers anywhere: castle + beside units + wounded (they never leave the game)."""
    return state.castle + sum(state.soldiers) + state.wounded


# --- §3 setup ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "black", "yellow", "morale"),
    [("beginner", 4, 1, 5), ("intermediate", 5, 1, 4), ("advanced", 6, 1, 3)],
)
def test_s3_setup_per_difficulty(difficulty, black, yellow, morale) -> None:
    state = TSUNO.new_state(1, difficulty=difficulty)
    assert (state.black_dice, state.yellow_dice) == (black, yellow)
    assert state.morale == [morale] * 6 and state.home == [True] * 6
    assert (state.day, state.area) == (1, 1)  # both date-marker dice show 1
    assert state.castle == NUM_SOLDIERS and state.wounded == 0
    assert state.chip_supply == NUM_CHIPS and state.reinforcement_supply == NUM_REINFORCEMENTS
    assert state.chips == [0] * 6 and state.soldiers == [0] * 6 == state.reinforcements
    assert state.current_player() == CHANCE and state.roll_kind == "appearance"


def test_s12_four_player_advanced_rolls_three_yellow_dice() -> None:
    assert TSUNO.new_state(4, difficulty="advanced").yellow_dice == 3
    assert TSUNO.new_state(3, difficulty="advanced").yellow_dice == 1
    assert TSUNO.new_state(4, difficulty="intermediate").yellow_dice == 1
    assert TSUNO.new_state(4, difficulty="advanced", yellow_dice="one").yellow_dice == 1


# --- §13 players -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "groups"),
    [
        (1, [[1, 2, 3, 4, 5, 6]]),
        (2, [[1, 2, 3], [4, 5, 6]]),
        (3, [[1, 2], [3, 4], [5, 6]]),
        (4, [[1, 2], [3], [4, 5], [6]]),
        (5, [[1, 2], [3], [4], [5], [6]]),
        (6, [[1], [2], [3], [4], [5], [6]]),
    ],
)
def test_s13_default_split_of_areas(players: int, groups: list[list[int]]) -> None:
    seats = TSUNO.new_state(players).seats
    assert [[a for a in range(1, 7) if seats[a - 1] == s] for s in range(players)] == groups


def test_s13_custom_splits() -> None:
    assert seat_of_areas("alternate", 2) == (0, 1, 0, 1, 0, 1)
    assert seat_of_areas("1|23|456", 3) == (0, 1, 1, 2, 2, 2)
    assert seat_of_areas("12|34|56", 2) == (0, 0, 1, 1, 0, 0)  # groups wrap round the seats
    assert seat_of_areas("123456", 3) == (0,) * 6  # seats 1 and 2 watch
    assert len(AREA_SPLITS) == len(set(AREA_SPLITS)) == 2 + 2**5


def test_s13_turn_order_is_area_order_and_the_seat_of_the_area_moves() -> None:
    state = TSUNO.new_state(4)
    roll(state, 6, 6, 1, 3, 3)  # chips on 1, 3, 6 (1 each) and 3 again: area 3 has 2
    movers = []
    while state.phase != ROLL:
        movers.append((state.area, state.current_player()))
        legal = state.legal_actions()
        state.apply_action(act.WAIT if act.WAIT in legal else legal[0])
    assert movers == [(1, 0), (2, 0), (3, 1), (4, 2), (5, 2), (6, 3)]
    assert (state.day, state.area) == (2, 1)


# --- §2 board --------------------------------------------------------------------------------
def test_s2_ring_and_grid_adjacency() -> None:
    assert ADJACENT["ring"][1] == (2, 6) and ADJACENT["ring"][6] == (1, 5)
    assert ADJACENT["grid"][1] == (2, 4) and ADJACENT["grid"][5] == (2, 4, 6)
    for layout in ADJACENT.values():  # symmetric
        assert all(a in layout[b] for a in layout for b in layout[a])
    state = acting(6, layout="grid")
    state.chips[0] = 1  # area 1 is not next to 6 on the grid
    state.chips[2] = 1
    assert act.relief_action(1) not in state.legal_actions()
    assert act.relief_action(3) in state.legal_actions()


# --- §4 days --------------------------------------------------------------------------------
def test_s4_one_appearance_roll_then_six_actions_a_day() -> None:
    state = TSUNO.new_state(1)
    roll(state, 1, 2, 4, 5, 1)  # no run: 1, 2, 4, 5 count singly, and the yellow 1
    assert state.chips == [2, 1, 0, 1, 1, 0]
    assert state.phase == ACT and state.area == 1
    for area in range(1, 7):
        assert state.area == area and state.phase == ACT
        state.apply_action(act.DEFEND if state.chips[area - 1] >= 2 else act.WAIT)
        if state.phase == ABSORB:
            state.apply_action(state.legal_actions()[0])
    assert (state.day, state.area, state.phase) == (2, 1, ROLL)


# --- §6 reinforcement -------------------------------------------------------------------------
def test_s6_1_reinforcement_raises_morale_to_at_most_6() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.apply_action(act.ATTACK)
    roll(state, 5, 5, 5, 1)
    assert state.morale[4] == 6 and state.reinforcements[4] == 1
    state = acting(3, morale=5, difficulty="beginner")
    state.morale[4] = 6
    state.apply_action(act.ATTACK)
    roll(state, 5, 5, 5, 1)
    assert state.morale[4] == 6


def test_s6_2_reinforcement_piece_goes_beside_the_unit() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.soldiers[4] = 1
    state.apply_action(act.ATTACK)
    roll(state, 5, 5, 5, 1)
    assert (state.soldiers[4], state.reinforcements[4]) == (1, 1)
    assert state.reinforcement_supply == NUM_REINFORCEMENTS - 1


def test_s6_2a_full_slots_with_a_soldier_send_the_soldier_to_the_castle() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.soldiers[4] = 1
    state.reinforcements[4] = 1
    state.castle -= 1
    state.apply_action(act.ATTACK)
    roll(state, 5, 5, 5, 1)
    assert (state.soldiers[4], state.reinforcements[4]) == (0, 2)
    assert state.castle == NUM_SOLDIERS


def test_s6_2b_two_reinforcements_remove_a_chip_instead() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.reinforcements[4] = 2
    state.chips[4] = 3
    state.apply_action(act.ATTACK)
    roll(state, 5, 5, 5, 1)
    assert state.reinforcements[4] == 2 and state.chips[4] == 2
    state = acting(3, morale=5, difficulty="beginner")  # no chip there: nothing happens
    state.reinforcements[4] = 2
    state.apply_action(act.ATTACK)
    roll(state, 5, 5, 5, 1)
    assert state.chips[4] == 0 and state.chip_supply == NUM_CHIPS


def test_s6_2c_empty_reinforcement_supply_removes_a_chip() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.reinforcement_supply = 0
    state.chips[4] = 1
    state.apply_action(act.ATTACK)
    roll(state, 5, 5, 5, 1)
    assert state.reinforcements[4] == 0 and state.chips[4] == 0 and state.morale[4] == 6


def test_s6_unit_in_the_castle_only_removes_a_chip() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.home[4] = False
    state.morale[4] = 1
    state.chips[4] = 2
    state.apply_action(act.ATTACK)
    roll(state, 5, 5, 5, 1)
    assert state.morale[4] == 1 and state.reinforcements[4] == 0 and state.chips[4] == 1


# --- §7 actions -------------------------------------------------------------------------------
def test_s7_defence_is_forced_at_two_chips() -> None:
    state = acting(2, morale=5, difficulty="beginner")
    state.chips[1] = 4
    assert state.legal_actions() == [act.DEFEND]
    with pytest.raises(IllegalActionError, match="must defend"):
        state.apply_action(act.ATTACK)
    state.apply_action(act.DEFEND)
    assert state.chips[1] == 1 and state.morale[1] == 5 - 3
    assert state.chip_supply == NUM_CHIPS + 3
    assert state.area == 3  # defence was the whole action


def test_s7_defence_not_allowed_below_two_chips() -> None:
    state = acting(2)
    state.chips[1] = 1
    assert act.DEFEND not in state.legal_actions()


def test_s7_attack_removes_up_to_unit_plus_pieces() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.chips[2] = 1
    state.soldiers[2] = 1
    state.reinforcements[2] = 1
    state.apply_action(act.ATTACK)
    assert state.chips[2] == 0  # capacity 3, only one there (the article's example)
    state = acting(4, morale=5, difficulty="beginner")
    state.chips[3] = 1
    state.apply_action(act.ATTACK)
    assert state.chips[3] == 0 and state.phase == ROLL


def test_s7_relief_only_with_zero_chips_and_at_an_adjacent_area() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.chips = [0, 3, 1, 4, 0, 0]
    assert not [a for a in state.legal_actions() if act.is_relief(a)]  # area 3 has a chip
    state.chips[2] = 0
    assert [a for a in state.legal_actions() if act.is_relief(a)] == [
        act.relief_action(2),
        act.relief_action(4),
    ]
    with pytest.raises(IllegalActionError, match="not next to"):
        state.apply_action(act.relief_action(6))


def test_s7_relief_uses_the_aa_capacity_and_the_aa_number() -> None:
    state = acting(3, morale=5, difficulty="beginner")
    state.chips = [0, 0, 0, 4, 0, 0]
    state.soldiers[2] = 1
    state.apply_action(act.relief_action(4))
    assert state.chips[3] == 2  # capacity 1 + 1 soldier
    roll(state, 3, 4, 4, 6)  # one 3 (the AA number); the 4s do not hurt area 3
    assert state.loss == 1 and state.phase == ABSORB  # area 3 may absorb with its soldier
    state.apply_action(act.absorb_action(0, 0))
    assert state.morale[2] == 4 and state.morale[3] == 5


def test_s7_relief_of_area_1_may_target_any_other_area() -> None:
    state = acting(1)
    state.chips = [0, 1, 1, 1, 1, 1]
    assert [a for a in state.legal_actions() if act.is_relief(a)] == [
        act.relief_action(t) for t in (2, 3, 4, 5, 6)
    ]


def test_s7_relief_needs_a_target_with_chips() -> None:
    state = acting(2)
    state.chips[2] = 1
    assert [a for a in state.legal_actions() if act.is_relief(a)] == [act.relief_action(3)]


def test_s7_replenish_moves_a_castle_soldier_and_raises_morale() -> None:
    state = acting(2, morale=5, difficulty="beginner")
    state.apply_action(act.replenish_action(3))
    assert state.castle == NUM_SOLDIERS - 1 and state.soldiers[2] == 1 and state.morale[2] == 6
    state = acting(2, morale=5, difficulty="beginner")
    state.morale[1] = 6
    state.apply_action(act.replenish_action(2))
    assert state.morale[1] == 6 and state.soldiers[1] == 1  # morale stays at 6


def test_s7_replenish_conditions() -> None:
    state = acting(2)
    targets = [act.target_of(a) for a in state.legal_actions() if act.is_replenish(a)]
    assert targets == [1, 2, 3]
    state.soldiers[0] = 2  # full
    state.home[2] = False  # in the castle
    targets = [act.target_of(a) for a in state.legal_actions() if act.is_replenish(a)]
    assert targets == [2]
    with pytest.raises(IllegalActionError, match="free slot"):
        state.apply_action(act.replenish_action(1))
    with pytest.raises(IllegalActionError, match="castle"):
        state.apply_action(act.replenish_action(3))
    state.castle = 0
    assert not [a for a in state.legal_actions() if act.is_replenish(a)]
    with pytest.raises(IllegalActionError, match="no soldier"):
        state.apply_action(act.replenish_action(2))


def test_s7_mobility_does_not_widen_replenish() -> None:
    state = acting(1)
    targets = [act.target_of(a) for a in state.legal_actions() if act.is_replenish(a)]
    assert targets == [1, 2, 6]


def test_s7_rest_returns_one_or_two_soldiers_not_reinforcements() -> None:
    state = acting(5)
    state.reinforcements[4] = 2
    assert act.REST_1 not in state.legal_actions()
    state = acting(5)
    state.soldiers[4] = 2
    state.castle -= 2
    assert {act.REST_1, act.REST_2} <= set(state.legal_actions())
    state.apply_action(act.REST_2)
    assert state.soldiers[4] == 0 and state.castle == NUM_SOLDIERS


def test_s7_lure_only_for_areas_3_and_6_from_an_adjacent_area() -> None:
    state = acting(6)
    state.chips = [2, 0, 0, 0, 1, 0]
    lures = [act.target_of(a) for a in state.legal_actions() if act.is_lure(a)]
    assert lures == [1, 5]
    state.apply_action(act.lure_action(1))
    assert state.chips == [1, 0, 0, 0, 1, 1]
    state = acting(2)
    state.chips = [1, 0, 1, 0, 0, 0]
    assert not [a for a in state.legal_actions() if act.is_lure(a)]
    with pytest.raises(IllegalActionError, match="only areas 3 and 6"):
        state.apply_action(act.lure_action(1))


def test_s7_lure_may_bring_the_aa_to_two_chips() -> None:
    state = acting(3)
    state.chips = [0, 1, 1, 0, 0, 0]
    state.apply_action(act.lure_action(2))
    assert state.chips[2] == 2


def test_s7_heal_only_area_4_with_a_wounded_soldier() -> None:
    state = acting(4)
    assert act.HEAL not in state.legal_actions()
    state.wounded, state.castle = 1, NUM_SOLDIERS - 1
    state.apply_action(act.HEAL)
    assert state.wounded == 0 and state.castle == NUM_SOLDIERS
    state = acting(3)
    state.wounded = 1
    with pytest.raises(IllegalActionError, match="only area 4"):
        state.apply_action(act.HEAL)


def test_s7_wait_does_nothing() -> None:
    state = acting(4)
    before = state.observation(0)
    state.apply_action(act.WAIT)
    after = state.observation(0)
    assert after["area"] == 5 and {**after, "area": 4, "to_move": 0} == before


# --- §8 losing morale -------------------------------------------------------------------------
def test_s8_consumption_is_optional_when_morale_stays_positive() -> None:
    state = acting(2, morale=5, difficulty="beginner")
    state.chips[1] = 3
    state.soldiers[1] = 1
    state.reinforcements[1] = 1
    state.apply_action(act.DEFEND)  # loss 2, morale 5
    assert state.phase == ABSORB and state.current_player() == 0
    assert len(state.legal_actions()) == 4  # none, either one, or both
    state.apply_action(act.absorb_action(1, 1))
    assert state.morale[1] == 5 and state.wounded == 1
    assert state.reinforcement_supply == NUM_REINFORCEMENTS + 1
    assert (state.soldiers[1], state.reinforcements[1]) == (0, 0)


def test_s8_must_consume_to_keep_morale_at_least_1() -> None:
    state = acting(2, morale=5, difficulty="beginner")
    state.morale[1] = 2
    state.chips[1] = 4  # loss 3 on morale 2: both pieces must absorb, the only choice
    state.soldiers[1] = 1
    state.reinforcements[1] = 1
    state.apply_action(act.DEFEND)
    assert state.phase == ACT and state.area == 3  # one choice only: applied at once
    assert state.morale[1] == 1 and state.soldiers[1] == state.reinforcements[1] == 0
    state = acting(2, morale=5, difficulty="beginner")
    state.morale[1] = 2
    state.chips[1] = 3  # loss 2: at least one piece
    state.soldiers[1] = 2
    state.reinforcements[1] = 0
    state.apply_action(act.DEFEND)
    assert state.legal_actions() == [act.absorb_action(1, 0), act.absorb_action(2, 0)]
    with pytest.raises(IllegalActionError, match="keep its morale"):
        state.apply_action(act.absorb_action(0, 0))


def test_s8_at_most_two_pieces_and_no_more_than_the_loss() -> None:
    state = acting(2, morale=5, difficulty="beginner")
    state.chips[1] = 2  # loss 1
    state.soldiers[1] = 1
    state.reinforcements[1] = 1
    state.apply_action(act.DEFEND)
    assert state.legal_actions() == [act.absorb_action(*c) for c in ((0, 0), (1, 0), (0, 1))]
    with pytest.raises(IllegalActionError, match="only 1"):
        state.apply_action(act.absorb_action(1, 1))


def test_s8_retreat_and_restoration_from_morale_0() -> None:
    state = acting(2, difficulty="advanced")  # morale 3
    state.chips[1] = 4  # loss 3 -> morale 0
    state.apply_action(act.DEFEND)
    assert not state.home[1] and state.morale[1] == 1
    assert state.castle == NUM_SOLDIERS - 1 and state.wounded == 1
    assert pieces_total(state) == NUM_SOLDIERS and state.area == 3


def test_s8_restoration_from_minus_2_needs_3_soldiers() -> None:
    state = acting(2, difficulty="advanced")
    state.chips[1] = 6  # loss 5 -> morale -2
    state.apply_action(act.DEFEND)
    assert state.morale[1] == 1 and state.castle == NUM_SOLDIERS - 3 and state.wounded == 3


def test_s8_pieces_absorb_all_they_can_when_morale_cannot_be_kept() -> None:
    state = acting(2, difficulty="advanced")
    state.chips[1] = 7  # loss 6, morale 3, two pieces: morale ends at -1 whatever is chosen
    state.soldiers[1] = 1
    state.reinforcements[1] = 1
    state.castle -= 1
    state.apply_action(act.DEFEND)
    assert state.soldiers[1] == state.reinforcements[1] == 0
    assert not state.home[1] and state.morale[1] == 1
    assert state.wounded == 1 + 2 and state.castle == NUM_SOLDIERS - 1 - 2


def test_s8_restoration_without_enough_castle_soldiers_is_defeat() -> None:
    state = acting(2, difficulty="advanced")
    state.chips[1] = 5  # loss 4 -> morale -1 needs 2 soldiers
    state.castle = 1
    state.apply_action(act.DEFEND)
    assert state.phase == OVER and state.current_player() == TERMINAL
    assert state.returns() == [-1.0]
    assert state.observation(0)["result"] == "defeat"


# --- §9 castle units -----------------------------------------------------------------------
def castle_unit(area: int, chips: int, castle: int = NUM_SOLDIERS) -> object:
    state = acting(area, difficulty="beginner")
    state.home[area - 1] = False
    state.morale[area - 1] = 1
    state.chips[area - 1] = chips
    state.castle = castle
    return state


def test_s9_castle_unit_may_only_defend_attack_or_wait() -> None:
    state = castle_unit(4, 1)
    state.wounded = 1
    assert state.legal_actions() == [act.ATTACK, act.WAIT]
    with pytest.raises(IllegalActionError, match="castle"):
        state.apply_action(act.HEAL)
    assert castle_unit(4, 3).legal_actions() == [act.DEFEND]


def test_s9_castle_unit_defence_is_paid_with_castle_soldiers() -> None:
    state = castle_unit(3, 4)
    state.apply_action(act.DEFEND)
    assert state.morale[2] == 1 and state.castle == NUM_SOLDIERS - 3 and state.wounded == 3
    assert state.chips[2] == 1


def test_s9_castle_unit_defence_short_of_soldiers_is_defeat() -> None:
    state = castle_unit(3, 4, castle=2)
    state.apply_action(act.DEFEND)
    assert state.returns() == [-1.0]


def test_s9_castle_attack_capacity_and_cost_in_soldiers_then_return() -> None:
    state = castle_unit(3, 1, castle=2)
    state.apply_action(act.ATTACK)  # capacity 1 + 2 castle soldiers; the one chip goes
    assert state.chips[2] == 0 and state.phase == ROLL
    roll(state, 3, 1, 5, 5)  # one 3: one castle soldier wounded
    assert state.castle == 1 and state.wounded == 1
    assert state.home[2] and state.morale[2] == 2  # area clear: back, +1 morale


def test_s9_castle_attack_on_a_clear_area_returns_without_a_roll() -> None:
    state = castle_unit(5, 0)
    state.apply_action(act.ATTACK)
    assert state.home[4] and state.morale[4] == 2 and state.area == 6 and state.phase == ACT
    assert state.history == [act.ATTACK]


def test_s9_castle_attack_short_of_soldiers_takes_morale_and_loses() -> None:
    state = castle_unit(1, 1, castle=0)
    state.apply_action(act.ATTACK)
    roll(state, 1, 3, 5, 6)
    assert state.returns() == [-1.0]


def test_s9_castle_unit_holds_no_pieces() -> None:
    state = castle_unit(2, 0)
    state.area = 1
    assert act.replenish_action(2) not in state.legal_actions()


# --- §10 running out ------------------------------------------------------------------------
def test_s10_chips_run_out_in_ascending_area_order() -> None:
    state = TSUNO.new_state(1, difficulty="beginner")
    state.chip_supply = 3
    roll(state, 1, 2, 3, 5, 6)  # run 1-2-3 (2 each), 5 and yellow 6
    assert state.chips == [2, 1, 0, 0, 0, 0] and state.chip_supply == 0


def test_s10_no_replenish_with_an_empty_castle() -> None:
    state = acting(4)
    state.castle = 0
    assert not [a for a in state.legal_actions() if act.is_replenish(a)]


# --- §11 victory and defeat ------------------------------------------------------------------
def test_s11_victory_after_area_6_of_day_6() -> None:
    state = acting(6, num_players=3)
    state.day = 6
    state.apply_action(act.WAIT)
    assert state.phase == OVER and state.returns() == [1.0, 1.0, 1.0]
    assert state.observation(2)["result"] == "victory"


def test_s11_day_5_is_not_victory() -> None:
    state = acting(6)
    state.day = 5
    state.apply_action(act.WAIT)
    assert state.phase == ROLL and state.day == 6 and state.returns() == [0.0]


def test_s11_defeat_returns_are_the_same_for_every_seat() -> None:
    state = acting(2, num_players=6, difficulty="advanced")
    state.chips[1] = 9
    state.castle = 0
    state.apply_action(act.DEFEND)
    assert state.returns() == [-1.0] * 6


def test_s11_soldiers_are_conserved_over_random_games() -> None:
    import random

    rng = random.Random(3)
    for _ in range(30):
        state = TSUNO.new_state(1, difficulty="advanced")
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            assert pieces_total(state) == NUM_SOLDIERS
            assert sum(state.chips) + state.chip_supply == NUM_CHIPS
            assert sum(state.reinforcements) + state.reinforcement_supply == NUM_REINFORCEMENTS
            beside = zip(state.soldiers, state.reinforcements, strict=True)
            assert all(s + r <= 2 for s, r in beside)
            assert all(1 <= m <= 6 for m in state.morale) or state.is_terminal()


def test_12_beginner_starts_at_morale_5_and_the_rules_screen_says_so() -> None:
    """§12 (issue 34): the rule book's 5 / 4 / 3 (Beginner had been re-tuned to 4); the rules
    screen gives the table's number and where to go for a harder game."""
    from game.resources import resource_path

    state = GAMES["tsuno"].new_state(1, difficulty="beginner")
    assert [a["morale"] for a in state.observation(0)["areas"]] == [5] * 6
    for lang, row, advice in (
        ("en", "| Beginner | 4 | 1 | 5 |", "pick Intermediate"),
        ("ja", "| 初級 | 4 | 1 | 5 |", "中級（黒ダイス1個増、士気4）を選んで"),
    ):
        text = resource_path("assets", "rules", f"tsuno.{lang}.md").read_text(encoding="utf-8")
        assert row in text and advice in text
