"""Frontline's emblems: the armies' marks (the US star, the German cross) and the type and crew
badges, whose shapes and silhouettes name what they stand for without colour."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.boards.frontline.palette import cached, colour_of, palette_key
from game.engines.frontline.cards import (
    AIRCRAFT,
    ARTILLERY_CREW,
    CREW,
    FIELD_GUN,
    INFANTRY,
    TANK,
    TANK_CREW,
    VEHICLE,
)
from game.ui.draw import Colour, darker, lighter, supersampled

# Tints of the type badges (the silhouette and the badge shape carry the type, the tint helps).
TYPE_TINT: dict[int, Colour] = {
    TANK: (120, 128, 84),
    VEHICLE: (138, 120, 80),
    FIELD_GUN: (150, 104, 70),
    INFANTRY: (98, 126, 96),
    AIRCRAFT: (96, 120, 150),
    CREW: (128, 116, 104),
}


def _star(centre: tuple[float, float], r: float, inner: float = 0.4) -> list[tuple[float, float]]:
    return [
        (
            centre[0] + (r if i % 2 == 0 else r * inner) * math.sin(math.pi * i / 5),
            centre[1] - (r if i % 2 == 0 else r * inner) * math.cos(math.pi * i / 5),
        )
        for i in range(10)
    ]


def army_mark(side: int, size: int, palette: dict[str, Colour]) -> pygame.Surface:
    """The army's mark: a white star in a circle (US), a cross with a white border (Germany)."""
    size = max(6, int(size))

    def build() -> pygame.Surface:
        def paint(s: pygame.Surface, k: float) -> None:
            n = s.get_width()
            c = (n / 2, n / 2)
            white = (244, 240, 228)
            if side == 0:
                pygame.draw.circle(s, darker(colour_of(palette, "us"), 0.45), c, n * 0.48)
                pygame.draw.polygon(s, white, _star(c, n * 0.42))
            else:
                arm, bar = n * 0.46, n * 0.13
                for w, colour in ((bar + n * 0.09, white), (bar, (24, 24, 24))):
                    pygame.draw.rect(s, colour, pygame.Rect(c[0] - w, c[1] - arm, 2 * w, 2 * arm))
                    pygame.draw.rect(s, colour, pygame.Rect(c[0] - arm, c[1] - w, 2 * arm, 2 * w))
                pygame.draw.rect(
                    s,
                    (24, 24, 24),
                    pygame.Rect(c[0] - bar, c[1] - arm + n * 0.05, 2 * bar, 2 * arm - n * 0.1),
                )

        return supersampled(size, size, paint)

    return cached(("mark", side, size, palette_key(palette)), build)


