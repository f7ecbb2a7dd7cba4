"""Battle Line rules through the engine: the rules' §1.13 checklist and each rule's edge cases."""

from __future__ import annotations

import random

import pytest

from game.engines.base import CHANCE, TERMINAL, IllegalActionError
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DONE,
    DRAW_TACTICS,
    DRAW_TROOP,
    FIRST_BASE,
    PASS,
    claim_action,
    flag_action,
)
from game.engines.battleline.cards import (
    ALEXANDER,
    DARIUS,
    DESERTER,
    FOG,
    MUD,
    REDEPLOY,
    SCOUT,
    TRAITOR,
    card_name,
)
from game.engines.battleline.phases import (
    PH_CLAIM,
    PH_DEAL,
    PH_DRAW,
    PH_DRAW_CARD,
    PH_NEXT,
    PH_PLAY,
    PH_SCOUT_DRAW,
    PH_SCOUT_RETURN,
)
from game.resources import resource_path
from tests.test_battleline_support import GAME, cards, play, position, run_chance

# --- start and deal -------------------------------------------------------------------------------


def test_deal_seven_troops_each_and_no_tactics() -> None:
    rng = random.Random(3)
    state = GAME.new_state()
    assert state.current_player() == CHANCE
    assert state.legal_actions() == [FIRST_BASE, FIRST_BASE + 1]
    state.apply_action(FIRST_BASE + 1)
    assert state.phase == PH_DEAL
    run_chance(state, rng)
    assert [len(h) for h in state.hands] == [7, 7]
    assert all(card < 60 for hand in state.hands for card in hand)
    assert state.deck_size(0) == 46 and state.deck_size(1) == 10
    assert state.current_player() == 1 and state.phase == PH_PLAY


def test_tactics_off_has_no_tactics_deck() -> None:
    state = GAME.new_state(tactics="off")
    state.apply_action(FIRST_BASE)
    run_chance(state, random.Random(1))
    assert state.deck_size(1) == 0
    play(state, state_card(state), 0)
    # Only one deck: the refill is drawn without a choice.
    assert state.phase == PH_DRAW_CARD and state.legal_actions() == sorted(state.decks[0])


def state_card(state) -> str:
    return card_name(state.hands[state.player][0])


# --- tie-break by completion order ----------------------------------------------------------------


def test_tie_goes_to_the_first_completer() -> None:
    state = position(("G5 P1", "R4 P2"), {0: ("R1 B3", "O1 Y3 P5")})
    play(state, "G5", 0)  # Host 9 against Host 9, completed later
    assert not state.claim_check(0, 0).ok
    assert "completed first" in state.claim_check(0, 0).reason
    assert state.claim_check(1, 0).ok


def test_tie_order_after_deserter_empties_and_the_side_refills() -> None:
    # Player 1 completed first; Deserter takes P5, then player 1 completes again later.
    state = position(
        ("Deserter P1 P2", "R5 B1"),
        {0: ("R1 B3 G5", "O1 Y3 P5")},
        tactics_deck="Scout",
    )
    state.done_at[0], state.done_at[1] = 2, 1
    assert state.claim_check(1, 0).ok and not state.claim_check(0, 0).ok
    state.apply_action(DESERTER)
    state.apply_action(cards("P5")[0])
    assert state.done_at[1] == -1 and cards("P5")[0] in state.discards[0]
    finish_turn(state)
    play(state, "R5", 0)  # player 1 completes Host 9 again, now after player 0
    assert state.done_at[1] > state.done_at[0]
    assert state.claim_check(0, 0).ok and not state.claim_check(1, 0).ok


def test_tie_order_after_redeploy_empties_and_the_side_refills() -> None:
    # Player 0 completed first; Redeploy moves G5 away, then player 0 completes again later.
    state = position(
        ("Redeploy B5 P1", "R10 B10"),
        {0: ("R1 B3 G5", "O1 Y3 P5")},
    )
    assert state.claim_check(0, 0).ok
    state.apply_action(REDEPLOY)
    assert state.legal_actions() == sorted(cards("R1 B3 G5"))
    state.apply_action(cards("G5")[0])
    assert flag_action(0) not in state.legal_actions()  # a different flag
    assert DISCARD in state.legal_actions()
    state.apply_action(flag_action(1))
    assert state.side(1, 0) == cards("G5") and state.done_at[0] == -1
    finish_turn(state)
    play(state, "R10", 5)
    finish_turn(state)
    play(state, "B5", 0)  # player 0 completes Host 9 again, after player 1 this time
    assert state.claim_check(1, 0).ok and not state.claim_check(0, 0).ok


