"""Frontline's search levels (issue 12 item 2): the budgets, the opponent model of the hidden
commitment, the assignment's local search, and the independent rule baseline."""

from __future__ import annotations

import random
from collections.abc import Callable
from statistics import mean

from ai.agents import SearchAgent, budget_for, play_out
from ai.heuristics import HEURISTICS
from ai.heuristics.frontline_plan import Planner, commit_order, model_commitment
from bench.baselines.frontline import RulePolicyAgent
from game.engines.frontline import FrontlineGame, FrontlineState
from game.engines.frontline.actions import CARD, REAR_CARD
from game.engines.frontline.cards import FRONT, NO_CREW, UNITS, army_pool
from game.engines.frontline.phases import PH_COMMIT, PH_DECLARE

HEURISTIC = HEURISTICS["frontline"]


def _until(seed: int, stop: Callable[[FrontlineState], bool]) -> FrontlineState:
    """Policy self-play from ``seed`` until ``stop(state)`` holds at a decision."""
    rng = random.Random(seed)
    state = FrontlineGame().new_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if stop(state):
            return state
        state.apply_action(HEURISTIC.policy(state, rng))
    raise AssertionError("the game ended first")


def _card(entry: int) -> int:
    return entry - REAR_CARD if entry >= REAR_CARD else entry - CARD


def test_searching_levels_have_budgets_with_a_rollout_depth_and_caps() -> None:
    for level in ("normal", "hint"):  # Hard checks plans instead (test_frontline_ai_sim)
        budget = HEURISTIC.budgets[level]
        assert budget.search and budget.rollout_depth is not None and budget.iterations > 0
        assert budget_for("frontline", level) is budget
    assert (HEURISTIC.budgets["normal"].seconds or 2) <= 1.0


def test_a_hint_search_stays_within_its_cap_and_clock() -> None:
    state = _until(3, lambda s: s.phase == PH_DECLARE)
    budget = budget_for("frontline", "hint")
    seen = state.determinize(state.player, random.Random(0))
    result = SearchAgent(HEURISTIC, budget, seed=1).analyse(seen)
    assert 1 <= result.iterations <= budget.iterations
    assert result.seconds <= (budget.seconds or 0) + 1.0  # one iteration past the clock
    assert result.action in state.legal_actions()


def _committing(seed: int) -> FrontlineState:
    """Seat 1 to commit while seat 0's face-down cards wait and seat 0 kept cards in hand, so
    the model has a choice to make (the first game from ``seed`` on that gets there)."""
    for game in range(seed * 100, seed * 100 + 100):
        try:
            return _until(
                game,
                lambda s: (
                    s.phase == PH_COMMIT
                    and s.player == 1
                    and len(s.commit[0]) >= 1
                    and len(s.hand_units[0]) >= 2
                ),
            )
        except AssertionError:
            continue
    raise AssertionError("no such position in 100 games")


def test_the_resampler_keeps_what_the_observer_sees() -> None:
    for seed in range(3):
        state = _committing(seed)
        view = state.observation(1)
        rng = random.Random(seed)
        for _ in range(20):
            sampled = HEURISTIC.resample(state, 1, rng)
            assert sampled is not None
            assert sampled.observation(1) == view  # own hand and all public information
            pool = sorted(state.hand_units[0] + [_card(e) for e in state.commit[0]])
            mine = sorted(sampled.hand_units[0] + [_card(e) for e in sampled.commit[0]])
            assert len(mine) == len(pool)
            assert sampled.legal_actions() == state.legal_actions()


def test_the_resampler_biases_the_commitment_toward_the_policy() -> None:
    """A sampled face-down set is what the §12.5 order picks from the sampled cards (ties
    aside: the same costs) wherever that order gives a valid set of the sampled size (the
    engine's draw sets the size: the true one is hidden, §9 #25), so it costs more on
    average than the engine's uniform draw."""
    modelled, uniform = [], []
    matches = 0
    for seed in range(3):
        state = _committing(seed)
        rng = random.Random(seed)
        for _ in range(30):
            model = HEURISTIC.resample(state, 1, rng)
            assert model is not None
            plain = state.determinize(1, rng)
            if plain.commit[0]:
                uniform.append(mean(UNITS[_card(e)].cost for e in plain.commit[0]))
            k = len(model.commit[0])
            if not k:
                continue
            pool = model.hand_units[0] + [_card(e) for e in model.commit[0]]
            expected = commit_order(model, 0, pool, k)
            costs = sorted(UNITS[_card(e)].cost for e in model.commit[0])
            matches += costs == sorted(UNITS[_card(e)].cost for e in expected)
            modelled.append(mean(UNITS[_card(e)].cost for e in model.commit[0]))
    assert matches >= 0.6 * len(modelled)  # the rest: no valid set of that size, uniform
    assert mean(modelled) >= mean(uniform)


def test_the_model_commits_the_most_valuable_ready_unit_first() -> None:
    state = _committing(0)
    army = sorted(army_pool(state.army[0]))
    front = [c for c in army if not UNITS[c].is_crew and UNITS[c].lines == (FRONT,)]
    cheap = min(front, key=lambda c: UNITS[c].cost)
    dear = max(front, key=lambda c: UNITS[c].cost)
    pool = [cheap, dear]
    if UNITS[dear].crew != NO_CREW:
        pool.append(next(c for c in army if UNITS[c].crew_kind == UNITS[dear].crew))
    assert UNITS[cheap].cost < UNITS[dear].cost
    rng = random.Random(0)
    for _ in range(10):
        chosen = model_commitment(state, 0, pool, len(pool) - 1, rng)
        assert chosen is not None and CARD + dear in chosen and CARD + cheap not in chosen


def test_the_local_search_never_ends_worse_than_its_start() -> None:
    checked = 0
    for seed in range(6):
        state = _until(seed, lambda s: s.phase == PH_DECLARE and len(s.queue) >= 2)
        planner = Planner(state, state.player, list(state.queue))
        greedy = planner.greedy()
        assert planner.objective(planner.improve(greedy)) >= planner.objective(greedy) - 1e-9
        rng = random.Random(seed)
        start = {pos: rng.choice(options) for pos, options in planner.options.items() if options}
        better = planner.improve(start)
        assert planner.objective(better) >= planner.objective(start) - 1e-9
        assert all(better[pos] in planner.options[pos] for pos in better)
        checked += 1
    assert checked == 6


def test_the_rule_baseline_plays_legal_moves_to_the_end() -> None:
    for seed in range(1):
        state = FrontlineGame().new_state()
        agents = [RulePolicyAgent(seed), RulePolicyAgent(seed + 1)]
        returns = play_out(state, agents, random.Random(seed))  # checked moves: illegal raises
        assert state.is_terminal() and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
