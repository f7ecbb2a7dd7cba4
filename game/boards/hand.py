"""The viewer's hand of cards, game-free: which card is lifted under the mouse, which is chosen,
whether a press on it has become a drag, and where a note over a hovered card goes.

Card boards share this behaviour and each wrote it by hand: a fan of cards that rise as the
pointer passes (eased at the same rate whatever the frame rate), a click that chooses a card or
puts it down again, a press that turns into a drag once it travels past ``cards.DRAG_START``, a
hit test that follows the cards as they are drawn (lifted ones included), and the card drawn
under the mouse while it is dragged. A board keeps its cards' places (``rests``: key → rect at
rest) and draws the faces; this class keeps the hand's state and answers its questions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from game.boards.cards import card_at, card_height, dragging
from game.boards.layer import Sprite
from game.ui.draw import approach

K = TypeVar("K")
LIFT = 0.2  # how far a hovered or chosen card rises, in card heights
LIFT_RATE = 14.0  # how fast it rises (per second, exponential)
DRAGGED = 0.9  # the width of the card under the mouse while dragged, in hand card widths


@dataclass
class Drag(Generic[K]):
    """A press on a chosen card: where it began, and whether it has moved far enough to be a drag
    rather than a click (``cards.dragging``)."""

    card: K
    start: tuple[int, int]
    active: bool = False


class HandView(Generic[K]):
    """The state of the viewer's hand (see the module docstring); ``height`` is a hand card's
    height in pixels, set by the board on layout."""

    def __init__(self, lift: float = LIFT) -> None:
        self.selected: K | None = None
        self.drag: Drag[K] | None = None
        self.levels: dict[K, float] = {}  # each card's lift, 0 (at rest) .. 1 (fully raised)
        self.rise = lift
        self.height = 0

    def reset(self) -> None:
        """Forget the chosen card and any drag."""
        self.selected, self.drag = None, None

    def keep(self, still: bool) -> None:
        """A new observation: the choice lasts only while ``still`` (its card may be played)."""
        if not still:
            self.reset()

    def lift(self, card: K | None) -> float:
        """How far ``card`` is raised now, in pixels."""
        return 0.0 if card is None else self.levels.get(card, 0.0) * self.rise * self.height

    def lifted(self, card: K, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` (a card at rest) where the card is drawn now, raised as it is."""
        return rect.move(0, -round(self.lift(card)))

    def under(self, pos: tuple[int, int], rests: Mapping[K, pygame.Rect]) -> K | None:
        """The topmost card under ``pos``, lifted cards as drawn (``rests`` in drawing order)."""
        return card_at(pos, [(c, r, round(self.lift(c))) for c, r in rests.items()])

    def update(
        self, dt: float, rests: Mapping[K, pygame.Rect], mouse: tuple[int, int] | None
    ) -> None:
        """Ease the hovered card (none while dragging) and the chosen one up, the others down."""
        hovered = self.under(mouse, rests) if mouse is not None and self.drag is None else None
        self.levels = approach(self.levels, rests, {hovered, self.selected}, LIFT_RATE, dt)

    def choose(self, card: K, pos: tuple[int, int], draggable: bool = True) -> bool:
        """Choose ``card`` (pressed at ``pos``; a drag may start there when ``draggable``), or put
        it down when it was the chosen one. True when it is chosen now."""
        if card == self.selected:
            self.selected = None
            return False
        self.selected = card
        if draggable:
            self.drag = Drag(card, pos)
        return True

    def move(self, pos: tuple[int, int]) -> None:
        """The mouse moved: a press that travelled far enough becomes a drag."""
        if self.drag is not None and not self.drag.active:
            self.drag.active = dragging(self.drag.start, pos)

    def dragged(self) -> K | None:
        """The card being dragged, if a press has become a drag."""
        return self.drag.card if self.drag is not None and self.drag.active else None

    def release(self) -> K | None:
        """The button went up: the card dropped, if a drag of the chosen card ends here."""
        drag, self.drag = self.drag, None
        if drag is None or not drag.active or drag.card != self.selected:
            return None
        return drag.card

    def drag_sprite(self, mouse: tuple[int, int] | None, width: int) -> Sprite | None:
        """The dragged card under the mouse (``width``: a hand card's), None when none is."""
        card = self.dragged()
        if card is None or mouse is None:
            return None
        w = round(width * DRAGGED)
        return Sprite(card, *mouse, w, card_height(w), moving=True)

    @staticmethod
    def above(rect: pygame.Rect, gap: int) -> Callable[[pygame.Rect], None]:
        """A note's placing (``overlays.note``): centred over the card ``rect``, ``gap`` above."""

        def place(box: pygame.Rect) -> None:
            box.midbottom = (rect.centerx, rect.top - gap)

        return place
