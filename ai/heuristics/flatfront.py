"""Flat Front AI knowledge: an exact combat solver and a greedy placement policy.

Combat is deterministic and tiny (at most 7 + 7 attackable tiles), so once the last tile is
down the game-theoretic result is computed exactly and serves as the evaluation. Placement has
chance nodes (the hidden pile) and is left to the search, steered by a cheap contact heuristic.
"""

from __future__ import annotations

import random
from functools import cache
from typing import ClassVar

from ai.budgets import Budget
from ai.heuristics.base import Heuristic
from game.engines.base import TERMINAL
from game.engines.flatfront import (
    ADJACENCY,
    ATTACK_BASE,
    BLUE,
    PASS,
    PIECES_BASE,
    PIECES_POWER,
    PLACE_BASE,
    TOUCHING_MASKS,
    CombatLayout,
    FlatFrontState,
    attack_action,
    open_targets,
    outcome,
    pieces_power,
    side_scores,
    still_open,
)

MEMO_LAYOUTS = 64  # combat memos kept (least recently used dropped); one layout per leaf

# Placement weights, in "tiles won" units, tuned by greedy-vs-greedy duels (2000 games each).
# A contact between two tiles favours the stronger one; CONTACT_CAP stops one huge tile from
# counting as several wins.
CONTACT_CAP = 1.5
SURVIVE_BONUS = 0.5  # the new tile's pieces beat the enemy power already touching it
RESERVE_COST = 0.8  # per power above one-per-square spent while own tiles are still to come
# Per empty touching cell, times (2 - power): weak tiles go to the rim, strong ones where the
# contacts are (the opposite sign lost clearly in the duels).
RIM_WEIGHT = 0.1
SHIELD_WEIGHT = 0.25  # per own (+) or enemy (-) power-1 tile a 0-square tile touches
NOISE = 0.5  # uniform jitter so near-equal choices vary between games


class CombatSolver:
    """Exact minimax over (standing set, side to move), memoised per layout.

    Passes need no place in the key: a side that has passed has no successful attack, and a side
    without one can only pass, so the standing set and the side to move fix the rest. Values are
    Blue's result (+1 win, 0 draw, -1 loss); a side stops searching as soon as it finds a win,
    which keeps every memo entry exact. Each position carries both sides' open targets as masks,
    updated after an attack rather than recomputed.
    """

    def __init__(self, max_layouts: int = MEMO_LAYOUTS) -> None:
        self._max_layouts = max_layouts
        self._memos: dict[int, dict[int, int]] = {}  # by CombatLayout.key

    def value(self, layout: CombatLayout, standing: int, side: int) -> int:
        """Blue's result with ``side`` to move (TERMINAL: the game is already decided)."""
        if side == TERMINAL:
            return outcome(side_scores(layout.owner, layout.power, standing))
        memo = self._memo(layout)
        known = memo.get(standing << 1 | side)
        if known is not None:
            return known
        mine = open_targets(layout, standing, side)
        return _solve(layout, memo, standing, side, mine, open_targets(layout, standing, 1 - side))

    def best_target(self, layout: CombatLayout, standing: int, side: int) -> int | None:
        """A tile whose knock-down keeps ``side``'s best result, or None when it must pass."""
        memo = self._memo(layout)
        mine = open_targets(layout, standing, side)
        theirs = open_targets(layout, standing, 1 - side)
        goal = 1 if side == BLUE else -1
        best_target, best = None, -2 * goal
        for tile, bit, _ in layout.order[side]:  # the first of the best, strongest first
            if mine & bit:
                result = _after_attack(layout, memo, standing, side, tile, mine, theirs)
                if (result - best) * goal > 0:
                    best_target, best = tile, result
                    if result == goal:
                        break
        return best_target

    def _memo(self, layout: CombatLayout) -> dict[int, int]:
        memo = self._memos.pop(layout.key, None)
        if memo is None:
            memo = {}
            if len(self._memos) >= self._max_layouts:
                del self._memos[next(iter(self._memos))]
        self._memos[layout.key] = memo  # (re)insert as most recently used
        return memo


