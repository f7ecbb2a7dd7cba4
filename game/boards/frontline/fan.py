"""The viewer's command cards, spread while the pointer is on them.

In the hand row's corner the command cards overlap, so their words hide under their neighbours.
The pointer on one opens the fan *around that card*: it keeps its place, the cards before it
move leftwards (over the units), those after it rightwards as far as the row goes and the rest
to a row above, each whole. A fan that spread from a fixed edge moved another card under the
pointer, so a click right after the pointer arrived took a card the player never pointed at.
The fan shuts when the pointer leaves its cards (or its card leaves the hand).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping

import pygame

from game.boards.layer import T_MOVE, SpriteLayer

Rects = dict[Hashable, pygame.Rect]


class CommandFan:
    """Which command card the fan opened on and where it lay (None: shut)."""

    def __init__(self) -> None:
        self.anchor: tuple[Hashable, pygame.Rect] | None = None
        self.rests: Rects = {}  # where the cards were last laid (``spread``)

    @staticmethod
    def cards(rests: Mapping[Hashable, pygame.Rect]) -> Rects:
        """The command cards of a board's resting places, in hand order."""
        return {k: r for k, r in rests.items() if isinstance(k, tuple) and k[0] == "cmd"}

    def spread(self, shut: Rects, bounds: pygame.Rect) -> Rects:
        """Where the command cards (``shut``: where they rest shut) rest now: shut, or open
        around the anchor within ``bounds`` (the hand row's ends); kept as ``rests``."""
        self.rests = self._spread(shut, bounds)
        return self.rests

    def _spread(self, shut: Rects, bounds: pygame.Rect) -> Rects:
        if self.anchor is None or self.anchor[0] not in shut:
            return shut
        keys = sorted(shut, key=lambda k: shut[k].x)  # left to right, the later on top
        at, card = keys.index(self.anchor[0]), self.anchor[1]
        pitch = card.w + max(2, card.w // 12)
        before = [card.move(-k * pitch, 0) for k in range(1, at + 1)]
        after = [card.move(k * pitch, 0) for k in range(1, len(keys) - at)]
        left = [r for r in before if r.x >= bounds.x]
        right = [r for r in after if r.right <= bounds.right]
        # What the row cannot hold goes to a row above, at the end of its side.
        up = card.move(0, -card.h - (pitch - card.w))
        over_left = [up.move(bounds.x - up.x + k * pitch, 0) for k in range(at - len(left))]
        over_right = [
            up.move(bounds.right - up.right - k * pitch, 0) for k in range(len(after) - len(right))
        ]
        rects = over_left + left[::-1] + [card] + right + over_right[::-1]
        return dict(zip(keys, rects, strict=True))

    def follow(
        self, pos: tuple[int, int] | None, shut: Rects, bounds: pygame.Rect, layer: SpriteLayer
    ) -> None:
        """The pointer at ``pos``: open the fan on the command card on top there (cards that
        lie whole never open), shut it when the pointer left its cards or its card left the
        hand; the cards slide to their new places."""
        if self.anchor is not None:
            opened = self.spread(shut, bounds).values()
            # A card's margin bridges the gap to its neighbours.
            near = [r.inflate(r.w // 6, r.w // 6) for r in opened]
            if (
                self.anchor[0] in shut
                and pos is not None
                and pygame.Rect(pos, (1, 1)).collidelist(near) >= 0
            ):
                return
            self.anchor = None
        else:
            rects = sorted(shut.values(), key=lambda r: r.x)
            on = [k for k, r in shut.items() if pos is not None and r.collidepoint(pos)]
            if not on or all(a.right <= b.x for a, b in itertools.pairwise(rects)):
                return
            top = max(on, key=lambda k: shut[k].x)
            self.anchor = (top, shut[top])
        for key, rect in self.spread(shut, bounds).items():
            sprite = layer.sprites.get(key)
            if sprite is not None:
                layer.tweens.animate(sprite, T_MOVE, x=rect.centerx, y=rect.centery)
