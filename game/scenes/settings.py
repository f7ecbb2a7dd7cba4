"""The settings overlay: animation speed, sound and volume, fullscreen, colour-blind palette,
language.

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
    from game.scenes.base import App

# Language names are written in their own language, as players look for them that way.
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


VOLUME_STEP = 0.1  # arrow keys and the wheel move the slider by this much


class Slider(Widget):
    """A 0..1 value: drag the knob or click the track; the wheel and arrow keys step it.

    ``set`` runs when the value is let go (mouse up, a key, a wheel notch), not on every pixel
    of a drag, so the settings file is written once per change.
    """

    def __init__(self, get: Callable[[], float], set: Callable[[float], None]) -> None:
        super().__init__()
        self.get, self.set = get, set
        self.dragging: float | None = None  # the value under the mouse while dragging

    @property
    def value(self) -> float:
        return self.get() if self.dragging is None else self.dragging

    def _track(self) -> pygame.Rect:
        knob = self.rect.height // 2
        return pygame.Rect(self.rect.x + knob, self.rect.centery - 2, self.rect.width - 2 * knob, 4)

    def _at(self, x: int) -> float:
        track = self._track()
        return max(0.0, min(1.0, (x - track.x) / max(1, track.width)))

    def _commit(self, value: float) -> None:
        self.dragging = None
        self.set(round(max(0.0, min(1.0, value)), 2))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.dragging = self._at(event.pos[0])
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            self.dragging = self._at(event.pos[0])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self._commit(self._at(event.pos[0]))
            return True
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self._commit(self.get() + VOLUME_STEP * event.y)
            return True
        return False

    def nudge(self, steps: int) -> None:
        self._commit(self.get() + VOLUME_STEP * steps)

    def draw(self, surface: pygame.Surface) -> None:
        track = self._track()
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=2)
        filled = track.copy()
        filled.width = round(track.width * self.value)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=2)
        centre = (track.x + filled.width, track.centery)
        pygame.draw.circle(surface, theme.GOLD, centre, self.rect.height // 2 - 2)
        pygame.draw.circle(surface, theme.INK, centre, self.rect.height // 2 - 2, width=2)
        blit_text(
            surface,
            f"{round(self.value * 100)}%",
            max(11, self.px - 2),
            theme.TEXT_DIM,
            midleft=(self.rect.right + 8, self.rect.centery),
        )


class SettingsScene(OverlayScene):
    card_size = (640, 580)

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
            (lambda: t("settings.volume"), Slider(lambda: s.volume, self._set_volume)),
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

    def _set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self.app.save_settings()
        self.app.sound.play("click")  # hear the new loudness

    def on_unhandled(self, event: pygame.event.Event) -> None:
        """Left and right arrows set the volume (the one control without a click target)."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.volume_slider.nudge(1 if event.key == pygame.K_RIGHT else -1)
        else:
            super().on_unhandled(event)

    @property
    def volume_slider(self) -> Slider:
        return next(w for _, w in self.rows if isinstance(w, Slider))

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
            elif isinstance(widget, Slider):
                control = pygame.Rect(
                    control.x, control.y, control.width - m.px(60), control.height
                )
                control = control.inflate(0, -m.px(16))
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
