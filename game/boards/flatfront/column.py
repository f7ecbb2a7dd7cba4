"""The column beside the Flat Front field: the pile and the face-up tile (flipping off the pile on
the kit's layer), both players' cards (pieces in hand, score) and the legend."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.boards.flatfront.art import FlatFrontArt
from game.boards.flatfront.layout import Geometry, label_px
from game.boards.layer import Sprite, blit_sprite
from game.engines.flatfront.observation import FlatFrontObservation
from game.engines.flatfront.words import side_name, squares_label
from game.ui import overlays
from game.ui.draw import blit_center, blit_row, dashed_rect, lighter, row_width


class Column:
    """The column of a board's layout (``geo``) drawn with its ``art`` for its observation;
    ``seat(side)`` says what a player's card says (the kit's seat panel: name, to move, winner)
    and ``glow()`` its breathing alpha."""

    def __init__(
        self, geo: Geometry, art: FlatFrontArt, seat: Callable[[int], overlays.Seat],
        glow: Callable[[], int],
    ) -> None:  # fmt: skip
        self.geo, self.art, self.seat, self.glow = geo, art, seat, glow

    def draw(self, surface: pygame.Surface, obs: FlatFrontObservation, face: Sprite | None) -> None:
        """The slots' labels and outlines, the pile and the face-up tile (``face``, on the
        kit's layer), both players' cards and the legend."""
        geo, art, p = self.geo, self.art, self.art.p
        for key, rect in (("pile", geo.pile), ("face_up", geo.slot)):  # labelled dashed outlines
            text = i18n.t(f"flatfront.{key}").upper()
            img = art.text(text, label_px(geo.unit), p["text_dim"], bold=True)
            surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.top - 3)))
            dashed_rect(surface, lighter(p["table"], 0.18), rect.inflate(6, 6), 1, 4)
        self._pile(surface, obs, face)
        for side in (0, 1):
            self._card(surface, obs, side)
        self._legend(surface, obs)

    @staticmethod
    def pile_layers(obs: FlatFrontObservation, face: Sprite | None) -> int:
        """Tile backs drawn in the pile (a tile being flipped still counts until it turns)."""
        flipping = face is not None and face.face < 0.5
        return min(obs["pile"] + flipping, 8)

    def _pile(
        self, surface: pygame.Surface, obs: FlatFrontObservation, face: Sprite | None
    ) -> None:
        """The pile of tile backs with its count, and the face-up tile flipping off it."""
        geo, art = self.geo, self.art
        sw, sh = geo.slot.size
        back, shadow = art.tile_back(sw, sh), art.tile_shadow(sw, sh)
        n, layers = obs["pile"], self.pile_layers(obs, face)
        overlays.stack(surface, art, geo.pile, back, shadow, layers, n, geo.fs(1.6), 0.5)
        if not n:
            empty = art.text(i18n.t("flatfront.pile_empty"), geo.fs(1.5), art.p["text_dim"])
            surface.blit(empty, empty.get_rect(center=geo.pile.center))
        fu = obs["face_up"]
        if face is None or fu is None:
            return
        if not face.moving:
            blit_center(surface, shadow, (face.x + 2, face.y + sh * 0.05))
        blit_sprite(surface, face, art.tile(fu["owner"], fu["squares"], sw, sh), back)
        if not face.moving:
            owner, gap = fu["owner"], round(0.6 * geo.unit)
            ink = lighter(art.side(owner), 0.55)
            name = art.text(side_name(owner), geo.fs(1.5), ink, True)
            squares = art.text(squares_label(fu["squares"]), geo.fs(1.5), art.p["text"])
            parts = [art.side_icon(owner, geo.fs(1.6)), name, squares]
            y = geo.slot.bottom + round(2.0 * geo.unit)
            blit_row(surface, parts, (geo.slot.centerx - row_width(parts, gap) // 2, y), gap)

    def _legend(self, surface: pygame.Surface, obs: FlatFrontObservation) -> None:
        geo, art = self.geo, self.art
        rule = i18n.t(f"flatfront.touch.{obs['adjacency']}")  # which tiles touch
        touch = art.text(rule, geo.fs(1.35), art.p["text_dim"])
        surface.blit(touch, touch.get_rect(midbottom=(geo.legend.centerx, geo.legend.bottom)))
        gap, px, parts = round(0.6 * geo.unit), geo.fs(1.5), []
        for side, name in enumerate((side_name(0) + "   ", side_name(1))):  # wider apart
            parts += [art.side_icon(side, px), art.text(name, px, art.p["text"], True)]
        y = geo.legend.bottom - touch.get_height() - round(1.2 * geo.unit)
        blit_row(surface, parts, (geo.legend.centerx - row_width(parts, gap) // 2, y), gap)

    def _card(self, surface: pygame.Surface, obs: FlatFrontObservation, side: int) -> None:
        """A player's panel: the kit's seat panel round the pieces left and the score."""
        geo, art = self.geo, self.art
        supply, score = obs["supply"][side], obs["score"][side]
        numbers = (score["tiles"], score["power"])
        words = (i18n.t("flatfront.supply"), i18n.t("flatfront.tiles"), i18n.t("flatfront.power"))
        icon_h = round(geo.tile[1] * 0.42)

        def body(card: pygame.Surface, area: pygame.Rect) -> None:
            art.supply_card(card, area, side, supply, numbers, words, geo.unit, icon_h)

        key, rect = (tuple(supply), numbers, words, icon_h), geo.cards[side]
        seat, glow = self.seat(side), self.glow()
        overlays.draw_seat(surface, art, rect, seat, geo.unit, glow, art.side_icon, body, key)
