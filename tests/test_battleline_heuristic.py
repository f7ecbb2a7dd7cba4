"""The Battle Line heuristic: legal, fast, better than random, and a sound evaluation."""

from __future__ import annotations

import itertools
import random

from ai.heuristics.battleline import BattleLineHeuristic, flag_chances, win_chance
from game.engines.base import CHANCE
from game.engines.battleline.actions import (
    DRAW_TACTICS,
    DRAW_TROOP,
    claim_action,
    flag_action,
)
from game.engines.battleline.options import OPTIONS
from game.engines.battleline.phases import PH_CLAIM, PH_DRAW, PH_PLAY
from game.engines.battleline.state import victory
from tests.test_battleline_support import GAME, cards, play, position

HEURISTIC = BattleLineHeuristic()


def play_game(seats: tuple[bool, bool], seed: int, **options: object) -> list[float]:
    """One game; seat p uses the heuristic if seats[p], else uniform random moves. Every
    heuristic move is checked against the legal moves."""
    rng = random.Random(seed)
    state = GAME.new_state(**options)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        elif seats[player]:
            action = HEURISTIC.policy(state, rng)
            assert action in state.legal_actions(), (state.phase, action)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state.apply_unchecked(action)
    return state.returns()


def test_policy_is_always_legal_under_every_option() -> None:
    names = list(OPTIONS)
    for seed, values in enumerate(itertools.product(*OPTIONS.values())):
        play_game((True, True), seed, **dict(zip(names, values, strict=True)))


def test_policy_plays_full_games() -> None:
    """Its speed is a benchmark row (bench/ai_bench.py: heuristic self-play games/s)."""
    for seed in range(40):
        returns = play_game((True, True), 1000 + seed)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_heuristic_beats_random_play() -> None:
    wins = 0
    for seed in range(40):
        seat = seed % 2
        returns = play_game((seat == 0, seat == 1), 2000 + seed)
        wins += returns[seat] > 0
    assert wins >= 36


def test_policy_claims_every_provable_flag() -> None:
    sides = {3: ("R8 R9 R10", ""), 6: ("O8 O9 O10", "")}
    state = position(("P1", "B1"), sides)
    play(state, "P1", 8)
    assert state.phase == PH_CLAIM
    first = HEURISTIC.policy(state, random.Random(0))
    assert first == claim_action(3)
    state.apply_action(first)
    assert HEURISTIC.policy(state, random.Random(0)) == claim_action(6)


def test_auto_action_claims_then_picks_the_deck() -> None:
    """Automatic moves: claims of provable flags, lowest first, then the deck by a fixed rule;
    the play itself is always a real decision."""
    state = position(("P1 Mud", "B1"), {3: ("R8 R9 R10", ""), 6: ("O8 O9 O10", "")})
    assert HEURISTIC.auto_action(state) is None
    play(state, "P1", 8)
    assert state.phase == PH_CLAIM
    assert HEURISTIC.auto_action(state) == claim_action(3)
    state.apply_action(claim_action(3))
    assert HEURISTIC.auto_action(state) == claim_action(6)
    state.apply_action(claim_action(6))
    assert state.phase == PH_DRAW
    assert HEURISTIC.auto_action(state) == DRAW_TROOP  # Mud is in hand: no second tactics card
    state = position(("P1", "B1"), {})
    play(state, "P1", 8)
    assert HEURISTIC.auto_action(state) == DRAW_TACTICS  # none in hand, and one may be played
    state = position(("P1", "B1"), {}, tactics_played=(1, 0))
    play(state, "P1", 8)
    assert HEURISTIC.auto_action(state) == DRAW_TROOP  # a tactics card ahead: it must wait


def test_policy_extends_a_formation_rather_than_scattering() -> None:
    state = position(("R9 B2 Y5 G1 P3 O6 O4", "B1"), {0: ("R7 R8", "")}, tactics_deck="")
    heuristic = BattleLineHeuristic(epsilon=0.0)
    card = heuristic.policy(state, random.Random(0))
    state.apply_action(card)
    assert card == cards("R9")[0]
    assert heuristic.policy(state, random.Random(0)) == flag_action(0)