def finish_turn(state) -> None:
    """Skip claims, draw a troop card, and resolve chance until the next player decides."""
    rng = random.Random(0)
    while True:
        run_chance(state, rng)
        if state.phase == PH_CLAIM:
            state.apply_action(DONE)
        elif state.phase == PH_DRAW:
            state.apply_action(DRAW_TROOP)
        else:
            return


# --- environment cards ----------------------------------------------------------------------------


def test_mud_onto_two_complete_sides() -> None:
    state = position(("Mud P1", ""), {0: ("R1 R2 R3", "B4 B5 B6")})
    assert state.claim_check(1, 0).ok
    state.apply_action(MUD)
    assert set(state.legal_actions()) == {flag_action(f) for f in range(9)}
    state.apply_action(flag_action(0))
    assert state.slots(0) == 4 and state.mud[0] == 0
    assert state.done_at[0] == state.done_at[1] == -1
    assert not state.claim_check(1, 0).ok and not state.claim_check(0, 0).ok
    assert MUD not in state.hands[0] and state.tactics_played == [1, 0]


def test_fog_with_wilds_counts_totals_only() -> None:
    sides = {0: ("Leader R9 R8", "B9 B10 Y10")}
    # Without Fog the Leader makes a Wedge 8-9-10 that beats a Host of 29.
    assert position(("P1", ""), sides).claim_check(0, 0).ok
    fogged = position(("P1", ""), sides, fog=(0,))
    assert not fogged.claim_check(0, 0).ok
    assert fogged.claim_check(1, 0).ok and fogged.claim_check(1, 0).other_key == 27


def test_fog_played_on_complete_sides_swings_the_flag() -> None:
    state = position(("Fog P1", ""), {0: ("R1 R2 R3", "B9 B10 Y10")})
    assert state.claim_check(0, 0).ok
    state.apply_action(FOG)
    state.apply_action(flag_action(0))
    assert state.fog[0] == 0 and state.claim_check(1, 0).ok


# --- Leaders and the tactics limit ----------------------------------------------------------------


def test_second_leader_is_unplayable() -> None:
    state = position(("Alexander Darius P1 P2", "Fog R1"), {})
    play(state, "Alexander", 0)
    finish_turn(state)
    play(state, "Fog", 5)
    finish_turn(state)
    assert state.tactics_played == [1, 1] and DARIUS not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="already played a Leader"):
        state.apply_action(DARIUS)


def test_second_leader_stays_unplayable_after_the_first_is_deserted() -> None:
    state = position(("Alexander Darius P1 P2", "Deserter R1"), {})
    play(state, "Alexander", 0)
    finish_turn(state)
    state.apply_action(DESERTER)
    state.apply_action(ALEXANDER)
    assert ALEXANDER in state.discards[1]
    finish_turn(state)
    assert state.tactics_played == [1, 1]
    assert DARIUS not in state.legal_actions()


def test_tactics_limit() -> None:
    state = position(("Fog Mud P1", "Scout R1"), {}, tactics_played=(1, 0))
    assert FOG not in state.legal_actions() and MUD not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="wait until they play one"):
        state.apply_action(FOG)
    # Equal counts: playable again.
    state = position(("Fog Mud P1", "Scout R1"), {}, tactics_played=(1, 1))
    assert FOG in state.legal_actions()


def test_all_tactics_hand_blocked_by_the_limit_must_pass() -> None:
    state = position(("Fog Mud Scout", "R1"), {}, tactics_played=(1, 0))
    assert state.legal_actions() == [PASS]
    state.apply_action(PASS)
    assert state.passes == 1 and state.current_player() == 1 and len(state.hands[0]) == 3


# --- Scout ----------------------------------------------------------------------------------------


def test_scout_draws_three_returns_two_known_on_top() -> None:
    state = position(("Scout R1 R2 R3 R4 R5 R6", "B1 B2 B3 B4 B5 B6 B7"), {})
    state.apply_action(SCOUT)
    rng = random.Random(5)
    for deck in (DRAW_TROOP, DRAW_TACTICS, DRAW_TROOP):
        assert state.phase == PH_SCOUT_DRAW
        state.apply_action(deck)
        run_chance(state, rng)
    assert state.phase == PH_SCOUT_RETURN and len(state.hands[0]) == 9
    state.apply_action(cards("R1")[0])
    state.apply_action(cards("R2")[0])
    # No refill after Scout: the opponent's turn starts with 7 cards each.
    assert state.current_player() == 1 and len(state.hands[0]) == 7
    assert state.tops[0] == cards("R1 R2")  # R2 on top
    mine = state.observation(0)["deck_tops"]["troop"]
    theirs = state.observation(1)["deck_tops"]["troop"]
    assert mine == cards("R2 R1") and theirs == [None, None]
    # The opponent draws the top card: no chance event, and player 0 now knows it.
    play(state, "B1", 0)
    assert state.phase == PH_DRAW
    state.apply_action(DRAW_TROOP)
    assert cards("R2")[0] in state.hands[1]
    assert state.observation(0)["hands"][1]["known"] == cards("R2")
    assert state.observation(1)["hands"][0]["known"] == []


