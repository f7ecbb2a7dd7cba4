"""Frontline General's independent baseline: the §12.8 *Normal* rule policy, no search, written
from rules §12.4-§12.7 only (it reads nothing of ``ai.heuristics.frontline``; the odds come from
the engine's ``probability`` module, the §12.3 engine the rules describe).

- deck: a prebuilt deck at random (§12.8 "prebuilt or builder");
- starting hand: of the 4-card hands the deck allows, the one that commits the most frontline
  value on turn 1 (§12.2: the cost of its frontline units each with a crew of its kind; never a
  crewed unit without its crew; at equal value the lowest card indices);
- commitment: §12.5 rules 1-3 (every crew-ready frontline unit; rear artillery only with a
  frontline present or arriving; MFA to the rear behind a frontline of two);
- targets: greedy EV, §12.4 steps 2 and 5 in the engine's declaration order (the marginal
  ``V·P_kill + lock·P_lock`` gain over the attacks already declared, V with crew VP and
  λ·threat; the two weapons with the highest gain; bombs only at targets worth >= 10);
- attack order: first after initiative, then by P_kill x V;
- cards: §12.6 without lookahead (every playable card on our most valuable unit, except
  Tactical Withdrawal; no discard for +1);
- draw: §12.7.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations

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
from game.engines.frontline.cards import CREW_KINDS, FRONT, NO_CREW, UNITS
from game.engines.frontline.options import START_UNITS
from game.engines.frontline.phases import (
    PH_BUILD,
    PH_CARD_TARGET,
    PH_CHOOSE_ATTACK,
    PH_COMMIT,
    PH_CREW_PLACE,
    PH_CREW_TO,
    PH_DECLARE,
    PH_DISCARD_UNIT,
    PH_DRAW_CHOICE,
    PH_FRIENDLY_FIRE,
    PH_ORDER,
    PH_PICK,
    PH_ROLL_WINDOW,
    PH_WEAPONS,
    PH_WINDOW,
)
from game.engines.frontline.probability import attack_odds, fold_attack, roll_odds
from game.engines.frontline.state import FrontlineState
from game.engines.frontline.units import Unit

LAMBDA = 0.8
SHOTS = tuple[tuple[Unit, int], ...]


def _card(action: int) -> int:
    return action - REAR_CARD if action >= REAR_CARD else action - CARD


_roll_odds = lru_cache(maxsize=4096)(roll_odds)  # a pure function of four small integers
_VALUES: dict[tuple[int, int], tuple[float, float]] = {}  # per decision: (target, seat) -> V


def _value(state: FrontlineState, target: Unit, seat: int) -> tuple[float, float]:
    """§12.4 V(t) and lock(t), once per decision."""
    key = (target.pos, seat)
    if key not in _VALUES:
        _VALUES[key] = _value_of(state, target, seat)
    return _VALUES[key]


def _value_of(state: FrontlineState, target: Unit, seat: int) -> tuple[float, float]:
    crew = UNITS[target.crew].cost if target.crew >= 0 else 0
    danger = 0.0
    for ours in state.units_of(seat):
        if not combat.legal_target(state, target, ours):
            continue
        for weapon in target.printed.weapons:
            value = weapon.attack[combat.column(ours)]
            if value is not None:
                odds = attack_odds(
                    value,
                    weapon.rof,
                    weapon.damage_mod,
                    combat.defense(state, ours),
                    max(1, ours.hp_left),
                    ours.printed.half_hp,
                )
                danger = max(danger, odds.destroyed * ours.printed.cost)
    land = 1.0 if state.has_land_unit(seat) else 0.0
    v = target.printed.cost + crew * (0.3 * 2 * land + 0.4) + LAMBDA * danger
    return v, 0.35 * target.printed.cost + 0.5 * LAMBDA * danger


def _expected(state: FrontlineState, target: Unit, shots: SHOTS, seat: int) -> float:
    """E[V·P_kill + lock·P_lock] of ``shots`` at ``target``, by the exact DP of §12.3."""
    hp = max(1, target.hp_left)
    dist = [1.0] + [0.0] * (hp - 1)
    dead = 0.0
    for attacker, row in shots:
        weapon = attacker.printed.weapons[row]
        value = weapon.attack[combat.column(target)]
        if value is None:
            continue
        odds = _roll_odds(
            value, combat.roll_mod(state, attacker, target), weapon.damage_mod,
            combat.defense(state, target),
        )  # fmt: skip
        dist, dead, _ = fold_attack(dist, dead, odds, weapon.rof, hp)
    half = target.printed.half_hp if target.dmg_card < 0 else 0
    locked = sum(dist[hp - half :]) if half else 0.0
    v, lock = _value(state, target, seat)
    return v * dead + lock * locked


def _declared(state: FrontlineState, seat: int, target: int) -> SHOTS:
    return tuple(
        (state.board[pos], row)
        for kind, pos, aimed, mask in state.decls[seat]
        if kind == 0 and aimed == target and pos in state.board
        for row in range(3)
        if mask >> row & 1
    )


def _gain(state: FrontlineState, attacker: Unit, target: Unit, mask: int) -> float:
    seat = attacker.owner
    before = _declared(state, seat, target.pos)
    new = tuple((attacker, row) for row in range(3) if mask >> row & 1)
    gain = _expected(state, target, before + new, seat) - _expected(state, target, before, seat)
    for row in range(3):
        if mask >> row & 1 and attacker.printed.weapons[row].bomb and target.printed.cost < 10:
            gain -= 1.0
    return gain


class RulePolicyAgent:
    """The §12.8 Normal rule policy as an ``ai.agents.Agent``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def choose(self, state: State) -> int:
        assert isinstance(state, FrontlineState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        _VALUES.clear()
        rule = _RULES.get(state.phase)
        action = rule(state, legal, self.rng) if rule else None
        return action if action in legal else self.rng.choice(legal)


def _build(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    decks = [a for a in legal if kind_of(a) == "prebuilt"]
    return rng.choice(decks) if decks else (DONE if DONE in legal else rng.choice(legal))


def _pick(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    seat = state.player
    hand = tuple(sorted(state.hand_units[seat]))
    best = starting_hand(hand, tuple(sorted(state.reserves[seat])))
    return CARD + min((Counter(best) - Counter(hand)).elements())


@lru_cache(maxsize=64)
def starting_hand(hand: tuple[int, ...], reserves: tuple[int, ...]) -> tuple[int, ...]:
    """§12.2: ``hand`` (the cards picked so far) completed from ``reserves`` to the 4-card hand
    whose every crewed unit has its crew and that commits the most frontline value on turn 1;
    at equal value the one with the lowest card indices, so that each pick completes the hand
    the first pick chose. Cached: a prebuilt deck's picks are the same every game."""
    options = {
        tuple(sorted(hand + extra)) for extra in combinations(reserves, START_UNITS - len(hand))
    }
    return max(options, key=lambda option: (*_frontline_value(option), [-c for c in option]))


def _frontline_value(hand: tuple[int, ...]) -> tuple[bool, int]:
    """(every crewed unit has a crew of its kind, the cost of the frontline units that can be
    committed on turn 1: each crew goes to the dearest frontline unit of its kind)."""
    crews = Counter(UNITS[c].crew_kind for c in hand if UNITS[c].is_crew)
    needs = Counter(UNITS[c].crew for c in hand if UNITS[c].crew != NO_CREW)
    crewed = all(needs[k] <= crews[k] for k in range(len(CREW_KINDS)))
    value = 0
    for card in sorted(hand, key=lambda c: -UNITS[c].cost):
        printed = UNITS[card]
        if printed.is_crew or FRONT not in printed.lines:
            continue
        if printed.crew != NO_CREW:
            if not crews[printed.crew]:
                continue
            crews[printed.crew] -= 1
        value += printed.cost
    return crewed, value


def _commit(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    seat = state.player
    front = sum(1 for u in state.units_of(seat) if u.line == FRONT)
    front += sum(
        1
        for a in state.commit[seat]
        if a < REAR_CARD and not UNITS[_card(a)].is_crew and FRONT in UNITS[_card(a)].lines
    )
    fronts: list[int] = []
    crews: list[int] = []
    rears: list[int] = []
    for action in legal:
        if action == DONE:
            continue
        printed = UNITS[_card(action)]
        if printed.is_crew:
            crews.append(action)
        elif printed.mfa:
            if (action >= REAR_CARD) == (front >= 2):
                (rears if action >= REAR_CARD else fronts).append(action)
        elif action >= REAR_CARD:
            rears.append(action)
        else:
            fronts.append(action)
    if fronts:
        return max(fronts, key=lambda a: UNITS[_card(a)].cost)
    if crews and DONE not in legal:
        return crews[0]  # a committed unit still lacks its crew
    if rears and front > 0:
        return max(rears, key=lambda a: UNITS[_card(a)].cost)
    if DONE in legal:
        return DONE
    return (crews or rears or legal)[0]


def _declare(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    attacker = state.board[state.queue[0]]
    best, best_gain = HOLD, 0.0
    for action in legal:
        if kind_of(action) == "unit":
            target = state.board[action - UNIT]
            for mask in combat.weapon_sets(state, attacker, target):
                gain = _gain(state, attacker, target, mask)
                if gain > best_gain:
                    best, best_gain = action, gain
        elif kind_of(action) == "surrender":
            target = state.board[action - SURRENDER]
            need = commands.surrender_need(target) or 10
            gain = 2 * target.printed.cost * (11 - need) / 10
            if gain > best_gain:
                best, best_gain = action, gain
    if best == HOLD:
        assaults = [a for a in legal if kind_of(a) == "assault"]
        if assaults:  # §12.4 step 3: infantry with no better use
            return assaults[0]
    return best


def _weapons(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    attacker = state.board[state.queue[0]]
    target = state.board[state.pending_target]
    return max(legal, key=lambda a: _gain(state, attacker, target, a - WEAPONS))


def _choose_attack(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    seat = state.player

    def priority(action: int) -> float:
        attack = next(a for a in state.attacks[seat] if a[1] == action - UNIT)
        target = state.board.get(attack[2])
        if target is None:
            return 0.0
        shots = tuple((state.board[attack[1]], row) for row in range(3) if attack[3] >> row & 1)
        return _expected(state, target, shots, seat)

    return max(legal, key=priority)


def _window(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    withdraw = COMMAND + commands.WITHDRAWAL
    cards = [a for a in legal if kind_of(a) == "command" and a != withdraw]
    return cards[0] if cards else (DONE if DONE in legal else legal[0])


def _roll_window(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    cards = [a for a in legal if kind_of(a) == "command"]
    return cards[0] if cards else DONE


def _draw(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    seat = state.player
    reinforce = COMMAND + commands.REINFORCEMENTS
    if reinforce in legal:
        return reinforce
    units = len(state.hand_units[seat])
    ready_front = any(
        FRONT in UNITS[c].lines and UNITS[c].crew == NO_CREW for c in state.hand_units[seat]
    )
    board = [sum(u.printed.cost for u in state.units_of(s)) for s in (0, 1)]
    unit = (
        units < 3
        or not ready_front
        or state.overrun[1 - seat] >= 1
        or board[seat] <= board[1 - seat] - 10
        or len(state.hand_commands[seat]) >= 5
    )
    if units >= 7:
        unit = False
    if unit and DRAW_UNIT in legal:
        return DRAW_UNIT
    return DRAW_COMMAND if DRAW_COMMAND in legal else legal[0]


def _discard_unit(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    return min(legal, key=lambda a: UNITS[_card(a)].cost)


def _our_best(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    units = [a for a in legal if kind_of(a) == "unit" and a - UNIT in state.board]
    if not units:
        return legal[0]
    return max(units, key=lambda a: state.board[a - UNIT].printed.cost)


_RULES = {
    PH_BUILD: _build,
    PH_PICK: _pick,
    PH_COMMIT: _commit,
    PH_DECLARE: _declare,
    PH_WEAPONS: _weapons,
    PH_ORDER: lambda state, legal, rng: ME_FIRST,
    PH_CHOOSE_ATTACK: _choose_attack,
    PH_WINDOW: _window,
    PH_ROLL_WINDOW: _roll_window,
    PH_DRAW_CHOICE: _draw,
    PH_DISCARD_UNIT: _discard_unit,
    PH_CARD_TARGET: _our_best,
    PH_CREW_TO: _our_best,
    PH_CREW_PLACE: _our_best,
    PH_FRIENDLY_FIRE: _our_best,
}
