"""How a thing on the table draws: a unit's tile (shaking when hit, turning over when
revealed) with what is tucked under it and its chips, a face-down card, a hand card, a card of
the deck at set-up with its count; and any thing's card at a given width (the zoom). Owns where
the last paint tucked things on units, which the kit's labels keep off."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.host import Host
from game.boards.frontline.layout import split_key
from game.boards.layer import Sprite, blit_sprite
from game.engines.frontline.cards import EDGE_OF_TYPE, UNITS
from game.engines.frontline.observation import UnitView
from game.ui.draw import MIN_READABLE_PX as MIN_PX
from game.ui.draw import blit_center, darker
from game.ui.text import render


class Pieces:
    def __init__(self, board: Host, offset: Callable[[Hashable], int]) -> None:
        self.board = board
        self.offset = offset  # how far a thing is shaken aside now
        self.tucked: list[pygame.Rect] = []  # the Damage card strips and chips put on units

    def draw(self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float) -> None:
        board, (kind, what) = self.board, split_key(key)
        if kind == "unit":
            self.unit(surface, key, rect, alpha)
            return
        image: pygame.Surface | None = None
        if kind == "down":
            image = board.art.face_down(board.side_of(what), rect.w, rect.h, self.down_card(key))
        else:
            image = self.card_image(key, rect.w)
        if image is None:
            return
        if image.get_size() != rect.size:
            image = pygame.transform.smoothscale(image, rect.size)
        blit_center(surface, image, rect.center, round(255 * alpha))
        count = board.things(board.obs).get(key)
        if kind == "pick" and isinstance(count, int) and count > 1:  # copies left in the deck
            p = board.ctx.palette
            badge = render(f"×{count}", max(MIN_PX, rect.w // 8), p["text"], bold=True)
            band = fc.art_band(what, rect.w, rect.h).move(rect.topleft)
            r = badge.get_rect().inflate(6, 2)  # on the art, below the cost however thin
            r.midright = (band.right, max(band.centery, band.top + r.h // 2))
            pygame.draw.rect(surface, darker(p["ink"], 0.2), r, border_radius=r.h // 2)
            blit_center(surface, badge, r.center)

    def unit(self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float) -> None:
        """A unit's tile, shaken aside when hit, its back showing while it turns over."""
        board, view = self.board, self.board.views.get(key)
        if view is None:
            return
        image = board.art.tile(view, rect.w, rect.h)
        rect = rect.move(self.offset(key), 0)
        self.under(surface, view, rect)
        sprite = board.layer.sprites.get(key)
        face = 1.0 if sprite is None else sprite.face
        back = (
            image
            if face >= 1
            else board.art.face_down(board.side_of(view["owner"]), *rect.size, None)
        )
        blit_sprite(
            surface, Sprite(key, *rect.center, rect.w, rect.h, alpha, face=face), image, back
        )
        self.markers(surface, view, rect)

    def card_image(self, key: Hashable | None, w: int) -> pygame.Surface | None:
        """The card of thing ``key`` ``w`` wide (a face-down card of the other side: its back)."""
        board, (kind, what) = self.board, split_key(key)
        p, lang = board.ctx.palette, board.ctx.lang
        if kind == "unit" and key in board.views:
            what = board.views[key]["card"]
        elif kind == "down":
            what = self.down_card(key)
            if what is None:
                return other.card_back(board.obs["seats"][key[1]]["army"], w, p, lang)  # type: ignore[index]
        elif kind == "cmd":
            return other.command_face(what, w, p, lang) if w else None
        elif kind not in ("hand", "pick"):
            return None
        return fc.unit_face(what, w, p, lang) if w else None

    def down_card(self, key: Hashable) -> int | None:
        """The card a face-down thing is (known for the viewer's own only)."""
        value = self.board.things(self.board.obs).get(key)
        return value[0] if isinstance(value, tuple) else None

    def under(self, surface: pygame.Surface, view: UnitView, rect: pygame.Rect) -> None:
        """What is tucked under a unit: its Damage card's edge, and its crew peeking out under
        the bottom-right corner (beside the tile it read as a unit of its own, and on it the
        badge hid the DEF)."""
        p, printed = self.board.ctx.palette, UNITS[view["card"]]
        if view["damage_card"] >= 0:
            edge = EDGE_OF_TYPE[printed.type]
            strip = other.damage_face(view["damage_card"], rect.w, p, self.board.ctx.lang, edge)
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
        p, u = self.board.ctx.palette, self.board.geo.unit
        if UNITS[view["card"]].crew >= 0 and view["crew"] < 0:
            r = crew_spot(rect)
            pygame.draw.ellipse(surface, p["hit"], r)
            blit_center(surface, render("!", round(r.h * 0.8), p["text"], bold=True), r.center)
        chips = self.board.art.chips(view, max(MIN_PX, round(u * 1.25)))
        if chips is not None:
            self.tucked.append(surface.blit(chips, (rect.x + u, rect.y - chips.get_height() // 2)))


def crew_spot(rect: pygame.Rect) -> pygame.Rect:
    """Where a unit's crew (or the mark of its missing crew) shows: under its bottom-right
    corner, clear of the DEF shield at the bottom left."""
    size = max(10, rect.h // 3)
    return pygame.Rect(rect.right - size * 3 // 4, rect.bottom - size // 3, size, size)
