"""What the viewer may click: the legal actions spread over the things they are on (a unit, a
card in the hand, a card of the deck at set-up), the rest as the panel's buttons, and a thing's
chooser options with their words. Owns that index; the board rebuilds it for each observation."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from game import i18n
from game.boards.base import Things
from game.boards.frontline import faces as other
from game.boards.frontline.layout import split_key
from game.engines.frontline import preview
from game.engines.frontline import words as fw
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

# The words of a chooser's option where its text key is not the action's kind.
OPTION_WORDS = {"card": "front", "command": "play"}
BASE = {"unit": UNIT, "assault": ASSAULT, "surrender": SURRENDER, "switch": SWITCH}


class Offer:
    def __init__(self) -> None:
        self.spots: dict[Hashable, list[int]] = {}  # legal actions by the thing they are on
        self.buttons: list[tuple[int, str, str]] = []  # (action, label, detail)
        self.phase = ""

    def index(
        self,
        obs: FrontlineObservation,
        me: int,
        legal: list[int],
        things: Things,
        odds: Callable[[int], preview.Preview | None],
    ) -> None:
        """Spread the legal actions over the things they are on; the rest become buttons
        (``odds``: a weapons set's odds, for its button's second line)."""
        for action in legal:
            key = self._spot_of(obs, me, things, action)
            if key is None:
                self.buttons.append((action, *fw.button_words(obs, me, action, odds)))
            for spot in self._copies(obs, me, key):
                self.spots.setdefault(spot, []).append(action)

    def clear(self, phase: str) -> None:
        """Nothing offered (yet) in ``phase``."""
        self.spots, self.buttons, self.phase = {}, [], phase

    @staticmethod
    def _copies(obs: FrontlineObservation, me: int, key: Hashable | None) -> list[Hashable]:
        """Every copy in hand of a hand card's key: an action names a card, not a copy, so
        either of two Steady Aims plays it (the second copy used to refuse the click)."""
        kind, card = split_key(key)
        if kind not in ("hand", "cmd"):
            return [] if key is None else [key]
        mine = obs["seats"][me]
        cards = (mine["units"] if kind == "hand" else mine["commands"]) or []
        return [(kind, card, n) for n in range(max(1, cards.count(card)))]

    @staticmethod
    def _spot_of(obs: FrontlineObservation, me: int, things: Things, action: int) -> Hashable:
        kind, phase = kind_of(action), obs["phase"]
        if kind in ("card", "rear"):
            card = action - (CARD if kind == "card" else REAR_CARD)
            if phase == "capture_line":  # the captured unit, on the board: to which line
                return ("unit", obs["captured"])
            if phase == "pick":
                return ("pick", card)
            return ("hand", card, 0)
        if kind in BASE:
            pos = action - BASE[kind]
            if phase == "choose_attack" and ("unit", pos) not in things:
                # A close assault whose leader fell still goes in with the rest of its group
                # (resolved by its members): it is clicked on its target.
                attack = next(a for a in obs["attacks"][me] if a[1] == pos)
                return ("unit", attack[2])
            return ("unit", pos)
        if kind in ("command", "boost"):
            return ("cmd", action - (COMMAND if kind == "command" else BOOST), 0)
        return None

    def options(self, key: Hashable) -> list[tuple[int | None, str]]:
        """A thing's chooser: each legal action with its words; a command card that may only
        be discarded for +1 also shows "Play it" greyed (None) with why, rather than being
        discarded at the first click."""
        options: list[tuple[int | None, str]] = [
            (a, self.option_words(a)) for a in self.spots.get(key, [])
        ]
        kind, card = split_key(key)
        if kind == "cmd" and [kind_of(a) for a in self.spots.get(key, [])] == ["boost"]:
            options.insert(0, (None, self.not_playable(card)))
        return options

    @staticmethod
    def not_playable(card: int) -> str:
        """Why command card ``card`` cannot be played now, as a greyed option's words."""
        window = other.WINDOW_OF_TIMING.get(COMMANDS[card].timing, "")
        if window == "C3":  # its window is now: it does not fit this attack
            return i18n.t("frontline.opt.play_unfit")
        return i18n.t("frontline.opt.play_later", window=i18n.t(f"frontline.window.{window}"))

    def option_words(self, action: int) -> str:
        """A chooser option's words: by the action's kind (a unit clicked in a command window
        takes a crew; elsewhere it is fired at)."""
        kind = kind_of(action)
        if kind == "unit":
            kind = "crew" if self.phase == "window" else "fire"
        return i18n.t(f"frontline.opt.{OPTION_WORDS.get(kind, kind)}")
