"""Frontline target assignment (rules §12.3-§12.4): target values, the exact fold of a plan,
greedy assignment and the local search that improves it, and the §12.5 commitment order the
heuristic both plays and uses as its model of the opponent's face-down cards.

A plan maps an attacker's board position to (target position, weapon row mask). The objective
sums, per target, ``V·P_kill + lock·P_lock`` over every shot aimed at it (the declarations
already made included), folded exactly with the engine's ``probability`` functions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from game.engines.frontline import combat
from game.engines.frontline.actions import CARD, DONE, REAR_CARD
from game.engines.frontline.cards import UNITS
from game.engines.frontline.commitment import commit_counts, commit_options
from game.engines.frontline.probability import attack_odds, fold_attack, roll_odds
from game.engines.frontline.state import NORMAL, FrontlineState
from game.engines.frontline.units import Unit

Plan = dict[int, tuple[int, int]]
Shot = tuple[Unit, int]  # (attacker, weapon row)
Roll = tuple[int, int, int, int, int]  # (value, roll mod, damage mod, defense, rolls)

LAMBDA = 0.8  # §12.4: weight of the threat a target poses
LOCK_SHARE = 0.35  # §12.4: a target pushed to half HP is worth this share of its cost
BOMB_VALUE = 10  # §12.4 step 5: bombs only at targets worth this much (or likely kills)
SEARCH_STEPS = 200  # §12.4 step 4: at most this many improving moves

# One roll's odds depend on four small integers, one weapon's whole attack on six: the engine's
# pure functions, memoised (uncached, ``threat`` alone took ~45% of a Hard search's time).
_roll_odds = lru_cache(maxsize=4096)(roll_odds)
_attack_odds = lru_cache(maxsize=16384)(attack_odds)


def rows(mask: int) -> list[int]:
    return [row for row in range(3) if mask >> row & 1]


def threat(state: FrontlineState, unit: Unit) -> float:
    """§12.4: the VP ``unit`` could take from its opponent next phase, the best single weapon
    against the best of the opponent's units it may target (P_kill x cost)."""
    best = 0.0
    for victim in state.board.values():
        if victim.owner == unit.owner or not combat.legal_target(state, unit, victim):
            continue
        col = combat.column(victim)
        for weapon in unit.printed.weapons:
            value = weapon.attack[col]
            if value is None:
                continue
            odds = _attack_odds(
                value,
                weapon.rof,
                weapon.damage_mod,
                combat.defense(state, victim),
                max(1, victim.hp_left),
                victim.printed.half_hp,
            )
            best = max(best, odds.destroyed * victim.printed.cost)
    return best


def target_values(state: FrontlineState, target: Unit, scorer: int) -> tuple[float, float]:
    """(V, lock) of §12.4: the value of destroying ``target`` and of pushing it to half HP."""
    cost = target.printed.cost
    crew = UNITS[target.crew].cost if target.crew >= 0 else 0
    land = state.has_land_unit(scorer)
    danger = LAMBDA * threat(state, target)
    kill = cost + crew * (0.3 * 2 * land + 0.4) + danger
    return kill, LOCK_SHARE * cost + 0.5 * danger


def fold_value(state: FrontlineState, target: Unit, shots: list[Shot], values: tuple) -> float:
    """Expected value of ``shots`` at ``target`` this phase, folded exactly (§12.3)."""
    if not shots:
        return 0.0
    defense = combat.defense(state, target)
    col = combat.column(target)
    rolls = []
    for attacker, row in shots:
        weapon = attacker.printed.weapons[row]
        value = weapon.attack[col]
        if value is not None:
            mod = combat.roll_mod(state, attacker, target)
            rolls.append((value, mod, weapon.damage_mod, defense, weapon.rof))
    half = target.printed.half_hp if target.dmg_card < 0 else 0
    destroyed, locked = _fold(max(1, target.hp_left), half, tuple(sorted(rolls)))
    kill, lock = values
    return destroyed * kill + locked * lock


@lru_cache(maxsize=65536)
def _fold(hp: int, half: int, rolls: tuple[Roll, ...]) -> tuple[float, float]:
    """(P_kill, P_lock) of these rolls ((value, roll mod, damage mod, defense, rate of fire)
    each) on a target with ``hp`` left and ``half`` its half HP (0: no lock possible). The fold
    does not depend on the order of the shots, so callers pass them sorted and the cache hits
    across plans."""
    damage = [0.0] * hp
    damage[0] = 1.0
    destroyed = 0.0
    for value, mod, damage_mod, defense, rof in rolls:
        roll = _roll_odds(value, mod, damage_mod, defense)
        damage, destroyed, _ = fold_attack(damage, destroyed, roll, rof, hp)
    locked = sum(damage[max(0, hp - half) :]) if half else 0.0
    return destroyed, locked


