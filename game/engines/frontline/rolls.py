"""What a die did, for the move log: each roll in words, with the numbers that decided it.

A log step is worded before its action is applied; for a die this module applies it to a copy
of the state and reads both observations (all public: the Battle Area, VP, prisoners, the cards
put under the Reserves in the open), so the words say what happened ("9+7 = 16, needs 12:
hit", "power 6 +6 − DEF 4 = 8 damage: Panzer IV 5/13 HP", "destroyed (+12 VP); the crew is
captured (+4 VP)") and a player can tell from the log alone why each unit lived or died. The
numbers come from the engine's rules (``combat``, ``commands``, ``probability``) through the
same public unit views the odds preview uses; the outcome is the engine's own.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from game import i18n
from game.engines.base import State
from game.engines.frontline import combat, commands
from game.engines.frontline.cards import UNITS
from game.engines.frontline.observation import FrontlineObservation, UnitView
from game.engines.frontline.preview import Declared, units
from game.engines.frontline.probability import AUTO_DESTROY, DOUBLE_POWER, FRIENDLY_FIRE
from game.engines.frontline.state import CLOSE_ASSAULT
from game.engines.frontline.units import Unit

Phrase = tuple[str, dict[str, Any]]
# Rolls whose phrase this module words (``knowledge.action_phrase``'s keys for a die).
ROLLS = ("die", "initiative")


def phrase(state: State, action: int, viewer: int, said: Phrase) -> Phrase:
    """The phrase of die ``action`` in ``state`` with what it decided; ``said`` (the engine's
    "rolls 7") where this die decides nothing alone (the first of a 2d10)."""
    before = cast(FrontlineObservation, state.observation(viewer))
    after_state = state.clone()
    after_state.apply_action(action)
    after = cast(FrontlineObservation, after_state.observation(viewer))
    face = int(said[1]["die"])
    player = int(said[1]["player"])
    worded = {
        "initiative": _initiative,
        "attack_die": _attack_roll,
        "power_die": _power_roll,
        "assault_die": _assault_roll,
        "crew_die": _crew_roll,
        "fire_die": _fire_roll,
        "surrender_die": _surrender_roll,
    }.get(before["phase"])
    if worded is None:
        return said
    out = worded(before, after, face, player)
    return said if out is None else out


def attacker_card(obs: FrontlineObservation) -> int | None:
    """The card of the unit whose attack is under way, if it is on the table."""
    view = _view(obs, obs["attack"]["attacker"])
    return None if view is None else int(view["card"])


def initiative_calc(face: int, ambush: int, boost: int, lang: str) -> str:
    """An initiative roll in figures: "5 +3 Ambush! = 8" (the die alone without modifiers),
    the card by its name in ``lang``."""
    calc = str(face)
    if ambush:
        calc += f" {_signed(ambush)} " + i18n.t_in(lang, "frontline.cmd.ambush")
    if boost:
        calc += f" {_signed(boost)}"
    return calc + (f" = {face + ambush + boost}" if ambush or boost else "")


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def _vp(before: FrontlineObservation, after: FrontlineObservation, seat: int) -> int:
    return int(after["seats"][seat]["vp"]) - int(before["seats"][seat]["vp"])


def _view(obs: FrontlineObservation, pos: int) -> UnitView | None:
    return next((v for v in obs["board"] if v["pos"] == pos), None)


def _cmds(obs: FrontlineObservation) -> int:
    return sum(1 << c for c in obs["attack_cards"])


def _context(obs: FrontlineObservation) -> Declared:
    attack = obs["attack"]
    return Declared(obs["options"], attack["attacker"], attack["target"], _cmds(obs))


# --- initiative ------------------------------------------------------------------------------
def _initiative(
    before: FrontlineObservation, after: FrontlineObservation, face: int, player: int
) -> Phrase:
    """ "rolls 5 +3 Ambush! = 8 for initiative", and after the second roll who won."""
    ambush = int(before["seats"][player]["ambush"])
    boost = int(before["boost"])
    total = face + ambush + boost
    # The figures, not their words: a guest words the phrase in its own language.
    args: dict[str, Any] = {"player": player, "face": face, "ambush": ambush, "boost": boost}
    other = int(before["init_rolls"][1 - player])
    if player == 0 or not other:
        return "initiative_roll", args
    args["other"] = other
    if other == total:
        return "initiative_tie", args
    args["winner"] = 1 if total > other else 0
    return "initiative_won", args


# --- an attack roll --------------------------------------------------------------------------
def _attack_roll(
    before: FrontlineObservation, after: FrontlineObservation, face: int, player: int
) -> Phrase | None:
    """The second die of a 2d10: the total against the value needed, and what it did."""
    attack = before["attack"]
    if len(attack["dice"]) != 1:
        return None
    first = int(attack["dice"][0])
    natural = first + face
    board = units(before)
    target = board.get(attack["target"])
    if target is None:
        return None
    assault = attack["kind"] == CLOSE_ASSAULT
    attacker = None if assault else board.get(attack["attacker"])
    row = -1 if assault else int(attack["row"])
    args: dict[str, Any] = {
        "player": player,
        "unit": (attacker.card if attacker else target.card),
        "row": row,
        "target": target.card,
        "n": natural,
        "dice": f"{first}+{face}",
    }
    if natural in FRIENDLY_FIRE:
        key = "roll_friendly" if after["phase"] == "friendly_fire" else "roll_friendly_none"
        return key, {**args, "opponent": 1 - player}
    if natural in AUTO_DESTROY:
        return "roll_destroy", {**args, "vp": _vp(before, after, player)}
    need, mod = _need(before, board, attacker, target, row)
    mod += int(before["boost"])
    total = natural + mod
    calc = f"{first}+{face}" + (f" {_signed(mod)}" if mod else "") + f" = {total}"
    power = after["phase"] == "roll_window" and after["roll_kind"] == "power_die"
    hit = power or after["phase"] in ("power_die", "assault_die")  # the engine's outcome
    key = "roll_miss" if not hit else "roll_double" if natural == DOUBLE_POWER else "roll_hit"
    return key, {**args, "calc": calc, "need": need}


def _need(
    obs: FrontlineObservation, board: dict[int, Unit], attacker: Unit | None, target: Unit, row: int
) -> tuple[int, int]:
    """The printed value needed and the roll's modifier (before a +1 discard)."""
    context = _context(obs)
    if attacker is None:  # a close assault: the group's value, no attacker's modifiers
        group = SimpleNamespace(board=board, options=obs["options"])
        value = combat.assault_value(group, obs["attack"]["members"])
        return value, combat.roll_mod(context, None, target)
    printed = attacker.printed.weapons[row].attack[combat.column(target)]
    return int(printed or 0), combat.roll_mod(context, attacker, target)


