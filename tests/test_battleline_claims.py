"""The rules' worked claim examples (rules §2.3 table, the seed's examples) as golden tests,
checked both on the bare proof and through the engine (legal claims, explained refusals)."""

from __future__ import annotations

import pytest

from game.engines.base import IllegalActionError
from game.engines.battleline.actions import CLAIM_BASE, DONE, claim_action
from game.engines.battleline.cards import ALL_TROOPS_MASK, CAVALRY, SHIELD
from game.engines.battleline.formations import (
    BATTALION,
    NONE,
    PHALANX,
    WEDGE,
    best_completion,
    best_key,
    make_key,
    side_key,
)
from game.engines.battleline.phases import PH_CLAIM, PH_DRAW, PH_PLAY
from tests.test_battleline_support import cards, play, position


def pool_without(*names: str) -> int:
    """Every troop card except those named (they are on the table)."""
    mask = ALL_TROOPS_MASK
    for card in cards(" ".join(names)):
        mask &= ~(1 << card)
    return mask


def claim_after_play(state, flag: int) -> bool:
    """Player 0 plays a spare troop card at flag 8; is ``flag`` offered as a claim?"""
    play(state, "P1", 8)
    return state.phase == PH_CLAIM and claim_action(flag) in state.legal_actions()


# --- example 1: a Wedge against two suited cards --------------------------------------------------
EX1 = {0: ("B7 B8 B9", "G8 G9")}


def test_example_1_open_g10_blocks_the_claim() -> None:
    state = position(("P1", ""), EX1)
    check = state.claim_check(0, 0)
    assert not check.ok
    assert check.other_key == make_key(WEDGE, 27)
    assert check.counterexample is not None
    assert check.counterexample.cards == tuple(cards("G10"))
    assert not claim_after_play(state, 0)


def test_example_1_tie_wedge_when_g10_is_gone() -> None:
    state = position(("P1", ""), EX1, discards=("G10", ""))
    check = state.claim_check(0, 0)
    assert check.ok and check.other_key == make_key(WEDGE, 24)
    assert claim_after_play(state, 0)


def test_example_1_only_battalion_when_g10_and_g7_are_gone() -> None:
    state = position(("P1", ""), EX1, discards=("G10 G7", ""))
    check = state.claim_check(0, 0)
    assert check.ok and check.other_key == make_key(BATTALION, 23)


# --- example 2 (the seed's tie example) -----------------------------------------------------------
def test_example_2_seed_tie_goes_to_the_first_completer() -> None:
    state = position(("P1", ""), {0: ("Y8 Y9 Y10", "R8 R9")})
    check = state.claim_check(0, 0)
    assert check.ok and check.other_key == make_key(WEDGE, 27) == check.own_key
    assert claim_after_play(state, 0)
    state.apply_action(claim_action(0))
    assert state.claimed[0] == 0


# --- example 3 (the seed's "all 9s are used") -----------------------------------------------------
def test_example_3_all_nines_used() -> None:
    sides = {0: ("R8 B8 G8", "R9 B9"), 1: ("O9 Y9", "P9 G9")}
    state = position(("P1", ""), sides)
    check = state.claim_check(0, 0)
    assert check.ok and check.other_key == make_key(1, 28)


def test_example_3_one_nine_unseen_blocks() -> None:
    state = position(("P1", ""), {0: ("R8 B8 G8", "R9 B9"), 1: ("O9 Y9", "")})
    check = state.claim_check(0, 0)
    assert not check.ok and check.other_key == make_key(PHALANX, 27)


# --- the seed's two examples with both sides complete ---------------------------------------------
def test_seed_same_formation_higher_total_wins() -> None:
    state = position(("P1", ""), {0: ("R3 B3 G3", "O5 Y5 P5")})
    assert not state.claim_check(0, 0).ok
    assert state.claim_check(1, 0).ok


def test_seed_stronger_formation_wins_whatever_the_totals() -> None:
    state = position(("P1", ""), {0: ("R1 R2 R3", "O10 Y10 P10")})
    assert state.claim_check(0, 0).ok
    assert not state.claim_check(1, 0).ok


# --- example 4: a Leader on the opposing side -----------------------------------------------------
def test_example_4_leader_can_make_a_wedge() -> None:
    own = cards("R7 B7 Y7")
    other = [*cards("Leader"), *cards("G5")]
    pool = pool_without("R7", "B7", "Y7", "G5")
    assert side_key(own, 3, False) == make_key(PHALANX, 21)
    assert best_key(other, pool, 3, False) == make_key(WEDGE, 18)
    witness = best_completion(other, pool, 3, False)
    assert witness is not None and witness.key == make_key(WEDGE, 18)