class Planner:
    """The assignment of ``seat``'s attackers still to declare, with the declared shots fixed."""

    def __init__(self, state: FrontlineState, seat: int, attackers: list[int]) -> None:
        self.state = state
        self.seat = seat
        self.fixed: dict[int, list[Shot]] = {}
        for kind, pos, aimed, mask in state.decls[seat]:
            if kind == 0 and pos in state.board and aimed in state.board:
                self.fixed.setdefault(aimed, []).extend((state.board[pos], r) for r in rows(mask))
        self.options: dict[int, list[tuple[int, int]]] = {}
        for pos in attackers:
            attacker = state.board[pos]
            opts = []
            for target in state.board.values():
                if target.owner != seat and combat.legal_target(state, attacker, target):
                    opts += [(target.pos, m) for m in combat.weapon_sets(state, attacker, target)]
            self.options[pos] = opts
        self._values: dict[int, tuple[float, float]] = {}
        self._scores: dict[tuple[int, tuple[tuple[int, int], ...]], float] = {}

    def values(self, target: int) -> tuple[float, float]:
        if target not in self._values:
            self._values[target] = target_values(self.state, self.state.board[target], self.seat)
        return self._values[target]

    def target_score(self, target: int, plan: Plan) -> float:
        """The gain of the plan's shots at ``target`` over the declared ones alone (memoised
        by the shots, since the local search asks for the same sets again and again)."""
        key = (target, tuple(sorted((p, m) for p, (t, m) in plan.items() if t == target)))
        score = self._scores.get(key)
        if score is None:
            score = self._scores[key] = self._target_score(target, plan)
        return score

    def _target_score(self, target: int, plan: Plan) -> float:
        board = self.state.board
        shots = list(self.fixed.get(target, []))
        penalty = 0.0
        for pos, (aimed, mask) in plan.items():
            if aimed != target:
                continue
            for row in rows(mask):
                shots.append((board[pos], row))
                if board[pos].printed.weapons[row].bomb and board[target].printed.cost < BOMB_VALUE:
                    penalty += 1.0  # §12.4 step 5: keep the bomb for a worthier target
        score = fold_value(self.state, board[target], shots, self.values(target))
        fixed = self.fixed.get(target, [])
        base = fold_value(self.state, board[target], fixed, self.values(target))
        return score - base - penalty

    def objective(self, plan: Plan) -> float:
        return sum(self.target_score(t, plan) for t in {aimed for aimed, _ in plan.values()})

    def greedy(self) -> Plan:
        """§12.4 steps 1-2: the least flexible attacker first, each to its best marginal gain."""
        plan: Plan = {}
        order = sorted(self.options, key=lambda pos: (len({t for t, _ in self.options[pos]}), pos))
        for pos in order:
            best, best_gain = None, 0.0
            for target, mask in self.options[pos]:
                without = self.target_score(target, plan)
                plan[pos] = (target, mask)
                gain = self.target_score(target, plan) - without
                del plan[pos]
                if gain > best_gain + 1e-12:
                    best, best_gain = (target, mask), gain
            if best is not None:
                plan[pos] = best
        return plan

    def improve(self, plan: Plan, steps: int = SEARCH_STEPS) -> Plan:
        """§12.4 step 4: move one attacker (a new target or weapons, or hold) or swap the
        targets of two, while the objective improves; never worse than ``plan``."""
        plan = dict(plan)
        score = self.objective(plan)
        for _ in range(steps):
            move = self._best_move(plan, score)
            if move is None:
                break
            plan, score = move
        return plan

    def _best_move(self, plan: Plan, score: float) -> tuple[Plan, float] | None:
        best: tuple[Plan, float] | None = None
        for pos, opts in self.options.items():
            for choice in [None, *opts]:
                if plan.get(pos) == choice:
                    continue
                trial = dict(plan)
                if choice is None:
                    trial.pop(pos, None)
                else:
                    trial[pos] = choice
                value = self.objective(trial)
                if value > (best[1] if best else score) + 1e-9:
                    best = (trial, value)
        if best is not None:
            return best
        aimed = sorted(plan)
        for i, a in enumerate(aimed):
            for b in aimed[i + 1 :]:
                ta, tb = plan[a][0], plan[b][0]
                if ta == tb:
                    continue
                ma = [m for t, m in self.options[a] if t == tb]
                mb = [m for t, m in self.options[b] if t == ta]
                if not ma or not mb:
                    continue
                trial = dict(plan)
                trial[a], trial[b] = (tb, max(ma)), (ta, max(mb))
                value = self.objective(trial)
                if value > (best[1] if best else score) + 1e-9:
                    best = (trial, value)
        return best


