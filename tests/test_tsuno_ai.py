"""Tsuno Senki AI: exact dice odds, the heuristic's hooks, the baseline, a short search."""

from __future__ import annotations

import itertools
import random

import pytest

from ai.agents import Budget, SearchAgent
from ai.heuristics import HEURISTICS
from ai.heuristics.tsuno import (
    ESTIMATE_WEIGHTS,
    attack_loss_odds,
    expected_appearance,
    features,
    greedy_action,
    threat,
    win_chance,
)
from bench.baselines.tsuno import greedy_action as baseline_action
from game.engines import GAMES
from game.engines.tsuno import actions as act
from game.engines.tsuno.rules import resolve_black, resolve_roll
from game.engines.tsuno.state import ABSORB, ACT, ROLL
from tests.tsuno_helpers import acting

HEURISTIC = HEURISTICS["tsuno"]


@pytest.mark.parametrize(("dice", "area"), [(3, 1), (4, 3), (4, 5)])
def test_attack_loss_odds_match_brute_force(dice: int, area: int) -> None:
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        loss = resolve_black(faces).counts[area - 1]
        counts[loss] = counts.get(loss, 0) + 1
    odds = attack_loss_odds(dice, area)
    assert sum(odds) == pytest.approx(1.0)
    for loss, ways in counts.items():
        assert odds[loss] == pytest.approx(ways / 6**dice)


def test_expected_appearance_matches_brute_force() -> None:
    total = [0.0] * 6
    for faces in itertools.product(range(1, 7), repeat=4):
        for i, n in enumerate(resolve_roll(faces[:3], faces[3:]).counts):
            total[i] += n / 6**4
    assert expected_appearance(3, 1) == pytest.approx(tuple(total))


