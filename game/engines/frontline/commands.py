"""Command cards (rules §5, §10.3): which card may be played in which window on which unit, and
what it does. The windows (§5.2): C1 after the commitment reveal, C2 after the declarations,
C3 before an attack roll (the attack's owner), C4 declared as an infantry attack (Surrender!),
C5 at the end of the Combat Phase, C6 in the Draw Phase (Reinforcements).

A lasting effect is a bit of ``Unit.cmds`` (index of the card); effects of the same card do not
stack (§5.1), so a card whose bit is already set on its unit cannot be played on it again. The
attack-long cards (Flanking Shot, AP Rounds, Steady Aim) are bits of ``state.atk_cmds``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engines.frontline.cards import (
    AIRCRAFT,
    AIRLINE,
    COMMAND_INDEX,
    COMMANDS,
    FIELD_GUN,
    INFANTRY,
    RAW,
    REAR,
    TANK,
    TYPE_NAMES,
    VEHICLE,
)
from game.engines.frontline.phases import CLOSE_ASSAULT, NORMAL
from game.engines.frontline.units import Unit

if TYPE_CHECKING:
    from game.engines.frontline.shape import FrontlineShape

FIRE_MISSION = COMMAND_INDEX["fire_mission"]
CAMOUFLAGE = COMMAND_INDEX["camouflage"]
HULL_DOWN = COMMAND_INDEX["hull_down"]
FLANKING = COMMAND_INDEX["flanking_shot"]
AP_ROUNDS = COMMAND_INDEX["ap_rounds"]
DIG_IN = COMMAND_INDEX["dig_in"]
AMBUSH = COMMAND_INDEX["ambush"]
SMOKE = COMMAND_INDEX["smoke_screen"]
FIELD_REPAIRS = COMMAND_INDEX["field_repairs"]
MEDIC = COMMAND_INDEX["medic"]
WITHDRAWAL = COMMAND_INDEX["tactical_withdrawal"]
DROP_TANKS = COMMAND_INDEX["drop_tanks"]
SURRENDER = COMMAND_INDEX["surrender"]
STEADY_AIM = COMMAND_INDEX["steady_aim"]
REINFORCEMENTS = COMMAND_INDEX["reinforcements"]

C1, C2, C3, C5, C6 = "C1", "C2", "C3", "C5", "C6"
WINDOW_CARDS = {
    C1: (CAMOUFLAGE, HULL_DOWN, DIG_IN, WITHDRAWAL, DROP_TANKS),
    C2: (SMOKE, AMBUSH),
    C3: (FIRE_MISSION, FLANKING, AP_ROUNDS, STEADY_AIM),
    C5: (FIELD_REPAIRS, MEDIC),
    C6: (REINFORCEMENTS,),
}
SELF_CARDS = (AMBUSH, REINFORCEMENTS, FLANKING, AP_ROUNDS, STEADY_AIM)  # no unit to choose

# Values from the card data, so a balance pass edits cards.json only.
_EFFECT = {c.index: c.effect for c in COMMANDS}
FIRE_MISSION_MOD = _EFFECT[FIRE_MISSION]["attack_roll_mod"]
CAMOUFLAGE_MOD = _EFFECT[CAMOUFLAGE]["enemy_attack_roll_mod_against"]
HULL_DOWN_DEF = _EFFECT[HULL_DOWN]["defense_mod"]
DIG_IN_DEF = _EFFECT[DIG_IN]["defense_mod"]
FLANKING_DEF = _EFFECT[FLANKING]["target_defense_mod"]
AP_DAMAGE = _EFFECT[AP_ROUNDS]["damage_mod"]
STEADY_MOD = _EFFECT[STEADY_AIM]["attack_roll_mod"]
AMBUSH_MOD = _EFFECT[AMBUSH]["initiative_mod"]
DROP_TANKS_TURNS = _EFFECT[DROP_TANKS]["flight_turns_mod"]
REINFORCEMENT_DRAWS = _EFFECT[REINFORCEMENTS]["draw_unit_cards"]
# Surrender! (§10.3): the 1d10 needed to capture a damaged infantry / crewed vehicle or gun.
SURRENDER_INFANTRY, SURRENDER_CREWED = 6, 8


# The unit types a card may be played on (§5.1 icons).
_ICONS = {COMMAND_INDEX[c["id"]]: tuple(c["icons"]) for c in RAW["command_cards"]}


def _icons_allow(card: int, unit: Unit) -> bool:
    icons = _ICONS[card]
    return "ANY" in icons or TYPE_NAMES[unit.printed.type] in icons


def has(unit: Unit, card: int) -> bool:
    return bool(unit.cmds >> card & 1)


def ground(unit: Unit) -> bool:
    return unit.line != AIRLINE


def unit_targets(state: FrontlineShape, seat: int, card: int) -> list[int]:
    """Positions ``card`` may be played on by ``seat`` now (its window assumed)."""
    out = []
    for unit in state.board.values():
        if not _icons_allow(card, unit) or has(unit, card):
            continue
        own = unit.owner == seat
        if card == CAMOUFLAGE:
            ok = own and ground(unit) and unit.line != REAR
        elif card in (HULL_DOWN, DIG_IN):
            ok = own and ground(unit)
        elif card == WITHDRAWAL:
            immobile = unit.effect("immobilized") is not None
            ok = own and ground(unit) and not immobile and unit.captured_from < 0
        elif card == DROP_TANKS:
            ok = own and unit.printed.type == AIRCRAFT
        elif card == SMOKE:
            ok = not own and ground(unit) and declared_attack(state, unit) is not None
        elif card in (FIELD_REPAIRS, MEDIC):
            ok = own and unit.dmg_card >= 0
        elif card == FIRE_MISSION:
            ok = (
                own
                and unit.pos == state.atk_pos
                and unit.line == REAR
                and (unit.printed.type == FIELD_GUN or unit.printed.mfa)
            )
        else:
            ok = False
        if ok:
            out.append(unit.pos)
    return sorted(out)


def attack_card_ok(state: FrontlineShape, card: int) -> bool:
    """C3 cards on the attack under way (the attacker's icons and the target's type)."""
    if state.atk_kind != NORMAL or state.atk_pos not in state.board:
        return False
    attacker = state.board[state.atk_pos]
    target = state.board.get(state.atk_target)
    if target is None or state.atk_cmds >> card & 1 or not _icons_allow(card, attacker):
        return False
    if card == FLANKING:
        return target.printed.type in (TANK, VEHICLE)
    if card == AP_ROUNDS:
        return target.printed.type in (TANK, VEHICLE, FIELD_GUN)
    return card == STEADY_AIM


def playable(state: FrontlineShape, seat: int, window: str) -> list[int]:
    """Command card indices ``seat`` could play in ``window`` now."""
    return [
        card
        for card in sorted(set(state.hand_commands[seat]))
        if _playable(state, seat, window, card)
    ]


def any_playable(state: FrontlineShape, seat: int, window: str) -> bool:
    """Whether ``playable`` is not empty (asked before every window and roll: short-cut)."""
    return any(_playable(state, seat, window, card) for card in state.hand_commands[seat])


def _playable(state: FrontlineShape, seat: int, window: str, card: int) -> bool:
    if card not in WINDOW_CARDS[window] or state.reserved[seat].count(card) >= (
        state.hand_commands[seat].count(card)
    ):
        return False
    if card == AMBUSH:
        return state.init_mods[seat] == 0
    if card == REINFORCEMENTS:
        return state.reserve_size(seat) > 0
    if card in (FLANKING, AP_ROUNDS, STEADY_AIM):
        return attack_card_ok(state, card)
    return bool(unit_targets(state, seat, card))


def play(state: FrontlineShape, seat: int, card: int, pos: int) -> None:
    """Discard ``card`` from ``seat``'s hand and apply it (``pos``: its unit, -1 for none)."""
    state.hand_commands[seat].remove(card)
    state.command_discard.append(card)
    unit = state.board.get(pos)
    if card == AMBUSH:
        state.init_mods[seat] = AMBUSH_MOD
    elif card in (FLANKING, AP_ROUNDS, STEADY_AIM):
        state.atk_cmds |= 1 << card
    elif card == REINFORCEMENTS:
        state.extra_unit_draws += REINFORCEMENT_DRAWS
    elif unit is None:
        raise ValueError("a unit card needs its unit")
    elif card in (CAMOUFLAGE, HULL_DOWN, DIG_IN, FIRE_MISSION):
        unit.cmds |= 1 << card
    elif card == DROP_TANKS:
        unit.cmds |= 1 << card
        unit.flight_left += DROP_TANKS_TURNS
    elif card == SMOKE:
        attack = declared_attack(state, unit)
        assert attack is not None  # a legal target of Smoke Screen takes part in one
        state.attacks[unit.owner].remove(attack)
        unit.cmds |= 1 << card  # on the unit for the Combat Phase: why it does not fire
    elif card in (FIELD_REPAIRS, MEDIC):
        state.damage_discard.append(unit.dmg_card)
        unit.dmg_card = -1
        unit.hp_max = unit.printed.hp
        unit.eff_kind = ""
    elif card == WITHDRAWAL:
        state.withdraw_to_hand(unit)


