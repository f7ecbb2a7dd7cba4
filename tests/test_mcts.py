"""The search on toy games whose right move is known, its budgets, and the levels on Flat Front."""

from __future__ import annotations

import random
import time

import pytest

from ai.agents import (
    BUDGETS,
    LEVELS,
    Budget,
    PolicyAgent,
    SearchAgent,
    budget_for,
    hint,
    make_agent,
    play_out,
)
from ai.heuristics import HEURISTICS, Heuristic
from ai.mcts import MCTS
from game.engines import GAMES
from game.engines.base import CHANCE, State
from tests.toy_games import (
    COOP_TREE,
    MAXN_TREE,
    SAFE,
    LotteryGame,
    NimGame,
    TreeGame,
    TrickDuelGame,
    TrickDuelState,
    nim_move,
)


def _nim_sum_policy(state: State, rng: random.Random) -> int:
    """Perfect Nim play: move to a zero nim-sum when possible."""
    heaps = state.heaps
    total = 0
    for heap in heaps:
        total ^= heap
    for i, heap in enumerate(heaps):
        if total and heap ^ total < heap:
            return nim_move(i, heap - (heap ^ total))
    return rng.choice(state.legal_actions())


class _Policy(Heuristic):
    """A heuristic made of a policy only (evaluate never cuts a rollout short)."""

    def __init__(self, policy) -> None:
        self.policy = policy

    def evaluate(self, state: State) -> list[float] | None:
        return None


# --- toy games -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_finds_the_winning_nim_move(seed: int) -> None:
    state = NimGame().new_state(heaps=(1, 2, 4))
    result = MCTS(seed=seed).search(state, iterations=2000)
    assert result.action == nim_move(2, 1)  # 1 ^ 2 ^ 3 == 0
    assert result.values[result.action] > 0.5


def test_rollout_policy_steers_the_search() -> None:
    """(3, 4, 5) defeats random rollouts at this budget; perfect-play rollouts find the win."""
    state = NimGame().new_state(heaps=(3, 4, 5))
    winning = nim_move(0, 2)  # 1 ^ 4 ^ 5 == 0
    assert MCTS(seed=0).search(state, iterations=4000).action != winning
    for seed in range(3):
        result = MCTS(_Policy(_nim_sum_policy), seed=seed).search(state, iterations=4000)
        assert result.action == winning


def test_chance_outcomes_are_weighted_by_probability() -> None:
    state = LotteryGame().new_state()
    result = MCTS(seed=3).search(state, iterations=3000)
    assert result.action == SAFE
    assert result.values[SAFE] == pytest.approx(0.8, abs=0.05)


def test_rollouts_stop_where_the_evaluation_speaks() -> None:
    class Oracle(Heuristic):
        """Says player 0 stands at +0.5 everywhere; its policy must then never be needed."""

        def policy(self, state: State, rng: random.Random) -> int:
            raise AssertionError("a rollout went past a position with a value")

        def evaluate(self, state: State) -> list[float] | None:
            return [0.5, -0.5]

    state = NimGame().new_state(heaps=(3, 4, 5))
    moves = len(state.legal_actions())
    result = MCTS(Oracle(), seed=0).search(state, iterations=moves)  # one leaf per move
    assert set(result.values.values()) == {0.5}


def test_rollouts_stop_at_their_depth_and_take_the_estimate() -> None:
    class Counting(Heuristic):
        """Plays the first legal move, counting its calls; estimates +0.25 for player 0."""

        calls = 0

        def policy(self, state: State, rng: random.Random) -> int:
            self.calls += 1
            return state.legal_actions()[0]

        def evaluate(self, state: State) -> list[float] | None:
            return None

        def estimate(self, state: State) -> list[float]:
            return [0.25, -0.25]

    heuristic = Counting()
    state = NimGame().new_state(heaps=(5, 5, 5))  # no leaf within two moves ends the game
    result = MCTS(heuristic, seed=0, rollout_depth=2).search(state, iterations=10)
    assert heuristic.calls == 2 * 10
    assert set(result.values.values()) == {0.25}
    with pytest.raises(ValueError, match="estimate"):
        MCTS(_Policy(_nim_sum_policy), rollout_depth=2)


def test_automatic_moves_are_one_edge_never_a_branch() -> None:
    class TakeAllOfTheLastHeap(_Policy):
        """Declares one move automatic whenever one heap is left (it wins at once)."""

        def auto_action(self, state: State) -> int | None:
            heaps = [i for i, heap in enumerate(state.heaps) if heap]
            return nim_move(heaps[0], state.heaps[heaps[0]]) if len(heaps) == 1 else None

    state = NimGame().new_state(heaps=(0, 6, 0))
    result = MCTS(TakeAllOfTheLastHeap(_nim_sum_policy), seed=0).search(state, iterations=30)
    assert result.visits == {nim_move(1, 6): 30}


def test_three_players_each_maximise_their_own_return() -> None:
    state = TreeGame(MAXN_TREE, num_players=3).new_state()
    result = MCTS(seed=0).search(state, iterations=1000)
    assert result.action == 0
    assert result.values[0] > 0.8


def test_cooperative_players_trust_each_other() -> None:
    state = TreeGame(COOP_TREE, num_players=2, cooperative=True).new_state()
    result = MCTS(seed=0).search(state, iterations=1000)
    assert result.action == 0
    assert result.values[0] > 0.8


