"""The pictures of the Tsuno Senki board: paper areas, 半山城 as a castle, Ichijo chips, unit
chips with the yellow morale die, soldiers (round pawns) and reinforcements (pointed banners),
dice and the four ability icons. Shapes differ as well as colours, so the colour-blind palette
only has to keep the seats apart."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.boards.tsuno.layout import AreaGeo, text_px
from game.ui.draw import Art, Colour, blit_center, blit_row, darker, lighter, mix, supersampled

# Pip positions of a die face on a unit square.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@dataclass(frozen=True)
class AreaFace:
    """What an area's card says: values only, so that its picture is cached by them."""

    number: int
    ability: str | None  # the area's ability icon ("skilled", "lure", "mobility", "heal")
    seat: int  # whose colour (an index into the seat roles)
    name: str  # who commands it ("" for an area not in use)
    bold: bool  # the viewer's own area, in live play
    chips: int
    note: str = ""  # "unit in the castle", or "not in use" (then the card is veiled)
    veiled: bool = False


class TsunoArt(Art):
    def area_card(self, geo: AreaGeo, unit: int, face: AreaFace) -> pygame.Surface:
        """An area's card as big as ``geo.box``: paper (lacquer-tinted under two chips or more,
        a forced Defence), its seat's colour along the top, its number, ability icon and who
        commands it, its chips' count, the two side slots; its note where its unit stood (or
        over a veil when the area is not in use)."""
        rects = (geo.box, geo.header, geo.chips, geo.unit, *geo.slots)
        key = ("area", *(tuple(r) for r in rects), unit, face)
        return self.cached(key, lambda: self._area_card(geo, unit, face))

    def _area_card(self, geo: AreaGeo, unit: int, face: AreaFace) -> pygame.Surface:
        p, box = self.p, geo.box
        h, chips, place = (r.move(-box.x, -box.y) for r in (geo.header, geo.chips, geo.unit))
        seat_colour, radius = self.side(face.seat), box.h // 10
        fill = p["paper"] if face.chips < 2 else mix(p["paper"], p["lacquer"], 0.18)
        card = self.panel(box.w, box.h, (*fill, 255), darker(seat_colour, 0.2), radius).copy()
        pygame.draw.rect(card, seat_colour, (0, 0, box.w, max(4, box.h // 12)),
                         border_top_left_radius=radius, border_top_right_radius=radius)  # fmt: skip
        number = self.text(str(face.number), round(h.h * 0.95), p["ink"], bold=True)
        card.blit(number, number.get_rect(midleft=(h.x + 2, h.centery + h.h // 10)))
        left = h.x + number.get_width() + 4  # where the seat's name may begin
        if face.ability:
            icon = self.ability(face.ability, round(h.h * 0.7), p["lacquer"])
            left = card.blit(icon, icon.get_rect(midleft=(left + 2, h.centery + h.h // 10))).right
        ink = darker(seat_colour, 0.25)
        label = self.fitted(face.name, text_px(unit, 1.3), ink, h.right - left - 4, face.bold)
        card.blit(label, label.get_rect(midright=(h.right, h.centery + h.h // 10)))
        if face.chips:
            count = self.text(f"×{face.chips}", text_px(unit, 1.5), p["lacquer"], bold=True)
            card.blit(count, count.get_rect(midbottom=(chips.centerx, chips.bottom)))
        for slot in geo.slots:
            slot = slot.move(-box.x, -box.y)
            pygame.draw.rect(card, p["paper_dim"], slot, 1, border_radius=slot.w // 4)
        if face.veiled:
            centre = (box.w // 2, box.h // 2)
            self.veil(card, centre, box.size, (*p["bg"], 190), radius)
            note = self.fitted(face.note, text_px(unit, 1.3), p["paper"], box.w)
            blit_center(card, note, centre)
        elif face.note:
            note = self.fitted(face.note, text_px(unit, 1.2), p["ink"], place.w * 2)
            blit_center(card, note, place.center)
        return card

    def die(
        self,
        face: int,
        size: int,
        colour: str = "black",
        angle: float = 0.0,
        ring: Colour | None = None,
    ) -> pygame.Surface:
        """A die showing ``face`` (0: blank, still to be rolled); ``colour`` black, yellow or
        date (the date marker's paper dice); ``ring``: ringed 3 px off its edge (its part in a
        roll: a triple, a run, a hit)."""
        if ring is not None:

            def ringed() -> pygame.Surface:
                image = pygame.Surface((size + 6, size + 6), pygame.SRCALPHA)
                pygame.draw.rect(image, ring, image.get_rect(), 3, border_radius=size // 4)
                image.blit(self.die(face, size, colour, angle), (3, 3))
                return image

            return self.cached(("die", face, size, colour, round(angle) % 90, ring), ringed)
        key = ("die", face, size, colour, round(angle) % 90)

        def build() -> pygame.Surface:
            body, pip = {
                "black": (self.p["die_black"], self.p["paper"]),
                "yellow": (self.p["die_yellow"], self.p["ink"]),
                "date": (self.p["paper"], self.p["lacquer"]),
            }[colour]

            def paint(s: pygame.Surface, k: float) -> None:
                r = s.get_rect()
                fill = body if face else darker(body, 0.35)
                pygame.draw.rect(s, fill, r, border_radius=round(r.w * 0.2))
                pygame.draw.rect(
                    s,
                    lighter(fill, 0.25),
                    r,
                    max(1, round(k * 1.5)),
                    border_radius=round(r.w * 0.2),
                )
                for x, y in PIPS.get(face, ()):
                    pygame.draw.circle(s, pip, (r.w * x, r.h * y), r.w * 0.095)

            image = supersampled(size, size, paint)
            if angle % 90:
                image = pygame.transform.rotozoom(image, angle % 90, 1.0)
            return image

        return self.cached(key, build)

    def date_marker(
        self, w: int, h: int, dice: tuple[tuple[str, int], ...], px: int
    ) -> pygame.Surface:
        """The date marker: a panel with paper dice (the day, the acting area), each labelled."""

        def build() -> pygame.Surface:
            p = self.p
            marker = self.panel(w, h, (*p["panel"], 255), p["panel_edge"], h // 6).copy()
            size, x = round(h * 0.62), h // 4
            for label, value in dice:
                die = self.die(value, size, "date")
                marker.blit(die, die.get_rect(midleft=(x, h // 2)))
                words = self.fitted(label, px, p["text"], w // 4)
                marker.blit(words, words.get_rect(midleft=(x + size + 4, h // 2)))
                x += size + words.get_width() + h // 2
            return marker

        return self.cached(("date", w, h, dice, px), build)

    def count_row(
        self, counts: tuple[tuple[str, str], ...], icon: int, px: int, gap: int
    ) -> pygame.Surface:
        """Counts in a row: each a piece's picture (``soldier``, ``wounded``, ``chip``,
        ``reinforcement``, ``icon`` square) with its number in bold beside it."""

        def build() -> pygame.Surface:
            pictures = {"soldier": self.soldier, "wounded": self.wounded, "chip": self.chip}
            pictures["reinforcement"] = self.reinforcement
            items = [(pictures[k](icon), self.text(n, px, self.p["text"], True)) for k, n in counts]
            width = sum(i.get_width() + t.get_width() + 3 * gap for i, t in items) - 2 * gap
            height = max(max(i.get_height(), t.get_height()) for i, t in items)
            row, x = pygame.Surface((width, height), pygame.SRCALPHA), 0
            for picture, number in items:
                x = blit_row(row, [picture, number], (x, height // 2), gap) + 2 * gap
            return row

        return self.cached(("counts", counts, icon, px, gap), build)

    def chip(self, size: int) -> pygame.Surface:
        """An Ichijo chip: a black lacquered disc with a red rim and the Ichijo mark (一)."""

        def build() -> pygame.Surface:
            h = max(4, round(size * 0.42))

            def paint(s: pygame.Surface, k: float) -> None:
                r = s.get_rect()
                side = pygame.Rect(r.x, r.y + round(r.h * 0.22), r.w, round(r.h * 0.78))
                pygame.draw.ellipse(s, darker(self.p["lacquer"], 0.45), side)
                top = pygame.Rect(r.x, r.y, r.w, round(r.h * 0.78))
                pygame.draw.ellipse(s, self.p["chip"], top)
                pygame.draw.ellipse(s, self.p["lacquer"], top, max(1, round(1.6 * k)))
                y = top.centery
                pygame.draw.line(
                    s, self.p["gold"], (r.w * 0.3, y), (r.w * 0.7, y), max(1, round(k * 1.4))
                )

            return supersampled(size, h, paint)

        return self.cached(("chip", size), build)

    def unit(self, seat: int, size: int, home: bool, morale: int | None = None) -> pygame.Surface:
        """The unit chip: a shield-like plate in the seat's colour (dimmed when in the castle),
        with its yellow ``morale`` die on it when given."""
        if morale is not None:

            def with_die() -> pygame.Surface:
                chip = self.unit(seat, size, home).copy()
                die = self.die(max(0, min(6, morale)), max(8, round(size * 0.5)), "yellow")
                blit_center(chip, die, (size // 2, size // 2 - size // 16))
                return chip

            return self.cached(("unit", seat, size, home, morale), with_die)

        def build() -> pygame.Surface:
            colour = self.side(seat) if home else darker(self.side(seat), 0.35)

            def paint(s: pygame.Surface, k: float) -> None:
                w, h = s.get_size()
                points = [
                    (w * 0.1, 0),
                    (w * 0.9, 0),
                    (w, h * 0.18),
                    (w, h * 0.72),
                    (w * 0.5, h),
                    (0, h * 0.72),
                    (0, h * 0.18),
                ]
                pygame.draw.polygon(s, darker(colour, 0.5), points)
                inner = [(x * 0.88 + w * 0.06, y * 0.88 + h * 0.05) for x, y in points]
                pygame.draw.polygon(s, colour, inner)
                pygame.draw.polygon(s, self.p["gold"], inner, max(1, round(k * 1.5)))

            return supersampled(size, size, paint)

        return self.cached(("unit", seat, size, home), build)

    def soldier(self, size: int) -> pygame.Surface:
        """A soldier: a round pawn (head over a bell), paper white with ink edges."""

        def build() -> pygame.Surface:
            def paint(s: pygame.Surface, k: float) -> None:
                w, h = s.get_size()
                ink, paper = self.p["ink"], self.p["soldier"]
                body = [
                    (w * 0.18, h * 0.95),
                    (w * 0.35, h * 0.45),
                    (w * 0.65, h * 0.45),
                    (w * 0.82, h * 0.95),
                ]
                pygame.draw.polygon(s, paper, body)
                pygame.draw.polygon(s, ink, body, max(1, round(k * 1.2)))
                pygame.draw.circle(s, paper, (w * 0.5, h * 0.3), w * 0.2)
                pygame.draw.circle(s, ink, (w * 0.5, h * 0.3), w * 0.2, max(1, round(k * 1.2)))

            return supersampled(size, size, paint)

        return self.cached(("soldier", size), build)

    def wounded(self, size: int) -> pygame.Surface:
        """A wounded soldier: the soldier, reddened and dimmed."""

        def build() -> pygame.Surface:
            image = self.soldier(size).copy()
            image.fill((150, 110, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return image

        return self.cached(("wounded", size), build)

    def reinforcement(self, size: int) -> pygame.Surface:
        """A reinforcement: a pointed gold war banner (nobori), unlike the round soldier."""

        def build() -> pygame.Surface:
            def paint(s: pygame.Surface, k: float) -> None:
                w, h = s.get_size()
                gold, ink = self.p["reinforcement"], self.p["ink"]
                pygame.draw.line(
                    s, ink, (w * 0.3, h * 0.04), (w * 0.3, h * 0.98), max(1, round(k * 1.6))
                )
                flag = [
                    (w * 0.32, h * 0.08),
                    (w * 0.85, h * 0.08),
                    (w * 0.85, h * 0.7),
                    (w * 0.58, h * 0.55),
                    (w * 0.32, h * 0.7),
                ]
                pygame.draw.polygon(s, gold, flag)
                pygame.draw.polygon(s, ink, flag, max(1, round(k * 1.2)))

            return supersampled(size, size, paint)

        return self.cached(("reinforcement", size), build)

    def ability(self, kind: str, size: int, colour: Colour) -> pygame.Surface:
        """The ability icons: crossed swords (skilled), a hook (lure), a horse's hoof arrows
        (mobility), a cross (heal)."""

        def build() -> pygame.Surface:
            def paint(s: pygame.Surface, k: float) -> None:
                w, h = s.get_size()
                t = max(1, round(w * 0.1))
                if kind == "skilled":
                    pygame.draw.line(s, colour, (w * 0.15, h * 0.15), (w * 0.85, h * 0.85), t)
                    pygame.draw.line(s, colour, (w * 0.85, h * 0.15), (w * 0.15, h * 0.85), t)
                    pygame.draw.line(s, colour, (w * 0.1, h * 0.6), (w * 0.4, h * 0.9), t)
                    pygame.draw.line(s, colour, (w * 0.9, h * 0.6), (w * 0.6, h * 0.9), t)
                elif kind == "lure":
                    pygame.draw.arc(
                        s, colour, (w * 0.2, h * 0.35, w * 0.55, h * 0.6), math.pi, 2 * math.pi, t
                    )
                    pygame.draw.line(s, colour, (w * 0.75, h * 0.62), (w * 0.75, h * 0.08), t)
                    pygame.draw.polygon(
                        s, colour, [(w * 0.2, h * 0.65), (w * 0.08, h * 0.45), (w * 0.34, h * 0.48)]
                    )
                elif kind == "mobility":
                    for y in (0.3, 0.7):
                        pygame.draw.line(s, colour, (w * 0.1, h * y), (w * 0.8, h * y), t)
                        pygame.draw.polygon(
                            s,
                            colour,
                            [
                                (w * 0.95, h * y),
                                (w * 0.7, h * (y - 0.16)),
                                (w * 0.7, h * (y + 0.16)),
                            ],
                        )
                else:  # heal
                    pygame.draw.rect(s, colour, (w * 0.38, h * 0.1, w * 0.24, h * 0.8))
                    pygame.draw.rect(s, colour, (w * 0.1, h * 0.38, w * 0.8, h * 0.24))

            return supersampled(size, size, paint)

        return self.cached(("ability", kind, size, colour), build)

    def castle(self, w: int, h: int) -> pygame.Surface:
        """半山城: stone base, white walls, two tiers of curved lacquer roofs, gold ridge ends."""

        def build() -> pygame.Surface:
            def paint(s: pygame.Surface, k: float) -> None:
                W, H = s.get_size()
                stone, wall, roof = self.p["stone"], self.p["paper"], self.p["roof"]
                ink = self.p["ink"]
                lw = max(1, round(k))
                base = [(W * 0.14, H), (W * 0.86, H), (W * 0.76, H * 0.66), (W * 0.24, H * 0.66)]
                pygame.draw.polygon(s, stone, base)
                for i in range(1, 4):
                    y = H * (0.66 + 0.085 * i)
                    pygame.draw.line(s, darker(stone, 0.3), (W * 0.2, y), (W * 0.8, y), lw)
                pygame.draw.rect(s, wall, (W * 0.28, H * 0.44, W * 0.44, H * 0.22))
                self._roof(s, W * 0.16, W * 0.84, H * 0.44, H * 0.12, roof)
                pygame.draw.rect(s, wall, (W * 0.36, H * 0.2, W * 0.28, H * 0.14))
                self._roof(s, W * 0.26, W * 0.74, H * 0.2, H * 0.13, roof)
                for x in (0.33, 0.5, 0.67):
                    pygame.draw.rect(s, ink, (W * (x - 0.025), H * 0.5, W * 0.05, H * 0.08))
                for end, inner, tail in ((0.4, 0.44, 0.37), (0.6, 0.56, 0.63)):
                    # the gold fish (shachihoko) on the ends of the top roof's ridge
                    fish = [(W * end, H * 0.08), (W * inner, H * 0.08), (W * tail, H * 0.0)]
                    pygame.draw.polygon(s, self.p["gold"], fish)

            return supersampled(w, h, paint)

        return self.cached(("castle", w, h), build)

    @staticmethod
    def _roof(s: pygame.Surface, x0: float, x1: float, y: float, h: float, colour: Colour) -> None:
        """A curved eave: a trapezoid with upswept tips."""
        mid = (x0 + x1) / 2
        points = [
            (x0, y - h * 0.05),
            (x0 + (x1 - x0) * 0.12, y - h * 0.35),
            (mid - (x1 - x0) * 0.2, y - h),
            (mid + (x1 - x0) * 0.2, y - h),
            (x1 - (x1 - x0) * 0.12, y - h * 0.35),
            (x1, y - h * 0.05),
            (x1 - (x1 - x0) * 0.06, y + h * 0.05),
            (x0 + (x1 - x0) * 0.06, y + h * 0.05),
        ]
        pygame.draw.polygon(s, colour, points)
        pygame.draw.polygon(s, darker(colour, 0.5), points, 2)


# --- the game's emblem ---------------------------------------------------------------------
# The emblem's sun, stone, castle walls and roofs, and flag.
EMBLEM_CRIMSON, EMBLEM_STONE = (196, 60, 56), (120, 118, 116)
EMBLEM_WHITE, EMBLEM_BLACK, EMBLEM_GOLD = (236, 232, 220), (40, 42, 50), (226, 178, 86)


def draw_emblem(s: pygame.Surface, n: int) -> None:
    """The game's emblem on the gallery and set-up screens, filling the ``n``-square ``s``
    (drawn at four times its size, then scaled down)."""
    c = n // 2
    pygame.draw.circle(s, EMBLEM_CRIMSON, (c, n * 40 // 100), n * 34 // 100)
    base = pygame.Rect(0, 0, n * 54 // 100, n * 16 // 100)
    base.midbottom = (c, n * 86 // 100)
    pygame.draw.polygon(
        s,
        EMBLEM_STONE,
        [
            (base.x + n // 20, base.y),
            (base.right - n // 20, base.y),
            base.bottomright,
            base.bottomleft,
        ],
    )
    y = base.y
    for width, height in ((46, 14), (34, 12), (22, 12)):
        w, h = n * width // 100, n * height // 100
        wall = pygame.Rect(0, 0, w * 8 // 10, h)
        wall.midbottom = (c, y)
        pygame.draw.rect(s, EMBLEM_WHITE, wall)
        roof = [
            (c - w // 2 - n // 30, wall.y + n // 60),
            (c + w // 2 + n // 30, wall.y + n // 60),
            (c + w // 3, wall.y - h // 2),
            (c - w // 3, wall.y - h // 2),
        ]
        pygame.draw.polygon(s, EMBLEM_BLACK, roof)
        y = wall.y - h // 2
    pygame.draw.line(s, EMBLEM_GOLD, (c, y), (c, y - n // 16), n // 40)
    for dx in (-1, 1):
        die = pygame.Rect(0, 0, n // 8, n // 8)
        die.center = (c + dx * n * 36 // 100, n * 80 // 100)
        pygame.draw.rect(s, EMBLEM_BLACK if dx < 0 else EMBLEM_GOLD, die, border_radius=n // 50)
        pygame.draw.circle(s, EMBLEM_WHITE if dx < 0 else EMBLEM_BLACK, die.center, n // 60)
