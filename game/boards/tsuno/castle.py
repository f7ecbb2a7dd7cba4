"""半山城 in the field's middle, as a view of its own: its caption, the keep, the strip where
units that fell back stand, and the counts at its foot (its soldiers, the wounded, the supply)."""

from __future__ import annotations

import pygame

from game import i18n
from game.boards.tsuno.art import TsunoArt
from game.boards.tsuno.layout import Geo, text_px
from game.engines.tsuno.observation import TsunoObservation
from game.engines.tsuno.words import TsunoWords
from game.ui.draw import Colour, darker

COUNTS = ("tsuno.castle_soldiers", "tsuno.wounded", "tsuno.supply")


class CastleView:
    """Where the castle's parts lie and how they are drawn, for the geometry ``place`` gives."""

    def __init__(self, art: TsunoArt, palette: dict[str, Colour], geo: Geo) -> None:
        self.art, self.p, self.geo, self.words = art, palette, geo, TsunoWords()
        self.apart = 4  # between a count and its label: the last-move ring's room (``place``)

    def place(self, geo: Geo, ring: int) -> None:
        """New geometry; ``ring`` is how far the kit's last-move ring stands off a count."""
        self.geo, self.apart = geo, ring // 2 + 2

    def px(self, k: float) -> int:
        return text_px(self.geo.unit, k)

    def slot(self, area: int) -> pygame.Rect:
        """Where area ``area``'s unit stands once it fell back into the castle."""
        box = self.geo.castle_units
        w = box.w // 6
        size, centre = min(w - 2, box.h - 2), (box.x + w * (area - 1) + w // 2, box.centery)
        return pygame.Rect(0, 0, size, size).move_to(center=centre)

    def caption(self, obs: TsunoObservation) -> tuple[pygame.Surface, pygame.Rect]:
        """The castle's name and the difficulty, at its top left."""
        c = self.geo.castle
        words = self.words.castle_caption(obs)
        name = self.art.fitted(words, self.px(1.4), self.p["gold"], c.w, bold=True)
        return name, name.get_rect(topleft=c.topleft)

    def keep(self, obs: TsunoObservation) -> tuple[pygame.Surface, pygame.Rect]:
        """The keep's picture and where it stands: over the strip of units in the castle, under
        the castle's caption."""
        c = self.geo.castle
        top = self.caption(obs)[1].bottom
        keep = pygame.Rect(c.x, top, c.w, max(8, self.geo.castle_units.y - top))
        img = self.art.castle(min(keep.w, round(keep.h * 1.5)), keep.h)
        return img, img.get_rect(midbottom=keep.midbottom)

    def readable(self, obs: TsunoObservation) -> list[pygame.Rect]:
        """The castle as drawn (its caption, the keep, the units that fell back into it, the
        words and counts at its foot; not the empty room round them)."""
        found = [self.caption(obs)[1], self.keep(obs)[1]]
        found += [
            self.slot(e["area"]).inflate(4, 4)
            for e in obs["areas"]
            if e["unit"] == "castle" and e.get("active", True)
        ]
        for _, at, spot, _ in self.count_places(obs):
            found += [at, spot]
        return found

    def counts(self) -> list[tuple[pygame.Rect, str]]:
        """The castle's foot: its soldiers, the wounded and the supply, each with its label."""
        geo = self.geo
        return list(zip((geo.pool, geo.wounded, geo.supply), COUNTS, strict=True))

    def gap(self) -> int:
        return max(2, self.geo.unit // 4)

    def items(self, obs: TsunoObservation) -> list[pygame.Surface]:
        """The castle's soldiers, the wounded and the supply (chips, then reinforcements), each
        a row of pictures with their numbers."""
        supply, icon = obs["supply"], max(10, round(self.geo.unit * 1.7))
        counts = (
            (("soldier", f"×{obs['castle']}"),),
            (("wounded", f"×{obs['wounded']}"),),
            (("chip", str(supply["chips"])), ("reinforcement", str(supply["reinforcements"]))),
        )
        return [self.art.count_row(c, icon, self.px(1.4), self.gap()) for c in counts]

    def count_places(
        self, obs: TsunoObservation
    ) -> list[tuple[pygame.Surface, pygame.Rect, pygame.Rect, pygame.Surface]]:
        """Each count of the castle's foot (its soldiers, the wounded, the supply): its label,
        where the label goes, where the count goes and its pictures. The count stands right by
        its label (under it in columns, after it in rows), just far enough for the last-move
        ring round the count to leave the label readable."""
        places, apart = [], self.apart
        for (box, label), row in zip(self.counts(), self.items(obs), strict=True):
            spot = pygame.Rect(
                0, 0, min(row.get_width(), box.w - 2), min(row.get_height(), box.h - 2)
            )
            rows = self.geo.foot_rows
            room = box.w - spot.w - apart - 4 if rows else box.w - 2
            words = self.art.fitted(i18n.t(label), self.px(1.2), self.p["text_dim"], room)
            if rows:  # the label, then its count, in the middle of the row
                left = box.centerx - (words.get_width() + apart + spot.w) // 2
                at = words.get_rect(midleft=(left, box.centery))
                spot.midleft = (at.right + apart, box.centery)
            else:
                at = words.get_rect(midtop=(box.centerx, box.y + 2))
                spot.midtop = (box.centerx, at.bottom + apart)
            places.append((words, at, spot.clamp(box), row))
        return places

    def draw(self, surface: pygame.Surface, obs: TsunoObservation) -> None:
        """The keep, the caption and the strip of the units in the castle (under the things)."""
        surface.blits((self.keep(obs), self.caption(obs)))
        strip, edge = self.geo.castle_units, darker(self.p["stone"], 0.2)
        pygame.draw.rect(surface, edge, strip, 1, border_radius=strip.h // 4)

    def draw_counts(self, surface: pygame.Surface, obs: TsunoObservation) -> None:
        for words, at, spot, row in self.count_places(obs):
            surface.blits(((words, at), (row, row.get_rect(midleft=spot.midleft))))
