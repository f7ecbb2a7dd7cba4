"""How the table moves between two observations, beyond the kit's sliding, as the layer's
choreography (``Board.choreography``): a card keyed anew (a hand card set face down, a
face-down card revealed) flies from where it was; a revealed unit turns over on the way; a
damaged unit shakes (the layer's "shake" effect). On the board's timeline besides: damage and
losses float up from their units, VP from the score; the die tumbles; a natural result or a new
step of the turn is called out in a banner. An object owning the words floating up and the
call-out; it moves the board's layer, timeline and dice tray it is given."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import cast

import pygame

from game import i18n
from game.boards.frontline import cards as fc
from game.boards.frontline.art import FrontlineArt
from game.boards.frontline.layout import Geo, split_key, things_of
from game.boards.frontline.panel import SidePanel
from game.boards.frontline.tray import Tray
from game.boards.layer import T_MOVE, Motion, SpriteLayer
from game.boards.notes import Risers
from game.engines.frontline import words as fw
from game.engines.frontline.observation import FrontlineObservation
from game.ui import overlays
from game.ui.draw import Colour
from game.ui.tween import Timeline

T_FLIP = 0.45  # seconds a face-down card takes to turn over
T_TUMBLE = 0.35  # seconds a d10 tumbles before it settles
T_SHAKE = 0.4
T_CALLOUT = 1.1  # how long a natural result is called out
SHAKE = Motion(effect="shake", effect_time=T_SHAKE, sound="attack")


class Motions:
    def __init__(
        self, tweens: Timeline, layer: SpriteLayer, tray: Tray, panel: SidePanel, art: FrontlineArt
    ) -> None:
        self.tweens, self.layer, self.tray, self.panel, self.art = tweens, layer, tray, panel, art
        self.floats = Risers(tweens)  # damage, losses and VP rising
        self.callout: overlays.Banner | None = None
        self.unit, self.banner = 1, pygame.Rect(0, 0, 0, 0)  # the call-out's place: ``layout``

    def layout(self, geo: Geo) -> None:
        """How far a hit unit shakes, and the call-out's place: across the tray's middle."""
        tray = geo.rows["tray"]
        self.unit, self.banner = geo.unit, pygame.Rect(0, 0, geo.table.w // 2, round(tray.h * 0.8))
        self.banner.center = (geo.table.centerx, tray.centery)

    def offset(self, key: Hashable) -> int:
        """How far thing ``key`` is shaken aside now (pixels)."""
        sprite = self.layer.sprites.get(key)
        if sprite is None or sprite.effect != "shake":
            return 0
        k = sprite.effect_k
        return round((1 - k) * self.unit * math.sin(k * 6 * math.pi))

    def settle(self) -> None:
        self.floats.settle()

    def rekeyed(
        self, before: FrontlineObservation, after: FrontlineObservation
    ) -> dict[Hashable, Hashable]:
        """The cards that change what they are keyed by, new key to old: a hand card set aside
        face down, a face-down card revealed as a unit in its line."""
        old, new = things_of(before), things_of(after)
        gone = [k for k in old if k not in new and self.layer.rect(k) is not None]
        out: dict[Hashable, Hashable] = {}
        for key in (k for k in new if k not in old):
            kind, what = split_key(key)
            froms = []  # what it may have been, likeliest first
            if kind == "down":  # a hand card set aside, else a face-down card renumbered
                froms = [("hand", cast(tuple, new[key])[0]), ("down", what)]
            elif kind == "unit":  # a face-down card of its owner revealed
                froms = [("down", next(v["owner"] for v in after["board"] if v["pos"] == what))]
            source = next((g for f in froms for g in gone if split_key(g) == f), None)
            if source is not None:
                gone.remove(source)
                out[key] = source
        return out

    def choreography(
        self,
        before: FrontlineObservation,
        after: FrontlineObservation,
        rests: dict[Hashable, pygame.Rect],
        side: int,
    ) -> dict[Hashable, Motion]:
        """How the change from ``before`` to ``after`` moves the layer (re-keyed cards, flips,
        shakes; ``rests``: where things rest after it); the floats, the die and the call-outs
        it puts on the timeline (a natural in the colours of army ``side``, the attacker's)."""
        motions: dict[Hashable, Motion] = {}
        for key, source in self.rekeyed(before, after).items():
            motions[source] = Motion(duration=0.0)  # gone at once: its card flies on
            motions[key] = Motion(enter_from=self.layer.rect(source), duration=T_MOVE)
        self.units(before, after, motions, rests)
        for seat in (0, 1):
            gained = after["seats"][seat]["vp"] - before["seats"][seat]["vp"]
            if gained > 0:
                rect = self.panel.score_rect(seat)
                self.floats.rise(f"+{gained} VP", rect, self.art.p["gold"])
        dice = after["attack"]["dice"]
        rolled = (
            len(dice) > len(before["attack"]["dice"]) or after["init_rolls"] != before["init_rolls"]
        )
        if rolled or (after["phase"] != before["phase"] and before["phase"].endswith("_die")):
            self.tweens.animate(self.tray.roll(), T_TUMBLE, "out_cubic", k=1.0)
            self.tweens.sound(0.0, "place")
        said = fw.callout(before, after)
        if said is not None:
            title, line, natural = said  # a natural in the attacker's colours, or a step
            key = ("natural", len(dice)) if natural else fw.step_of(after)
            banner = overlays.Banner(title, line, side if natural else None, key=key)
            overlays.flash_banner(self, banner, T_TUMBLE if natural else 0.0, T_CALLOUT, "callout")
        return motions

    def units(
        self,
        before: FrontlineObservation,
        after: FrontlineObservation,
        motions: dict[Hashable, Motion],
        rests: dict[Hashable, pygame.Rect],
    ) -> None:
        """The units' part of a change: a revealed unit turns over (from where its card lay,
        in ``motions``), a hit one shakes with its loss rising, a Damage card's name rises,
        "Destroyed!" rises where a unit was."""
        t, p = self.tweens, self.art.p
        old = {v["pos"]: v for v in before["board"]}
        for view in after["board"]:
            key, prior = ("unit", view["pos"]), old.pop(view["pos"], None)
            if prior is None or prior["card"] != view["card"]:
                if any(s["face_down_count"] for s in before["seats"]):  # revealed: turns over
                    start = motions[key].enter_from if key in motions else rests[key]
                    motions[key] = Motion(start, turn=True, duration=T_FLIP, sound="flip")
                continue
            lost = (prior["hp_max"] - prior["damage"]) - (view["hp_max"] - view["damage"])
            if view["damage"] > prior["damage"] and lost > 0:
                self.float_up(key, f"-{view['damage'] - prior['damage']}", p["hit"])
                motions[key] = SHAKE
            if view["damage_card"] >= 0 and prior["damage_card"] < 0:
                name = fw.damage_name(view["damage_card"], self.art.lang)
                self.float_up(key, name, p["damage"], 0.3)
                t.sound(0.2, "flip")
        for pos in old:  # the units no longer on the table
            self.float_up(("unit", pos), i18n.t("frontline.float.destroyed"), p["hit"])
            t.sound(0.0, "knock")

    def float_up(self, key: Hashable, text: str, colour: Colour, delay: float = 0.0) -> None:
        rect = self.layer.rect(key)
        if rect is not None:
            self.floats.rise(text, rect, colour, delay)

    def paint(self, surface: pygame.Surface) -> None:
        """The numbers and words floating up, and the call-out banner over the tray."""
        p, u = self.art.p, self.unit
        self.floats.draw(surface, max(12, round(u * 2.4)), u * 6, u)
        overlays.draw_banner(
            surface,
            self.art,
            self.callout,
            self.banner,
            (max(12, round(u * 2.4)), max(9, round(u * 1.5))),
            lambda side, size, colour: fc.army_mark(side, size, p),
        )