def _play_duel(seed: int, ai_seat: int, iterations: int) -> float:
    rng = random.Random(seed)
    state = TrickDuelGame().new_state()
    search = MCTS(seed=seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        elif player == ai_seat:
            action = search.search(state.determinize(player, rng), iterations=iterations).action
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    return state.returns()[ai_seat]


def test_ismcts_beats_a_random_player_with_hidden_hands() -> None:
    results = [_play_duel(seed, seat, iterations=200) for seed in range(30) for seat in (0, 1)]
    score = sum(1.0 if r > 0 else 0.5 if r == 0 else 0.0 for r in results) / len(results)
    assert score >= 0.7


def _duel_position(opponent_hand: list[int]) -> TrickDuelState:
    """Player 0 to lead holding 1, 7, 12; the opponent holds ``opponent_hand``."""
    state = TrickDuelGame().new_state()
    for mine, theirs in zip((1, 7, 12), opponent_hand, strict=True):
        state.apply_action(mine)
        state.apply_action(theirs)
    return state


def test_ismcts_does_not_peek_at_hidden_cards() -> None:
    """Positions that differ only in the opponent's hidden hand are searched identically."""
    weak, strong = _duel_position([2, 3, 4]), _duel_position([14, 13, 11])
    assert weak.observation(0) == strong.observation(0)
    first = MCTS(seed=5).search(weak, iterations=300)
    second = MCTS(seed=5).search(strong, iterations=300)
    assert first.visits == second.visits
    assert first.values == second.values


def _flat_front_decision() -> State:
    """The first Flat Front position with a real choice (pile order fixed: lowest type first)."""
    state = GAMES["flatfront"].new_state()
    while state.current_player() == CHANCE or len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    return state


def test_iteration_budget_is_deterministic_per_seed() -> None:
    state = _flat_front_decision()
    heuristic = HEURISTICS["flatfront"]
    runs = [MCTS(heuristic, seed=seed).search(state, iterations=200) for seed in (7, 7, 8)]
    assert runs[0].visits == runs[1].visits and runs[0].values == runs[1].values
    assert runs[0].visits != runs[2].visits or runs[0].values != runs[2].values
    assert sum(runs[0].visits.values()) == 200


def test_time_budget_is_respected() -> None:
    state = GAMES["flatfront"].new_state()
    state.apply_action(state.legal_actions()[0])
    start = time.perf_counter()
    result = MCTS(HEURISTICS["flatfront"], seed=0).search(state, seconds=0.3)
    elapsed = time.perf_counter() - start
    assert result.iterations > 10
    assert result.seconds >= 0.3 and elapsed < 1.0  # stops near its clock (slack for a busy CI)


def test_tree_carries_over_to_the_next_move() -> None:
    state = NimGame().new_state(heaps=(2, 3, 4))
    search = MCTS(seed=0)
    first = search.search(state, iterations=2000)
    state.apply_action(first.action)
    second = search.search(state, iterations=100)
    assert sum(second.visits.values()) > 100  # visits from the first search were kept


def test_search_needs_a_decision_and_a_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        MCTS().search(NimGame().new_state())
    with pytest.raises(ValueError, match="to move"):
        MCTS().search(TrickDuelGame().new_state(), iterations=10)  # the deal is chance


# --- agents and levels on Flat Front -----------------------------------------------------------


def _play(agents: list, seed: int) -> list[float]:
    return play_out(GAMES["flatfront"].new_state(), agents, random.Random(seed))


def test_low_budget_search_plays_legal_flat_front_games() -> None:
    heuristic = HEURISTICS["flatfront"]
    budget = Budget(search=True, iterations=30, heuristic_rollouts=True)
    for seed in range(2):
        agents = [SearchAgent(heuristic, budget, seed * 2 + seat, timed=False) for seat in (0, 1)]
        assert sorted(_play(agents, seed)) in ([-1.0, 1.0], [0.0, 0.0])


def test_search_beats_the_easy_level_at_flat_front() -> None:
    """Normal's search, on its iterations with no clock, beats Easy over seat-swapped games."""
    heuristic = HEURISTICS["flatfront"]
    normal = Budget(search=True, iterations=budget_for("flatfront", "normal").iterations)
    score = 0.0
    games = 0
    for seed in range(8):
        for seat in (0, 1):
            agents = [PolicyAgent(heuristic, BUDGETS["easy"].randomness, seed) for _ in (0, 1)]
            agents[seat] = SearchAgent(heuristic, normal, seed, timed=False)
            result = _play(agents, seed)[seat]
            score += 1.0 if result > 0 else 0.5 if result == 0 else 0.0
            games += 1
    assert score / games >= 0.7


def test_levels_make_agents_that_play_legal_moves() -> None:
    state = _flat_front_decision()
    for level in LEVELS:
        agent = make_agent("flatfront", level, seed=1, timed=False)
        assert agent.choose(state) in state.legal_actions()
    assert hint(state, seed=1) in state.legal_actions()


def test_single_legal_move_is_played_without_thinking(monkeypatch) -> None:
    state = GAMES["flatfront"].new_state()
    state.apply_action(state.legal_actions()[0])
    (only,) = state.legal_actions()
    agent = make_agent("flatfront", "hard", seed=0)

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("a single legal move needs no search")

    monkeypatch.setattr(MCTS, "search", no_search)
    assert agent.choose(state) == only


def test_unknown_level_or_game_is_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        make_agent("flatfront", "grandmaster", seed=0)
    with pytest.raises(ValueError, match="game"):
        make_agent("chess", "easy", seed=0)
