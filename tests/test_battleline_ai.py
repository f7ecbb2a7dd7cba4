"""The Battle Line AI: it cannot peek, plays only legal moves, claims what it can prove, and its
searching levels beat a random player."""

from __future__ import annotations

import random

import pytest

from ai.agents import (
    BUDGETS,
    LEVELS,
    Budget,
    PolicyAgent,
    SearchAgent,
    budget_for,
    make_agent,
    play_out,
)
from ai.heuristics import HEURISTICS
from ai.mcts import CHANCE_SLOT, KEY_STRIDE, MCTS, OPEN_CHANCE
from game.engines.base import CHANCE
from game.engines.battleline import BattleLineState
from game.engines.battleline.actions import DONE, claim_action
from game.engines.battleline.phases import PH_CLAIM, PH_PLAY
from tests.test_battleline_support import GAME, play, position

HEURISTIC = HEURISTICS["battleline"]


def _midgame(seed: int, plies: int) -> BattleLineState:
    """Player 0 to play a card after about ``plies`` moves of heuristic self-play."""
    rng = random.Random(seed)
    state = GAME.new_state()
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif len(state.history) >= plies and state.phase == PH_PLAY and player == 0:
            return state
        else:
            state.apply_action(HEURISTIC.policy(state, rng))


def _play(agents: list, seed: int, **options: object) -> list[float]:
    """A whole game; ``apply_action`` raises if an agent picks an illegal move."""
    return play_out(GAME.new_state(**options), agents, random.Random(seed))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_same_observation_and_seed_give_the_same_move(level: str) -> None:
    """Two true states that differ only in cards player 0 cannot see: same search, same move."""
    for seed in range(3):
        first = _midgame(seed, plies=60)
        second = first.determinize(0, random.Random(99))  # other hidden cards, same view
        assert first.observation(0) == second.observation(0)
        assert sorted(first.hands[1]) != sorted(second.hands[1])
        results = [
            make_agent("battleline", level, seed=3, timed=False).analyse(state)
            for state in (first, second)
        ]
        assert results[0].action == results[1].action
        assert results[0].visits == results[1].visits


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"tactics": "off", "claim_timing": "advanced"},
        {"match_games": 3, "stalemate": "draw"},
    ],
)
def test_search_plays_only_legal_moves(options: dict) -> None:
    """Whole games of a small search against the heuristic, through every decision kind."""
    small = Budget(search=True, iterations=12, rollout_depth=1)
    agents = [SearchAgent(HEURISTIC, small, seed=1), PolicyAgent(HEURISTIC, 0.3, seed=2)]
    returns = _play(agents, seed=len(options), **options)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_every_level_answers_legally_in_sampled_positions() -> None:
    for seed, plies in ((0, 20), (1, 90), (2, 150)):
        state = _midgame(seed, plies)
        for level in LEVELS:
            assert make_agent("battleline", level, seed, timed=False).choose(state) in (
                state.legal_actions()
            )


def _claim_position() -> BattleLineState:
    """Player 0 has just completed flags 4 and 7 with unbeatable Wedges: two provable flags."""
    state = position(("P1", "B1"), {3: ("R8 R9 R10", ""), 6: ("O8 O9 O10", "")})
    play(state, "P1", 8)
    assert state.phase == PH_CLAIM and state.claimable == [3, 6]
    return state


@pytest.mark.parametrize("level", [*LEVELS, "hint"])
def test_every_level_claims_provable_flags(level: str) -> None:
    state = _claim_position()
    agent = make_agent("battleline", level, seed=0, timed=False)
    assert agent.choose(state) == claim_action(3)
    state.apply_action(claim_action(3))
    assert agent.choose(state) == claim_action(6)


def test_even_a_random_easy_player_claims() -> None:
    """Claims are automatic moves, not policy choices: randomness does not skip them."""
    state = _claim_position()
    for seed in range(20):
        assert PolicyAgent(HEURISTIC, 1.0, seed).choose(state) == claim_action(3)


def test_search_never_branches_over_claims() -> None:
    """At a claim decision the search's only edge is the claim; stopping (DONE) is never tried."""
    result = MCTS(HEURISTIC, seed=0, rollout_depth=0).search(_claim_position(), iterations=50)
    assert result.visits == {claim_action(3): 50}
    assert DONE not in result.values


def test_the_tree_carries_over_from_the_card_to_its_flag_only() -> None:
    """After its own card the searcher keeps what it learnt; after the opponent's turn (hidden
    draws in between) it starts afresh."""
    state = _midgame(4, plies=40)
    search = MCTS(HEURISTIC, seed=0, rollout_depth=0)
    card = search.search(state, iterations=300).action
    state.apply_action(card)
    assert sum(search.search(state, iterations=100).visits.values()) > 100
    rng = random.Random(0)
    for turn_of in (1, 0):  # our flag, claims and draw; then the opponent's whole turn
        while state.current_player() != turn_of:
            player = state.current_player()
            action = state.sample_chance(rng) if player == CHANCE else HEURISTIC.policy(state, rng)
            state.apply_action(action)
    assert sum(search.search(state, iterations=100).visits.values()) == 100


def test_the_card_drawn_after_a_move_is_one_edge() -> None:
    """Open loop: below a move the searcher's draw is one node whatever card comes, so the
    opponent's replies gather that move's visits. Keyed by the card, they scattered over 10-40
    subtrees and each reply was tried once or twice."""
    search = MCTS(HEURISTIC, seed=0, rollout_depth=0)
    search.search(_midgame(2, plies=90), iterations=1500)
    node = search._root
    assert node is not None
    draws = []
    while node.children:
        key, child = max(node.children.items(), key=lambda item: item[1].visits)
        if key % KEY_STRIDE == CHANCE_SLOT:
            draws.append(list(node.children))
        node = child
    assert draws and all(keys == [OPEN_CHANCE] for keys in draws)


def test_battle_line_has_its_own_level_budgets() -> None:
    for level in ("normal", "hard"):
        budget = budget_for("battleline", level)
        assert budget.rollout_depth is not None and budget.seconds <= BUDGETS[level].seconds
    assert (
        budget_for("battleline", "hard").iterations > budget_for("battleline", "normal").iterations
    )
    easy = budget_for("battleline", "easy")
    assert not easy.search and easy.randomness < BUDGETS["easy"].randomness
    assert budget_for("flatfront", "hard").seconds == BUDGETS["hard"].seconds


def test_a_small_search_beats_random_play() -> None:
    """A tenth of Normal's iterations already wins nearly every seat-swapped game."""
    normal = budget_for("battleline", "normal")
    small = Budget(search=True, iterations=normal.iterations // 10, rollout_depth=0)
    score = 0.0
    games = 0
    for seed in range(5):
        for seat in (0, 1):
            agents = [PolicyAgent(None, 1.0, seed), PolicyAgent(None, 1.0, seed)]
            agents[seat] = SearchAgent(HEURISTIC, small, seed)
            result = _play(agents, 500 + seed)[seat]
            score += 1.0 if result > 0 else 0.5 if result == 0 else 0.0
            games += 1
    assert score / games >= 0.9
