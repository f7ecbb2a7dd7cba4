"""What the board says in words: the buttons' labels and second lines, the prompt, the status
line, the tray's line, whether the other side has decided, a unit explained."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import i18n
from game.boards import frontline_cards as fc
from game.boards import frontline_odds as odds
from game.boards import frontline_rolls as rolls_words
from game.boards import frontline_words as fw
from game.engines.frontline import actions as act
from game.engines.frontline import combat
from game.engines.frontline.cards import (
    COMMANDS,
    CREW_KINDS,
    DAMAGES,
    EDGE_OF_TYPE,
    UNITS,
)
from game.engines.frontline.state import CLOSE_ASSAULT, SURRENDER_ATTACK
from game.summary import said

if TYPE_CHECKING:
    from game.boards.frontline import FrontlineBoard

# Buttons that say one thing whatever the phase.
SIMPLE_BUTTONS = {act.HOLD: "hold", act.ME_FIRST: "me_first", act.THEM_FIRST: "them_first"}


def button_words(board: FrontlineBoard, action: int) -> tuple[str, str]:
    """A button's label and its second line (odds, counts)."""
    obs, t = board.obs, i18n.t
    if action == act.DONE:
        return _done_words(board)
    if action in SIMPLE_BUTTONS:
        return t(f"frontline.btn.{SIMPLE_BUTTONS[action]}"), ""
    if action == act.DRAW_COMMAND:
        return t("frontline.btn.draw_command"), t("frontline.count.deck", n=obs["command_deck"])
    if action == act.DRAW_UNIT:
        n = obs["seats"][board.me]["reserves"]
        return t("frontline.btn.draw_unit"), t("frontline.count.reserves", n=n)
    if act.kind_of(action) == "weapons":
        return _weapons_words(board, action - act.WEAPONS)
    return str(action), ""


def _done_words(board: FrontlineBoard) -> tuple[str, str]:
    """DONE by phase: commit the face-down set, roll, confirm the deck, or pass the window."""
    obs, t = board.obs, i18n.t
    phase = obs["phase"]
    if phase == "commit":
        n = obs["seats"][board.me]["face_down_count"]
        return (t("frontline.btn.commit", n=n) if n else t("frontline.btn.commit_none")), ""
    if phase == "roll_window":
        return t("frontline.btn.roll"), t(f"frontline.roll.{obs['roll_kind']}")
    window = obs["window"]
    return t("frontline.btn.pass"), t(f"frontline.window.{window}") if window else ""


def _weapons_words(board: FrontlineBoard, mask: int) -> tuple[str, str]:
    attacker = board.attacker()
    names = (
        [UNITS[attacker["card"]].weapons[r].name for r in range(3) if mask >> r & 1]
        if (attacker)
        else [str(mask)]
    )
    label = " + ".join(names)
    if board.obs["phase"] != "weapons":
        return i18n.t("frontline.btn.first", weapons=label), ""
    target = board.obs["pending_target"]
    if attacker is None or target is None:
        return label, ""
    shown = board.weapons_preview(mask)
    return label, "" if shown is None else fw.odds_words(shown)


def decided_words(board: FrontlineBoard, seat: int) -> str:
    obs = board.obs
    if fw.step_of(obs) not in ("commit", "declare") or obs["phase"] not in (
        "commit",
        "declare",
        "weapons",
    ):
        return ""
    if obs["seats"][seat]["decided"]:
        return "✓ " + i18n.t("frontline.decided")
    if obs["current_player"] == seat:
        return "… " + i18n.t("frontline.deciding")
    return ""


def tray_words(board: FrontlineBoard) -> str:
    """The attack under way in words (with the weapons about to fire), the initiative while it
    is rolled and until the first attack, or what the step is about."""
    obs, t = board.obs, i18n.t
    attack = obs["attack"]
    units = {v["pos"]: v for v in obs["board"]}
    a, b = units.get(attack["attacker"]), units.get(attack["target"])
    step = fw.step_of(obs)
    if step == "combat" and board.attacked and a is not None and b is not None:
        unit, target = UNITS[a["card"]].name, UNITS[b["card"]].name
        if attack["kind"] == CLOSE_ASSAULT:
            return t("frontline.tray.assault", n=len(attack["members"]), target=target)
        if attack["kind"] == SURRENDER_ATTACK:
            return t("frontline.tray.surrender", unit=unit, target=target)
        return t("frontline.tray.attack", unit=unit, target=target, weapon=_firing(obs, a))
    if step == "combat" and any(obs["init_rolls"]):
        return initiative_words(board)
    return t(f"frontline.step_sub.{step}")


