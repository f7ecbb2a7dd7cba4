"""The table every board lies on: a wooden top with a felt cloth laid on it, in one picture.

Colours come from the board's palette: ``table`` and ``table_grain`` (the wood), ``bg`` (the
shade in the table's corners) and ``felt`` (the cloth). The textures (grain, specks, shading)
are size-free: drawn once per colour, then scaled or tiled to any size, because drawing them per
size cost about half a second on every step of a window resize. A board caches the finished
picture per size (``Art.cached``) and draws only what is its own on top.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui.draw import Colour, darker, dashed_rect, gradient, lighter, masked, mix, rounded_mask


def picture(
    size: tuple[int, int],
    palette: dict[str, Colour],
    felt: pygame.Rect,
    markings: Callable[[pygame.Surface], None] | None = None,
    stitched: bool = True,
    rim: Colour | None = None,
    corners: int = 255,
) -> pygame.Surface:
    """The wood of ``size`` with the cloth at ``felt`` casting a soft shadow on it; ``markings``
    paints what is printed on the cloth (in cloth coordinates, under its shading), ``stitched``
    sews a dashed seam inside its border, ``rim`` edges it with a fine line; ``corners`` is how
    dark the wood's corners grow (the opacity of the shade there)."""
    surf = wood(size, palette, corners)
    radius = felt_radius(felt.size)
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(10, 0, -2):
        pygame.draw.rect(
            shadow, (0, 0, 0, 16), felt.inflate(i, i).move(0, 3), border_radius=radius + i
        )
    surf.blit(shadow, (0, 0))
    surf.blit(cloth(felt.size, palette["felt"], markings, stitched), felt.topleft)
    if rim is not None:
        pygame.draw.rect(surf, rim, felt, max(1, felt.h // 300), border_radius=radius)
    return surf


def felt_radius(size: tuple[int, int]) -> int:
    """The corner radius of a cloth of ``size``."""
    return max(6, round(min(size) * 0.03))


def wood(size: tuple[int, int], palette: dict[str, Colour], corners: int = 255) -> pygame.Surface:
    """Walnut with a faint wavy grain, shaded towards the corners."""
    surf = pygame.transform.smoothscale(_grain(palette["table"], palette["table_grain"]), size)
    surf.blit(pygame.transform.smoothscale(_vignette(palette["bg"], corners, 0.45), size), (0, 0))
    return surf


def cloth(
    size: tuple[int, int],
    colour: Colour,
    markings: Callable[[pygame.Surface], None] | None = None,
    stitched: bool = True,
) -> pygame.Surface:
    """The felt: lit from above, speckled, ``markings`` printed on it, darker towards its edges
    (a soft vignette and an inner shadow), with rounded corners and an optional seam."""
    w, h = size
    radius = felt_radius(size)
    surf = gradient(size, lighter(colour, 0.05), darker(colour, 0.12))
    specks = _specks(colour)
    for y in range(0, h, specks.get_height()):
        for x in range(0, w, specks.get_width()):
            surf.blit(specks, (x, y))
    if markings is not None:
        markings(surf)
    surf.blit(pygame.transform.smoothscale(_vignette((0, 0, 0), 90, 0.6), size), (0, 0))
    edge = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(12):
        rect = edge.get_rect().inflate(-2 * i, -2 * i)
        pygame.draw.rect(edge, (0, 0, 0, 60 - i * 5), rect, 2, border_radius=max(0, radius - i))
    surf.blit(edge, (0, 0))
    if stitched:
        inset = round(min(w, h) * 0.02)
        seam = surf.get_rect().inflate(-2 * inset, -2 * inset)
        dashed_rect(surf, lighter(colour, 0.22), seam, 1, 5)
    return masked(rounded_mask(size, radius), surf)


@lru_cache(maxsize=4)
def _grain(table: Colour, grain: Colour) -> pygame.Surface:
    """Wood grain at a quarter of 1280 x 800 (smoothscaled up, it reads as soft grain)."""
    rng = random.Random(7)
    small = pygame.Surface((320, 200))
    small.fill(table)
    sw, sh = small.get_size()
    for _ in range(sh * 2):
        y = rng.uniform(0, sh)
        c = mix(table, grain, rng.uniform(0.2, 1.0))
        pts = [
            (x, y + 1.5 * math.sin(x / rng.uniform(12, 30) + rng.uniform(0, 6)))
            for x in range(0, sw + 8, 8)
        ]
        pygame.draw.lines(small, c, False, pts, 1)
    return small


@lru_cache(maxsize=8)
def _vignette(colour: Colour, alpha: int, clear: float) -> pygame.Surface:
    """``colour`` fading in from ``clear`` (a fraction of the half-diagonal) to ``alpha`` at the
    corners, small: it is scaled up smoothly."""
    vignette = pygame.Surface((32, 20), pygame.SRCALPHA)
    for y in range(20):
        for x in range(32):
            d = math.hypot((x - 15.5) / 16, (y - 9.5) / 10)
            k = min(1.0, max(0.0, d - clear) * 1.6)
            vignette.set_at((x, y), (*colour, round(k * alpha)))
    return vignette


@lru_cache(maxsize=4)
def _specks(colour: Colour) -> pygame.Surface:
    """A 256 px square of felt specks (one pixel in sixty), tiled over the cloth."""
    rng = random.Random(11)
    speck = pygame.Surface((256, 256), pygame.SRCALPHA)
    for _ in range(256 * 256 // 60):
        x, y = rng.randrange(256), rng.randrange(256)
        c = lighter(colour, 0.08) if rng.random() < 0.5 else darker(colour, 0.08)
        speck.set_at((x, y), (*c, 255))
    return speck
