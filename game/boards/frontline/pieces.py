"""How the table draws, from the observation it is shown on the geometry it is given, with the
board's art, layer and unit views: under the things, the table and the other side's bar
(pictures of ``art``), the set-up panel; each thing, a unit's tile (shaking when hit, turning
over when revealed) with what is tucked under it and its chips, a face-down card, a hand card, a
card of the deck at set-up with its count, and any thing's card at a given width (the zoom);
over them, the attack arrows. Owns where the last paint tucked things on units, which the kit's
labels keep off."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import cast

import pygame

from game import i18n
from game.boards.base import Things
from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.art import FrontlineArt, edge_toward
from game.boards.frontline.deck.draw import WARN
from game.boards.frontline.layout import Geo, split_key
from game.boards.layer import Sprite, SpriteLayer, blit_sprite
from game.engines.frontline import words as fw
from game.engines.frontline.cards import EDGE_OF_TYPE, SIDES, UNITS
from game.engines.frontline.observation import FrontlineObservation, UnitView
from game.ui.draw import MIN_READABLE_PX as MIN_PX
from game.ui.draw import blit_center, darker, lighter
from game.ui.text import render

TABLE_ROWS = ("opp_ground", "opp_rear", "own_ground", "own_rear", "hand")  # named lines, then hand


class Pieces:
    def __init__(
        self,
        art: FrontlineArt,
        layer: SpriteLayer,
        views: dict[Hashable, UnitView],
        offset: Callable[[Hashable], int],
        geo: Geo,
    ) -> None:
        self.art, self.layer, self.views = art, layer, views  # views: leaving units' included
        self.offset = offset  # how far a thing is shaken aside now
        self.tucked: list[pygame.Rect] = []  # the Damage card strips and chips put on units
        self.obs, self.things, self.geo = cast(FrontlineObservation, {}), cast(Things, {}), geo

    def show(self, obs: FrontlineObservation, things: Things, geo: Geo) -> None:
        """Draw ``obs`` (``things``: its things by key) on ``geo`` from now on."""
        self.obs, self.things, self.geo = obs, things, geo

    def side_of(self, seat: int) -> int:
        """The army (0 US, 1 Germany) of a seat."""
        return SIDES.index(self.obs["seats"][seat]["army"])

    def draw(self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float) -> None:
        kind, what = split_key(key)
        if kind == "unit":
            self.unit(surface, key, rect, alpha)
            return
        image: pygame.Surface | None = None
        if kind == "down":
            image = self.art.face_down(self.side_of(what), rect.w, rect.h, self.down_card(key))
        else:
            image = self.card_image(key, rect.w)
        if image is None:
            return
        if image.get_size() != rect.size:
            image = pygame.transform.smoothscale(image, rect.size)
        blit_center(surface, image, rect.center, round(255 * alpha))
        count = self.things.get(key)
        if kind == "pick" and isinstance(count, int) and count > 1:  # copies left in the deck
            p = self.art.p
            badge = render(f"×{count}", max(MIN_PX, rect.w // 8), p["text"], bold=True)
            band = fc.art_band(what, rect.w, rect.h).move(rect.topleft)
            r = badge.get_rect().inflate(6, 2)  # on the art, below the cost however thin
            r.midright = (band.right, max(band.centery, band.top + r.h // 2))
            pygame.draw.rect(surface, darker(p["ink"], 0.2), r, border_radius=r.h // 2)
            blit_center(surface, badge, r.center)

    def unit(self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float) -> None:
        """A unit's tile, shaken aside when hit, its back showing while it turns over."""
        view = self.views.get(key)
        if view is None:
            return
        image = self.art.tile(view, rect.w, rect.h)
        rect = rect.move(self.offset(key), 0)
        self.under(surface, view, rect)
        sprite = self.layer.sprites.get(key)
        face = 1.0 if sprite is None else sprite.face
        back = (
            image
            if face >= 1
            else self.art.face_down(self.side_of(view["owner"]), *rect.size, None)
        )
        blit_sprite(
            surface, Sprite(key, *rect.center, rect.w, rect.h, alpha, face=face), image, back
        )
        self.markers(surface, view, rect)

    def card_image(self, key: Hashable | None, w: int) -> pygame.Surface | None:
        """The card of thing ``key`` ``w`` wide (a face-down card of the other side: its back)."""
        kind, what = split_key(key)
        p, lang = self.art.p, self.art.lang
        if kind == "unit" and key in self.views:
            what = self.views[key]["card"]
        elif kind == "down":
            what = self.down_card(key)
            if what is None:
                return other.card_back(self.obs["seats"][key[1]]["army"], w, p, lang)  # type: ignore[index]
        elif kind == "cmd":
            return other.command_face(what, w, p, lang) if w else None
        elif kind not in ("hand", "pick"):
            return None
        return fc.unit_face(what, w, p, lang) if w else None

    def down_card(self, key: Hashable) -> int | None:
        """The card a face-down thing is (known for the viewer's own only)."""
        value = self.things.get(key)
        return value[0] if isinstance(value, tuple) else None

    def under(self, surface: pygame.Surface, view: UnitView, rect: pygame.Rect) -> None:
        """What is tucked under a unit: its Damage card's edge, and its crew peeking out under
        the bottom-right corner (beside the tile it read as a unit of its own, and on it the
        badge hid the DEF)."""
        p, printed = self.art.p, UNITS[view["card"]]
        if view["damage_card"] >= 0:
            edge = EDGE_OF_TYPE[printed.type]
            strip = other.damage_face(view["damage_card"], rect.w, p, self.art.lang, edge)
            spot = strip.get_rect(midtop=(rect.centerx, rect.bottom - strip.get_height() // 3))
            self.tucked.append(surface.blit(strip, spot))
        if printed.crew >= 0:  # the crew's badge, or the mark of the missing crew drawn later
            badge = crew_spot(rect)
            if view["crew"] >= 0:
                surface.blit(fc.crew_icon(printed.crew, badge.w, p), badge)
            self.tucked.append(badge)

    def markers(self, surface: pygame.Surface, view: UnitView, rect: pygame.Rect) -> None:
        """What lies on a unit over the kit's rings: the mark of its missing crew, and the chips
        along its top edge (``art.chips``)."""
        p, u = self.art.p, self.geo.unit
        if UNITS[view["card"]].crew >= 0 and view["crew"] < 0:
            r = crew_spot(rect)
            pygame.draw.ellipse(surface, p["hit"], r)
            blit_center(surface, render("!", round(r.h * 0.8), p["text"], bold=True), r.center)
        chips = self.art.chips(view, max(MIN_PX, round(u * 1.25)))
        if chips is not None:
            self.tucked.append(surface.blit(chips, (rect.x + u, rect.y - chips.get_height() // 2)))

    def paint_table(self, surface: pygame.Surface, names: list[str]) -> None:
        """The table and the bars of the hands the viewer cannot see (``names``: each seat's)."""
        geo, me = self.geo, self.obs["viewer"]
        at = (-geo.table.x, -geo.table.y)  # the picture's rows: from the table's corner
        rows = {name: geo.rows[name].move(at) for name in (*TABLE_ROWS, "opp_air", "own_air")}
        sides = (self.side_of(1 - me), self.side_of(me))
        surface.blit(self.art.table(geo.table.size, geo.unit, rows, sides), geo.table)
        bar, hand = geo.rows["opp_bar"], geo.rows["hand"]
        self.paint_bar(surface, 1 - me, bar, names[1 - me])  # the other side's hand and name
        if self.obs["seats"][me]["units"] is None:  # a spectator's public view: ours hidden too
            self.paint_bar(surface, me, bar.move(0, hand.centery - bar.centery), names[me])

    def paint_bar(self, surface: pygame.Surface, seat: int, bar: pygame.Rect, name: str) -> None:
        """A hand the viewer cannot see in ``bar`` (the art's ``opp_bar``): backs and counts,
        the seat's ``name``, whether it decided."""
        info = self.obs["seats"][seat]
        counts = (info["unit_count"], info["command_count"])
        state = fw.decided_words(self.obs, seat)
        picture = self.art.opp_bar(bar.size, self.geo.unit, self.side_of(seat), name, counts, state)
        surface.blit(picture, bar)

    def paint_pick(
        self, surface: pygame.Surface, rests: dict[Hashable, pygame.Rect]
    ) -> list[pygame.Rect]:
        """Set-up: the viewer's deck laid out (``rests``: where things rest) to choose the
        starting units from. Returns where its words went."""
        p, u = self.art.p, self.geo.unit
        picks = [r for k, r in rests.items() if split_key(k)[0] == "pick"]
        if not picks:
            return []
        area = picks[0].unionall(picks[1:]).inflate(3 * u, 3 * u)
        mine = self.obs["seats"][self.obs["viewer"]]
        hand = mine["units"] or []
        title = i18n.t("frontline.your_deck", n=4 - len(hand))
        image = self.art.fitted(
            title, max(10, round(1.6 * u)), p["text"], area.w - 2 * u, bold=True
        )
        area.top -= image.get_height()  # the title's room above the cards
        notes = [
            self.art.fitted(
                ("⚠ " if stuck else "") + text,
                max(10, round(1.4 * u)),
                WARN if stuck else p["gold"],
                area.w - 2 * u,
                bold=stuck,
            )
            for stuck, text in fw.pick_notes(hand, fw.deck_left(mine), 4 - len(hand))
        ]
        area.h += image.get_height() + sum(n.get_height() for n in notes)  # the crews' notes below
        area = area.clip(self.geo.table)
        surface.blit(self.art.panel(area.w, area.h, (*p["panel"], 230), p["panel_edge"], u), area)
        texts = [surface.blit(image, (area.x + u, area.y + u // 2))]
        y = max(r.bottom for r in picks) + u // 2  # under the cards (drawn over the panel)
        for note in notes:
            texts.append(surface.blit(note, (area.x + u, y)))
            y += note.get_height()
        return texts

    def paint_arrows(self, surface: pygame.Surface) -> None:
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
            start = edge_toward(ra.inflate(-ra.w // 3, -ra.h // 3), rb.center)  # off its own name
            self.art.arrow(surface, start, edge_toward(rb, ra.center), colour, width, dashed)


def crew_spot(rect: pygame.Rect) -> pygame.Rect:
    """Where a unit's crew (or the mark of its missing crew) shows: under its bottom-right
    corner, clear of the DEF shield at the bottom left."""
    size = max(10, rect.h // 3)
    return pygame.Rect(rect.right - size * 3 // 4, rect.bottom - size // 3, size, size)