def _solve(
    layout: CombatLayout, memo: dict[int, int], standing: int, side: int, mine: int, theirs: int
) -> int:
    """Blue's result with ``side`` to move, whose open targets are ``mine`` (the opponent's are
    ``theirs``); the position is not in the memo yet.

    Once one side has no target it never gets one back (its power only shrinks), and the other
    side's targets all stay open (nothing of its own can fall), so that side knocks every one of
    them down and the result follows at once.
    """
    if not mine or not theirs:
        result = outcome(side_scores(layout.owner, layout.power, standing & ~(mine | theirs)))
    else:
        goal = 1 if side == BLUE else -1
        result = -goal
        for tile, bit, _ in layout.order[side]:  # strongest first, so that cut-offs come early
            if not mine & bit:
                continue
            child = _after_attack(layout, memo, standing, side, tile, mine, theirs)
            if child == goal:
                result = child
                break
            if (child - result) * goal > 0:
                result = child
    memo[standing << 1 | side] = result
    return result


def _after_attack(
    layout: CombatLayout,
    memo: dict[int, int],
    standing: int,
    side: int,
    target: int,
    mine: int,
    theirs: int,
) -> int:
    """Blue's result once ``side`` knocks ``target`` down. The attacker keeps its other targets
    (its power is untouched) and the defender loses only those the fallen tile helped against."""
    bit = 1 << target
    after = standing ^ bit
    known = memo.get(after << 1 | (1 - side))
    if known is not None:
        return known
    return _solve(
        layout, memo, after, 1 - side, still_open(layout, theirs, after, target), mine ^ bit
    )


class FlatFrontHeuristic(Heuristic[FlatFrontState]):
    """Heuristic protocol for Flat Front (see ai/heuristics/base.py)."""

    # A level's clock covers a turn (the tile, then its pieces: ai/agents.py, SearchAgent); each
    # cap is about what a laptop searches in that time, so untimed play matches timed play.
    # Against Normal on a full second (8,000 iterations) Hard scored only 59.8 % +- 2.7 over
    # 102 games, the two hard to tell apart, so Normal thinks a quarter as long.
    budgets: ClassVar[dict[str, Budget]] = {
        "normal": Budget(search=True, seconds=0.25, iterations=2000),
        "hard": Budget(search=True, seconds=3.0, iterations=18000, heuristic_rollouts=True),
    }

    def __init__(self) -> None:
        self.solver = CombatSolver()

    # --- exact combat ------------------------------------------------------------------------
    def solve_combat(self, state: FlatFrontState) -> list[float]:
        """Game-theoretic returns once every tile is down (combat phase or game over)."""
        position = state.combat_position()
        if position is None:
            raise ValueError("the combat solver needs every tile on the field")
        result = float(self.solver.value(*position))
        return [result, -result]

    def best_combat_action(self, state: FlatFrontState) -> int:
        """An optimal combat move: the best attack, or PASS when none succeeds."""
        position = state.combat_position()
        if position is None or position[2] == TERMINAL:
            raise ValueError("best_combat_action needs a combat-phase state")
        target = self.solver.best_target(*position)
        return PASS if target is None else attack_action(target)

    # --- protocol ---------------------------------------------------------------------------
    def evaluate(self, state: FlatFrontState) -> list[float] | None:
        """Exact once all tiles are placed, None before.

        No estimate during placement: rollouts to the end of placement are short (at most 46
        cheap actions) and end in an exact value, so a guess would only add bias.
        """
        if state.combat_position() is None:
            return None
        return self.solve_combat(state)

    def policy(self, state: FlatFrontState, rng: random.Random) -> int:
        legal = state.legal_actions()
        first = legal[0]
        if len(legal) == 1:
            return first
        # The action ranges tell the phase: places, then piece mixes, then attacks.
        if first < PIECES_BASE:
            return _choose_place(state, legal, rng)
        if first < ATTACK_BASE:
            return _choose_pieces(state, legal, rng)
        return self.best_combat_action(state)


