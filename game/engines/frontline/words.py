"""Frontline in the player's language (``game.words`` says why words live beside the engine):
which step of the turn a phase belongs to, the move log's phrases with the seat names (a die
with what it decided, ``rolls``), a turn's lines, the status line, the prompt, the buttons'
labels and second lines, the tray's line, the odds in words, a unit and a Damage card
explained, the starting hand's crew warnings, the game-over summary. No pygame: the board, the
log, the review and the network views share these."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from game import i18n
from game.engines.base import State
from game.engines.frontline import actions as act
from game.engines.frontline import knowledge, phases, rolls
from game.engines.frontline.cards import (
    COMMANDS,
    CREW_KINDS,
    DAMAGES,
    EDGE_OF_TYPE,
    PREBUILT,
    UNITS,
    Weapon,
)
from game.engines.frontline.observation import FrontlineObservation, SeatView, UnitView
from game.engines.frontline.options import NO_LIMIT, TURN_LIMIT, WIN_VP
from game.engines.frontline.preview import Preview, deciding_unit, no_target, shots
from game.engines.frontline.state import CLOSE_ASSAULT, SURRENDER_ATTACK
from game.summary import Summary, said
from game.turns import Phrase, Step, all_forced
from game.words import Words

DRAW_PHASES = {"draw_command", "draw_choice", "draw_unit", "discard_unit", "discard_command"}


def step_of(obs: FrontlineObservation) -> str:
    """The turn step the phase belongs to: set-up, commitment, declaration, combat or draw."""
    phase = obs["phase"]
    if phase in ("build", "pick", "deal"):
        return "setup"
    if phase in ("commit", "crew_place") or (obs["window"] == "C1"):
        return "commit"
    if phase in ("declare", "weapons") or obs["window"] == "C2":
        return "declare"
    if phase in DRAW_PHASES or obs["window"] == "C6":
        return "draw"
    if phase == "over":
        return "over"
    return "combat"


# The natural results a change calls out, and their words' keys: friendly fire, a double hit,
# destroyed outright.
NATURALS = {2: "ff", 3: "ff", 18: "double", 19: "destroy", 20: "destroy"}


def callout(
    before: FrontlineObservation, after: FrontlineObservation
) -> tuple[str, str, bool] | None:
    """The banner's words for the change from ``before`` to ``after`` (title, line, whether
    a natural): a natural result just rolled (``NATURALS``), else a new step of the turn;
    None: nothing to call."""
    natural, step = after["attack"]["natural"], step_of(after)
    if natural != before["attack"]["natural"] and natural in NATURALS:
        title = i18n.t("frontline.natural.title", n=natural)
        return title, i18n.t(f"frontline.natural.{NATURALS[natural]}"), True
    if step != step_of(before):
        return i18n.t(f"frontline.step.{step}"), i18n.t(f"frontline.step_sub.{step}"), False
    return None


# Phases of an attack under way: what the tray shows then is that attack (the engine keeps the
# last attack's attacker, weapon and dice until the next one starts: stale elsewhere).
ATTACK_PHASES = {
    phases.PHASE_NAMES[phase]
    for phase in (
        phases.PH_FIRST_WEAPON,
        phases.PH_ATTACK_DIE,
        phases.PH_FRIENDLY_FIRE,
        phases.PH_POWER_DIE,
        phases.PH_ASSAULT_DIE,
        phases.PH_DAMAGE_CARD,
        phases.PH_CREW_DIE,
        phases.PH_SURRENDER_DIE,
    )
}


def attack_under_way(obs: FrontlineObservation) -> bool:
    """An attack is being resolved (a roll window before one of its rolls included)."""
    phase = obs["phase"]
    if phase == "roll_window":
        return obs["roll_kind"] not in (None, "initiative")
    return phase in ATTACK_PHASES


def initiative_now(obs: FrontlineObservation) -> bool:
    """The initiative is being rolled, or its winner picks who attacks first."""
    phase = obs["phase"]
    return phase in ("initiative", "order") or (
        phase == "roll_window" and obs["roll_kind"] == "initiative"
    )


def seat_name(names: Sequence[str], seat: int) -> str:
    """Who plays ``seat`` as the seat list names them; "Player n" where no name is lent."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return i18n.t("seat.player_n", n=seat + 1)


