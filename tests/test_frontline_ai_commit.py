"""Frontline's commitment order (rules §12.5 rule 3): rear artillery only with a frontline
present or arriving, mobile field artillery to the Rear Line behind a frontline of two and to
the Frontline otherwise."""

from __future__ import annotations

import random

from ai.heuristics import HEURISTICS
from ai.heuristics.frontline_plan import commit_order
from game.engines.frontline.actions import CARD, REAR_CARD
from game.engines.frontline.phases import PH_COMMIT
from tests.test_frontline_support import card, place, setup

GUN, CREW, SQUAD, PRIEST = (
    card("us_105mm_howitzer"),
    card("us_artillery_crew"),
    card("us_rifle_squad"),
    card("us_m7_priest"),
)


def test_rear_artillery_waits_for_a_frontline() -> None:
    state = setup()
    assert commit_order(state, 0, [GUN, CREW], None) == []
    chosen = commit_order(state, 0, [GUN, CREW, SQUAD], None)
    assert sorted(chosen) == sorted([CARD + SQUAD, REAR_CARD + GUN, CARD + CREW])
    place(state, 0, "us_rifle_squad")  # a frontline already on the board
    assert sorted(commit_order(state, 0, [GUN, CREW], None)) == sorted(
        [REAR_CARD + GUN, CARD + CREW]
    )


def test_mobile_artillery_goes_behind_a_frontline_of_two_and_forward_otherwise() -> None:
    state = setup()
    place(state, 0, "us_rifle_squad")
    assert CARD + PRIEST in commit_order(state, 0, [PRIEST, CREW], None)
    place(state, 0, "us_rifle_squad")
    assert REAR_CARD + PRIEST in commit_order(state, 0, [PRIEST, CREW], None)


def _policy_commits(hand: list[int], board: int = 0) -> list[int]:
    """The policy's face-down set for seat 0 at turn 1, one card at a time through the engine,
    with ``hand`` in hand and ``board`` Rifle Squads already in the Frontline."""
    state = setup()
    for _ in range(board):
        place(state, 0, "us_rifle_squad")
    state.hand_units[0] = sorted(hand)
    while state.phase == PH_COMMIT and state.player == 0:
        state.apply_action(HEURISTICS["frontline"].policy(state, random.Random(0)))
    return sorted(state.commit[0])


def test_the_policy_keeps_rule_3_one_card_at_a_time() -> None:
    """The policy's steps continue the set already face down: no gun and crew without a
    frontline (the crew used to go first as a 'spare', and the engine then made the gun
    follow it), the gun behind a Rifle Squad committed a step earlier."""
    assert _policy_commits([GUN, CREW]) == []
    assert _policy_commits([GUN, CREW, SQUAD]) == sorted(
        [CARD + SQUAD, REAR_CARD + GUN, CARD + CREW]
    )
    assert _policy_commits([GUN, CREW], board=1) == sorted([REAR_CARD + GUN, CARD + CREW])


def test_mobile_artillery_counts_the_frontline_committed_with_it() -> None:
    """A Priest with one Rifle Squad on the board and another in hand: the squad is committed
    first, so the frontline will have two and the Priest goes to the Rear Line."""
    assert _policy_commits([PRIEST, CREW, SQUAD], board=1) == sorted(
        [CARD + SQUAD, REAR_CARD + PRIEST, CARD + CREW]
    )
    assert _policy_commits([PRIEST, CREW], board=1) == sorted([CARD + PRIEST, CARD + CREW])