# --- damage ----------------------------------------------------------------------------------
def _power_roll(
    before: FrontlineObservation, after: FrontlineObservation, face: int, player: int
) -> Phrase | None:
    """The power d10 of a hit: the damage formula, then the target's HP or its end."""
    attack = before["attack"]
    board = units(before)
    target, attacker = board.get(attack["hit"]), board.get(attack["attacker"])
    if target is None or attacker is None:
        return None
    weapon = attacker.printed.weapons[attack["row"]]
    friendly = bool(attack["friendly"])
    doubled = not friendly and attack["natural"] == DOUBLE_POWER
    mod = weapon.damage_mod + int(before["boost"])
    if not friendly:
        mod += commands.damage_mod(_cmds(before))
    calc = f"{face}" + ("×2" if doubled else "") + f" {_signed(mod)}"
    base = face * (2 if doubled else 1) + mod
    return _damage(before, after, target, ("power", calc, base), player)


def _assault_roll(
    before: FrontlineObservation, after: FrontlineObservation, face: int, player: int
) -> Phrase | None:
    """The last member's d10 of a close assault: the sum is the damage (doubled on 18)."""
    attack = before["attack"]
    dice = [*map(int, attack["dice"]), face]
    if len(dice) < len(attack["members"]):
        return None
    target = units(before).get(attack["hit"])
    if target is None:
        return None
    doubled = attack["natural"] == DOUBLE_POWER
    calc = "+".join(map(str, dice)) + ("×2" if doubled else "")
    base = sum(dice) * (2 if doubled else 1)
    return _damage(before, after, target, ("assault", calc, base), player)