def log_words(key: str, args: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """A phrase of ``knowledge.action_phrase`` without its subject (the log row names the
    player), cards and seats by name."""
    words: dict[str, object] = dict(args)
    for seat in ("player", "opponent", "winner"):
        if seat in args:
            words[seat] = seat_name(names, int(args[seat]))
    if "row" in args:  # the weapon fired: a row of the unit's card, or the close assault's
        row = int(args["row"])
        words["weapon"] = (
            weapon_name(UNITS[int(args["unit"])].weapons[row], lang)
            if row >= 0
            else i18n.t_in(lang, "log.frontline.assault_weapon")
        )
    if "by" in args:
        words["by"] = i18n.t_in(lang, f"log.frontline.by_{args['by']}")
    if "crew" in args:  # a crew's fate, after its unit's end (killed by friendly fire: no VP)
        fate = args["crew"]
        fate += "_free" if fate == "killed" and not args["crew_vp"] else ""
        words["crew"] = (
            ""
            if fate == "none"
            else i18n.t_in(lang, f"log.frontline.crew.{fate}", vp=args["crew_vp"])
        )
    for name in ("card", "unit", "target"):
        if name in args:
            words[name] = unit_name(int(args[name]), lang)
    if "command" in args:
        words["command"] = command_name(int(args["command"]), lang)
    if "damage" in args:
        words["damage"] = damage_name(int(args["damage"]), lang)
        if "unit" in args:  # the edge the unit's type shows: what the card does to it
            edge = EDGE_OF_TYPE[UNITS[int(args["unit"])].type]
            words["effect"] = damage_words(int(args["damage"]), edge, lang)
    if "deck" in args:
        words["deck"] = deck_name(int(args["deck"]))
    if "face" in args:  # an initiative roll: its modifiers, Ambush! by its card's name
        words["calc"] = rolls.initiative_calc(
            int(args["face"]), int(args["ambush"]), int(args["boost"]), lang
        )
    if "weapons" in args:
        mask = int(args["weapons"])
        rows = [r for r in range(3) if mask >> r & 1]
        weapons = UNITS[int(args["unit"])].weapons if "unit" in args else ()
        names = [weapon_name(weapons[r], lang) if r < len(weapons) else str(r + 1) for r in rows]
        words["weapons"] = " + ".join(names)
    return i18n.t(f"log.frontline.{key}", **words)


def turn_lines(steps: Sequence[Step], word: Callable[[str, dict], str | None]) -> list[str]:
    """A turn's steps in words, the dice of its rolls as one line of faces, repeated words
    counted."""
    words: list[str] = []
    faces: list[str] = []
    lone = not all_forced(list(steps))  # a forced step among choices is marked on its own
    counted = _counted(steps)
    for i, (step, count) in enumerate(counted):
        key, args = step.phrase
        after = counted[i + 1][0].phrase if i + 1 < len(counted) else ("", {})
        if key == "play" and after[0] == "card_on" and after[1]["command"] == args["command"]:
            continue  # "plays Hull Down on M4A1 Sherman" says it: not "plays Hull Down" first
        if count > 1:  # "adds 2 cards to the deck", not "adds a card ×2" (a 2-card deck?)
            words.append(word(f"{key}_n", {**args, "n": count}) or step.text)
            continue
        if key in ("die", "initiative"):
            faces.append(str(args["die"]))
            continue
        if key in ("roll", "unseen"):  # the dice say "rolls"; a secret step is no word
            continue
        if "dice" in args or "calc" in args or "face" in args:  # a roll's words name its dice
            faces = []
        if faces:
            words.append(i18n.t("log.frontline.dice", faces=" ".join(faces)))
            faces = []
        said = word(key, args) or step.text
        words.append(f"{said} {i18n.t('log.forced')}" if lone and step.forced else said)
    if faces:
        words.append(i18n.t("log.frontline.dice", faces=" ".join(faces)))
    return collapse(words)


# Hidden steps that read alike, said once with their number ("sets 3 cards aside face down").
COUNTED = ("build_hidden", "pick_hidden")


def _counted(steps: Sequence[Step]) -> list[tuple[Step, int]]:
    """The steps with each run of one of the ``COUNTED`` phrases as its first step and the
    run's length (1 for every other step)."""
    out: list[tuple[Step, int]] = []
    for step in steps:
        last = out[-1][0] if out else None
        if last is not None and step.phrase[0] in COUNTED and last.phrase == step.phrase:
            out[-1] = (last, out[-1][1] + 1)
        else:
            out.append((step, 1))
    return out


def collapse(words: list[str]) -> list[str]:
    """Repeated words once with a count ("declares ×3"): hidden steps all read alike."""
    out: list[tuple[str, int]] = []
    for word in words:
        if out and out[-1][0] == word:
            out[-1] = (word, out[-1][1] + 1)
        else:
            out.append((word, 1))
    return [word if n == 1 else f"{word} ×{n}" for word, n in out]


def deck_name(index: int) -> str:
    return i18n.t_or(f"frontline.deck_name.{list(PREBUILT)[index]}", list(PREBUILT)[index])


def odds_words(shown: Preview) -> str:
    """The odds in one line; a target at its half HP already says so instead of "½HP 100%"."""
    return i18n.t(
        "frontline.odds_at_half" if shown.at_half else "frontline.odds",
        hit=_pct(shown.hit),
        half=_pct(shown.half),
        destroyed=_pct(shown.destroyed),
    )


def odds_lines(shown: Preview) -> list[str]:
    """The odds in two short lines (a target is a small tile)."""
    first = "frontline.odds_hit_at_half" if shown.at_half else "frontline.odds_hit"
    return [
        i18n.t(first, hit=_pct(shown.hit), half=_pct(shown.half)),
        i18n.t("frontline.odds_destroyed", destroyed=_pct(shown.destroyed)),
    ]


def odds_tiny(shown: Preview) -> str:
    """The chances to hit and to destroy in a few characters, for a small tile."""
    return i18n.t("frontline.odds_tiny", hit=_pct(shown.hit), destroyed=_pct(shown.destroyed))


def _pct(p: float) -> str:
    if 0 < p < 0.005:
        return "<1%"
    return f"{round(100 * p)}%"


# Damage effects whose chip on a unit is a sign or a number in every language; the others are
# worded (``frontline.chip.<kind>``).
CHIP_SIGNS = {
    "attack_roll_mod": "{v:+d}",
    "enemy_attack_roll_mod_against": "{v:+d}↓",
    "no_attack": "✕",
    "immobilized": "⚓",
    "fire_check": "🔥",
}


def effect_short(effect: Mapping[str, Any]) -> str:
    """A Damage card's effect in a few characters for the chip on its unit, with the turns
    it has left ("W1✕ 2t"); '' for an effect with no chip."""
    kind = effect["kind"]
    args = {"v": effect["value"], "row": effect["row"]}
    if kind in CHIP_SIGNS:
        chip = CHIP_SIGNS[kind].format(**args)
    elif i18n.has(f"frontline.chip.{kind}"):
        chip = i18n.t(f"frontline.chip.{kind}", **args)
    else:
        return ""
    left = effect["left"]
    return i18n.t("frontline.chip.turns", chip=chip, n=left) if left > 0 else chip


def card_says(card: str, says: str, lang: str) -> str:
    """A card's name and what it does: "Shaken: cannot attack", 「動揺：攻撃不可」."""
    return i18n.t_in(lang, "frontline.card_says", card=card, says=says)


def unit_name(card: int, lang: str) -> str:
    """A unit or crew card's name in ``lang`` (the card data's name is the English one; a
    unit's designation stays in the Japanese name: "M4A1シャーマン", "IV号戦車H型")."""
    return i18n.t_in(lang, f"frontline.unit.{UNITS[card].id}")


def weapon_name(weapon: Weapon, lang: str) -> str:
    """A weapon's name in ``lang``, keyed by its printed name ("75mm M3 Gun": 75mm M3砲)."""
    key = re.sub(r"[^a-z0-9]+", "_", weapon.name.lower()).strip("_")
    return i18n.t_in(lang, f"frontline.weapon.{key}")


def command_name(command: int, lang: str) -> str:
    """A command card's name in ``lang`` (the card data's name is the English one)."""
    return i18n.t_in(lang, f"frontline.cmd.{COMMANDS[command].id}")


def damage_name(damage: int, lang: str) -> str:
    """A Damage card's name in ``lang`` (the card data's name is the English one)."""
    return i18n.t_in(lang, f"frontline.damage.{DAMAGES[damage].id}")


def damage_words(damage: int, edge: int, lang: str) -> str:
    """One edge of a Damage card in words ("Immobilized", "−2 to attack rolls, 2 turns")."""
    e = DAMAGES[damage].edges[edge]
    text = i18n.t_in(lang, f"frontline.effect.{e.kind}", v=e.value, row=e.row)
    if e.duration.startswith("TURNS:"):
        text += i18n.t_in(lang, "frontline.effect.turns", n=int(e.duration.split(":")[1]))
    elif e.duration == "FLIGHT":
        text += i18n.t_in(lang, "frontline.effect.flight")
    return text


# --- the decisions and the prompt -----------------------------------------------------------
# Buttons that say one thing whatever the phase.
SIMPLE_BUTTONS = {act.HOLD: "hold", act.ME_FIRST: "me_first", act.THEM_FIRST: "them_first"}


def button_words(
    obs: FrontlineObservation, viewer: int, action: int, odds: Callable[[int], Preview | None]
) -> tuple[str, str]:
    """A button's label and its second line (odds of a weapon set by ``odds(mask)``, counts)."""
    t = i18n.t
    if action == act.DONE:
        return _done_words(obs, viewer)
    if action in SIMPLE_BUTTONS:
        return t(f"frontline.btn.{SIMPLE_BUTTONS[action]}"), ""
    if action == act.DRAW_COMMAND:
        return t("frontline.btn.draw_command"), t("frontline.count.deck", n=obs["command_deck"])
    if action == act.DRAW_UNIT:
        n = obs["seats"][viewer]["reserves"]
        return t("frontline.btn.draw_unit"), t("frontline.count.reserves", n=n)
    if act.kind_of(action) == "weapons":
        return _weapons_words(obs, action - act.WEAPONS, odds)
    return str(action), ""


def _done_words(obs: FrontlineObservation, viewer: int) -> tuple[str, str]:
    """DONE by phase: commit the face-down set, roll, confirm the deck, or pass the window."""
    t = i18n.t
    phase = obs["phase"]
    if phase == "commit":
        n = obs["seats"][viewer]["face_down_count"]
        return (t("frontline.btn.commit", n=n) if n else t("frontline.btn.commit_none")), ""
    if phase == "roll_window":
        return t("frontline.btn.roll"), t(f"frontline.roll.{obs['roll_kind']}")
    window = obs["window"]
    return t("frontline.btn.pass"), t(f"frontline.window.{window}") if window else ""


def _weapons_words(
    obs: FrontlineObservation, mask: int, odds: Callable[[int], Preview | None]
) -> tuple[str, str]:
    attacker = deciding_unit(obs)
    names = (
        [
            weapon_name(UNITS[attacker["card"]].weapons[r], i18n.get_language())
            for r in range(3)
            if mask >> r & 1
        ]
        if attacker
        else [str(mask)]
    )
    label = " + ".join(names)
    if obs["phase"] != "weapons":
        return i18n.t("frontline.btn.first", weapons=label), ""
    if attacker is None or obs["pending_target"] is None:
        return label, ""
    shown = odds(mask)
    return label, "" if shown is None else odds_words(shown)


def decided_words(obs: FrontlineObservation, seat: int) -> str:
    """Whether ``seat`` has decided its secret commitment or declarations yet."""
    if step_of(obs) not in ("commit", "declare") or obs["phase"] not in (
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


def tray_words(
    obs: FrontlineObservation,
    viewer: int,
    names: Sequence[str],
    attacked: bool,
    boosts: Mapping[int, int],
) -> str:
    """The attack under way in words (with the weapons about to fire) once one of this phase
    has begun (``attacked``), the initiative while it is rolled and until the first attack
    (``boosts``: the +1 discards on each seat's roll), or what the step is about."""
    t = i18n.t
    attack = obs["attack"]
    units = {v["pos"]: v for v in obs["board"]}
    a, b = units.get(attack["attacker"]), units.get(attack["target"])
    step = step_of(obs)
    if step == "combat" and attacked and a is not None and b is not None:
        lang = i18n.get_language()
        unit, target = unit_name(a["card"], lang), unit_name(b["card"], lang)
        if attack["kind"] == CLOSE_ASSAULT:
            return t("frontline.tray.assault", n=len(attack["members"]), target=target)
        if attack["kind"] == SURRENDER_ATTACK:
            return t("frontline.tray.surrender", unit=unit, target=target)
        return t("frontline.tray.attack", unit=unit, target=target, weapon=_firing(obs, a))
    if step == "combat" and any(obs["init_rolls"]):
        return initiative_words(obs, viewer, names, boosts)
    return t(f"frontline.step_sub.{step}")


def _firing(obs: FrontlineObservation, attacker: UnitView) -> str:
    """The weapons about to fire: both while the attacker picks their order, else the one
    firing now, then the one after it."""
    weapons = UNITS[attacker["card"]].weapons
    attack = obs["attack"]
    lang = i18n.get_language()
    rest = [weapon_name(weapons[r], lang) for r in attack["rows_left"] if 0 <= r < len(weapons)]
    if obs["phase"] == "first_weapon" or not 0 <= attack["row"] < len(weapons):
        return " + ".join(rest)
    now = weapon_name(weapons[attack["row"]], lang)
    return i18n.t("frontline.tray.then", first=now, rest=" + ".join(rest)) if rest else now


def initiative_words(
    obs: FrontlineObservation, viewer: int, names: Sequence[str], boosts: Mapping[int, int]
) -> str:
    """ "Initiative: You 5 +3 Ambush! = 8 · Hard AI 10 → Hard AI has the initiative": each roll
    with its modifiers, and once both are in, who won."""
    dice = obs["init_rolls"]
    parts = []
    for seat in (0, 1):
        if not dice[seat]:
            continue
        ambush, boost = int(obs["seats"][seat]["ambush"]), boosts.get(seat, 0)
        calc = rolls.initiative_calc(
            dice[seat] - ambush - boost, ambush, boost, i18n.get_language()
        )
        parts.append(f"{seat_name(names, seat)} {calc}")
    text = i18n.t("frontline.tray.initiative", rolls=" · ".join(parts))
    if all(dice) and dice[0] != dice[1]:
        winner = 0 if dice[0] > dice[1] else 1
        said = "init_you" if winner == viewer else "init_them"  # a you-form for the viewer
        if obs["phase"] != "order":  # no choice to make (one side has no attack), or made
            said += "_won"
        text += " → " + i18n.t(f"frontline.tray.{said}", name=seat_name(names, winner))
    return text


def deck_left(mine: SeatView) -> list[int]:
    """The cards of a seat's deck (its own view) not yet in its hand: what it picks from."""
    left = list(mine["deck"] or [])
    for card in mine["units"] or []:
        if card in left:
            left.remove(card)
    return left


def no_target_reason(obs: FrontlineObservation, pos: int) -> str | None:
    """Why the viewer's unit at ``pos`` declares nothing this Combat Phase, in words (None
    when it has a target): the rules' reason (``preview.no_target``)."""
    reason = no_target(obs, pos)
    return None if reason is None else i18n.t(f"frontline.skip.{reason}")


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
            "units": ", ".join(unit_name(c, i18n.get_language()) for c in needy),
            "kind": i18n.t(f"frontline.builder.crew_kind.{kind}"),
            "crews": crews,
            "n": stuck if stuck > 0 else short,
        }
        notes.append(
            (stuck > 0, i18n.t(f"frontline.pick.{'stuck' if stuck > 0 else 'crew'}", **args))
        )
    return notes


def prompt_text(
    obs: FrontlineObservation,
    viewer: int,
    legal: Sequence[int],
    names: Sequence[str],
    tray: Callable[[], str],
) -> str:
    """What the viewer is asked now, or whom the game waits for (``tray``: the tray's line,
    said while nothing is asked of anyone)."""
    phase = obs["phase"]
    if phase == "over":
        return status_line(obs, viewer, names)
    if not legal:
        player = obs["current_player"]
        if player >= 0 and player != viewer:
            return i18n.t("frontline.wait", name=seat_name(names, player))
        return tray()
    args: dict[str, object] = {}
    attacker = deciding_unit(obs)
    if attacker is not None:
        args["unit"] = unit_name(attacker["card"], i18n.get_language())
    if phase in ("card_target", "roll_window") and (obs["card_pending"] or -1) >= 0:
        args["command"] = command_name(obs["card_pending"], i18n.get_language())
    if phase == "pick":
        args["n"] = 4 - len(obs["seats"][viewer]["units"] or [])
    if phase == "window":
        return i18n.t(f"frontline.prompt.window_{obs['window']}")
    if phase == "commit" and act.DONE not in legal:  # a unit set aside without its crew
        return i18n.t("frontline.prompt.commit_crew")
    return i18n.t(f"frontline.prompt.{phase}", **{"unit": "", "command": "", "n": 0, **args})


def status_line(obs: FrontlineObservation, viewer: int, names: Sequence[str]) -> str:
    """Whose turn it is in which step, or who won and how."""
    if obs["phase"] == "over":
        winner = obs["winner"]
        vp = obs["seats"][winner]["vp"] if winner is not None and winner >= 0 else 0  # 58, not 51
        reason = i18n.t(f"frontline.end.{obs['end_reason'] or 'vp'}", vp=vp)
        if winner is None or winner < 0:
            return i18n.t("frontline.status.draw", reason=reason)
        if seat_name(names, winner) == i18n.t("seat.you"):  # "You win", not "You wins"
            return i18n.t("frontline.status.won.you", reason=reason)
        return i18n.t("frontline.status.won", name=seat_name(names, winner), reason=reason)
    player = obs["current_player"]
    step = i18n.t(f"frontline.step.{step_of(obs)}")
    if player < 0:
        return i18n.t("frontline.status.chance", step=step, turn=obs["turn"])
    return i18n.t(
        "frontline.status.turn", name=seat_name(names, player), step=step, turn=obs["turn"]
    )


def formula(obs: FrontlineObservation, attacker: UnitView, target_pos: int, mask: int) -> str:
    """How damage is worked out, with the numbers of ``attacker`` firing the weapons of
    ``mask`` at the unit at ``target_pos`` ('' when it has gone)."""
    if all(v["pos"] != target_pos for v in obs["board"]):
        return ""
    lines = [
        i18n.t(
            "frontline.formula.weapon",
            weapon=weapon_name(shot.weapon, i18n.get_language()),
            rof=shot.weapon.rof,
            value=shot.value,
            mod=f"{shot.mod:+d}",
            dmg=shot.weapon.damage_mod,
            defense=shot.defense,
        )
        for shot in shots(obs, attacker["pos"], target_pos, mask)
    ]
    return " ".join([*lines, i18n.t("frontline.formula.rules")])


def unit_words(view: UnitView, lang: str) -> str:
    """A unit on the table explained: its name, no crew, its Damage card, its commands, HP."""
    printed = UNITS[view["card"]]
    parts = [unit_name(view["card"], lang)]
    if printed.crew >= 0 and view["crew"] < 0:
        parts.append(i18n.t("frontline.tip.no_crew"))
    effect = view["effect"]
    if effect is not None and view["damage_card"] >= 0:
        edge = EDGE_OF_TYPE[printed.type]
        card = view["damage_card"]
        parts.append(card_says(damage_name(card, lang), damage_words(card, edge, lang), lang))
        if effect["left"] > 0:
            parts.append(i18n.t("frontline.tip.turns_left", n=effect["left"]))
    for c in view["commands"]:
        says = i18n.t_in(lang, f"frontline.cmd_effect.{COMMANDS[c].id}")
        parts.append(card_says(command_name(c, lang), says, lang))
    parts.append(
        i18n.t("frontline.tip.hp", left=view["hp_max"] - view["damage"], half=printed.half_hp)
    )
    return " · ".join(parts)


# --- the game-over summary ---------------------------------------------------------------
# Who won and how (rules §7: 51 VP at once, an overrun after three qualifying end-of-combat
# checks, or our turn limit, where more VP win and level VP draw), each army's VP split into
# what destroying and what capturing earned, the captures by name, the turn it ended on. All
# from the final observation: each seat's VP and the part the engine recorded as earned by
# capturing (double cost), its prisoners and the enemy units it took still in the Battle Area.
def captured(obs: Mapping[str, Any], seat: int) -> list[int]:
    """The cards ``seat`` captured that the observation still shows: its prisoners, then the
    enemy units in the Battle Area that it took."""
    board = obs["board"]
    taken = [u["card"] for u in board if u["owner"] == seat and u["captured_from"] == 1 - seat]
    return list(obs["seats"][seat]["prisoners"]) + taken


def vp_sources(obs: Mapping[str, Any], seat: int) -> tuple[int, int]:
    """``seat``'s VP from destroying (units destroyed, crews killed) and from capturing (double
    the cost of every card taken, §7), as the engine recorded them."""
    info = obs["seats"][seat]
    return info["vp"] - info["vp_captured"], info["vp_captured"]


def card_name(card: int) -> str:
    """A card's name as the table shows it, in the player's language."""
    return unit_name(card, i18n.get_language())


def how_it_ended(obs: Mapping[str, Any], names: list[str]) -> str:
    """The winner and how, in words (a draw says why it is one)."""
    winner, reason, turn = obs["winner"], obs["end_reason"], obs["turn"]
    vp = [s["vp"] for s in obs["seats"]]
    if reason == "turn_limit":
        limit = obs["options"][TURN_LIMIT]
        if winner is None or winner < 0:
            return i18n.t("summary.frontline.level", limit=limit, vp=vp[0])
        return said("summary.frontline.on_vp", names, winner, limit=limit, a=vp[winner],
                     b=vp[1 - winner])  # fmt: skip
    if reason == "overrun":
        return said("summary.frontline.overrun", names, winner, turn=turn)
    return said("summary.frontline.vp", names, winner, vp=vp[winner], turn=turn, need=WIN_VP)


def summary(obs: Mapping[str, Any], names: list[str]) -> Summary | None:
    """The summary of a finished game (None before the end)."""
    if obs["phase"] != "over":
        return None
    rows, notes = [], [how_it_ended(obs, names)]
    for seat in (0, 1):
        destroyed, capture = vp_sources(obs, seat)
        mine = obs["seats"][seat]
        army = i18n.t(f"frontline.builder.army.{mine['army']}")
        rows.append([names[seat], army, str(mine["vp"]), str(destroyed), str(capture)])
        taken = captured(obs, seat)
        if taken:
            cards = ", ".join(card_name(card) for card in taken)
            notes.append(said("summary.frontline.taken", names, seat, cards=cards))
    heads = ("army", "vp_total", "destroyed", "captured")
    limit = obs["options"][TURN_LIMIT]
    return Summary(
        headings=["", *(i18n.t(f"summary.frontline.{head}") for head in heads)],
        rows=rows,
        per_seat=True,
        notes=tuple(notes),
        widths=(0.26, 0.24, 0.14, 0.18, 0.18),
        subtitle=i18n.t("summary.frontline.turns_no_limit", n=obs["turn"])
        if limit == NO_LIMIT
        else i18n.t("summary.frontline.turns", n=obs["turn"], limit=limit),
    )


_SAID: dict[tuple, str] = {}  # log phrases worded, by language, names, key and arguments


class FrontlineWords(Words):
    """Frontline's words for the kit: a die's log phrase with what it decided, the log in the
    seats' names, a turn's lines, the status line."""

    def log_phrase(self, state: State, action: int, viewer: int) -> Phrase:
        """The engine's phrase; a die with what it decided (hit or miss against the value
        needed, the damage against HP, destroyed and the crew's fate)."""
        said = knowledge.action_phrase(state, action, viewer)  # type: ignore[arg-type]
        if said[0] in rolls.ROLLS:
            return rolls.phrase(state, action, viewer, said)
        if said[0] == "first_weapon":  # the weapons by name: the unit's card
            obs = cast(FrontlineObservation, state.observation(viewer))
            attacker = rolls.attacker_card(obs)
            return said[0], {**said[1], "unit": attacker} if attacker is not None else said[1]
        return said

    def log_text(self, key: str, args: dict, names: Sequence[str] = ()) -> str | None:
        """A log phrase in the player's language with the seat names (``names``; "Player n"
        where none is lent), remembered: the log words every turn again each frame."""
        lang = i18n.get_language()
        memo = (lang, tuple(names), key, tuple(sorted(args.items())))
        text = _SAID.get(memo)
        if text is None:
            if len(_SAID) > 4000:
                _SAID.clear()
            text = _SAID[memo] = log_words(key, args, names, lang)
        return text

    def turn_words(self, steps: Sequence[Step], names: Sequence[str] = ()) -> list[str]:
        return turn_lines(steps, lambda key, args: self.log_text(key, args, names))

    def status(self, obs: Mapping[str, Any], viewer: int, names: Sequence[str]) -> str:
        return status_line(cast(FrontlineObservation, obs), viewer, names) if obs else ""
