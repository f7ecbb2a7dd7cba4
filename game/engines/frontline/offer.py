"""The viewer's offer as the rules see it, beside the engine: what each legal action is taken on
(a unit, a card in the hand, a card of the starting hand, or a button), a thing's chooser (each
action's words, and the greyed "Play it" of a command card that may only be discarded for +1),
the command window a card plays in, and why a click on a thing with no legal action does
nothing. The board asks and places the answers; nothing here knows where a thing lies."""

from __future__ import annotations

from typing import Any

from game import i18n
from game.engines.frontline.actions import (
    ASSAULT,
    BOOST,
    CARD,
    COMMAND,
    REAR_CARD,
    SURRENDER,
    SWITCH,
    UNIT,
    kind_of,
)
from game.engines.frontline.cards import COMMANDS
from game.engines.frontline.observation import FrontlineObservation

# The command window (C1…) a command card's timing opens in.
WINDOW_OF_TIMING = {
    "COMMITMENT": "C1",
    "AFTER_TARGETS_DECLARED": "C2",
    "BEFORE_INITIATIVE_ROLL": "C2",
    "COMBAT_BEFORE_ATTACK_ROLL": "C3",
    "COMBAT_INSTEAD_OF_ATTACK": "C4",
    "END_OF_COMBAT_PHASE": "C5",
    "DRAW_PHASE": "C6",
}
# The words of a chooser's option where its text key is not the action's kind.
OPTION_WORDS = {"card": "front", "command": "play"}
# Actions on a unit, by kind: the unit's position is the action less its range's start.
ON_UNIT = {"unit": UNIT, "assault": ASSAULT, "surrender": SURRENDER, "switch": SWITCH}
# Phases in which the viewer picks among units: a unit with nothing to do there says so.
CHOOSING_UNITS = ("declare", "card_target", "crew_to", "friendly_fire", "choose_attack")


def subject(obs: FrontlineObservation, viewer: int, action: int) -> tuple[str, int] | None:
    """What the viewer clicks to take ``action``: ("unit", position) on the table, ("hand",
    card) or ("cmd", card) in the hand, ("pick", card) of the starting hand; None: a button."""
    kind, phase = kind_of(action), obs["phase"]
    if kind in ("card", "rear"):
        card = action - (CARD if kind == "card" else REAR_CARD)
        if phase == "capture_line":  # the captured unit, on the board: to which line
            return ("unit", obs["captured"])
        return ("pick", card) if phase == "pick" else ("hand", card)
    if kind in ON_UNIT:
        pos = action - ON_UNIT[kind]
        if phase == "choose_attack" and all(view["pos"] != pos for view in obs["board"]):
            # A close assault whose leader fell still goes in with the rest of its group
            # (resolved by its members): it is clicked on its target.
            return ("unit", next(a[2] for a in obs["attacks"][viewer] if a[1] == pos))
        return ("unit", pos)
    if kind in ("command", "boost"):
        return ("cmd", action - (COMMAND if kind == "command" else BOOST))
    return None


def window_of(command: int) -> str:
    """The command window (C1…) command card ``command`` is played in ("" for none)."""
    return WINDOW_OF_TIMING.get(COMMANDS[command].timing, "")


def option_words(obs: FrontlineObservation, action: int) -> str:
    """A chooser option's words, by the action's kind (a unit clicked in a command window takes
    a crew; elsewhere it is fired at)."""
    kind = kind_of(action)
    if kind == "unit":
        kind = "crew" if obs["phase"] == "window" else "fire"
    return i18n.t(f"frontline.opt.{OPTION_WORDS.get(kind, kind)}")


def chooser(
    obs: FrontlineObservation, actions: list[int], command: int | None
) -> list[tuple[int | None, str]]:
    """A thing's chooser: each legal action with its words; a command card (``command``) that
    may only be discarded for +1 also shows "Play it" greyed (None) with why, rather than being
    discarded at the first click."""
    options: list[tuple[int | None, str]] = [(a, option_words(obs, a)) for a in actions]
    if command is not None and [kind_of(a) for a in actions] == ["boost"]:
        window = window_of(command)
        if window == "C3":  # its window is now: it does not fit this attack
            words = i18n.t("frontline.opt.play_unfit")
        else:
            words = i18n.t("frontline.opt.play_later", window=i18n.t(f"frontline.window.{window}"))
        options.insert(0, (None, words))
    return options


def refusal(
    obs: FrontlineObservation, kind: str, what: int, lang: str
) -> tuple[str, dict[str, Any]] | None:
    """Why a click on a thing (``kind`` "unit" or "cmd", and which) with no legal action does
    nothing, as a text key and its arguments in ``lang``; None: nothing to say."""
    if kind == "unit" and obs["phase"] in CHOOSING_UNITS:
        return "frontline.refuse.not_here", {}
    if kind == "cmd":
        window = window_of(what)
        return "frontline.refuse.not_now", {
            "command": i18n.t_in(lang, f"frontline.cmd.{COMMANDS[what].id}"),
            "window": f"{window} · {i18n.t_in(lang, f'frontline.window.{window}')}",
        }
    return None
