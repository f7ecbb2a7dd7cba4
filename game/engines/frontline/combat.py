"""Combat rules as queries on a state: who may attack whom with what, and the modifiers
(rules §4.2.1, §4.2.3, §6, §9). One place for each rule; the state and the AI call these."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.engines.frontline import commands
from game.engines.frontline.cards import (
    AIRCRAFT,
    AIRLINE,
    ARM,
    COLUMN_OF_TYPE,
    FIELD_GUN,
    FRONT,
    INFANTRY,
    REAR,
    TANK,
    UNITS,
    VEHICLE,
    UnitCard,
)
from game.engines.frontline.options import (
    ASSAULT_MIN,
    ASSAULT_VALUE,
    FIELD_GUN_BONUS,
    FIELD_GUN_MOD,
    MAX_WEAPONS,
)
from game.engines.frontline.units import Unit

if TYPE_CHECKING:
    from game.engines.frontline.shape import FrontlineShape

__all__ = ["ASSAULT_MIN"]


class AttackContext(Protocol):
    """What the weapon and modifier queries read of a state: the options and the attack under
    way. A state is one; the board's odds pass a declared attack's (no state at hand)."""

    options: dict[str, Any]
    atk_pos: int
    atk_target: int
    atk_cmds: int


def column(target: Unit) -> int:
    return COLUMN_OF_TYPE[target.printed.type]


def can_attack(unit: Unit) -> bool:
    """Crewed (or N/C) and not under a "cannot attack" damage effect (§4.2.1)."""
    return unit.crewed and unit.effect("no_attack") is None


def line_ok(attacker: Unit, target: Unit) -> bool:
    """§4.2.1 line rule: Frontline units reach the enemy Frontline and aircraft; the Rear Line
    reaches both lines and aircraft; aircraft reach anything."""
    if attacker.line == AIRLINE or target.line == AIRLINE:
        return True
    return attacker.line == REAR or target.line == FRONT


def _affecting_rows(attacker: UnitCard, target: UnitCard) -> int:
    """The rows (a bit mask) of ``attacker``'s weapons with a value in ``target``'s column that
    are not bullet weapons against printed defense >= 2 (§9 and §12.9): printed facts only."""
    if target.is_crew:
        return 0
    mask = 0
    for row, weapon in enumerate(attacker.weapons):
        if weapon.attack[COLUMN_OF_TYPE[target.type]] is None:
            continue
        if not (weapon.bullet and target.defense >= 2):
            mask |= 1 << row
    return mask


# By attacker card, then target card: every rule query asks it, so it is read, not recomputed.
AFFECTING_ROWS = tuple(tuple(_affecting_rows(a, t) for t in UNITS) for a in UNITS)


def weapon_affects(attacker: Unit, row: int, target: Unit) -> bool:
    """The weapon has a value in the target's column and is not a bullet weapon against base
    defense >= 2 (the bullet rule uses the printed defense, §9 and §12.9)."""
    return bool(AFFECTING_ROWS[attacker.card][target.card] >> row & 1)


def usable_rows(state: AttackContext, attacker: Unit, target: Unit) -> int:
    """The rows (a bit mask) ``weapon_usable`` allows against ``target``."""
    mask = AFFECTING_ROWS[attacker.card][target.card]
    if not mask:
        return 0
    printed = attacker.printed
    if attacker.bomb_used:
        for row, weapon in enumerate(printed.weapons):
            if weapon.bomb:
                mask &= ~(1 << row)
    if attacker.eff_kind == "weapon_disabled" and attacker.eff_left != 0 and attacker.eff_row:
        mask &= ~(1 << (attacker.eff_row - 1))
    if printed.mfa and attacker.line == REAR and target.printed.type != AIRCRAFT:
        mask &= 1
    return mask


def weapon_usable(state: AttackContext, attacker: Unit, row: int, target: Unit) -> bool:
    """``weapon_affects`` plus: bombs once per sortie (§9 #16); a weapon disabled by a Damage
    card; mobile field artillery in the Rear Line fires only row 1 at ground targets (§9 #17)."""
    return bool(usable_rows(state, attacker, target) >> row & 1)


def legal_target(state: AttackContext, attacker: Unit, target: Unit) -> bool:
    if target.owner == attacker.owner or not line_ok(attacker, target):
        return False
    return usable_rows(state, attacker, target) != 0


def max_weapons(attacker: Unit) -> int:
    limit = attacker.effect("max_weapons_per_attack")
    return MAX_WEAPONS if limit is None else min(MAX_WEAPONS, limit)


def weapon_sets(state: AttackContext, attacker: Unit, target: Unit) -> list[int]:
    """The weapon choices against ``target`` as row bit masks: every non-empty set of usable
    weapons of at most ``max_weapons`` (§4.2.1 "up to two of its weapons")."""
    usable = usable_rows(state, attacker, target)
    limit = max_weapons(attacker)
    return [
        mask
        for mask in range(1, 1 << len(attacker.printed.weapons))
        if mask & usable == mask and mask.bit_count() <= limit
    ]


def roll_mod(state: AttackContext, attacker: Unit | None, target: Unit) -> int:
    """Modifiers to an attack roll against ``target`` (natural specials are not affected):
    the +2 against field guns and immobilized units (§9 #1; the other reading makes it -2),
    the attacker's and the target's damage effects."""
    mod = 0
    if target.printed.type == FIELD_GUN or target.effect("immobilized") is not None:
        mod += FIELD_GUN_MOD if state.options[FIELD_GUN_BONUS] == "attacker" else -FIELD_GUN_MOD
    if attacker is not None:
        mod += attacker.effect("attack_roll_mod") or 0
    mod += target.effect("enemy_attack_roll_mod_against") or 0
    current = attacker is not None and attacker.pos == state.atk_pos
    return mod + commands.roll_mod(attacker, target, state.atk_cmds if current else 0)


def defense(state: AttackContext, target: Unit) -> int:
    """Modified defense (never below 0); the bullet rule keeps using the printed one."""
    value = target.printed.defense + (target.effect("defense_mod") or 0)
    current = target.pos == state.atk_target
    value += commands.defense_mod(target, state.atk_cmds if current else 0)
    return max(0, value)


def assault_group(state: FrontlineShape, seat: int) -> list[Unit]:
    """Infantry of ``seat`` able to attack: a close assault needs at least three (§4.2.1)."""
    group = [
        u
        for u in state.board.values()
        if u.owner == seat and u.printed.type == INFANTRY and can_attack(u)
    ]
    return group if len(group) >= ASSAULT_MIN else []


def assault_target(state: FrontlineShape, attacker: Unit, target: Unit, group: list[Unit]) -> bool:
    """A tank or vehicle that the attacker and at least two more of the group reach by the line
    rule (§4.2.1; the bullet rule does not apply, §9 #18)."""
    if attacker.printed.type != INFANTRY or target.owner == attacker.owner:
        return False
    if target.printed.type not in (TANK, VEHICLE) or not line_ok(attacker, target):
        return False
    return sum(1 for u in group if line_ok(u, target)) >= ASSAULT_MIN


def assault_value(state: FrontlineShape, members: list[int]) -> int:
    """The group's attack value vs ARM: the numerically highest of its weapons' ARM values
    (the literal reading), or the best (lowest) one, by option."""
    values = [
        value
        for pos in members
        for w in state.board[pos].printed.weapons
        if (value := w.attack[ARM]) is not None
    ]
    return max(values) if state.options[ASSAULT_VALUE] == "highest" else min(values)