def _firing(obs: dict, attacker: dict) -> str:
    """The weapons about to fire: both while the attacker picks their order, else the one
    firing now, then the one after it."""
    weapons = UNITS[attacker["card"]].weapons
    attack = obs["attack"]
    rest = [weapons[r].name for r in attack["rows_left"] if 0 <= r < len(weapons)]
    if obs["phase"] == "first_weapon" or not 0 <= attack["row"] < len(weapons):
        return " + ".join(rest)
    now = weapons[attack["row"]].name
    return i18n.t("frontline.tray.then", first=now, rest=" + ".join(rest)) if rest else now


def initiative_words(board: FrontlineBoard) -> str:
    """ "Initiative: You 5 +3 Ambush! = 8 · Hard AI 10 → Hard AI has the initiative": each roll
    with its modifiers, and once both are in, who won."""
    obs = board.obs
    rolls = obs["init_rolls"]
    parts = []
    for seat in (0, 1):
        if not rolls[seat]:
            continue
        ambush, boost = int(obs["seats"][seat]["ambush"]), board.init_boost.get(seat, 0)
        calc = rolls_words.initiative_calc(rolls[seat] - ambush - boost, ambush, boost)
        parts.append(f"{board.seat_name(seat)} {calc}")
    text = i18n.t("frontline.tray.initiative", rolls=" · ".join(parts))
    if all(rolls) and rolls[0] != rolls[1]:
        winner = 0 if rolls[0] > rolls[1] else 1
        said = "init_you" if winner == board.me else "init_them"  # a you-form for the viewer
        if obs["phase"] != "order":  # no choice to make (one side has no attack), or made
            said += "_won"
        text += " → " + i18n.t(f"frontline.tray.{said}", name=board.seat_name(winner))
    return text


def deck_left(mine: dict) -> list[int]:
    """The cards of a seat's deck (its own view) not yet in its hand: what it picks from."""
    left = list(mine["deck"] or [])
    for card in mine["units"] or []:
        if card in left:
            left.remove(card)
    return left


def no_target_reason(obs: dict, pos: int) -> str | None:
    """Why the viewer's unit at ``pos`` declares nothing this Combat Phase (the engine skips
    it silently), or None when it has a target: no crew, a Damage card, no enemy in reach of
    its line, bullets against DEF 2 or more, or no weapon with a value against what it
    reaches."""
    board = odds.units(obs)
    unit = board[pos]
    context = odds.Declared(obs["options"])
    enemies = [u for u in board.values() if u.owner != unit.owner]
    if not combat.can_attack(unit):
        return i18n.t("frontline.skip.crew" if not unit.crewed else "frontline.skip.damaged")
    reach = [t for t in enemies if combat.line_ok(unit, t)]
    if any(combat.legal_target(context, unit, t) for t in reach) or not enemies:
        return None
    if not reach:
        return i18n.t("frontline.skip.reach")
    weapons = unit.printed.weapons
    column = [r for r in range(len(weapons)) for t in reach if weapons[r].attack[combat.column(t)]]
    if column and all(weapons[r].bullet for r in column):
        return i18n.t("frontline.skip.bullets")
    return i18n.t("frontline.skip.weapons")