def random_states(count: int, seed: int, **options: str):
    """Decision points of random games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAMES["tsuno"].new_state(rng.randint(1, 6), **options)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found[:count]


def test_policy_estimate_and_prior_are_well_formed() -> None:
    rng = random.Random(0)
    for state in random_states(300, seed=1, difficulty="advanced"):
        legal = state.legal_actions()
        assert HEURISTIC.policy(state, rng) in legal
        assert baseline_action(state) in legal
        values = HEURISTIC.estimate(state)
        assert len(values) == state.num_players and len(set(values)) == 1
        assert -1.0 <= values[0] <= 1.0
        prior = HEURISTIC.prior(state, legal)
        assert prior is not None and len(prior) == len(legal) and min(prior) > 0
        assert all(threat(state, area) >= 0 for area in range(1, 7))


def test_estimate_prefers_the_safer_position() -> None:
    calm = acting(3, difficulty="intermediate")
    pressed = acting(3, difficulty="intermediate")
    pressed.chips = [3, 4, 1, 5, 2, 0]
    pressed.morale[3] = 1
    assert HEURISTIC.estimate(calm)[0] > HEURISTIC.estimate(pressed)[0]


def test_estimate_weighs_what_the_castle_must_cover() -> None:
    """Units with no morale to spare and no pieces: every point of threat falls on the castle,
    and a castle short of it (or chips piling up) makes the position worse."""
    state = acting(1, difficulty="advanced")
    state.morale = [1] * 6
    f = features(state)
    assert f[8] == pytest.approx(f[2])  # the whole threat is the castle's to cover
    assert f[9] == pytest.approx(min(0.0, state.castle - f[8]))
    assert f[9] < 0  # Advanced's six days threaten more than twelve soldiers can cover
    poorer = state.clone()
    poorer.castle = 4
    assert features(poorer)[9] < f[9]
    assert HEURISTIC.estimate(poorer)[0] < HEURISTIC.estimate(state)[0]
    piled = state.clone()
    piled.chips = [1, 1, 0, 1, 1, 1]
    assert features(piled)[10] == 5
    assert HEURISTIC.estimate(piled)[0] < HEURISTIC.estimate(state)[0]


def test_estimate_counts_a_loss_waiting_for_its_absorption() -> None:
    """A unit with pieces beside it chooses how to absorb a loss; the estimate asked at that
    choice must already count the loss (it did not: every piece and morale point stood)."""
    state = acting(2, difficulty="advanced")
    state.morale = [3] * 6
    state.soldiers[1] = state.reinforcements[1] = 1
    state.chips = [1, 0, 1, 1, 0, 1]
    untouched = state.clone()
    untouched.area = 3  # the same position, the next area to act, nothing lost
    state.phase, state.loss = ABSORB, 3
    assert len(state.legal_actions()) > 1
    absorbed = state.clone()
    absorbed.apply_action(greedy_action(state))
    assert absorbed.phase == ACT and absorbed.area == 3
    assert win_chance(state) == pytest.approx(win_chance(absorbed))
    assert win_chance(state) < win_chance(untouched) - 0.05
    doomed = state.clone()
    doomed.castle, doomed.loss = 0, 5  # more than morale and pieces: the castle cannot restore
    assert HEURISTIC.estimate(doomed) == [-1.0]


def test_threat_counts_the_appearance_roll_about_to_come() -> None:
    state = GAMES["tsuno"].new_state(1, difficulty="advanced")
    assert state.phase == ROLL
    after = acting(1, difficulty="advanced")
    assert threat(state, 4) > threat(after, 4)


@pytest.mark.parametrize(
    ("players", "difficulty"),
    [(1, "beginner"), (1, "intermediate"), (1, "advanced"), (4, "advanced")],
)
def test_every_dice_setting_has_its_own_fitted_estimate(players: int, difficulty: str) -> None:
    state = GAMES["tsuno"].new_state(players, difficulty=difficulty)
    assert (state.black_dice, state.yellow_dice) in ESTIMATE_WEIGHTS


def test_castle_unit_on_a_clear_area_comes_home_without_thinking() -> None:
    state = acting(5)
    state.home[4] = False
    state.morale[4] = 1
    assert HEURISTIC.auto_action(state) == act.ATTACK
    state.chips[4] = 1
    assert HEURISTIC.auto_action(state) is None


def test_policy_relieves_the_neighbour_in_danger() -> None:
    state = acting(2, difficulty="intermediate")
    state.chips = [0, 0, 3, 0, 0, 0]
    assert greedy_action(state) == 9 + 3 - 1  # relief of area 3


def _win_rate(choose, games: int) -> float:
    wins = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = GAMES["tsuno"].new_state(1, difficulty="intermediate")
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
            else:
                state.apply_unchecked(choose(state))
        wins += state.returns()[0] > 0
    return wins / games


def test_heuristic_policy_beats_the_crude_greedy_baseline() -> None:
    """Same seeds for both; 400 games each (the bench plays thousands)."""
    assert _win_rate(greedy_action, 400) > _win_rate(baseline_action, 400) + 0.05


def test_search_agents_play_a_legal_game() -> None:
    """Hard's kind of search (heuristic rollouts to the end) on a small iteration cap."""
    state = GAMES["tsuno"].new_state(2, difficulty="beginner")
    budget = Budget(search=True, iterations=20, heuristic_rollouts=True)
    agents = [SearchAgent(HEURISTIC, budget, seed=s, timed=False) for s in range(2)]
    rng = random.Random(4)
    decisions = 0
    while not state.is_terminal() and decisions < 8:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(agents[state.current_player()].choose(state.clone()))
            decisions += 1
    assert decisions == 8 or state.is_terminal()


def test_the_set_up_says_how_hard_plays_in_both_languages() -> None:
    """Hard checks every move by 64 rollouts: the set-up says so, not the generic "looks
    further ahead" of a search."""
    from game import i18n
    from game.scenes.setup import level_about

    game = GAMES["tsuno"]
    try:
        for lang in ("en", "ja"):
            i18n.set_language(lang)
            assert "64" in level_about(game, "hard")
            assert level_about(game, "normal") != level_about(GAMES["flatfront"], "normal")
    finally:
        i18n.set_language("en")
