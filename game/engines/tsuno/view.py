"""What players see of Tsuno Senki: the observation (the same for every seat, as everything is
public) and the move log as phrases (key + arguments), worded in English here and in the
player's language by the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engines.tsuno import actions as act
from game.engines.tsuno.observation import RollView, TsunoObservation
from game.engines.tsuno.rules import AREAS, DIFFICULTY, LAYOUT

if TYPE_CHECKING:
    from game.engines.tsuno.state import TsunoState

PHRASES = {
    "die": "{colour} die ({roll} roll): {face}",
    "defend": "Area {area} defends",
    "attack": "Area {area} attacks",
    "return": "Area {area} returns from the castle",
    "relief": "Area {area} relieves area {target}",
    "replenish": "Area {area} sends a soldier to area {target}",
    "rest": "Area {area} rests {count} soldier(s)",
    "lure": "Area {area} lures a chip from area {target}",
    "heal": "Area {area} heals a wounded soldier",
    "wait": "Area {area} waits",
    "absorb": (
        "Area {area} absorbs with {soldiers} soldier(s) and {reinforcements} reinforcement(s)"
    ),
    "unknown": "unknown action {action}",
}


def english_phrase(key: str, args: dict[str, int | str]) -> str:
    return PHRASES[key].format(**args)


def action_phrase(state: TsunoState, action: int) -> tuple[str, dict[str, int | str]]:
    """The log entry of ``action`` (legal in ``state``, before it is applied)."""
    if not isinstance(action, int) or not 0 <= action < act.NUM_ACTIONS:
        return "unknown", {"action": repr(action)}
    if act.is_face(action):
        colour = "black" if len(state.dice) < state.roll_black else "yellow"
        args: dict[str, int | str] = {"colour": colour, "roll": state.roll_kind, "face": action + 1}
        if state.roll_kind == "attack":  # the acting seat's roll: the log joins it to its turn
            args["player"] = state.seats[state.area - 1]
        return "die", args
    area = state.area
    args = {"area": area, "seat": state.seats[area - 1]}
    if action == act.DEFEND:
        return "defend", args
    if action == act.ATTACK:
        home = state.home[area - 1]
        return ("attack" if home or state.chips[area - 1] else "return"), args
    if action == act.WAIT:
        return "wait", args
    if action == act.HEAL:
        return "heal", args
    if act.is_rest(action):
        return "rest", {**args, "count": action - act.REST_BASE}
    if act.is_absorb(action):
        soldiers, reinforcements = act.ABSORB_CHOICES[action - act.ABSORB_BASE]
        return "absorb", {**args, "soldiers": soldiers, "reinforcements": reinforcements}
    key = "relief" if act.is_relief(action) else "replenish" if act.is_replenish(action) else "lure"
    return key, {**args, "target": act.target_of(action)}


def split_groups(split: str) -> str:
    """A custom split's groups of consecutive areas as ranges: "12|3|456" -> "1–2 · 3 · 4–6"."""
    return " · ".join(
        group if len(group) == 1 else f"{group[0]}–{group[-1]}" for group in split.split("|")
    )


def observation(state: TsunoState) -> TsunoObservation:
    """Everything on the table, JSON-able."""
    phase = ("roll", "action", "absorb", "over")[state.phase]
    roll: RollView | None = None
    if phase == "roll":
        roll = {
            "kind": state.roll_kind,
            "area": state.area,
            "black": state.dice[: state.roll_black],
            "yellow": state.dice[state.roll_black :],
            "black_dice": state.roll_black,
            "yellow_dice": state.roll_yellow,
        }
    return {
        "difficulty": state.options[DIFFICULTY],
        "layout": state.options[LAYOUT],
        "adjacent": [list(state.adjacent[a]) for a in AREAS],
        "dice": {"black": state.black_dice, "yellow": state.yellow_dice},
        "day": state.day,
        "area": state.area,
        "phase": phase,
        "to_move": state.seats[state.area - 1] if phase in ("action", "absorb") else None,
        "areas": [
            {
                "area": a,
                "active": state.active[a - 1],
                "seat": state.seats[a - 1],
                "chips": state.chips[a - 1],
                "unit": "area" if state.home[a - 1] else "castle",
                "morale": state.morale[a - 1],
                "soldiers": state.soldiers[a - 1],
                "reinforcements": state.reinforcements[a - 1],
            }
            for a in AREAS
        ],
        "castle": state.castle,
        "wounded": state.wounded,
        "supply": {"chips": state.chip_supply, "reinforcements": state.reinforcement_supply},
        "roll": roll,
        "last_roll": state.last_roll,
        "loss": state.loss,
        "result": {1: "victory", -1: "defeat", 0: None}[state.result],
    }
