"""The Tsuno Senki board: six areas round 半山城, the date marker, a dice tray where the dice
tumble and settle, and the acting area's actions as buttons with exact previews.

Everything is public, so every seat sees the same observation; the seat colours say who controls
which area, and the viewer's own areas carry their name. Chips, units and pieces are things of
the kit's keyed layer (they slide, appear, and are marked as a teammate's last turn); chips that
an appearance roll brings fly from the tray to their areas. What each teammate did since the
viewer's last turn is said beside its areas, in the log's words (``recap``), until the viewer acts.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

import pygame

from game import i18n
from game.boards.base import Board, BoardContext, Obs, Things, hit
from game.boards.summary import Summary, said
from game.boards.tsuno import rolls
from game.boards.tsuno.art import TsunoArt, draw_emblem
from game.boards.tsuno.layout import Geo, button_rects, compute, title_rect
from game.engines.base import CHANCE
from game.engines.tsuno import actions as act
from game.engines.tsuno.rules import HEALER, LURERS, MOBILE, RING, SKILLED
from game.turns import Step, Turn
from game.ui import overlays
from game.ui.draw import Colour, blit_center, blit_row, darker, lighter, mix

SEATS = ("seat0", "seat1", "seat2", "seat3", "seat4", "seat5")
T_TUMBLE = 0.2  # seconds a die tumbles before it settles (speed 1; a game rolls ~250 dice)
T_FLY = 0.5  # seconds a chip flies from the tray to its area
T_PAUSE = 0.6  # the pause after a teammate's action, so it can be seen (speed 1)
NOTE_MIN_EMS = 14  # the narrowest note, in its text's size


NORMAL: dict[str, Colour] = {
    "bg": (27, 22, 19),
    "panel": (36, 30, 26),
    "panel_edge": (150, 118, 70),
    "paper": (236, 224, 196),
    "paper_dim": (196, 182, 152),
    "ink": (30, 26, 24),
    "lacquer": (170, 38, 32),
    "gold": (214, 172, 76),
    "chip": (34, 28, 26),
    "die_black": (28, 26, 26),
    "die_yellow": (236, 196, 48),
    "stone": (120, 112, 100),
    "roof": (58, 60, 70),
    "soldier": (240, 234, 220),
    "reinforcement": (224, 176, 60),
    "hit": (226, 64, 48),
    "run": (96, 176, 236),
    "seat0": (196, 52, 42),
    "seat1": (52, 92, 168),
    "seat2": (58, 128, 80),
    "seat3": (196, 140, 40),
    "seat4": (128, 72, 150),
    "seat5": (40, 140, 150),
}


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


class Fade:
    """A value a tween drives (a die's tumble, a note's life)."""

    def __init__(self, value: float = 1.0) -> None:
        self.value = value


class TsunoBoard(Board):
    ACCENT = (204, 78, 72)
    draw_emblem = staticmethod(draw_emblem)
    PALETTES: ClassVar[dict[str, dict[str, Colour]]] = {
        "normal": NORMAL,
        # Seat colours at least CIEDE2000 20 apart under simulated protanopia, deuteranopia and
        # tritanopia (tests/test_palettes_cvd.py), of mid lightness (L* 36-60) so that they
        # read as text on the paper and as marks on the dark table; shapes and numbers carry
        # the rest.
        "colorblind": {
            **NORMAL,
            "seat0": (169, 22, 0),
            "seat1": (185, 104, 235),
            "seat2": (0, 106, 91),
            "seat3": (230, 101, 15),
            "seat4": (117, 56, 157),
            "seat5": (15, 163, 130),
            "hit": (213, 94, 0),
            "run": (86, 180, 233),
        },
    }
    SEAT_ROLES: ClassVar[tuple[str, ...]] = SEATS

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.art = TsunoArt(ctx.palette, SEATS)
        self.geo: Geo = compute(self.rect, ctx.options.get("layout", RING))
        self.tumbles: dict[int, Fade] = {}
        self.banner: overlays.Banner | None = None
        # Each teammate's turn since the viewer's last (seat, area, words): said beside the
        # area it ended in until the viewer acts (``recap``).
        self.notes: list[tuple[int, int, str]] = []
        self.rng = random.Random(7)
        self.hint_label = ""
        self.note_boxes: list[pygame.Rect] = []  # where the teammates' words were last drawn
        self._note_spots: dict[Hashable, tuple[int, pygame.Rect]] = {}  # placements found
        self.banner_box: pygame.Rect | None = None  # where the banner was last drawn

    # --- geometry --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.geo = compute(rect, self.obs.get("layout", self.ctx.options.get("layout", RING)))
        super().layout(rect)

    def buttons(self) -> list[tuple[pygame.Rect, int]]:
        rects = button_rects(self.geo.actions, len(self.legal), self.geo.unit)
        return list(zip(rects, self.legal, strict=True))

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        return [rect.center for rect, a in self.buttons() if a == action]

    def hint_rect(self, action: int) -> pygame.Rect | None:
        """A hinted action is its button (no thing lies under it for the kit to ring), ringed
        on its own edge: the buttons stand too close for a ring round one to miss its
        neighbours and the panel's title."""
        inset = -2 * self.ring_unit()
        return next((rect.inflate(inset, inset) for rect, a in self.buttons() if a == action), None)

    def readable(self) -> list[pygame.Rect]:
        """What the player reads on the field: the six areas and the castle as drawn (its
        caption, the keep, the units that fell back into it, the words and counts at its foot;
        not the empty room round them). Notes, tags, captions and banners keep off all of them."""
        geo = self.geo
        castle = [self._caption()[1], self._keep()[1]]
        castle += [
            self._castle_slot(e["area"]).inflate(4, 4)
            for e in self.obs.get("areas", ())
            if e["unit"] == "castle" and e.get("active", True)
        ]
        for _, at, spot, _ in self._count_places():
            castle += [at, spot]
        return [g.box for g in geo.areas.values()] + castle

    def _counts(self) -> list[tuple[pygame.Rect, str]]:
        """The castle's foot: its soldiers, the wounded and the supply, each with its label."""
        geo = self.geo
        return [
            (geo.pool, "tsuno.castle_soldiers"),
            (geo.wounded, "tsuno.wounded"),
            (geo.supply, "tsuno.supply"),
        ]

    def label_regions(self) -> list[pygame.Rect]:
        """The kit's last-move tag and the hint caption stay off what the player reads (the
        field's, the date, the dice tray, the action panel's title and buttons) and off a
        teammate's note (a tag for a thing in an area or the castle goes beside it)."""
        return self.readable() + self._panel_parts() + self.note_boxes

    def _panel_parts(self) -> list[pygame.Rect]:
        """What the player reads in the side panel: the date, the dice tray, the action panel's
        title and buttons."""
        geo = self.geo
        buttons = [rect for rect, _ in self.buttons()]
        return [geo.date, geo.tray, title_rect(geo.actions, geo.unit), *buttons]

    # --- the keyed layer -------------------------------------------------------------------
    def things(self, obs: Obs) -> Things:
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

    def rest(self, key: Hashable, obs: Obs) -> pygame.Rect | None:
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
            return self._castle_slot(a)
        if kind == "piece":
            _, a, s = key
            return pygame.Rect(self.geo.areas[a].slots[min(s, 1)])
        return self._count_places()[0 if kind == "castle" else 1][2]

    def _castle_slot(self, area: int) -> pygame.Rect:
        box = self.geo.castle_units
        w = box.w // 6
        size = min(w - 2, box.h - 2)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (box.x + w * (area - 1) + w // 2, box.centery)
        return rect

    # --- observations ----------------------------------------------------------------------
    def on_observation(self, previous: Obs | None, obs: Obs, animate: bool) -> None:
        if previous is None or previous.get("layout") != obs.get("layout"):
            self.geo = compute(self.rect, obs.get("layout", RING))
        self.layer.sync(self.resting_places(obs), animate)
        if not animate or previous is None:
            self.tumbles = {}
            self._announce(previous, obs, animate=False)
            return
        roll = obs["roll"]
        landed = len(roll["black"]) + len(roll["yellow"]) if roll else 0
        old = previous["roll"]
        before = len(old["black"]) + len(old["yellow"]) if old else 0
        if roll and landed == before + 1:
            self._tumble(landed - 1)
        elif previous["phase"] == "roll" and obs["phase"] != "roll":
            self._tumble(before)  # the last die landed and the roll was evaluated
            if obs["last_roll"] and obs["last_roll"]["kind"] == "appearance":
                self._fly_chips(previous, obs)
        if previous["phase"] in ("action", "absorb") and previous["to_move"] not in (
            None,
            self.viewer,
        ):
            self.tweens.call(T_PAUSE, lambda: None)  # a teammate acted: a moment to see it
        self._announce(previous, obs, animate=True)

    def _tumble(self, index: int) -> None:
        fade = Fade(1.0)
        self.tumbles[index] = fade
        self.tweens.animate(fade, T_TUMBLE, "out_quad", value=0.0)
        self.tweens.sound(0.0, "place")

    def _fly_chips(self, previous: Obs, obs: Obs) -> None:
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

    def _announce(self, previous: Obs | None, obs: Obs, animate: bool) -> None:
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
        self.hint_label = (
            "" if chance is None else i18n.t("tsuno.hint_chance", p=rolls.percent(chance))
        )

    # --- input -----------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> int | None:
        return hit(pos, ((action, rect) for rect, action in self.buttons()))

    def numbered(self) -> list[int]:
        """Keys 1..9 pick the actions in the order of the buttons."""
        return self.legal

    # --- words -----------------------------------------------------------------------------
    def log_text(self, key: str, args: dict) -> str | None:
        key = self.variant(key, args)
        if key == "die":
            args = {
                **args,
                "colour": i18n.t(f"tsuno.die.{args['colour']}"),
                "roll": i18n.t(f"tsuno.roll.{args['roll']}"),
            }
        return i18n.t(f"log.tsuno.{key}", **args)

    @staticmethod
    def variant(key: str, args: dict) -> str:
        """The form of ``key`` that says no filler: a soldier sent to the area's own unit comes
        from the castle; an absorption names only the pieces it uses, or none."""
        if key.endswith("replenish") and args.get("target") == args.get("area", args.get("own")):
            return f"{key}.self"
        if key.endswith("absorb"):
            soldiers, reinforcements = args["soldiers"], args["reinforcements"]
            if not soldiers or not reinforcements:
                part = "soldiers" if soldiers else "reinforcements" if reinforcements else "none"
                return f"{key}.{part}"
        return key

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
        """Decisions in words; the dice of a roll as one line (their faces are the icons)."""
        if len(steps) == 1 and steps[0].phrase[0] == "die":  # a die of a chance-only row
            args = steps[0].phrase[1]
            return [i18n.t("log.tsuno.face", colour=i18n.t(f"tsuno.die.{args['colour']}"),
                           face=args["face"])]  # fmt: skip
        words: list[str] = []
        faces: list[str] = []
        kind = ""
        for step in steps:
            key, args = step.phrase
            if key == "die":
                faces.append(str(args["face"]))
                kind = str(args["roll"])
                continue
            if faces:
                words.append(
                    i18n.t(
                        "log.tsuno.roll", roll=i18n.t(f"tsuno.roll.{kind}"), faces=" ".join(faces)
                    )
                )
                faces = []
            words.append(self.log_text(key, args) or step.text)
        if faces:
            words.append(
                i18n.t("log.tsuno.roll", roll=i18n.t(f"tsuno.roll.{kind}"), faces=" ".join(faces))
            )
        return words

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        icons = []
        for step in steps:
            key, args = step.phrase
            if key == "die":
                icons.append(self.art.die(int(args["face"]), px, str(args["colour"])))
        return icons

    def status_text(self) -> str:
        obs = self.obs
        if not obs:
            return ""
        if obs["phase"] == "over":
            return i18n.t(f"tsuno.status.{obs['result']}")
        if obs["phase"] == "roll":
            return i18n.t("tsuno.status.roll", roll=i18n.t(f"tsuno.roll.{obs['roll']['kind']}"))
        name = self.seat_name(obs["to_move"])
        return i18n.t("tsuno.status.act", name=name, area=obs["area"], day=obs["day"])

    def action_label(self, action: int) -> tuple[str, str]:
        """A button's words and its preview line."""
        obs = self.obs
        me = obs["areas"][obs["area"] - 1]
        t = i18n.t
        if action == act.DEFEND:
            loss = rolls.defend_loss(obs)
            return t("tsuno.act.defend"), t("tsuno.preview.defend", chips=loss, loss=loss)
        own = {"own": obs["area"]}
        if action == act.ATTACK or act.is_relief(action):
            target = obs["area"] if action == act.ATTACK else act.target_of(action)
            if action == act.ATTACK and me["unit"] == "castle" and not me["chips"]:
                return t("tsuno.act.return"), t("tsuno.preview.return")
            odds = rolls.attack_preview(obs, target)
            label = (
                t("tsuno.act.attack")
                if action == act.ATTACK
                else t("tsuno.act.relief", target=target)
            )
            worst = "tsuno.preview.retreat" if me["unit"] == "area" else "tsuno.preview.fall"
            dice = int(odds["dice"])
            # The odds first: where a narrow button cuts the line, it cuts the counts.
            return label, t(
                "tsuno.preview.attack" if odds["chips"] else "tsuno.preview.attack.none",
                chips=odds["chips"],
                dice=t("tsuno.preview.dice.one") if dice == 1 else t("tsuno.preview.dice", n=dice),
                morale=rolls.percent(odds["morale"]),
                worst=t(worst, p=rolls.percent(odds["worst"])),
            )
        if act.is_replenish(action):
            words = {**own, "target": act.target_of(action)}
            return (
                t(self.variant("tsuno.act.replenish", words), **words),
                t(self.variant("tsuno.preview.replenish", words), **words),
            )
        if act.is_rest(action):
            n = action - act.REST_BASE
            return t("tsuno.act.rest", count=n), t("tsuno.preview.rest", count=n)
        if act.is_lure(action):
            target = act.target_of(action)
            return t("tsuno.act.lure", target=target), t("tsuno.preview.lure", target=target)
        if action == act.HEAL:
            return t("tsuno.act.heal"), t("tsuno.preview.heal")
        if act.is_absorb(action):
            soldiers, reinforcements = act.ABSORB_CHOICES[action - act.ABSORB_BASE]
            after = rolls.absorb_after(obs, action)
            key = "tsuno.preview.absorb" if after >= 1 else "tsuno.preview.absorb_retreat"
            pieces = {"soldiers": soldiers, "reinforcements": reinforcements}
            return (
                t(self.variant("tsuno.act.absorb", pieces), **pieces),
                t(key, before=me["morale"], after=after),
            )
        return t("tsuno.act.wait"), t("tsuno.preview.wait")

    # --- drawing ---------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        p = self.ctx.palette
        surface.fill(p["bg"], self.rect)
        if not self.obs:
            return
        self._paint_castle(surface)
        for a in range(1, 7):
            self._paint_area(surface, a)
        self._paint_target(surface)
        self.draw_layer(surface)
        self._paint_counts(surface)
        self._paint_date(surface)
        self._paint_tray(surface)
        self._paint_actions(surface)

    def _px(self, k: float) -> int:
        return max(9, round(self.geo.unit * k))

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

    def area_name(self, e: dict[str, Any]) -> str:
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
        for rect, action in self.buttons():
            targeted = act.is_relief(action) or act.is_replenish(action) or act.is_lure(action)
            if targeted and rect.collidepoint(self.mouse):
                box = self.geo.areas[act.target_of(action)].box
                self.art.ring(surface, box, self.ctx.palette["hint"], self.geo.unit // 2)

    def _keep(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The keep's picture and where it stands: over the strip of units in the castle, under
        the castle's caption."""
        c = self.geo.castle
        top = self._caption()[1].bottom
        keep = pygame.Rect(c.x, top, c.w, max(8, self.geo.castle_units.y - top))
        img = self.art.castle(min(keep.w, round(keep.h * 1.5)), keep.h)
        return img, img.get_rect(midbottom=keep.midbottom)

    def _caption(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The castle's name and the difficulty, at its top left."""
        c = self.geo.castle
        diff = i18n.t(f"option.tsuno.difficulty.{self.obs['difficulty']}")
        name = self.art.fitted(
            f"半山城 · {diff}", self._px(1.4), self.ctx.palette["gold"], c.w, bold=True
        )
        return name, name.get_rect(topleft=c.topleft)

    def _paint_castle(self, surface: pygame.Surface) -> None:
        p, geo = self.ctx.palette, self.geo
        surface.blits((self._keep(), self._caption()))
        strip = geo.castle_units
        pygame.draw.rect(surface, darker(p["stone"], 0.2), strip, 1, border_radius=strip.h // 4)

    def _paint_counts(self, surface: pygame.Surface) -> None:
        gap = self._count_gap()
        for words, at, spot, items in self._count_places():
            surface.blit(words, at)
            x = spot.x
            for icon, text in items:
                x = blit_row(surface, [icon, text], (x, spot.centery), gap) + 2 * gap

    def _count_gap(self) -> int:
        return max(2, self.geo.unit // 4)

    def _count_items(self) -> list[list[tuple[pygame.Surface, pygame.Surface]]]:
        """The pictures of the castle's soldiers, the wounded and the supply (chips, then
        reinforcements), each an icon and its number."""
        obs, icon = self.obs, max(10, round(self.geo.unit * 1.7))
        counts = (
            [(self.art.soldier(icon), f"×{obs['castle']}")],
            [(self.art.wounded(icon), f"×{obs['wounded']}")],
            [
                (self.art.chip(icon), str(obs["supply"]["chips"])),
                (self.art.reinforcement(icon), str(obs["supply"]["reinforcements"])),
            ],
        )
        ink = self.ctx.palette["text"]
        return [
            [(i, self.art.text(t, self._px(1.4), ink, bold=True)) for i, t in c] for c in counts
        ]

    def _count_places(
        self,
    ) -> list[
        tuple[pygame.Surface, pygame.Rect, pygame.Rect, list[tuple[pygame.Surface, pygame.Surface]]]
    ]:
        """Each count of the castle's foot (its soldiers, the wounded, the supply): its label,
        where the label goes, where the count goes and its pictures. The count stands right by
        its label (under it in columns, after it in rows), just far enough for the last-move
        ring round the count to leave the label readable."""
        places = []
        gap, apart = self._count_gap(), self.ring_unit() // 2 + 2
        for (box, label), items in zip(self._counts(), self._count_items(), strict=True):
            width = sum(i.get_width() + t.get_width() + 3 * gap for i, t in items) - 2 * gap
            height = max(max(i.get_height(), t.get_height()) for i, t in items)
            spot = pygame.Rect(0, 0, min(width, box.w - 2), min(height, box.h - 2))
            rows = self.geo.foot_rows
            room = box.w - spot.w - apart - 4 if rows else box.w - 2
            words = self.art.fitted(i18n.t(label), self._px(1.2), self.ctx.palette["text_dim"],
                                    room)  # fmt: skip
            if rows:  # the label, then its count, in the middle of the row
                left = box.centerx - (words.get_width() + apart + spot.w) // 2
                at = words.get_rect(midleft=(left, box.centery))
                spot.midleft = (at.right + apart, box.centery)
            else:
                at = words.get_rect(midtop=(box.centerx, box.y + 2))
                spot.midtop = (box.centerx, at.bottom + apart)
            places.append((words, at, spot.clamp(box), items))
        return places

    def _paint_date(self, surface: pygame.Surface) -> None:
        p, r, obs = self.ctx.palette, self.geo.date, self.obs
        surface.blit(self.art.panel(r.w, r.h, (*p["panel"], 255), p["panel_edge"], r.h // 6), r)
        size = round(r.h * 0.62)
        x = r.x + r.h // 4
        for label, value in (
            (i18n.t("tsuno.day"), obs["day"]),
            (i18n.t("tsuno.area"), obs["area"]),
        ):
            die = self.art.die(value, size, "date")
            surface.blit(die, die.get_rect(midleft=(x, r.centery)))
            words = self.art.fitted(label, self._px(1.25), p["text"], r.w // 4)
            surface.blit(words, words.get_rect(midleft=(x + size + 4, r.centery)))
            x += size + words.get_width() + r.h // 2

    def _paint_tray(self, surface: pygame.Surface) -> None:
        p, r, obs = self.ctx.palette, self.geo.tray, self.obs
        surface.blit(
            self.art.panel(r.w, r.h, (*darker(p["lacquer"], 0.55), 255), p["gold"], r.h // 8), r
        )
        roll = obs["roll"]
        shown = roll or obs["last_roll"]
        if not shown:
            return
        black, yellow = list(shown["black"]), list(shown["yellow"])
        pending_b = roll["black_dice"] - len(black) if roll else 0
        pending_y = roll["yellow_dice"] - len(yellow) if roll else 0
        title = i18n.t(f"tsuno.roll.{shown['kind']}")
        if shown["kind"] == "attack":
            title = i18n.t("tsuno.tray.attack", area=shown["area"])
        head = self.art.fitted(title, self._px(1.35), p["paper"], r.w - 12, bold=True)
        surface.blit(head, (r.x + 8, r.y + 4))
        faces = [(f, "black") for f in black] + [(0, "black")] * pending_b
        faces += [(f, "yellow") for f in yellow] + [(0, "yellow")] * pending_y
        n = max(1, len(faces))
        size = min(round(r.h * 0.3), (r.w - 16) // n - 4)
        gap = (r.w - 16 - n * size) / max(1, n)
        y = r.y + head.get_height() + 8 + size // 2
        roles = rolls.die_roles(black) if not roll else [""] * len(black)
        hit = rolls.hits(shown) if not roll and shown["kind"] == "attack" else [False] * len(black)
        for i, (face, colour) in enumerate(faces):
            cx = r.x + 8 + gap / 2 + i * (size + gap) + size / 2
            tumble = self.tumbles.get(i)
            if tumble is not None and tumble.value > 0.02 and face:
                shown_face = self.rng.randint(1, 6)
                img = self.art.die(shown_face, size, colour, angle=tumble.value * 80)
                blit_center(surface, img, (cx, y - tumble.value * size * 0.4))
                continue
            img = self.art.die(face, size, colour)
            blit_center(surface, img, (cx, y))
            if i < len(black) and face:
                role_colour = {"triple": p["gold"], "run": p["run"]}.get(roles[i])
                if hit[i]:
                    role_colour = p["hit"]
                if role_colour:
                    ring = pygame.Rect(0, 0, size + 6, size + 6)
                    ring.center = (round(cx), y)
                    pygame.draw.rect(surface, role_colour, ring, 3, border_radius=size // 4)
        if not roll:
            self._paint_roll_result(surface, shown, y + size // 2 + 4)

    def _paint_roll_result(self, surface: pygame.Surface, shown: dict[str, Any], top: int) -> None:
        p, r = self.ctx.palette, self.geo.tray
        if shown["kind"] == "attack":
            text = i18n.t("tsuno.tray.loss", loss=shown.get("loss", 0))
        else:
            parts = [f"{a}:{c}" for a, c in enumerate(shown["counts"], 1) if c]
            text = i18n.t("tsuno.tray.chips", counts="  ".join(parts) or "—")
        if shown["triples"]:
            text += "  " + i18n.t("tsuno.tray.triples", areas=", ".join(map(str, shown["triples"])))
        words = self.art.fitted(text, self._px(1.25), p["paper"], r.w - 12)
        surface.blit(words, (r.x + 8, min(top, r.bottom - words.get_height() - 4)))

    def _paint_actions(self, surface: pygame.Surface) -> None:
        p, r = self.ctx.palette, self.geo.actions
        surface.blit(
            self.art.panel(r.w, r.h, (*p["panel"], 255), p["panel_edge"], self.geo.unit), r
        )
        head = self.art.fitted(self.panel_title(), self._px(1.4), p["gold"], r.w - 12, bold=True)
        surface.blit(head, (r.x + 8, r.y + 6))
        buttons = [(rect, *self.action_label(action)) for rect, action in self.buttons()]
        two = self._two_lines(buttons)
        for rect, label, preview in buttons:
            hover = self.mouse is not None and rect.collidepoint(self.mouse)
            fill = lighter(p["lacquer"], 0.15) if hover else p["lacquer"]
            surface.blit(self.art.panel(rect.w, rect.h, (*fill, 255), p["gold"], rect.h // 4), rect)
            if two:
                big = self.art.fitted(label, self._px(1.3), p["paper"], rect.w - 12, bold=True)
                small = self.art.fitted(
                    preview, self._px(1.05), lighter(p["gold"], 0.4), rect.w - 12
                )
                step = big.get_height() * 4 // 5  # a line's image has a fifth of leading
                top = rect.centery - (step + small.get_height()) // 2
                surface.blit(big, (rect.x + 8, top))
                surface.blit(small, (rect.x + 8, top + step))
            else:  # one line: the action kept readable, its preview in the rest
                head = self.art.fitted(label, self._px(1.1), p["paper"], rect.w // 2, bold=True)
                x = surface.blit(head, head.get_rect(midleft=(rect.x + 8, rect.centery))).right
                room = rect.right - 8 - (x + self.geo.unit)
                rest = self.art.fitted(preview, self._px(1.0), lighter(p["gold"], 0.4), room)
                surface.blit(rest, rest.get_rect(midleft=(x + self.geo.unit, rect.centery)))

    def panel_title(self) -> str:
        """The action panel's heading: who acts (the viewer said as "you"), or the outcome."""
        obs = self.obs
        if obs["phase"] == "over":
            key = "tsuno.panel.victory" if obs["result"] == "victory" else "tsuno.panel.defeat"
            return i18n.t(key, area=obs["area"])
        if obs["phase"] == "roll":
            return i18n.t("tsuno.panel.rolling")
        if self.legal or self.reviewing:  # a past position: who acted there, not "deciding"
            name = self.seat_name(obs["to_move"])
            return i18n.t("tsuno.panel.acts", area=obs["area"], name=name)
        names = [self.seat_name(seat) for seat in range(max(self.ctx.num_players, 1))]
        return said("tsuno.panel.waiting", names, obs["to_move"], area=obs["area"])

    def _two_lines(self, buttons: list[tuple[pygame.Rect, str, str]]) -> bool:
        """Whether the buttons say their action and its preview on two lines: where the letters
        of every button's two lines at their full size fit inside the edge that a hint rings
        (the same for all, so that the panel reads as one list)."""
        if not buttons:
            return False
        edge = max(2, self.ring_unit() // 2) + 1  # the hint ring's width (Board.draw_hint_line)
        ink = (0, 0, 0)
        big = max(self.art.text(b[1], self._px(1.3), ink, bold=True).get_height() for b in buttons)
        small = max(self.art.text(b[2], self._px(1.05), ink).get_height() for b in buttons)
        return (big + small) * 4 // 5 + 2 * edge <= buttons[0][0].h

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
                self._clear_note(surface, text, box, self.rect, avoid, widths, accent)
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
        return self._clear_note(surface, self.hint_caption(), anchor, self.rect, avoid, widths,
                                colour)  # fmt: skip

    def hint_caption(self) -> str:
        words = super().hint_caption()
        return f"{words} · {self.hint_label}" if self.hint_label else words

    def _clear_note(
        self,
        surface: pygame.Surface,
        text: str,
        anchor: pygame.Rect,
        bounds: pygame.Rect,
        avoid: list[pygame.Rect],
        widths: list[int],
        accent: Colour,
    ) -> pygame.Rect:
        """A note of ``text`` near ``anchor`` inside ``bounds`` that covers none of ``avoid``,
        wrapped to the first of ``widths`` (widest first) unless a narrower one lies nearer
        (over the date or the dice tray when no other place is clear, under ``anchor`` when
        none at all is): a teammate's words, the hint's caption."""
        geo, px = self.geo, self._px(1.3)
        # No narrower than NOTE_MIN_EMS letters: a teammate's words once stood in a 90 px column.
        widths = sorted({max(w, px * NOTE_MIN_EMS) for w in widths}, reverse=True)
        key = (text, tuple(anchor), tuple(bounds), tuple(map(tuple, avoid)), tuple(widths))
        spots = self._note_spots
        if key not in spots:
            gap = max(2, geo.unit // 2)

            def nearest(avoiding: list[pygame.Rect]) -> tuple[int, pygame.Rect] | None:
                found: list[tuple[float, int, pygame.Rect]] = []
                for n, width in enumerate(widths):
                    if found and min(f[0] for f in found) <= n * geo.unit:
                        break  # no narrower note can be nearer
                    size = overlays.note_size(self.art, text, width, px)
                    near = anchor.inflate(2 * gap, 2 * gap)
                    spot = overlays.nearest_clear(size, near, bounds, avoiding)
                    if spot is not None:  # a narrower note is taller: only worth it when nearer
                        found.append((overlays.gap_between(spot, anchor) + n * geo.unit, width,
                                      spot))  # fmt: skip
                return min(found, key=lambda f: f[0])[1:] if found else None

            # Where nothing is clear (six areas' buttons at 800x540), the date and the dice of
            # the roll already made may be covered, the field and the buttons never.
            spare = (geo.date, geo.tray)
            chosen = nearest(avoid) or nearest([r for r in avoid if r not in spare])
            if chosen is None:
                spot = pygame.Rect((0, 0), overlays.note_size(self.art, text, widths[0], px))
                spot.midtop = (anchor.centerx, anchor.bottom + gap)
                chosen = (widths[0], spot.clamp(bounds))
            if len(spots) > 8:
                spots.clear()
            spots[key] = chosen
        width, spot = spots[key]

        def place(note: pygame.Rect) -> None:
            note.topleft = spot.topleft

        return overlays.note(surface, self.art, text, width, place, bounds, accent, px)

    def _banner_band(self) -> pygame.Rect:
        """Where a banner shows: in the action panel under its buttons (a forced Defence has
        one, the end of the game none), so that it hides none of the areas it is about; over
        the field's middle only if the panel has no room (it always has from 800x540 up)."""
        geo = self.geo
        rects = [rect for rect, _ in self.buttons()]
        top = (rects[-1] if rects else title_rect(geo.actions, geo.unit)).bottom + geo.unit
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
