"""Drawing for the Flat Front board: tiles, tile backs, standing pieces, icons; the kit's table.

Every image is drawn once per size, supersampled for smooth edges, and cached, so the board only
blits ready-made surfaces at 60 fps. Identity never rests on colour alone: Blue tiles have a
double-ruled border with round corner studs and Blue pieces are rounded cylinders; Red tiles have
a hatched border with diamond studs and Red pieces are faceted, pointed prisms.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from functools import partial

import pygame

from game.engines.flatfront import SUPPLY
from game.ui import table
from game.ui.draw import (
    Art,
    Colour,
    blit_at,
    blit_center,
    darker,
    dashed_rect,
    gradient,
    lighter,
    masked,
    mix,
    rounded_mask,
    supersampled,
)
from game.ui.fonts import get_font

PIECE_SCALE = {1: 0.84, 2: 0.94, 4: 1.08}  # piece height per power, relative to the base height
VALUE_MIN_PX = 10  # a piece's printed value is never smaller than this on the screen
SQUARE_SIZE = 0.30  # printed square side, relative to the tile height
SQUARE_SPACING = 0.40  # distance between printed squares, relative to the tile height
SQUARE_ROW = 0.55  # vertical centre of the printed squares, relative to the tile height


def square_offsets(squares: int, tile_h: float) -> list[tuple[float, float]]:
    """Centres of a tile's printed squares relative to the tile centre (pieces stand on them)."""
    dy = (SQUARE_ROW - 0.5) * tile_h
    return [((i - (squares - 1) / 2) * SQUARE_SPACING * tile_h, dy) for i in range(squares)]


def _horizontal_profile(size: tuple[int, int], colours: list[Colour]) -> pygame.Surface:
    """A left-to-right gradient through ``colours`` (a cylinder's shading)."""
    row = pygame.Surface((len(colours), 1), pygame.SRCALPHA)
    for x, c in enumerate(colours):
        row.set_at((x, 0), (*c, 255))
    return pygame.transform.smoothscale(row, size)


def _piece_box(ph: int) -> tuple[int, int, tuple[float, float]]:
    """A piece image's size for a figure ``ph`` high, and where its base centre lies in it."""
    w, h = round(ph * 0.78), round(ph * 1.08)
    return w, h, (w / 2, h - 0.1 * ph)


def _proportions(ay: float, ph: float) -> tuple[float, float, float, float, float, float]:
    """A figure ``ph`` high standing at ``ay``: its plinth's half-width, half-depth and
    thickness, its body's width, and the body's bottom and top."""
    pw = 0.62 * ph
    return 0.5 * pw, 0.16 * pw, 0.09 * ph, 0.68 * pw, ay - 0.09 * ph, ay - 0.97 * ph


def _diamond(cx: float, cy: float, rx: float, ry: float) -> list[tuple[float, float]]:
    return [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)]


