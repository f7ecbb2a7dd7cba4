"""半山城 in the field's middle, as a view of its own: its caption, the keep, the strip where
units that fell back stand, and the counts at its foot (its soldiers, the wounded, the supply)."""

from __future__ import annotations

import pygame

from game import i18n
from game.boards.tsuno.art import TsunoArt
from game.boards.tsuno.layout import Geo, text_px
from game.engines.tsuno.observation import TsunoObservation
from game.engines.tsuno.words import TsunoWords
from game.ui.draw import Colour, blit_row, darker

Items = list[tuple[pygame.Surface, pygame.Surface]]  # a count's icons, each with its number
COUNTS = ("tsuno.castle_soldiers", "tsuno.wounded", "tsuno.supply")


class CastleView:
    """Where the castle's parts lie and how they are drawn, for the geometry ``place`` gives."""

    def __init__(self, art: TsunoArt, palette: dict[str, Colour], geo: Geo) -> None:
        self.art, self.p, self.geo = art, palette, geo
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
        size = min(w - 2, box.h - 2)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (box.x + w * (area - 1) + w // 2, box.centery)
        return rect

    def caption(self, obs: TsunoObservation) -> tuple[pygame.Surface, pygame.Rect]:
        """The castle's name and the difficulty, at its top left."""
        c = self.geo.castle
        words = TsunoWords().castle_caption(obs)
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

    def items(self, obs: TsunoObservation) -> list[Items]:
        """The pictures of the castle's soldiers, the wounded and the supply (chips, then
        reinforcements), each an icon and its number."""
        art, icon = self.art, max(10, round(self.geo.unit * 1.7))
        counts = (
            [(art.soldier(icon), f"×{obs['castle']}")],
            [(art.wounded(icon), f"×{obs['wounded']}")],
            [
                (art.chip(icon), str(obs["supply"]["chips"])),
                (art.reinforcement(icon), str(obs["supply"]["reinforcements"])),
            ],
        )
        ink, px = self.p["text"], self.px(1.4)
        return [[(i, art.text(t, px, ink, bold=True)) for i, t in c] for c in counts]

    def count_places(
        self, obs: TsunoObservation
    ) -> list[tuple[pygame.Surface, pygame.Rect, pygame.Rect, Items]]:
        """Each count of the castle's foot (its soldiers, the wounded, the supply): its label,
        where the label goes, where the count goes and its pictures. The count stands right by
        its label (under it in columns, after it in rows), just far enough for the last-move
        ring round the count to leave the label readable."""
        places = []
        gap, apart = self.gap(), self.apart
        for (box, label), items in zip(self.counts(), self.items(obs), strict=True):
            width = sum(i.get_width() + t.get_width() + 3 * gap for i, t in items) - 2 * gap
            height = max(max(i.get_height(), t.get_height()) for i, t in items)
            spot = pygame.Rect(0, 0, min(width, box.w - 2), min(height, box.h - 2))
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
            places.append((words, at, spot.clamp(box), items))
        return places

    def draw(self, surface: pygame.Surface, obs: TsunoObservation) -> None:
        """The keep, the caption and the strip of the units in the castle (under the things)."""
        surface.blits((self.keep(obs), self.caption(obs)))
        strip = self.geo.castle_units
        pygame.draw.rect(
            surface, darker(self.p["stone"], 0.2), strip, 1, border_radius=strip.h // 4
        )

    def draw_counts(self, surface: pygame.Surface, obs: TsunoObservation) -> None:
        gap = self.gap()
        for words, at, spot, items in self.count_places(obs):
            surface.blit(words, at)
            x = spot.x
            for icon, text in items:
                x = blit_row(surface, [icon, text], (x, spot.centery), gap) + 2 * gap