def test_scout_with_fewer_than_three_cards_left() -> None:
    state = position(("Scout R1 R2 R3 R4 R5 R6", "B1"), {}, troop_deck=2, tactics_deck="")
    state.apply_action(SCOUT)
    run_chance(state, random.Random(1))  # only one deck: draws without a choice
    run_chance(state, random.Random(2))
    assert state.deck_size(0) == 0
    assert state.phase == PH_SCOUT_RETURN and state.returns_left == 1
    state.apply_action(cards("R6")[0])
    assert len(state.hands[0]) == 7 and state.current_player() == 1


def test_scout_with_one_card_left_returns_nothing() -> None:
    state = position(("Scout R1 R2 R3 R4 R5 R6", "B1"), {}, troop_deck=1, tactics_deck="")
    state.apply_action(SCOUT)
    run_chance(state, random.Random(1))
    assert len(state.hands[0]) == 7 and state.current_player() == 1


def test_scout_is_unplayable_with_both_decks_empty() -> None:
    state = position(("Scout R1", "B1"), {}, troop_deck=0, tactics_deck="")
    assert SCOUT not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="both decks are empty"):
        state.apply_action(SCOUT)


# --- Traitor, Deserter, Redeploy ------------------------------------------------------------------

FULL = {f: ("R1 R2 R3" if f == 0 else f"O{f} Y{f} G{f}", "") for f in range(9)}


def test_traitor_needs_a_free_slot() -> None:
    sides = {f: (f"O{f + 1} Y{f + 1} G{f + 1}", "B10" if f == 4 else "") for f in range(9)}
    state = position(("Traitor", "P1"), sides)
    assert TRAITOR not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="free slot"):
        state.apply_action(TRAITOR)


def test_traitor_may_put_the_card_on_the_same_flag() -> None:
    sides = {f: (f"O{f + 1} Y{f + 1} G{f + 1}", "") for f in range(9)}
    sides[4] = ("B1 B2", "B3 P7")
    state = position(("Traitor", "P1"), sides)
    state.apply_action(TRAITOR)
    assert state.legal_actions() == sorted(cards("B3 P7"))
    state.apply_action(cards("B3")[0])
    assert state.legal_actions() == [flag_action(4)]
    state.apply_action(flag_action(4))
    assert state.side(4, 0) == cards("B1 B2 B3") and state.side(4, 1) == cards("P7")


def test_deserter_and_redeploy_take_morale_but_not_environment_cards() -> None:
    state = position(("Deserter P1", "R1"), {0: ("", "Leader B2")}, fog=(0,))
    state.apply_action(DESERTER)
    assert state.legal_actions() == sorted([ALEXANDER, *cards("B2")])
    state.apply_action(ALEXANDER)
    assert state.fog[0] == 1 and state.side(0, 1) == cards("B2")


def test_claimed_flags_are_immune() -> None:
    sides = {0: ("R1 R2 R3", "B1 B2"), 1: ("G4", "P5")}
    hand = "Fog Mud Deserter Traitor Redeploy Leader O1"
    state = position((hand, "P1"), sides, claimed={0: 0})
    for card in ("Fog", "Mud", "Leader", "O1"):
        trial = state.clone()
        trial.apply_action(cards(card)[0])
        assert flag_action(0) not in trial.legal_actions()
        with pytest.raises(IllegalActionError, match="claimed"):
            trial.apply_action(flag_action(0))
    for card, targets in (("Deserter", "P5"), ("Traitor", "P5"), ("Redeploy", "G4")):
        trial = state.clone()
        trial.apply_action(cards(card)[0])
        assert trial.legal_actions() == cards(targets)
        with pytest.raises(IllegalActionError, match="cannot be taken"):
            trial.apply_action(cards("R1" if card == "Redeploy" else "B1")[0])


# --- claims and victory ---------------------------------------------------------------------------


