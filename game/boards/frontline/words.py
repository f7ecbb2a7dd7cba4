"""Frontline's words: which step of the turn a phase belongs to, the move log's phrases with
the seat names, a turn's lines, the odds in words, the short tags of effects on a unit."""

from __future__ import annotations

from collections.abc import Callable

from game import i18n
from game.boards.frontline import cards as fc
from game.boards.frontline.odds import Preview
from game.engines.frontline import phases
from game.engines.frontline.cards import COMMANDS, DAMAGES, EDGE_OF_TYPE, PREBUILT, UNITS
from game.engines.frontline.observation import FrontlineObservation
from game.turns import Step, all_forced

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


def log_words(key: str, args: dict, name_of: Callable[[int], str], lang: str) -> str:
    """A phrase of ``knowledge.action_phrase`` without its subject (the log row names the
    player), cards and seats by name."""
    words: dict[str, object] = dict(args)
    for seat in ("player", "opponent", "winner"):
        if seat in args:
            words[seat] = name_of(int(args[seat]))
    if "row" in args:  # the weapon fired: a row of the unit's card, or the close assault's
        row = int(args["row"])
        words["weapon"] = (
            UNITS[int(args["unit"])].weapons[row].name
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
            words[name] = UNITS[int(args[name])].name
    if "command" in args:
        words["command"] = i18n.t_in(lang, f"frontline.cmd.{COMMANDS[int(args['command'])].id}")
    if "damage" in args:
        words["damage"] = DAMAGES[int(args["damage"])].name
        if "unit" in args:  # the edge the unit's type shows: what the card does to it
            edge = EDGE_OF_TYPE[UNITS[int(args["unit"])].type]
            words["effect"] = fc.damage_words(int(args["damage"]), edge, lang)
    if "deck" in args:
        words["deck"] = deck_name(int(args["deck"]))
    if "weapons" in args:
        mask = int(args["weapons"])
        rows = [r for r in range(3) if mask >> r & 1]
        weapons = UNITS[int(args["unit"])].weapons if "unit" in args else ()
        names = [weapons[r].name if r < len(weapons) else str(r + 1) for r in rows]
        words["weapons"] = " + ".join(names)
    return i18n.t(f"log.frontline.{key}", **words)


def turn_lines(steps: list[Step], word: Callable[[str, dict], str | None]) -> list[str]:
    """A turn's steps in words, the dice of its rolls as one line of faces, repeated words
    counted."""
    words: list[str] = []
    faces: list[str] = []
    lone = not all_forced(steps)  # a forced step among choices is marked on its own
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
        if "dice" in args or "calc" in args:  # a roll's words name the dice before it
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


def _counted(steps: list[Step]) -> list[tuple[Step, int]]:
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


def effect_short(effect: dict) -> str:
    kind, value = effect["kind"], effect["value"]
    short = {
        "attack_roll_mod": f"{value:+d}",
        "defense_mod": f"D{value:+d}",
        "enemy_attack_roll_mod_against": f"{value:+d}↓",
        "no_attack": "✕",
        "weapon_disabled": f"W{effect['row']}✕",
        "immobilized": "⚓",
        "max_weapons_per_attack": "1W",
        "fire_check": "🔥",
    }
    return short.get(kind, "")