def _clamp(value: float) -> float:
    return CONTACT_CAP if value > CONTACT_CAP else -CONTACT_CAP if value < -CONTACT_CAP else value


@cache
def _contact_gains(power: float) -> tuple[float, ...]:
    """What a tile of ``power`` scores for touching an enemy tile, by the enemy's power: the
    contact favours the stronger, capped. A table, as the policies look it up for every contact
    (``power`` takes few values: one per tile size and supply left, or per piece mix)."""
    return tuple(_clamp(power - other) for other in range(max(PIECES_POWER) + 1))


def _choose_place(state: FlatFrontState, legal: list[int], rng: random.Random) -> int:
    """Score each cell by its contacts with enemy tiles, given the tile's expected power.

    Neighbourhoods are cell masks: the empty neighbours are a popcount and the few armed ones a
    short bit loop, since this runs at every placement of a heuristic rollout.
    """
    view = state.placement_view()
    me = state.current_player()
    squares = view.face_up & 3
    touching = TOUCHING_MASKS[state.options[ADJACENCY]]
    power, grid = view.power, view.grid
    empty = ~view.occupied
    random_fraction = rng.random
    best_action, best_score = legal[0], float("-inf")
    if not squares:
        # A 0-square tile shields own weak tiles and leaves weak enemies reachable.
        rim = RIM_WEIGHT * 2
        owner = view.owner
        armed = view.armed[0] | view.armed[1]
        for action in legal:
            near = touching[action - PLACE_BASE]
            score = random_fraction() * NOISE + rim * (near & empty).bit_count()
            cells = near & armed
            while cells:
                low = cells & -cells
                cells ^= low
                tile = grid[low.bit_length() - 1]
                if power[tile] == 1:
                    score += SHIELD_WEIGHT if owner[tile] == me else -SHIELD_WEIGHT
            if score > best_score:
                best_action, best_score = action, score
        return best_action
    n1, n2, n4 = view.supply[me]
    expected = squares * pieces_power((n1, n2, n4)) / (n1 + n2 + n4)
    rim = RIM_WEIGHT * (2 - expected)
    gains = _contact_gains(expected)
    enemies = view.armed[1 - me]
    for action in legal:
        near = touching[action - PLACE_BASE]
        score = random_fraction() * NOISE + rim * (near & empty).bit_count()
        enemy_power = 0
        cells = near & enemies
        while cells:
            low = cells & -cells
            cells ^= low
            other = power[grid[low.bit_length() - 1]]
            score += gains[other]
            enemy_power += other
        if expected > enemy_power:
            score += SURVIVE_BONUS
        if score > best_score:
            best_action, best_score = action, score
    return best_action


def _choose_pieces(state: FlatFrontState, legal: list[int], rng: random.Random) -> int:
    """Enough power to win the tile's contacts and survive, without spending big pieces early."""
    view = state.placement_view()
    me = state.current_player()
    tile = len(view.owner) - 1
    squares = view.squares[tile]
    near = TOUCHING_MASKS[state.options[ADJACENCY]][view.cell[tile]]
    more_to_come = sum(view.supply[me]) > squares  # pieces left after this: own tiles to come
    open_cells = (near & ~view.occupied).bit_count()
    enemies = []
    cells = near & view.armed[1 - me]
    while cells:
        low = cells & -cells
        cells ^= low
        enemies.append(view.power[view.grid[low.bit_length() - 1]])
    enemy_power = sum(enemies)
    best_action, best_score = legal[0], float("-inf")
    for action in legal:
        mine = PIECES_POWER[action - PIECES_BASE]
        score = rng.random() * NOISE + RIM_WEIGHT * open_cells * (2 - mine)
        gains = _contact_gains(mine)
        for other in enemies:
            score += gains[other]
        if mine > enemy_power:
            score += SURVIVE_BONUS
        if more_to_come:
            score -= RESERVE_COST * (mine - squares)
        if score > best_score:
            best_action, best_score = action, score
    return best_action
