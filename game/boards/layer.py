"""The keyed sprite layer: each thing of an observation has a key and a resting rectangle; between
two observations things that entered fade and grow in, things that moved slide, things that left
fade out. A board that says where things rest (``Board.rest``) gets this without writing a diff.

Boards that choreograph their own moves (a card drawn from a deck turning face up on its way, a
back flying into the opponent's hand) put sprites on the layer themselves (``add``) and ``fly``
them: from any rectangle (a deck, a hand) to any other, turning over (``face``), rotating, on an
arc; a sprite in flight is drawn above everything at rest (``flying``, ``resting``) and may leave
the layer when it lands (``drop``). ``blit_sprite`` draws one, flip and all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from game.ui.draw import blit_center
from game.ui.tween import Timeline

T_MOVE = 0.35  # seconds a thing takes to slide to its new place (speed 1)
T_FADE = 0.25  # seconds a thing takes to appear or vanish
Spot = tuple[float, float, float, float]  # where a sprite goes: centre x, y, width, height


@dataclass
class Sprite:
    key: Hashable
    x: float  # centre
    y: float
    w: float
    h: float
    alpha: float = 1.0  # 0..1
    leaving: bool = False
    angle: float = 0.0  # degrees, anticlockwise
    face: float = 1.0  # 0 face down, 1 face up: a flip narrows it to nothing halfway
    z: int = 0  # drawing order at rest, lowest first
    moving: bool = False  # in flight (drawn above everything at rest)
    arc: float = 0.0  # the height in pixels of its flight's arc
    flight: float = 1.0  # how far along its flight it is, 0..1 (eased)

    @property
    def center(self) -> tuple[float, float]:
        """Where it is drawn: its place, raised by its flight's arc."""
        return self.x, self.y - self.arc * math.sin(math.pi * self.flight)

    @property
    def rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(self.w), round(self.h))
        rect.center = (round(self.center[0]), round(self.center[1]))
        return rect


class SpriteLayer:
    """Sprites by key in drawing order, animated on a board's timeline."""

    def __init__(self, tweens: Timeline) -> None:
        self.tweens = tweens
        self.sprites: dict[Hashable, Sprite] = {}

    def sync(self, places: dict[Hashable, pygame.Rect], animate: bool) -> float:
        """Move every sprite towards ``places`` (entering, moving, leaving); returns the time the
        animation takes. Without ``animate`` everything snaps to its place."""
        if not animate:
            self.tweens.clear()
            self.sprites = {k: Sprite(k, *r.center, r.w, r.h) for k, r in places.items()}
            return 0.0
        end = 0.0
        for key, sprite in list(self.sprites.items()):
            if key not in places and not sprite.leaving:
                sprite.leaving = True
                self.tweens.animate(sprite, T_FADE, "in_quad", alpha=0.0, on_finish=self._drop(key))
                end = max(end, T_FADE)
        ordered: dict[Hashable, Sprite] = {}
        for key, rect in places.items():
            old = self.sprites.get(key)
            if old is None or old.leaving:
                new = Sprite(key, *rect.center, rect.w * 0.8, rect.h * 0.8, alpha=0.0)
                self.tweens.animate(new, T_FADE, "out_back", alpha=1.0, w=rect.w, h=rect.h)
                end = max(end, T_FADE)
                ordered[key] = new
                continue
            if old.rect != rect:
                x, y = rect.center
                self.tweens.animate(old, T_MOVE, "out_cubic", x=x, y=y, w=rect.w, h=rect.h)
                end = max(end, T_MOVE)
            ordered[key] = old
        leaving = {k: s for k, s in self.sprites.items() if k not in ordered and s.leaving}
        self.sprites = {**leaving, **ordered}  # leaving ones drawn first, under the rest
        return end

    def _drop(self, key: Hashable) -> Callable[[], None]:
        def drop() -> None:
            sprite = self.sprites.get(key)
            if sprite is not None and sprite.leaving:
                del self.sprites[key]

        return drop

    def rect(self, key: Hashable) -> pygame.Rect | None:
        sprite = self.sprites.get(key)
        return None if sprite is None or sprite.leaving else sprite.rect

    def add(self, sprite: Sprite) -> Sprite:
        """Put ``sprite`` on the layer where it stands (replacing any with its key)."""
        self.sprites[sprite.key] = sprite
        return sprite

    def drop(self, key: Hashable) -> None:
        self.sprites.pop(key, None)

    def fly(
        self,
        sprite: Sprite,
        to: Spot,
        duration: float,
        delay: float = 0.0,
        easing: str = "out_cubic",
        angle: float = 0.0,
        z: int | None = None,
        face: float | None = None,
        arc: float = 0.0,
        drop: bool = False,
        on_finish: Callable[[], None] | None = None,
    ) -> None:
        """Fly ``sprite`` to ``to`` after ``delay``, turning to ``angle`` and to ``face`` (a flip),
        rising ``arc`` pixels midway; drawn in flight until it lands, where it takes its drawing
        order ``z`` (or leaves the layer, with ``drop``) and calls ``on_finish``."""
        sprite.moving, sprite.arc, sprite.flight = True, arc, 0.0
        x, y, w, h = to
        targets = {"x": x, "y": y, "w": w, "h": h, "angle": angle, "flight": 1.0}
        if face is not None:
            targets["face"] = face

        def land() -> None:
            sprite.moving, sprite.arc = False, 0.0
            sprite.z = sprite.z if z is None else z
            if drop:
                self.drop(sprite.key)
            if on_finish is not None:
                on_finish()

        self.tweens.animate(sprite, duration, easing, delay=delay, on_finish=land, **targets)

    def flying(self) -> list[Sprite]:
        """The sprites in flight, in drawing order."""
        return sorted((s for s in self.sprites.values() if s.moving), key=lambda s: s.z)

    def resting(self) -> list[Sprite]:
        """The sprites at rest, in drawing order."""
        return sorted((s for s in self.sprites.values() if not s.moving), key=lambda s: s.z)


def blit_sprite(
    surface: pygame.Surface, sprite: Sprite, front: pygame.Surface, back: pygame.Surface
) -> None:
    """Draw ``sprite`` as ``front`` (or ``back`` while it shows its back), both at its size: a flip
    narrows it to nothing and back, then its angle turns it and its alpha fades it."""
    image = front if sprite.face >= 0.5 else back
    turn = abs(math.cos(math.pi * sprite.face)) if 0.0 < sprite.face < 1.0 else 1.0
    if turn < 0.02:
        return
    size = (max(1, round(sprite.w * turn)), max(1, round(sprite.h)))
    if image.get_size() != size:
        image = pygame.transform.smoothscale(image, size)
    if sprite.angle:
        image = pygame.transform.rotate(image, sprite.angle)
    blit_center(surface, image, sprite.center, round(255 * sprite.alpha))
