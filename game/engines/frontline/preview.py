"""The rules' answers a board asks of an observation: the odds of an attack, a unit's DEF as it
stands, why a unit declares nothing. Through the engine's own rules and dynamic programme
(``combat`` for modifiers and usable weapons, ``probability`` for the exact distribution); a
board never sees the state, so the engine rebuilds the units from their public views here
(everything on the table is public) and the board never builds an engine object.

P(hit) is the chance that at least one roll of the attack hits; P(½HP) the chance the target
ends the attack at its half HP or worse (destroyed included); P(destroyed) the chance it is
destroyed. Two weapons fire one after the other on the same distribution of damage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engines.frontline import combat
from game.engines.frontline.cards import Weapon
from game.engines.frontline.observation import FrontlineObservation, UnitView
from game.engines.frontline.probability import fold_attack, roll_odds
from game.engines.frontline.units import Unit


@dataclass(frozen=True)
class Preview:
    hit: float
    half: float
    destroyed: float
    needs: tuple[int, ...]  # per weapon fired: the 2d10 total needed (after modifiers)
    at_half: bool = False  # the target is at its half HP already (``half`` is then 1)


@dataclass(frozen=True)
class Shot:
    """One weapon fired: its printed line, its attack value against the target's column, the
    roll's modifier and the target's defence."""

    weapon: Weapon
    value: int
    mod: int
    defense: int


def unit_from_view(view: UnitView) -> Unit:
    """A :class:`Unit` with the fields of ``Unit.view`` (the public view of a unit)."""
    unit = Unit(view["card"], view["owner"], view["pos"], view["line"], view["crew"])
    unit.hp_max = view["hp_max"]
    unit.damage = view["damage"]
    unit.dmg_card = view["damage_card"]
    effect = view["effect"]
    if effect:
        unit.eff_kind = effect["kind"]
        unit.eff_value = effect["value"]
        unit.eff_row = effect["row"]
        unit.eff_left = effect["left"]
    unit.flight_left = view["flight_left"]
    unit.bomb_used = view["bomb_used"]
    unit.captured_from = view["captured_from"]
    unit.cmds = sum(1 << c for c in view["commands"])
    return unit


@dataclass
class Declared:
    """What ``combat``'s queries read of a state (``combat.AttackContext``), for a declared
    attack: the options, and no attack under way yet."""

    options: dict[str, Any]
    atk_pos: int = -1
    atk_target: int = -1
    atk_cmds: int = 0


def units(obs: FrontlineObservation) -> dict[int, Unit]:
    return {view["pos"]: unit_from_view(view) for view in obs["board"]}


def weapon_sets(obs: FrontlineObservation, attacker: int, target: int) -> list[int]:
    """The weapon sets (row bit masks) the attacker may fire at the target."""
    board = units(obs)
    return combat.weapon_sets(Declared(obs["options"]), board[attacker], board[target])


def shots(obs: FrontlineObservation, attacker: int, target: int, mask: int) -> list[Shot]:
    """Each weapon of ``mask`` that ``attacker`` fires at ``target``, with the numbers the
    damage formula takes: what the odds are worked out from and the tooltip explains."""
    board = units(obs)
    state = Declared(obs["options"])
    a, t = board[attacker], board[target]
    mod = combat.roll_mod(state, a, t)
    defense = combat.defense(state, t)
    out = []
    for row in range(3):
        if mask >> row & 1:
            weapon = a.printed.weapons[row]
            value = weapon.attack[combat.column(t)]
            assert value is not None
            out.append(Shot(weapon, value, mod, defense))
    return out


def preview(obs: FrontlineObservation, attacker: int, target: int, mask: int) -> Preview:
    """The odds of ``attacker`` firing the weapons of ``mask`` at ``target``."""
    t = units(obs)[target]
    hp_left = max(1, t.hp_left)
    damage = [0.0] * hp_left
    damage[0] = 1.0
    destroyed = 0.0
    miss_all = 1.0
    needs = []
    for shot in shots(obs, attacker, target, mask):
        weapon = shot.weapon
        odds = roll_odds(shot.value, shot.mod, weapon.damage_mod, shot.defense)
        damage, destroyed, _ = fold_attack(damage, destroyed, odds, weapon.rof, hp_left)
        miss_all *= (1.0 - odds.hit) ** weapon.rof
        needs.append(shot.value - shot.mod)
    lock_from = max(0, hp_left - t.printed.half_hp)
    half = destroyed + sum(damage[lock_from:])
    return Preview(1.0 - miss_all, half, destroyed, tuple(needs), at_half=lock_from == 0)


def best_preview(
    obs: FrontlineObservation, attacker: int, target: int
) -> tuple[int, Preview] | None:
    """The weapon set most likely to destroy the target (then to bring it to ½HP), with its
    odds: what a target shows before the weapons are picked."""
    best: tuple[int, Preview] | None = None
    for mask in weapon_sets(obs, attacker, target):
        odds = preview(obs, attacker, target, mask)
        if best is None or (odds.destroyed, odds.half, odds.hit) > (
            best[1].destroyed,
            best[1].half,
            best[1].hit,
        ):
            best = (mask, odds)
    return best


def defense_now(view: UnitView) -> int:
    """A unit's DEF as it stands (Dig In, Hull Down, a Damage card's modifier), by the
    engine's rule; not an attack's own cards (Flanking Shot)."""
    return combat.defense(Declared({}), unit_from_view(view))


def no_target(obs: FrontlineObservation, pos: int) -> str | None:
    """Why the viewer's unit at ``pos`` declares nothing this Combat Phase (the engine skips
    it silently), or None when it has a target: "crew" (none), "damaged" (a Damage card),
    "reach" (no enemy in reach of its line), "bullets" (against DEF 2 or more) or "weapons"
    (no weapon with a value against what it reaches)."""
    board = units(obs)
    unit = board[pos]
    context = Declared(obs["options"])
    enemies = [u for u in board.values() if u.owner != unit.owner]
    if not combat.can_attack(unit):
        return "crew" if not unit.crewed else "damaged"
    reach = [t for t in enemies if combat.line_ok(unit, t)]
    if any(combat.legal_target(context, unit, t) for t in reach) or not enemies:
        return None
    if not reach:
        return "reach"
    weapons = unit.printed.weapons
    column = [r for r in range(len(weapons)) for t in reach if weapons[r].attack[combat.column(t)]]
    if column and all(weapons[r].bullet for r in column):
        return "bullets"
    return "weapons"


def deciding_unit(obs: FrontlineObservation) -> UnitView | None:
    """The unit whose decision it is: the declaring attacker, else the attack under way's."""
    if obs["phase"] in ("declare", "weapons") and obs["queue"]:
        pos = obs["queue"][0]
    elif obs["attack"]["attacker"] is not None and obs["attack"]["attacker"] >= 0:
        pos = obs["attack"]["attacker"]
    else:
        return None
    return next((v for v in obs["board"] if v["pos"] == pos), None)