def declared_attack(state: FrontlineShape, unit: Unit) -> tuple[int, int, int, int] | None:
    """The declared attack ``unit`` takes part in: its own, or its group's close assault, which
    any member may be smoked out of (§9 #27)."""
    decls = state.decls[unit.owner]
    for attack in state.attacks[unit.owner]:
        kind, lead, target, _ = attack
        if lead == unit.pos or (kind == CLOSE_ASSAULT and (kind, unit.pos, target, 0) in decls):
            return attack
    return None


def roll_mod(attacker: Unit | None, target: Unit, atk_cmds: int) -> int:
    mod = 0
    if has(target, CAMOUFLAGE):
        mod += CAMOUFLAGE_MOD
    if attacker is not None and has(attacker, FIRE_MISSION):
        mod += FIRE_MISSION_MOD
    if atk_cmds >> STEADY_AIM & 1:
        mod += STEADY_MOD
    return mod


def defense_mod(target: Unit, atk_cmds: int) -> int:
    mod = 0
    if has(target, HULL_DOWN):
        mod += HULL_DOWN_DEF
    if has(target, DIG_IN):
        mod += DIG_IN_DEF
    if atk_cmds >> FLANKING & 1:
        mod += FLANKING_DEF
    return mod


def damage_mod(atk_cmds: int) -> int:
    return AP_DAMAGE if atk_cmds >> AP_ROUNDS & 1 else 0


def surrender_targets(state: FrontlineShape, attacker: Unit) -> list[int]:
    """C4: a Frontline infantry unit of a seat holding a free Surrender! card may declare it
    against an enemy Frontline unit that it could capture (§10.3)."""
    seat = attacker.owner
    free = state.hand_commands[seat].count(SURRENDER) - state.reserved[seat].count(SURRENDER)
    if free <= 0 or attacker.printed.type != INFANTRY or attacker.line == REAR:
        return []
    return sorted(
        u.pos
        for u in state.board.values()
        if u.owner != seat and u.line not in (REAR, AIRLINE) and surrender_need(u) is not None
    )


def surrender_need(unit: Unit) -> int | None:
    """The 1d10 needed to capture ``unit`` with Surrender! (0: automatic; None: not possible)."""
    printed = unit.printed
    if printed.crew >= 0 and unit.crew < 0:
        return 0
    if unit.dmg_card < 0:
        return None
    if printed.type == INFANTRY:
        return SURRENDER_INFANTRY
    if printed.type in (TANK, VEHICLE, FIELD_GUN):
        return SURRENDER_CREWED
    return None
