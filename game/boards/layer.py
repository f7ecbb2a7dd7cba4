"""The keyed sprite layer: each thing of an observation has a key and a resting rectangle; between
two observations things that entered fade and grow in, things that moved slide, things that left
fade out. A board that says where things rest (``Board.rest``) gets this without writing a diff.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from game.ui.tween import Timeline

T_MOVE = 0.35  # seconds a thing takes to slide to its new place (speed 1)
T_FADE = 0.25  # seconds a thing takes to appear or vanish


@dataclass
class Sprite:
    key: Hashable
    x: float  # centre
    y: float
    w: float
    h: float
    alpha: float = 1.0  # 0..1
    leaving: bool = False

    @property
    def rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(self.w), round(self.h))
        rect.center = (round(self.x), round(self.y))
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
