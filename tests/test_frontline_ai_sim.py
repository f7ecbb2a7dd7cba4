"""Frontline's Hard level (rules §12.8): the Monte-Carlo check of the planner's top plans picks
what the Combat Phase's dice favour, follows its plan through the turn's declarations, is
reproducible from its seed and never reads what its seat cannot see."""

from __future__ import annotations

import random

from ai.agents import PolicyAgent, budget_for, make_agent
from ai.heuristics import HEURISTICS
from ai.heuristics.frontline_plan import Planner
from ai.heuristics.frontline_sim import ROLLOUTS, candidate_plans, check
from game.engines.frontline import FrontlineState
from game.engines.frontline.actions import UNIT, kind_of
from game.engines.frontline.phases import PH_DECLARE, PH_WEAPONS
from tests.test_frontline_ai_hard import _second_declarer
from tests.test_frontline_support import place, setup, to_combat

HEURISTIC = HEURISTICS["frontline"]


def _one_kill_from_victory() -> tuple[FrontlineState, int, int]:
    """Seat 0's M10 Wolverine may fire at a Tiger I or an MG 42 team; seat 0 has 47 VP, so
    the MG 42 team (4 VP, killed ~58% of the time) wins the game, while the Tiger (killed ~4%)
    is what the §12.4 objective prefers: it values VP linearly, with a lock bonus for the
    dear target, and knows nothing of the 51-VP victory. Returns (state, Tiger, MG team)."""
    state = setup()
    place(state, 0, "us_m10_wolverine")
    tiger = place(state, 1, "ge_tiger1")
    team = place(state, 1, "ge_mg42_team")
    state.vp = [47, 30]
    to_combat(state)
    assert state.phase == PH_DECLARE and state.player == 0
    return state, tiger.pos, team.pos


def test_the_check_picks_the_kill_that_wins_over_the_greedy_plans_dear_target() -> None:
    state, tiger, team = _one_kill_from_victory()
    (pos,) = state.queue
    assert HEURISTIC.policy(state, random.Random(0)) == UNIT + tiger
    candidates = candidate_plans(Planner(state, 0, [pos]))
    assert candidates[0][pos][0] == tiger and any(p.get(pos, (0,))[0] == team for p in candidates)
    plan, means = check(state, 0, 60, random.Random(1), HEURISTIC.policy, HEURISTIC.estimate)
    assert plan[pos][0] == team
    scores = {p.get(pos, (-1,))[0]: mean for p, mean in means}
    assert scores[team] > scores[tiger] + 0.05
    hard = make_agent("frontline", "hard", seed=3, timed=False)
    assert hard.choose(state.clone()) == UNIT + team


def test_hard_is_the_policy_with_the_rules_200_rollouts() -> None:
    budget = budget_for("frontline", "hard")
    assert not budget.search and budget.checks == ROLLOUTS == 200
    assert isinstance(make_agent("frontline", "hard", seed=0), PolicyAgent)


def _declare_with(agent: PolicyAgent, state: FrontlineState) -> list[int]:
    """The agent's declarations and weapons for its whole queue, applied to ``state``."""
    seat, chosen = state.player, []
    while state.phase in (PH_DECLARE, PH_WEAPONS) and state.player == seat:
        action = agent.choose(state.clone())
        chosen.append(action)
        state.apply_action(action)
    return chosen


def test_the_turns_declarations_follow_the_checked_plan_and_repeat_from_the_seed() -> None:
    state = _second_declarer(2)
    assert len(state.queue) > 1
    first = _declare_with(PolicyAgent(HEURISTIC, 0.0, 5, checks=20), state.clone())
    again = PolicyAgent(HEURISTIC, 0.0, 5, checks=20)
    assert _declare_with(again, state.clone()) == first
    plan = again.memo["plan"]
    declared = [a - UNIT for a in first if kind_of(a) == "unit"]
    assert sorted(declared) == sorted(aimed for aimed, _ in plan.values())


def _unseen_changes(state: FrontlineState, seat: int) -> FrontlineState:
    """``state`` changed where ``seat`` cannot see: the opponent's face-down declarations
    dropped (while hidden), a card of its hand swapped with one of its Reserves, its Reserves
    reordered."""
    other, o = state.clone(), 1 - seat
    if state.phase in (PH_DECLARE, PH_WEAPONS):
        other.decls[o] = []
    hand, reserves = other.hand_units[o], other.reserves[o]
    if hand and reserves:
        other.hand_units[o] = sorted(hand[1:] + reserves[:1])
        other.reserves[o] = reserves[1:] + hand[:1]
    other.reserves[o].reverse()
    assert other.observation(seat) == state.observation(seat)
    seen = (other.decls[o], other.hand_units[o], other.reserves[o])
    assert seen != (state.decls[o], state.hand_units[o], state.reserves[o])
    return other


def test_the_check_never_reads_the_opponents_hidden_cards_or_declarations() -> None:
    """Positions the checking seat cannot tell apart get the same check: the same candidates,
    means and plan."""
    state = _second_declarer(1)
    results = [
        check(s, 1, 10, random.Random(7), HEURISTIC.policy, HEURISTIC.estimate)
        for s in (state, _unseen_changes(state, 1))
    ]
    assert results[0] == results[1]
