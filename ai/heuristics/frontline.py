"""Frontline's heuristic (rules §12): the Easy policy, the rollout policy, the estimate, the
prior and the opponent model of the search's Normal level and the hint, and Hard's check.

One decision at a time: commit every ready unit in the §12.5 order (``frontline_plan``), aim
the attackers still to declare by the exact fold of §12.3 with greedy assignment plus local
search (§12.4 steps 1-2, 4-5), play cards where they help at once and discard for +1 where a
roll gains >= 9 points against a target worth >= 6 (§12.6), resolve attacks by expected
value, draw by §12.7. Measured (seat-swapped, bench/frontline_strength.py): this policy scores
64.0% +- 3.4 over 200 games against the §12.8 rule baseline written from the rules text (it
was 38% before the attack order by expected value and the full §12.7 draw; the local search
and the discard-for-+1 each moved it by less than the noise of 60 games). Hard is this policy
with §12.8's Monte-Carlo check of the planner's top 3 plans at each first declaration of a
Combat Phase (``frontline_sim``). Normal searches over the policy (ISMCTS, random rollouts) with
``resample`` modelling the opponent's hidden choices as this same policy would make them (§12.8:
only public state and counts are read): its face-down commitment from a determinized hand, and
its declarations, when it declared first, as the §12.4 plan. A search with policy rollouts (the
hint) plays on to the draw after the combat (``evaluate``), where the estimate reads the VP and
losses of the turn's fighting. Decks (§12.2): each army's prebuilt deck that did best in the
rule policy's self-play; a deck already begun is completed by the engine's random balanced deck.
The starting hand (§12.2) is the one that commits the most frontline value on turn 1.
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any, ClassVar

from ai.budgets import Budget
from ai.checked import Checked
from ai.heuristics.base import Heuristic
from ai.heuristics.frontline_novice import novice_move
from ai.heuristics.frontline_plan import (
    Planner,
    card_of,
    commit_order,
    fold_value,
    model_commitment,
    model_declarations,
    target_values,
)
from ai.heuristics.frontline_sim import ROLLOUTS, check_plans, full_queue
from game.engines.frontline import combat, commands
from game.engines.frontline.actions import (
    BOOST,
    CARD,
    COMMAND,
    DONE,
    DRAW_COMMAND,
    DRAW_UNIT,
    HOLD,
    ME_FIRST,
    PREBUILT_DECK,
    SURRENDER,
    UNIT,
    WEAPONS,
    kind_of,
)
from game.engines.frontline.building import random_deck
from game.engines.frontline.cards import CREW_KINDS, FRONT, NO_CREW, PREBUILT, REAR, UNITS
from game.engines.frontline.commitment import commit_counts, commit_valid
from game.engines.frontline.options import START_UNITS
from game.engines.frontline.phases import (
    PH_ATTACK_DIE,
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
    PH_FIRST_WEAPON,
    PH_FRIENDLY_FIRE,
    PH_ORDER,
    PH_PICK,
    PH_ROLL_WINDOW,
    PH_WEAPONS,
    PH_WINDOW,
)
from game.engines.frontline.probability import p_at_least, roll_odds
from game.engines.frontline.state import NORMAL, FrontlineState

PRIOR_WEIGHT = 4.0  # the policy's move against 1 for any other
BOOST_GAIN = 0.09  # §12.6: discard for +1 when the roll gains this much probability
BOOST_VALUE = 6  # ... and the target is worth at least this many VP
# §12.2: the prebuilt deck of each army that did best in the rule policy's self-play over the
# four pairings (bench/frontline_strength.py --balance 2000: the US won 53%/51% with the
# armored task force against the Kampfgruppe/Tiger detachment, 34%/39% with infantry and
# air; the Kampfgruppe held the US to 44% on average, the Tiger detachment to 45%). The random
# piles of the builder below lost 4 of 6 built-deck games of Hard against the rule policy.
BEST = ("us_armored_task_force", "ge_panzergrenadier_kampfgruppe")
ESTIMATE_SCALE = 20.0  # VP difference that reads as a clear lead
HORIZON = 40  # decisions: a cap on a rollout, which ends at the next draw (``evaluate``)


class FrontlineHeuristic(Heuristic[FrontlineState]):
    # A policy decision costs ~1 ms with the folds memoised (it was ~5 ms), and a search
    # rollout plays on to the draw after the combat (``evaluate``: ~25 decisions). Normal's
    # cap is about what its clock allows on a laptop core, so untimed play is about as strong
    # as timed. Hard is the policy with §12.8's Monte-Carlo check of its top plans
    # (``checked_policy``): 200 rollouts of the Combat Phase per plan, ~1 s at a seat's first
    # declaration of a turn; ISMCTS over this policy (100 iterations) was no stronger than the
    # policy alone (56.5% +- 7.4 against the rule baseline, the policy 60.0% +- 3.5).
    budgets: ClassVar[dict[str, Budget]] = {
        "easy": Budget(search=False, novice=True),
        "normal": Budget(search=True, seconds=0.9, iterations=100, rollout_depth=6),
        # the turn clock of the check (it stops sooner once its rollouts are done)
        "hard": Budget(search=False, seconds=3.0, checks=ROLLOUTS),
        "hint": Budget(
            search=True, seconds=0.5, iterations=20, heuristic_rollouts=True, rollout_depth=HORIZON
        ),
    }

    def policy(self, state: FrontlineState, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        choose = _CHOOSERS.get(state.phase)
        action = choose(state, legal, rng) if choose else None
        return action if action in legal else rng.choice(legal)

    def novice_policy(self, state: FrontlineState, rng: random.Random) -> int:
        """§12.8 Easy (``frontline_novice``): random decks, targets, weapons and cards."""
        action = novice_move(state, rng)
        return self.policy(state, rng) if action is None else action

    def checked_policy(
        self,
        state: FrontlineState,
        rng: random.Random,
        rollouts: int,
        memo: dict[str, Any],
        seconds: float | None = None,
    ) -> int | Checked:
        """§12.8 Hard: at a seat's first declaration of a Combat Phase, the Monte-Carlo check
        of the planner's top plans (``frontline_sim``), whose winner the turn's later
        declarations and weapons follow; the policy everywhere else, and where the policy
        would declare Surrender! or a close assault (the plans hold neither)."""
        if state.phase not in (PH_DECLARE, PH_WEAPONS):
            return self.policy(state, rng)
        seat = state.player
        key = (state.turn, seat)
        if state.phase == PH_DECLARE and len(state.queue) == len(full_queue(state, seat)):
            memo.clear()
            choice = self.policy(state, rng)
            if kind_of(choice) in ("surrender", "assault"):
                return choice
            candidates, checked = check_plans(
                state, seat, rollouts, rng, self.policy, self.estimate, seconds
            )
            memo.update(key=key, candidates=candidates, plan=candidates[checked.best])
            return checked
        if memo.get("key") != key:
            return self.policy(state, rng)
        aimed = memo["plan"].get(state.queue[0])
        if state.phase == PH_DECLARE:
            action = HOLD if aimed is None else UNIT + aimed[0]
        else:
            action = -1 if aimed is None else WEAPONS + aimed[1]
        return action if action in state.legal_actions() else self.policy(state, rng)

    def adopt(self, memo: dict[str, Any], best: int) -> None:
        if "candidates" in memo:
            memo["plan"] = memo["candidates"][best]

    def auto_action(self, state: FrontlineState) -> int | None:
        """No branch for the search: go first after winning the initiative (§12.4), the
        heavier weapon of an attack first (the phase's damage adds up whatever the order, so
        searching it only spent the turn's iterations), and the roll window's rule (C3 card,
        discard for +1 or roll, §12.6) played at once."""
        if state.phase == PH_ORDER:
            return ME_FIRST
        if state.phase == PH_FIRST_WEAPON:
            return _heavier_first(state, state.legal_actions(), random.Random(0))
        if state.phase == PH_ROLL_WINDOW:
            return _roll_window(state, state.legal_actions(), random.Random(0))
        return None

    def prior(self, state: FrontlineState, actions: list[int]) -> list[float] | None:
        """PUCT weights: the policy's own move well ahead of the rest; only the policy's move
        while building a deck (the estimate cannot tell decks apart before their cards meet,
        so any spread of visits there was noise picking cards at random)."""
        choice = self.policy(state, random.Random(0))
        other = 0.0 if state.phase == PH_BUILD else 1.0
        return [PRIOR_WEIGHT if action == choice else other for action in actions]

    def resample(
        self, state: FrontlineState, observer: int, rng: random.Random
    ) -> FrontlineState | None:
        """The opponent's hidden choices as this policy would make them (§12.8: only public
        state and counts are read): its face-down commitment set aside from a determinized
        hand (as many cards as the engine's draw set aside: the count is hidden too, §9 #25;
        the engine's draw where the model cannot), and its
        declarations, made before ours, as the §12.4 plan on the (public) board. The engine's
        own determinization draws the declarations uniformly, HOLD included, so the search
        used to answer an opponent who mostly shot at random or not at all."""
        if state.phase in (PH_DECLARE, PH_WEAPONS) and state.decided[1 - observer]:
            sampled = state.determinize(observer, rng)
            model_declarations(sampled, 1 - observer)
            return sampled
        if state.phase != PH_COMMIT or not state.decided[1 - observer]:
            return None
        return self._resample_commitment(state, observer, rng)

    def _resample_commitment(
        self, state: FrontlineState, observer: int, rng: random.Random
    ) -> FrontlineState:
        other = 1 - observer
        sampled = state.determinize(observer, rng)
        k = len(sampled.commit[other])
        pool = sampled.hand_units[other] + [card_of(entry) for entry in sampled.commit[other]]
        chosen = model_commitment(sampled, other, pool, k, rng)
        if chosen is None:
            return sampled
        rest = list(pool)
        for entry in chosen:
            rest.remove(card_of(entry))
        needs = sampled.crew_needs(other)
        if sampled.decided[other] and not commit_valid(commit_counts(chosen, rest), needs):
            return sampled
        sampled.commit[other] = chosen
        sampled.hand_units[other] = sorted(rest)
        return sampled

    def evaluate(self, state: FrontlineState) -> list[float] | None:
        """Rollouts stop at the draw that follows a combat phase, with the estimate: the VP
        and losses of the turn's combat are then on the board, and a fixed depth in decisions
        (8 used to be) stopped most rollouts from a commitment or a target before any attack
        was resolved, so the search could not tell its moves apart."""
        return self.estimate(state) if state.phase == PH_DRAW_CHOICE else None

    def estimate(self, state: FrontlineState) -> list[float]:
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
    """§12.2: the army's validated prebuilt deck on an empty deck; a deck already begun (a
    hint while the player builds) is completed by the engine's random balanced deck."""
    names = list(PREBUILT)
    best = [a for a in legal if kind_of(a) == "prebuilt" and names[a - PREBUILT_DECK] in BEST]
    if best:  # §12.2 "prebuilt ones validated by the simulator"
        return best[0]
    deck = state.deck[state.player]
    full = random_deck(state.army[state.player], rng, deck)
    if len(full) > len(deck) and CARD + full[len(deck)] in legal:
        return CARD + full[len(deck)]
    return DONE if DONE in legal else legal[0]


