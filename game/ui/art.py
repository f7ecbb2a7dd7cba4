"""Procedural decoration: backdrops, panels with soft shadows, the busy spinner, the logo.

Everything is drawn with pygame primitives (no image files, nothing copyrighted) and cached by
size (in the bounded store of :mod:`game.ui.cache`), because gradients and blurred shadows are
too slow to redraw every frame.
"""

from __future__ import annotations

import math

import pygame

from game.engines import GAMES
from game.ui import theme
from game.ui.cache import cached_surfaces
from game.ui.text import render


@cached_surfaces
def backdrop(size: tuple[int, int], tint: theme.Colour = theme.GOLD) -> pygame.Surface:
    """A dark table-top: vertical gradient, a faint diagonal weave, a warm glow, a vignette."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        k = y / max(1, h - 1)
        surf.fill(theme.mix(theme.BG_TOP, theme.BG_BOTTOM, k**0.8), (0, y, w, 1))
    weave = pygame.Surface(size, pygame.SRCALPHA)
    step = max(14, w // 70)
    for x in range(-h, w, step):
        pygame.draw.line(weave, (255, 255, 255, 7), (x, 0), (x + h, h))
        pygame.draw.line(weave, (0, 0, 0, 14), (x + step // 2, h), (x + step // 2 + h, 0))
    surf.blit(weave, (0, 0))
    surf.blit(_radial((w, h), tint, 38, centre=(0.5, 0.18), reach=0.75), (0, 0))
    surf.blit(
        _radial((w, h), theme.SHADOW, 150, centre=(0.5, 0.5), reach=0.9, inverse=True), (0, 0)
    )
    return surf


def _radial(
    size: tuple[int, int],
    colour: theme.Colour,
    alpha: int,
    centre: tuple[float, float],
    reach: float,
    inverse: bool = False,
) -> pygame.Surface:
    """A soft radial glow (or vignette when ``inverse``), computed small and smoothly scaled."""
    sw, sh = 48, 30
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    cx, cy = centre
    for y in range(sh):
        for x in range(sw):
            d = math.hypot((x + 0.5) / sw - cx, ((y + 0.5) / sh - cy) * sh / sw) / reach
            k = min(1.0, d) if inverse else max(0.0, 1.0 - d)
            small.set_at((x, y), (*colour, round(alpha * k * k)))
    return pygame.transform.smoothscale(small, size)


@cached_surfaces
def _panel_surface(
    size: tuple[int, int], radius: int, fill: tuple, edge: tuple | None, shadow: int
) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w + 2 * shadow, h + 2 * shadow), pygame.SRCALPHA)
    if shadow:
        for i in range(shadow, 0, -2):
            a = round(60 * (1 - i / shadow) ** 2) + 4
            r = pygame.Rect(shadow - i, shadow - i + shadow // 3, w + 2 * i, h + 2 * i)
            pygame.draw.rect(surf, (0, 0, 0, a), r, border_radius=radius + i)
    body = pygame.Rect(shadow, shadow, w, h)
    pygame.draw.rect(surf, fill, body, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, body, width=1, border_radius=radius)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple = (*theme.PANEL, 236),
    edge: tuple | None = theme.PANEL_EDGE,
    radius: int = 12,
    shadow: int = 0,
) -> None:
    """A rounded (optionally translucent) panel with an optional soft drop shadow."""
    if rect.width <= 0 or rect.height <= 0:
        return
    surf = _panel_surface(rect.size, radius, tuple(fill), edge and tuple(edge), shadow)
    surface.blit(surf, (rect.x - shadow, rect.y - shadow))


@cached_surfaces
def fade(size: tuple[int, int], colour: theme.Colour, downwards: bool) -> pygame.Surface:
    """A strip going from ``colour`` to transparent, to soften text scrolling under an edge."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        k = 1 - y / max(1, h - 1)
        surf.fill((*colour, round(255 * k * k)), (0, y if downwards else h - 1 - y, w, 1))
    return surf


def scrim(size: tuple[int, int], alpha: int = 170) -> pygame.Surface:
    """The veil behind a dialog, ``alpha`` opaque (one surface per size: a fading dialog changes
    only its alpha)."""
    surf = _veil(size)
    surf.set_alpha(alpha)
    return surf


@cached_surfaces
def _veil(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    surf.fill(theme.SCRIM)
    return surf


def spinner(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    t: float,
    colour: theme.Colour = theme.GOLD,
) -> None:
    """Eight dots chasing round a circle; ``t`` is the time in seconds."""
    for i in range(8):
        a = (i / 8 - t * 1.2) * 2 * math.pi
        k = (i / 8 + t * 1.2) % 1.0
        x = centre[0] + math.cos(a) * radius
        y = centre[1] + math.sin(a) * radius
        dot = max(1, round(radius * (0.12 + 0.16 * k)))
        pygame.draw.circle(
            surface, theme.mix(theme.PANEL_EDGE, colour, k), (round(x), round(y)), dot
        )


def logo(surface: pygame.Surface, midtop: tuple[int, int], px: int, subtitle: str) -> pygame.Rect:
    """The "FIVE FRONTS" word mark with a coloured bar per game and a subtitle; returns its
    bounds."""
    title = render("FIVE FRONTS", px, theme.TEXT, bold=True)
    shadow = render("FIVE FRONTS", px, theme.SHADOW, bold=True)
    rect = title.get_rect(midtop=midtop)
    offset = max(2, px // 24)
    surface.blit(shadow, rect.move(offset, offset))
    surface.blit(title, rect)
    bar_w, bar_h = max(10, px // 2), max(3, px // 12)
    gap = bar_w // 3
    total = len(GAMES) * (bar_w + gap) - gap
    x = rect.centerx - total // 2
    y = rect.bottom + px // 10
    for colour in map(theme.accent, GAMES):
        pygame.draw.rect(surface, colour, (x, y, bar_w, bar_h), border_radius=bar_h // 2)
        x += bar_w + gap
    sub = render(subtitle, max(12, px * 2 // 5), theme.TEXT_DIM)
    sub_rect = sub.get_rect(midtop=(rect.centerx, y + bar_h + px // 6))
    surface.blit(sub, sub_rect)
    return rect.union(sub_rect)
