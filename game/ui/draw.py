"""Colour maths and the drawing primitives every board shares.

One place for what each board used to write again: mixing colours, blitting centred or in a row,
the breathing pulse of things waiting for a click, supersampled shapes, gradients, dashed frames,
glowing rings, rounded panels, and a cache for images drawn once per size.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Container, Hashable, Iterable
from typing import TypeVar

import pygame

from game.ui.cache import SurfaceCache
from game.ui.text import ellipsized, fit_px, render

# The smallest text a player must read, at the smallest window (800x540): every board keeps to it
# (tests/test_board_contract.py); a label that does not fit at this size is cut with "…".
MIN_READABLE_PX = 9

Colour = tuple[int, int, int]
K = TypeVar("K", bound=Hashable)
SS = 3  # supersampling factor for anti-aliased shapes


# --- colour maths -------------------------------------------------------------------------------
def mix(a: Colour, b: Colour, k: float) -> Colour:
    """``a`` moved a fraction ``k`` (0..1) of the way towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k),
            round(a[2] + (b[2] - a[2]) * k))  # fmt: skip


def lighter(c: Colour, k: float) -> Colour:
    return mix(c, (255, 255, 255), k)


def darker(c: Colour, k: float) -> Colour:
    return mix(c, (0, 0, 0), k)


def pulse(clock: float, speed: float = 3.0, low: float = 0.0, high: float = 1.0) -> float:
    """A value breathing between ``low`` and ``high`` with the clock: the glow of things that
    wait for a click. Every board uses this one formula so that all glows breathe alike."""
    return low + (high - low) * (0.5 + 0.5 * math.sin(clock * speed))


# --- blitting -----------------------------------------------------------------------------------
def approach(
    levels: dict[K, float], keys: Iterable[K], raised: Container[object], rate: float, dt: float
) -> dict[K, float]:
    """Each of ``keys`` eased towards 1 when ``raised`` (hovered, chosen), else towards 0, at
    ``rate`` per second whatever the frame rate; other keys are dropped. A hand's hover lift."""
    k = 1 - math.exp(-rate * dt)
    return {key: levels.get(key, 0.0) * (1 - k) + k * (key in raised) for key in keys}


def blit_center(
    surface: pygame.Surface,
    image: pygame.Surface,
    center: tuple[float, float],
    alpha: int | None = None,
) -> pygame.Rect:
    """Blit ``image`` centred on a point, optionally at a surface alpha (restored afterwards)."""
    if alpha is not None and alpha < 255:
        image.set_alpha(max(0, alpha))
        rect = surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))
        image.set_alpha(255)
        return rect
    return surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


def blit_at(
    surface: pygame.Surface,
    image: pygame.Surface,
    anchor: tuple[float, float],
    point: tuple[float, float],
    alpha: int | None = None,
) -> pygame.Rect:
    """Blit ``image`` with its own point ``anchor`` (a piece's base, a corner) on ``point``,
    optionally at a surface alpha (restored afterwards): pictures that stand on a spot, where
    ``blit_center`` would need each caller to work the offset out again."""
    topleft = (round(point[0] - anchor[0]), round(point[1] - anchor[1]))
    if alpha is None or alpha >= 255:
        return surface.blit(image, topleft)
    image.set_alpha(max(0, alpha))
    rect = surface.blit(image, topleft)
    image.set_alpha(255)
    return rect


def row_width(images: list[pygame.Surface], gap: int) -> int:
    return sum(i.get_width() for i in images) + gap * (len(images) - 1)


def blit_row(
    surface: pygame.Surface, images: list[pygame.Surface], midleft: tuple[int, int], gap: int
) -> int:
    """Blit images left to right, vertically centred on ``midleft``; returns the end x."""
    x, y = midleft
    for image in images:
        surface.blit(image, image.get_rect(midleft=(x, y)))
        x += image.get_width() + gap
    return x - gap


# --- shapes -------------------------------------------------------------------------------------
def supersampled(w: int, h: int, paint: Callable[[pygame.Surface, float], None]) -> pygame.Surface:
    """``paint(surface, scale)`` at ``SS`` times the size, smoothly scaled down (smooth edges)."""
    big = pygame.Surface((max(1, w * SS), max(1, h * SS)), pygame.SRCALPHA)
    paint(big, SS)
    return pygame.transform.smoothscale(big, (max(1, w), max(1, h)))


def masked(shape: pygame.Surface, fill: pygame.Surface) -> pygame.Surface:
    """``fill`` cut to the opaque pixels of ``shape`` (white-on-transparent)."""
    out = shape.copy()
    out.blit(fill, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    shape = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shape, (255, 255, 255), shape.get_rect(), border_radius=radius)
    return shape


def gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    """A vertical gradient from ``top`` to ``bottom``."""
    col = pygame.Surface((1, 64), pygame.SRCALPHA)
    for y in range(64):
        col.set_at((0, y), (*mix(top, bottom, y / 63), 255))
    return pygame.transform.smoothscale(col, size)