class FlatFrontArt(Art):
    """All cached images for one palette. Sizes are keys, so a resize simply draws new ones."""

    def __init__(self, palette: dict[str, Colour]) -> None:
        super().__init__(palette, ("blue", "red"))

    # --- tiles ----------------------------------------------------------------------------
    def tile(self, owner: int, squares: int, w: int, h: int) -> pygame.Surface:
        return self.cached(
            ("tile", owner, squares, w, h), lambda: self._draw_tile(owner, squares, w, h)
        )

    def _draw_tile(self, owner: int, squares: int, w: int, h: int) -> pygame.Surface:
        p = self.p
        colour = self.side(owner)

        def paint(s: pygame.Surface, k: float) -> None:
            W, H = s.get_size()
            radius = round(0.08 * H)
            body = pygame.Rect(0, 0, W, H)
            shape = rounded_mask((W, H), radius)
            paper = gradient((W, H), lighter(p["parchment"], 0.25), p["parchment"])
            s.blit(masked(shape, paper), (0, 0))
            band = max(2, round(0.075 * H))
            pygame.draw.rect(s, colour, body, band, border_radius=radius)
            inner = body.inflate(-2 * band, -2 * band)
            if owner == 0:
                # Blue: double rule (a thin line inside the band).
                rule = inner.inflate(-round(0.05 * H), -round(0.05 * H))
                pygame.draw.rect(
                    s, colour, rule, max(1, round(0.018 * H)), border_radius=radius // 2
                )
            else:
                # Red: hatched band, and a dashed inner rule.
                hatch = pygame.Surface((W, H), pygame.SRCALPHA)
                step, ink = max(3, round(0.07 * H)), (*lighter(colour, 0.35), 255)
                for x0 in range(-H, W + H, step):
                    pygame.draw.line(hatch, ink, (x0, H), (x0 + H, 0), max(1, step // 3))
                ring = pygame.Surface((W, H), pygame.SRCALPHA)
                pygame.draw.rect(ring, (255, 255, 255), body, band, border_radius=radius)
                s.blit(masked(ring, hatch), (0, 0))
                rule = inner.inflate(-round(0.05 * H), -round(0.05 * H))
                dashed_rect(s, colour, rule, max(1, round(0.018 * H)), round(0.06 * H))
            # Corner studs repeat the side's shape: circles for Blue, diamonds for Red.
            inset = band + round(0.085 * H)
            r = 0.035 * H
            for cx, cy in itertools.product((inset, W - inset), (inset, H - inset)):
                if owner == 0:
                    pygame.draw.circle(s, colour, (cx, cy), r)
                else:
                    pygame.draw.polygon(s, colour, _diamond(cx, cy, r * 1.3, r * 1.3))
            if squares:
                for dx, dy in square_offsets(squares, H):
                    self._printed_square(s, W / 2 + dx, H / 2 + dy, SQUARE_SIZE * H, colour)
            else:
                mark = lighter(colour, 0.55)
                mr = 0.17 * H
                width = max(1, round(0.03 * H))
                if owner == 0:
                    pygame.draw.circle(s, mark, (W / 2, H / 2), mr, width)
                else:
                    pygame.draw.polygon(
                        s, mark, _diamond(W / 2, H / 2, mr * 1.25, mr * 1.25), width
                    )

        return supersampled(w, h, paint)

    def _printed_square(
        self, s: pygame.Surface, cx: float, cy: float, size: float, colour: Colour
    ) -> None:
        """A square printed in the tile, sunk a little (a shade under its top edge)."""
        paper, r, lip = self.p["parchment"], round(size * 0.12), max(1, round(size * 0.07))
        rect = pygame.Rect(0, 0, round(size), round(size))
        rect.center = (round(cx), round(cy))
        pygame.draw.rect(s, darker(paper, 0.07), rect, border_radius=r)
        shade = pygame.Rect(rect.x, rect.y, rect.w, lip * 2)
        pygame.draw.rect(
            s, darker(paper, 0.16), shade, border_top_left_radius=r, border_top_right_radius=r
        )
        pygame.draw.rect(s, darker(colour, 0.15), rect, max(1, round(size * 0.09)), border_radius=r)

    def tile_back(self, w: int, h: int) -> pygame.Surface:
        return self.cached(("back", w, h), lambda: self._draw_back(w, h))

    def _draw_back(self, w: int, h: int) -> pygame.Surface:
        p, back = self.p, self.p["back"]

        def paint(s: pygame.Surface, k: float) -> None:
            W, H = s.get_size()
            radius = round(0.08 * H)
            body = pygame.Rect(0, 0, W, H)
            shape = rounded_mask((W, H), radius)
            s.blit(masked(shape, gradient((W, H), lighter(back, 0.12), darker(back, 0.12))), (0, 0))
            lattice = pygame.Surface((W, H), pygame.SRCALPHA)
            step, line, lw = max(4, round(0.16 * H)), (*lighter(back, 0.12), 255), round(0.012 * H)
            for x0 in range(-H, W + H, step):
                pygame.draw.line(lattice, line, (x0, 0), (x0 + H, H), max(1, lw))
                pygame.draw.line(lattice, line, (x0, H), (x0 + H, 0), max(1, lw))
            s.blit(masked(shape, lattice), (0, 0))
            gold, inset, lw = p["gold"], round(0.07 * H), max(1, round(0.025 * H))
            frame = body.inflate(-2 * inset, -2 * inset)
            pygame.draw.rect(s, gold, frame, max(1, round(0.02 * H)), border_radius=radius // 2)
            cx, cy = W / 2, H / 2
            pygame.draw.circle(s, back, (cx, cy), 0.24 * H)
            pygame.draw.circle(s, gold, (cx, cy), 0.24 * H, lw)
            pygame.draw.polygon(s, gold, _diamond(cx, cy, 0.15 * H, 0.15 * H), lw)
            pygame.draw.circle(s, gold, (cx, cy), 0.05 * H)
            pygame.draw.rect(
                s, darker(back, 0.4), body, max(1, round(0.015 * H)), border_radius=radius
            )

        return supersampled(w, h, paint)

    def tile_shadow(self, w: int, h: int) -> pygame.Surface:
        """A soft drop shadow the size of a tile plus its blur margin (centre it under the tile)."""

        def build() -> pygame.Surface:
            blur = max(2, round(h * 0.08))
            surf = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
            pygame.draw.rect(
                surf, (0, 0, 0, 120), (2 * blur, 2 * blur, w, h), border_radius=round(0.08 * h)
            )
            return pygame.transform.gaussian_blur(surf, blur)

        return self.cached(("tshadow", w, h), build)

    def cell_marker(self, w: int, h: int, colour: Colour) -> pygame.Surface:
        """An empty legal cell: a translucent inset with a dashed rim and a small plus."""

        def build() -> pygame.Surface:
            def paint(s: pygame.Surface, k: float) -> None:
                W, H = s.get_size()
                rect = pygame.Rect(0, 0, W, H).inflate(-round(0.06 * H), -round(0.06 * H))
                pygame.draw.rect(s, (*colour, 60), rect, border_radius=round(0.08 * H))
                rim, ink = rect.inflate(-round(0.02 * H), -round(0.02 * H)), (*colour, 220)
                dashed_rect(s, ink, rim, max(2, round(0.025 * H)), round(0.06 * H))
                arm, t = 0.09 * H, max(2, round(0.03 * H))
                pygame.draw.line(s, ink, (W / 2 - arm, H / 2), (W / 2 + arm, H / 2), t)
                pygame.draw.line(s, ink, (W / 2, H / 2 - arm), (W / 2, H / 2 + arm), t)

            return supersampled(w, h, paint)

        return self.cached(("cell", w, h, colour), build)

    def ghost(self, owner: int, squares: int, w: int, h: int, ok: bool) -> pygame.Surface:
        """The face-up tile under the cursor: tinted by legality, and crossed out when illegal."""

        def build() -> pygame.Surface:
            tint = self.p["legal" if ok else "illegal"]
            surf = self.tile(owner, squares, w, h).copy()
            wash = pygame.Surface((w, h), pygame.SRCALPHA)
            wash.fill((*tint, 60))
            surf.blit(masked(rounded_mask((w, h), round(0.08 * h)), wash), (0, 0))
            rim = max(2, round(0.045 * h))
            pygame.draw.rect(
                surf, (*lighter(tint, 0.2), 255), (0, 0, w, h), rim, border_radius=round(0.08 * h)
            )
            m, cross = 0.22 * h, (*darker(tint, 0.2), 255)
            for sign in () if ok else (1, -1):  # crossed out when illegal
                start, end = (w / 2 - m, h / 2 - sign * m), (w / 2 + m, h / 2 + sign * m)
                pygame.draw.line(surf, cross, start, end, max(3, round(0.06 * h)))
            surf.set_alpha(225)
            return surf

        return self.cached(("ghost", owner, squares, w, h, ok), build)

    # --- pieces ---------------------------------------------------------------------------
    def piece(
        self, owner: int, power: int, height: int, fallen: bool = False
    ) -> tuple[pygame.Surface, tuple[float, float]]:
        """A standing piece and the position of its base centre inside the surface.

        ``fallen`` gives the same figure washed out towards grey (a knocked-down piece); the
        board rotates it to lie flat.
        """
        ph = max(8, round(height * PIECE_SCALE[power]))
        key = ("piece", owner, power, ph, fallen)
        image = self.cached(key, lambda: self._draw_piece(owner, power, ph, fallen))
        return image, _piece_box(ph)[2]

    def _draw_piece(self, owner: int, power: int, ph: int, fallen: bool) -> pygame.Surface:
        w, h, anchor = _piece_box(ph)
        colour = self.side(owner)
        if fallen:
            colour = mix(colour, self.p["fallen"], 0.65)

        def paint(s: pygame.Surface, k: float) -> None:
            ax, ay, PH = anchor[0] * k, anchor[1] * k, ph * k
            _, _, _, body_w, body_bottom, top = _proportions(ay, PH)
            (self._rounded_body if owner == 0 else self._pointed_body)(s, colour, ax, ay, PH)
            if power == 4:
                band_y = body_bottom - 0.2 * PH
                band = pygame.Rect(0, 0, round(body_w), max(2, round(0.07 * PH)))
                band.center = (round(ax), round(band_y))
                gold = self.p["gold"] if not fallen else mix(self.p["gold"], self.p["fallen"], 0.6)
                pygame.draw.rect(s, gold, band)
                pygame.draw.rect(s, darker(gold, 0.3), band, max(1, round(0.012 * PH)))
            px = round(max(0.4 * PH, VALUE_MIN_PX * k))  # the value stays readable when small
            label = get_font(px, True).render(str(power), True, (255, 255, 255))
            shadow = get_font(px, True).render(str(power), True, darker(colour, 0.6))
            ny = body_bottom - (body_bottom - top) * (0.56 if owner == 0 else 0.5)
            s.blit(shadow, shadow.get_rect(center=(ax + 0.02 * PH, ny + 0.025 * PH)))
            s.blit(label, label.get_rect(center=(ax, ny)))

        return supersampled(w, h, paint)

    def _rounded_body(
        self, s: pygame.Surface, colour: Colour, ax: float, ay: float, ph: float
    ) -> None:
        """Blue: a cylinder pawn with a domed head on a round base."""
        rx, ry, t, bw, bottom, top = _proportions(ay, ph)
        outline = darker(colour, 0.45)
        lw = max(1, round(0.02 * (ay - top)))
        # base: a short cylinder
        pygame.draw.ellipse(s, darker(colour, 0.45), (ax - rx, ay - ry, 2 * rx, 2 * ry))
        pygame.draw.rect(s, darker(colour, 0.3), (ax - rx, ay - t, 2 * rx, t))
        pygame.draw.ellipse(s, lighter(colour, 0.08), (ax - rx, ay - t - ry, 2 * rx, 2 * ry))
        pygame.draw.ellipse(s, outline, (ax - rx, ay - t - ry, 2 * rx, 2 * ry), lw)
        # body: cylinder with a hemispherical top, shaded across its width
        W, H = s.get_size()
        shape = pygame.Surface((W, H), pygame.SRCALPHA)
        white = (255, 255, 255)
        r = bw / 2
        pygame.draw.rect(shape, white, (ax - r, top + r, bw, bottom - top - r))
        pygame.draw.circle(shape, white, (ax, top + r), r)
        pygame.draw.ellipse(shape, white, (ax - r, bottom - 0.3 * r, bw, 0.6 * r))
        shades = (-0.25, 0.3, 0.12, 0.0, -0.2, -0.4)  # a dark rim, a highlight, then falling off
        profile = [lighter(colour, k) if k >= 0 else darker(colour, -k) for k in shades]
        shade = pygame.Surface((W, H), pygame.SRCALPHA)
        band = _horizontal_profile((max(1, round(bw)), H), profile)
        shade.blit(band, (round(ax - r), 0))
        s.blit(masked(shape, shade), (0, 0))
        # outline of the silhouette
        pygame.draw.arc(s, outline, (ax - r, top, bw, bw), 0, math.pi, lw)
        pygame.draw.line(s, outline, (ax - r, top + r), (ax - r, bottom), lw)
        pygame.draw.line(s, outline, (ax + r, top + r), (ax + r, bottom), lw)
        pygame.draw.arc(
            s, outline, (ax - r, bottom - 0.3 * r, bw, 0.6 * r), math.pi, 2 * math.pi, lw
        )

    def _pointed_body(
        self, s: pygame.Surface, colour: Colour, ax: float, ay: float, ph: float
    ) -> None:
        """Red: a faceted, pointed prism on a diamond plinth."""
        rx, ry, t, bw, bottom, top = _proportions(ay, ph)
        outline = darker(colour, 0.5)
        lw = max(1, round(0.02 * (ay - top)))
        # plinth: a flattened diamond extruded downwards
        top_face = _diamond(ax, ay - t, rx, ry)
        left = [(ax - rx, ay - t), (ax, ay - t + ry), (ax, ay + ry), (ax - rx, ay)]
        right = [(ax + rx, ay - t), (ax, ay - t + ry), (ax, ay + ry), (ax + rx, ay)]
        pygame.draw.polygon(s, darker(colour, 0.3), left)
        pygame.draw.polygon(s, darker(colour, 0.5), right)
        pygame.draw.polygon(s, lighter(colour, 0.08), top_face)
        pygame.draw.polygon(s, outline, top_face, lw)
        # body: two facets meeting in a ridge, pointed at the top
        r = bw / 2
        shoulder = top + 0.75 * bw
        v = 0.28 * r
        left_face = [(ax - r, bottom), (ax - r, shoulder), (ax, top), (ax, bottom + v)]
        right_face = [(ax, bottom + v), (ax, top), (ax + r, shoulder), (ax + r, bottom)]
        pygame.draw.polygon(s, lighter(colour, 0.16), left_face)
        pygame.draw.polygon(s, darker(colour, 0.22), right_face)
        pygame.draw.line(s, lighter(colour, 0.45), (ax, top + lw), (ax, bottom + v - lw), lw)
        pygame.draw.polygon(s, outline, [*left_face[:3], *right_face[2:], (ax, bottom + v)], lw)

    def piece_pose(
        self, owner: int, power: int, height: int, fallen: bool, angle: float
    ) -> tuple[pygame.Surface, tuple[float, float]]:
        """A piece turned by ``angle`` degrees about its base, and where the base ends up.

        Lying poses (plus or minus 90 degrees) are cached; poses in between are drawn per frame.
        """
        image, anchor = self.piece(owner, power, height, fallen)
        key = ("pose", owner, power, height, fallen, angle)
        turn = partial(pygame.transform.rotate, image, angle)
        rotated = self.cached(key, turn) if abs(angle) == 90.0 else turn()
        vx, vy = anchor[0] - image.get_width() / 2, anchor[1] - image.get_height() / 2
        rx, ry = pygame.Vector2(vx, vy).rotate(-angle)  # rotate turns anticlockwise on screen
        return rotated, (rotated.get_width() / 2 + rx, rotated.get_height() / 2 + ry)

    def falling_piece(
        self, owner: int, power: int, height: int, fall: float, direction: int, tile_h: int
    ) -> list[tuple[pygame.Surface, tuple[float, float], tuple[float, float], int]]:
        """A piece ``fall`` (0..1) of the way to lying towards ``direction`` (+1 right): images
        with their anchors, offsets from the base and alphas, the upright one fading into the
        lying one. It turns about its base and slides so it comes to rest on its square,
        shrinking to the squares' spacing so three lying pieces stay apart, not a heap."""
        height = round(height + (min(height, SQUARE_SPACING * tile_h * 0.92) - height) * fall)
        angle = -90.0 * fall * direction
        offset = (-direction * fall * height * 0.42, fall * height * 0.06)
        poses = ((False, round(255 * (1 - fall))), (True, round(230 * fall)))
        return [
            (*self.piece_pose(owner, power, height, fallen, angle), offset, alpha)
            for fallen, alpha in poses
            if alpha > 0
        ]

    def supply_card(
        self,
        card: pygame.Surface,
        area: pygame.Rect,
        side: int,
        supply: Sequence[int],
        numbers: tuple[int, int],
        words: tuple[str, str, str],
        unit: float,
        icon_h: int,
    ) -> None:
        """A player's card body in ``area``: every piece (those in hand, ``supply`` of each
        power, in colour; placed ones as faint grey figures; eight 1s on the first row) and the
        score (tiles with standing pieces, then standing power: the winner rules, in order)."""
        p, fs = self.p, (lambda k: max(9, round(k * unit)))
        label = self.text(words[0], fs(1.35), p["text_dim"])
        card.blit(label, area.topleft)
        powers, have, step = sorted(SUPPLY), list(supply), area.w / SUPPLY[1]
        full = [power for power in powers for _ in range(SUPPLY[power])]
        h = round(min(icon_h, step * 2))
        x, y = area.x + step / 2, area.y + label.get_height() + round(0.4 * unit) + h
        for i, power in enumerate(full):
            if i == SUPPLY[1]:
                x, y = area.x + step / 2, y + round(h * 1.08)
            k = powers.index(power)
            present = have[k] > 0
            have[k] -= present
            image, anchor = self.piece(side, power, h, fallen=not present)
            blit_at(card, image, anchor, (x, y), 255 if present else 70)
            x += step * (1.0 if i < SUPPLY[1] else 1.25)
        x = area.x
        for value, word in zip(numbers, words[1:], strict=True):
            big = self.text(str(value), fs(3.4), p["text"], bold=True)
            small = self.text(word, fs(1.5), p["text_dim"])
            card.blit(big, big.get_rect(bottomleft=(x, area.bottom - round(0.3 * unit))))
            at = (x + big.get_width() + round(0.5 * unit), area.bottom - round(1.0 * unit))
            card.blit(small, small.get_rect(bottomleft=at))
            x = area.centerx

    def log_icons(self, phrases: Iterable[tuple[str, dict]], px: int) -> list[pygame.Surface]:
        """A turn's pictures for the move log, ``px`` high: the tile turned up (or placed) and
        the pieces set on it."""
        icons = []
        for key, args in phrases:
            if key == "turn_up":
                icons.append(self.tile(args["side"], args["squares"], round(px * 1.5), px))
            elif key == "pieces" and args["pieces"]:
                for power in str(args["pieces"]).split("+"):
                    icons.append(self.piece(args["side"], int(power), px)[0])
        return icons

    def piece_shadow(self, height: int) -> pygame.Surface:
        """A soft elliptical contact shadow (centre it a little right of a piece's base)."""

        def build() -> pygame.Surface:
            w, h = max(4, round(height * 0.62)), max(2, round(height * 0.2))
            blur = max(1, round(height * 0.04))
            surf = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
            pygame.draw.ellipse(surf, (0, 0, 0, 110), (2 * blur, 2 * blur, w, h))
            return pygame.transform.gaussian_blur(surf, blur)

        return self.cached(("pshadow", height), build)

    # --- icons and furniture --------------------------------------------------------------
    def side_icon(self, owner: int, size: int) -> pygame.Surface:
        """The side's emblem: a ringed disc for Blue, a ringed diamond for Red."""

        def paint(s: pygame.Surface, k: float) -> None:
            r, c = s.get_width() / 2, self.side(owner)
            if owner == 0:
                pygame.draw.circle(s, lighter(c, 0.6), (r, r), r)
                pygame.draw.circle(s, c, (r, r), 0.76 * r)
            else:
                pygame.draw.polygon(s, lighter(c, 0.6), _diamond(r, r, r, r))
                pygame.draw.polygon(s, c, _diamond(r, r, 0.66 * r, 0.66 * r))

        return self.cached(("icon", owner, size), lambda: supersampled(size, size, paint))

    def crosshair(self, size: int, colour: Colour) -> pygame.Surface:
        """A target mark for attackable tiles: a ring with four ticks on a dark disc."""

        def paint(s: pygame.Surface, k: float) -> None:
            W = s.get_width()
            c, r = W / 2, W / 2
            pygame.draw.circle(s, (*darker(colour, 0.75), 230), (c, c), r)
            width = max(2, round(0.09 * W))
            pygame.draw.circle(s, colour, (c, c), 0.62 * r, width)
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):  # the ticks
                start, end = (
                    (c + dx * 0.3 * r, c + dy * 0.3 * r),
                    (c + dx * 0.88 * r, c + dy * 0.88 * r),
                )
                pygame.draw.line(s, colour, start, end, width)
            pygame.draw.circle(s, colour, (c, c), 0.1 * r)

        return self.cached(("crosshair", size, colour), lambda: supersampled(size, size, paint))

    def strike(self, surface: pygame.Surface, rect: pygame.Rect, k: float) -> None:
        """The hit on an attacked tile at progress ``k``: a flash, a burst of rays, a ring."""
        p = self.p
        light = (255, 248, 230)
        flash = self.panel(rect.w, rect.h, (*light, 255), light, round(rect.h * 0.08))
        blit_center(surface, flash, rect.center, round(160 * (1 - k)))
        cx, cy = rect.center
        colour = lighter(p["target"], 0.35)
        width = max(1, round(rect.h * 0.07 * (1 - k)))
        r0, r1 = rect.h * (0.12 + 0.5 * k), rect.h * (0.3 + 0.8 * k)
        for i in range(10):
            a = math.radians(i * 36 + 9)
            start, end = (
                (cx + r0 * math.cos(a), cy + r0 * math.sin(a)),
                (cx + r1 * math.cos(a), cy + r1 * math.sin(a)),
            )
            pygame.draw.line(surface, colour, start, end, width)
        ring = max(1, round(rect.h * 0.06 * (1 - k)))
        pygame.draw.circle(surface, p["target"], (cx, cy), rect.h * (0.25 + 0.55 * k), ring)

    def background(self, size: tuple[int, int], mat: pygame.Rect) -> pygame.Surface:
        """The kit's table with the play mat already laid on it (one blit per frame)."""
        return self.cached(
            ("background", size, tuple(mat)), lambda: table.picture(size, self.p, mat)
        )


# --- the game's emblem ---------------------------------------------------------------------
# The emblem's two sides.
