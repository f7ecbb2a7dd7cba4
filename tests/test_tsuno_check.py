"""Tsuno Senki Hard: the policy's moves checked by rollouts on common dice."""

from __future__ import annotations

import random
import time

from ai.agents import make_agent
from ai.heuristics.tsuno import greedy_action
from ai.heuristics.tsuno_check import CommonDice, check, rollout_wins
from game.engines.tsuno import actions as act
from game.engines.tsuno.state import ROLL, TsunoState
from tests.tsuno_helpers import acting


def _appearance_after(state: TsunoState, action: int, dice: CommonDice) -> list[int]:
    """The faces of the next appearance roll once ``action`` is played from ``state``."""
    state = state.clone()
    state.apply_action(action)
    while state.phase != ROLL or state.roll_kind != "appearance":
        if state.phase == ROLL:
            state.apply_action(dice.face(state))
        else:
            state.apply_action(greedy_action(state))
    while state.phase == ROLL:
        state.apply_action(dice.face(state))
    return state.dice


def test_a_rollout_meets_the_same_appearance_whatever_the_move() -> None:
    """Attack rolls dice that Wait does not; the next day's appearance is the same anyway."""
    state = acting(6, difficulty="advanced")
    state.chips = [0, 0, 0, 0, 0, 1]
    seed = random.Random(3).random()
    after_attack = _appearance_after(state, act.ATTACK, CommonDice(seed))
    after_wait = _appearance_after(state, act.WAIT, CommonDice(seed))
    assert after_attack == after_wait and len(after_wait) == 7
    assert _appearance_after(state, act.WAIT, CommonDice(seed + 0.5)) != after_wait


def _castle_running_low() -> TsunoState:
    state = acting(4, difficulty="advanced")
    state.day = 5
    state.castle, state.wounded = 2, 8
    state.chips = [0, 1, 1, 1, 0, 0]
    state.morale = [2, 1, 1, 4, 1, 6]
    state.home = [True, True, False, True, True, True]
    state.reinforcements = [0, 0, 0, 1, 1, 1]
    return state


def test_the_check_heals_where_the_policy_would_attack() -> None:
    """Day 5, the castle down to 2 soldiers with 2 units in it (from a lost tune game): the
    policy clears area 4's lone chip; healing a soldier back into the castle holds far more
    often (policy rollouts: about 34% against 10%)."""
    state = _castle_running_low()
    assert greedy_action(state) == act.ATTACK
    choice, wins = check(state, random.Random(0), 64, greedy_action)
    assert choice == act.HEAL
    assert wins[act.HEAL] > wins[act.ATTACK] + 8


def test_ties_go_to_the_policys_move() -> None:
    """The last action of the game with nothing at risk: every move wins every rollout."""
    state = acting(6, difficulty="beginner")
    state.day = 6
    state.morale = [6] * 6
    choice, wins = check(state, random.Random(0), 4, greedy_action)
    assert set(wins.values()) == {4}
    assert choice == greedy_action(state)


def test_the_check_on_a_clock_stops_after_the_round_that_runs_out() -> None:
    state = acting(1, difficulty="advanced")
    start = time.perf_counter()
    _, wins = check(state, random.Random(0), 10**9, greedy_action, seconds=0.05)
    assert time.perf_counter() - start < 1.0
    assert 1 <= sum(wins.values()) <= 10**6


def test_rollouts_end_the_game() -> None:
    state = acting(1, difficulty="intermediate")
    result = rollout_wins(state, CommonDice(0.25), greedy_action)
    assert state.is_terminal() and result == (state.returns()[0] > 0)


def test_hard_plays_the_checked_policy() -> None:
    state = _castle_running_low()
    assert make_agent("tsuno", "hard", 0, timed=False).choose(state.clone()) == act.HEAL
    assert make_agent("tsuno", "easy", 0, timed=False).choose(state.clone()) in (
        act.ATTACK,
        *state.legal_actions(),
    )
