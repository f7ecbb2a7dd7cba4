"""Battle Line's decisive-move check (ai/heuristics/battleline_win.py): a play that wins at once
is found exactly, played without a search, and followed through its later decisions."""

from __future__ import annotations

from ai.agents import make_agent
from ai.heuristics.battleline import BattleLineHeuristic
from ai.heuristics.battleline_win import PLAY_PHASES, winning_action
from game.engines.battleline import BattleLineState
from game.engines.battleline.actions import NUM_FLAGS, flag_action
from game.engines.battleline.phases import PH_PLAY
from game.engines.battleline.state import victory
from tests.test_battleline_support import cards, position, random_playout

HEURISTIC = BattleLineHeuristic()


def _win_by_following(state: BattleLineState) -> list[int]:
    """Follow the heuristic's automatic moves through the mover's play and its claims; returns
    the moves made (the game must be won at the end)."""
    mover = state.player
    moves = []
    while not state.is_terminal() and state.current_player() == mover:
        action = HEURISTIC.auto_action(state)
        if action is None:
            break
        moves.append(action)
        state.apply_action(action)
    assert state.is_terminal() and state.returns()[mover] == 1.0
    return moves


def test_a_troop_card_that_completes_a_breakthrough_is_played_at_once() -> None:
    state = position(("B2 R10", "P1"), {2: ("R8 R9", "O1")}, claimed={0: 0, 1: 0})
    assert (
        make_agent("battleline", "hard", seed=0, timed=False).choose(state.clone())
        == (cards("R10")[0])
    )
    assert _win_by_following(state)[:2] == [cards("R10")[0], flag_action(2)]


def test_a_leader_completes_the_wedge_the_troops_cannot() -> None:
    state = position(("B2 Leader", "P1"), {2: ("R8 R9", "O1")}, claimed={0: 0, 1: 0})
    assert _win_by_following(state)[:2] == [cards("Leader")[0], flag_action(2)]


def test_a_traitor_steals_the_card_that_completes_a_breakthrough() -> None:
    state = position(("B2 Traitor", "P1"), {2: ("R8 R9", "R10 O1")}, claimed={0: 0, 1: 0})
    moves = _win_by_following(state)
    assert moves[:3] == [cards("Traitor")[0], cards("R10")[0], flag_action(2)]


def test_fog_turns_a_beaten_complete_side_into_a_proof() -> None:
    # Our Host totals 29 against their Wedge of 6: under Fog only totals count.
    state = position(("Fog P1", "B1"), {2: ("R10 O10 Y9", "G1 G2 G3")}, claimed={0: 0, 1: 0})
    assert _win_by_following(state)[:2] == [cards("Fog")[0], flag_action(2)]


def test_a_deserter_takes_a_card_that_stops_the_proof() -> None:
    # G8 (in the deck) would make their G8-G9-G10 beat our R7-R8-R9; a deserted card lies on
    # the table, so without either of theirs their best is a Wedge our earlier side ties or beats.
    state = position(("Deserter P1", "B1"), {2: ("R7 R8 R9", "G9 G10")}, claimed={0: 0, 1: 0})
    assert state.provable_flags(0) == []
    moves = _win_by_following(state)
    assert moves[0] == cards("Deserter")[0] and moves[1] in cards("G9 G10")


def test_a_card_leaving_the_pool_proves_a_complete_side() -> None:
    # Only G10 (in our hand, so in the proof pool) could still beat R5-R6-R7 with G8 G9 (G7 is
    # on the table): playing it anywhere proves flag 2, a Breakthrough with flags 0 and 1.
    sides = {2: ("R5 R6 R7", "G8 G9"), 6: ("", "G7")}
    state = position(("B2 G10", "P1"), sides, claimed={0: 0, 1: 0}, tactics_deck="")
    assert state.provable_flags(0) == []
    assert winning_action(state) == cards("G10")[0]
    _win_by_following(state)


def test_no_win_no_automatic_play_and_none_in_advanced_timing() -> None:
    assert winning_action(position(("B2 R10", "P1"), {2: ("R8 R9", "O1")}, claimed={0: 0})) is None
    state = position(
        ("B2 R10", "P1"), {2: ("R8 R9", "O1")}, claimed={0: 0, 1: 0}, claim_timing="advanced"
    )
    assert winning_action(state) is None  # the claim would come only next turn


def _owners(state: BattleLineState, player: int) -> list[int]:
    owners = list(state.claimed)
    for f in state.provable_flags(player):
        owners[f] = player
    return owners


def _wins_by_brute_force(state: BattleLineState, mover: int) -> bool:
    """Some sequence of the mover's decisions ends its play with provable flags that win."""
    return any(_action_wins(state, action, mover) for action in state.legal_actions())


def _action_wins(state: BattleLineState, action: int, mover: int) -> bool:
    """``action`` and some sequence of the mover's later decisions in this play end it with
    provable flags that win."""
    after = state.clone()
    after.apply_action(action)
    if after.phase in PLAY_PHASES and after.current_player() == mover:
        return _wins_by_brute_force(after, mover)
    return victory(_owners(after, mover), mover) is not None


def test_the_check_agrees_with_playing_every_move_out() -> None:
    """On positions of random games (every decision of a play), the check finds a win exactly
    when some play wins, and the move it names is one that wins; the mover's provable flags
    winning already is the evaluation's case."""
    checked = wins = 0
    for seed in range(4):
        _end, states = random_playout(700 + seed)
        for state in states:
            if state.is_terminal() or state.phase not in PLAY_PHASES:
                continue
            mover = state.player
            near = sum(
                len(state.sides[2 * f + mover]) >= state.slots(f) - 1 or state.claimed[f] == mover
                for f in range(NUM_FLAGS)
            )
            if near < 3:
                continue  # no win within reach: keep the brute force to the positions that count
            if state.phase == PH_PLAY and victory(_owners(state, mover), mover) is not None:
                continue
            found = winning_action(state)
            assert (found is not None) == _wins_by_brute_force(state, mover)
            assert found is None or _action_wins(state, found, mover)
            checked += 1
            wins += found is not None
    assert checked > 200 and wins > 10
