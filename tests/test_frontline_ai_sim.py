"""Frontline's Hard level (rules §12.8): the Monte-Carlo check of the planner's top plans (and of
the next attack to resolve) picks what the Combat Phase's dice favour, follows its plan through
the turn's declarations, is reproducible from its seed and never reads what its seat cannot
see."""

from __future__ import annotations

import random

from ai.agents import PolicyAgent, budget_for, make_agent
from ai.heuristics import HEURISTICS
from ai.heuristics.frontline_plan import Planner
from ai.heuristics.frontline_sim import ROLLOUTS, candidate_plans, check, check_moves
from game.engines.frontline import FrontlineState, combat
from game.engines.frontline.actions import ME_FIRST, UNIT, kind_of
from game.engines.frontline.phases import PH_CHOOSE_ATTACK, PH_DECLARE, PH_WEAPONS
from game.engines.frontline.units import Unit
from tests.test_frontline_ai_hard import _second_declarer
from tests.test_frontline_ai_search import _until
from tests.test_frontline_support import declare, initiative, place, setup, to_combat

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


def _one_shot_from_defeat() -> tuple[FrontlineState, int, int]:
    """Seat 0 won the initiative and resolves first. Its Sherman aims at an MG 42 team that
    declared on its Rifle Squad, whose loss gives seat 1 (47 VP) the game; its Wolverine aims
    at an 8.8cm FlaK, the attack the §12.4 order (P_kill x V) resolves first. Returns (state,
    the Sherman's attack, the Wolverine's)."""
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    rifles = place(state, 0, "us_rifle_squad")
    wolverine = place(state, 0, "us_m10_wolverine")
    team = place(state, 1, "ge_mg42_team")
    flak = place(state, 1, "ge_flak36_88")
    state.vp = [30, 47]
    to_combat(state)

    def every_weapon(attacker: Unit, target: Unit) -> int:
        return max(combat.weapon_sets(state, attacker, target), key=lambda m: m.bit_count())

    declare(
        state,
        {
            sherman.pos: (UNIT + team.pos, every_weapon(sherman, team)),
            wolverine.pos: (UNIT + flak.pos, every_weapon(wolverine, flak)),
            team.pos: (UNIT + rifles.pos, every_weapon(team, rifles)),
        },
    )
    initiative(state, 9, 2)
    state.apply_action(ME_FIRST)
    assert state.phase == PH_CHOOSE_ATTACK and state.player == 0
    return state, UNIT + sherman.pos, UNIT + wolverine.pos


def test_the_check_resolves_first_the_attack_on_the_unit_about_to_win_the_game() -> None:
    state, on_team, on_flak = _one_shot_from_defeat()
    assert HEURISTIC.policy(state, random.Random(0)) == on_flak
    best, means = check_moves(
        state, [on_flak, on_team], 60, random.Random(1), HEURISTIC.policy, HEURISTIC.estimate
    )
    assert best == on_team and dict(means)[on_team] > dict(means)[on_flak] + 0.2
    hard = make_agent("frontline", "hard", seed=3, timed=False)
    assert hard.choose(state.clone()) == on_team


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
    means and choice, for the plans and for the order of the attacks."""
    state = _second_declarer(1)
    results = [
        check(s, 1, 10, random.Random(7), HEURISTIC.policy, HEURISTIC.estimate)
        for s in (state, _unseen_changes(state, 1))
    ]
    assert results[0] == results[1]
    state = _until(
        4,
        lambda s: (
            s.phase == PH_CHOOSE_ATTACK
            and len(s.legal_actions()) > 1
            and bool(s.hand_units[1 - s.player])
        ),
    )
    moves = state.legal_actions()
    results_moves = [
        check_moves(s, moves, 10, random.Random(7), HEURISTIC.policy, HEURISTIC.estimate)
        for s in (state, _unseen_changes(state, state.player))
    ]
    assert results_moves[0] == results_moves[1]
