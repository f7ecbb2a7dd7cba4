"""The keyed sprite layer: each thing of an observation has a key and a resting rectangle; between
two observations things that entered fade and grow in, things that moved slide, things that left
fade out. A board that says where things rest (``Board.rest``) gets this without writing a diff.

Choreography (after Pygame Zero's ``animation.py``: one driver, the newest animation of a key
wins): a board says *how* a key enters, moves or leaves with a :class:`Motion` (``sync``'s
``motions``, asked of ``Board.choreography``): flying in from a rectangle (a deck) instead of
fading in, out to one (a discard) before it goes, after a delay, on an arc, turning face up on the
way, via a rectangle where it is held a moment (a card shown before it is played), drawn above
the rest while it flies, with a sound as it starts and as it lands; and a named *effect* on the
key (a strike, a pulse, a piece falling over): a 0..1 progress the board draws from
(``Sprite.effect``, ``Sprite.effect_k``).

A sprite in flight is drawn above everything at rest (``flying``, ``resting``, ``in_order``).
``blit_sprite`` draws one, flip and all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

import pygame

from game.ui.draw import blit_center
from game.ui.tween import Timeline

T_MOVE = 0.35  # seconds a thing takes to slide to its new place (speed 1)
T_FADE = 0.25  # seconds a thing takes to appear or vanish


@dataclass(frozen=True)
class Rest:
    """Where a thing rests when it is also turned (a card in a fanned hand): ``Board.rest`` may
    return one instead of a plain rectangle."""

    rect: pygame.Rect
    angle: float = 0.0  # degrees, anticlockwise
    z: int | None = None  # its drawing order (a fan, a stack), in flight too; None: a Motion's


Place = pygame.Rect | Rest  # what a board says of a key's resting place


@dataclass(frozen=True)
class Motion:
    """How one key enters, moves or leaves in one change (``SpriteLayer.sync``); without one a
    key fades and grows in, slides, or fades out."""

    enter_from: pygame.Rect | None = None  # a new key flies in from here instead of appearing
    exit_to: pygame.Rect | None = None  # a dropped key flies here before it goes
    delay: float = 0.0  # seconds after the change starts
    duration: float | None = None  # None: the kit's standard for the distance (``flight_time``)
    arc: float = 0.0  # pixels the path's middle rises (a card thrown)
    turn: bool = False  # turns over on the way: face up entering or moving, face down leaving
    sound: str | None = None  # played as it starts
    landing: str | None = None  # played as it lands
    z: int | None = None  # drawn above the rest (by z, or its Rest's z) while it flies
    easing: str = "out_cubic"
    via: pygame.Rect | None = None  # flies here first and is held there ``hold`` seconds
    hold: float = 0.0
    effect: str | None = None  # a named effect the board draws from ``Sprite.effect_k``
    effect_time: float = 0.3  # seconds the effect takes (its progress runs 0..1 linearly)

    @property
    def flies(self) -> bool:
        """Whether the key is in flight (drawn above the rest) while this motion runs."""
        return (self.enter_from, self.exit_to, self.via, self.z) != (None, None, None, None)


def flight_time(distance: float) -> float:
    """The kit's standard duration of a flight over ``distance`` pixels (speed 1): short hops
    are quick, long throws take longer but never drag."""
    return min(0.6, max(0.25, 0.2 + distance / 1500))


def _spot(place: Place) -> tuple[float, float, float, float, float]:
    rect, angle = (place.rect, place.angle) if isinstance(place, Rest) else (place, 0.0)
    return (*rect.center, rect.w, rect.h, angle)


def _z(place: Place, default: int) -> int:
    """A place's drawing order at rest, else ``default``."""
    z = place.z if isinstance(place, Rest) else None
    return default if z is None else z


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
    effect: str | None = None  # the effect it plays (``Motion.effect``), drawn by the board
    effect_k: float = 0.0  # the effect's progress, 0..1

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

    def sync(
        self,
        places: Mapping[Hashable, Place],
        animate: bool,
        motions: Mapping[Hashable, Motion] | None = None,
    ) -> float:
        """Move every sprite towards ``places`` (entering, moving, leaving), each key as its
        ``motions`` say; returns the time the animation takes. Without ``animate`` everything
        snaps to its place."""
        rests = {key: _spot(place) for key, place in places.items()}
        if not animate:  # the timeline is the board's: what else it moves lands, not stops
            self.tweens.finish_all()
            self.sprites = {
                k: Sprite(k, x, y, w, h, angle=a, z=_z(places[k], 0))
                for k, (x, y, w, h, a) in rests.items()
            }
            return 0.0
        motions = motions or {}
        end = 0.0
        for key, sprite in list(self.sprites.items()):
            if key not in rests and not sprite.leaving:
                end = max(end, self._exit(sprite, motions.get(key)))
        ordered: dict[Hashable, Sprite] = {}
        for key, rest in rests.items():
            old, motion = self.sprites.get(key), motions.get(key)
            if old is None or old.leaving:
                old, t = self._enter(key, rest, motion)
            else:
                t = self._move(old, rest, motion)
            ordered[key] = old
            old.z = _z(places[key], old.z)  # in flight too: ``flying`` orders by it
            if motion is not None and motion.effect is not None:
                t = max(t, self._effect(old, motion))
            end = max(end, t)
        leaving = {k: s for k, s in self.sprites.items() if k not in ordered and s.leaving}
        self.sprites = {**leaving, **ordered}  # leaving ones drawn first, under the rest
        return end

    def _enter(
        self, key: Hashable, rest: tuple[float, ...], motion: Motion | None
    ) -> tuple[Sprite, float]:
        x, y, w, h, angle = rest
        if motion is None or motion.enter_from is None:
            delay = 0.0 if motion is None else motion.delay
            duration = T_FADE if motion is None or motion.duration is None else motion.duration
            new = Sprite(key, x, y, w * 0.8, h * 0.8, alpha=0.0, angle=angle)
            self.tweens.animate(new, duration, "out_back", delay=delay, alpha=1.0, w=w, h=h)
            self._sounds(motion, duration)
            return new, delay + duration
        start = motion.enter_from
        new = Sprite(
            key, *start.center, start.w, start.h, alpha=0.0, face=0.0 if motion.turn else 1.0
        )
        if motion.delay > 0:  # unseen until it sets off (the deck it leaves draws itself)
            self.tweens.animate(new, 0.0, "linear", delay=motion.delay, alpha=1.0)
        else:
            new.alpha = 1.0
        return new, self._fly(new, rest, motion)

    def _move(self, sprite: Sprite, rest: tuple[float, ...], motion: Motion | None) -> float:
        x, y, w, h, angle = rest
        moved = sprite.rect != _rect(x, y, w, h) or sprite.angle != angle
        if motion is None:
            if not moved:
                return 0.0
            self.tweens.animate(sprite, T_MOVE, "out_cubic", x=x, y=y, w=w, h=h, angle=angle)
            return T_MOVE
        if not moved and not motion.turn and motion.via is None:
            self._sounds(motion, 0.0)
            return motion.delay
        if motion.turn:
            sprite.face = 0.0
        return self._fly(sprite, rest, motion)

    def _exit(self, sprite: Sprite, motion: Motion | None) -> float:
        sprite.leaving = True
        drop = self._drop(sprite.key)
        if motion is None or motion.exit_to is None:
            delay = 0.0 if motion is None else motion.delay
            duration = T_FADE if motion is None or motion.duration is None else motion.duration
            self.tweens.animate(sprite, duration, "in_quad", delay=delay, alpha=0.0, on_finish=drop)
            self._sounds(motion, duration)
            return delay + duration
        to = motion.exit_to
        return self._fly(sprite, (*to.center, to.w, to.h, sprite.angle), motion, drop, face=0.0)

    def _fly(
        self,
        sprite: Sprite,
        rest: tuple[float, ...],
        motion: Motion,
        landed: Callable[[], None] | None = None,
        face: float = 1.0,
    ) -> float:
        """Fly ``sprite`` to ``rest`` as ``motion`` says (via its waypoint, held there)."""
        legs: list[tuple[float, ...]] = [rest]
        if motion.via is not None:
            legs.insert(0, (*motion.via.center, motion.via.w, motion.via.h, rest[4]))
        durations = []
        at = sprite.center
        for spot in legs:
            distance = math.dist(at, spot[:2])
            durations.append(
                motion.duration if motion.duration is not None else flight_time(distance)
            )
            at = (spot[0], spot[1])
        sprite.z = sprite.z if motion.z is None else motion.z
        sprite.moving = motion.flies

        def leg(n: int, delay: float) -> None:
            lx, ly, lw, lh, la = legs[n]
            sprite.arc, sprite.flight = motion.arc, 0.0
            targets = {"x": lx, "y": ly, "w": lw, "h": lh, "angle": la, "flight": 1.0}
            if motion.turn and n == 0:
                targets["face"] = face
            last = n == len(legs) - 1
            finish = land if last else lambda: leg(n + 1, motion.hold)
            self.tweens.animate(
                sprite, durations[n], motion.easing, delay=delay, on_finish=finish, **targets
            )

        def land() -> None:
            sprite.moving, sprite.arc = False, 0.0
            if landed is not None:
                landed()

        leg(0, motion.delay)
        total = sum(durations) + motion.hold * (len(legs) - 1)
        self._sounds(motion, total)
        return motion.delay + total

    def _effect(self, sprite: Sprite, motion: Motion) -> float:
        """Play ``motion``'s effect on ``sprite`` after its delay: the board draws its progress."""
        sprite.effect, sprite.effect_k = motion.effect, 0.0

        def done() -> None:
            sprite.effect, sprite.effect_k = None, 0.0

        self.tweens.animate(
            sprite, motion.effect_time, "linear", delay=motion.delay, on_finish=done, effect_k=1.0
        )
        return motion.delay + motion.effect_time

    def _sounds(self, motion: Motion | None, duration: float) -> None:
        """``motion``'s sounds: as it starts and as it lands ``duration`` later."""
        if motion is None:
            return
        if motion.sound is not None:
            self.tweens.sound(motion.delay, motion.sound)
        if motion.landing is not None:
            self.tweens.sound(motion.delay + duration, motion.landing)

    def _drop(self, key: Hashable) -> Callable[[], None]:
        def drop() -> None:
            sprite = self.sprites.get(key)
            if sprite is not None and sprite.leaving:
                del self.sprites[key]

        return drop

    def rect(self, key: Hashable) -> pygame.Rect | None:
        sprite = self.sprites.get(key)
        return None if sprite is None or sprite.leaving else sprite.rect

    def flying(self) -> list[Sprite]:
        """The sprites in flight, in drawing order."""
        return sorted((s for s in self.sprites.values() if s.moving), key=lambda s: s.z)

    def resting(self) -> list[Sprite]:
        """The sprites at rest, in drawing order."""
        return sorted((s for s in self.sprites.values() if not s.moving), key=lambda s: s.z)

    def in_order(self) -> list[Sprite]:
        """Every sprite in drawing order: those at rest as placed, then those in flight by z."""
        resting = [s for s in self.sprites.values() if not s.moving]
        return resting + self.flying()

    def at_rest(self) -> bool:
        """Nothing moves, fades or plays an effect: the layer shows its places."""
        return not any(
            s.moving or s.leaving or s.effect or s.alpha < 1 for s in self.sprites.values()
        )


def _rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    rect = pygame.Rect(0, 0, round(w), round(h))
    rect.center = (round(x), round(y))
    return rect


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
