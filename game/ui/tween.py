"""Tweens: animate numeric attributes of any object over time (after Pygame Zero's animation.py).

    tweens = Tweener()
    tweens.animate(piece, 0.4, "out_back", x=120.0, y=80.0, on_finish=land)
    tweens.update(dt)          # once per frame, dt in seconds, already scaled by the speed setting
    tweens.finish_all()        # a click skips: every tween snaps to its end and fires on_finish

Targets may be numbers or tuples of numbers (colours, positions). A duration of 0 snaps at once,
which is how the "animations off" setting works. A tween whose every attribute is taken over by
a newer tween on the same object is *replaced*: it stops and never fires its ``on_finish``.

Boards use a :class:`Timeline` (tweens, sounds and calls at a time offset) that obeys the global
animation-speed setting: speed 0 ("off") snaps everything and plays no sound late.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Easing = Callable[[float], float]


def _out_back(t: float) -> float:
    s = 1.70158
    t -= 1.0
    return t * t * ((s + 1) * t + s) + 1.0


def _out_bounce(t: float) -> float:
    if t < 1 / 2.75:
        return 7.5625 * t * t
    if t < 2 / 2.75:
        t -= 1.5 / 2.75
        return 7.5625 * t * t + 0.75
    if t < 2.5 / 2.75:
        t -= 2.25 / 2.75
        return 7.5625 * t * t + 0.9375
    t -= 2.625 / 2.75
    return 7.5625 * t * t + 0.984375


EASINGS: dict[str, Easing] = {
    "linear": lambda t: t,
    "in_quad": lambda t: t * t,
    "out_quad": lambda t: 1 - (1 - t) * (1 - t),
    "in_out_quad": lambda t: 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2,
    "out_cubic": lambda t: 1 - (1 - t) ** 3,
    "in_out_sine": lambda t: -(math.cos(math.pi * t) - 1) / 2,
    "out_back": _out_back,
    "out_bounce": _out_bounce,
    "out_elastic": lambda t: (
        t if t in (0.0, 1.0) else 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * 2 * math.pi / 3) + 1
    ),
}


def _lerp(a: Any, b: Any, k: float) -> Any:
    if isinstance(a, tuple | list):
        return tuple(_lerp(x, y, k) for x, y in zip(a, b, strict=True))
    return a + (b - a) * k


class Tween:
    """One object's attributes moving from their current values to targets."""

    def __init__(
        self,
        obj: Any,
        duration: float,
        easing: str,
        targets: dict[str, Any],
        on_finish: Callable[[], None] | None = None,
        delay: float = 0.0,
    ) -> None:
        self.obj = obj
        self.duration = max(0.0, duration)
        self.easing = EASINGS[easing]
        self.targets = targets
        self.starts = {name: getattr(obj, name) for name in targets}
        self.on_finish = on_finish
        self.delay = delay
        self.elapsed = 0.0
        self.done = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
            self.delay = 0.0
        self.elapsed += dt
        if self.duration == 0 or self.elapsed >= self.duration:
            self.finish()
            return
        k = self.easing(self.elapsed / self.duration)
        for name, end in self.targets.items():
            setattr(self.obj, name, _lerp(self.starts[name], end, k))

    def finish(self) -> None:
        if self.done:
            return
        for name, end in self.targets.items():
            setattr(self.obj, name, end)
        self.done = True
        if self.on_finish is not None:
            self.on_finish()


class Tweener:
    """All running tweens of one owner (a board or a scene)."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []

    def animate(
        self,
        obj: Any,
        duration: float,
        easing: str = "out_cubic",
        *,
        on_finish: Callable[[], None] | None = None,
        delay: float = 0.0,
        **targets: Any,
    ) -> Tween:
        """Start a tween; a new tween on the same attributes of the same object replaces the old."""
        for old in self.tweens:
            if old.obj is obj and not old.done and set(old.targets) & set(targets):
                old.targets = {k: v for k, v in old.targets.items() if k not in targets}
                if not old.targets:  # wholly replaced: it stops, its on_finish never fires
                    old.done = True
        tween = Tween(obj, duration, easing, targets, on_finish, delay)
        self.tweens.append(tween)
        if duration <= 0 and delay <= 0:
            tween.finish()
        return tween

    def update(self, dt: float) -> None:
        for tween in list(self.tweens):
            tween.update(dt)
        self.tweens = [t for t in self.tweens if not t.done]

    def finish_all(self) -> None:
        # on_finish callbacks may start new tweens; finish those too, with a guard against loops.
        for _ in range(100):
            if not self.tweens:
                return
            running, self.tweens = self.tweens, []
            for tween in running:
                if not tween.done:
                    tween.finish()

    @property
    def busy(self) -> bool:
        return bool(self.tweens)


class _Clock:
    t = 0.0


class Timeline(Tweener):
    """Tweens plus sounds and calls placed at a time offset, obeying the animation speed.

    ``speed`` returns the global multiplier (0 = animations off: everything snaps at once).
    A skipped animation (``finish_all``) runs the pending calls but stays quiet: a sound plays only
    when its moment is reached in time.
    """

    def __init__(self, speed: Callable[[], float], play: Callable[[str], None]) -> None:
        super().__init__()
        self.speed = speed
        self.play = play

    def call(self, delay: float, action: Callable[[], None]) -> None:
        """Run ``action`` once the timeline has advanced by ``delay`` seconds (or on a skip)."""
        self.animate(_Clock(), delay, "linear", t=1.0, on_finish=action)

    def sound(self, delay: float, name: str) -> None:
        """Play sound ``name`` ``delay`` seconds from now; a skip or "off" keeps it quiet."""
        if delay <= 0 or self.speed() <= 0:
            self.play(name)
            return
        tween = self.animate(_Clock(), delay, "linear", t=1.0)

        def play() -> None:
            if tween.elapsed >= tween.duration:  # reached in time, not snapped by a skip
                self.play(name)

        tween.on_finish = play

    def update(self, dt: float) -> None:
        """Advance by ``dt`` real seconds, scaled by the speed setting (0 snaps everything)."""
        speed = self.speed()
        if speed <= 0:
            self.finish_all()
        else:
            super().update(dt * speed)
