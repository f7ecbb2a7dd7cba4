"""Frontline's Hard level (rules §12.8): the Monte-Carlo check of the planner's top plans.

At a seat's first declaration of a Combat Phase the §12.4 planner ranks its plans (greedy plus
local search, then the best plans one move away from that optimum: another target for one
attacker, or two attackers' targets swapped). Each of the top ``CANDIDATES`` is played through
the Combat Phase ``rollouts`` times: the hidden cards re-dealt as the searcher's
determinization deals them (never the true hand, commitments or deck order), the opponent's
declarations its modelled greedy plan on the public board, the dice drawn, both sides resolving
their attacks by the policy, up to the draw that follows. The plan with the best mean estimate
is played. The rollouts of all candidates share their random streams (common random numbers),
so the candidates meet the same hidden cards and, as far as their plans let them, the same dice:
the comparison is far less noisy than the means are.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ai.checked import Checked
from ai.heuristics.frontline_plan import Plan, Planner, model_plan, set_declarations
from game.engines.frontline.actions import HOLD, UNIT, WEAPONS
from game.engines.frontline.phases import (
    PH_DECLARE,
    PH_DRAW_CHOICE,
    PH_DRAW_COMMAND,
    PH_WEAPONS,
)
from game.engines.frontline.state import FrontlineState

CANDIDATES = 3  # §12.8: the top 3 plans
ROLLOUTS = 200  # §12.8: rollouts of the Combat Phase per plan
STEP_CAP = 400  # decisions and dice: a guard on one rollout (a Combat Phase takes ~30-120)

Policy = Callable[[FrontlineState, random.Random], int]
Score = Callable[[FrontlineState], list[float]]


def _signature(plan: Plan) -> tuple[tuple[int, int], ...]:
    """The attackers and their targets (weapons aside: a plan one weapon away is the same
    plan to the check, whose rollouts could not tell the two apart)."""
    return tuple(sorted((pos, aimed) for pos, (aimed, _) in plan.items()))


def candidate_plans(planner: Planner, count: int = CANDIDATES) -> list[Plan]:
    """The planner's top ``count`` plans, best first by the §12.4 objective: its own optimum,
    then the best distinct neighbours (one attacker retargeted, with its best weapons there,
    or set to hold; two attackers' targets swapped)."""
    best = planner.improve(planner.greedy())
    found: dict[tuple[tuple[int, int], ...], tuple[float, Plan]] = {}
    for plan in _neighbours(planner, best):
        key = _signature(plan)
        value = planner.objective(plan)
        if key not in found or value > found[key][0]:
            found[key] = (value, plan)
    found.pop(_signature(best), None)
    ranked = sorted(found.values(), key=lambda item: (-item[0], _signature(item[1])))
    return [best] + [plan for _, plan in ranked[: count - 1]]


def _neighbours(planner: Planner, plan: Plan) -> list[Plan]:
    out = []
    for pos, options in planner.options.items():
        current = plan.get(pos, (None, 0))[0]
        targets = {aimed for aimed, _ in options} - {current}
        for target in sorted(targets):
            trial = dict(plan)
            masks = [mask for aimed, mask in options if aimed == target]
            trial[pos] = max(
                ((target, m) for m in masks),
                key=lambda choice: planner.target_score(target, {**trial, pos: choice}),
            )
            out.append(trial)
        if pos in plan:
            out.append({p: c for p, c in plan.items() if p != pos})
    aimed = sorted(plan)
    for i, a in enumerate(aimed):
        for b in aimed[i + 1 :]:
            ta, tb = plan[a][0], plan[b][0]
            ma = [m for t, m in planner.options[a] if t == tb]
            mb = [m for t, m in planner.options[b] if t == ta]
            if ta != tb and ma and mb:
                out.append({**plan, a: (tb, max(ma)), b: (ta, max(mb))})
    return out


def full_queue(state: FrontlineState, seat: int) -> list[int]:
    """The attackers the engine queues at the start of ``seat``'s declarations (those with a
    choice beyond holding fire)."""
    return [u.pos for u in state.units_of(seat) if len(state._target_actions(seat, u.pos)) > 1]


def declare_plan(state: FrontlineState, seat: int, plan: Plan) -> None:
    """Declare ``plan`` for ``seat``'s queue (every attacker outside it holds fire)."""
    while state.phase in (PH_DECLARE, PH_WEAPONS) and state.player == seat:
        pos = state.queue[0]
        aimed = plan.get(pos)
        legal = state.legal_actions()  # asked once: the moves below are among them
        if state.phase == PH_DECLARE:
            action = HOLD if aimed is None else UNIT + aimed[0]
            state.apply_unchecked(action if action in legal else HOLD)
        else:
            assert aimed is not None
            state.apply_unchecked(WEAPONS + aimed[1] if WEAPONS + aimed[1] in legal else legal[-1])


def _dealt(
    state: FrontlineState, seat: int, other_plan: Plan, seed: int
) -> tuple[FrontlineState, tuple[Any, ...]]:
    """One rollout's start, shared by every candidate plan: the hidden cards re-dealt as
    ``seat``'s determinization deals them from ``seed`` (the opponent's face-down
    declarations, if made, replaced by ``other_plan``), and the random stream's state after."""
    rng = random.Random(seed)
    sim = state.determinize(seat, rng)
    if sim.decided[1 - seat]:  # it declared before us, face down: the model, not the true cards
        set_declarations(sim, 1 - seat, other_plan)
    return sim, rng.getstate()


def rollout(
    dealt: FrontlineState,
    stream: tuple[Any, ...],
    seat: int,
    plan: Plan,
    other_plan: Plan,
    policy: Policy,
    score: Score,
) -> float:
    """One Combat Phase from ``seat``'s first declaration with ``plan`` against the modelled
    ``other_plan``, from a start of ``_dealt``: ``seat``'s score at the draw that follows (or
    at the end)."""
    rng = random.Random()
    rng.setstate(stream)
    sim = dealt.clone()
    declare_plan(sim, seat, plan)
    declare_plan(sim, 1 - seat, other_plan)
    _to_draw(sim, rng, policy)
    return score(sim)[seat]


def _to_draw(sim: FrontlineState, rng: random.Random, policy: Policy) -> None:
    """Play on, both sides by ``policy`` and the dice by ``rng``, to the draw after the
    Combat Phase (or the end of the game)."""
    for _ in range(STEP_CAP):
        if sim.is_terminal() or sim.phase in (PH_DRAW_COMMAND, PH_DRAW_CHOICE):
            return
        if sim.is_chance_node():
            sim.apply_unchecked(sim.sample_chance(rng))
        else:
            sim.apply_unchecked(policy(sim, rng))


def check(
    state: FrontlineState,
    seat: int,
    rollouts: int,
    rng: random.Random,
    policy: Policy,
    score: Score,
) -> tuple[Plan, list[tuple[Plan, float]]]:
    """§12.8's Monte-Carlo check at ``seat``'s first declaration: the chosen plan and every
    candidate with its mean score (the planner's best wins ties)."""
    candidates, checked = check_plans(state, seat, rollouts, rng, policy, score)
    count = max(1, checked.rollouts)
    means = [(plan, total / count) for plan, total in zip(candidates, checked.totals, strict=True)]
    return candidates[checked.best], means


def check_plans(
    state: FrontlineState,
    seat: int,
    rollouts: int,
    rng: random.Random,
    policy: Policy,
    score: Score,
    seconds: float | None = None,
) -> tuple[list[Plan], Checked]:
    """``check``'s candidates and statistics, each candidate's move its first declaration (so
    checks of the same position in several processes add up, ``ai.checked.merge``). With
    ``seconds``, stops after the rollout that runs out of time (at least one)."""
    planner = Planner(state, seat, list(state.queue))
    candidates = candidate_plans(planner)
    moves = tuple(_declaration(state, plan) for plan in candidates)
    if len(candidates) == 1:
        return candidates, Checked(moves, (0.0,), 0)
    other_plan = model_plan(state, 1 - seat)
    totals = [0.0] * len(candidates)
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while done < rollouts:
        dealt, stream = _dealt(state, seat, other_plan, rng.getrandbits(48))  # shared by all
        for index, plan in enumerate(candidates):
            totals[index] += rollout(dealt, stream, seat, plan, other_plan, policy, score)
        done += 1
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return candidates, Checked(moves, tuple(totals), done)


def _declaration(state: FrontlineState, plan: Plan) -> int:
    """The declaration ``plan`` makes for the first unit of ``state``'s queue."""
    aimed = plan.get(state.queue[0])
    return HOLD if aimed is None else UNIT + aimed[0]