def test_evaluate_speaks_only_for_a_decided_win() -> None:
    assert HEURISTIC.evaluate(position(("P1", "B1"), {})) is None
    # Player 0 holds flags 0 and 1 and can prove flag 2: a Breakthrough.
    state = position(("P1", "B1"), {2: ("G8 G9 G10", "")}, claimed={0: 0, 1: 0})
    assert state.phase == PH_PLAY
    assert HEURISTIC.evaluate(state) == [1.0, -1.0]
    # The same for the player not to move: the mover may still upset it, so less than 1.
    state = position(("P1", "B1"), {2: ("", "G8 G9 G10")}, claimed={0: 1, 1: 1})
    assert HEURISTIC.evaluate(state) == [-0.9, 0.9]


def test_estimate_favours_the_stronger_position() -> None:
    sides = {0: ("R8 R9 R10", "B1"), 1: ("O9 Y9 G9", "B2"), 2: ("O8 Y8 G8", "B3")}
    state = position(("P1", "B10"), sides)
    value = HEURISTIC.estimate(state)
    assert value[0] > 0.3 and value[1] == -value[0] and -1.0 <= value[0] <= 1.0


def test_win_chance_is_exact_for_independent_flags() -> None:
    """The dynamic programme against all 512 outcomes (a double Breakthrough counts half)."""
    rng = random.Random(7)
    for _ in range(5):
        chances = [rng.random() for _ in range(9)]
        expected = 0.0
        for outcome in itertools.product((0, 1), repeat=9):
            weight = 1.0
            for owner, chance in zip(outcome, chances, strict=True):
                weight *= chance if owner == 0 else 1.0 - chance
            owners = list(outcome)
            through = [victory(owners, q) == "breakthrough" for q in (0, 1)]
            if through[0] and through[1]:
                expected += weight / 2
            elif through[0] or (not through[1] and owners.count(0) >= 5):
                expected += weight
        assert abs(win_chance(chances) - expected) < 1e-9
    assert win_chance([0.5] * 9) == 0.5


def test_a_card_played_elsewhere_leaves_an_unrelated_flag_alone() -> None:
    """Issue 8: our Y1 played at flag 0 used to end the opponent's hoped-for Y1-Y2-Y3 at flag 5
    and lift our chance there. Y1 was in our hand, never theirs to get."""
    state = position(("Y1 R5 B7", "P1 P2"), {5: ("O5 G6", "Y2 Y3")}, tactics_deck="")
    before = flag_chances(state)
    play(state, "Y1", 0)
    after = flag_chances(state)
    assert after[5] == before[5]
    assert after[0] != before[0]


def test_estimate_counts_both_players_breakthrough_chances() -> None:
    """Issue 8: a window of ours must not outweigh the opponent's flags 5-6-7 near certain."""
    sides = {
        0: ("R8 R9", "B1"),
        1: ("O8 O9", "B2"),
        2: ("Y8 Y9", "B3"),
        5: ("G1 G2 P3", "R10 O10 Y10"),
        6: ("B4 Y4 G3", "P8 P9 P10"),
        7: ("R1 O1 Y5", "G8 G9 G10"),
    }
    state = position(("P1", "B10"), sides)
    assert HEURISTIC.estimate(state)[0] < 0


def test_policy_does_not_complete_a_side_into_a_provable_loss() -> None:
    # Flag 3 is open (R10 or R7 would still beat the opposing Wedge); R2 there would complete a
    # Host that the Wedge beats, so the flag would be lost at once.
    state = position(("R2 B9", "P1"), {3: ("R8 R9", "O7 O8 O9")}, tactics_deck="")
    assert state.provable_flags(1) == []
    heuristic = BattleLineHeuristic(epsilon=0.0)
    card = heuristic.policy(state, random.Random(0))
    state.apply_action(card)
    assert (card, heuristic.policy(state, random.Random(0))) != (cards("R2")[0], flag_action(3))
