"""What every scene is: a screen on the app's scene stack, and what a scene needs of the app.

Scenes see the app through the ``App`` protocol (``game.app.App`` is the one), so the app may
import the scenes it opens by name without a circle of imports."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui.layout import Metrics
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.match import AIClient
    from game.saves import Problem
    from game.settings import Settings
    from game.ui.sound import SoundBank


class App(Protocol):
    """What a scene uses of the application: its stack, settings, sound and AI worker."""

    stack: SceneStack
    settings: Settings
    sound: SoundBank
    persist_settings: bool

    @property
    def ai(self) -> AIClient: ...

    @property
    def size(self) -> tuple[int, int]: ...

    def apply_settings(self) -> None: ...

    def save_settings(self) -> None: ...

    def report_problems(self, problems: list[Problem]) -> None: ...

    def quit(self) -> None: ...


class Scene:
    """A screen. The top scene of the stack gets events and updates; scenes below it are drawn
    too while every scene above them is ``translucent`` (overlays, dialogs)."""

    translucent = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Widget] = []
        self.metrics = Metrics.of(app.size)

    # --- stack life cycle ----------------------------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Removed from the stack: release what it holds (workers, timers)."""

    def resume(self) -> None:
        """On top again after the scene above it was popped."""

    def relabel(self) -> None:
        """The language or another setting changed: rebuild anything cached from them."""
        self.layout(self.app.size)

    # --- per frame -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The window size changed: place every widget (called once before the first frame)."""
        self.metrics = Metrics.of(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        for widget in reversed(self.widgets):
            if widget.visible and widget.handle_event(event):
                return
        self.on_unhandled(event)

    def on_unhandled(self, event: pygame.event.Event) -> None:
        """An event no widget used (keys, clicks on the scene itself)."""

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)


class SceneStack:
    """Screens stacked like cards: the top one is active; translucent ones show the one below.

    ``registry``: the scenes opened by name (``open``), so a scene need not import the scene it
    leads to; the app fills it."""

    def __init__(self, app: App, registry: Mapping[str, Callable[..., Scene]]) -> None:
        self.app = app
        self.registry = registry
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        scene.layout(self.app.size)
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def make(self, name: str, *args: Any) -> Scene:
        """The scene registered as ``name``, made for this app with ``args``."""
        return self.registry[name](self.app, *args)

    def open(self, name: str, *args: Any) -> None:
        """Push the scene registered as ``name`` (see ``make``)."""
        self.push(self.make(name, *args))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (no resume of the one below in between)."""
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from ``scene`` (back to the title screen)."""
        self.clear()
        self.push(scene)

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().leave()

    def find(self, kind: type) -> Any:
        """The topmost scene of a class, or None."""
        return next((s for s in reversed(self.scenes) if isinstance(s, kind)), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.top is not None:
            self.top.handle_event(event)

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].translucent:
            first -= 1
        for scene in self.scenes[max(first, 0) :]:
            scene.draw(surface)

    def layout(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.layout(size)

    def relabel(self) -> None:
        for scene in self.scenes:
            scene.relabel()