def _pick(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.2 starting hand: the next card of the 4 (with those already picked) that commit the
    most frontline value on turn 1, then the most value in all, no crewed unit without its
    crew. A first-turn study (bench/frontline_strength.py --first-turn, the hand played on to
    the third Combat Phase on common random numbers) found the former pick, a crewed unit
    with its crew and then free units at random, worse than such a hand by 2 SE in most games."""
    hand = state.hand_units[state.player]
    left = START_UNITS - len(hand)
    pool = sorted(state.reserves[state.player])
    hands = sorted(set(combinations(pool, left)))
    best = max(hands, key=lambda extra: hand_key(hand + list(extra)))
    action = CARD + min(best)
    return action if action in legal else rng.choice(legal)


def hand_key(hand: list[int]) -> tuple[bool, int, int, int]:
    """What a starting hand is worth on turn 1 (§12.2): (every crewed unit has its crew, the
    cost of its crew-ready frontline units with their crews, the cost of all its crew-ready
    units with their crews, the HP and defense of those frontline units: at equal cost the
    sturdier, a Sherman over an M10)."""
    crews = [0] * len(CREW_KINDS)
    for card in hand:
        if UNITS[card].is_crew:
            crews[UNITS[card].crew_kind] += 1
    crewed, front, ready, sturdy = True, 0, 0, 0
    for card in sorted(hand, key=lambda c: -UNITS[c].cost):
        printed = UNITS[card]
        if printed.is_crew:
            continue
        cost = printed.cost
        if printed.crew != NO_CREW:
            if not crews[printed.crew]:
                crewed = False
                continue
            crews[printed.crew] -= 1
            cost += min(UNITS[c].cost for c in hand if UNITS[c].crew_kind == printed.crew)
        ready += cost
        if FRONT in printed.lines:
            front += cost
            sturdy += printed.hp + printed.defense
    return crewed, front, ready, sturdy


def _commit(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.5 rules 1-3 (``commit_order``): the next card of the order while one is wanted (a
    frontline unit always, a rear gun only once a frontline is down or coming: rule 3), DONE
    when none is; where DONE is not allowed, the order's next card all the same."""
    seat = state.player
    hand, committed = state.hand_units[seat], state.commit[seat]
    wanted = commit_order(state, seat, hand, None, committed)
    if wanted and wanted[0] in legal:
        return wanted[0]
    if DONE in legal:
        return DONE
    forced = commit_order(state, seat, hand, 1, committed)
    return forced[0] if forced and forced[0] in legal else legal[0]


def _declare(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.4: plan every attacker still to declare (greedy, then local search) and declare the
    first one's part of the plan; Surrender! or a close assault when worth more."""
    seat = state.player
    pos = state.queue[0]
    planner = Planner(state, seat, list(state.queue))
    plan = planner.greedy()
    if len(state.queue) > 1:
        plan = planner.improve(plan)
    best, best_value = HOLD, 0.0
    if pos in plan:
        without = {p: c for p, c in plan.items() if p != pos}
        best = UNIT + plan[pos][0]
        best_value = planner.objective(plan) - planner.objective(without)
    for action in legal:
        kind = kind_of(action)
        if kind == "surrender":
            target = state.board[action - SURRENDER]
            need = commands.surrender_need(target) or 1
            value = target.printed.cost * 2 * (11 - need) / 10
        elif kind == "assault" and best == HOLD:
            value = 0.5  # §12.4 step 3: only when nothing better, a long shot
        else:
            continue
        if value > best_value:
            best, best_value = action, value
    return best


def _weapons(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.4 step 5: the weapons with the highest marginal gain on the declared target."""
    pos, target = state.queue[0], state.pending_target
    planner = Planner(state, state.player, [])
    return max(legal, key=lambda a: planner.target_score(target, {pos: (target, a - WEAPONS)}))


def _choose_attack(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.4 attack order: the attack with the highest expected value first (its kill and lock
    chances by the exact fold times the target's V, which holds the target's threat)."""
    seat = state.player

    def worth(action: int) -> float:
        attack = next(a for a in state.attacks[seat] if a[1] == action - UNIT)
        target = state.board.get(attack[2])
        attacker = state.board.get(attack[1])
        if target is None or attacker is None:
            return 0.0
        shots = [(attacker, row) for row in range(3) if attack[3] >> row & 1]
        return fold_value(state, target, shots, target_values(state, target, seat))

    return max(legal, key=worth)


def _heavier_first(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """The weapon with the larger damage modifier fires first (a lock or a kill from it is
    the likelier one, and a Damage card drawn then applies before the lighter weapon)."""
    weapons = state.board[state.atk_pos].printed.weapons
    return max(legal, key=lambda a: (weapons[(a - WEAPONS).bit_length() - 1].damage_mod, -a))


def _window(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """Cards that help at once; no withdrawal, crew moves or line changes yet."""
    withdraw = COMMAND + commands.WITHDRAWAL
    plays = [a for a in legal if kind_of(a) == "command" and a != withdraw]
    if plays:
        return plays[0]
    return DONE if DONE in legal else legal[0]


def _roll_window(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.6: a C3 card if one can be played, else discard for +1 when it pays, else roll."""
    plays = [a for a in legal if kind_of(a) == "command"]
    if plays:
        return plays[0]
    boosts = [a for a in legal if kind_of(a) == "boost"]
    if boosts and _boost_pays(state):
        return min(boosts, key=lambda a: _hold_value(state, a - BOOST))
    return DONE


def _boost_pays(state: FrontlineState) -> bool:
    """§12.6: +1 raises this attack roll's hit chance by >= 9 points (2d10 totals 10-12) and
    the target is worth a kill or a lock of >= 6 VP; the roll can hurt it at all."""
    if state.roll_kind != PH_ATTACK_DIE or state.atk_kind != NORMAL:
        return False
    attacker = state.board.get(state.atk_pos)
    target = state.board.get(state.atk_target)
    if attacker is None or target is None or state.atk_row < 0:
        return False
    weapon = attacker.printed.weapons[state.atk_row]
    value = weapon.attack[combat.column(target)]
    if value is None or target.printed.cost < BOOST_VALUE:
        return False
    need = value - combat.roll_mod(state, attacker, target)
    gain = p_at_least(need - 1) - p_at_least(need)
    hurts = any(dealt > 0 for dealt, _ in roll_odds(value, 0, weapon.damage_mod, 0).damage)
    return gain >= BOOST_GAIN and hurts


def _hold_value(state: FrontlineState, card: int) -> float:
    """§12.6 hold values: what keeping ``card`` is worth (the lowest is discarded first)."""
    seat = state.player
    units = state.units_of(seat)
    if card == commands.FIRE_MISSION:
        return 3.0 if any(u.line == REAR for u in units) else 0.5
    if card in (commands.HULL_DOWN, commands.CAMOUFLAGE, commands.DIG_IN):
        return 2.5 if any(commands.unit_targets(state, seat, card)) else 1.0
    if card == commands.REINFORCEMENTS:
        return 0.5 if state.reserve_size(seat) < 3 else 1.5
    if card == commands.SURRENDER:
        return 2.0
    return 1.0


def _best_unit(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """The dearest unit on offer (a card's target, a crew's unit, friendly fire's victim)."""
    return max(legal, key=lambda a: state.board[a - UNIT].printed.cost)


def _draw_choice(state: FrontlineState, legal: list[int], rng: random.Random) -> int:
    """§12.7: a unit card while the hand is short of units, no frontline unit could be
    committed, the enemy is on its way to an overrun or we trail on the board by 10; a command
    card otherwise (up to 5). Reinforcements whenever it can be played."""
    seat = state.player
    hand = state.hand_units[seat]
    reinforce = COMMAND + commands.REINFORCEMENTS
    if reinforce in legal:
        return reinforce
    board = [sum(u.printed.cost for u in state.units_of(side)) for side in (0, 1)]
    ready = any(FRONT in UNITS[c].lines and UNITS[c].crew == NO_CREW for c in hand)
    want_unit = (
        len(hand) < 3
        or not ready
        or state.overrun[1 - seat] >= 1
        or board[seat] <= board[1 - seat] - 10
        or len(state.hand_commands[seat]) >= 5
    )
    if len(hand) >= 7:
        want_unit = False
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
    PH_FRIENDLY_FIRE: _best_unit,
    PH_FIRST_WEAPON: _heavier_first,
    PH_WINDOW: _window,
    PH_ROLL_WINDOW: _roll_window,
    PH_CARD_TARGET: _best_unit,
    PH_CREW_TO: _best_unit,
    PH_CREW_PLACE: _best_unit,
    PH_DRAW_CHOICE: _draw_choice,
    PH_DISCARD_UNIT: _discard_unit,
    PH_DISCARD_COMMAND: _first,
}
