"""The column beside the Flat Front field: the pile and the face-up tile (flipping off the pile on
the kit's layer), both players' cards (pieces in hand, score) and the legend."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.boards.flatfront.art import FlatFrontArt
from game.boards.flatfront.layout import Geometry, label_px
from game.boards.layer import Sprite, blit_sprite
from game.engines.flatfront import SUPPLY
from game.engines.flatfront.observation import FlatFrontObservation
from game.engines.flatfront.words import side_name, squares_label
from game.ui import overlays
from game.ui.draw import blit_at, blit_center, blit_row, dashed_rect, lighter, row_width


class Column:
    """Draws the column of ``geo`` with ``art``; ``seat(side)`` says what a player's card says
    (the kit's seat panel: name, to move, winner) and ``glow()`` its breathing alpha."""

    def __init__(self, seat: Callable[[int], overlays.Seat], glow: Callable[[], int]) -> None:
        self.seat, self.glow = seat, glow

    def draw(
        self,
        surface: pygame.Surface,
        geo: Geometry,
        art: FlatFrontArt,
        obs: FlatFrontObservation,
        face: Sprite | None,
    ) -> None:
        p = art.p
        for key, rect in (("pile", geo.pile), ("face_up", geo.slot)):  # labelled dashed outlines
            text = i18n.t(f"flatfront.{key}").upper()
            img = art.text(text, label_px(geo.unit), p["text_dim"], bold=True)
            surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.top - 3)))
            dashed_rect(surface, lighter(p["table"], 0.18), rect.inflate(6, 6), 1, 4)
        self._pile(surface, geo, art, obs, face)
        for side in (0, 1):
            self._card(surface, geo, art, obs, side)
        self._legend(surface, geo, art, obs)

    @staticmethod
    def pile_layers(obs: FlatFrontObservation, face: Sprite | None) -> int:
        """Tile backs drawn in the pile (a tile being flipped still counts until it turns)."""
        flipping = face is not None and face.face < 0.5
        return min(obs["pile"] + flipping, 8)

    def _pile(
        self,
        surface: pygame.Surface,
        geo: Geometry,
        art: FlatFrontArt,
        obs: FlatFrontObservation,
        face: Sprite | None,
    ) -> None:
        """The pile of tile backs with its count, and the face-up tile flipping off it."""
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

    @staticmethod
    def _legend(
        surface: pygame.Surface, geo: Geometry, art: FlatFrontArt, obs: FlatFrontObservation
    ) -> None:
        rule = i18n.t(f"flatfront.touch.{obs['adjacency']}")  # which tiles touch
        touch = art.text(rule, geo.fs(1.35), art.p["text_dim"])
        surface.blit(touch, touch.get_rect(midbottom=(geo.legend.centerx, geo.legend.bottom)))
        gap, px, parts = round(0.6 * geo.unit), geo.fs(1.5), []
        for side, name in enumerate((side_name(0) + "   ", side_name(1))):  # wider apart
            parts += [art.side_icon(side, px), art.text(name, px, art.p["text"], True)]
        y = geo.legend.bottom - touch.get_height() - round(1.2 * geo.unit)
        blit_row(surface, parts, (geo.legend.centerx - row_width(parts, gap) // 2, y), gap)

    def _card(
        self,
        surface: pygame.Surface,
        geo: Geometry,
        art: FlatFrontArt,
        obs: FlatFrontObservation,
        side: int,
    ) -> None:
        """A player's panel: the kit's seat panel round the pieces left and the score."""
        p = art.p
        supply, score = obs["supply"][side], obs["score"][side]
        numbers = (score["tiles"], score["power"])
        words = (i18n.t("flatfront.supply"), i18n.t("flatfront.tiles"), i18n.t("flatfront.power"))
        icon_h = round(geo.tile[1] * 0.42)

        def body(card: pygame.Surface, area: pygame.Rect) -> None:
            """Every piece (placed ones as faint grey figures, eight 1s on the first row) and the
            score (tiles with standing pieces, then standing power: the winner rules, in order)."""
            label = art.text(words[0], geo.fs(1.35), p["text_dim"])
            card.blit(label, area.topleft)
            powers, have, step = sorted(SUPPLY), list(supply), area.w / SUPPLY[1]
            full = [power for power in powers for _ in range(SUPPLY[power])]
            h = round(min(icon_h, step * 2))
            x, y = area.x + step / 2, area.y + label.get_height() + round(0.4 * geo.unit) + h
            for i, power in enumerate(full):
                if i == SUPPLY[1]:
                    x, y = area.x + step / 2, y + round(h * 1.08)
                k = powers.index(power)
                present = have[k] > 0
                have[k] -= present
                image, anchor = art.piece(side, power, h, fallen=not present)
                blit_at(card, image, anchor, (x, y), 255 if present else 70)
                x += step * (1.0 if i < SUPPLY[1] else 1.25)
            x = area.x
            for value, word in zip(numbers, words[1:], strict=True):
                big = art.text(str(value), geo.fs(3.4), p["text"], bold=True)
                small = art.text(word, geo.fs(1.5), p["text_dim"])
                card.blit(big, big.get_rect(bottomleft=(x, area.bottom - round(0.3 * geo.unit))))
                at = (
                    x + big.get_width() + round(0.5 * geo.unit),
                    area.bottom - round(1.0 * geo.unit),
                )
                card.blit(small, small.get_rect(bottomleft=at))
                x = area.centerx

        key = (tuple(supply), numbers, words, icon_h)
        overlays.draw_seat(
            surface,
            art,
            geo.cards[side],
            self.seat(side),
            geo.unit,
            self.glow(),
            art.side_icon,
            body,
            key,
        )
