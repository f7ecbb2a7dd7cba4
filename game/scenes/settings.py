"""The settings overlay: animation speed, sound, fullscreen, colour-blind palette, language.

Every change takes effect at once (the scenes below relabel themselves) and is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.scenes.overlay import OverlayScene
from game.settings import ANIMATION_SPEEDS
from game.ui import theme
from game.ui.layout import stack_rows
from game.ui.text import blit_text
from game.ui.widgets import Button, Segmented, Toggle, Widget

if TYPE_CHECKING:
    from game.app import App

# Language names are written in their own language, as players look for them that way.
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


class SettingsScene(OverlayScene):
    card_size = (640, 520)

    def __init__(self, app: App) -> None:
        super().__init__(app, lambda: t("settings.title"))
        s = app.settings
        self.rows: list[tuple[Callable[[], str], Widget]] = [
            (
                lambda: t("settings.animation"),
                Segmented(
                    [(k, self._speed_label(k)) for k in ANIMATION_SPEEDS],
                    lambda: s.animation,
                    self._setter("animation"),
                ),
            ),
            (lambda: t("settings.sound"), Toggle(lambda: s.sound, self._setter("sound"))),
            (
                lambda: t("settings.fullscreen"),
                Toggle(lambda: s.fullscreen, self._setter("fullscreen")),
            ),
            (
                lambda: t("settings.colorblind"),
                Toggle(lambda: s.colorblind, self._setter("colorblind")),
            ),
            (
                lambda: t("settings.language"),
                Segmented(
                    list(LANGUAGE_NAMES.items()), lambda: s.language, self._setter("language")
                ),
            ),
        ]
        self.done = Button(
            lambda: t("common.done"), self.close, style="primary", hotkeys=(pygame.K_RETURN,)
        )
        self.widgets = [w for _, w in self.rows] + [self.done]

    @staticmethod
    def _speed_label(key: str) -> Callable[[], str]:
        return lambda: t(f"settings.speed.{key}")

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(value: Any) -> None:
            setattr(self.app.settings, name, value)
            self.app.apply_settings()

        return set_value

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        body = self.body
        rows = stack_rows(body, [m.px(44)] * len(self.rows), m.px(16))
        for (_, widget), row in zip(self.rows, rows, strict=True):
            control = pygame.Rect(
                row.x + round(row.width * 0.42), row.y, round(row.width * 0.58), row.height
            )
            if isinstance(widget, Toggle):
                control = control.inflate(0, -m.px(12))
            widget.place(control, m.font_px(16))
        self.done.place(
            pygame.Rect(body.right - m.px(180), body.bottom - m.px(48), m.px(180), m.px(48)),
            m.font_px(17),
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        for label, widget in self.rows:
            blit_text(
                surface,
                label(),
                m.font_px(17),
                theme.TEXT,
                midleft=(self.body.x, widget.rect.centery),
            )