def _damage(
    before: FrontlineObservation,
    after: FrontlineObservation,
    target: Unit,
    formula: tuple[str, str, int],
    player: int,
) -> Phrase:
    """A hit's damage (``formula``: by what, its sum in figures, its value before defence)
    against the target's defence, and the target's HP after it or its end."""
    by, calc, base = formula
    defense = combat.defense(_context(before), target)
    net = max(0, base - defense)
    args: dict[str, Any] = {
        "player": player,
        "by": by,
        "target": target.card,
        "calc": f"{calc} − DEF {defense}",
        "net": net,
    }
    now = _view(after, target.pos)
    if now is None or now["card"] != target.card:
        losses = _losses(before, after, target)
        return ("hit_destroyed" if losses["vp"] else "hit_destroyed_free"), {**args, **losses}
    left = int(now["hp_max"]) - int(now["damage"])
    args |= {"left": left, "max": int(now["hp_max"])}
    if net == 0:
        return "hit_none", args
    if after["phase"] == "damage_card":
        return "hit_half", args
    return "hit_hurt", args


def _losses(
    before: FrontlineObservation, after: FrontlineObservation, unit: Unit
) -> dict[str, Any]:
    """Who scored what for a unit gone from the table, and its crew's fate: killed with it,
    captured (double VP), escaped under its owner's Reserves, or its roll still to come."""
    enemy = 1 - unit.owner
    vp = _vp(before, after, enemy)
    crew = unit.crew
    if crew < 0:
        fate = "none"
    elif after["phase"] == "crew_die":
        fate = "pending"
    else:
        fate = _crew_fate(before, after, unit.owner)
    crew_vp = 0
    if fate in ("killed", "captured"):
        crew_vp = (2 if fate == "captured" else 1) * UNITS[crew].cost
    return {"vp": vp - crew_vp, "crew": fate, "crew_vp": crew_vp}


def _crew_fate(before: FrontlineObservation, after: FrontlineObservation, owner: int) -> str:
    enemy = 1 - owner
    if len(after["seats"][enemy]["prisoners"]) > len(before["seats"][enemy]["prisoners"]):
        return "captured"
    if len(after["seats"][owner]["bottom"]) > len(before["seats"][owner]["bottom"]):
        return "escaped"
    return "killed"


def _crew_roll(
    before: FrontlineObservation, after: FrontlineObservation, face: int, player: int
) -> Phrase:
    """A fresh crew d10 (after a fire, a close assault, a Damage card): the crew's fate and
    the VP it gave (none for a crew killed by friendly fire)."""
    captured = any(
        len(after["seats"][s]["prisoners"]) > len(before["seats"][s]["prisoners"]) for s in (0, 1)
    )
    escaped = any(
        len(after["seats"][s]["bottom"]) > len(before["seats"][s]["bottom"]) for s in (0, 1)
    )
    fate = "captured" if captured else "escaped" if escaped else "killed"
    vp = sum(_vp(before, after, seat) for seat in (0, 1))
    return "crew_roll", {"player": player, "die": face, "crew": fate, "crew_vp": vp}


def _fire_roll(
    before: FrontlineObservation, after: FrontlineObservation, face: int, player: int
) -> Phrase | None:
    """An end-of-combat fire check: the unit burns (destroyed) or the fire goes out."""
    unit = units(before).get(before["attack"]["hit"])
    if unit is None:
        return None
    args: dict[str, Any] = {"player": player, "die": face, "unit": unit.card}
    now = _view(after, unit.pos)
    if now is None or now["card"] != unit.card:
        return "fire_destroyed", {**args, **_losses(before, after, unit)}
    return "fire_out", args


def _surrender_roll(
    before: FrontlineObservation, after: FrontlineObservation, face: int, player: int
) -> Phrase | None:
    """Surrender!: the d10 against the number needed; captured or not."""
    target = units(before).get(before["attack"]["target"])
    if target is None:
        return None
    need = commands.surrender_need(target)
    args: dict[str, Any] = {"player": player, "die": face, "need": need or 0}
    args |= {"target": target.card, "vp": _vp(before, after, player)}
    return ("surrender_yes" if args["vp"] > 0 else "surrender_no"), args
