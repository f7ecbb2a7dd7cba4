"""The card kit: what a board of cards needs besides the sprite layer, written once.

Battle Line and Frontline General both lay cards out in fans, tell a press from a drag, and draw
faces that turn over, tilt, cast shadows and leave dashed places behind. The board says which
picture a card has and where its fan lies; this module spaces the fan, lifts the card under the
pointer, spreads overlapping cards around the one pointed at (``HoverFan``), finds the card
under a point (lifted cards as drawn), and draws a card sprite (shadow, flip, cached rotation)
and the pictures every card table uses (shadow, empty place, ghost).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

import pygame

from game.boards.layer import T_MOVE, Sprite, SpriteLayer, blit_sprite
from game.ui.draw import (
    Art,
    Colour,
    blit_center,
    darker,
    dashed_rect,
    gradient,
    masked,
    rounded_mask,
)

CARD_ASPECT = 1.4  # height / width of a playing card
DRAG_START = 6  # pixels a press must travel before it is a drag rather than a click
Tilted = tuple[float, float, float]  # a card's centre x, y and tilt in degrees
Rects = dict[Hashable, pygame.Rect]
K = TypeVar("K", bound=Hashable)


def card_height(w: int, aspect: float = CARD_ASPECT) -> int:
    return round(w * aspect)


def card_rect(x: float, y: float, w: float, aspect: float = CARD_ASPECT) -> pygame.Rect:
    """The upright rectangle of a card ``w`` wide centred on ``(x, y)``."""
    rect = pygame.Rect(0, 0, round(w), card_height(round(w), aspect))
    rect.center = (round(x), round(y))
    return rect


def fan_offsets(
    n: int, width: float, span: float, spacing: float, whole: bool = False
) -> list[float]:
    """Offsets from the fan's centre of ``n`` cards ``width`` wide, ``spacing`` apart, squeezed
    closer when they would not fit ``span`` (by whole pixels with ``whole``, so that cards laid
    from the left edge keep integer steps)."""
    if n <= 1:
        return [0.0] * n
    room = (span - width) // (n - 1) if whole else (span - width) / (n - 1)
    step = min(spacing, room)
    return [(i - (n - 1) / 2) * step for i in range(n)]


def arc_fan(
    n: int,
    centre: tuple[float, float],
    width: float,
    span: float,
    spacing: float,
    dip: float,
    tilt: float,
) -> list[Tilted]:
    """A hand held in an arc: ``fan_offsets`` round ``centre``, the ends ``dip`` pixels lower
    (negative: higher) and each card turned ``tilt`` degrees more than its right neighbour."""
    mid = (n - 1) / 2
    return [
        (
            centre[0] + dx,
            centre[1] + (((i - mid) / mid) ** 2 if mid else 0.0) * dip,
            (mid - i) * tilt,
        )
        for i, dx in enumerate(fan_offsets(n, width, span, spacing))
    ]


def dragging(start: tuple[int, int], pos: tuple[int, int], threshold: float = DRAG_START) -> bool:
    """Whether a press at ``start`` that reached ``pos`` has become a drag."""
    return math.dist(start, pos) >= threshold


def card_at(pos: tuple[int, int], cards: Iterable[tuple[K, pygame.Rect, int]]) -> K | None:
    """The topmost card under ``pos`` of ``cards`` (key, rectangle at rest, lift in pixels) in
    drawing order: a lifted card is hit as drawn, with no gap left under it."""
    found = None
    for key, rect, lift in cards:
        if pygame.Rect(rect.x, rect.y - lift, rect.w, rect.h + lift).collidepoint(pos):
            found = key
    return found


class HoverFan:
    """Cards that overlap in a row (their words hidden under their neighbours) spread while the
    pointer is on them, *around the card pointed at*: it keeps its place, the cards before it
    move leftwards, those after it rightwards as far as the row goes and the rest to a row
    above, each whole. A fan that spread from a fixed edge moved another card under the
    pointer, so a click right after the pointer arrived took a card the player never pointed
    at. It shuts when the pointer leaves its cards (or its card leaves the row). Which of a
    board's things are its cards, ``which`` says."""

    def __init__(self, which: Callable[[Hashable], bool]) -> None:
        self.which = which
        self.anchor: tuple[Hashable, pygame.Rect] | None = None  # the card opened on, shut
        self.rests: Rects = {}  # where the cards were last laid (``spread``)

    def cards(self, rests: Mapping[Hashable, pygame.Rect]) -> Rects:
        """The fan's cards among a board's resting places, in order."""
        return {k: r for k, r in rests.items() if self.which(k)}

    def spread(self, shut: Rects, bounds: pygame.Rect) -> Rects:
        """Where the cards (``shut``: where they rest shut) rest now: shut, or open around the
        anchor within ``bounds`` (the row's ends); kept as ``rests``."""
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
        """The pointer at ``pos``: open the fan on the card on top there (cards that lie whole
        never open), shut it when the pointer left its cards or its card left the row; the
        cards slide to their new places."""
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


