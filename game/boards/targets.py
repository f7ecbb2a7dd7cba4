"""What may be picked now: drawn and hit-tested from one list.

A board says what the player may pick at this moment — each ``Target`` a key (whatever a click on
it means to the board: an action, a card, a deck), the rect where it is drawn, and optionally the
larger area that takes a click — and the kit draws them all alike: a ring breathing in the
``legal`` colour (or a palette role the target names), steady in the ``selected`` colour while
the mouse is over it, or a soft halo for a thing with no edge of its own (a pennant, a token).
The same list answers which target lies under a point, so what glows is what a click takes.

Every board drew these rings itself, each with its own hover test and alpha (Battle Line alone
four times over: slots, table cards, decks, claim tokens); the look and the hover rule now live
here once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

import pygame

from game.ui.draw import Art, Colour, blit_center


@dataclass(frozen=True)
class Target:
    """One thing that may be picked now."""

    key: Hashable
    rect: pygame.Rect  # where it is drawn: the ring goes round it
    width: int = 3  # the ring's (or halo's) thickness
    role: str = "legal"  # the palette role of its ring
    hit: pygame.Rect | None = None  # the area that takes a click, when larger than ``rect``
    lights: bool = True  # steady in the selected colour under the mouse
    halo: bool = False  # a soft glow centred on it instead of a crisp ring

    @property
    def area(self) -> pygame.Rect:
        return self.rect if self.hit is None else self.hit


def target_at(targets: Iterable[Target], pos: tuple[int, int]) -> Hashable | None:
    """The key of the target under ``pos``; of overlapping ones the last listed (drawn on top)."""
    found = None
    for target in targets:
        if target.area.collidepoint(pos):
            found = target.key
    return found


def draw_targets(
    surface: pygame.Surface,
    art: Art,
    palette: Mapping[str, Colour],
    targets: Iterable[Target],
    mouse: tuple[int, int] | None,
    alpha: int,
) -> None:
    """Each target's ring (or halo) at the breathing ``alpha``; the one under ``mouse`` that
    ``lights`` steady in the selected colour."""
    targets = list(targets)
    hovered = target_at((t for t in targets if t.lights), mouse) if mouse is not None else None
    for target in targets:
        lit = target.lights and hovered is not None and target.key == hovered
        colour = palette["selected"] if lit else palette[target.role]
        if target.halo:
            rect = target.rect
            blit_center(surface, art.glow(rect.w, rect.h, colour, target.width), rect.center, alpha)
        else:
            art.ring(surface, target.rect, colour, target.width, 255 if lit else alpha)
