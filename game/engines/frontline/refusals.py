"""Why an action is refused, in words a player understands (``FrontlineState.illegal_reason``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engines.frontline import combat
from game.engines.frontline.actions import ASSAULT, CARD, DONE, REAR_CARD, UNIT, kind_of
from game.engines.frontline.cards import NO_CREW, UNITS
from game.engines.frontline.phases import (
    PH_CHOOSE_ATTACK,
    PH_COMMIT,
    PH_DECLARE,
    PH_DISCARD_UNIT,
    PH_PICK,
    PHASE_NAMES,
)

if TYPE_CHECKING:
    from game.engines.frontline.shape import FrontlineShape

WAITING_FOR = {
    "pick": "a starting card from your deck",
    "deal": "a command card to be dealt",
    "commit": "a card from your hand to set aside, or DONE",
    "declare": "a target for your next attacker (or hold fire)",
    "weapons": "the weapons of this attack",
    "initiative": "the initiative roll",
    "order": "who attacks first",
    "choose_attack": "one of your declared attacks",
    "friendly_fire": "the friendly-fire victim",
    "draw_choice": "a command card or a unit card",
    "discard_unit": "a unit card to put under your Reserves",
    "discard_command": "a command card to discard",
}


def explain(state: FrontlineShape, action: int) -> str:
    phase = state.phase
    name = PHASE_NAMES[phase]
    if state.current_player() < 0:
        return "this is a chance event, not a decision"
    kind = kind_of(action)
    if phase == PH_PICK and kind == "card":
        return f"{UNITS[action - CARD].name} is not among the cards left in your deck"
    if phase == PH_COMMIT:
        return _commit_reason(state, action, kind)
    if phase == PH_DECLARE and kind in ("unit", "assault"):
        return _target_reason(state, action, kind)
    if phase == PH_CHOOSE_ATTACK and kind == "unit":
        return "that unit has no declared attack left to resolve"
    if phase == PH_DISCARD_UNIT and kind == "card":
        return f"you hold no {UNITS[action - CARD].name}"
    return f"that is not a choice now: the game is waiting for {WAITING_FOR.get(name, name)}"


def _commit_reason(state: FrontlineShape, action: int, kind: str) -> str:
    p = state.player
    if action == DONE:
        return (
            "every committed unit that needs a crew must have one, and a crew may only come "
            "with a unit or replace a missing crew in the Battle Area"
        )
    if kind not in ("card", "rear"):
        return f"the game is waiting for {WAITING_FOR['commit']}"
    card = action - CARD if kind == "card" else action - REAR_CARD
    printed = UNITS[card]
    if card not in state.hand_units[p]:
        return f"you hold no {printed.name}"
    if kind == "rear" and not printed.mfa:
        return f"{printed.name} deploys only to the line printed on it"
    if kind == "card" and not printed.is_crew and printed.lines == (1,):
        return f"{printed.name} deploys to the Rear Line"
    if printed.is_crew:
        return f"a {printed.name} needs a unit to operate: commit one with it"
    if printed.crew != NO_CREW:
        return f"{printed.name} needs a crew: you have none left to commit with it"
    return f"{printed.name} cannot be committed now"


def _target_reason(state: FrontlineShape, action: int, kind: str) -> str:
    pos = action - (UNIT if kind == "unit" else ASSAULT)
    target = state.board.get(pos)
    attacker = state.board[state.queue[0]]
    if target is None:
        return "there is no unit there"
    if target.owner == attacker.owner:
        return "you cannot target your own unit"
    if not combat.line_ok(attacker, target):
        return "a Frontline unit can only target the enemy Frontline and aircraft"
    if kind == "assault":
        return (
            "a close assault needs three or more of your infantry, able to attack, against "
            "a tank or vehicle"
        )
    return (
        f"none of {attacker.printed.name}'s weapons can affect {target.printed.name} "
        "(bullet weapons cannot hurt a printed defense of 2 or more)"
    )
