"""The "active areas" variant of Tsuno Senki (rules §12's open question, option active_areas):
with n players only areas 1..n are in use; results for the others are ignored."""

from __future__ import annotations

import random

import pytest

from ai.heuristics.tsuno import features, greedy_action
from game.engines import GAMES
from game.engines.base import IllegalActionError
from game.engines.tsuno import actions as act
from game.engines.tsuno.rules import ACTIVE_OPTION, PER_PLAYER, active_areas
from game.engines.tsuno.state import ACT, OVER, ROLL
from tests.tsuno_helpers import acting, roll

TSUNO = GAMES["tsuno"]


def test_all_areas_are_in_use_by_default_and_in_solitaire() -> None:
    assert TSUNO.new_state(4).active == (True,) * 6
    assert TSUNO.new_state(1, active_areas=PER_PLAYER).active == (True,) * 6
    assert active_areas(PER_PLAYER, 3) == (1, 2, 3)


def test_four_players_use_areas_one_to_four_one_each() -> None:
    state = TSUNO.new_state(4, active_areas=PER_PLAYER)
    assert state.active == (True, True, True, True, False, False)
    assert state.seats[:4] == (0, 1, 2, 3)
    assert [e["active"] for e in state.observation(0)["areas"]] == [True] * 4 + [False] * 2


def test_unused_areas_get_no_chips_and_no_reinforcement() -> None:
    state = TSUNO.new_state(4, active_areas=PER_PLAYER, difficulty="advanced")
    # 6 black: 5, 5, 5, 1, 4, 6 -> triple of 5 (unused: ignored), then 1, 4, 6 single; yellow 6.
    roll(state, 5, 5, 5, 1, 4, 6, 6, 2, 2)  # 4-player advanced rolls 3 yellow dice
    assert state.chips == [1, 2, 0, 1, 0, 0]
    assert state.reinforcements[4] == 0 and state.morale[4] == state.morale[0]
    assert (state.phase, state.area) == (ACT, 1)


def test_the_day_ends_after_the_last_area_in_use() -> None:
    state = acting(3, 3, active_areas=PER_PLAYER)
    state.apply_action(act.WAIT)
    assert (state.phase, state.day, state.area) == (ROLL, 2, 1)


def test_no_action_targets_an_unused_area() -> None:
    state = acting(4, 4, active_areas=PER_PLAYER)
    assert act.replenish_action(3) in state.legal_actions()
    assert act.replenish_action(5) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="not in use"):
        state.apply_action(act.replenish_action(5))


def test_mobility_relief_reaches_every_area_in_use_and_no_other() -> None:
    state = acting(1, 4, active_areas=PER_PLAYER)
    state.chips = [0, 1, 1, 1, 0, 0]
    reliefs = [act.target_of(a) for a in state.legal_actions() if act.is_relief(a)]
    assert reliefs == [2, 3, 4]
    with pytest.raises(IllegalActionError, match="not in use"):
        state.apply_action(act.relief_action(5))


def test_the_areas_in_use_act_in_order_each_day() -> None:
    state = acting(1, 3, active_areas=PER_PLAYER)
    order = []
    while state.day == 1:
        order.append(state.area)
        state.apply_action(act.WAIT)
    assert order == [1, 2, 3] and (state.phase, state.area) == (ROLL, 1)


def test_the_team_heuristic_ignores_unused_areas() -> None:
    state = TSUNO.new_state(2, active_areas=PER_PLAYER)
    full = TSUNO.new_state(2)
    assert features(state)[1] < features(full)[1]  # the buffer counts two units, not six


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_of_the_variant_run_to_an_end(players: int) -> None:
    rng = random.Random(players)
    for _ in range(5):
        state = TSUNO.new_state(players, active_areas=PER_PLAYER)
        while state.phase != OVER:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                assert state.active[state.area - 1]
                state.apply_action(greedy_action(state))
        assert state.chips[players:] == [0] * (6 - players)


def test_the_option_is_saved_with_the_game() -> None:
    state = TSUNO.new_state(3, active_areas=PER_PLAYER)
    assert state.to_record()["options"][ACTIVE_OPTION] == PER_PLAYER
