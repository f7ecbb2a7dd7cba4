"""Rules §5: dice resolution, with every golden row of the rules file, and the roll as dice."""

from __future__ import annotations

import pytest

from game.engines import GAMES
from game.engines.base import CHANCE
from game.engines.tsuno import actions as act
from game.engines.tsuno.rules import PRESETS, resolve_black, resolve_roll
from game.engines.tsuno.state import ACT, ROLL
from tests.tsuno_helpers import acting, roll


def chips_of(counts: tuple[int, ...]) -> dict[int, int]:
    return {area: n for area, n in enumerate(counts, start=1) if n}


# (black, yellow, triples, chips per area): the rules file's golden rows from the article.
GOLDEN = [
    ((2, 2, 2, 2), (5,), (2,), {2: 1, 5: 1}),
    ((3, 4, 5, 6), (4,), (), {3: 2, 4: 3, 5: 2, 6: 2}),
    ((1, 1, 2, 2, 3, 3), (6,), (), {1: 4, 2: 4, 3: 4, 6: 1}),
    ((4, 4, 4, 4, 5, 6), (5,), (4,), {4: 2, 5: 3, 6: 2}),
]


@pytest.mark.parametrize(("black", "yellow", "triples", "chips"), GOLDEN)
def test_golden_rows_resolve(black, yellow, triples, chips) -> None:
    resolution = resolve_roll(black, yellow)
    assert resolution.triples == triples
    assert chips_of(resolution.counts) == chips


@pytest.mark.parametrize(("black", "yellow", "triples", "chips"), GOLDEN)
def test_golden_rows_as_appearance_rolls(black, yellow, triples, chips) -> None:
    """The same rows rolled die by die into a game: chips land, triples reinforce."""
    difficulty = "beginner" if len(black) == 4 else "advanced"
    state = GAMES["tsuno"].new_state(1, difficulty=difficulty)
    assert state.current_player() == CHANCE
    roll(state, *black)
    assert state.phase == ROLL  # still waiting for the yellow die
    roll(state, *yellow)
    assert state.phase == ACT and state.area == 1
    assert {a: n for a, n in enumerate(state.chips, start=1) if n} == chips
    for area in triples:  # reinforcement came first: a piece and +1 morale
        assert state.reinforcements[area - 1] == 1
        assert state.morale[area - 1] == PRESETS[difficulty].morale + 1


def test_golden_attack_row_area_3_loses_2() -> None:
    """Attack by AA 3 rolling 3,4,5,1: the run 3-4-5 counts double, so 2 morale are lost."""
    state = acting(3, morale=5, difficulty="beginner")
    state.chips[2] = 1
    state.apply_action(act.ATTACK)
    assert state.chips[2] == 0
    roll(state, 3, 4, 5, 1)
    assert state.morale[2] == 5 - 2
    assert state.last_roll is not None and state.last_roll["loss"] == 2


def test_six_equal_dice_make_two_triples() -> None:
    assert resolve_black((5, 5, 5, 5, 5, 5)) == ((5, 5), (0, 0, 0, 0, 0, 0))


def test_fourth_equal_die_counts_normally() -> None:
    assert resolve_black((6, 6, 6, 6, 1)).counts == (1, 0, 0, 0, 0, 1)


def test_runs_do_not_wrap_from_6_to_1() -> None:
    assert resolve_black((5, 6, 1, 2)).counts == (1, 1, 0, 0, 1, 1)


def test_two_runs_in_one_layer() -> None:
    # Six dice cannot make two separate runs in one layer (that needs 7 values), so a layer
    # with a run and a single: 1-2-3 and 5.
    assert resolve_black((1, 2, 3, 5)).counts == (2, 2, 2, 0, 1, 0)


def test_second_layer_without_run_counts_singly() -> None:
    assert resolve_black((2, 3, 4, 3)).counts == (0, 2, 3, 2, 0, 0)


def test_yellow_dice_never_join_a_combo() -> None:
    # Yellow 2 and 3 next to black 1 make no run, nor do two yellow and one black make a triple.
    assert resolve_roll((1, 6), (2, 3)).counts == (1, 1, 1, 0, 0, 1)
    assert resolve_roll((4,), (4, 4)) == ((), (0, 0, 0, 3, 0, 0))


def test_each_die_is_one_chance_node_with_six_faces() -> None:
    state = GAMES["tsuno"].new_state(1, difficulty="advanced")
    nodes = 0
    while state.phase == ROLL:
        assert state.chance_outcomes() == [(f, pytest.approx(1 / 6)) for f in range(6)]
        roll(state, 1 + nodes % 6)
        nodes += 1
    assert nodes == 6 + 1  # six black dice, one yellow


def test_yellow_dice_are_removed_for_attack_rolls() -> None:
    state = acting(1, difficulty="intermediate")
    state.apply_action(act.ATTACK)
    assert (state.roll_black, state.roll_yellow) == (5, 0)


@pytest.mark.parametrize(("area", "dice"), [(2, 3), (5, 3), (1, 4), (3, 4), (4, 4), (6, 4)])
def test_skilled_areas_2_and_5_roll_one_die_fewer(area: int, dice: int) -> None:
    state = acting(area, difficulty="beginner")
    state.apply_action(act.ATTACK)
    assert state.roll_black == dice


def test_triple_in_attack_roll_reinforces() -> None:
    """An attack roll's triple still reinforces; here the AA itself, before its loss."""
    state = acting(6, morale=5, difficulty="beginner")
    state.apply_action(act.ATTACK)
    roll(state, 6, 6, 6, 6)
    # Triple of 6: morale 5 -> 6 and a reinforcement piece; the fourth 6 costs 1 point, which
    # the player may take from morale or from the new piece.
    assert state.reinforcements[5] == 1 and state.morale[5] == 6
    assert state.loss == 1
    assert state.legal_actions() == [act.absorb_action(0, 0), act.absorb_action(0, 1)]