def test_example_4_without_g3_to_g7_only_a_phalanx_of_fives() -> None:
    other = cards("Leader G5")
    pool = pool_without("R7", "B7", "Y7", "G5", "G3", "G4", "G6", "G7")
    assert best_key(other, pool, 3, False) == make_key(PHALANX, 15)
    state = position(("P1", ""), {0: ("R7 B7 Y7", "Leader G5")}, discards=("G3 G4 G6 G7", ""))
    assert state.claim_check(0, 0).ok


# --- example 5: Fog -------------------------------------------------------------------------------
def test_example_5_fog_totals() -> None:
    state = position(("P1", ""), {0: ("R10 B10 R7", "Y9 G9")}, fog=(0,))
    check = state.claim_check(0, 0)
    assert not check.ok and check.other_key == 28
    state = position(
        ("P1", ""), {0: ("R10 B10 R7", "Y9 G9")}, fog=(0,), discards=("O10 Y10 G10 P10", "")
    )
    check = state.claim_check(0, 0)
    assert check.ok and check.other_key == check.own_key == 27


# --- example 6: Mud -------------------------------------------------------------------------------
def test_example_6_mud_phalanx_of_tens() -> None:
    state = position(
        ("P1", ""), {0: ("R6 B7 G8 Y9", "R10 B10")}, mud=(0,), discards=("O10 Y10", "")
    )
    check = state.claim_check(0, 0)
    assert check.own_key == make_key(2, 30)
    assert not check.ok and check.other_key == make_key(PHALANX, 40)
    assert check.counterexample is not None
    assert sorted(check.counterexample.cards) == sorted(cards("G10 P10"))


# --- example 7: three morale cards ----------------------------------------------------------------
def test_example_7_morale_only_sides() -> None:
    assert side_key(cards("Leader Companion-Cavalry Shield-Bearers"), 3, False) == make_key(
        BATTALION, 21
    )
    assert side_key(cards("Leader Companion-Cavalry R10"), 3, False) == make_key(WEDGE, 27)


def test_fog_values_of_morale_cards() -> None:
    """[rules §1.6] under Fog: Leader 10, Companion Cavalry 8, Shield Bearers 3."""
    assert side_key(cards("Leader Companion-Cavalry Shield-Bearers"), 3, True) == 21
    assert side_key([CAVALRY, SHIELD, *cards("R1")], 3, True) == 12


def test_shortcut_top_wedge_is_always_claimable() -> None:
    state = position(("P1", ""), {0: ("G8 G9 G10", ""), 1: ("", "")}, mud=())
    assert state.claim_check(0, 0).ok
    state = position(("P1", ""), {0: ("G7 G8 G9 G10", "")}, mud=(0,))
    assert state.claim_check(0, 0).ok


def test_pool_too_small_means_the_claim_holds() -> None:
    """[rules §1.7] fewer unseen troop cards than empty slots: the side cannot be completed."""
    state = position(("", ""), {0: ("R1 O2 Y4", "")}, troop_deck=2)
    # Only the 2 deck cards are unseen (hands are empty): three slots cannot be filled.
    assert best_key([], state.pool(), 3, False) == NONE
    assert state.claim_check(0, 0).ok


def test_own_hand_counts_in_the_pool() -> None:
    """[rules §1.7] the claimer may not use the knowledge of their own hand: R10 in hand still
    completes the opponent's Wedge in the proof."""
    state = position(("R10 P1", ""), {0: ("B7 B8 B9", "R8 R9")})
    check = state.claim_check(0, 0)
    assert not check.ok and check.counterexample.cards == tuple(cards("R10"))


def test_failed_claim_is_refused_with_the_counterexample() -> None:
    state = position(("P1 P2", ""), {0: ("B7 B8 B9", "G8 G9"), 2: ("Y8 Y9 Y10", "O4 O5")})
    play(state, "P1", 8)
    assert state.phase == PH_CLAIM and state.legal_actions() == [claim_action(2), DONE]
    with pytest.raises(IllegalActionError, match="G10 makes Wedge 27"):
        state.apply_action(claim_action(0))
    assert state.claimed == [-1] * 9 and state.phase == PH_CLAIM


def test_claims_come_after_the_play_in_basic_timing() -> None:
    state = position(("P1", ""), {0: ("Y8 Y9 Y10", "R8 R9")})
    with pytest.raises(IllegalActionError, match="play your card first"):
        state.apply_action(claim_action(0))
    assert state.phase == PH_PLAY


def test_claim_phase_offers_done_and_returns_to_the_draw() -> None:
    state = position(("P1", ""), {0: ("Y8 Y9 Y10", "R8 R9")})
    play(state, "P1", 8)
    assert state.legal_actions() == [CLAIM_BASE + 0, DONE]
    state.apply_action(DONE)
    assert state.claimed[0] == -1
    assert state.phase == PH_DRAW and state.current_player() == 0  # then the refill
