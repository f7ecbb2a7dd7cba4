"""Drawing for the Battle Line board: card faces and backs, flags, markers, the table.

Every image is drawn once per size and palette and cached, so a settled frame only blits. Shapes
are supersampled for smooth edges; text is rendered at its final size for crisp glyphs.

Identity never rests on colour alone: each troop colour has its own suit symbol (DejaVu Sans
glyphs, see ``SUIT_SYMBOLS``), tactics cards have a dark face with a gold double border and an
emblem, the two decks' backs differ in colour, pattern and emblem, and the two sides' flags carry
a circle or a diamond as well as their colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.boards.cards import CardArt, card_height
from game.engines.battleline.cards import (
    ALEXANDER,
    CAVALRY,
    DARIUS,
    DESERTER,
    FOG,
    MORALE,
    MUD,
    NUM_TROOPS,
    REDEPLOY,
    SCOUT,
    SHIELD,
    TRAITOR,
    TROOP_DECK,
    colour_of,
    value_of,
)
from game.engines.battleline.words import SUIT_SYMBOLS
from game.turns import Phrase
from game.ui import table
from game.ui.draw import (
    SS,
    Colour,
    blit_center,
    darker,
    lighter,
    masked,
    mix,
    rounded_mask,
    supersampled,
)
from game.ui.fonts import get_font
from game.ui.text import wrap


def px(size: float, unit: float) -> int:
    """A font size in layout units (never below 9 px, as every board text)."""
    return max(9, round(size * unit))


STRIP = 0.26  # the visible top strip of a covered card, relative to its height

# One glyph per troop colour (Red, Orange, Yellow, Green, Blue, Purple); all in DejaVu Sans.
# Each tactics card's emblem; Shield Bearers' shield is drawn (DejaVu Sans has no shield).
TACTIC_EMBLEMS = {
    ALEXANDER: "♚",
    DARIUS: "♔",
    CAVALRY: "♞",
    FOG: "☁",
    MUD: "≋",
    SCOUT: "☉",
    REDEPLOY: "⇄",
    DESERTER: "⚐",
    TRAITOR: "⚔",
}
BACK_EMBLEMS = ("⚔", "✦")  # troop deck, tactics deck


def category(card: int) -> str:
    """ "troop", "morale", "environment" or "guile" (the tactics card's family)."""
    if card < NUM_TROOPS:
        return "troop"
    if card in MORALE:
        return "morale"
    return "environment" if card in (FOG, MUD) else "guile"


def shield_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A heater shield of half-width ``r`` centred on a point."""
    top, bottom = cy - r * 0.95, cy + r * 1.1
    side = []  # the curved right side down to the point, mirrored for the left
    for i in range(1, 10):
        t = i / 10
        side.append((r * (1 - t**1.6), top + r * 0.9 + (bottom - top - r * 0.9) * t))
    right = [(cx + x, y) for x, y in side]
    left = [(cx - x, y) for x, y in reversed(side)]
    return [(cx - r, top), (cx + r, top), *right, (cx, bottom), *left]


class BattleLineArt(CardArt):
    """All cached images for one palette; sizes are part of every key, so resizing just draws
    new ones (``clear`` drops the old)."""

    def __init__(self, palette: dict[str, Colour], names: Callable[[int | str], str]) -> None:
        super().__init__(palette, ("side0", "side1"))
        self.names = names  # a tactics card's short name in the current language

    def suit(self, colour: int) -> Colour:
        return self.p[f"suit{colour}"]

    def suit_ink(self, colour: int) -> Colour:
        return self.p[f"ink{colour}"]

    # --- cards ----------------------------------------------------------------------------------
    def card(self, card: int, w: int) -> pygame.Surface:
        """A card's face at width ``w``."""
        return self.cached(("card", card, w), lambda: self._draw_card(card, w))

    def picture(self, card: int | None, deck: int, w: int) -> tuple[tuple, pygame.Surface]:
        """A face (or a deck's back when ``card`` is None) with its cache name, for the kit's
        ``turned`` and ``blit_card``."""
        if card is None:
            return ("back", deck, w), self.back(deck, w)
        return ("card", card, w), self.card(card, w)

    def rotated(self, card: int | None, deck: int, w: int, angle: int) -> pygame.Surface:
        """A face (or a deck's back when ``card`` is None) rotated by whole degrees."""
        return self.turned(*self.picture(card, deck, w), angle)

    def _draw_card(self, card: int, w: int) -> pygame.Surface:
        if card >= NUM_TROOPS:
            return self._draw_tactic(card, w)
        p = self.p
        h = card_height(w)
        colour, value = colour_of(card), value_of(card)
        fill, ink = self.suit(colour), self.suit_ink(colour)
        surf = self.body(w, h, lighter(p["parchment"], 0.35), p["parchment"])
        radius = self.radius(w)
        # a coloured frame, and a tinted field behind the centre numeral
        m = max(2, round(0.06 * w))
        frame = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        field = frame.inflate(-2 * m, -round(0.5 * h))
        pygame.draw.rect(surf, mix(p["parchment"], fill, 0.22), field, border_radius=radius)
        pygame.draw.rect(surf, fill, frame, max(1, round(0.03 * w)), border_radius=radius)
        symbol = SUIT_SYMBOLS[colour]
        # corner indices: numeral top left, symbol top right (both stay visible in a stack)
        num = self.text(str(value), round(0.235 * h), ink, bold=True)
        tight = num.get_bounding_rect()
        num_at = (m + round(0.07 * w) - tight.x, m + round(0.035 * h) - tight.y)
        surf.blit(num, num_at)
        sym = self.text(symbol, round(0.22 * h), fill, symbol=True)  # large: it names the colour
        tight_s = sym.get_bounding_rect()
        sym_at = (
            w - m - round(0.06 * w) - tight_s.right,
            m + round(0.035 * h) + (tight.h - tight_s.h) // 2 - tight_s.y,
        )
        surf.blit(sym, sym_at)
        # the same indices upside down at the bottom, as on a printed card
        corner = pygame.Surface((w, round(0.3 * h)), pygame.SRCALPHA)
        corner.blit(num, num_at)
        corner.blit(sym, sym_at)
        surf.blit(pygame.transform.rotate(corner, 180), (0, h - corner.get_height()))
        # the centre: a big pale suit symbol with the big numeral over it
        big_sym = self.text(symbol, round(0.5 * h), lighter(fill, 0.45), symbol=True)
        blit_center(surf, big_sym, (w / 2, h / 2 + 0.02 * h))
        big = self.text(str(value), round(0.36 * h), ink, bold=True)
        outline = self.text(str(value), round(0.36 * h), lighter(p["parchment"], 0.6), bold=True)
        centre = (w / 2, h / 2 - 0.035 * h)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            blit_center(surf, outline, (centre[0] + dx * 2, centre[1] + dy * 2))
        blit_center(surf, big, centre)
        return surf

    def _draw_tactic(self, card: int, w: int) -> pygame.Surface:
        p = self.p
        h = card_height(w)
        gold = p["gold"]
        face = p["tactic_face"]
        surf = self.body(w, h, lighter(face, 0.12), darker(face, 0.2))
        radius = self.radius(w)
        m = max(2, round(0.05 * w))
        outer = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        pygame.draw.rect(surf, gold, outer, max(1, round(0.035 * w)), border_radius=radius)
        inner = outer.inflate(-2 * max(2, round(0.05 * w)), -2 * max(2, round(0.05 * w)))
        pygame.draw.rect(surf, darker(gold, 0.2), inner, 1, border_radius=max(2, radius - 2))
        # top strip (what a stack shows): the emblem and the name
        strip_h = round(STRIP * h)
        emblem_px = round(0.16 * h)
        icon = self.emblem(card, emblem_px, gold)
        surf.blit(icon, icon.get_rect(midleft=(inner.x + round(0.05 * w), m + strip_h // 2)))
        name_w = inner.right - (inner.x + icon.get_width() + round(0.1 * w))
        name = self.fitted(self.names(card), round(0.12 * h), lighter(gold, 0.35), name_w, True)
        surf.blit(
            name,
            name.get_rect(midleft=(inner.x + icon.get_width() + round(0.09 * w), m + strip_h // 2)),
        )
        # centre medallion with a large emblem
        cy = round(h * 0.56)
        r = round(min(w * 0.34, h * 0.22))
        ring = supersampled(
            2 * r + 4,
            2 * r + 4,
            lambda s, _k: self._medallion(s, r * SS, self.p["tactic_medal"], gold),
        )
        blit_center(surf, ring, (w / 2, cy))
        blit_center(surf, self.emblem(card, round(r * 1.25), lighter(gold, 0.25)), (w / 2, cy))
        # the family at the bottom (morale / environment / guile)
        kind = self.fitted(
            self.names(category(card)).upper(), round(0.075 * h), darker(gold, 0.05), inner.w - 4
        )
        surf.blit(kind, kind.get_rect(midbottom=(w / 2, inner.bottom - round(0.02 * h))))
        return surf

    def env_band(self, card: int, w: int, h: int, px: int) -> pygame.Surface:
        """Fog or Mud lying at a flag: a band of the tactics face, its emblem and name upright
        in one line at ``px`` (shrunk no further: the name is what the band is read by)."""
        return self.cached(("env", card, w, h, px), lambda: self._draw_env_band(card, w, h, px))

    def _draw_env_band(self, card: int, w: int, h: int, px: int) -> pygame.Surface:
        gold, ink = self.p["gold"], lighter(self.p["gold"], 0.35)
        surf = self.panel(w, h, (*self.p["tactic_face"], 255), gold, max(2, h // 4)).copy()
        parts = [self.emblem(card, px, gold), self.text(self.names(card), px, ink, bold=True)]
        gap = max(2, px // 4)
        if sum(part.get_width() for part in parts) + 3 * gap > w:
            parts = parts[1:]  # a narrow column: the name alone
        x = (w - sum(part.get_width() for part in parts) - gap * (len(parts) - 1)) // 2
        for part in parts:
            surf.blit(part, part.get_rect(midleft=(x, h // 2)))
            x += part.get_width() + gap
        return surf

    @staticmethod
    def _medallion(s: pygame.Surface, r: int, fill: Colour, edge: Colour) -> None:
        c = (s.get_width() // 2, s.get_height() // 2)
        pygame.draw.circle(s, darker(fill, 0.3), c, r)
        pygame.draw.circle(s, fill, c, round(r * 0.93))
        pygame.draw.circle(s, edge, c, r, max(1, round(r * 0.07)))

    def emblem(self, card: int, px: int, colour: Colour) -> pygame.Surface:
        """A tactics card's emblem glyph (the drawn shield for Shield Bearers)."""
        if card == SHIELD:
            return self.cached(("shield", px, colour), lambda: self._draw_shield(px, colour))
        return self.text(TACTIC_EMBLEMS[card], px, colour, symbol=True)

    @staticmethod
    def _draw_shield(px: int, colour: Colour) -> pygame.Surface:
        size = max(4, round(px * 0.9))

        def paint(s: pygame.Surface, _k: float) -> None:
            n = s.get_width()
            r = n * 0.36
            pts = shield_points(n / 2, n / 2, r)
            pygame.draw.polygon(s, colour, pts)
            inner = shield_points(n / 2, n / 2, r * 0.7)
            pygame.draw.polygon(s, darker(colour, 0.55), inner)
            bar = max(1, round(r * 0.22))
            pygame.draw.rect(s, colour, (n / 2 - bar / 2, n / 2 - r * 0.62, bar, r * 1.5))
            pygame.draw.rect(s, colour, (n / 2 - r * 0.62, n / 2 - r * 0.2, r * 1.24, bar))

        return supersampled(size, size, paint)

    def back(self, deck: int, w: int) -> pygame.Surface:
        """The back of a troop-deck or tactics-deck card."""
        return self.cached(("back", deck, w), lambda: self._draw_back(deck, w))

    def _draw_back(self, deck: int, w: int) -> pygame.Surface:
        p = self.p
        h = card_height(w)
        troop = deck == TROOP_DECK
        base = p["troop_back"] if troop else p["tactic_back"]
        trim = p["troop_trim"] if troop else p["gold"]
        surf = self.body(w, h, lighter(base, 0.1), darker(base, 0.15))
        radius = self.radius(w)
        m = max(2, round(0.07 * w))
        inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        pattern = pygame.Surface((w, h), pygame.SRCALPHA)
        step = max(4, round(w * (0.14 if troop else 0.1)))
        line = (*lighter(base, 0.22), 255)
        if troop:  # a diamond lattice
            for x0 in range(-h, w + h, step):
                pygame.draw.line(pattern, line, (x0, 0), (x0 + h, h))
                pygame.draw.line(pattern, line, (x0, h), (x0 + h, 0))
        else:  # rays from the centre
            cx, cy = w / 2, h / 2
            for i in range(24):
                a = i * math.pi / 12
                pygame.draw.line(
                    pattern, line, (cx, cy), (cx + math.cos(a) * h, cy + math.sin(a) * h), 1
                )
        surf.blit(masked(rounded_mask((w, h), radius), pattern), (0, 0), inner)
        surf.blit(
            masked(rounded_mask(inner.size, radius), pattern.subsurface(inner)), inner.topleft
        )
        pygame.draw.rect(surf, trim, inner, max(1, round(0.03 * w)), border_radius=radius)
        r = round(w * 0.27)
        medal = supersampled(
            2 * r + 4, 2 * r + 4, lambda s, _k: self._medallion(s, r * SS, base, trim)
        )
        blit_center(surf, medal, (w / 2, h / 2))
        blit_center(
            surf,
            self.text(BACK_EMBLEMS[deck], round(r * 1.2), lighter(trim, 0.2), symbol=True),
            (w / 2, h / 2),
        )
        return surf

    def ghost_card(self, card: int, w: int) -> pygame.Surface:
        """A card tinted towards the warning colour: a completion that could still come."""
        return self.ghost(("card", card, w), self.card(card, w), self.p["danger"])

    def side_mark(self, owner: int, px: int, colour: Colour | None = None) -> pygame.Surface:
        """Player 0's circle or player 1's diamond (identity by shape as well as colour)."""
        colour = colour or self.side(owner)

        def paint(s: pygame.Surface, _k: float) -> None:
            n = s.get_width()
            c = n / 2
            edge = lighter(colour, 0.55)
            if owner == 0:
                pygame.draw.circle(s, edge, (c, c), n * 0.47)
                pygame.draw.circle(s, colour, (c, c), n * 0.37)
            else:
                pygame.draw.polygon(
                    s, edge, [(c, n * 0.01), (n * 0.99, c), (c, n * 0.99), (n * 0.01, c)]
                )
                pygame.draw.polygon(
                    s, colour, [(c, n * 0.14), (n * 0.86, c), (c, n * 0.86), (n * 0.14, c)]
                )

        return self.cached(("mark", owner, px, colour), lambda: supersampled(px, px, paint))

    # --- flags ----------------------------------------------------------------------------------
    def flag(self, number: int, owner: int, w: int, h: int) -> pygame.Surface:
        """Flag ``number`` (1-9) on its pole: plain while open, the owner's colours once
        claimed (``owner`` -1 = open)."""
        return self.cached(
            ("flag", number, owner, w, h), lambda: self._draw_flag(number, owner, w, h)
        )

    def _draw_flag(self, number: int, owner: int, w: int, h: int) -> pygame.Surface:
        p = self.p
        cloth = p["pennant"] if owner < 0 else self.side(owner)
        trim = p["gold"] if owner < 0 else lighter(cloth, 0.5)
        pole_x = 0.2

        def paint(s: pygame.Surface, _k: float) -> None:
            W, H = s.get_size()
            px = W * pole_x
            # base stone
            base = pygame.Rect(0, 0, W * 0.42, H * 0.12)
            base.midbottom = (px, H * 0.99)
            pygame.draw.ellipse(s, darker(p["pole"], 0.35), base)
            pygame.draw.ellipse(s, p["pole"], base.inflate(-base.w * 0.2, -base.h * 0.35))
            # pole with a gilt finial
            pygame.draw.line(
                s, darker(p["pole"], 0.2), (px, H * 0.06), (px, H * 0.95), round(W * 0.06)
            )
            pygame.draw.circle(s, p["gold"], (px, H * 0.06), W * 0.055)
            # swallowtail pennant
            top, bottom = H * 0.1, H * 0.66
            right = W * 0.98
            notch = W * 0.76
            pts = [
                (px, top),
                (right, top + (bottom - top) * 0.05),
                (notch, (top + bottom) / 2),
                (right, bottom - (bottom - top) * 0.05),
                (px, bottom),
            ]
            shade = [(x + W * 0.02, y + H * 0.025) for x, y in pts]
            pygame.draw.polygon(s, (0, 0, 0, 90), shade)
            pygame.draw.polygon(s, cloth, pts)
            pygame.draw.polygon(s, trim, pts, max(1, round(W * 0.03)))

        surf = supersampled(w, h, paint)
        # the flag's number on the cloth, and the owner's mark once claimed
        ink = p["ink"] if owner < 0 else (255, 255, 255)
        cx = w * (pole_x + 0.76) / 2 - w * 0.03
        cy = h * 0.38
        num = self.text(str(number), round(h * 0.3), ink, bold=True)
        blit_center(surf, num, (cx, cy))
        if owner >= 0:
            mark = self.side_mark(owner, round(h * 0.16), lighter(cloth, 0.25))
            blit_center(surf, mark, (w * pole_x + w * 0.17, h * 0.86))
        return surf

    def log_icons(self, phrases: Sequence[Phrase], px: int) -> list[pygame.Surface]:
        """A turn of the move log in small pictures, ``px`` high: each card it showed, face up,
        or a deck's back for a card drawn unseen."""
        icons, seen, w = [], set(), max(6, round(px / 1.4))
        for key, args in phrases:
            if "card" in args and args["card"] not in seen and key != "choose":
                seen.add(args["card"])
                icons.append(self.card(args["card"], w))
            elif key in ("draws_hidden", "returns_hidden"):
                icons.append(self.back(args["deck"], w))
        return icons

    def fanned_back(
        self, surface: pygame.Surface, deck: int, at: tuple[float, float], w: int, angle: float
    ) -> None:
        """One of the opponent's backs in its fan, turned by ``angle``, over its shadow."""
        blit_center(surface, self.shadow(w, card_height(w)), (at[0] + 2, at[1] + 3), 160)
        blit_center(surface, self.rotated(None, deck, w, round(angle)), at)

    def card_glow(
        self, surface: pygame.Surface, at: tuple[float, float], w: int, angle: float, colour: Colour
    ) -> None:
        """The glow around a hand card ``w`` wide (chosen, hinted, to put back), turned with it."""
        ring = self.glow(w, card_height(w), colour, max(3, w // 14))
        blit_center(surface, pygame.transform.rotate(ring, angle) if angle else ring, at)

    # --- labels and marks on the table -----------------------------------------------------
    def pill(
        self, surface: pygame.Surface, text: pygame.Surface, rect: pygame.Rect, fill: tuple, r: int
    ) -> None:
        """``text`` centred on a rounded (translucent) panel filling ``rect``: a formation's
        name under its cards, what a morale card stands for."""
        surface.blit(self.panel(rect.w, rect.h, fill, None, r), rect)
        blit_center(surface, text, rect.center)

    def seal(self, provable: bool, px: int) -> pygame.Surface:
        """A flag's claim seal: ready (✔) or not yet provable (✖)."""
        mark, colour = ("✔", self.p["legal"]) if provable else ("✖", self.p["danger"])
        return self.text(mark, px, colour, symbol=True)

    def burst(
        self, surface: pygame.Surface, at: tuple[float, float], h: int, owner: int, k: float
    ) -> None:
        """A claim's ring around a flag ``h`` high, grown and faded by ``k`` (0 to 1)."""
        radius = round(h * (0.4 + 0.9 * k))
        ring = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
        rgba = (*lighter(self.side(owner), 0.4), round(220 * (1 - k)))
        pygame.draw.circle(ring, rgba, (radius + 2, radius + 2), radius, max(2, h // 14))
        blit_center(surface, ring, at)

    def step_panel(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        card: int,
        lines: tuple[str, str, str],
        edge: Colour,
        unit: float,
        card_w: int,
    ) -> None:
        """A tactics card being resolved, centred in ``area``: its face beside its name, the step
        reached (two lines at most) and who resolves it, on a panel edged in ``edge``."""
        p, pad = self.p, round(0.7 * unit)
        w = min(card_w, round((area.h - 2 * pad) / 1.4))
        x = area.x + 2 * pad + w
        width = area.right - pad - x
        name, step, who = lines
        images = [self.fitted(name, px(1.45, unit), p["text"], width, bold=True)]
        for text in wrap(step, get_font(px(1.3, unit)), width)[:2]:
            images.append(self.text(text, px(1.3, unit), p["gold"]))
        images.append(self.fitted(who, px(1.2, unit), p["text_dim"], width))
        # M+ leaves generous room above and below its glyphs: pack the lines by their ink
        advance = [round(i.get_height() * 0.82) for i in images]
        text_h = sum(advance)
        rect = pygame.Rect(0, 0, area.w, min(area.h, max(text_h, card_height(w)) + 2 * pad))
        rect.center = area.center
        surface.blit(self.panel(rect.w, rect.h, (*p["panel"], 235), edge, round(unit)), rect)
        image = self.card(card, w)
        surface.blit(image, image.get_rect(midleft=(rect.x + pad, rect.centery)))
        y = rect.centery - text_h // 2 - round(images[0].get_height() * 0.09)
        for img, step_y in zip(images, advance, strict=True):
            surface.blit(img, (x, y))
            y += step_y

    # --- the table ------------------------------------------------------------------------------
    def table(
        self, size: tuple[int, int], felt: pygame.Rect, ridge: pygame.Rect, column: pygame.Rect
    ) -> pygame.Surface:
        """Wood, the felt field with a lighter ridge where the flags stand, the side column."""
        key = ("table", size, tuple(felt), tuple(ridge), tuple(column))
        return self.cached(key, lambda: self._draw_table(size, felt, ridge, column))

    def _draw_table(
        self, size: tuple[int, int], felt: pygame.Rect, ridge: pygame.Rect, column: pygame.Rect
    ) -> pygame.Surface:
        p = self.p
        band = ridge.move(-felt.x, -felt.y)

        def markings(cloth: pygame.Surface) -> None:
            """The ridge: a lighter band across the cloth with a dashed line along it."""
            pygame.draw.rect(cloth, p["ridge"], band)
            for y in (band.top, band.bottom - 1):
                pygame.draw.line(cloth, lighter(p["ridge"], 0.3), (0, y), (felt.w, y), 1)
            dash = max(6, felt.w // 120)
            for x in range(0, felt.w, 2 * dash):
                pygame.draw.line(
                    cloth, darker(p["ridge"], 0.18), (x, band.centery), (x + dash, band.centery), 1
                )

        surf = table.picture(size, p, felt, markings, False, p["felt_edge"], corners=110)
        col = pygame.Surface(column.size, pygame.SRCALPHA)
        radius = table.felt_radius(felt.size)
        pygame.draw.rect(col, (*p["panel"], 150), col.get_rect(), border_radius=radius)
        surf.blit(col, column.topleft)
        return surf.convert() if pygame.display.get_surface() else surf
