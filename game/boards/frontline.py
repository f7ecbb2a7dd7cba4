"""The Frontline General board: each side's Frontline, Rear Line and air space, the hands of the
viewer, the dice tray between the Frontlines, and a panel with the score, the decks, the card
under the mouse at full size and the decision's prompt and buttons.

Input is dispatched per phase (``_handlers``): every legal action is either a thing on the
table (a unit, a card in the hand, a card of the deck at set-up) or a button. A thing with
several actions (a target that may be fired at, assaulted or called to surrender; a mobile gun
that may go to either line) opens a small chooser beside it. Hand cards may also be dragged to
a line. Hidden decisions (commitment, declarations, weapons) are drawn from the viewer's own
observation only, so the other viewer sees face-down backs and "has declared", never which.
The deck building of option ``decks = build`` shows a plain notice with the prebuilt decks as
buttons. A view that takes the whole board over for a phase is registered in ``phase_views``
(``self.phase_views["build"] = DeckView(...)``: an object with ``layout(rect)``,
``show(obs, viewer, legal)``, ``update(dt)``, ``draw(surface)``, ``handle_event(event)`` and
``clicks_for(action)``); while its phase lasts the board hands it input, drawing and clicks.

Modules: ``frontline_cards`` (the card faces), ``frontline_art`` (unit tiles, dice, arrows),
``frontline_layout`` (where the parts lie), ``frontline_odds`` (the odds previewed, through the
engine's rules), ``frontline_words`` (steps, log phrases, odds in words).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from game import i18n
from game.boards import frontline_cards as fc
from game.boards import frontline_odds as odds
from game.boards import frontline_pictures
from game.boards import frontline_words as fw
from game.boards.base import Board, BoardContext, Decision, Obs, Things, hit
from game.boards.cards import dragging
from game.boards.frontline_art import FrontlineArt, initials
from game.boards.frontline_deck import DeckView
from game.boards.frontline_layout import Geo, compute, fan, grid, row_slots
from game.boards.frontline_summary import frontline_summary
from game.boards.layer import Sprite, blit_sprite
from game.boards.turns import Step
from game.engines.base import State
from game.engines.frontline import knowledge
from game.engines.frontline.actions import (
    ASSAULT,
    BOOST,
    CARD,
    COMMAND,
    DONE,
    DRAW_COMMAND,
    DRAW_UNIT,
    HOLD,
    ME_FIRST,
    PREBUILT_DECK,
    REAR_CARD,
    SURRENDER,
    SWITCH,
    THEM_FIRST,
    UNIT,
    WEAPONS,
    kind_of,
)
from game.engines.frontline.cards import (
    AIRLINE,
    COMMANDS,
    DAMAGES,
    EDGE_OF_TYPE,
    FRONT,
    REAR,
    UNITS,
)
from game.engines.frontline.options import SEAT0_ARMY
from game.ui import overlays
from game.ui.draw import Colour, blit_center, darker, lighter, mix
from game.ui.text import fit_px, render, text_width

T_FLOAT = 1.1  # seconds a damage number floats up (speed 1)
T_FLIP = 0.45  # seconds a face-down card takes to turn over
T_TUMBLE = 0.35  # seconds a d10 tumbles before it settles
T_SHAKE = 0.4
T_CALLOUT = 1.1  # how long a natural result is called out
DRAG = 8  # pixels the mouse moves before a press becomes a drag
_LOG_WORDS: dict[tuple, str] = {}
# The words of a chooser's option where its text key is not the action's kind.
OPTION_WORDS = {"card": "front", "command": "play"}


@dataclass
class Float:
    """A number or word floating up from a unit (damage, destroyed, +VP)."""

    text: str
    x: float
    y: float
    colour: Colour
    alpha: float = 1.0
    rise: float = 0.0


@dataclass
class Motion:
    """A 0..1 progress tweened by the timeline (a flip, a shake, a tumbling die)."""

    k: float = 0.0


class FrontlineBoard(Board):
    PALETTES: ClassVar[dict[str, dict[str, Colour]]] = fc.PALETTES
    SEAT_ROLES: ClassVar[tuple[str, ...]] = ("us", "ge")  # the default seat0_army is US
    # Health above and at/below the ½HP mark must read apart (colour-blind too).
    DISTINCT: ClassVar[tuple[tuple[str, ...], ...]] = (("hp", "hp_low"),)
    summary = staticmethod(frontline_summary)

    @classmethod
    def seat_roles(cls, options: dict) -> tuple[str, ...]:
        """Each seat wears its army's colour: the first seat may command either army."""
        return cls.SEAT_ROLES[::-1] if options.get(SEAT0_ARMY) == "GE" else cls.SEAT_ROLES

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.art = FrontlineArt(ctx.palette, ctx.lang)
        self.geo: Geo = compute(self.rect)
        self.views: dict[Hashable, Any] = {}  # what each key shows (leaving things included)
        self.spots: dict[Hashable, list[int]] = {}  # legal actions by the thing they are on
        self.buttons: list[tuple[int, str, str]] = []  # (action, label, detail)
        self.choosing: Hashable | None = None  # a thing whose chooser is open
        self.press: tuple[tuple[int, int], Hashable | None] | None = None
        self.floats: list[Float] = []
        self.shakes: dict[Hashable, Motion] = {}
        self.tumble = Motion(1.0)
        self.callout: overlays.Banner | None = None
        self._odds: dict[Hashable, Any] = {}
        self._things: tuple[Obs | None, Things] = (None, {})
        self._start_actor = -1  # who acts in the turn the kit marks, and what lay on the table
        self._marked_from: set[Hashable] = set()
        self.rng = random.Random(7)  # the faces a tumbling die shows (no game randomness)
        # Views that take the whole board over while their phase lasts (the deck builder for
        # "build"): objects with layout, show, update, draw, handle_event and clicks_for.
        self.phase_views: dict[str, Any] = {"build": DeckView(ctx)}

    # --- geometry --------------------------------------------------------------------------
    def phase_view(self) -> Any:
        """The view that has taken the board over for the current phase, if any."""
        return self.phase_views.get(self.obs.get("phase", "")) if self.obs else None

    def layout(self, rect: pygame.Rect) -> None:
        self.geo = compute(rect)
        super().layout(rect)
        for view in self.phase_views.values():
            view.layout(rect)

    @property
    def me(self) -> int:
        return self.viewer

    def side_of(self, seat: int) -> int:
        """The army (0 US, 1 Germany) of a seat."""
        return 0 if self.obs["seats"][seat]["army"] == "US" else 1

    def things(self, obs: Obs) -> Things:
        """Units by position, face-down cards by seat and order, the viewer's hand cards by
        card and copy, the viewer's deck at set-up (remembered for the observation shown: hit
        tests and drawing ask for it many times a frame)."""
        if not obs:
            return {}
        if self._things[0] is obs:
            return self._things[1]
        out = self._things_of(obs)
        self._things = (obs, out)
        return out

    def _things_of(self, obs: Obs) -> Things:
        out: Things = {}
        me = obs["viewer"]
        for view in obs["board"]:
            effect = view["effect"]
            out[("unit", view["pos"])] = (
                view["card"],
                view["line"],
                view["crew"],
                view["damage"],
                view["hp_max"],
                view["damage_card"],
                None if effect is None else (effect["kind"], effect["left"]),
                tuple(view["commands"]),
            )
        for seat in (0, 1):
            info = obs["seats"][seat]
            cards = info["face_down"] or [None] * info["face_down_count"]
            rear = info["face_down_rear"] or [False] * info["face_down_count"]
            for i, card in enumerate(cards):
                out[("down", seat, i)] = (card, rear[i])
        mine = obs["seats"][me]
        if obs["phase"] == "pick":
            left = list(mine["deck"] or [])
            for card in mine["units"] or []:
                if card in left:
                    left.remove(card)
            for card in sorted(set(left)):
                out[("pick", card)] = left.count(card)
        for kind, cards in (("hand", mine["units"] or []), ("cmd", mine["commands"] or [])):
            seen: dict[int, int] = {}
            for card in cards:
                k = seen.get(card, 0)
                seen[card] = k + 1
                out[(kind, card, k)] = 0
        return out

    def resting_places(self, obs: Obs) -> dict[Hashable, pygame.Rect]:
        geo, me = self.geo, obs["viewer"]
        rows: dict[tuple[int, int], list[Hashable]] = {}
        for view in obs["board"]:
            rows.setdefault((view["owner"], view["line"]), []).append(("unit", view["pos"]))
        for seat in (0, 1):
            info = obs["seats"][seat]
            cards = info["face_down"] or [None] * info["face_down_count"]
            rear = info["face_down_rear"] or [False] * info["face_down_count"]
            for i, card in enumerate(cards):
                line = FRONT
                if card is not None and UNITS[card].lines == (AIRLINE,):
                    line = AIRLINE
                elif rear[i]:
                    line = REAR
                rows.setdefault((seat, line), []).append(("down", seat, i))
        places: dict[Hashable, pygame.Rect] = {}
        for (owner, line), keys in rows.items():
            who = "own" if owner == me else "opp"
            row = (
                geo.air[who]
                if line == AIRLINE
                else geo.rows[f"{who}_ground" if line == FRONT else f"{who}_rear"]
            )
            slots = row_slots(row, len(keys), geo.unit if line != AIRLINE else 1)
            places.update(zip(keys, slots, strict=True))
        hand = geo.rows["hand"]
        mine = obs["seats"][me]
        units, commands = mine["units"] or [], mine["commands"] or []
        card_h = hand.h - 2 * geo.unit
        card_w = round(card_h / fc.RATIO)
        split = hand.x + round(hand.w * 0.64)
        left = pygame.Rect(hand.x + geo.unit, hand.y, split - hand.x - 2 * geo.unit, hand.h)
        right = pygame.Rect(split, hand.y, hand.right - split - geo.unit, hand.h)
        for kind, cards, area in (("hand", units, left), ("cmd", commands, right)):
            rects = fan(area, len(cards), card_w, card_h)
            seen: dict[int, int] = {}
            for card, rect in zip(cards, rects, strict=True):
                k = seen.get(card, 0)
                seen[card] = k + 1
                places[(kind, card, k)] = rect
        picks = [key for key in self.things(obs) if key[0] == "pick"]  # type: ignore[index]
        if picks:
            area = pygame.Rect(
                geo.table.x,
                geo.rows["opp_rear"].y,
                geo.table.w,
                geo.rows["own_front"].bottom - geo.rows["opp_rear"].y,
            )
            area = area.inflate(-4 * geo.unit, -6 * geo.unit).move(0, 2 * geo.unit)
            places.update(zip(picks, grid(area, len(picks), fc.RATIO, geo.unit), strict=True))
        return places

    # --- observations and animation ----------------------------------------------------------
    def show(self, obs: Obs, viewer: int, legal: list[int], animate: bool) -> None:
        self.choosing = None
        self.press = None
        self._odds = {}  # odds shown for this observation
        if self.obs and animate:
            actor = self.mover(self.obs)
            if actor >= 0 and actor != self._start_actor:  # a turn begins: what was there
                self._start_actor = actor
                self._marked_from = set(self.things(self.obs))
        super().show(obs, viewer, legal, animate)
        # The other side's turn is marked on the table: not the viewer's own hand (dealt or
        # drawn by chance within it) nor the viewer's own units it merely revealed.
        owners = {("unit", v["pos"]): v["owner"] for v in obs["board"]}
        self.marked = {
            k
            for k in self.marked
            if k[0] == "down"  # type: ignore[index]
            or (k in owners and (owners[k] != viewer or self._was_on_table(k)))
        }
        self._index_legal()
        view = self.phase_view()
        if view is not None:
            view.show(obs, viewer, legal)

    def _was_on_table(self, key: Hashable) -> bool:
        """Whether the unit was on the table when the marked turn began (so a change to it is
        news, such as damage)."""
        return key in self._marked_from

    def mover(self, obs: Obs) -> int:
        player = obs.get("current_player", -1)
        return player if isinstance(player, int) and player >= 0 else -1

    def on_observation(self, previous: Obs | None, obs: Obs, animate: bool) -> None:
        for view in obs["board"]:
            self.views[("unit", view["pos"])] = view
        if animate and previous is not None:
            self._start_from_where_they_were(previous, obs)
        self.layer.sync(self.resting_places(obs), animate)
        if animate and previous is not None:
            self._animate_change(previous, obs)

    def _start_from_where_they_were(self, before: Obs, after: Obs) -> None:
        """A card that changes what it is keyed by starts where it was, so it slides: a hand
        card set aside face down, a face-down card revealed as a unit in its line."""
        old, new = self.things(before), self.things(after)
        gone = [k for k in old if k not in new and self.layer.rect(k) is not None]
        came = [k for k in new if k not in old]
        for key in came:
            source = None
            if key[0] == "down":  # type: ignore[index]
                card = new[key][0]  # type: ignore[index]
                source = next((g for g in gone if g[0] == "hand" and g[1] == card), None)  # type: ignore[index]
                if source is None:
                    source = next((g for g in gone if g[0] == "down" and g[1] == key[1]), None)  # type: ignore[index]
            elif key[0] == "unit":  # type: ignore[index]
                owner = next(v["owner"] for v in after["board"] if v["pos"] == key[1])  # type: ignore[index]
                source = next((g for g in gone if g[0] == "down" and g[1] == owner), None)  # type: ignore[index]
            if source is None:
                continue
            gone.remove(source)
            rect = self.layer.rect(source)
            assert rect is not None
            self.layer.sprites[key] = Sprite(key, *rect.center, rect.w, rect.h)
            del self.layer.sprites[source]

    def _animate_change(self, before: Obs, after: Obs) -> None:
        t = self.tweens
        old = {v["pos"]: v for v in before["board"]}
        new = {v["pos"]: v for v in after["board"]}
        red = self.ctx.palette["hit"]
        for pos, view in new.items():
            key = ("unit", pos)
            prior = old.get(pos)
            if prior is None or prior["card"] != view["card"]:
                sprite = self.layer.sprites.get(key)
                if any(s["face_down_count"] for s in before["seats"]) and sprite is not None:
                    sprite.face = 0.0  # revealed: the kit's flip turns it over
                    t.animate(sprite, T_FLIP, "out_cubic", face=1.0)
                    t.sound(0.0, "flip")
                continue
            lost = (prior["hp_max"] - prior["damage"]) - (view["hp_max"] - view["damage"])
            if view["damage"] > prior["damage"] and lost > 0:
                self._float(key, f"-{view['damage'] - prior['damage']}", red)
                self._shake(key)
            if view["damage_card"] >= 0 and prior["damage_card"] < 0:
                self._float(key, DAMAGES[view["damage_card"]].name, self.ctx.palette["damage"], 0.3)
                t.sound(0.2, "flip")
        for pos in old:
            if pos not in new:
                key = ("unit", pos)
                self._float(key, i18n.t("frontline.float.destroyed"), red)
                t.sound(0.0, "knock")
        for seat in (0, 1):
            gained = after["seats"][seat]["vp"] - before["seats"][seat]["vp"]
            if gained > 0:
                rect = self._score_rect(seat)
                self.floats.append(
                    Float(f"+{gained} VP", rect.centerx, rect.centery, self.ctx.palette["gold"])
                )
                t.animate(self.floats[-1], T_FLOAT, "out_cubic", rise=1.0, alpha=0.0)
        dice_before, dice_after = before["attack"]["dice"], after["attack"]["dice"]
        rolled = len(dice_after) > len(dice_before) or after["init_rolls"] != before["init_rolls"]
        if rolled or (after["phase"] != before["phase"] and before["phase"].endswith("_die")):
            self.tumble = Motion()
            t.animate(self.tumble, T_TUMBLE, "out_cubic", k=1.0)
            t.sound(0.0, "place")
        natural = after["attack"]["natural"]
        if natural and natural != before["attack"]["natural"] and natural in (2, 3, 18, 19, 20):
            words = {2: "ff", 3: "ff", 18: "double", 19: "destroy", 20: "destroy"}[natural]
            banner = overlays.Banner(
                i18n.t("frontline.natural.title", n=natural),
                i18n.t(f"frontline.natural.{words}"),
                self.side_of(self._attacker_seat(after)),
                key=("natural", len(dice_after)),
            )
            overlays.flash_banner(self, banner, T_TUMBLE, T_CALLOUT, "callout")
        elif fw.step_of(after) != fw.step_of(before):
            banner = overlays.Banner(
                i18n.t(f"frontline.step.{fw.step_of(after)}"),
                i18n.t(f"frontline.step_sub.{fw.step_of(after)}"),
                None,
                key=fw.step_of(after),
            )
            overlays.flash_banner(self, banner, 0.0, T_CALLOUT, "callout")

    def _attacker_seat(self, obs: Obs) -> int:
        pos = obs["attack"]["attacker"]
        unit = next((v for v in obs["board"] if v["pos"] == pos), None)
        if unit is not None:
            return int(unit["owner"])
        return max(0, self.mover(obs))

    def _float(self, key: Hashable, text: str, colour: Colour, delay: float = 0.0) -> None:
        rect = self.layer.rect(key) or self._leaving_rect(key)
        if rect is None:
            return
        item = Float(text, rect.centerx, rect.centery, colour)
        self.floats.append(item)
        self.tweens.animate(item, T_FLOAT, "out_cubic", rise=1.0, alpha=0.0, delay=delay)
        self.tweens.call(
            delay + T_FLOAT, lambda: self.floats.remove(item) if item in self.floats else None
        )

    def _leaving_rect(self, key: Hashable) -> pygame.Rect | None:
        sprite = self.layer.sprites.get(key)
        return None if sprite is None else sprite.rect

    def _shake(self, key: Hashable) -> None:
        shake = self.shakes[key] = Motion()
        self.tweens.animate(shake, T_SHAKE, "linear", k=1.0)
        self.tweens.sound(0.0, "attack")

    # --- what the viewer may click ------------------------------------------------------------
    def _index_legal(self) -> None:
        """Spread the legal actions over the things they are on; the rest become buttons."""
        self.spots, self.buttons = {}, []
        if not self.legal or not self.obs:
            return
        phase = self.obs["phase"]
        for action in self.legal:
            key = self._spot_of(action, phase)
            if key is not None:
                self.spots.setdefault(key, []).append(action)
            elif phase != "build" or kind_of(action) != "card":
                self.buttons.append((action, *self._button_words(action)))

    def _spot_of(self, action: int, phase: str) -> Hashable | None:
        kind = kind_of(action)
        if kind in ("card", "rear"):
            card = action - (CARD if kind == "card" else REAR_CARD)
            if phase == "pick":
                return ("pick", card)
            if phase == "build":
                return None
            return ("hand", card, 0)
        if kind in ("unit", "assault", "surrender", "switch"):
            base = {"unit": UNIT, "assault": ASSAULT, "surrender": SURRENDER, "switch": SWITCH}
            pos = action - base[kind]
            if phase == "choose_attack" and ("unit", pos) not in self.things(self.obs):
                # A close assault whose leader fell still goes in with the rest of its group
                # (resolved by its members): it is clicked on its target.
                attack = next(a for a in self.obs["attacks"][self.me] if a[1] == pos)
                return ("unit", attack[2])
            return ("unit", pos)
        if kind in ("command", "boost"):
            return ("cmd", action - (COMMAND if kind == "command" else BOOST), 0)
        return None

    def _button_words(self, action: int) -> tuple[str, str]:
        """A button's label and its second line (odds, counts)."""
        obs, t = self.obs, i18n.t
        phase = obs["phase"]
        if action == DONE:
            if phase == "commit":
                n = obs["seats"][self.me]["face_down_count"]
                return (t("frontline.btn.commit", n=n) if n else t("frontline.btn.commit_none")), ""
            if phase == "roll_window":
                return t("frontline.btn.roll"), t(f"frontline.roll.{obs['roll_kind']}")
            if phase == "build":
                return t("frontline.btn.built"), ""
            return t("frontline.btn.pass"), t(f"frontline.window.{obs['window']}") if obs[
                "window"
            ] else ""
        if action == HOLD:
            return t("frontline.btn.hold"), ""
        if action in (ME_FIRST, THEM_FIRST):
            return t(
                "frontline.btn.me_first" if action == ME_FIRST else "frontline.btn.them_first"
            ), ""
        if action == DRAW_COMMAND:
            return t("frontline.btn.draw_command"), t("frontline.count.deck", n=obs["command_deck"])
        if action == DRAW_UNIT:
            n = obs["seats"][self.me]["reserves"]
            return t("frontline.btn.draw_unit"), t("frontline.count.reserves", n=n)
        if kind_of(action) == "weapons":
            return self._weapons_words(action - WEAPONS)
        if kind_of(action) == "prebuilt":
            return t("frontline.btn.prebuilt", deck=fw.deck_name(action - PREBUILT_DECK)), ""
        return str(action), ""

    def attacker(self) -> dict | None:
        """The unit whose decision it is (the declaring attacker, the attack under way)."""
        obs = self.obs
        if obs["phase"] in ("declare", "weapons") and obs["queue"]:
            pos = obs["queue"][0]
        elif obs["attack"]["attacker"] is not None and obs["attack"]["attacker"] >= 0:
            pos = obs["attack"]["attacker"]
        else:
            return None
        return next((v for v in obs["board"] if v["pos"] == pos), None)

    def _weapons_words(self, mask: int) -> tuple[str, str]:
        attacker = self.attacker()
        names = (
            [UNITS[attacker["card"]].weapons[r].name for r in range(3) if mask >> r & 1]
            if (attacker)
            else [str(mask)]
        )
        label = " + ".join(names)
        if self.obs["phase"] != "weapons":
            return i18n.t("frontline.btn.first", weapons=label), ""
        target = self.obs["pending_target"]
        if attacker is None or target is None:
            return label, ""
        shown = self.weapons_preview(mask)
        return label, "" if shown is None else fw.odds_words(shown)

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Decision:
        """The phase's own view takes every event while its phase lasts; else the kit routes."""
        view = self.phase_view()
        return view.handle_event(event) if view is not None else super().handle_event(event)

    def key(self, key: int) -> Decision:
        """Enter passes or commits, Escape closes a chooser, 1..9 press the buttons."""
        if key == pygame.K_RETURN and DONE in self.legal:
            return DONE
        if key == pygame.K_ESCAPE:
            self.choosing = None
        return super().key(key)

    def numbered(self) -> list[int]:
        return [action for action, _, _ in self.buttons]

    def click(self, pos: tuple[int, int]) -> Decision:
        """A press only notes what it is on: the release decides (a click, or a drag's drop)."""
        self.press = (pos, self.key_at(pos))
        return None

    def release(self, pos: tuple[int, int]) -> Decision:
        press, self.press = self.press, None
        if self.choosing is not None:
            for rect, action in zip(
                self._chooser_rects(self.choosing)[1:],
                self.spots.get(self.choosing, []),
                strict=False,
            ):
                if rect.collidepoint(pos):
                    self.choosing = None
                    return action
            self.choosing = None
            return None
        button = hit(pos, self._button_places())
        if button is not None:
            return button
        key = press[1] if press is not None else self.key_at(pos)
        if press is not None and dragging(press[0], pos, DRAG):
            return self._drop(key, pos)
        if key is None:
            return None
        actions = self.spots.get(key)
        if not actions:
            return self._refused(key)
        if len(actions) == 1:
            return actions[0]
        self.choosing = key
        return None

    def _drop(self, key: Hashable | None, pos: tuple[int, int]) -> Decision:
        """A hand card dragged to a line: commit it there."""
        if key is None or key[0] != "hand":  # type: ignore[index]
            return None
        card = key[1]  # type: ignore[index]
        geo = self.geo
        if geo.rows["own_rear"].collidepoint(pos):
            choice = REAR_CARD + card
        elif geo.rows["own_front"].collidepoint(pos):
            choice = CARD + card
        else:
            return None
        return choice if choice in self.legal or self.obs["phase"] == "commit" else None

    def _refused(self, key: Hashable) -> Decision:
        """A thing with no legal action: in the commitment, offer the card anyway so the engine
        says why it may not go (a crew without its unit); else say nothing happens there."""
        if not self.legal:
            return None
        if key[0] == "hand" and self.obs["phase"] in ("commit", "discard_unit"):  # type: ignore[index]
            return CARD + key[1]  # type: ignore[index]
        choosing_units = ("declare", "card_target", "crew_to", "friendly_fire", "choose_attack")
        if key[0] == "unit" and self.obs["phase"] in choosing_units:  # type: ignore[index]
            return self.refuse("frontline.refuse.not_here")
        if key[0] == "cmd":  # type: ignore[index]
            card = COMMANDS[key[1]]  # type: ignore[index]
            window = fc.WINDOW_OF_TIMING.get(card.timing, "")
            return self.refuse(
                "frontline.refuse.not_now",
                command=fc.text_of(self.ctx.lang, f"frontline.cmd.{card.id}"),
                window=f"{window} · {fc.text_of(self.ctx.lang, f'frontline.window.{window}')}",
            )
        return None

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        view = self.phase_view()
        if view is not None:
            return view.clicks_for(action)
        for a, rect in self._button_places():
            if a == action:
                return [rect.center]
        for key, actions in self.spots.items():
            if action in actions:
                assert self.thing_rect(key) is not None, key
                point = self.point_on(key, self.key_at)  # a fanned card: its visible part
                if len(actions) == 1:
                    return [point]
                option = self._chooser_rects(key)[1 + actions.index(action)]
                return [point, option.center]
        raise ValueError(f"action {action} is not offered on the board")

    def reset_input(self) -> None:
        self.choosing = None
        self.press = None

    # --- chooser and buttons ------------------------------------------------------------------
    def _chooser_rects(self, key: Hashable) -> list[pygame.Rect]:
        anchor = self.thing_rect(key) or pygame.Rect(self.geo.table.center, (1, 1))
        actions = self.spots.get(key, [])
        u = self.geo.unit
        px = max(9, round(1.4 * u))  # the chooser's label size
        words = [text_width(self._option_words(a), px) + 3 * u for a in actions]
        width = max([u * 16, *words])
        return overlays.chooser_rects(
            len(actions), (width, u * 5), anchor, self.geo.table, [], u, columns=1
        )

    def _option_words(self, action: int) -> str:
        """A chooser option's words: by the action's kind (a unit clicked in a command window
        takes a crew; elsewhere it is fired at)."""
        kind = kind_of(action)
        if kind == "unit":
            kind = "crew" if self.obs["phase"] == "window" else "fire"
        return i18n.t(f"frontline.opt.{OPTION_WORDS.get(kind, kind)}")

    def _button_rects(self) -> list[pygame.Rect]:
        box = self.geo.prompt
        u = self.geo.unit
        h = max(22, round(u * (5.2 if self._two_lines() else 3.6)))
        gap = max(3, u // 2)
        n = len(self.buttons)
        if n == 0:
            return []
        h = min(h, (box.h - 5 * u) // n - gap)
        top = box.bottom - n * (h + gap)
        return [pygame.Rect(box.x, top + i * (h + gap), box.w, h) for i in range(n)]

    def _two_lines(self) -> bool:
        return any(detail for _, _, detail in self.buttons)

    # --- drawing --------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        p = self.ctx.palette
        surface.fill(p["bg"], self.rect)
        if not self.obs:
            return
        view = self.phase_view()
        if view is not None:
            view.draw(surface)
            return
        self._paint_table(surface)
        self._paint_tray(surface)
        if self.obs["phase"] == "build":
            self._paint_build(surface)
        if self.obs["phase"] == "pick":
            self._paint_pick(surface)
        self.draw_layer(surface)
        self._paint_arrows(surface)
        self._paint_glows(surface)
        self._paint_side(surface)

    def _paint_table(self, surface: pygame.Surface) -> None:
        """The rows and the air spaces (drawn once per size and sides), then the bars."""
        geo = self.geo
        sides = (self.side_of(1 - self.me), self.side_of(self.me))
        key = ("table", geo.table.size, geo.unit, sides, i18n.get_language())
        table = self.art.cached(key, lambda: self._table_image(sides))
        surface.blit(table, geo.table)
        self._paint_opp_bar(surface)

    def _table_image(self, sides: tuple[int, int]) -> pygame.Surface:
        p, u = self.ctx.palette, self.geo.unit
        geo = _shifted(self.geo)
        surface = pygame.Surface(geo.table.size)
        pygame.draw.rect(surface, p["table"], geo.table)
        for who, side in zip(("opp", "own"), sides, strict=True):
            colour = self.art.army(side)
            for name in ("ground", "rear"):
                row = geo.rows[f"{who}_{name}"]
                band = row.inflate(-u, -u // 2)
                pygame.draw.rect(surface, darker(p["table"], 0.12), band, border_radius=u)
                pygame.draw.rect(
                    surface,
                    lighter(colour, 0.1) if who == "own" else colour,
                    band,
                    max(1, u // 4),
                    border_radius=u,
                )
                label = i18n.t("frontline.row.front" if name == "ground" else "frontline.row.rear")
                image = render(label, max(9, round(u * 1.5)), lighter(colour, 0.35), bold=True)
                image = pygame.transform.rotate(image, 90)
                surface.blit(image, image.get_rect(midleft=(band.x + u // 3, band.centery)))
            air = geo.air[who].inflate(-u, -u // 2)
            pygame.draw.rect(surface, mix_air(p), air, border_radius=u)
            pygame.draw.rect(surface, colour, air, max(1, u // 4), border_radius=u)
            tag = render(
                "✈ " + i18n.t("frontline.row.air"),
                max(9, round(u * 1.4)),
                lighter(colour, 0.35),
                bold=True,
            )
            surface.blit(tag, (air.x + u // 2, air.y + u // 4))
        hand = geo.rows["hand"]
        pygame.draw.rect(surface, darker(p["table"], 0.3), hand)
        pygame.draw.line(surface, p["table_line"], hand.topleft, hand.topright, max(1, u // 4))
        return surface

    def _paint_opp_bar(self, surface: pygame.Surface) -> None:
        """The opponent's hand as card backs with its counts, its name, whether it decided."""
        p, geo, u = self.ctx.palette, self.geo, self.geo.unit
        opp = 1 - self.me
        bar = geo.rows["opp_bar"]
        info = self.obs["seats"][opp]
        pygame.draw.rect(surface, darker(p["table"], 0.3), bar)
        side = self.side_of(opp)
        mark = fc.army_mark(side, bar.h - u, p)
        surface.blit(mark, (bar.x + u, bar.y + u // 2))
        name = self.art.fitted(
            self._name(opp), max(10, round(bar.h * 0.5)), p["text"], bar.w // 3, bold=True
        )
        surface.blit(name, name.get_rect(midleft=(bar.x + 2 * u + mark.get_width(), bar.centery)))
        back_w = max(8, round((bar.h - u) / fc.RATIO))
        x = bar.x + bar.w // 2
        for kind, count in (
            ("US" if side == 0 else "GE", info["unit_count"]),
            ("command", info["command_count"]),
        ):
            back = fc.card_back(kind, back_w, p, self.ctx.lang)
            for i in range(count):
                surface.blit(back, (x + i * back_w // 3, bar.y + u // 2))
            label = render(f"×{count}", max(9, round(bar.h * 0.45)), p["text_dim"], bold=True)
            lx = x + max(0, count - 1) * back_w // 3 + back_w + u // 2
            surface.blit(label, label.get_rect(midleft=(lx, bar.centery)))
            x = lx + label.get_width() + 2 * u
        state = self._decided_words(opp)
        if state:
            chip = render(state, max(9, round(bar.h * 0.42)), p["gold"], bold=True)
            surface.blit(chip, chip.get_rect(midright=(bar.right - u, bar.centery)))

    def _decided_words(self, seat: int) -> str:
        obs = self.obs
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

    def _paint_pick(self, surface: pygame.Surface) -> None:
        """Set-up: the viewer's deck laid out to choose the starting units from."""
        p, u = self.ctx.palette, self.geo.unit
        picks = [r for k, r in self.resting_places(self.obs).items() if k[0] == "pick"]  # type: ignore[index]
        if not picks:
            return
        area = picks[0].unionall(picks[1:]).inflate(3 * u, 3 * u)
        area.top -= 2 * u
        surface.blit(self.art.panel(area.w, area.h, (*p["panel"], 230), p["panel_edge"], u), area)
        title = i18n.t("frontline.your_deck", n=4 - len(self.obs["seats"][self.me]["units"] or []))
        image = self.art.fitted(
            title, max(10, round(1.6 * u)), p["text"], area.w - 2 * u, bold=True
        )
        surface.blit(image, (area.x + u, area.y + u // 2))

    def _paint_build(self, surface: pygame.Surface) -> None:
        """Deck building (option ``decks = build``): a notice; the prebuilt decks are buttons."""
        p, geo = self.ctx.palette, self.geo
        area = geo.table.inflate(-8 * geo.unit, -geo.table.h // 2)
        surface.blit(
            self.art.panel(area.w, area.h, (*p["panel"], 235), p["panel_edge"], geo.unit), area
        )
        title = self.art.fitted(
            i18n.t("frontline.building"), 3 * geo.unit, p["text"], area.w - 20, bold=True
        )
        blit_center(surface, title, (area.centerx, area.centery - geo.unit * 2))
        sub = self.art.fitted(
            i18n.t("frontline.building_sub"), round(1.8 * geo.unit), p["text_dim"], area.w - 20
        )
        blit_center(surface, sub, (area.centerx, area.centery + geo.unit * 2))

    def draw_thing(
        self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float
    ) -> None:
        kind = key[0]  # type: ignore[index]
        p, lang = self.ctx.palette, self.ctx.lang
        image: pygame.Surface | None = None
        if kind == "unit":
            view = self.views.get(key)
            if view is None:
                return
            image = self.art.tile(view, rect.w, rect.h)
            shake = self.shakes.get(key)
            if shake is not None and shake.k < 1:
                rect = rect.move(round((1 - shake.k) * self.geo.unit * _wobble(shake.k)), 0)
            self._paint_under(surface, view, rect)
            sprite = self.layer.sprites.get(key)
            if sprite is not None and sprite.face < 1:  # turning over: the back, then the face
                back = self.art.face_down(self.side_of(view["owner"]), rect.w, rect.h, None)
                turning = Sprite(key, *rect.center, rect.w, rect.h, alpha, face=sprite.face)
                blit_sprite(surface, turning, image, back)
                self._paint_markers(surface, view, rect)
                return
        elif kind == "down":
            value = self.things(self.obs).get(key)
            card = value[0] if value else None  # type: ignore[index]
            image = self.art.face_down(self.side_of(key[1]), rect.w, rect.h, card)  # type: ignore[index]
        elif kind in ("hand", "pick"):
            image = fc.unit_face(key[1], rect.w, p, lang)  # type: ignore[index]
        elif kind == "cmd":
            image = fc.command_face(key[1], rect.w, p, lang)  # type: ignore[index]
        if image is None:
            return
        if image.get_size() != rect.size:
            image = pygame.transform.smoothscale(image, rect.size)
        blit_center(surface, image, rect.center, round(255 * alpha))
        if kind == "unit":
            self._paint_markers(surface, self.views[key], rect)
        if kind == "pick":
            count = self.things(self.obs).get(key)
            if isinstance(count, int) and count > 1:
                badge = render(f"×{count}", max(10, rect.w // 6), p["text"], bold=True)
                r = badge.get_rect(bottomright=(rect.right - 2, rect.bottom - 2)).inflate(6, 2)
                pygame.draw.rect(surface, darker(p["ink"], 0.2), r, border_radius=r.h // 2)
                blit_center(surface, badge, r.center)

    def _paint_under(self, surface: pygame.Surface, view: dict, rect: pygame.Rect) -> None:
        """What is tucked under a unit: its Damage card's edge."""
        p = self.ctx.palette
        if view["damage_card"] >= 0:
            edge = EDGE_OF_TYPE[UNITS[view["card"]].type]
            strip = fc.damage_face(view["damage_card"], rect.w, p, self.ctx.lang, edge)
            surface.blit(
                strip, strip.get_rect(midtop=(rect.centerx, rect.bottom - strip.get_height() // 3))
            )

    def _paint_markers(self, surface: pygame.Surface, view: dict, rect: pygame.Rect) -> None:
        """Chips along the top edge: the Damage card's effect with its turns left, the command
        cards in effect, captured."""
        p, u = self.ctx.palette, self.geo.unit
        if UNITS[view["card"]].crew >= 0:
            size = max(10, rect.h // 3)
            spot = (rect.x - size // 4, rect.bottom - size + size // 4)
            if view["crew"] >= 0:
                surface.blit(fc.crew_icon(UNITS[view["card"]].crew, size, p), spot)
            else:
                r = pygame.Rect(spot, (size, size))
                pygame.draw.ellipse(surface, p["hit"], r)
                mark = render("!", round(size * 0.8), p["text"], bold=True)
                blit_center(surface, mark, r.center)
        px = max(8, round(u * 1.25))
        chips: list[tuple[str, Colour]] = []
        effect = view["effect"]
        if effect is not None and effect["left"] != 0 and effect["kind"] != "none":
            left = effect["left"]
            turns = f" {left}t" if left > 0 else ""
            chips.append(("⚠" + fw.effect_short(effect) + turns, p["hp_low"]))
        for c in view["commands"]:
            chips.append((initials(c), p["command"]))
        if view["captured_from"] >= 0:
            chips.append(("⛓", p["gold"]))
        x = rect.x + u
        for text, colour in chips:
            image = render(text, px, p["text"], bold=True, symbol=text[0] in "⚠⛓")
            r = pygame.Rect(
                x, rect.y - image.get_height() // 2, image.get_width() + px // 2, image.get_height()
            )
            pygame.draw.rect(surface, darker(colour, 0.25), r, border_radius=r.h // 2)
            blit_center(surface, image, r.center)
            x = r.right + 2

    def _paint_arrows(self, surface: pygame.Surface) -> None:
        """Declared attacks: the viewer's own while declaring, both sides' after the reveal."""
        obs, u = self.obs, self.geo.unit
        arrows: list[tuple[int, int, int, bool]] = []
        for seat in (0, 1):
            for attack in obs["attacks"][seat]:
                arrows.append((seat, attack[1], attack[2], False))
            decls = obs["seats"][seat]["declarations"]
            if decls and not obs["attacks"][seat] and fw.step_of(obs) == "declare":
                for decl in decls:
                    arrows.append((seat, decl[1], decl[2], True))
        current = obs["attack"]["attacker"]
        aimed = obs["attack"]["target"]
        units = {v["pos"]: v for v in obs["board"]}
        if fw.step_of(obs) == "combat" and current in units and aimed in units:
            arrows.append((units[current]["owner"], current, aimed, False))
        for seat, a, b, dashed in arrows:
            ra, rb = self.layer.rect(("unit", a)), self.layer.rect(("unit", b))
            if ra is None or rb is None:
                continue
            colour = lighter(self.art.army(self.side_of(seat)), 0.3)
            width = max(2, u // 2) + (2 if a == current else 0)
            start = _toward(ra.inflate(-ra.w // 3, -ra.h // 3), rb.center)  # off its own name
            self.art.arrow(surface, start, _toward(rb, ra.center), colour, width, dashed)

    def _paint_glows(self, surface: pygame.Surface) -> None:
        """Things the viewer may click breathe; targets show their odds (in the weapons
        decision, the odds of the weapons under the mouse, else of the best ones)."""
        if not self.legal:
            return
        u = self.geo.unit
        p = self.ctx.palette
        alpha = self.breathing(urgent=True)
        for key in self.spots:
            rect = self.layer.rect(key)
            if rect is None:
                continue
            self.art.ring(surface, rect, p["legal"], max(2, u // 2), alpha)
        attacker = self.attacker()
        if attacker is not None and self.obs["phase"] in ("declare", "weapons"):
            rect = self.layer.rect(("unit", attacker["pos"]))
            if rect is not None:
                overlays.pill(
                    surface,
                    i18n.t("frontline.attacker"),
                    rect,
                    p["gold"],
                    max(10, round(u * 1.6)),
                    self.geo.table,
                )
            for key in self.spots:
                shown = self.target_preview(key)
                rect = self.layer.rect(key)
                if rect is None:
                    continue
                if shown is not None:
                    self._odds_label(surface, shown[1], rect)
                elif self.obs["phase"] == "declare":  # only a close assault or Surrender!
                    words = " / ".join(self._option_words(a) for a in self.spots[key])
                    overlays.pill(
                        surface,
                        words,
                        rect.move(0, rect.h // 2),
                        p["legal"],
                        max(9, round(u * 1.3)),
                        self.geo.table,
                    )
        if self.obs["phase"] == "weapons":
            target = self.obs["pending_target"]
            rect = None if target is None else self.layer.rect(("unit", target))
            hovered = self._hovered_button()
            masks = [b[0] - WEAPONS for b in self.buttons if kind_of(b[0]) == "weapons"]
            if hovered is not None and kind_of(hovered) == "weapons":
                masks = [hovered - WEAPONS]
            offered = [o for o in map(self.weapons_preview, masks) if o is not None]
            if rect is not None and offered:
                self.art.ring(surface, rect, p["hit"], max(2, u // 2), alpha)
                best = max(offered, key=lambda o: (o.destroyed, o.half, o.hit))
                self._odds_label(surface, best, rect)

    def target_preview(self, key: Hashable) -> tuple[int, odds.Preview] | None:
        """The odds a target shows while the attacker picks it: its best weapon set."""
        attacker = self.attacker()
        if attacker is None or key[0] != "unit":  # type: ignore[index]
            return None
        if UNIT + key[1] not in self.spots.get(key, []):  # type: ignore[index]
            return None
        cache_key = ("best", attacker["pos"], key[1])  # type: ignore[index]
        if cache_key not in self._odds:
            self._odds[cache_key] = odds.best_preview(self.obs, attacker["pos"], key[1])  # type: ignore[index]
        return self._odds[cache_key]

    def weapons_preview(self, mask: int) -> odds.Preview | None:
        """The odds of the weapons ``mask`` at the declared target (the weapons decision)."""
        attacker, target = self.attacker(), self.obs.get("pending_target")
        if attacker is None or target is None:
            return None
        cache_key = ("set", attacker["pos"], target, mask)
        if cache_key not in self._odds:
            self._odds[cache_key] = odds.preview(self.obs, attacker["pos"], target, mask)
        return self._odds[cache_key]

    def _odds_label(self, surface: pygame.Surface, shown: odds.Preview, rect: pygame.Rect) -> None:
        """The odds on a target, in two lines fitted to its width over its lower part."""
        p, u = self.ctx.palette, self.geo.unit
        lines = fw.odds_lines(shown)
        px = min(fit_px(line, max(9, round(u * 1.35)), rect.w - u, min_px=7) for line in lines)
        images = [render(line, px, p["text"], bold=True) for line in lines]
        h = sum(i.get_height() for i in images)
        box = pygame.Rect(0, 0, max(i.get_width() for i in images) + u, h + u // 2)
        box.midbottom = (rect.centerx, rect.bottom - 2)
        pygame.draw.rect(surface, (20, 22, 14), box, border_radius=max(2, u // 2))
        pygame.draw.rect(surface, p["legal"], box, 1, border_radius=max(2, u // 2))
        y = box.y + u // 4
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height()

    def _hovered_button(self) -> int | None:
        return None if self.mouse is None else hit(self.mouse, self._button_places())

    def _button_places(self) -> list[tuple[int, pygame.Rect]]:
        """Each button's action and rectangle, for the kit's hit test."""
        return [(b[0], rect) for rect, b in zip(self._button_rects(), self.buttons, strict=False)]

    def _paint_tray(self, surface: pygame.Surface) -> None:
        """Between the Frontlines: the turn's steps, the attack under way, its dice."""
        p, geo, u = self.ctx.palette, self.geo, self.geo.unit
        tray = geo.rows["tray"]
        obs = self.obs
        pygame.draw.rect(surface, darker(p["table"], 0.22), tray)
        # The turn's steps with the current one lit.
        steps = ("setup", "commit", "declare", "combat", "draw")
        now = fw.step_of(obs)
        x = tray.x + u
        px = max(9, round(u * 1.4))
        for name in steps:
            if name == "setup" and now != "setup":
                continue
            lit = name == now
            image = render(
                i18n.t(f"frontline.step.{name}"), px, p["gold"] if lit else p["text_dim"], bold=lit
            )
            r = surface.blit(image, (x, tray.y + u // 2))
            if lit:
                pygame.draw.line(surface, p["gold"], (r.x, r.bottom), (r.right, r.bottom), 2)
            x = r.right + u
        turn = render(i18n.t("frontline.turn", n=obs["turn"]), px, p["text_dim"])
        surface.blit(turn, turn.get_rect(topright=(tray.right - u, tray.y + u // 2)))
        line = self._tray_words()
        words = self.art.fitted(line, max(9, round(u * 1.5)), p["text"], tray.w // 2)
        surface.blit(words, (tray.x + u, tray.y + u // 2 + round(px * 1.5)))
        self._paint_dice(surface, tray)

    def tray_rect(self) -> pygame.Rect:
        """Where the dice lie (hover it for the damage formula)."""
        tray = self.geo.rows["tray"]
        return pygame.Rect(tray.centerx + tray.w // 6, tray.y, tray.w // 3, tray.h)

    def _paint_dice(self, surface: pygame.Surface, tray: pygame.Rect) -> None:
        obs, u = self.obs, self.geo.unit
        if fw.step_of(obs) != "combat":  # the last attack's dice are no news in another step
            return
        size = max(14, round(tray.h * 0.55))
        box = self.tray_rect()
        dice: list[tuple[int, int]] = []
        if obs["phase"] in ("initiative", "order") or (
            fw.step_of(obs) == "combat"
            and not obs["attack"]["dice"]
            and any(obs["init_rolls"])
            and obs["attack"]["attacker"] in (None, -1)
        ):
            dice = [
                (roll, self.side_of(seat)) for seat, roll in enumerate(obs["init_rolls"]) if roll
            ]
        else:
            side = self.side_of(self._attacker_seat(obs))
            dice = [(d, side) for d in obs["attack"]["dice"]]
        tumbling = self.tumble.k < 1
        x = box.x + u
        for i, (face, side) in enumerate(dice):
            last = i == len(dice) - 1
            shown = self.rng.randint(1, 10) if tumbling and last else face
            angle = (1 - self.tumble.k) * 300 if tumbling and last else 0
            image = self.art.die(shown, size, side, angle)
            blit_center(surface, image, (x + size // 2, box.centery + u // 2))
            x += size + u
        natural = obs["attack"]["natural"]
        if natural and dice and not tumbling:
            text = i18n.t("frontline.natural.short", n=natural)
            image = render(text, max(10, round(u * 1.6)), self.ctx.palette["gold"], bold=True)
            surface.blit(image, image.get_rect(midleft=(x + u, box.centery + u // 2)))

    def _tray_words(self) -> str:
        """The attack under way in words, or what the step is about."""
        obs, t = self.obs, i18n.t
        attack = obs["attack"]
        units = {v["pos"]: v for v in obs["board"]}
        a, b = units.get(attack["attacker"]), units.get(attack["target"])
        if fw.step_of(obs) == "combat" and a is not None and b is not None and attack["row"] >= 0:
            row = attack["row"]
            weapons = UNITS[a["card"]].weapons
            name = weapons[row].name if 0 <= row < len(weapons) else ""
            return t(
                "frontline.tray.attack",
                unit=UNITS[a["card"]].name,
                target=UNITS[b["card"]].name,
                weapon=name,
            )
        return t(f"frontline.step_sub.{fw.step_of(obs)}")

    def _paint_side(self, surface: pygame.Surface) -> None:
        p, geo = self.ctx.palette, self.geo
        pygame.draw.rect(surface, p["panel"], geo.side)
        pygame.draw.line(surface, p["panel_edge"], geo.side.topleft, geo.side.bottomleft, 2)
        for seat in (1 - self.me, self.me):
            self._paint_score(surface, seat)
        self._paint_decks(surface)
        self._paint_zoom(surface)
        self._paint_prompt(surface)

    def _score_rect(self, seat: int) -> pygame.Rect:
        box = self.geo.score
        h = box.h * 2 // 5
        top = box.y if seat != self.viewer else box.y + h
        return pygame.Rect(box.x, top, box.w, h)

    def _paint_score(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's line: mark, name, VP towards 51, overrun pips, hand and Reserves counts."""
        p, u = self.ctx.palette, self.geo.unit
        rect = self._score_rect(seat)
        info = self.obs["seats"][seat]
        side = self.side_of(seat)
        colour = self.art.army(side)
        mark = fc.army_mark(side, rect.h // 2, p)
        surface.blit(mark, (rect.x, rect.y + u // 3))
        px = max(9, round(rect.h * 0.3))
        name = self.art.fitted(self._name(seat), px, p["text"], rect.w // 2, bold=True)
        surface.blit(name, (rect.x + mark.get_width() + u // 2, rect.y + u // 3))
        vp = render(f"{info['vp']}/51 VP", px, p["gold"], bold=True)
        surface.blit(vp, vp.get_rect(topright=(rect.right, rect.y + u // 3)))
        bar = pygame.Rect(rect.x, rect.y + rect.h // 2 + u // 3, rect.w * 3 // 5, max(4, u))
        pygame.draw.rect(surface, darker(colour, 0.6), bar, border_radius=bar.h // 2)
        filled = bar.copy()
        filled.w = round(bar.w * min(1.0, info["vp"] / 51))
        if filled.w:
            pygame.draw.rect(surface, colour, filled, border_radius=bar.h // 2)
        # Overrun: three pips (three end-of-combat checks with no Frontline).
        x = bar.right + u
        for i in range(3):
            lit = i < info["overrun"]
            c = (x + u + i * 2 * u, bar.centery)
            pygame.draw.circle(
                surface, p["hit"] if lit else darker(p["text_dim"], 0.5), c, max(3, u * 2 // 3)
            )
        small = max(8, round(rect.h * 0.24))
        counts = i18n.t(
            "frontline.counts",
            units=info["unit_count"],
            commands=info["command_count"],
            reserves=info["reserves"],
        )
        image = self.art.fitted(counts, small, p["text_dim"], rect.w)
        surface.blit(image, (rect.x, bar.bottom + u // 3))

    def _paint_decks(self, surface: pygame.Surface) -> None:
        p, u = self.ctx.palette, self.geo.unit
        box = self.geo.score
        y = box.y + box.h * 4 // 5
        h = box.bottom - y
        back_w = max(8, round(h / fc.RATIO))
        x = box.x
        for kind, count in (
            ("command", self.obs["command_deck"]),
            ("damage", self.obs["damage_deck"]),
        ):
            surface.blit(fc.card_back(kind, back_w, p, self.ctx.lang), (x, y))
            label = i18n.t(f"frontline.deck.{kind}", n=count)
            image = self.art.fitted(
                label, max(8, round(h * 0.42)), p["text_dim"], box.w // 2 - back_w - u
            )
            surface.blit(image, image.get_rect(midleft=(x + back_w + u // 2, y + h // 2)))
            x += box.w // 2

    def zoomed(self) -> Hashable | None:
        """The card shown large in the panel: the one under the mouse, else the attacker."""
        key = self.hovered
        if key is None and self.choosing is not None:
            key = self.choosing
        if key is None:
            attacker = self.attacker()
            if attacker is not None:
                key = ("unit", attacker["pos"])
        return key

    def _zoom_image(self, key: Hashable | None, w: int) -> pygame.Surface | None:
        """The card of thing ``key`` at full size (a face-down card of the other side: its
        back)."""
        p, lang = self.ctx.palette, self.ctx.lang
        if key is None:
            return None
        kind = key[0]  # type: ignore[index]
        if kind == "unit" and key in self.views:
            return fc.unit_face(self.views[key]["card"], w, p, lang)
        if kind in ("hand", "pick"):
            return fc.unit_face(key[1], w, p, lang)  # type: ignore[index]
        if kind == "cmd":
            return fc.command_face(key[1], w, p, lang)  # type: ignore[index]
        if kind == "down":
            value = self.things(self.obs).get(key)
            card = value[0] if value else None  # type: ignore[index]
            if card is not None:
                return fc.unit_face(card, w, p, lang)
            side = self.side_of(key[1])  # type: ignore[index]
            return fc.card_back("US" if side == 0 else "GE", w, p, lang)
        return None

    def _paint_zoom(self, surface: pygame.Surface) -> None:
        box = self.geo.zoom
        if box.h == 0:
            return
        w = min(box.w, round(box.h / fc.RATIO))
        image = self._zoom_image(self.zoomed(), w)
        if image is None:
            back = "US" if self.side_of(self.me) == 0 else "GE"
            image = fc.card_back(back, w, self.ctx.palette, self.ctx.lang)
            image.set_alpha(90)
            blit_center(surface, image, box.center)
            image.set_alpha(255)
            return
        blit_center(surface, image, box.center)

    def _paint_floating_zoom(self, surface: pygame.Surface) -> None:
        """A narrow board: the card under the mouse, large, on the far side of the table."""
        if self.geo.zoom.h or self.mouse is None or self.choosing is not None:
            return
        table = self.geo.table
        w = round(table.h * 0.46 / fc.RATIO)
        image = self._zoom_image(self.hovered, w)
        if image is None:
            return
        rect = image.get_rect()
        rect.top = self.mouse[1] - rect.h // 2
        if self.mouse[0] < table.centerx:
            rect.right = table.right - self.geo.unit
        else:
            rect.left = table.x + self.geo.unit
        rect.clamp_ip(table)
        surface.blit(image, rect)

    def _paint_prompt(self, surface: pygame.Surface) -> None:
        p, box, u = self.ctx.palette, self.geo.prompt, self.geo.unit
        text = self.prompt_text()
        px = max(9, round(u * 1.5))
        rects = self._button_rects()
        bottom = rects[0].top - u // 2 if rects else box.bottom
        y = box.y
        for line in fc.wrap_px(text, px, box.w):
            if y + px > bottom:
                break
            image = render(line, px, p["text"])
            surface.blit(image, (box.x, y))
            y += image.get_height()
        hovered = self._hovered_button()
        for rect, (action, label, detail) in zip(rects, self.buttons, strict=False):
            hover = action == hovered
            hinted = action == self.hint
            fill = lighter(p["panel"], 0.22 if hover else 0.1)
            edge = p["hint"] if hinted else p["gold"] if hover else p["panel_edge"]
            surface.blit(self.art.panel(rect.w, rect.h, (*fill, 255), edge, max(3, u)), rect)
            lpx = max(9, min(round(u * 1.5), round(rect.h * (0.42 if detail else 0.6))))
            image = self.art.fitted(label, lpx, p["text"], rect.w - 2 * u, bold=True)
            if detail:
                sub = self.art.fitted(detail, max(8, round(lpx * 0.85)), p["gold"], rect.w - 2 * u)
                top = rect.centery - (image.get_height() + sub.get_height()) // 2
                surface.blit(image, (rect.x + u, top))
                surface.blit(sub, (rect.x + u, top + image.get_height()))
            else:
                surface.blit(image, image.get_rect(midleft=(rect.x + u, rect.centery)))

    def prompt_text(self) -> str:
        """What the viewer is asked now, or whom the game waits for."""
        obs = self.obs
        if not obs:
            return ""
        phase = obs["phase"]
        if phase == "over":
            return self.status_text()
        if not self.legal:
            player = obs["current_player"]
            if player >= 0 and player != self.me:
                return i18n.t("frontline.wait", name=self._name(player))
            return self._tray_words()
        args: dict[str, object] = {}
        attacker = self.attacker()
        if attacker is not None:
            args["unit"] = UNITS[attacker["card"]].name
        if (
            phase in ("card_target", "roll_window")
            and obs["card_pending"] is not None
            and obs["card_pending"] >= 0
        ):
            args["command"] = COMMANDS[obs["card_pending"]].name
        if phase == "pick":
            args["n"] = 4 - len(obs["seats"][self.me]["units"] or [])
        if phase == "window":
            return i18n.t(f"frontline.prompt.window_{obs['window']}")
        if phase == "commit" and DONE not in self.legal:  # a unit set aside without its crew
            return i18n.t("frontline.prompt.commit_crew")
        return i18n.t(f"frontline.prompt.{phase}", **{"unit": "", "command": "", "n": 0, **args})

    def dragged(self) -> int | None:
        """The hand card being dragged to a line, if any."""
        if self.press is None or self.mouse is None or self.obs.get("phase") != "commit":
            return None
        start, key = self.press
        if key is None or key[0] != "hand" or not dragging(start, self.mouse, DRAG):  # type: ignore[index]
            return None
        return int(key[1])  # type: ignore[index]

    def _paint_drag(self, surface: pygame.Surface) -> None:
        """The card under the mouse, and the lines it may be dropped on lit."""
        card = self.dragged()
        if card is None or self.mouse is None:
            return
        p, u = self.ctx.palette, self.geo.unit
        lines = []
        if CARD + card in self.legal:
            lines.append(self.geo.rows["own_front"])
        if REAR_CARD + card in self.legal:
            lines.append(self.geo.rows["own_rear"])
        for row in lines:
            lit = row.inflate(-2 * u, -u)
            self.art.ring(surface, lit, p["legal"], max(2, u // 2), self.breathing(urgent=True))
        rect = self.layer.rect(("hand", card, 0))
        w = rect.w if rect is not None else round(self.geo.rows["hand"].h / fc.RATIO)
        blit_center(surface, fc.unit_face(card, w, p, self.ctx.lang), self.mouse, 220)

    def paint_overlays(self, surface: pygame.Surface) -> None:
        p, u = self.ctx.palette, self.geo.unit
        self._paint_drag(surface)
        for item in self.floats:
            if item.alpha <= 0:
                continue
            image = render(item.text, max(12, round(u * 2.4)), item.colour, bold=True)
            y = item.y - item.rise * u * 6
            blit_center(surface, image, (item.x, y), round(255 * max(0.0, item.alpha)))
        tray = self.geo.rows["tray"]
        banner_rect = pygame.Rect(0, 0, self.geo.table.w // 2, round(tray.h * 0.8))
        banner_rect.center = (self.geo.table.centerx, tray.centery)
        overlays.draw_banner(
            surface,
            self.art,
            self.callout,
            banner_rect,
            (max(12, round(u * 2.4)), max(9, round(u * 1.5))),
            lambda side, size, colour: fc.army_mark(side, size, p),
        )
        if self.choosing is not None and self.choosing in self.spots:
            self._paint_chooser(surface)
        self._paint_floating_zoom(surface)
        self._paint_tooltip(surface)

    def _paint_chooser(self, surface: pygame.Surface) -> None:
        key = self.choosing
        actions = self.spots[key]
        rects = self._chooser_rects(key)
        u = self.geo.unit
        options: list[tuple[str, Callable[[pygame.Surface, pygame.Rect], None]]] = [
            (self._option_words(a), _no_picture) for a in actions
        ]
        overlays.draw_chooser(
            surface,
            self.art,
            rects,
            i18n.t("frontline.choose"),
            options,
            self.ctx.palette["gold"],
            self.mouse,
            None,
            1.0,
            u,
        )

    def _paint_tooltip(self, surface: pygame.Surface) -> None:
        """Over the dice tray, a weapon button or a unit: how damage is worked out."""
        if self.mouse is None or self.choosing is not None:
            return
        text = self.tooltip_text()
        if not text:
            return
        u = self.geo.unit
        mouse = self.mouse

        side = self.geo.side

        table, floating = self.geo.table, self.geo.zoom.h == 0

        def place(box: pygame.Rect) -> None:
            if side.collidepoint(mouse):  # beside the panel, not over its buttons
                box.midright = (side.x - u, mouse[1])
            elif floating:  # the card floats beside the mouse: the words go to the foot
                box.midbottom = (table.centerx, table.bottom - u)
            else:
                box.bottomleft = (mouse[0] + u, mouse[1] - u)

        overlays.note(
            surface,
            self.art,
            text,
            max(160, self.rect.w // 4),
            place,
            self.rect,
            self.ctx.palette["gold"],
            max(10, round(u * 1.4)),
        )

    def tooltip_text(self) -> str:
        """The damage formula, with the numbers of the attack or the weapon under the mouse."""
        if self.mouse is None or not self.obs:
            return ""
        hovered = self._hovered_button()
        attacker = self.attacker()
        if hovered is not None and kind_of(hovered) == "weapons" and attacker is not None:
            target = self.obs["pending_target"]
            if target is None:
                return ""
            return self._formula(attacker, target, hovered - WEAPONS)
        if self.tray_rect().collidepoint(self.mouse) and attacker is not None:
            target = self.obs["attack"]["target"]
            row = self.obs["attack"]["row"]
            if target is not None and target >= 0 and row is not None and row >= 0:
                return self._formula(attacker, target, 1 << row)
        key = self.hovered
        if key is not None and key[0] == "unit" and key in self.views:  # type: ignore[index]
            best = self.target_preview(key) if self.obs["phase"] == "declare" else None
            if best is not None and attacker is not None:  # a target: how its odds come about
                return self._formula(attacker, key[1], best[0])  # type: ignore[index]
            return self._unit_words(self.views[key])
        return ""

    def _formula(self, attacker: dict, target_pos: int, mask: int) -> str:
        if all(v["pos"] != target_pos for v in self.obs["board"]):
            return ""
        lines = [
            i18n.t(
                "frontline.formula.weapon",
                weapon=shot.weapon.name,
                rof=shot.weapon.rof,
                value=shot.value,
                mod=f"{shot.mod:+d}",
                dmg=shot.weapon.damage_mod,
                defense=shot.defense,
            )
            for shot in odds.shots(self.obs, attacker["pos"], target_pos, mask)
        ]
        return " ".join([*lines, i18n.t("frontline.formula.rules")])

    def _unit_words(self, view: dict) -> str:
        printed = UNITS[view["card"]]
        parts = [printed.name]
        if printed.crew >= 0 and view["crew"] < 0:
            parts.append(i18n.t("frontline.tip.no_crew"))
        effect = view["effect"]
        if effect is not None and view["damage_card"] >= 0:
            edge = EDGE_OF_TYPE[printed.type]
            parts.append(
                f"{DAMAGES[view['damage_card']].name}: "
                f"{fc.damage_words(view['damage_card'], edge, self.ctx.lang)}"
            )
            if effect["left"] > 0:
                parts.append(i18n.t("frontline.tip.turns_left", n=effect["left"]))
        for c in view["commands"]:
            parts.append(
                f"{COMMANDS[c].name}: "
                + fc.text_of(self.ctx.lang, f"frontline.cmd_effect.{COMMANDS[c].id}")
            )
        parts.append(
            i18n.t("frontline.tip.hp", left=view["hp_max"] - view["damage"], half=printed.half_hp)
        )
        return " · ".join(parts)

    def update(self, dt: float) -> None:
        super().update(dt)
        view = self.phase_view()
        if view is not None:
            view.update(dt)
        if not self.tweens.busy:
            self.floats = [f for f in self.floats if f.alpha > 0.01]

    # --- words ---------------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        names = self.ctx.seat_names
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    def status_text(self) -> str:
        obs = self.obs
        if not obs:
            return ""
        if obs["phase"] == "over":
            winner = obs["winner"]
            reason = i18n.t(f"frontline.end.{obs['end_reason'] or 'vp'}")
            if winner is None or winner < 0:
                return i18n.t("frontline.status.draw", reason=reason)
            return i18n.t("frontline.status.won", name=self._name(winner), reason=reason)
        player = obs["current_player"]
        step = i18n.t(f"frontline.step.{fw.step_of(obs)}")
        if player < 0:
            return i18n.t("frontline.status.chance", step=step, turn=obs["turn"])
        return i18n.t("frontline.status.turn", name=self._name(player), step=step, turn=obs["turn"])

    @classmethod
    def rules_picture(cls, name: str, width: int) -> pygame.Surface | None:
        return frontline_pictures.picture(name, width)

    @classmethod
    def log_phrase(cls, state: State, action: int, viewer: int) -> tuple[str, dict]:
        return knowledge.action_phrase(state, action, viewer)  # type: ignore[arg-type]

    def log_text(self, key: str, args: dict) -> str | None:
        """A log phrase in the player's language with the seat names (remembered: the log
        words every turn again each frame)."""
        memo = (i18n.get_language(), tuple(self.ctx.seat_names), key, tuple(sorted(args.items())))
        text = _LOG_WORDS.get(memo)
        if text is None:
            if len(_LOG_WORDS) > 4000:
                _LOG_WORDS.clear()
            text = _LOG_WORDS[memo] = fw.log_words(key, args, self._name, self.ctx.lang)
        return text

    def turn_words(self, steps: list[Step]) -> list[str]:
        return fw.turn_lines(steps, self.log_text)

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        icons: list[pygame.Surface] = []
        for step in steps:
            key, args = step.phrase
            if key in ("die", "initiative"):
                seat = int(args.get("player", 0))
                side = self.side_of(seat) if self.obs else seat
                icons.append(self.art.die(int(args["die"]), px, side))
            elif "card" in args and key in ("commit", "commit_rear", "pick", "draws_unit"):
                icons.append(fc.type_icon(UNITS[int(args["card"])].type, px, self.ctx.palette))
            elif "command" in args:
                icons.append(
                    fc.card_back(
                        "command", max(8, round(px / fc.RATIO)), self.ctx.palette, self.ctx.lang
                    )
                )
        return icons[:8]


def _shifted(geo: Geo) -> Geo:
    """``geo`` with the table at the origin (to draw the table into its own image)."""
    dx, dy = -geo.table.x, -geo.table.y
    shifted = Geo(geo.rect.move(dx, dy), geo.unit, geo.table.move(dx, dy), geo.side.move(dx, dy))
    shifted.rows = {k: r.move(dx, dy) for k, r in geo.rows.items()}
    shifted.air = {k: r.move(dx, dy) for k, r in geo.air.items()}
    return shifted


def _wobble(k: float) -> float:
    return math.sin(k * 6 * math.pi)


def _toward(rect: pygame.Rect, start: tuple[int, int]) -> tuple[int, int]:
    """The point on ``rect``'s edge facing ``start`` (an arrow stops at its target's edge)."""
    cx, cy = rect.center
    dx, dy = start[0] - cx, start[1] - cy
    if dx == 0 and dy == 0:
        return rect.center
    sx = (rect.w / 2) / abs(dx) if dx else float("inf")
    sy = (rect.h / 2) / abs(dy) if dy else float("inf")
    s = min(sx, sy)
    return (round(cx + dx * s), round(cy + dy * s))


def _no_picture(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Chooser options are words only."""


def mix_air(p: dict[str, Colour]) -> Colour:
    """The air space: the table lightened towards the sky."""
    return mix(p["table"], (120, 140, 160), 0.25)


BOARD = FrontlineBoard
