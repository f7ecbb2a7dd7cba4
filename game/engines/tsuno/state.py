"""Tsuno Senki's game and state: the day's appearance roll, then each area's action 1 -> 6.

Each die is its own chance action and a roll is evaluated when its last die lands (DESIGN.md,
"Many dice"). The seat to move is the seat controlling the acting area (the AA). Everything is
public, so ``determinize`` is a clone and every seat sees the same observation.
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any, ClassVar

from game.engines.base import CHANCE, TERMINAL, Game, Phrase, State
from game.engines.tsuno import actions as act
from game.engines.tsuno import view
from game.engines.tsuno.observation import LastRollView, RollView, TsunoObservation
from game.engines.tsuno.rules import (
    ACTIVE_CHOICES,
    ACTIVE_OPTION,
    ADJACENT,
    AREA_SPLITS,
    AREAS,
    AREAS_OPTION,
    CLEAR_AREA_RETURN_ROLLS,
    DAYS,
    DIFFICULTY,
    DOOMED_ABSORB_ALL,
    GRID,
    HEALER,
    LAYOUT,
    LURE_MAY_FORCE_DEFENCE,
    LURERS,
    MAX_ABSORB,
    MAX_BESIDE,
    MAX_MORALE,
    MOBILE,
    MOBILITY_WIDENS_REPLENISH,
    NUM_CHIPS,
    NUM_REINFORCEMENTS,
    NUM_SOLDIERS,
    PRESETS,
    RELIEF_NEEDS_CHIPS,
    RING,
    SKILLED,
    YELLOW_DICE,
    YELLOW_ONE,
    YELLOW_STATED,
    active_areas,
    preset,
    resolve_black,
    resolve_roll,
    seat_of_areas,
)

OPTIONS: dict[str, list] = {
    DIFFICULTY: list(PRESETS),
    AREAS_OPTION: AREA_SPLITS,
    LAYOUT: [RING, GRID],
    YELLOW_DICE: [YELLOW_STATED, YELLOW_ONE],
    ACTIVE_OPTION: ACTIVE_CHOICES,
}

# Phases.
ROLL, ACT, ABSORB, OVER = range(4)
PHASE_NAMES = ("roll", "action", "absorb", "over")
APPEARANCE, ATTACK_ROLL = "appearance", "attack"


class TsunoGame(Game):
    id = "tsuno"
    title = "Tsuno Senki"
    title_ja = "津野戦記"
    min_players = 1
    max_players = 6
    perfect_information = True
    cooperative = True
    options: ClassVar[dict[str, list]] = OPTIONS

    def new_state(self, num_players: int | None = None, **options: Any) -> TsunoState:
        return TsunoState(self, self.resolve_players(num_players), self.resolve_options(options))

    def option_phrase(self, name: str, value: object) -> Phrase | None:
        """A custom split ("12|34|56") in words: its groups of areas, dealt to the seats in
        turn."""
        if name == AREAS_OPTION and isinstance(value, str) and value[:1].isdigit():
            return "option.tsuno.areas.custom", {"groups": view.split_groups(value)}
        return None


class TsunoState(State):
    def __init__(self, game: TsunoGame, num_players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.history = []
        dice = preset(options[DIFFICULTY], num_players, options[YELLOW_DICE])
        self.black_dice = dice.black
        self.yellow_dice = dice.yellow
        self.adjacent = ADJACENT[options[LAYOUT]]
        in_use = active_areas(options[ACTIVE_OPTION], num_players)
        # active[i]: area i + 1 is in use (the "active areas" variant leaves some out, §12).
        self.active = tuple(a in in_use for a in AREAS)
        # next_area[a - 1]: the area in use that acts after area a; 0 after the last one.
        self.next_area = tuple(dict(pairwise(in_use)).get(a, 0) for a in AREAS)
        if len(in_use) < len(AREAS):  # one area each, in area order
            self.seats = tuple(a % num_players for a in range(len(AREAS)))
        else:
            self.seats = seat_of_areas(options[AREAS_OPTION], num_players)
        # Per area (index area - 1). home: the unit stands in its area (False: in the castle).
        self.chips = [0] * 6
        self.morale = [dice.morale] * 6
        self.home = [True] * 6
        self.soldiers = [0] * 6  # soldiers beside the unit
        self.reinforcements = [0] * 6  # reinforcement pieces beside the unit
        self.castle = NUM_SOLDIERS
        self.wounded = 0
        self.chip_supply = NUM_CHIPS
        self.reinforcement_supply = NUM_REINFORCEMENTS
        self.day = 1  # date marker die D
        self.area = in_use[0]  # date marker die A: the action area
        self.result = 0  # +1 victory, -1 defeat
        self.loss = 0  # the loss waiting for an absorption decision
        self.last_roll: LastRollView | None = (
            None  # the last evaluated roll, for the board and the log
        )
        # The roll under way: its kind, how many black and yellow dice, the faces landed so far.
        self.phase = ROLL
        self.roll_kind = APPEARANCE
        self.roll_black = dice.black
        self.roll_yellow = dice.yellow
        self.dice: list[int] = []

    # --- protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == ROLL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.seats[self.area - 1]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == ROLL:
            return [0, 1, 2, 3, 4, 5]
        if phase == ACT:
            return self._action_choices()
        if phase == ABSORB:
            return [act.ABSORB_BASE + i for i in self._absorb_choices(self.loss)]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != ROLL:
            return []
        return [(face, 1 / 6) for face in range(6)]

    def sample_chance(self, rng: random.Random) -> int:
        return int(rng.random() * 6)

    def clone(self) -> TsunoState:
        other = object.__new__(TsunoState)
        other.__dict__.update(self.__dict__)
        other.history = self.history[:]
        other.chips = self.chips[:]
        other.morale = self.morale[:]
        other.home = self.home[:]
        other.soldiers = self.soldiers[:]
        other.reinforcements = self.reinforcements[:]
        other.dice = self.dice[:]
        return other  # last_roll is replaced, never mutated

    def returns(self) -> list[float]:
        return [float(self.result)] * self.num_players

    def determinize(self, player: int, rng: random.Random) -> TsunoState:
        return self.clone()  # perfect information: the dice are public

    def observed_action(self, player: int, action: int) -> int:
        return action  # every die is seen by everyone

    def numbered_turn(self) -> int:
        return self.day  # the seats act together: the day is the game's turn

    # --- legality ------------------------------------------------------------------------------
    def _action_choices(self) -> list[int]:
        a = self.area
        i = a - 1
        chips = self.chips
        if chips[i] >= 2:
            return [act.DEFEND]
        if not self.home[i]:
            return [act.ATTACK, act.WAIT]
        choices = [act.ATTACK, act.WAIT]
        if chips[i] == 0:
            targets = self._relief_targets(a)
            choices += [act.RELIEF_BASE + t - 1 for t in targets]
        if self.castle:
            choices += [act.REPLENISH_BASE + t - 1 for t in self._replenish_targets(a)]
        if self.soldiers[i] >= 1:
            choices.append(act.REST_1)
            if self.soldiers[i] >= 2:
                choices.append(act.REST_2)
        if a in LURERS and (LURE_MAY_FORCE_DEFENCE or not chips[i]):
            choices += [act.LURE_BASE + t - 1 for t in self.adjacent[a] if chips[t - 1]]
        if a == HEALER and self.wounded:
            choices.append(act.HEAL)
        choices.sort()
        return choices

    def _relief_targets(self, area: int) -> list[int]:
        near = [t for t in AREAS if t != area] if area == MOBILE else self.adjacent[area]
        if RELIEF_NEEDS_CHIPS:
            return [t for t in near if self.chips[t - 1]]
        return [t for t in near if self.active[t - 1]]

    def _replenish_targets(self, area: int) -> list[int]:
        near = self.adjacent[area]
        if MOBILITY_WIDENS_REPLENISH and area == MOBILE:
            near = tuple(t for t in AREAS if t != area)
        return [
            t
            for t in sorted((area, *near))
            if self.active[t - 1]
            and self.home[t - 1]
            and self.soldiers[t - 1] + self.reinforcements[t - 1] < MAX_BESIDE
        ]

    def _absorb_choices(self, loss: int) -> list[int]:
        """Indices into ABSORB_CHOICES allowed against ``loss`` for the AA unit: at most
        MAX_ABSORB pieces of those beside it, no more than the loss, and enough to keep morale
        >= 1 where that is possible (else, all that can absorb)."""
        i = self.area - 1
        soldiers, reinforcements, morale = self.soldiers[i], self.reinforcements[i], self.morale[i]
        fits = [
            k
            for k, (s, r) in enumerate(act.ABSORB_CHOICES)
            if s <= soldiers and r <= reinforcements and s + r <= min(loss, MAX_ABSORB)
        ]
        most = max(sum(act.ABSORB_CHOICES[k]) for k in fits)
        if morale - (loss - most) >= 1:
            return [k for k in fits if morale - (loss - sum(act.ABSORB_CHOICES[k])) >= 1]
        if DOOMED_ABSORB_ALL:
            return [k for k in fits if sum(act.ABSORB_CHOICES[k]) == most]
        return fits

    def illegal_reason(self, action: int) -> str | None:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, int) or not 0 <= action < act.NUM_ACTIONS:
            return f"{action!r} is not an action of Tsuno Senki"
        if action in self.legal_actions():
            return None
        if self.phase == ROLL:
            return "the dice are rolling: only a die face can come next"
        if self.phase == ABSORB:
            return self._absorb_refusal(action)
        return self._action_refusal(action)

    def _absorb_refusal(self, action: int) -> str:
        if not act.is_absorb(action):
            return f"area {self.area} must first choose which pieces absorb the loss"
        soldiers, reinforcements = act.ABSORB_CHOICES[action - act.ABSORB_BASE]
        i = self.area - 1
        if soldiers > self.soldiers[i] or reinforcements > self.reinforcements[i]:
            return "the unit does not have those pieces beside it"
        if soldiers + reinforcements > self.loss:
            return f"the loss is only {self.loss}"
        return "the unit must consume enough pieces to keep its morale at 1 or more"

    def _action_refusal(self, action: int) -> str:
        a = self.area
        i = a - 1
        if act.is_absorb(action) or act.is_face(action):
            return f"area {a} must choose its action"
        if self.chips[i] >= 2:
            return f"area {a} has {self.chips[i]} Ichijo chips: it must defend"
        if action == act.DEFEND:
            return f"area {a} defends only with 2 or more chips"
        if not self.home[i]:
            return "a unit in the castle may only defend, attack or wait"
        if act.is_relief(action):
            target = act.target_of(action)
            if self.chips[i]:
                return f"Relief needs area {a} free of chips"
            if target == a or (a != MOBILE and target not in self.adjacent[a]):
                return f"area {target} is not next to area {a}"
            if not self.active[target - 1]:
                return f"area {target} is not in use"
            return f"area {target} has no chips to remove"
        if act.is_replenish(action):
            target = act.target_of(action)
            if not self.castle:
                return "the castle has no soldier to send"
            if target != a and target not in self.adjacent[a]:
                return f"area {target} is not next to area {a}"
            if not self.active[target - 1]:
                return f"area {target} is not in use"
            if not self.home[target - 1]:
                return f"the unit of area {target} is in the castle"
            return f"the unit of area {target} has no free slot"
        if act.is_rest(action):
            return f"the unit of area {a} does not have that many soldiers beside it"
        if act.is_lure(action):
            target = act.target_of(action)
            if a not in LURERS:
                return "only areas 3 and 6 can lure"
            if self.chips[i]:
                return "a lure may not bring the area to 2 chips"
            if target not in self.adjacent[a]:
                return f"area {target} is not next to area {a}"
            return f"area {target} has no chips to lure"
        if action == act.HEAL:
            if a != HEALER:
                return "only area 4 can heal"
            return "no soldier is wounded"
        return f"{action} is not possible now"

    # --- mutation --------------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == ROLL:
            self.dice.append(action + 1)
            if len(self.dice) == self.roll_black + self.roll_yellow:
                self._evaluate_roll()
        elif phase == ACT:
            self._act(action)
        else:
            soldiers, reinforcements = act.ABSORB_CHOICES[action - act.ABSORB_BASE]
            self._absorb(soldiers, reinforcements)

    def _start_roll(self, kind: str, black: int, yellow: int) -> None:
        self.phase = ROLL
        self.roll_kind = kind
        self.roll_black = black
        self.roll_yellow = yellow
        self.dice = []

    def _evaluate_roll(self) -> None:
        black = tuple(self.dice[: self.roll_black])
        yellow = tuple(self.dice[self.roll_black :])
        resolution = resolve_roll(black, yellow) if yellow else resolve_black(black)
        for value in resolution.triples:  # triples first [rules §5]
            if self.active[value - 1]:  # an unused area's result is ignored [§12 variant]
                self._reinforce(value)
        record: LastRollView = {
            "kind": self.roll_kind,
            "area": self.area,
            "black": list(black),
            "yellow": list(yellow),
            "triples": list(resolution.triples),
            "counts": list(resolution.counts),
        }
        self.last_roll = record
        if self.roll_kind == APPEARANCE:
            self._place_chips(resolution.counts)
            self.phase = ACT
            return
        loss = resolution.counts[self.area - 1]
        record["loss"] = loss
        self.phase = ACT  # for the rest of the action the AA is acting again
        if self.home[self.area - 1]:
            self._lose(loss)
        else:
            self._castle_attack_done(loss)

    def _place_chips(self, counts: tuple[int, ...]) -> None:
        """Chips go out in ascending area order until the supply is empty [interpretation §10]."""
        for i, count in enumerate(counts):
            if not self.active[i]:
                continue  # an unused area's result is ignored [§12 variant]
            placed = min(count, self.chip_supply)
            self.chips[i] += placed
            self.chip_supply -= placed

    def _remove_chip(self, area: int) -> None:
        if self.chips[area - 1]:
            self.chips[area - 1] -= 1
            self.chip_supply += 1

    def _reinforce(self, area: int) -> None:
        """§6: morale +1 and a reinforcement piece beside the unit (replacing a soldier, who goes
        back to the castle, when both slots are full); otherwise a chip leaves the area."""
        i = area - 1
        if not self.home[i]:
            self._remove_chip(area)
            return
        self.morale[i] = min(MAX_MORALE, self.morale[i] + 1)
        if not self.reinforcement_supply or self.reinforcements[i] >= MAX_BESIDE:
            self._remove_chip(area)
            return
        if self.soldiers[i] + self.reinforcements[i] >= MAX_BESIDE:
            self.soldiers[i] -= 1
            self.castle += 1
        self.reinforcements[i] += 1
        self.reinforcement_supply -= 1

    def _act(self, action: int) -> None:
        a = self.area
        i = a - 1
        if action == act.DEFEND:
            loss = self.chips[i] - 1
            self.chips[i] = 1
            self.chip_supply += loss
            if self.home[i]:
                self._lose(loss)
            else:
                self._castle_pay(loss)
                if self.phase != OVER:
                    self._end_action()
        elif action == act.ATTACK:
            if not self.home[i] and not self.chips[i] and not CLEAR_AREA_RETURN_ROLLS:
                self._return_home()
                self._end_action()
            else:
                self._attack(a)
        elif act.is_relief(action):
            self._attack(act.target_of(action))
        elif act.is_replenish(action):
            t = act.target_of(action) - 1
            self.castle -= 1
            self.soldiers[t] += 1
            self.morale[t] = min(MAX_MORALE, self.morale[t] + 1)
            self._end_action()
        elif act.is_rest(action):
            count = action - act.REST_BASE
            self.soldiers[i] -= count
            self.castle += count
            self._end_action()
        elif act.is_lure(action):
            self.chips[act.target_of(action) - 1] -= 1
            self.chips[i] += 1
            self._end_action()
        elif action == act.HEAL:
            self.wounded -= 1
            self.castle += 1
            self._end_action()
        else:  # WAIT
            self._end_action()

    def attack_capacity(self) -> int:
        """Chips the AA unit may remove: itself plus the pieces beside it, or from the castle
        itself plus the castle's soldiers [rules §7, §9]."""
        i = self.area - 1
        if self.home[i]:
            return 1 + self.soldiers[i] + self.reinforcements[i]
        return 1 + self.castle

    def attack_dice(self) -> int:
        return self.black_dice - (self.area in SKILLED)

    def _attack(self, target: int) -> None:
        t = target - 1
        removed = min(self.chips[t], self.attack_capacity())
        self.chips[t] -= removed
        self.chip_supply += removed
        self._start_roll(ATTACK_ROLL, self.attack_dice(), 0)

    def _lose(self, loss: int) -> None:
        """The AA unit (in its area) loses ``loss`` morale: ask which pieces absorb it when
        there is a choice, else absorb at once."""
        if loss <= 0:
            self._end_action()
            return
        choices = self._absorb_choices(loss)
        if len(choices) == 1:
            self._absorb(*act.ABSORB_CHOICES[choices[0]], loss)
        else:
            self.loss = loss
            self.phase = ABSORB

    def _absorb(self, soldiers: int, reinforcements: int, loss: int | None = None) -> None:
        i = self.area - 1
        if loss is None:
            loss = self.loss
        self.loss = 0
        self.phase = ACT
        self.soldiers[i] -= soldiers
        self.wounded += soldiers
        self.reinforcements[i] -= reinforcements
        self.reinforcement_supply += reinforcements
        self.morale[i] -= loss - soldiers - reinforcements
        if self.morale[i] <= 0:
            self.home[i] = False  # retreat to the castle [§8]
            self._restore()
        if self.phase != OVER:
            self._end_action()

    def _restore(self) -> None:
        """Castle soldiers bring the AA unit's morale back to 1, one per missing point; if there
        are not enough, the castle falls [§8, §11]."""
        i = self.area - 1
        need = 1 - self.morale[i]
        if need > self.castle:
            self.result = -1
            self.phase = OVER
            return
        self.castle -= need
        self.wounded += need
        self.morale[i] = 1

    def _castle_pay(self, loss: int) -> None:
        """A castle unit pays a loss in castle soldiers, the rest from its morale [§9]."""
        paid = min(loss, self.castle)
        self.castle -= paid
        self.wounded += paid
        if loss > paid:
            self.morale[self.area - 1] -= loss - paid
            if self.morale[self.area - 1] <= 0:
                self._restore()

    def _castle_attack_done(self, loss: int) -> None:
        self._castle_pay(loss)
        if self.phase == OVER:
            return
        if not self.chips[self.area - 1]:
            self._return_home()
        self._end_action()

    def _return_home(self) -> None:
        i = self.area - 1
        self.home[i] = True
        self.morale[i] = min(MAX_MORALE, self.morale[i] + 1)

    def _end_action(self) -> None:
        """The next area in use acts; after the last one the day ends."""
        later = self.next_area[self.area - 1]
        if later:
            self.area = later
            self.phase = ACT
            return
        self.area = self.active.index(True) + 1
        if self.day == DAYS:
            self.result = 1  # the date marker has gone round [§4, §11]
            self.phase = OVER
            return
        self.day += 1
        self._start_roll(APPEARANCE, self.black_dice, self.yellow_dice)

    # --- presentation ----------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return view.english_phrase(*self.action_phrase(action))

    def action_phrase(self, action: int) -> tuple[str, dict[str, int | str]]:
        """The log entry of ``action`` (legal in ``self``, before it is applied)."""
        if not isinstance(action, int) or not 0 <= action < act.NUM_ACTIONS:
            return "unknown", {"action": repr(action)}
        if act.is_face(action):
            colour = "black" if len(self.dice) < self.roll_black else "yellow"
            args: dict[str, int | str] = {
                "colour": colour,
                "roll": self.roll_kind,
                "face": action + 1,
            }
            if self.roll_kind == "attack":  # the acting seat's roll: the log joins it to its turn
                args["player"] = self.seats[self.area - 1]
            return "die", args
        area = self.area
        args = {"area": area, "seat": self.seats[area - 1]}
        if action == act.DEFEND:
            return "defend", args
        if action == act.ATTACK:
            home = self.home[area - 1]
            return ("attack" if home or self.chips[area - 1] else "return"), args
        if action == act.WAIT:
            return "wait", args
        if action == act.HEAL:
            return "heal", args
        if act.is_rest(action):
            return "rest", {**args, "count": action - act.REST_BASE}
        if act.is_absorb(action):
            soldiers, reinforcements = act.ABSORB_CHOICES[action - act.ABSORB_BASE]
            return "absorb", {**args, "soldiers": soldiers, "reinforcements": reinforcements}
        key = (
            "relief"
            if act.is_relief(action)
            else "replenish"
            if act.is_replenish(action)
            else "lure"
        )
        return key, {**args, "target": act.target_of(action)}

    def observation(self, player: int) -> TsunoObservation:
        """Everything on the table, JSON-able."""
        phase = ("roll", "action", "absorb", "over")[self.phase]
        roll: RollView | None = None
        if phase == "roll":
            roll = {
                "kind": self.roll_kind,
                "area": self.area,
                "black": self.dice[: self.roll_black],
                "yellow": self.dice[self.roll_black :],
                "black_dice": self.roll_black,
                "yellow_dice": self.roll_yellow,
            }
        return {
            "difficulty": self.options[DIFFICULTY],
            "layout": self.options[LAYOUT],
            "adjacent": [list(self.adjacent[a]) for a in AREAS],
            "dice": {"black": self.black_dice, "yellow": self.yellow_dice},
            "day": self.day,
            "area": self.area,
            "phase": phase,
            "to_move": self.seats[self.area - 1] if phase in ("action", "absorb") else None,
            "areas": [
                {
                    "area": a,
                    "active": self.active[a - 1],
                    "seat": self.seats[a - 1],
                    "chips": self.chips[a - 1],
                    "unit": "area" if self.home[a - 1] else "castle",
                    "morale": self.morale[a - 1],
                    "soldiers": self.soldiers[a - 1],
                    "reinforcements": self.reinforcements[a - 1],
                }
                for a in AREAS
            ],
            "castle": self.castle,
            "wounded": self.wounded,
            "supply": {"chips": self.chip_supply, "reinforcements": self.reinforcement_supply},
            "roll": roll,
            "last_roll": self.last_roll,
            "loss": self.loss,
            "result": {1: "victory", -1: "defeat", 0: None}[self.result],
        }
