"""Frontline's draw policy (rules §12.7): a unit card while the hand is short of units, no
frontline unit could be committed, the enemy is on its way to an overrun or we trail on the
board by 10; a command card otherwise, and whichever type is below its hand limit."""

from __future__ import annotations

import random

from ai.heuristics import HEURISTICS
from game.engines.frontline import FrontlineState, commands
from game.engines.frontline.actions import COMMAND, DRAW_COMMAND, DRAW_UNIT
from game.engines.frontline.phases import PH_DRAW_CHOICE
from tests.test_frontline_ai_search import _until
from tests.test_frontline_support import card, place

HEURISTIC = HEURISTICS["frontline"]


def _draw() -> FrontlineState:
    """A free pick with both decks open, the seat holding four ready infantry and two command
    cards, the boards level and no overrun under way: the command card is the pick."""
    state = _until(
        0,
        lambda s: s.phase == PH_DRAW_CHOICE and {DRAW_UNIT, DRAW_COMMAND} <= set(s.legal_actions()),
    )
    seat = state.player
    state.hand_units[seat] = [card("us_rifle_squad" if state.army[seat] == 0 else
                                   "ge_grenadier_squad")] * 4  # fmt: skip
    state.hand_commands[seat] = [commands.SMOKE, commands.MEDIC]
    state.overrun = [0, 0]
    state.board = {}
    assert HEURISTIC.policy(state, random.Random(0)) == DRAW_COMMAND
    return state


def _pick(state: FrontlineState) -> int:
    return HEURISTIC.policy(state, random.Random(0))


def test_a_short_hand_draws_a_unit() -> None:
    state = _draw()
    state.hand_units[state.player] = state.hand_units[state.player][:2]
    assert _pick(state) == DRAW_UNIT


def test_a_hand_with_no_frontline_unit_to_commit_draws_a_unit() -> None:
    state = _draw()
    tank = card("us_m4a1_sherman" if state.army[state.player] == 0 else "ge_pz4h")
    state.hand_units[state.player] = [tank] * 4  # crewed units without their crews
    assert _pick(state) == DRAW_UNIT


def test_an_enemy_overrun_under_way_draws_a_unit() -> None:
    state = _draw()
    state.overrun[1 - state.player] = 1
    assert _pick(state) == DRAW_UNIT


def test_trailing_on_the_board_by_ten_draws_a_unit() -> None:
    state = _draw()
    enemy = 1 - state.player
    place(state, enemy, "us_m4a1_sherman" if state.army[enemy] == 0 else "ge_pz4h")
    assert _pick(state) == DRAW_UNIT


def test_the_hand_limits_decide_near_them() -> None:
    state = _draw()
    seat = state.player
    state.hand_commands[seat] = [commands.SMOKE] * 5
    assert _pick(state) == DRAW_UNIT
    state.hand_units[seat] = state.hand_units[seat] * 2  # 8 units: above the 7 limit
    state.hand_units[seat] = state.hand_units[seat][:7]
    state.hand_commands[seat] = [commands.SMOKE]
    state.overrun[1 - seat] = 1
    assert _pick(state) == DRAW_COMMAND


def test_reinforcements_are_played_whenever_they_can_be() -> None:
    state = _draw()
    state.hand_commands[state.player].append(commands.REINFORCEMENTS)
    assert COMMAND + commands.REINFORCEMENTS in state.legal_actions()
    assert _pick(state) == COMMAND + commands.REINFORCEMENTS
