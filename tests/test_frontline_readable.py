"""Frontline as a player reads it (issue 38, issue 34's play-test): keys in a chooser, the log's
rolls in words, the tray's weapons, the review's marks, the starting-hand warning, commitment
clicks."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engines.frontline import FrontlineGame, FrontlineState
from game.engines.frontline.actions import BOOST, COMMAND, DONE
from tests.test_frontline_board import _advance, _board, _click, _show


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _key(board, key: int):
    return board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _play_or_boost(state: FrontlineState) -> bool:
    """Seat 0 before its roll with a command card it may play or discard for +1."""
    if state.is_terminal():
        return True
    if state.current_player() != 0 or state.observation(0)["phase"] != "roll_window":
        return False
    legal = state.legal_actions()
    return any(COMMAND + c in legal and BOOST + c in legal for c in range(64))


def test_number_keys_pick_an_open_choosers_options_not_the_panels_buttons() -> None:
    """Key 1 with "1 Play it / 2 Discard for +1" open played the panel's first button (Roll)."""
    for seed in range(80):
        state = _advance(FrontlineGame().new_state(), random.Random(seed), _play_or_boost)
        if not state.is_terminal():
            break
    else:
        pytest.fail("no roll window with a playable command card")
    board = _board()
    _show(board, state, 0)
    assert board.numbered()[0] == DONE  # the panel's Roll
    key = next(k for k, actions in board.spots.items() if k[0] == "cmd" and len(actions) > 1)
    assert _click(board, board.point_on(key, board.key_at)) is None  # the chooser opens
    assert board.choosing == key
    options = board.spots[key]
    assert _key(board, pygame.K_1) == options[0]
    assert options[0] != DONE and board.choosing is None
    assert _click(board, board.point_on(key, board.key_at)) is None
    assert _key(board, pygame.K_2) == options[1]
    assert _key(board, pygame.K_1) == DONE  # closed again: the keys press the buttons


def test_only_move_marks_the_forced_step_not_a_turn_of_choices() -> None:
    """"(only move)" said of a whole turn whose roll the player chose (three cards playable)
    because one other step of the turn was forced."""
    from game.boards import frontline_words as fw
    from game.boards.turns import Step, all_forced

    steps = [
        Step(1, 0, ("boost", {"player": 0, "command": 0}), "", forced=False),
        Step(2, 0, ("first_me", {"player": 0}), "", forced=True),
    ]
    assert not all_forced(steps)
    lines = fw.turn_lines(steps, lambda key, args: key)
    assert lines == ["boost", "first_me (only move)"]
    assert all_forced(steps[1:]) and fw.turn_lines(steps[1:], lambda k, a: k) == ["first_me"]