class CardArt(Art):
    """A board's art for cards: the faces are the game's own (``face``, ``back``); this class
    gives what surrounds them, each picture cached by its size."""

    ASPECT = CARD_ASPECT
    RADIUS = 0.075  # a card's corner radius relative to its width

    def radius(self, w: int) -> int:
        return max(3, round(self.RADIUS * w))

    def body(self, w: int, h: int, top: Colour, bottom: Colour) -> pygame.Surface:
        """A blank card: rounded, shaded from ``top`` to ``bottom``, with a hairline edge."""
        radius = self.radius(w)
        body = masked(rounded_mask((w, h), radius), gradient((w, h), top, bottom))
        pygame.draw.rect(body, darker(bottom, 0.45), body.get_rect(), 1, border_radius=radius)
        return body

    def shadow(self, w: int, h: int) -> pygame.Surface:
        """A soft drop shadow for a card of that size (blit it centred, slightly offset)."""

        def build() -> pygame.Surface:
            pad = max(2, w // 10)
            small = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            for i in range(pad, 0, -1):
                a = round(70 * (1 - i / pad) ** 1.5) + 6
                pygame.draw.rect(
                    small,
                    (0, 0, 0, a),
                    (pad - i, pad - i, w + 2 * i, h + 2 * i),
                    border_radius=max(3, w // 12) + i,
                )
            return small

        return self.cached(("shadow", w, h), build)

    def slot(self, w: int, h: int, colour: Colour, filled: bool) -> pygame.Surface:
        """An empty card place: a dashed outline (tinted inside when it is a target)."""

        def build() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            if filled:
                pygame.draw.rect(surf, (*colour, 60), surf.get_rect(), border_radius=self.radius(w))
            dashed_rect(surf, colour, surf.get_rect(), max(1, w // 40), max(4, w // 7))
            return surf

        return self.cached(("slot", w, h, colour, filled), build)

    def ghost(self, key: Hashable, face: pygame.Surface, tint: Colour) -> pygame.Surface:
        """``face`` see-through and tinted: a card that could still come, not one on the table."""

        def build() -> pygame.Surface:
            out = face.copy()
            wash = pygame.Surface(out.get_size(), pygame.SRCALPHA)
            wash.fill((*tint, 70))
            out.blit(wash, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
            wash.fill((255, 255, 255, 150))
            out.blit(wash, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            return out

        return self.cached(("ghost", key), build)

    def turned(self, key: Hashable, image: pygame.Surface, angle: int) -> pygame.Surface:
        """``image`` (named ``key``) rotated by whole degrees, cached: a tilted card in a fan."""
        if angle == 0:
            return image
        return self.cached(
            ("turned", key, angle), lambda: pygame.transform.rotozoom(image, angle, 1)
        )

    def blit_card(
        self,
        surface: pygame.Surface,
        sprite: Sprite,
        front: tuple[Hashable, pygame.Surface],
        back: tuple[Hashable, pygame.Surface],
        lift: float = 0.0,
        shadow: bool = False,
    ) -> None:
        """Draw a card sprite ``lift`` pixels above its place: its shadow (when ``shadow`` or in
        flight, further below the higher it is), then ``front`` or ``back`` (each a picture and
        its cache name) from the cache of turned pictures at rest, or turning over in a flip."""
        w = max(4, round(sprite.w))
        h = card_height(w, self.ASPECT)
        x, y = sprite.x, sprite.y - lift
        if shadow or sprite.moving:
            raise_by = (1.0 if sprite.moving else 0.4) + lift / max(1, h) * 3
            under = (x + w * 0.04 * raise_by, y + h * 0.04 * raise_by)
            blit_center(surface, self.shadow(w, h), under, 200)
        if 0.0 < sprite.face < 1.0 or (sprite.moving and not sprite.angle.is_integer()):
            blit_sprite(surface, sprite, front[1], back[1])
            return
        key, image = front if sprite.face >= 0.5 else back
        image = self.turned(key, image, round(sprite.angle))
        blit_center(surface, image, (x, y), round(255 * sprite.alpha))
