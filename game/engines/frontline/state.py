"""Frontline's game and state: the turn machine of rules §8 and the rules' effects.

Fields are plain ints, lists and ``Unit`` objects so that ``clone`` is a few slices. Fields
without a leading underscore are read-only for the AI. What each player may see (observation,
determinize, hidden moves, the move log) is in ``knowledge``; why an action is refused, in
``refusals``; the combat rules (legal targets, modifiers) in ``combat``.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from itertools import accumulate
from typing import Any, ClassVar

from game.engines.base import CHANCE, TERMINAL, Game, State
from game.engines.frontline import combat, commands, knowledge, refusals
from game.engines.frontline.actions import (
    ASSAULT,
    BOOST,
    CARD,
    COMMAND,
    DIE,
    DONE,
    DRAW_COMMAND,
    DRAW_UNIT,
    DRAWN_COMMAND,
    DRAWN_DAMAGE,
    DRAWN_UNIT,
    HOLD,
    ME_FIRST,
    NUM_ACTIONS,
    PREBUILT_DECK,
    REAR_CARD,
    SLOTS,
    SURRENDER,
    SWITCH,
    THEM_FIRST,
    UNIT,
    WEAPONS,
)
from game.engines.frontline.building import addable
from game.engines.frontline.cards import (
    AIRCRAFT,
    AIRLINE,
    COMMAND_DECK,
    CREW_KINDS,
    DAMAGE_DECK,
    DAMAGES,
    EDGE_OF_TYPE,
    FRONT,
    NO_CREW,
    PREBUILT,
    REAR,
    UNITS,
    deck_points,
)
from game.engines.frontline.commitment import commit_options
from game.engines.frontline.observation import FrontlineObservation
from game.engines.frontline.options import (
    CAPTURE_ROLLS,
    DECK_MIN_POINTS,
    DECKS,
    FIRE_ROLLS,
    FREE_DRAWS,
    GE_DECK,
    HAND_COMMANDS,
    HAND_UNITS,
    NO_LIMIT,
    OPTIONS,
    OVERRUN_TURNS,
    SEAT0_ARMY,
    START_COMMANDS,
    START_UNITS,
    SURVIVE_ROLLS,
    TURN_LIMIT,
    US_DECK,
    WIN_VP,
)
from game.engines.frontline.phases import (
    CHANCE_PHASES,
    CLOSE_ASSAULT,
    DICE_PHASES,
    NORMAL,
    PH_ASSAULT_DIE,
    PH_ATTACK_DIE,
    PH_BUILD,
    PH_CAPTURE_LINE,
    PH_CARD_TARGET,
    PH_CHOOSE_ATTACK,
    PH_COMMIT,
    PH_CREW_DIE,
    PH_CREW_PLACE,
    PH_CREW_TO,
    PH_DAMAGE_CARD,
    PH_DEAL,
    PH_DECLARE,
    PH_DISCARD_COMMAND,
    PH_DISCARD_UNIT,
    PH_DRAW_CHOICE,
    PH_DRAW_COMMAND,
    PH_DRAW_UNIT,
    PH_FIRE_DIE,
    PH_FIRST_WEAPON,
    PH_FRIENDLY_FIRE,
    PH_INITIATIVE,
    PH_ORDER,
    PH_OVER,
    PH_PICK,
    PH_POWER_DIE,
    PH_ROLL_WINDOW,
    PH_SURRENDER_DIE,
    PH_WEAPONS,
    PH_WINDOW,
    SURRENDER_ATTACK,
)
from game.engines.frontline.probability import AUTO_DESTROY, FRIENDLY_FIRE, net_damage
from game.engines.frontline.units import PERSISTENT, Unit

D10_OUTCOMES = [(DIE + face - 1, 0.1) for face in range(1, 11)]
# The running sums ``State.sample_chance`` compares a uniform number with, for a d10.
_D10_SUMS = list(accumulate(p for _, p in D10_OUTCOMES))


class FrontlineGame(Game):
    id = "frontline"
    title = "Frontline General: Spearpoint 1943"
    title_ja = "フロントライン・ジェネラル"
    min_players = 2
    max_players = 2
    perfect_information = False
    options: ClassVar[dict[str, list]] = OPTIONS

    def new_state(self, num_players: int | None = None, **options: Any) -> FrontlineState:
        players = self.resolve_players(num_players)
        return FrontlineState(self, players, self.resolve_options(options))

    def option_applies(self, name: str, options: dict[str, Any]) -> bool:
        """The prebuilt decks to play matter only when the decks are not built (§3)."""
        return name not in (US_DECK, GE_DECK) or options[DECKS] != "build"


class FrontlineState(State):
    def __init__(self, game: FrontlineGame, num_players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.history = []
        first = 0 if options[SEAT0_ARMY] == "US" else 1
        self.army = [first, 1 - first]  # seat -> army (0 US, 1 GE)
        self.building = options[DECKS] == "build"
        if self.building:
            self.deck: list[list[int]] = [[], []]
        else:
            decks = [PREBUILT[options[US_DECK]], PREBUILT[options[GE_DECK]]]
            self.deck = [sorted(decks[self.army[0]]), sorted(decks[self.army[1]])]
        self.hand_units: list[list[int]] = [[], []]
        self.hand_commands: list[list[int]] = [[], []]
        # Reserves: the shuffled part (a multiset: order unseen, draws are chance) and the
        # cards put under it, bottom first, with whether the other player saw which card.
        self.reserves: list[list[int]] = [list(self.deck[0]), list(self.deck[1])]
        self.bottom: list[list[int]] = [[], []]
        self.bottom_public: list[list[bool]] = [[], []]
        self.command_deck = list(COMMAND_DECK)
        self.command_discard: list[int] = []
        self.damage_deck = list(DAMAGE_DECK)
        self.damage_discard: list[int] = []
        self.board: dict[int, Unit] = {}
        self.prisoners: list[list[int]] = [[], []]  # crew cards each seat has captured
        self.vp = [0, 0]
        self.vp_captured = [0, 0]  # the part of ``vp`` earned by capturing (double cost, §7)
        self.overrun = [0, 0]
        self.turn = 0
        self.phase = PH_BUILD if self.building else PH_PICK
        self.player = 0
        self.winner = -2  # -2 playing, -1 draw, else the winning seat
        self.end_reason = ""
        # Commitment: the face-down cards (CARD or REAR_CARD action ids) and who has decided.
        self.commit: list[list[int]] = [[], []]
        self.decided = [False, False]
        # Combat: declarations (kind, attacker pos, target pos, weapon mask), the queue of
        # attackers still to declare, and the attacks still to resolve after the reveal.
        self.decls: list[list[tuple[int, int, int, int]]] = [[], []]
        self.queue: list[int] = []
        self.pending_target = -1
        self.attacks: list[list[tuple[int, int, int, int]]] = [[], []]
        self.initiative = -1  # this turn's initiative winner
        self.init_rolls = [0, 0]
        self.to_attack = 0
        # The attack being resolved.
        self.atk_kind = NORMAL
        self.atk_pos = -1
        self.atk_target = -1
        self.atk_rows: list[int] = []
        self.atk_row = -1
        self.atk_fired = 0  # weapons of the attack fired so far (§9 #29)
        self.atk_rolls = 0
        self.atk_members: list[int] = []
        self.dice: list[int] = []
        self.natural = 0
        self.hit_pos = -1  # the unit the current hit damages (the target or a friendly victim)
        self.friendly = False
        self.assault_sum = 0
        # A destruction waiting for a fresh crew roll: (crew card, crew owner seat, scorer or
        # -1, friendly fire); and what to continue with afterwards.
        self.crew_pending: tuple[int, int, int, bool] = (-1, -1, -1, False)
        self.resume = ""
        self.fire_queue: list[int] = []
        self.draw_order = [0, 1]
        self.draw_index = 0
        self.free_draws = 0
        self.deal_left = 0
        # Command-card windows (§5.2): the open window, who has passed, the card being played.
        self.window = ""
        self.window_passed = [False, False]
        self.card_pending = -1
        self.crew_from = -1  # C1: the unit whose crew is moving
        self.captured_pos = -1  # the captured unit whose line its capturer chooses
        self.moved: list[int] = []  # C1: units whose crew moved or that changed line
        self.spares: list[list[int]] = [[], []]  # crews committed alone, still to place
        # Cards the other player knows are in a seat's hand or face down (withdrawn units).
        self.known: list[list[int]] = [[], []]
        self.prev_initiative = -1  # the previous turn's initiative winner acts first in windows
        self.reserved: list[list[int]] = [[], []]  # Surrender! cards declared, still hidden
        self.init_mods = [0, 0]  # Ambush!
        self.atk_cmds = 0  # C3 cards on the attack under way (bits of card indices)
        self.boost = 0  # discard-for-+1 on the roll about to be made (§5.1, §9 #14)
        self.roll_kind = -1  # the chance phase the roll window is before
        self.extra_unit_draws = 0  # Reinforcements

    # --- protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase in CHANCE_PHASES:
            return CHANCE
        if self.phase == PH_OVER:
            return TERMINAL
        return self.player

    def legal_actions(self) -> list[int]:
        phase = self.phase
        p = self.player
        if phase == PH_PICK:
            return sorted({CARD + c for c in self.reserves[p]})
        if phase == PH_BUILD:
            return build_options(self.army[p], self.deck[p])
        if phase == PH_CREW_PLACE:
            return [UNIT + u.pos for u in self.spare_places(p)]
        if phase == PH_CAPTURE_LINE:
            card = self.board[self.captured_pos].card
            return [CARD + card, REAR_CARD + card]
        if phase == PH_FIRST_WEAPON:
            return [WEAPONS + (1 << row) for row in self.atk_rows]
        if phase == PH_COMMIT:
            return self._commit_actions(p)
        if phase == PH_DECLARE:
            return self._target_actions(p, self.queue[0])
        if phase == PH_WEAPONS:
            attacker = self.board[self.queue[0]]
            target = self.board[self.pending_target]
            return [WEAPONS + m for m in combat.weapon_sets(self, attacker, target)]
        if phase == PH_ORDER:
            return [ME_FIRST, THEM_FIRST]
        if phase == PH_CHOOSE_ATTACK:
            return sorted(UNIT + a[1] for a in self.attacks[p])
        if phase == PH_FRIENDLY_FIRE:
            return sorted(UNIT + u.pos for u in self._friendly_victims())
        if phase == PH_DRAW_CHOICE:
            return self._draw_choices(p)
        if phase == PH_DISCARD_UNIT:
            return sorted({CARD + c for c in self.hand_units[p]})
        if phase == PH_DISCARD_COMMAND:
            return sorted({COMMAND + c for c in self.hand_commands[p]})
        if phase == PH_WINDOW:
            return self._window_actions(p)
        if phase == PH_CARD_TARGET:
            return [UNIT + pos for pos in commands.unit_targets(self, p, self.card_pending)]
        if phase == PH_CREW_TO:
            return [UNIT + u.pos for u in self._crew_destinations(self.board[self.crew_from])]
        if phase == PH_ROLL_WINDOW:
            return self._roll_window_actions(p)
        if phase in CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase in (PH_INITIATIVE, PH_ATTACK_DIE, PH_POWER_DIE, PH_CREW_DIE, PH_FIRE_DIE):
            return list(D10_OUTCOMES)
        if phase == PH_SURRENDER_DIE:
            return list(D10_OUTCOMES)
        if phase == PH_ASSAULT_DIE:
            return list(D10_OUTCOMES)
        if phase in (PH_DEAL, PH_DRAW_COMMAND):
            return _multiset_outcomes(self.command_deck, DRAWN_COMMAND)
        if phase == PH_DRAW_UNIT:
            return _multiset_outcomes(self.reserves[self.player], DRAWN_UNIT)
        if phase == PH_DAMAGE_CARD:
            return _multiset_outcomes(self.damage_deck, DRAWN_DAMAGE)
        return []

    def sample_chance(self, rng: random.Random) -> int:
        """A d10 (most chance events) drawn as the protocol's loop draws it, without building
        the outcomes: the same face for the same random number."""
        if self.phase in DICE_PHASES:
            return DIE + min(bisect_right(_D10_SUMS, rng.random()), 9)
        return super().sample_chance(rng)

    def clone(self) -> FrontlineState:
        other = object.__new__(FrontlineState)
        other.__dict__.update(self.__dict__)
        other.history = self.history[:]
        other.army = self.army[:]
        other.deck = [self.deck[0][:], self.deck[1][:]]
        other.hand_units = [self.hand_units[0][:], self.hand_units[1][:]]
        other.hand_commands = [self.hand_commands[0][:], self.hand_commands[1][:]]
        other.reserves = [self.reserves[0][:], self.reserves[1][:]]
        other.bottom = [self.bottom[0][:], self.bottom[1][:]]
        other.bottom_public = [self.bottom_public[0][:], self.bottom_public[1][:]]
        other.command_deck = self.command_deck[:]
        other.command_discard = self.command_discard[:]
        other.damage_deck = self.damage_deck[:]
        other.damage_discard = self.damage_discard[:]
        other.board = {pos: unit.copy() for pos, unit in self.board.items()}
        other.prisoners = [self.prisoners[0][:], self.prisoners[1][:]]
        other.vp = self.vp[:]
        other.vp_captured = self.vp_captured[:]
        other.overrun = self.overrun[:]
        other.commit = [self.commit[0][:], self.commit[1][:]]
        other.decided = self.decided[:]
        other.decls = [self.decls[0][:], self.decls[1][:]]
        other.queue = self.queue[:]
        other.attacks = [self.attacks[0][:], self.attacks[1][:]]
        other.init_rolls = self.init_rolls[:]
        other.atk_rows = self.atk_rows[:]
        other.atk_members = self.atk_members[:]
        other.dice = self.dice[:]
        other.fire_queue = self.fire_queue[:]
        other.draw_order = self.draw_order[:]
        other.window_passed = self.window_passed[:]
        other.moved = self.moved[:]
        other.spares = [self.spares[0][:], self.spares[1][:]]
        other.known = [self.known[0][:], self.known[1][:]]
        other.reserved = [self.reserved[0][:], self.reserved[1][:]]
        other.init_mods = self.init_mods[:]
        return other

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def action_to_string(self, action: int) -> str:
        return knowledge.describe_action(self, action)

    def action_phrase(self, action: int) -> tuple[str, dict[str, int | str]]:
        return knowledge.action_phrase(self, action)

    def observation(self, player: int) -> FrontlineObservation:
        return knowledge.observation(self, player)

    def public_observation(self, player: int) -> FrontlineObservation:
        return knowledge.observation(self, player, public=True)

    def determinize(self, player: int, rng: random.Random) -> FrontlineState:
        return knowledge.determinize(self, player, rng)

    def observed_action(self, player: int, action: int) -> int:
        return knowledge.observed_action(self, player, action)

    def numbered_turn(self) -> int:
        return self.turn  # §8: both players act in every phase of a numbered turn

    def illegal_reason(self, action: int) -> str | None:
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Frontline action"
        if self.phase == PH_OVER:
            return "the game is over"
        if action in self.legal_actions():
            return None
        return refusals.explain(self, action)

    # --- queries ----------------------------------------------------------------------------
    def seat_of_side(self, side: int) -> int:
        return self.army.index(side)

    def units_of(self, seat: int) -> list[Unit]:
        return [u for u in self.board.values() if u.owner == seat]

    def has_land_unit(self, seat: int) -> bool:
        return any(u.owner == seat and u.line != AIRLINE for u in self.board.values())

    def is_over(self) -> bool:
        return self.winner != -2

    def _free_pos(self, seat: int) -> int:
        for slot in range(SLOTS):
            pos = seat * SLOTS + slot
            if pos not in self.board:
                return pos
        raise RuntimeError("no free place on the board")  # more units than any deck holds

    # --- set-up -----------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        handler = _HANDLERS[self.phase]
        handler(self, action)
        if self.winner != -2:
            self.phase = PH_OVER

    def _build(self, action: int) -> None:
        p = self.player
        if action == DONE:
            self.decided[p] = True
            if p == 0:
                self.player = 1
            else:
                self.decided = [False, False]
                self.player = 0
                self.phase = PH_PICK
            return
        if action >= PREBUILT_DECK:
            cards = list(list(PREBUILT.values())[action - PREBUILT_DECK])
        else:
            cards = [action - CARD]
        self.deck[p] = sorted(self.deck[p] + cards)
        self.reserves[p] = sorted(self.reserves[p] + cards)

    def _pick(self, action: int) -> None:
        p = self.player
        card = action - CARD
        self.reserves[p].remove(card)
        self.hand_units[p].append(card)
        self.hand_units[p].sort()
        if len(self.hand_units[p]) < START_UNITS:
            return
        if p == 0:
            self.player = 1
            return
        self.phase = PH_DEAL
        self.deal_left = 2 * START_COMMANDS

    def _deal(self, action: int) -> None:
        seat = self.deal_left % 2  # deals alternate, seat 0 first
        self._take_command(seat, action - DRAWN_COMMAND)
        self.deal_left -= 1
        if self.deal_left == 0:
            self._start_turn()

    def _take_command(self, seat: int, card: int) -> None:
        self.command_deck.remove(card)
        self.hand_commands[seat].append(card)
        self.hand_commands[seat].sort()
        if not self.command_deck:  # §4.3 the discards become the new deck (a multiset)
            self.command_deck = sorted(self.command_discard)
            self.command_discard = []

    # --- commitment (§4.1) -----------------------------------------------------------------
    def _start_turn(self) -> None:
        self.turn += 1
        self.moved = []
        self.commit = [[], []]
        self.decided = [False, False]
        self.player = 0
        self.phase = PH_COMMIT

    def crew_needs(self, seat: int) -> list[int]:
        """Uncrewed units of ``seat`` on the board per crew kind (replacement places)."""
        needs = [0] * len(CREW_KINDS)
        for u in self.board.values():
            if u.owner == seat and u.printed.crew != NO_CREW and u.crew < 0:
                needs[u.printed.crew] += 1
        return needs

    def _commit_actions(self, p: int) -> list[int]:
        return commit_options(self.commit[p], self.hand_units[p], self.crew_needs(p))

    def _commit(self, action: int) -> None:
        p = self.player
        if action != DONE:
            card = action - CARD if action < REAR_CARD else action - REAR_CARD
            self.hand_units[p].remove(card)
            self.commit[p].append(action)
            return
        self.decided[p] = True
        if p == 0:
            self.player = 1
            return
        for seat in (0, 1):
            self._place(seat)
        self._assign_spares()

    def _place(self, seat: int) -> None:
        """§4.1 the reveal: units to their printed line (MFA as chosen), crews under them."""
        crews: list[list[int]] = [[] for _ in CREW_KINDS]
        placed: list[Unit] = []
        for entry in self.commit[seat]:
            rear = entry >= REAR_CARD
            card = entry - REAR_CARD if rear else entry - CARD
            printed = UNITS[card]
            if card in self.known[seat]:
                self.known[seat].remove(card)
            if printed.is_crew:
                crews[printed.crew_kind].append(card)
                continue
            line = AIRLINE if printed.type == AIRCRAFT else REAR if rear else FRONT
            unit = Unit(card, seat, self._free_pos(seat), line, -1)
            self.board[unit.pos] = unit
            placed.append(unit)
        for unit in placed:
            if unit.printed.crew != NO_CREW:
                unit.crew = crews[unit.printed.crew].pop()
        self.spares[seat] = sorted(c for kind in crews for c in kind)
        self.commit[seat] = []

    def spare_places(self, seat: int) -> list[Unit]:
        """Uncrewed units of ``seat`` that the next replacement crew may operate."""
        kind = UNITS[self.spares[seat][-1]].crew_kind
        return sorted(
            (u for u in self.units_of(seat) if not u.crewed and u.printed.crew == kind),
            key=lambda u: u.pos,
        )

    def _assign_spares(self) -> None:
        """§4.1: a crew committed alone replaces a missing crew; the player picks the unit when
        there are more uncrewed units of its kind than such crews."""
        for seat in (0, 1):
            while self.spares[seat]:
                crew = self.spares[seat][-1]
                places = self.spare_places(seat)
                if len(places) > self.spares[seat].count(crew):
                    self.player = seat
                    self.phase = PH_CREW_PLACE
                    return
                self.spares[seat].pop()
                places[0].crew = crew
        self._open_window(commands.C1)

    def _crew_place(self, action: int) -> None:
        self.board[action - UNIT].crew = self.spares[self.player].pop()
        self._assign_spares()

    def _promote(self) -> None:
        """§4.1 frontline collapse (§9 #11): no Frontline unit but a Rear Line -> it moves up."""
        for seat in (0, 1):
            units = self.units_of(seat)
            if any(u.line == FRONT for u in units):
                continue
            for u in units:
                if u.line == REAR:
                    u.line = FRONT

    # --- combat: declarations (§4.2.1) ------------------------------------------------------
    def _start_combat(self) -> None:
        self.decls = [[], []]
        self.decided = [False, False]
        self.attacks = [[], []]
        self._start_declaring(0)

    def _start_declaring(self, seat: int) -> None:
        self.player = seat
        assault = combat.assault_group(self, seat)
        self.queue = [
            pos
            for pos in sorted(self.board)
            if self.board[pos].owner == seat and self._may_declare(self.board[pos], assault)
        ]
        if self.queue:
            self.phase = PH_DECLARE
            return
        self.decided[seat] = True
        if seat == 0:
            self._start_declaring(1)
        else:
            self._reveal_declarations()

    def _may_declare(self, attacker: Unit, assault: list[Unit]) -> bool:
        """Whether ``attacker`` has a choice besides HOLD (``_target_actions``, short-cut)."""
        if not combat.can_attack(attacker):
            return False
        for target in self.board.values():
            if target.owner != attacker.owner and (
                combat.legal_target(self, attacker, target)
                or (assault and combat.assault_target(self, attacker, target, assault))
            ):
                return True
        return bool(commands.surrender_targets(self, attacker))

    def _target_actions(self, seat: int, pos: int) -> list[int]:
        attacker = self.board[pos]
        actions = [HOLD]
        if not combat.can_attack(attacker):
            return actions
        assault = combat.assault_group(self, seat)
        for target in self.board.values():
            if target.owner == seat:
                continue
            if combat.legal_target(self, attacker, target):
                actions.append(UNIT + target.pos)
            if assault and combat.assault_target(self, attacker, target, assault):
                actions.append(ASSAULT + target.pos)
        actions.extend(SURRENDER + pos for pos in commands.surrender_targets(self, attacker))
        return sorted(actions)

    def _declare(self, action: int) -> None:
        p = self.player
        pos = self.queue[0]
        if action == HOLD:
            self._next_declarer()
        elif ASSAULT <= action < ASSAULT + 2 * SLOTS:
            self.decls[p].append((CLOSE_ASSAULT, pos, action - ASSAULT, 0))
            self._next_declarer()
        elif SURRENDER <= action < SURRENDER + 2 * SLOTS:
            self.decls[p].append((SURRENDER_ATTACK, pos, action - SURRENDER, 0))
            self.reserved[p].append(commands.SURRENDER)  # shown and spent at the reveal
            self._next_declarer()
        else:
            self.pending_target = action - UNIT
            sets = combat.weapon_sets(self, self.board[pos], self.board[self.pending_target])
            if len(sets) == 1:
                self._weapons(WEAPONS + sets[0])
            else:
                self.phase = PH_WEAPONS

    def _weapons(self, action: int) -> None:
        p = self.player
        self.decls[p].append((NORMAL, self.queue[0], self.pending_target, action - WEAPONS))
        self.pending_target = -1
        self._next_declarer()

    def _next_declarer(self) -> None:
        self.queue.pop(0)
        if self.queue:
            self.phase = PH_DECLARE
            return
        self.decided[self.player] = True
        if self.player == 0:
            self._start_declaring(1)
        else:
            self._reveal_declarations()

    def _reveal_declarations(self) -> None:
        """Both declared: the declarations become attacks (close assaults grouped per target)."""
        for seat in (0, 1):
            attacks = []
            groups: dict[int, list[int]] = {}
            for kind, pos, target, mask in self.decls[seat]:
                if kind == CLOSE_ASSAULT:
                    groups.setdefault(target, []).append(pos)
                else:
                    attacks.append((kind, pos, target, mask))
            for target, members in groups.items():
                # One attack led by the first member; the members are found again at resolution.
                attacks.append((CLOSE_ASSAULT, min(members), target, 0))
            self.attacks[seat] = attacks
            for card in self.reserved[seat]:
                self.hand_commands[seat].remove(card)
                self.command_discard.append(card)
            self.reserved[seat] = []
        self.init_rolls = [0, 0]
        self._open_window(commands.C2)

    def _roll_initiative(self) -> None:
        seat = 0 if self.init_rolls[0] == 0 else 1
        self._before_roll(PH_INITIATIVE, seat)

    # --- combat: initiative (§4.2.2) --------------------------------------------------------
    def _initiative(self, action: int) -> None:
        seat = 0 if self.init_rolls[0] == 0 else 1
        self.init_rolls[seat] = action - DIE + 1 + self.boost + self.init_mods[seat]
        self.boost = 0
        if seat == 0:
            self._roll_initiative()
            return
        if self.init_rolls[0] == self.init_rolls[1]:
            self.init_rolls = [0, 0]  # a tie is rolled again
            self._roll_initiative()
            return
        self.initiative = 0 if self.init_rolls[0] > self.init_rolls[1] else 1
        if self.attacks[0] and self.attacks[1]:
            self.player = self.initiative
            self.phase = PH_ORDER
        else:
            self.to_attack = 0 if self.attacks[0] else 1
            self._next_attack()

    def _order(self, action: int) -> None:
        self.to_attack = self.player if action == ME_FIRST else 1 - self.player
        self._next_attack()

    # --- combat: attacks (§4.2.2-§4.2.5) ----------------------------------------------------
    def _prune(self, seat: int) -> None:
        """§9 #12: an attack whose attacker cannot attack or whose target is gone is lost."""
        kept = []
        for attack in self.attacks[seat]:
            kind, pos, target, _ = attack
            if target not in self.board:
                continue
            if kind == NORMAL and (pos not in self.board or not combat.can_attack(self.board[pos])):
                continue  # a close assault counts its members at resolution
            kept.append(attack)
        self.attacks[seat] = kept

    def _assault_members(self, seat: int, lead: int, target: int) -> list[int]:
        members = [
            pos
            for kind, pos, t, _ in self.decls[seat]
            if kind == CLOSE_ASSAULT and t == target and pos in self.board
        ]
        return [pos for pos in members if combat.can_attack(self.board[pos])]

    def _next_attack(self) -> None:
        self._prune(0)
        self._prune(1)
        if not self.attacks[0] and not self.attacks[1]:
            self._end_combat()
            return
        seat = self.to_attack if self.attacks[self.to_attack] else 1 - self.to_attack
        self.player = seat
        self.phase = PH_CHOOSE_ATTACK

    def _choose_attack(self, action: int) -> None:
        seat = self.player
        pos = action - UNIT
        attack = next(a for a in self.attacks[seat] if a[1] == pos)
        self.attacks[seat].remove(attack)
        self.to_attack = 1 - seat
        kind, _, target, mask = attack
        self.atk_kind = kind
        self.atk_pos = pos
        self.atk_target = target
        self.atk_cmds = 0
        self.atk_fired = 0
        self.friendly = False
        if kind == SURRENDER_ATTACK:
            self._start_surrender()
            return
        if kind == CLOSE_ASSAULT:
            members = self._assault_members(seat, pos, target)
            attackers = [self.board[m] for m in members]
            members = [
                m
                for m, u in zip(members, attackers, strict=True)
                if combat.line_ok(u, self.board[target])
            ]
            if len(members) < combat.ASSAULT_MIN:
                self._next_attack()  # §9 #18 cancelled
                return
            self.atk_members = members
            self.atk_rows = []
            self.atk_rolls = 1
            self.dice = []
            self._before_roll(PH_ATTACK_DIE, seat)
            return
        self.atk_rows = [row for row in range(3) if mask >> row & 1]
        if len(self.atk_rows) > 1:
            self.phase = PH_FIRST_WEAPON  # §4.2.3 the attacker chooses the order
            return
        self._next_weapon()

    def _first_weapon(self, action: int) -> None:
        first = (action - WEAPONS).bit_length() - 1
        self.atk_rows.remove(first)
        self.atk_rows.insert(0, first)
        self._next_weapon()

    def _next_weapon(self) -> None:
        """The attack's next declared weapon. Every limit of the firing unit is checked again
        before it fires (§9 #29): a Damage card drawn since the declaration applies at once."""
        if not self.atk_rows or self.atk_target not in self.board or self.atk_pos not in self.board:
            self._next_attack()
            return
        attacker = self.board[self.atk_pos]
        if not combat.can_attack(attacker) or self.atk_fired >= combat.max_weapons(attacker):
            self.atk_rows = []
            self._next_attack()
            return
        self.atk_row = self.atk_rows.pop(0)
        weapon = attacker.printed.weapons[self.atk_row]
        if not combat.weapon_usable(self, attacker, self.atk_row, self.board[self.atk_target]):
            self._next_weapon()  # e.g. disabled by a Damage card since the declaration
            return
        self.atk_fired += 1
        if weapon.bomb:
            attacker.bomb_used = True  # §9 #16 once per sortie
        self.atk_rolls = weapon.rof
        self.dice = []
        self._before_roll(PH_ATTACK_DIE, attacker.owner)

    def _continue_attack(self) -> None:
        """After a roll (and its damage) is settled: the next roll, weapon or attack."""
        if self.is_over():
            return
        alive = self.atk_target in self.board and self.atk_pos in self.board
        if self.atk_kind == NORMAL and self.atk_rolls > 0 and alive:
            self.dice = []
            self._before_roll(PH_ATTACK_DIE, self.board[self.atk_pos].owner)
            return
        if self.atk_kind == NORMAL:
            self._next_weapon()
        else:
            self._next_attack()

    def _attack_die(self, action: int) -> None:
        self.dice.append(action - DIE + 1)
        if len(self.dice) < 2:
            return
        natural = self.dice[0] + self.dice[1]
        self.natural = natural
        self.atk_rolls -= 1
        boost, self.boost = self.boost, 0
        seat = self.player
        target = self.board[self.atk_target]
        if self.atk_kind == CLOSE_ASSAULT:
            value = combat.assault_value(self, self.atk_members)
            mod = combat.roll_mod(self, None, target) + boost
            if natural in AUTO_DESTROY:
                self._destroy_outright(target, seat)
                self._continue_attack()
            elif natural not in FRIENDLY_FIRE and natural + mod >= value:
                self.assault_sum = 0
                self.dice = []
                self.hit_pos = target.pos
                self.phase = PH_ASSAULT_DIE
            else:
                self._continue_attack()
            return
        attacker = self.board[self.atk_pos]
        if natural in FRIENDLY_FIRE:
            if self._friendly_victims():
                self.player = 1 - seat  # §9 #5 the opponent picks the victim
                self.phase = PH_FRIENDLY_FIRE
            else:
                self._continue_attack()
            return
        if natural in AUTO_DESTROY:  # §9 #3 a legal target: destroyed with its crew
            self._destroy_outright(target, seat)
            self._continue_attack()
            return
        weapon = attacker.printed.weapons[self.atk_row]
        needed = weapon.attack[combat.column(target)]
        mod = combat.roll_mod(self, attacker, target) + boost
        if needed is not None and natural + mod >= needed:
            self.hit_pos = target.pos
            self.friendly = False
            self._before_roll(PH_POWER_DIE, seat)
        else:
            self._continue_attack()

    def _friendly_victims(self) -> list[Unit]:
        """§9 #5: the attacker's other units this weapon could affect (line rule ignored)."""
        if self.atk_pos not in self.board:
            return []
        attacker = self.board[self.atk_pos]
        return [
            u
            for u in self.units_of(attacker.owner)
            if u.pos != attacker.pos and combat.weapon_affects(attacker, self.atk_row, u)
        ]

    def _friendly_fire(self, action: int) -> None:
        self.player = self.board[self.atk_pos].owner
        self.hit_pos = action - UNIT
        self.friendly = True
        self.phase = PH_POWER_DIE

    def _power_die(self, action: int) -> None:
        power = action - DIE + 1
        attacker = self.board[self.atk_pos]
        unit = self.board[self.hit_pos]
        weapon = attacker.printed.weapons[self.atk_row]
        natural = 0 if self.friendly else self.natural
        mod = weapon.damage_mod + self.boost
        if not self.friendly:
            mod += commands.damage_mod(self.atk_cmds)
        self.boost = 0
        dealt = net_damage(power, natural, mod, combat.defense(self, unit))
        scorer = -1 if self.friendly else attacker.owner
        self._deal_damage(unit, dealt, scorer, power)

    def _assault_die(self, action: int) -> None:
        self.assault_sum += action - DIE + 1
        self.dice.append(action - DIE + 1)
        if len(self.dice) < len(self.atk_members):
            return
        unit = self.board[self.hit_pos]
        total = self.assault_sum * (2 if self.natural == 18 else 1)
        dealt = max(0, total - combat.defense(self, unit))
        self._deal_damage(unit, dealt, self.player, 0)  # 0: a fresh crew roll (§4.2.5)

    def _deal_damage(self, unit: Unit, dealt: int, scorer: int, crew_die: int) -> None:
        """§4.2.4: damage now; destroyed at 0 HP; a Damage card at half HP."""
        unit.damage += dealt
        self.resume = "attack"
        if not self.damage_deck:  # §4.2.4 the discards are shuffled into a new deck
            self.damage_deck, self.damage_discard = sorted(self.damage_discard), []
        if unit.hp_left <= 0:
            if self._destroy(unit, scorer, crew_die):
                return
        elif (
            dealt > 0
            and unit.hp_left <= unit.printed.half_hp
            and unit.dmg_card < 0
            and self.damage_deck  # with all 25 under units there is none to draw
        ):
            self.phase = PH_DAMAGE_CARD
            return
        self._continue_attack()

    def _destroy_outright(self, unit: Unit, scorer: int) -> None:
        """A natural 19-20: unit and crew destroyed, both scored (§9 #3, #8)."""
        crew = unit.crew
        self._remove(unit)
        self._score(scorer, unit.printed.cost)
        if crew >= 0:
            self._score(scorer, UNITS[crew].cost)

    def _destroy(self, unit: Unit, scorer: int, crew_die: int) -> bool:
        """Remove a destroyed unit and score it (``scorer`` -1: friendly fire, nobody); the
        crew roll is ``crew_die``, or 0 for a fresh die. True when waiting for that die."""
        crew = unit.crew
        owner = unit.owner
        self._remove(unit)
        if scorer >= 0:
            self._score(scorer, unit.printed.cost)
        if crew < 0 or self.is_over():
            return False
        if crew_die == 0:
            self.crew_pending = (crew, owner, scorer, scorer < 0)
            self.phase = PH_CREW_DIE
            return True
        self._crew_result(crew, owner, scorer, crew_die)
        return False

    def _crew_result(self, crew: int, owner: int, scorer: int, roll: int) -> None:
        """§4.2.5: 1-3 back under the Reserves; 4-6 captured (double VP) if the enemy has a
        land unit, else as 1-3 (§9 #10); 7-10 killed with the unit."""
        enemy = 1 - owner
        if roll in SURVIVE_ROLLS or (scorer < 0 and roll in CAPTURE_ROLLS):
            self._to_bottom(UNITS[crew].side, crew, public=True)
        elif roll in CAPTURE_ROLLS:
            if self.has_land_unit(enemy):
                self.prisoners[enemy].append(crew)
                self._score(enemy, 2 * UNITS[crew].cost, captured=True)
            else:
                self._to_bottom(UNITS[crew].side, crew, public=True)
        elif scorer >= 0:
            self._score(scorer, UNITS[crew].cost)

    def _crew_die(self, action: int) -> None:
        crew, owner, scorer, _ = self.crew_pending
        self.crew_pending = (-1, -1, -1, False)
        self._crew_result(crew, owner, scorer, action - DIE + 1)
        self._resume()

    def _resume(self) -> None:
        if self.resume == "fire":
            self._next_fire_check()
        else:
            self._continue_attack()

    def _remove(self, unit: Unit) -> None:
        del self.board[unit.pos]
        if unit.dmg_card >= 0:
            self.damage_discard.append(unit.dmg_card)

    def _to_bottom(self, side: int, card: int, public: bool) -> None:
        seat = self.seat_of_side(side)
        self.bottom[seat].insert(0, card)
        self.bottom_public[seat].insert(0, public)

    def _score(self, seat: int, points: int, captured: bool = False) -> None:
        if seat < 0 or self.is_over():
            return
        self.vp[seat] += points
        if captured:
            self.vp_captured[seat] += points
        if self.vp[seat] >= WIN_VP:  # §7 checked after every VP change
            self.winner = seat
            self.end_reason = "vp"

    # --- damage cards (§6, §10.4) -----------------------------------------------------------
    def _damage_card(self, action: int) -> None:
        card = action - DRAWN_DAMAGE
        self.damage_deck.remove(card)
        if not self.damage_deck:
            self.damage_deck = sorted(self.damage_discard)
            self.damage_discard = []
        unit = self.board[self.hit_pos]
        unit.dmg_card = card
        edge = DAMAGES[card].edges[EDGE_OF_TYPE[unit.printed.type]]
        if self._damage_effect(unit, edge):
            return
        self._continue_attack()

    def _damage_effect(self, unit: Unit, edge: Any) -> bool:
        """Apply one edge of a Damage card; True when a crew roll (chance) is now pending. A
        card drawn by a friendly-fire hit scores nobody (§7: friendly-fire kills score
        nothing), whether it destroys the unit or kills its crew."""
        kind = edge.kind
        enemy = -1 if self.friendly else 1 - unit.owner
        if kind == "none":
            return False
        if kind == "destroyed":
            return self._destroy(unit, enemy, 0)
        if kind == "crew_killed":
            if unit.crew >= 0:
                self._score(enemy, UNITS[unit.crew].cost)
                unit.crew = -1
            return False
        if kind == "crew_bails_out":
            if unit.crew >= 0:
                self._to_bottom(UNITS[unit.crew].side, unit.crew, public=True)
                unit.crew = -1
            return False
        if kind == "return_to_reserves":
            self._withdraw_to_reserves(unit)
            return False
        if kind == "flight_turns_set":
            unit.flight_left = edge.value
            return False
        unit.eff_kind = kind
        unit.eff_value = edge.value
        unit.eff_row = edge.row
        unit.eff_left = _counter(edge.duration)
        return False

    def _withdraw_to_reserves(self, unit: Unit) -> None:
        """Unit (and crew) under the owner's Reserves, no VP; its Damage card discarded."""
        self._remove(unit)
        self._to_bottom(unit.printed.side, unit.card, public=True)
        if unit.crew >= 0:
            self._to_bottom(UNITS[unit.crew].side, unit.crew, public=True)

    # --- end of the Combat Phase (§4.2.6) ---------------------------------------------------
    def _end_combat(self) -> None:
        self.fire_queue = sorted(
            u.pos for u in self.board.values() if u.effect("fire_check") is not None
        )
        self._next_fire_check()

    def _next_fire_check(self) -> None:
        if self.is_over():
            return
        if self.fire_queue:
            self.hit_pos = self.fire_queue[0]
            self.phase = PH_FIRE_DIE
            return
        self._after_fire()

    def _fire_die(self, action: int) -> None:
        roll = action - DIE + 1
        pos = self.fire_queue.pop(0)
        unit = self.board[pos]
        unit.eff_kind = ""
        self.resume = "fire"
        if roll in FIRE_ROLLS and self._destroy(unit, 1 - unit.owner, roll):
            return
        self._next_fire_check()

    def _after_fire(self) -> None:
        for unit in list(self.board.values()):
            if unit.dmg_card >= 0:  # §4.2.4 recovery: to half with a card, else full
                unit.hp_max = unit.printed.half_hp
            unit.damage = 0
            if unit.eff_kind and unit.eff_left > 0:
                unit.eff_left -= 1
                if unit.eff_left == 0:
                    unit.eff_kind = ""
            if unit.line == AIRLINE:
                unit.flight_left -= 1
                if unit.flight_left <= 0:  # §9 #22 back under the Reserves with the pilot
                    self._withdraw_to_reserves(unit)
            unit.cmds &= ~(1 << commands.FIRE_MISSION | 1 << commands.SMOKE)  # one Combat Phase
        self.init_mods = [0, 0]
        self.prev_initiative = self.initiative
        self._open_window(commands.C5)

    def _after_repairs(self) -> None:
        self._promote()
        for seat in (0, 1):  # §7 overrun (§9 #15)
            if self.has_land_unit(seat) and not self.has_land_unit(1 - seat):
                self.overrun[seat] += 1
                if self.overrun[seat] >= OVERRUN_TURNS:
                    self.winner = seat
                    self.end_reason = "overrun"
                    return
            else:
                self.overrun[seat] = 0
        self._start_draw()

    # --- command-card windows (§5.2) -------------------------------------------------------
    def _open_window(self, window: str) -> None:
        """§9 #26: the previous initiative winner acts first, then the players alternate; a
        player who passed may still answer a card played after the pass; the window closes
        after two passes in a row (a player with nothing to do passes at once)."""
        self.window = window
        self.window_passed = [False, False]
        self._window_turn(max(self.prev_initiative, 0))

    def _window_turn(self, seat: int) -> None:
        """``seat`` acts next in the open window; ``window_passed`` marks the passes since the
        last card, crew or line move."""
        for s in (seat, 1 - seat):
            if self.window_passed[s]:
                break  # the other player's pass came last: two in a row
            if self._may_act_in_window(s):
                self.player = s
                self.phase = PH_WINDOW
                return
            self.window_passed[s] = True
        self._close_window()

    def _window_moved(self) -> None:
        """A card, crew or line move in the open window: the other player may answer it."""
        self.window_passed = [False, False]
        self._window_turn(1 - self.player)

    def _close_window(self) -> None:
        window, self.window = self.window, ""
        if window == commands.C1:
            self._promote()
            self._start_combat()
        elif window == commands.C2:
            self._roll_initiative()
        else:
            self._after_repairs()

    def _may_act_in_window(self, seat: int) -> bool:
        """Whether ``seat`` has a choice besides DONE in the open window (short-cut)."""
        if commands.any_playable(self, seat, self.window):
            return True
        if self.window != commands.C1:
            return False
        return any(
            unit.pos not in self.moved
            and (
                (unit.crew >= 0 and unit.line != AIRLINE and self._crew_destinations(unit))
                or (unit.printed.mfa and unit.effect("immobilized") is None)
            )
            for unit in self.units_of(seat)
        )

    def _window_actions(self, seat: int) -> list[int]:
        actions = [COMMAND + card for card in commands.playable(self, seat, self.window)]
        if self.window == commands.C1:
            for unit in self.units_of(seat):
                if unit.pos in self.moved:
                    continue
                if unit.crew >= 0 and unit.line != AIRLINE and self._crew_destinations(unit):
                    actions.append(UNIT + unit.pos)
                if unit.printed.mfa and unit.effect("immobilized") is None:
                    actions.append(SWITCH + unit.pos)
        return sorted([*actions, DONE])

    def _crew_destinations(self, unit: Unit) -> list[Unit]:
        """§4.1: a land unit's crew may move to another land unit needing that crew kind."""
        kind = UNITS[unit.crew].crew_kind
        return sorted(
            (
                u
                for u in self.units_of(unit.owner)
                if u.crew < 0 and u.line != AIRLINE and u.printed.crew == kind
            ),
            key=lambda u: u.pos,
        )

    def _window(self, action: int) -> None:
        seat = self.player
        if action == DONE:
            self.window_passed[seat] = True
            self._window_turn(1 - seat)
        elif action >= SWITCH:
            unit = self.board[action - SWITCH]
            unit.line = REAR if unit.line == FRONT else FRONT
            self.moved.append(unit.pos)
            self._window_moved()
        elif action >= COMMAND:
            card = action - COMMAND
            self.card_pending = card
            if card in commands.SELF_CARDS:
                self._play_card(-1)
            else:
                self.phase = PH_CARD_TARGET
        else:
            self.crew_from = action - UNIT
            self.phase = PH_CREW_TO

    def _crew_to(self, action: int) -> None:
        source = self.board[self.crew_from]
        target = self.board[action - UNIT]
        target.crew, source.crew = source.crew, -1
        self.moved.extend((source.pos, target.pos))
        self.crew_from = -1
        self._window_moved()

    def _card_target(self, action: int) -> None:
        self._play_card(action - UNIT)

    def _play_card(self, pos: int) -> None:
        card, self.card_pending = self.card_pending, -1
        commands.play(self, self.player, card, pos)
        if self.phase == PH_ROLL_WINDOW or self.roll_kind >= 0:
            self._roll_window_turn()
        else:
            self._window_moved()

    def withdraw_to_hand(self, unit: Unit) -> None:
        """Tactical Withdrawal: the unit and its crew back to the hand, its Damage card to the
        discard pile."""
        self._remove(unit)
        cards = [unit.card] + ([unit.crew] if unit.crew >= 0 else [])
        self.hand_units[unit.owner] = sorted(self.hand_units[unit.owner] + cards)
        self.known[unit.owner] = sorted(self.known[unit.owner] + cards)

    # --- rolls: C3 and discard-for-+1 (§5.1, §9 #14) ----------------------------------------
    def _before_roll(self, phase: int, seat: int) -> None:
        """Before one of ``seat``'s own rolls: a decision only if it holds a command card."""
        self.player = seat
        self.roll_kind = phase
        self.boost = 0
        self._roll_window_turn()

    def _roll_window_turn(self) -> None:
        seat = self.player
        if (self.hand_commands[seat] and not self.boost) or (
            self.roll_kind == PH_ATTACK_DIE and commands.any_playable(self, seat, commands.C3)
        ):
            self.phase = PH_ROLL_WINDOW
        else:
            self.phase, self.roll_kind = self.roll_kind, -1

    def _roll_window_actions(self, seat: int) -> list[int]:
        actions = [DONE]
        if self.roll_kind == PH_ATTACK_DIE:
            actions += [COMMAND + c for c in commands.playable(self, seat, commands.C3)]
        if not self.boost:
            actions += [BOOST + c for c in sorted(set(self.hand_commands[seat]))]
        return sorted(actions)

    def _roll_window(self, action: int) -> None:
        seat = self.player
        if action == DONE:
            self.phase, self.roll_kind = self.roll_kind, -1
        elif action >= BOOST:
            card = action - BOOST
            self.hand_commands[seat].remove(card)
            self.command_discard.append(card)
            self.boost = 1
            self._roll_window_turn()
        else:
            self.card_pending = action - COMMAND
            self._play_card(self.atk_pos if self.card_pending == commands.FIRE_MISSION else -1)

    # --- Surrender! (C4) --------------------------------------------------------------------
    def _start_surrender(self) -> None:
        attacker = self.board.get(self.atk_pos)
        target = self.board.get(self.atk_target)
        if attacker is None or target is None or not combat.can_attack(attacker):
            self._next_attack()
            return
        need = commands.surrender_need(target)
        if need is None:
            self._next_attack()
        elif need == 0:
            self._capture(target, attacker.owner)
        else:
            self.phase = PH_SURRENDER_DIE

    def _surrender_die(self, action: int) -> None:
        target = self.board.get(self.atk_target)
        need = None if target is None else commands.surrender_need(target)
        if target is not None and need is not None and action - DIE + 1 >= need:
            self._capture(target, self.player)
        else:
            self._next_attack()

    def _capture(self, unit: Unit, capturer: int) -> None:
        """§4.2.5: a captured unit scores double; its crew is captured too (double). A unit
        that needs a crew joins the capturer's lines, unable to act until crewed: the
        capturer chooses the line (§9 #28). Then the next attack."""
        self._score(capturer, 2 * unit.printed.cost, captured=True)
        if unit.crew >= 0:
            self.prisoners[capturer].append(unit.crew)
            self._score(capturer, 2 * UNITS[unit.crew].cost, captured=True)
        del self.board[unit.pos]
        if unit.printed.crew == NO_CREW:
            self.prisoners[capturer].append(unit.card)
            if unit.dmg_card >= 0:
                self.damage_discard.append(unit.dmg_card)
            self._next_attack()
            return
        unit.captured_from = unit.owner
        unit.owner = capturer
        unit.pos = self._free_pos(capturer)
        unit.crew = -1
        unit.line = FRONT
        self.board[unit.pos] = unit
        self.captured_pos = unit.pos
        self.player = capturer
        self.phase = PH_CAPTURE_LINE

    def _capture_line(self, action: int) -> None:
        self.board[self.captured_pos].line = REAR if action >= REAR_CARD else FRONT
        self.captured_pos = -1
        self._next_attack()

    # --- draw phase (§4.3) ------------------------------------------------------------------
    def _start_draw(self) -> None:
        self.draw_order = [self.initiative, 1 - self.initiative]
        self.draw_index = 0
        self._start_player_draw()

    def _start_player_draw(self) -> None:
        self.player = self.draw_order[self.draw_index]
        self.free_draws = FREE_DRAWS
        if self.command_deck:
            self.phase = PH_DRAW_COMMAND
        else:
            self._next_free_draw()

    def _draw_command(self, action: int) -> None:
        self._take_command(self.player, action - DRAWN_COMMAND)
        self._next_free_draw()

    def reserve_size(self, seat: int) -> int:
        return len(self.reserves[seat]) + len(self.bottom[seat])

    def _draw_choices(self, seat: int) -> list[int]:
        choices = [COMMAND + card for card in commands.playable(self, seat, commands.C6)]
        if self.command_deck:
            choices.append(DRAW_COMMAND)
        if self.reserve_size(seat):
            choices.append(DRAW_UNIT)
        return choices

    def _next_free_draw(self) -> None:
        seat = self.player
        if self.extra_unit_draws > 0:
            self.extra_unit_draws -= 1
            if self.reserve_size(seat):
                self._draw_from(DRAW_UNIT)
                return
        choices = self._draw_choices(seat)
        sources = [a for a in choices if a in (DRAW_COMMAND, DRAW_UNIT)]
        if self.free_draws > 0 and sources:
            self.free_draws -= 1
            if len(choices) == 1:
                self._draw_from(sources[0])
            else:
                self.phase = PH_DRAW_CHOICE
            return
        self._hand_limits()

    def _draw_choice(self, action: int) -> None:
        if action >= COMMAND and action < COMMAND + len(commands.COMMANDS):
            commands.play(self, self.player, action - COMMAND, -1)  # Reinforcements
            self.free_draws += 1  # the free draw asked for is still to come
            self._next_free_draw()
            return
        self._draw_from(action)

    def _draw_from(self, source: int) -> None:
        seat = self.player
        if source == DRAW_COMMAND:
            self.phase = PH_DRAW_COMMAND
        elif self.reserves[seat]:
            self.phase = PH_DRAW_UNIT
        else:  # only cards put under the Reserves are left: the top one, no chance involved
            self.bottom_public[seat].pop()
            self.hand_units[seat].append(self.bottom[seat].pop())
            self.hand_units[seat].sort()
            self._next_free_draw()

    def _draw_unit(self, action: int) -> None:
        seat = self.player
        card = action - DRAWN_UNIT
        self.reserves[seat].remove(card)
        self.hand_units[seat].append(card)
        self.hand_units[seat].sort()
        self._next_free_draw()

    def _hand_limits(self) -> None:
        seat = self.player
        if len(self.hand_units[seat]) > HAND_UNITS:
            self.phase = PH_DISCARD_UNIT
        elif len(self.hand_commands[seat]) > HAND_COMMANDS:
            self.phase = PH_DISCARD_COMMAND
        elif self.draw_index == 0:
            self.draw_index = 1
            self._start_player_draw()
        else:
            self._end_turn()

    def _discard_unit(self, action: int) -> None:
        seat = self.player
        card = action - CARD
        self.hand_units[seat].remove(card)
        self._to_bottom(self.army[seat], card, public=False)
        self.known[seat] = []  # the other player no longer knows which cards are still in hand
        self._hand_limits()

    def _discard_command(self, action: int) -> None:
        seat = self.player
        card = action - COMMAND
        self.hand_commands[seat].remove(card)
        self.command_discard.append(card)
        self._hand_limits()

    def _end_turn(self) -> None:
        limit = self.options[TURN_LIMIT]
        if limit != NO_LIMIT and self.turn >= limit:
            self.end_reason = "turn_limit"
            if self.vp[0] == self.vp[1]:
                self.winner = -1
            else:
                self.winner = 0 if self.vp[0] > self.vp[1] else 1
            return
        self._start_turn()


def _counter(duration: str) -> int:
    """End-of-combat ticks for a Damage card duration (§6): TURNS:N lasts through the Combat
    Phase of the N-th following turn; PERSISTENT and FLIGHT have no counter."""
    if duration.startswith("TURNS:"):
        return int(duration.split(":")[1]) + 1
    return PERSISTENT


def _multiset_outcomes(cards: list[int], base: int) -> list[tuple[int, float]]:
    counts = Counter(cards)
    n = len(cards)
    return [(base + card, counts[card] / n) for card in sorted(counts)]


def build_options(army: int, deck: list[int]) -> list[int]:
    """§3 deck building: a card of the army's pool while its copies last and the deck stays
    within the maximum points; DONE from the minimum points on."""
    actions = [CARD + card for card in addable(army, deck)]
    if deck_points(deck) >= DECK_MIN_POINTS:
        actions.append(DONE)
    if not deck:  # a shortcut for the deck-builder screen: a prebuilt deck of this army
        actions += [
            PREBUILT_DECK + i
            for i, cards in enumerate(PREBUILT.values())
            if UNITS[cards[0]].side == army
        ]
    return sorted(actions)


_HANDLERS = {
    PH_PICK: FrontlineState._pick,
    PH_BUILD: FrontlineState._build,
    PH_FIRST_WEAPON: FrontlineState._first_weapon,
    PH_CREW_PLACE: FrontlineState._crew_place,
    PH_CAPTURE_LINE: FrontlineState._capture_line,
    PH_DEAL: FrontlineState._deal,
    PH_COMMIT: FrontlineState._commit,
    PH_DECLARE: FrontlineState._declare,
    PH_WEAPONS: FrontlineState._weapons,
    PH_INITIATIVE: FrontlineState._initiative,
    PH_ORDER: FrontlineState._order,
    PH_CHOOSE_ATTACK: FrontlineState._choose_attack,
    PH_ATTACK_DIE: FrontlineState._attack_die,
    PH_FRIENDLY_FIRE: FrontlineState._friendly_fire,
    PH_POWER_DIE: FrontlineState._power_die,
    PH_ASSAULT_DIE: FrontlineState._assault_die,
    PH_DAMAGE_CARD: FrontlineState._damage_card,
    PH_CREW_DIE: FrontlineState._crew_die,
    PH_FIRE_DIE: FrontlineState._fire_die,
    PH_DRAW_COMMAND: FrontlineState._draw_command,
    PH_DRAW_CHOICE: FrontlineState._draw_choice,
    PH_DRAW_UNIT: FrontlineState._draw_unit,
    PH_DISCARD_UNIT: FrontlineState._discard_unit,
    PH_DISCARD_COMMAND: FrontlineState._discard_command,
    PH_WINDOW: FrontlineState._window,
    PH_CARD_TARGET: FrontlineState._card_target,
    PH_CREW_TO: FrontlineState._crew_to,
    PH_ROLL_WINDOW: FrontlineState._roll_window,
    PH_SURRENDER_DIE: FrontlineState._surrender_die,
}
