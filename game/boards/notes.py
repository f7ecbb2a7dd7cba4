"""Notes a board lays on or beside a thing: words rising from it and fading (damage, points
won, "Destroyed!"), and a few short lines boxed over a band of it (the odds on a target, why a
unit does nothing). Boards wrote both themselves; here each is one object or function that
takes rectangles and words, and returns where it wrote so the kit's tags keep off it.

A board keeps a ``Risers`` on its timeline, calls ``rise`` when a change shows (from the thing's
rectangle), ``draw`` in its overlays and ``settle`` when nothing animates; ``label_over`` draws
lines over a thing's free band (under its name, above its footer) and returns their box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.draw import MIN_READABLE_PX, Colour, blit_center
from game.ui.text import fit_px, render
from game.ui.tween import Timeline

T_RISE = 1.1  # seconds words take to rise and fade (speed 1)


@dataclass
class Rising:
    """Words rising from a point; ``rise`` and ``alpha`` are tweened (0..1, 1..0)."""

    text: str
    x: float
    y: float
    colour: Colour
    alpha: float = 1.0
    rise: float = 0.0


class Risers:
    """Words rising from things and fading, on a board's timeline."""

    def __init__(self, tweens: Timeline) -> None:
        self.tweens = tweens
        self.items: list[Rising] = []

    def rise(self, text: str, rect: pygame.Rect, colour: Colour, delay: float = 0.0) -> Rising:
        """``text`` rises from the centre of ``rect`` after ``delay`` seconds."""
        item = Rising(text, rect.centerx, rect.centery, colour)
        self.items.append(item)
        self.tweens.animate(item, T_RISE, "out_cubic", rise=1.0, alpha=0.0, delay=delay)
        self.tweens.call(
            delay + T_RISE, lambda: self.items.remove(item) if item in self.items else None
        )
        return item

    def settle(self) -> None:
        """Drop the words that have faded (when nothing is animating)."""
        self.items = [item for item in self.items if item.alpha > 0.01]

    def draw(self, surface: pygame.Surface, px: int, height: int, pad: int) -> None:
        """Each rising ``height`` pixels over its way, in ``px`` bold letters on a dark backing
        ``pad`` wider (over a card, "Destroyed!" read as lost under its title)."""
        for item in self.items:
            if item.alpha <= 0:
                continue
            image = render(item.text, px, item.colour, bold=True)
            at = (item.x, item.y - item.rise * height)
            alpha = round(255 * max(0.0, item.alpha))
            back = pygame.Surface(image.get_rect().inflate(pad, pad // 2).size, pygame.SRCALPHA)
            pygame.draw.rect(
                back, (16, 14, 12, 200), back.get_rect(), border_radius=back.get_height() // 2
            )
            blit_center(surface, back, at, alpha)
            blit_center(surface, image, at, alpha)


def label_over(
    surface: pygame.Surface,
    lines: Sequence[str],
    rect: pygame.Rect,
    band: tuple[int, int],
    colours: tuple[Colour, Colour],
    px: int,
    pad: int,
) -> pygame.Rect:
    """Short ``lines`` boxed over thing ``rect``, at the foot of its free ``band`` (top and
    bottom y: under its name, above its footer, so both stay in sight), each at most ``px``,
    smaller to fit the thing's width and the band's height, never under the readable minimum;
    ``colours``: the text and the box's edge; ``pad``: the box's margin. Returns the box."""
    top, bottom = band
    size = min(fit_px(line, px, rect.w - pad, min_px=MIN_READABLE_PX) for line in lines)
    size = max(MIN_READABLE_PX, min(size, round((bottom - top - pad // 2) / len(lines) / 1.3)))
    images = [render(line, size, colours[0], bold=True) for line in lines]
    width = max(image.get_width() for image in images)
    box = pygame.Rect(
        0, 0, min(width + pad, max(width, rect.w)), sum(i.get_height() for i in images)
    )
    box.h += pad // 2
    box.midbottom = (rect.centerx, bottom)
    pygame.draw.rect(surface, (20, 22, 14), box, border_radius=max(2, pad // 2))
    pygame.draw.rect(surface, colours[1], box, 1, border_radius=max(2, pad // 2))
    y = box.y + pad // 4
    for image in images:
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += image.get_height()
    return box