def _badge_shape(s: pygame.Surface, kind: int, fill: Colour, edge: Colour, k: float) -> None:
    """The badge behind a type silhouette: its shape names the type as well as the tint."""
    n = s.get_width()
    r = s.get_rect().inflate(-2 * k, -2 * k)
    line = max(1, round(1.2 * k))
    if kind == TANK:
        pygame.draw.rect(s, fill, r, border_radius=round(n * 0.14))
        pygame.draw.rect(s, edge, r, line, border_radius=round(n * 0.14))
    elif kind == VEHICLE:
        pts = [
            (
                r.centerx + r.w / 2 * math.cos(math.radians(60 * i)),
                r.centery + r.h / 2 * math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        ]
        pygame.draw.polygon(s, fill, pts)
        pygame.draw.polygon(s, edge, pts, line)
    elif kind == FIELD_GUN:
        pts = [
            (r.left, r.top + r.h * 0.3),
            (r.centerx, r.top),
            (r.right, r.top + r.h * 0.3),
            (r.right, r.bottom),
            (r.left, r.bottom),
        ]
        pygame.draw.polygon(s, fill, pts)
        pygame.draw.polygon(s, edge, pts, line)
    elif kind == AIRCRAFT:
        pts = [(r.centerx, r.top), (r.right, r.centery), (r.centerx, r.bottom), (r.left, r.centery)]
        pygame.draw.polygon(s, fill, pts)
        pygame.draw.polygon(s, edge, pts, line)
    else:  # infantry and crews: round
        pygame.draw.ellipse(s, fill, r)
        pygame.draw.ellipse(s, edge, r, line)


def silhouette(s: pygame.Surface, kind: int, ink: Colour, box: pygame.Rect) -> None:
    """A side view of the type (a plane seen from above) inside ``box``."""
    x, y, w, h = box.x, box.y, box.w, box.h

    def p(fx: float, fy: float) -> tuple[float, float]:
        return (x + fx * w, y + fy * h)

    def rect(fx: float, fy: float, fw: float, fh: float) -> pygame.Rect:
        return pygame.Rect(round(x + fx * w), round(y + fy * h), round(fw * w), round(fh * h))

    thick = max(1, round(w * 0.07))
    if kind == TANK:
        pygame.draw.rect(s, ink, rect(0.08, 0.58, 0.84, 0.22), border_radius=round(h * 0.11))
        pygame.draw.polygon(s, ink, [p(0.14, 0.6), p(0.22, 0.42), p(0.8, 0.42), p(0.88, 0.6)])
        pygame.draw.rect(s, ink, rect(0.3, 0.27, 0.34, 0.17), border_radius=round(h * 0.05))
        pygame.draw.line(s, ink, p(0.6, 0.34), p(0.98, 0.32), thick)
    elif kind == VEHICLE:
        pygame.draw.polygon(
            s,
            ink,
            [p(0.06, 0.62), p(0.1, 0.36), p(0.66, 0.36), p(0.8, 0.48), p(0.94, 0.5), p(0.94, 0.64)],
        )
        pygame.draw.circle(s, ink, p(0.8, 0.72), w * 0.1)
        pygame.draw.rect(s, ink, rect(0.06, 0.64, 0.5, 0.16), border_radius=round(h * 0.08))
    elif kind == FIELD_GUN:
        pygame.draw.line(s, ink, p(0.42, 0.52), p(0.96, 0.24), thick + 1)
        pygame.draw.polygon(s, ink, [p(0.34, 0.34), p(0.5, 0.3), p(0.54, 0.62), p(0.38, 0.64)])
        pygame.draw.line(s, ink, p(0.44, 0.6), p(0.04, 0.84), thick)
        pygame.draw.circle(s, ink, p(0.5, 0.7), w * 0.15, max(1, thick))
    elif kind == INFANTRY:
        pygame.draw.circle(s, ink, p(0.5, 0.22), w * 0.11)
        pygame.draw.ellipse(s, ink, rect(0.34, 0.1, 0.32, 0.12))  # helmet brim
        pygame.draw.polygon(s, ink, [p(0.36, 0.36), p(0.64, 0.36), p(0.6, 0.66), p(0.4, 0.66)])
        pygame.draw.line(s, ink, p(0.44, 0.64), p(0.36, 0.92), thick)
        pygame.draw.line(s, ink, p(0.56, 0.64), p(0.64, 0.92), thick)
        pygame.draw.line(s, ink, p(0.2, 0.7), p(0.84, 0.16), max(1, thick - 1))  # rifle
    elif kind == AIRCRAFT:
        pygame.draw.ellipse(s, ink, rect(0.44, 0.06, 0.12, 0.86))
        pygame.draw.polygon(s, ink, [p(0.04, 0.42), p(0.96, 0.42), p(0.92, 0.54), p(0.08, 0.54)])
        pygame.draw.polygon(s, ink, [p(0.3, 0.82), p(0.7, 0.82), p(0.66, 0.9), p(0.34, 0.9)])
    else:  # a crew: head and shoulders
        pygame.draw.circle(s, ink, p(0.5, 0.32), w * 0.16)
        pygame.draw.ellipse(s, ink, rect(0.18, 0.52, 0.64, 0.5))


def crew_emblem(s: pygame.Surface, crew_kind: int, ink: Colour, box: pygame.Rect) -> None:
    """The crew kind's small emblem: tracks (tank crew), a wheel (artillery), wings (pilot)."""
    x, y, w, h = box.x, box.y, box.w, box.h
    if crew_kind == TANK_CREW:
        track = pygame.Rect(
            round(x + 0.12 * w), round(y + 0.36 * h), round(0.76 * w), round(0.3 * h)
        )
        pygame.draw.rect(s, ink, track, max(1, round(w * 0.08)), border_radius=track.h // 2)
        for i in range(3):
            pygame.draw.circle(s, ink, (x + (0.3 + 0.2 * i) * w, track.centery), w * 0.06)
    elif crew_kind == ARTILLERY_CREW:
        c = (x + w / 2, y + h / 2)
        pygame.draw.circle(s, ink, c, w * 0.36, max(1, round(w * 0.08)))
        for i in range(6):
            a = math.radians(60 * i)
            pygame.draw.line(
                s,
                ink,
                c,
                (c[0] + 0.36 * w * math.cos(a), c[1] + 0.36 * w * math.sin(a)),
                max(1, round(w * 0.05)),
            )
    else:
        c = (x + w / 2, y + h / 2)
        pygame.draw.circle(s, ink, c, w * 0.12)
        for sign in (-1, 1):
            pygame.draw.polygon(
                s,
                ink,
                [
                    (c[0], c[1] - h * 0.08),
                    (c[0] + sign * w * 0.46, c[1] - h * 0.2),
                    (c[0] + sign * w * 0.4, c[1] + h * 0.06),
                    (c[0], c[1] + h * 0.08),
                ],
            )


def _badge(key: tuple, size: int, paint: Callable[[pygame.Surface, float], None]) -> pygame.Surface:
    """A badge ``size`` pixels square painted supersampled by ``paint``, cached under ``key``."""
    size = max(8, int(size))
    return cached((*key, size), lambda: supersampled(size, size, paint))


def type_icon(unit_type: int, size: int, palette: dict[str, Colour]) -> pygame.Surface:
    """The type badge: a silhouette in a badge whose shape and tint name the type."""
    tint = TYPE_TINT[unit_type]

    def paint(s: pygame.Surface, k: float) -> None:
        _badge_shape(s, unit_type, lighter(tint, 0.55), darker(tint, 0.5), k)
        inner = s.get_rect().inflate(-s.get_width() * 0.36, -s.get_height() * 0.36)
        silhouette(s, unit_type, darker(tint, 0.6), inner)

    return _badge(("type", unit_type, palette_key(palette)), size, paint)


def crew_icon(crew_kind: int, size: int, palette: dict[str, Colour]) -> pygame.Surface:
    """The crew badge: head and shoulders over the kind's emblem, in a round badge."""
    tint = TYPE_TINT[CREW]

    def paint(s: pygame.Surface, k: float) -> None:
        _badge_shape(s, CREW, lighter(tint, 0.6), darker(tint, 0.5), k)
        n, ink = s.get_width(), darker(tint, 0.6)
        silhouette(s, CREW, ink, pygame.Rect(n * 0.26, n * 0.1, n * 0.48, n * 0.5))
        crew_emblem(s, crew_kind, ink, pygame.Rect(n * 0.22, n * 0.56, n * 0.56, n * 0.34))

    return _badge(("crew", crew_kind, palette_key(palette)), size, paint)
