"""Overlays every board shows over its table: the banner, the hint marker, the "last move" ring,
a tooltip note, and the placement of a chooser popup beside what it is about.

Each takes the surface, a rectangle and colours; none knows a game. Banners animate through a
board's Timeline (:func:`set_banner`, :func:`flash_banner`), so they obey the speed setting.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.draw import Art, Colour, blit_center, darker, lighter, pulse
from game.ui.fonts import get_font
from game.ui.text import render, wrap

T_BANNER = 0.35  # seconds a banner takes to slide in or out (speed 1)


@dataclass
class Banner:
    """A headline over the board: what happens now, or who won."""

    title: str
    subtitle: str
    side: int | None  # whose colour and mark it wears; None for a neutral (gold) banner
    key: Hashable = None  # what it announces: a new key slides a new banner in
    appear: float = 1.0


def set_banner(owner: Any, banner: Banner | None, delay: float, attr: str = "banner") -> None:
    """Make ``banner`` the owner's banner at ``delay``: a new key slides in; the same key only
    updates its subtitle."""
    if banner is None:
        return
    current: Banner | None = getattr(owner, attr)
    if current is not None and banner.key is not None and current.key == banner.key:
        current.subtitle = banner.subtitle
        return
    banner.appear = 0.0
    owner.tweens.call(delay, lambda: setattr(owner, attr, banner))
    owner.tweens.animate(banner, T_BANNER, "out_back", appear=1.0, delay=delay)


def flash_banner(owner: Any, banner: Banner, delay: float, hold: float, attr: str) -> None:
    """Show ``banner`` as ``owner.<attr>`` from ``delay`` for ``hold`` seconds, then remove it."""
    banner.appear = 0.0

    def gone() -> None:
        if getattr(owner, attr) is banner:
            setattr(owner, attr, None)

    def hide() -> None:
        owner.tweens.animate(
            banner, T_BANNER, "in_quad", appear=0.0, delay=max(0.0, hold - T_BANNER), on_finish=gone
        )

    owner.tweens.call(delay, lambda: setattr(owner, attr, banner))
    owner.tweens.animate(banner, T_BANNER, "out_back", appear=1.0, delay=delay, on_finish=hide)


def draw_banner(
    surface: pygame.Surface,
    art: Art,
    banner: Banner | None,
    rect: pygame.Rect,
    px: tuple[int, int],
    mark: Callable[[int, int, Colour], pygame.Surface] | None = None,
) -> None:
    """The banner sliding in over ``rect``: a panel in the side's colour, the title and subtitle
    (``px`` their sizes), the side's ``mark(side, size, colour)`` at both ends."""
    if banner is None or banner.appear <= 0:
        return
    k = min(1.0, banner.appear)
    rect = rect.move(0, -round((1 - k) * rect.h * 0.5))
    colour = art.side(banner.side) if banner.side is not None else art.p["gold"]
    img = art.panel(
        rect.w, rect.h, (*darker(colour, 0.28), 245), lighter(colour, 0.38), rect.h // 4
    )
    blit_center(surface, img, rect.center, round(255 * k))
    text = art.p["text"]
    title = art.fitted(banner.title, px[0], text, rect.w - 4 * rect.h // 3, bold=True)
    sub = art.fitted(banner.subtitle, px[1], lighter(colour, 0.7), rect.w - rect.h // 2)
    if banner.side is not None and mark is not None:
        icon = mark(banner.side, round(rect.h * 0.5), lighter(colour, 0.2))
        blit_center(surface, icon, (rect.x + rect.h * 0.55, rect.centery))
        blit_center(surface, icon, (rect.right - rect.h * 0.55, rect.centery))
    top = rect.centery - (title.get_height() + sub.get_height()) // 2
    surface.blit(title, title.get_rect(midtop=(rect.centerx, top)))
    surface.blit(sub, sub.get_rect(midtop=(rect.centerx, top + title.get_height())))


def pill(
    surface: pygame.Surface,
    label: str,
    above: pygame.Rect,
    colour: Colour,
    px: int,
    bounds: pygame.Rect | None = None,
) -> pygame.Rect:
    """A small rounded tag with ``label`` just above ``above`` (dark ink on ``colour``), kept
    inside ``bounds`` (the surface's clip by default)."""
    img = render(label, px, darker(colour, 0.75), bold=True)
    rect = pygame.Rect(0, 0, img.get_width() + px, img.get_height())
    rect.midbottom = (above.centerx, above.top - 2)
    rect.clamp_ip(bounds or surface.get_clip())
    pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
    blit_center(surface, img, rect.center)
    return rect


def hint_marker(
    surface: pygame.Surface, art: Art, rect: pygame.Rect, label: str, clock: float, unit: float
) -> None:
    """The suggested move: a ring breathing round ``rect`` and a "★ hint" tag above it."""
    colour = art.p["hint"]
    ring = art.glow(rect.w, rect.h, colour, max(3, round(unit * 0.55)))
    blit_center(surface, ring, rect.center, round(pulse(clock, 5.0, 170, 255)))
    pill(surface, "★ " + label, rect, colour, max(10, round(1.35 * unit)))


def mark_ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, unit: int) -> None:
    """A crisp ring with dark edging round something marked (the last move, a log row)."""
    outer = rect.inflate(unit, unit)
    radius = max(3, min(rect.w, rect.h) // 8)
    pygame.draw.rect(surface, darker(colour, 0.7), outer.inflate(2, 2), max(2, unit // 2) + 2,
                     radius + 2)  # fmt: skip
    pygame.draw.rect(surface, colour, outer, max(2, unit // 2), radius)


def note(
    surface: pygame.Surface,
    art: Art,
    text: str,
    width: int,
    place: Callable[[pygame.Rect], None],
    bounds: pygame.Rect,
    accent: Colour,
    px: int,
) -> pygame.Rect:
    """A tooltip: ``text`` wrapped to ``width``, in a box that ``place`` positions (it sets the
    box's anchor point) and ``bounds`` keeps inside, with an ``accent`` bar on its left."""
    p = art.p
    images = [art.text(line, px, p["text"]) for line in wrap(text, get_font(px), width)]
    pad = max(4, round(px * 0.6))
    line_h = round(px * 1.3)
    box = pygame.Rect(0, 0, max(i.get_width() for i in images) + 2 * pad, line_h * len(images))
    box.h += 2 * pad
    place(box)
    box.clamp_ip(bounds)
    surface.blit(art.panel(box.w, box.h, (*p["panel"], 240), accent, pad), box)
    pygame.draw.rect(surface, accent, (box.x, box.y + 6, 3, box.h - 12))
    for i, image in enumerate(images):
        surface.blit(
            image, (box.x + pad, box.y + pad + i * line_h + (line_h - image.get_height()) // 2)
        )
    return box


def popup_beside(
    size: tuple[int, int],
    anchor: pygame.Rect,
    bounds: pygame.Rect,
    avoid: list[pygame.Rect],
    gap: int,
) -> pygame.Rect:
    """Where a chooser popup of ``size`` goes: beside ``anchor`` (never over it), inside
    ``bounds``, hiding the fewest of ``avoid``; beside first, then off the corners."""
    best: tuple[int, int, pygame.Rect] | None = None
    spots = (
        ("midleft", "midright", (gap, 0)),
        ("midright", "midleft", (-gap, 0)),
        ("midtop", "midbottom", (0, gap)),
        ("midbottom", "midtop", (0, -gap)),
        ("bottomright", "topleft", (-gap, -gap)),
        ("bottomleft", "topright", (gap, -gap)),
        ("topright", "bottomleft", (-gap, gap)),
        ("topleft", "bottomright", (gap, gap)),
    )
    for order, (point, at, (dx, dy)) in enumerate(spots):
        popup = pygame.Rect((0, 0), size)
        x, y = getattr(anchor, at)
        setattr(popup, point, (x + dx, y + dy))
        popup.clamp_ip(bounds)
        hidden = sum(popup.colliderect(r) for r in avoid) + 100 * popup.colliderect(anchor)
        if best is None or (hidden, order) < best[:2]:
            best = (hidden, order, popup)
    assert best is not None
    return best[2]