def pick_notes(hand: list[int], left: list[int], picks: int) -> list[tuple[bool, str]]:
    """The starting hand's crews (§3's warning, as the deck builder gives it): per crew kind
    whose units in ``hand`` outnumber its crews, a warning (True) when the ``picks`` left
    cannot crew them from the cards ``left`` (those units could not be committed: a Sherman
    and an M10 with no crew lost a game 8-0 on turn 1), else advice to pick the crews."""
    notes = []
    for kind in range(len(CREW_KINDS)):
        needy = [c for c in hand if not UNITS[c].is_crew and UNITS[c].crew == kind]
        crews = sum(1 for c in hand if UNITS[c].is_crew and UNITS[c].crew_kind == kind)
        short = len(needy) - crews
        if short <= 0:
            continue
        on_offer = sum(1 for c in left if UNITS[c].is_crew and UNITS[c].crew_kind == kind)
        stuck = short - min(picks, on_offer)  # how many stay uncrewed whatever is picked
        args = {
            "units": ", ".join(UNITS[c].name for c in needy),
            "kind": i18n.t(f"frontline.builder.crew_kind.{kind}"),
            "crews": crews,
            "n": stuck if stuck > 0 else short,
        }
        notes.append(
            (stuck > 0, i18n.t(f"frontline.pick.{'stuck' if stuck > 0 else 'crew'}", **args))
        )
    return notes


def prompt_text(board: FrontlineBoard) -> str:
    """What the viewer is asked now, or whom the game waits for."""
    obs = board.obs
    if not obs:
        return ""
    phase = obs["phase"]
    if phase == "over":
        return status_text(board)
    if not board.legal:
        player = obs["current_player"]
        if player >= 0 and player != board.me:
            return i18n.t("frontline.wait", name=board.seat_name(player))
        return tray_words(board)
    args: dict[str, object] = {}
    attacker = board.attacker()
    if attacker is not None:
        args["unit"] = UNITS[attacker["card"]].name
    if (
        phase in ("card_target", "roll_window")
        and obs["card_pending"] is not None
        and obs["card_pending"] >= 0
    ):
        args["command"] = COMMANDS[obs["card_pending"]].name
    if phase == "pick":
        args["n"] = 4 - len(obs["seats"][board.me]["units"] or [])
    if phase == "window":
        return i18n.t(f"frontline.prompt.window_{obs['window']}")
    if phase == "commit" and act.DONE not in board.legal:  # a unit set aside without its crew
        return i18n.t("frontline.prompt.commit_crew")
    return i18n.t(f"frontline.prompt.{phase}", **{"unit": "", "command": "", "n": 0, **args})


def status_text(board: FrontlineBoard) -> str:
    obs = board.obs
    if not obs:
        return ""
    if obs["phase"] == "over":
        winner = obs["winner"]
        won = winner is not None and winner >= 0
        vp = obs["seats"][winner]["vp"] if won else 0  # the true score: 58, not the 51 needed
        reason = i18n.t(f"frontline.end.{obs['end_reason'] or 'vp'}", vp=vp)
        if not won:
            return i18n.t("frontline.status.draw", reason=reason)
        return said("frontline.status.won", list(board.ctx.seat_names), winner, reason=reason)
    player = obs["current_player"]
    step = i18n.t(f"frontline.step.{fw.step_of(obs)}")
    if player < 0:
        return i18n.t("frontline.status.chance", step=step, turn=obs["turn"])
    return i18n.t(
        "frontline.status.turn", name=board.seat_name(player), step=step, turn=obs["turn"]
    )


def unit_words(board: FrontlineBoard, view: dict) -> str:
    printed = UNITS[view["card"]]
    parts = [printed.name]
    if printed.crew >= 0 and view["crew"] < 0:
        parts.append(i18n.t("frontline.tip.no_crew"))
    effect = view["effect"]
    if effect is not None and view["damage_card"] >= 0:
        edge = EDGE_OF_TYPE[printed.type]
        parts.append(
            f"{DAMAGES[view['damage_card']].name}: "
            f"{fc.damage_words(view['damage_card'], edge, board.ctx.lang)}"
        )
        if effect["left"] > 0:
            parts.append(i18n.t("frontline.tip.turns_left", n=effect["left"]))
    for c in view["commands"]:
        parts.append(
            f"{COMMANDS[c].name}: "
            + i18n.t_in(board.ctx.lang, f"frontline.cmd_effect.{COMMANDS[c].id}")
        )
    parts.append(
        i18n.t("frontline.tip.hp", left=view["hp_max"] - view["damage"], half=printed.half_hp)
    )
    return " · ".join(parts)
