"""What every scene is: a screen on the app's scene stack (see ``game.app.SceneStack``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import saves
from game.i18n import t
from game.ui.layout import Metrics
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.app import App
    from game.saves import Problem


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

    def announce(self, problems: list[Problem], storage_error: str | None) -> None:
        """Tell the player, in dialogs over this scene, about damaged files set aside and a
        data folder that refuses writes (``storage_error``: why). The app owes these; the
        dialogs are scenes, which the app does not import."""
        from game.scenes.overlay import DialogScene, report_problems

        if problems:
            report_problems(self.app, problems)
        if storage_error is not None:
            folder = str(saves.data_dir())
            self.app.stack.push(
                DialogScene(
                    self.app,
                    lambda: t("harden.storage_title"),
                    lambda: t("harden.storage", folder=folder, reason=storage_error),
                )
            )

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
