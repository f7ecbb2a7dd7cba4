"""Flat Front AI knowledge: an exact combat solver and a greedy placement policy.

Combat is deterministic and tiny (at most 7 + 7 attackable tiles), so once the last tile is
down the game-theoretic result is computed exactly and serves as the evaluation. Placement has
chance nodes (the hidden pile) and is left to the search, steered by a cheap contact heuristic.
"""

from __future__ import annotations

import random

from game.engines.base import TERMINAL
from game.engines.flatfront import (
    ATTACK_BASE,
    BLUE,
    PASS,
    PIECES_BASE,
    PLACE_BASE,
    TOUCHING_CELLS,
    CombatLayout,
    FlatFrontState,
    attack_action,
    decode_pieces,
    is_attack,
    is_place,
    outcome,
    pieces_power,
    side_scores,
    successful_attacks,
)

_PIECES_POWER = {a: pieces_power(decode_pieces(a)) for a in range(PIECES_BASE, ATTACK_BASE)}
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
    which keeps every memo entry exact.
    """

    def __init__(self, max_layouts: int = MEMO_LAYOUTS) -> None:
        self._max_layouts = max_layouts
        self._memos: dict[CombatLayout, dict[int, int]] = {}

    def value(self, layout: CombatLayout, standing: int, side: int) -> int:
        """Blue's result with ``side`` to move (TERMINAL: the game is already decided)."""
        if side == TERMINAL:
            return outcome(side_scores(layout.owner, layout.power, standing))
        return _search(layout, self._memo(layout), standing, side)

    def best_target(self, layout: CombatLayout, standing: int, side: int) -> int | None:
        """A tile whose knock-down keeps ``side``'s best result, or None when it must pass."""
        memo = self._memo(layout)
        targets = _ordered(successful_attacks(layout, standing, side), layout.power)
        if not targets:
            return None
        goal = 1 if side == BLUE else -1
        best_target, best = targets[0], -2 * goal
        for target in targets:
            result = _search(layout, memo, standing & ~(1 << target), 1 - side)
            if (result - best) * goal > 0:
                best_target, best = target, result
                if result == goal:
                    break
        return best_target

    def _memo(self, layout: CombatLayout) -> dict[int, int]:
        memo = self._memos.pop(layout, None)
        if memo is None:
            memo = {}
            if len(self._memos) >= self._max_layouts:
                del self._memos[next(iter(self._memos))]
        self._memos[layout] = memo  # (re)insert as most recently used
        return memo


def _ordered(targets: list[int], power: tuple[int, ...]) -> list[int]:
    """Strongest first: knocking out big attackers most often decides, so cut-offs come early."""
    targets.sort(key=lambda t: -power[t])
    return targets


def _search(layout: CombatLayout, memo: dict[int, int], standing: int, side: int) -> int:
    key = standing << 1 | side
    known = memo.get(key)
    if known is not None:
        return known
    targets = successful_attacks(layout, standing, side)
    if not targets:
        if successful_attacks(layout, standing, 1 - side):
            result = _search(layout, memo, standing, 1 - side)  # pass: the other side goes on
        else:
            result = outcome(side_scores(layout.owner, layout.power, standing))
    else:
        goal = 1 if side == BLUE else -1
        result = -goal
        for target in _ordered(targets, layout.power):
            child = _search(layout, memo, standing & ~(1 << target), 1 - side)
            if child == goal:
                result = child
                break
            if (child - result) * goal > 0:
                result = child
    memo[key] = result
    return result


class FlatFrontHeuristic:
    """Heuristic protocol for Flat Front (see ai/heuristics/base.py)."""

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
        if is_attack(first):
            return self.best_combat_action(state)
        if is_place(first):
            return _choose_place(state, legal, rng)
        return _choose_pieces(state, legal, rng)


def _clamp(value: float) -> float:
    return CONTACT_CAP if value > CONTACT_CAP else -CONTACT_CAP if value < -CONTACT_CAP else value


def _choose_place(state: FlatFrontState, legal: list[int], rng: random.Random) -> int:
    """Score each cell by its contacts with enemy tiles, given the tile's expected power."""
    view = state.placement_view()
    me = state.current_player()
    squares = view.face_up & 3
    touching = TOUCHING_CELLS[state.options["adjacency"]]
    owner, power, grid = view.owner, view.power, view.grid
    expected = 0.0
    if squares:
        n1, n2, n4 = view.supply[me]
        expected = squares * pieces_power((n1, n2, n4)) / (n1 + n2 + n4)
    rim = RIM_WEIGHT * (2 - expected)
    best_action, best_score = legal[0], float("-inf")
    for action in legal:
        score = rng.random() * NOISE
        enemy_power = 0
        for cell in touching[action - PLACE_BASE]:
            tile = grid[cell]
            if tile < 0:
                score += rim
            elif not power[tile]:
                continue
            elif not squares:
                # a 0-square tile shields own weak tiles and leaves weak enemies reachable
                if power[tile] == 1:
                    score += SHIELD_WEIGHT if owner[tile] == me else -SHIELD_WEIGHT
            elif owner[tile] != me:
                score += _clamp(expected - power[tile])
                enemy_power += power[tile]
        if squares and expected > enemy_power:
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
    touching = TOUCHING_CELLS[state.options["adjacency"]]
    owner, power, grid = view.owner, view.power, view.grid
    more_to_come = sum(view.supply[me]) > squares  # pieces left after this: own tiles to come
    enemies = []
    open_cells = 0
    for cell in touching[view.cell[tile]]:
        other = grid[cell]
        if other < 0:
            open_cells += 1
        elif owner[other] != me and power[other]:
            enemies.append(power[other])
    enemy_power = sum(enemies)
    best_action, best_score = legal[0], float("-inf")
    for action in legal:
        mine = _PIECES_POWER[action]
        score = rng.random() * NOISE + RIM_WEIGHT * open_cells * (2 - mine)
        for other in enemies:
            score += _clamp(mine - other)
        if mine > enemy_power:
            score += SURVIVE_BONUS
        if more_to_come:
            score -= RESERVE_COST * (mine - squares)
        if score > best_score:
            best_action, best_score = action, score
    return best_action