def test_breakthrough_by_three_claims_in_one_turn() -> None:
    sides = {3: ("R8 R9 R10", ""), 4: ("O8 O9 O10", ""), 5: ("Y8 Y9 Y10", "")}
    state = position(("P1", "B1"), sides)
    play(state, "P1", 8)
    assert state.legal_actions() == [claim_action(3), claim_action(4), claim_action(5), DONE]
    state.apply_action(claim_action(3))
    state.apply_action(claim_action(5))
    assert not state.is_terminal()
    state.apply_action(claim_action(4))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.results[-1]["how"] == "breakthrough"


def test_envelopment_by_five_flags() -> None:
    sides = {8: ("G8 G9 G10", "")}
    state = position(("P1", "B1"), sides, claimed={0: 0, 2: 0, 4: 0, 6: 0, 1: 1})
    play(state, "P1", 3)
    state.apply_action(claim_action(8))
    assert state.is_terminal() and state.results[-1]["how"] == "envelopment"


def test_advanced_timing_claims_only_at_the_start_of_the_turn() -> None:
    state = position(("Y10 P1", "B1"), {0: ("Y8 Y9", "R8 R9")}, claim_timing="advanced")
    play(state, "Y10", 0)  # complete: no claim phase after the play
    assert state.phase != PH_CLAIM
    finish_turn(state)
    play(state, "B1", 5)
    while state.current_player() != 0 or state.phase not in (PH_CLAIM, PH_PLAY):
        if state.phase == PH_DRAW:
            state.apply_action(DRAW_TROOP)
        run_chance(state, random.Random(0))
    assert state.phase == PH_CLAIM and state.legal_actions() == [claim_action(0), DONE]
    state.apply_action(claim_action(0))
    assert state.phase == PH_PLAY and state.claimed[0] == 0


# --- passing, drawing and deck exhaustion ---------------------------------------------------------


def test_cannot_pass_while_a_troop_card_is_playable() -> None:
    state = position(("R1 Fog", "B1"), {})
    assert PASS not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="may not pass"):
        state.apply_action(PASS)


def test_pass_when_every_slot_is_full_and_no_draw_follows() -> None:
    state = position(("R5 Fog", "B1"), FULL, tactics_played=(1, 0))
    assert state.legal_actions() == [PASS]
    state.apply_action(PASS)
    assert state.current_player() == 1 and len(state.hands[0]) == 2


def test_empty_chosen_deck_draws_from_the_other() -> None:
    state = position(("R1", "B1"), {}, tactics_deck="")
    play(state, "R1", 0)
    assert state.phase == PH_DRAW_CARD and state.draw_deck == 0


def test_both_decks_empty_play_continues_without_drawing() -> None:
    state = position(("R1 R2", "B1"), {}, troop_deck=0, tactics_deck="")
    play(state, "R1", 0)
    assert state.current_player() == 1 and state.hands[0] == cards("R2")


def test_refill_only_up_to_seven() -> None:
    state = position(("R1 R2 R3 R4 R5 R6 R7", "B1"), {})
    play(state, "R1", 0)
    state.apply_action(DRAW_TACTICS)
    run_chance(state, random.Random(0))
    assert len(state.hands[0]) == 7 and state.current_player() == 1


# --- stalemate ------------------------------------------------------------------------------------


def stalemate_position(**options):
    sides = {
        0: ("R1 R2 O4", "B1 B2"),  # only player 0 complete
        1: ("O4 O5 O6", "B5 B6 B7"),  # both complete: player 1's Wedge is higher
        2: ("Y7", "G7"),  # nobody
        3: ("P8 P9 P10", "G8 G9 G10"),  # equal Wedges: player 0 completed first
        4: ("Y1 Y2 Y3", ""),  # only player 0 complete
    }
    hands = ("Fog", "Mud")
    return position(hands, sides, tactics_played=(1, 0), troop_deck=0, tactics_deck="", **options)


def pass_turn(state) -> None:
    state.apply_action(PASS)
    if state.phase == PH_CLAIM:  # claims are allowed in a passing turn; make none
        state.apply_action(DONE)


def test_two_passes_in_a_row_end_with_the_final_resolution() -> None:
    state = stalemate_position()
    assert state.legal_actions() == [PASS]  # the limit blocks Fog, and no troop card
    pass_turn(state)
    play(state, "Mud", 8)  # a play resets the count (no draw: both decks are empty)
    if state.phase == PH_CLAIM:
        state.apply_action(DONE)
    assert state.passes == 0 and state.current_player() == 0
    pass_turn(state)
    assert not state.is_terminal() and state.legal_actions() == [PASS]
    pass_turn(state)
    assert state.is_terminal()
    assert state.claimed == [0, 1, -1, 0, 0, -1, -1, -1, -1]
    result = state.results[-1]
    assert result["how"] == "final resolution" and result["winner"] == 0  # 3 flags to 1
    assert state.returns() == [1.0, -1.0]