def dashed_rect(
    surface: pygame.Surface, colour: tuple[int, ...], rect: pygame.Rect, width: int, dash: int
) -> None:
    """A rectangle outlined in dashes of about ``dash`` pixels."""
    corners = (rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft)
    for (x0, y0), (x1, y1) in itertools.pairwise(corners):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) // (dash * 2)))
        for i in range(n):
            a, b = (i * 2 + 0.5) / (n * 2), (i * 2 + 1.5) / (n * 2)
            start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
            pygame.draw.line(
                surface, colour, start, (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width
            )


class Art:
    """Images drawn once per key (sizes are part of every key), kept in the bounded store.

    A board's art class subclasses this; it gives the common pictures (glowing ring, panel, text)
    so each game only draws what is its own.
    """

    def __init__(self, palette: dict[str, Colour], seat_roles: tuple[str, ...] = ()) -> None:
        self.p = palette
        self.seat_roles = seat_roles
        self._cache = SurfaceCache()

    def clear(self) -> None:
        self._cache.clear()

    def cached(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        return self._cache.get(key, build)

    def side(self, seat: int) -> Colour:
        """The seat's colour (the palette entry its seat role names)."""
        return self.p[self.seat_roles[seat]]

    @staticmethod
    def text(
        s: str, size: int, colour: Colour, bold: bool = False, symbol: bool = False
    ) -> pygame.Surface:
        """Rendered text from the app's shared cache (symbols inside a sentence included)."""
        return render(s, size, colour, bold, symbol)

    def fitted(
        self, s: str, size: int, colour: Colour, width: int, bold: bool = False
    ) -> pygame.Surface:
        """Text shrunk (down to ``MIN_READABLE_PX``) until it fits ``width``, and cut with "…"
        where even that is too wide."""
        px = max(MIN_READABLE_PX, fit_px(s, size, width, bold, min_px=MIN_READABLE_PX))
        return self.text(ellipsized(s, px, max(1, width), bold), px, colour, bold)

    def glow(self, w: int, h: int, colour: Colour, thick: int, radius: int = -1) -> pygame.Surface:
        """A glowing rounded ring around a ``w`` x ``h`` thing (blit it centred on the thing)."""
        radius = round(0.1 * min(w, h)) if radius < 0 else radius

        def build() -> pygame.Surface:
            blur = max(2, thick)
            pad = thick + 2 * blur
            surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            rect = pygame.Rect(pad - thick, pad - thick, w + 2 * thick, h + 2 * thick)
            pygame.draw.rect(surf, (*colour, 255), rect, thick + blur // 2, radius + thick)
            ring = pygame.transform.gaussian_blur(surf, blur)
            pygame.draw.rect(ring, (*lighter(colour, 0.3), 255), rect, max(2, thick // 2),
                             radius + thick)  # fmt: skip
            return ring

        return self.cached(("glow", w, h, colour, thick, radius), build)

    def ring(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        colour: Colour,
        thick: int,
        alpha: int | None = None,
    ) -> None:
        """A glowing ring round ``rect`` drawn on ``surface``, at ``alpha`` (a breathing glow)."""
        blit_center(surface, self.glow(rect.w, rect.h, colour, thick), rect.center, alpha)

    def veil(
        self, surface: pygame.Surface, center: tuple[float, float], size: tuple[int, int],
        fill: tuple, radius: int, angle: float = 0.0,
    ) -> None:  # fmt: skip
        """A translucent rounded ``fill`` over a thing (greyed out, out of play), turned by
        ``angle`` as the thing is."""
        veil = self.panel(*size, fill, None, radius)
        blit_center(surface, pygame.transform.rotate(veil, angle) if angle else veil, center)

    def badge(
        self, surface: pygame.Surface, text: str, center: tuple[float, float], size: int
    ) -> None:
        """A gold pill with a number (how many cards or tiles a pile holds)."""
        p = self.p
        img = self.text(text, size, p["panel"], bold=True)
        r = max(img.get_height() * 0.62, img.get_width() * 0.5 + 4)
        rect = pygame.Rect(0, 0, round(max(2 * r, img.get_width() + 12)), round(2 * r * 0.9))
        rect.center = (round(center[0]), round(center[1]))
        pygame.draw.rect(surface, p["gold"], rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, darker(p["gold"], 0.4), rect, 2, border_radius=rect.h // 2)
        surface.blit(img, img.get_rect(center=rect.center))

    def panel(
        self, w: int, h: int, fill: tuple, edge: Colour | None, radius: int
    ) -> pygame.Surface:
        """A (translucent) rounded card with a hairline edge, smooth-edged."""

        def build() -> pygame.Surface:
            def paint(s: pygame.Surface, k: float) -> None:
                rr = round(radius * k)
                pygame.draw.rect(s, fill, s.get_rect(), border_radius=rr)
                if edge is not None:
                    pygame.draw.rect(s, (*edge, 255), s.get_rect(), max(1, round(k)), rr)

            return supersampled(w, h, paint)

        return self.cached(("panel", w, h, tuple(fill), edge, radius), build)
