"""The Tsuno Senki board: six areas round 半山城, the date marker, a dice tray where the dice
tumble and settle, and the acting area's actions as buttons with exact previews.

Everything is public, so every seat sees the same observation; the seat colours say who controls
which area, and the viewer's own areas carry their name. Chips, units and pieces are things of
the kit's keyed layer (they slide, appear, and are marked as a teammate's last turn); chips that
an appearance roll brings fly from the tray to their areas. What each teammate did since the
viewer's last turn is said beside its areas, in the log's words (``recap``), until the viewer acts.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

import pygame

from game import i18n
from game.boards.base import Board, BoardContext, Things
from game.boards.decision import Choice
from game.boards.tsuno.art import TsunoArt, draw_emblem
from game.boards.tsuno.castle import CastleView
from game.boards.tsuno.layout import Geo, compute, text_px
from game.boards.tsuno.notes import NotePlacer
from game.boards.tsuno.palette import COLORBLIND, NORMAL, SEATS
from game.boards.tsuno.tray import T_TUMBLE, DiceTray
from game.engines.base import CHANCE
from game.engines.tsuno import actions as act
from game.engines.tsuno.observation import AreaView, TsunoObservation
from game.engines.tsuno.rules import HEALER, LURERS, MOBILE, RING, SKILLED
from game.engines.tsuno.words import TsunoWords, percent
from game.summary import Summary
from game.turns import Step, Turn
from game.ui import overlays
from game.ui.draw import Colour, blit_center, darker, mix

T_FLY = 0.5  # seconds a chip flies from the tray to its area
T_PAUSE = 0.6  # the pause after a teammate's action, so it can be seen (speed 1)


def ability_of(area: int) -> str | None:
    if area in SKILLED:
        return "skilled"
    if area in LURERS:
        return "lure"
    if area == MOBILE:
        return "mobility"
    if area == HEALER:
        return "heal"
    return None


class TsunoBoard(Board[TsunoObservation]):
    ACCENT = (204, 78, 72)
    draw_emblem = staticmethod(draw_emblem)
    PALETTES: ClassVar[dict[str, dict[str, Colour]]] = {
        "normal": NORMAL,
        "colorblind": COLORBLIND,
    }
    SEAT_ROLES: ClassVar[tuple[str, ...]] = SEATS

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.art = TsunoArt(ctx.palette, SEATS)
        self.geo: Geo = compute(self.rect, ctx.options.get("layout", RING))
        self.bar.measure = self.geo.unit
        self.castle = CastleView(self.art, ctx.palette, self.geo)
        self.tray = DiceTray(self.art, ctx.palette, self.tweens, self.geo)
        self.banner: overlays.Banner | None = None
        # Each teammate's turn since the viewer's last (seat, area, words): said beside the
        # area it ended in until the viewer acts (``recap``).
        self.notes: list[tuple[int, int, str]] = []
        self.tsuno_words = TsunoWords()  # the game's words with the panel's (``self.words``)
        self.bar.axis, self.bar.backdrop = "column", True  # the side panel's list
        self.hint_label = ""
        self.note_boxes: list[pygame.Rect] = []  # where the teammates' words were last drawn
        self.placer = NotePlacer(self.art, self.geo)  # where notes go clear of the rest
        self.banner_box: pygame.Rect | None = None  # where the banner was last drawn

    # --- geometry --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.place(compute(rect, self.obs.get("layout", self.ctx.options.get("layout", RING))))
        super().layout(rect)

    def place(self, geo: Geo) -> None:
        """New geometry for the board and its views."""
        self.geo = self.tray.geo = self.placer.geo = geo
        self.castle.place(geo, self.ring_unit())
        self.bar.measure = geo.unit

    def readable(self) -> list[pygame.Rect]:
        """What the player reads on the field: the six areas and the castle as drawn (its
        caption, the keep, the units that fell back into it, the words and counts at its foot;
        not the empty room round them). Notes, tags, captions and banners keep off all of them."""
        castle = self.castle.readable(self.obs) if self.obs else []
        return [g.box for g in self.geo.areas.values()] + castle

    def label_regions(self) -> list[pygame.Rect]:
        """The kit's last-move tag and the hint caption stay off what the player reads (the
        field's, the date, the dice tray, the action panel's title and buttons) and off a
        teammate's note (a tag for a thing in an area or the castle goes beside it)."""
        return self.readable() + self._panel_parts() + self.note_boxes

    def _panel_parts(self) -> list[pygame.Rect]:
        """What the player reads in the side panel: the date, the dice tray, the action panel's
        title and buttons."""
        return [*self.tray.readable(), *self.bar.readable()]

    # --- the keyed layer -------------------------------------------------------------------
    def things(self, obs: TsunoObservation) -> Things:
        things: Things = {}
        for e in obs.get("areas", ()):
            a = e["area"]
            for k in range(e["chips"]):
                things[("chip", a, k)] = True
            if not e.get("active", True):
                continue  # an area not in use has no unit (the "active areas" variant)
            things[("unit", a)] = (e["unit"], e["morale"])
            kinds = ["soldier"] * e["soldiers"] + ["reinforcement"] * e["reinforcements"]
            for s, kind in enumerate(kinds):
                things[("piece", a, s)] = kind
        if obs:
            things[("castle",)] = obs["castle"]
            things[("wounded",)] = obs["wounded"]
        return things

    def rest(self, key: Hashable, obs: TsunoObservation) -> pygame.Rect | None:
        assert isinstance(key, tuple)
        kind = key[0]
        if kind == "chip":
            _, a, k = key
            box = self.geo.areas[a].chips
            n = obs["areas"][a - 1]["chips"]
            size = round(box.w * 0.8)
            h = round(size * 0.42)
            step = min(h * 0.55, (box.h - h - box.h * 0.25) / max(1, n - 1))
            rect = pygame.Rect(0, 0, size, h)
            rect.midbottom = (box.centerx, round(box.bottom - box.h * 0.22 - k * step))
            return rect
        if kind == "unit":
            a = key[1]
            if obs["areas"][a - 1]["unit"] == "area":
                return pygame.Rect(self.geo.areas[a].unit)
            return self.castle.slot(a)
        if kind == "piece":
            _, a, s = key
            return pygame.Rect(self.geo.areas[a].slots[min(s, 1)])
        return self.castle.count_places(obs)[0 if kind == "castle" else 1][2]

    # --- observations ----------------------------------------------------------------------
    def on_observation(
        self, previous: TsunoObservation | None, obs: TsunoObservation, animate: bool
    ) -> None:
        if previous is None or previous.get("layout") != obs.get("layout"):
            self.place(compute(self.rect, obs.get("layout", RING)))
        self.layer.sync(self.resting_places(obs), animate)
        if not animate or previous is None:
            self.tray.tumbles = {}
            self._announce(previous, obs, animate=False)
            return
        last = obs["last_roll"]
        if self.tray.show(previous, obs) and last and last["kind"] == "appearance":
            self._fly_chips(previous, obs)
        if previous["phase"] in ("action", "absorb") and previous["to_move"] not in (
            None,
            self.viewer,
        ):
            self.tweens.call(T_PAUSE, lambda: None)  # a teammate acted: a moment to see it
        self._announce(previous, obs, animate=True)

    def _fly_chips(self, previous: TsunoObservation, obs: TsunoObservation) -> None:
        start = self.geo.tray.center
        delay = T_TUMBLE * 0.6
        for e, f in zip(previous["areas"], obs["areas"], strict=True):
            for k in range(e["chips"], f["chips"]):
                sprite = self.layer.sprites.get(("chip", f["area"], k))
                if sprite is None:
                    continue
                x, y = sprite.x, sprite.y
                sprite.x, sprite.y = start
                self.tweens.animate(sprite, T_FLY, "out_cubic", x=x, y=y, delay=delay)
                delay += 0.04

    def recap(self, turns: Sequence[Turn]) -> None:
        """Each teammate's turn since the viewer's last, in the log's words without its dice
        (a seat commanding several areas acts for each in one turn), to be said beside the
        area where it ended until the viewer acts."""
        notes = []
        for turn in turns:
            decisions = [s for s in turn.steps if s.player != CHANCE]
            words = " · ".join(w for w in self.turn_words(decisions) if w)
            area = decisions[-1].phrase[1].get("area") if decisions else None
            if words and isinstance(area, int):
                notes.append((turn.player, area, f"{self.seat_name(turn.player)}: {words}"))
        self.notes = notes

    def _announce(
        self, previous: TsunoObservation | None, obs: TsunoObservation, animate: bool
    ) -> None:
        """Banners: a forced Defence, victory (the cheer) and defeat (which unit fell)."""
        delay = T_TUMBLE if animate else 0.0
        me = obs["areas"][obs["area"] - 1]
        if obs["result"] == "victory":
            overlays.set_banner(
                self,
                overlays.Banner(
                    i18n.t("tsuno.banner.victory"), i18n.t("tsuno.banner.victory_sub"), None, "end"
                ),
                delay,
            )
        elif obs["result"] == "defeat":
            overlays.set_banner(
                self,
                overlays.Banner(
                    i18n.t("tsuno.banner.defeat"),
                    i18n.t("tsuno.banner.defeat_sub", area=obs["area"]),
                    me["seat"],
                    "end",
                ),
                delay,
            )
        elif obs["phase"] == "action" and me["chips"] >= 2:
            banner = overlays.Banner(
                i18n.t("tsuno.banner.defend", area=obs["area"]),
                i18n.t("tsuno.banner.defend_sub", chips=me["chips"], loss=me["chips"] - 1),
                me["seat"],
                ("defend", obs["day"], obs["area"]),
            )
            if animate:
                overlays.flash_banner(self, banner, delay, 1.4, "banner")
            else:
                self.banner = None
        elif not animate:
            self.banner = None

    def show_hint(self, line: int | Sequence[int], words: Sequence[str] = ()) -> None:
        """The team AI's action, and why: its estimated chance to hold the castle after it.
        Only the first part is ringed: the later parts are the next areas' decisions, whose
        buttons are not there yet (an Attack of area 2 would ring area 1's Attack); the caption
        says them all."""
        super().show_hint(line, words)
        self.hint_line = self.hint_line[:1]
        if self.hint is None:
            return
        chance = self.ctx.chance_after(self.hint)
        self.hint_label = "" if chance is None else i18n.t("tsuno.hint_chance", p=percent(chance))

    # --- words -----------------------------------------------------------------------------
    @staticmethod
    def summary(obs: Mapping[str, Any], names: list[str]) -> Summary | None:
        """Each area's unit as the game ended, and the game's own length: the days the castle
        held, or the day it fell (a count of turns said "after 1 turns" of a solo game)."""
        t = i18n.t
        rows = []
        for e in obs["areas"]:
            if not e.get("active", True):
                continue
            seat = e["seat"]
            name = names[seat] if 0 <= seat < len(names) else t("seat.player_n", n=seat + 1)
            morale = str(e["morale"]) if e["unit"] == "area" else t("tsuno.summary.in_castle")
            pieces = str(e["soldiers"] + e["reinforcements"])
            solo = len(names) == 1  # every area is the one player's: no name to repeat
            area = t("tsuno.summary.area_alone" if solo else "tsuno.summary.area", area=e["area"],
                     name=name)  # fmt: skip
            rows.append([area, morale, pieces, str(e["chips"])])
        if obs["result"] == "victory":
            length = t("tsuno.summary.held", n=obs["day"])
        else:
            length = t("tsuno.summary.fell", day=obs["day"])
        headings = ["", *(t(f"tsuno.summary.{k}") for k in ("morale", "beside", "chips"))]
        return Summary(headings, rows, False, widths=(2.4, 1, 1, 1), subtitle=length)

    def turn_words(self, steps: list[Step]) -> list[str]:
        return self.words.turn_words(steps)

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        icons = []
        for step in steps:
            key, args = step.phrase
            if key == "die":
                icons.append(self.art.die(int(args["face"]), px, str(args["colour"])))
        return icons

    # --- the decision bar ------------------------------------------------------------------
    def decision(self) -> tuple[str, Sequence[Choice]]:
        """The acting area's actions under who acts (or who is waited for, or the outcome)."""
        names = [self.seat_name(seat) for seat in range(max(self.ctx.num_players, 1))]
        prompt = self.tsuno_words.prompt(self.obs, names, bool(self.legal) or self.reviewing)
        labels = (self.tsuno_words.action_label(self.obs, a) for a in self.legal)
        return prompt, [Choice(a, *label) for a, label in zip(self.legal, labels, strict=True)]

    def bar_area(self) -> pygame.Rect:
        return self.geo.actions

    # --- drawing ---------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        p = self.ctx.palette
        surface.fill(p["bg"], self.rect)
        if not self.obs:
            return
        self.castle.draw(surface, self.obs)
        for a in range(1, 7):
            self._paint_area(surface, a)
        self._paint_target(surface)
        self.draw_layer(surface)
        self.castle.draw_counts(surface, self.obs)
        self.tray.draw(surface, self.obs)

    def _px(self, k: float) -> int:
        return text_px(self.geo.unit, k)

    def _paint_area(self, surface: pygame.Surface, a: int) -> None:
        p, geo, obs = self.ctx.palette, self.geo.areas[a], self.obs
        e = obs["areas"][a - 1]
        seat_colour = self.art.side(e["seat"] % len(SEATS))
        acting = obs["phase"] in ("action", "absorb") and obs["area"] == a
        box = geo.box
        fill = p["paper"] if e["chips"] < 2 else mix(p["paper"], p["lacquer"], 0.18)
        surface.blit(
            self.art.panel(box.w, box.h, (*fill, 255), darker(seat_colour, 0.2), box.h // 10), box
        )
        pygame.draw.rect(
            surface,
            seat_colour,
            (box.x, box.y, box.w, max(4, box.h // 12)),
            border_top_left_radius=box.h // 10,
            border_top_right_radius=box.h // 10,
        )
        if acting:
            thick = max(3, self.geo.unit // 2)
            self.art.ring(surface, box, p["gold"], thick, self.breathing(bool(self.legal)))
        h = geo.header
        number = self.art.text(str(a), round(h.h * 0.95), p["ink"], bold=True)
        surface.blit(number, number.get_rect(midleft=(h.x + 2, h.centery + h.h // 10)))
        kind = ability_of(a)
        left = h.x + number.get_width() + 4  # where the seat's name may begin
        if kind:
            icon = self.art.ability(kind, round(h.h * 0.7), p["lacquer"])
            left = surface.blit(
                icon, icon.get_rect(midleft=(left + 2, h.centery + h.h // 10))
            ).right
        label = self.art.fitted(
            self.area_name(e), self._px(1.3), darker(seat_colour, 0.25), h.right - left - 4,
            bold=not self.reviewing and e["seat"] == self.viewer,
        )  # fmt: skip
        surface.blit(label, label.get_rect(midright=(h.right, h.centery + h.h // 10)))
        if e["chips"]:
            count = self.art.text(f"×{e['chips']}", self._px(1.5), p["lacquer"], bold=True)
            surface.blit(count, count.get_rect(midbottom=(geo.chips.centerx, geo.chips.bottom)))
        for slot in geo.slots:
            pygame.draw.rect(surface, p["paper_dim"], slot, 1, border_radius=slot.w // 4)
        if not e.get("active", True):
            self.art.veil(surface, box.center, box.size, (*p["bg"], 190), box.h // 10)
            unused = self.art.fitted(i18n.t("tsuno.unused"), self._px(1.3), p["paper"], box.w)
            blit_center(surface, unused, box.center)
        elif e["unit"] == "castle":
            gone = self.art.fitted(
                i18n.t("tsuno.in_castle"), self._px(1.2), p["ink"], geo.unit.w * 2
            )
            blit_center(surface, gone, geo.unit.center)

    def area_name(self, e: AreaView) -> str:
        """Who commands an area, "▶" marking the viewer's areas in live play (over a past
        position of the log it read as "acting now")."""
        name = self.seat_name(e["seat"]) if e.get("active", True) else ""
        if name and not self.reviewing and e["seat"] == self.viewer and self.ctx.num_players > 1:
            return "▶ " + name
        return name

    def _paint_target(self, surface: pygame.Surface) -> None:
        """The area a hovered Relief, Replenish or Lure button is about, ringed."""
        if self.mouse is None:
            return
        for choice, rect in self.bar.rects():
            action = choice.action if choice.action is not None else -1
            targeted = act.is_relief(action) or act.is_replenish(action) or act.is_lure(action)
            if targeted and rect.collidepoint(self.mouse):
                box = self.geo.areas[act.target_of(action)].box
                self.art.ring(surface, box, self.ctx.palette["hint"], self.geo.unit // 2)

    def draw_thing(
        self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float
    ) -> None:
        assert isinstance(key, tuple)
        kind = key[0]
        a = round(255 * alpha)
        if kind == "chip":
            blit_center(surface, self.art.chip(rect.w), rect.center, a)
        elif kind == "unit":
            e = self.obs["areas"][key[1] - 1] if self.obs else None
            if e is None:
                return
            seat = e["seat"] % len(SEATS)
            blit_center(surface, self.art.unit(seat, rect.w, e["unit"] == "area"), rect.center, a)
            die = self.art.die(max(0, min(6, e["morale"])), max(8, round(rect.w * 0.5)), "yellow")
            blit_center(surface, die, (rect.centerx, rect.centery - rect.h // 16), a)
        elif kind == "piece":
            soldiers = self.obs["areas"][key[1] - 1]["soldiers"] if self.obs else 0
            art = self.art.soldier if key[2] < soldiers else self.art.reinforcement
            blit_center(surface, art(rect.w), rect.center, a)

    def paint_overlays(self, surface: pygame.Surface) -> None:
        p, geo = self.ctx.palette, self.geo
        self.note_boxes = []
        for seat, area, text in [] if self.reviewing else self.notes:
            box = geo.areas[area].box
            avoid = self.readable() + self._panel_parts() + self.note_boxes
            avoid += [self.mark_tag_box] if self.mark_tag_box else []
            avoid += [self._banner_band()] if self.banner is not None else []
            widths = [round(box.w * share) for share in (2.0, 1.5, 1.0, 0.75, 0.6, 0.5)]
            accent = p[SEATS[seat % len(SEATS)]]
            self.note_boxes.append(
                self.placer.draw(surface, text, box, self.rect, avoid, widths, accent)
            )
        hovered = self._hovered_ability()
        if hovered is not None:
            a, rect = hovered

            def place_tip(note: pygame.Rect) -> None:
                note.topleft = (rect.x, rect.bottom + 4)

            text = i18n.t(f"tsuno.ability.{ability_of(a)}")
            overlays.note(
                surface,
                self.art,
                text,
                geo.unit * 24,
                place_tip,
                self.rect,
                p["gold"],
                self._px(1.3),
            )
        self.banner_box = None
        if self.banner is not None:
            band = self._banner_band()
            overlays.draw_banner(
                surface, self.art, self.banner, band, (self._px(2.6), self._px(1.5))
            )
            self.banner_box = band

    def draw_hint_caption(
        self, surface: pygame.Surface, shown: list[pygame.Rect], colour: Colour, unit: int
    ) -> pygame.Rect:
        """The hint's words and its chance to hold, wrapped, as near the hinted buttons as
        leaves every area, the castle, the dice and every button in sight (under the buttons
        when the panel has room)."""
        geo = self.geo
        anchor = shown[0].unionall(shown[1:]) if shown else geo.actions
        avoid = self.label_regions() + [r.inflate(2 * unit, 2 * unit) for r in shown]
        avoid += [self.mark_tag_box] if self.mark_tag_box else []
        widths = [round(geo.actions.w * share) - 2 * unit for share in (1.0, 0.75, 0.6)]
        caption = self.hint_caption()
        return self.placer.draw(surface, caption, anchor, self.rect, avoid, widths, colour)

    def hint_caption(self) -> str:
        words = super().hint_caption()
        return f"{words} · {self.hint_label}" if self.hint_label else words

    def _banner_band(self) -> pygame.Rect:
        """Where a banner shows: in the action panel under its buttons (a forced Defence has
        one, the end of the game none), so that it hides none of the areas it is about; over
        the field's middle only if the panel has no room (it always has from 800x540 up)."""
        geo = self.geo
        shown = self.bar.readable()
        top = (shown[-1].bottom if shown else geo.actions.y) + geo.unit
        room = pygame.Rect(geo.actions.x, top, geo.actions.w, geo.actions.bottom - top)
        band = pygame.Rect(0, 0, geo.actions.w - geo.unit, geo.unit * 7)
        if room.h >= band.h + geo.unit:
            band.center = room.center
        else:
            band.w = min(geo.field.w, geo.unit * 50)
            band.center = geo.field.center
        return band

    def _hovered_ability(self) -> tuple[int, pygame.Rect] | None:
        if self.mouse is None or not self.obs:
            return None
        for a, geo in self.geo.areas.items():
            if ability_of(a) and geo.header.collidepoint(self.mouse):
                return a, geo.header
        return None