def test_two_passes_as_a_draw_option() -> None:
    state = stalemate_position(stalemate="draw")
    pass_turn(state)
    play(state, "Mud", 8)
    state.apply_action(DONE)
    pass_turn(state)
    pass_turn(state)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.results[-1]["how"] == "stalemate" and state.claimed == [-1] * 9


def test_first_player_option_fixes_the_opening_chance_event() -> None:
    assert GAME.options["first_player"][0] == "random"  # the default keeps old saves valid
    for value, starter in (("seat1", 0), ("seat2", 1)):
        state = GAME.new_state(first_player=value)
        assert state.chance_outcomes() == [(FIRST_BASE + starter, 1.0)]
        assert state.sample_chance(random.Random(1)) == FIRST_BASE + starter
        assert state.action_to_string(FIRST_BASE + starter) == f"Player {starter + 1} starts"
        with pytest.raises(IllegalActionError):
            state.apply_action(FIRST_BASE + 1 - starter)
        state.apply_action(FIRST_BASE + starter)
        run_chance(state, random.Random(2))
        assert state.current_player() == starter


# --- match play -----------------------------------------------------------------------------------


def test_match_scoring_and_the_winner_starts_the_next_game() -> None:
    sides = {3: ("", "R8 R9 R10"), 4: ("", "O8 O9 O10"), 5: ("", "Y8 Y9 Y10")}
    state = position(("P1", "B1"), sides, player=1, claimed={0: 0}, match_games=3)
    play(state, "B1", 6)
    for f in (3, 4, 5):
        state.apply_action(claim_action(f))
    # Player 1 won game 1 (5 points); player 0 held one flag (1 point).
    assert state.points == [1, 5] and state.wins == [0, 1]
    assert state.results[-1]["points"] == [1, 5] and state.results[-1]["won_with"] == [3, 4, 5]
    # Between games the finished board stays on the table (and in the observation as game 0)
    # until the next deal's first card, a chance event over the whole gathered troop deck.
    assert not state.is_terminal() and state.phase == PH_NEXT and state.game_index == 1
    assert state.between_games() and state.current_player() == CHANCE
    assert state.starter == 1 and state.claimed[3:6] == [1, 1, 1]
    obs = state.observation(0)
    assert obs["phase"] == "next_game" and obs["match"]["game"] == 0
    assert [f["claimed_by"] for f in obs["flags"]][:6] == [0, -1, -1, 1, 1, 1]
    assert state.legal_actions() == list(range(60))
    state.apply_action(7)
    assert state.phase == PH_DEAL and state.claimed == [-1] * 9 and not state.between_games()
    assert state.hands == [[], [7]] and state.deck_size(0) == 59
    run_chance(state, random.Random(0))
    assert state.current_player() == 1 and [len(h) for h in state.hands] == [7, 7]
    assert state.observation(0)["match"]["game"] == 1


def test_loser_scores_its_claimed_flags() -> None:
    sides = {3: ("R8 R9 R10", ""), 4: ("O8 O9 O10", ""), 5: ("Y8 Y9 Y10", "")}
    state = position(("P1", "B1"), sides, claimed={0: 1, 8: 1}, match_games=3)
    play(state, "P1", 7)
    for f in (3, 4, 5):
        state.apply_action(claim_action(f))
    assert state.points == [5, 2]
    assert state.starter == 0


def test_claimed_flags_cannot_be_claimed_again() -> None:
    state = position(("P1", "B1"), {0: ("R8 R9 R10", "")}, claimed={0: 0})
    play(state, "P1", 1)
    assert all(not (CLAIM_BASE <= a < CLAIM_BASE + 9) for a in state.legal_actions())
    assert state.claim_check(0, 0).reason.startswith("flag 1 is already claimed")


def test_terminal_state_refuses_everything() -> None:
    sides = {3: ("R8 R9 R10", ""), 4: ("O8 O9 O10", ""), 5: ("Y8 Y9 Y10", "")}
    state = position(("P1", "B1"), sides)
    play(state, "P1", 8)
    for f in (3, 4, 5):
        state.apply_action(claim_action(f))
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(PASS)


# --- the in-game rules text -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_text_uses_the_plain_markdown_subset(lang: str) -> None:
    text = resource_path("assets", "rules", f"battleline.{lang}.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# ")
    for line in lines:
        assert not line.startswith(("##", "* ", "|", "```", "  ")), line
    english = resource_path("assets", "rules", "battleline.en.md").read_text(encoding="utf-8")
    headings = [line for line in lines if line.startswith("# ")]
    assert len(headings) == sum(line.startswith("# ") for line in english.splitlines())
