"""The side panel's top as a view of its own: the date marker (the day and the acting area on
two dice) and the dice tray, where each die of a roll tumbles and settles, ringed by its part
(a triple, a run, a hit on the acting area), with the roll's result under them."""

from __future__ import annotations

import random

import pygame

from game import i18n
from game.boards.tsuno.art import TsunoArt
from game.boards.tsuno.layout import Geo, text_px
from game.engines.tsuno import preview
from game.engines.tsuno.observation import TsunoObservation
from game.engines.tsuno.words import TsunoWords
from game.ui.draw import Colour, blit_center, darker
from game.ui.tween import Timeline

ROLES = {"triple": "gold", "run": "run"}  # the palette's colour of a black die's part in a roll
T_TUMBLE = 0.2  # seconds a die tumbles before it settles (speed 1; a game rolls ~250 dice)


class Fade:
    """A value the timeline runs down (a die's tumble, 1 while it starts, 0 once settled)."""

    def __init__(self, value: float = 1.0) -> None:
        self.value = value


class DiceTray:
    """The date marker and the dice tray: where they lie, the dice tumbling, and their look."""

    def __init__(self, art: TsunoArt, palette: dict[str, Colour], tweens: Timeline, geo: Geo):
        self.art, self.p, self.tweens, self.geo = art, palette, tweens, geo
        self.tumbles: dict[int, Fade] = {}  # the dice still tumbling, by their place in the roll
        self.rng = random.Random(7)  # the faces a tumbling die flashes
        self.words = TsunoWords()

    def px(self, k: float) -> int:
        return text_px(self.geo.unit, k)

    def readable(self) -> list[pygame.Rect]:
        return [self.geo.date, self.geo.tray]

    def tumble(self, index: int) -> None:
        """Die ``index`` of the roll has landed: it tumbles, then settles (with a sound)."""
        fade = Fade(1.0)
        self.tumbles[index] = fade
        self.tweens.animate(fade, T_TUMBLE, "out_quad", value=0.0)
        self.tweens.sound(0.0, "place")

    def show(self, previous: TsunoObservation, obs: TsunoObservation) -> bool:
        """Tumble the dice that landed from ``previous`` to ``obs``; True when a roll ended."""
        roll, old = obs["roll"], previous["roll"]
        landed = len(roll["black"]) + len(roll["yellow"]) if roll else 0
        before = len(old["black"]) + len(old["yellow"]) if old else 0
        if roll and landed == before + 1:
            self.tumble(landed - 1)
        elif previous["phase"] == "roll" and obs["phase"] != "roll":
            self.tumble(before)  # the last die landed and the roll was evaluated
            return True
        return False

    def draw(self, surface: pygame.Surface, obs: TsunoObservation) -> None:
        self.draw_date(surface, obs)
        self.draw_tray(surface, obs)

    def draw_date(self, surface: pygame.Surface, obs: TsunoObservation) -> None:
        r = self.geo.date
        dice = ((i18n.t("tsuno.day"), obs["day"]), (i18n.t("tsuno.area"), obs["area"]))
        surface.blit(self.art.date_marker(r.w, r.h, dice, self.px(1.25)), r)

    def draw_tray(self, surface: pygame.Surface, obs: TsunoObservation) -> None:
        p, r = self.p, self.geo.tray
        fill = (*darker(p["lacquer"], 0.55), 255)
        surface.blit(self.art.panel(r.w, r.h, fill, p["gold"], r.h // 8), r)
        roll, last = obs["roll"], None if obs["roll"] else obs["last_roll"]
        shown = roll or last
        if not shown:
            return
        black, yellow = list(shown["black"]), list(shown["yellow"])
        pending_b = roll["black_dice"] - len(black) if roll else 0
        pending_y = roll["yellow_dice"] - len(yellow) if roll else 0
        head = self.art.fitted(
            self.words.roll_title(shown), self.px(1.35), p["paper"], r.w - 12, bold=True
        )
        surface.blit(head, (r.x + 8, r.y + 4))
        faces = [(f, "black") for f in black] + [(0, "black")] * pending_b
        faces += [(f, "yellow") for f in yellow] + [(0, "yellow")] * pending_y
        n = max(1, len(faces))
        size = min(round(r.h * 0.3), (r.w - 16) // n - 4)
        gap = (r.w - 16 - n * size) / max(1, n)
        y = r.y + head.get_height() + 8 + size // 2
        roles = preview.die_roles(black) if last else [""] * len(black)
        hit = preview.hits(last) if last and last["kind"] == "attack" else [False] * len(black)
        for i, (face, colour) in enumerate(faces):
            cx = r.x + 8 + gap / 2 + i * (size + gap) + size / 2
            tumble = self.tumbles.get(i)
            if tumble is not None and tumble.value > 0.02 and face:
                img = self.art.die(self.rng.randint(1, 6), size, colour, angle=tumble.value * 80)
                blit_center(surface, img, (cx, y - tumble.value * size * 0.4))
                continue
            role = ("hit" if hit[i] else ROLES.get(roles[i])) if i < len(black) and face else None
            ring = p[role] if role else None
            blit_center(surface, self.art.die(face, size, colour, ring=ring), (round(cx), y))
        if last:
            text = self.art.fitted(
                self.words.roll_result(last), self.px(1.25), p["paper"], r.w - 12
            )
            surface.blit(text, (r.x + 8, min(y + size // 2 + 4, r.bottom - text.get_height() - 4)))