def card_of(action: int) -> int:
    """The unit card of a commitment action (to either line)."""
    return action - REAR_CARD if action >= REAR_CARD else action - CARD


def _frontline_unit(action: int) -> bool:
    printed = UNITS[card_of(action)]
    return not printed.is_crew and action < REAR_CARD and 0 in printed.lines


def commit_order(
    state: FrontlineState,
    seat: int,
    hand: list[int],
    k: int | None,
    committed: Sequence[int] = (),
) -> list[int]:
    """§12.5 rules 1-3 as a sequence of commitment actions from ``hand`` (``k`` cards, or until
    DONE is the only sensible move when None), continuing the face-down set ``committed``:
    frontline units and their crews first, the most expensive first; rear artillery only with
    a frontline present or arriving; MFA to the rear behind two; a crew only for a unit
    committed or on the board without one. Returns the actions after ``committed``."""
    needs = state.crew_needs(seat)
    front = sum(1 for u in state.units_of(seat) if u.line == 0)
    front += sum(1 for action in committed if _frontline_unit(action))
    avail = list(hand)
    chosen = list(committed)
    while k is None or len(chosen) - len(committed) < k:
        options = [a for a in commit_options(chosen, avail, needs) if a != DONE]
        if not options:
            break
        counts = commit_counts(chosen, avail)
        short = {kind for kind, (units, crews, _, _) in enumerate(counts) if units > crews}
        spare = {kind for kind, (units, crews, _, _) in enumerate(counts)
                 if crews < units + needs[kind]}  # fmt: skip
        action = _commit_pick(options, front, short, spare)
        if k is None and action is None:
            break
        if action is None:
            action = options[0]
        front += _frontline_unit(action)
        chosen.append(action)
        avail.remove(card_of(action))
    return chosen[len(committed) :]


def _commit_pick(options: list[int], front: int, short: set[int], spare: set[int]) -> int | None:
    """The next card: the crew a committed unit still lacks, then frontline units (dearest
    first), then crews for the board's uncrewed units (``spare``: a crew with no unit to man
    would force its unit, rear artillery too, into the set); ``None`` when only unwanted
    cards are left."""

    def rank(action: int) -> tuple[int, int]:
        printed = UNITS[card_of(action)]
        rear = action >= REAR_CARD
        if printed.is_crew:
            kind = printed.crew_kind
            return (3, 0) if kind in short else (1, 0) if kind in spare else (-1, 0)
        if printed.mfa:  # after the other frontline units: rule 3 counts the frontline-to-be
            return (1 if rear == (front >= 2) else -1, printed.cost)
        if rear and front == 0:
            return (0, printed.cost)  # rule 3: rear artillery waits for a frontline
        return (2, printed.cost)

    best = max(options, key=rank)
    return best if rank(best)[0] > 0 else None


def model_commitment(
    state: FrontlineState, seat: int, pool: list[int], k: int, rng: random.Random
) -> list[int] | None:
    """The opponent model: the ``k`` face-down cards the §12.5 policy would set aside from
    ``pool`` (its whole determinized hand), ties broken at random; None if the policy cannot
    reach ``k`` valid cards (then the engine's uniform draw stands)."""
    shuffled = list(pool)
    rng.shuffle(shuffled)
    chosen = commit_order(state, seat, shuffled, k)
    return chosen if len(chosen) == k else None


def model_plan(state: FrontlineState, seat: int) -> Plan:
    """The opponent model of §12.8: the policy's §12.4 plan (greedy assignment and local
    search) for all of ``seat``'s able attackers on the public board, its own declarations
    (hidden from the viewer) left out. Close assaults and Surrender! are left out too (the
    policy rarely declares them)."""
    attackers = [u.pos for u in state.units_of(seat) if combat.can_attack(u)]
    planner = Planner(state, seat, attackers)
    planner.fixed = {}
    return planner.improve(planner.greedy())


def set_declarations(state: FrontlineState, seat: int, plan: Plan) -> None:
    """``plan`` in place of ``seat``'s declarations (a determinization's hidden ones)."""
    state.decls[seat] = [(NORMAL, pos, aimed, mask) for pos, (aimed, mask) in sorted(plan.items())]
    state.reserved[seat] = []


def model_declarations(state: FrontlineState, seat: int) -> None:
    """Replace ``seat``'s declarations by the modelled plan (``model_plan``)."""
    set_declarations(state, seat, model_plan(state, seat))
