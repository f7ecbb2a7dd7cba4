"""Translucent overlays: a dimmed scene behind a centred card (dialogs, pause menu, settings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import saves
from game.i18n import t
from game.saves import Problem
from game.scenes.base import App, Scene
from game.ui import art, theme
from game.ui.fonts import get_font
from game.ui.layout import split_columns
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button, Label, text_of


class OverlayScene(Scene):
    """A card over the dimmed scene below; Escape (or ``close``) pops it."""

    translucent = True
    card_size = (560, 420)  # at the reference window size

    def __init__(self, app: App, title: Label) -> None:
        super().__init__(app)
        self.title = title
        self.card = pygame.Rect(0, 0, 0, 0)
        self.appear = 0.0  # 0 → 1 as the overlay fades in

    def body_height(self) -> int | None:
        """The height the card's content needs in pixels, or None for ``card_size``."""
        return None

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        w = min(m.px(self.card_size[0]), m.width - m.px(40))
        self.card = pygame.Rect(0, 0, w, 0)  # body_height may measure text against the width
        content = self.body_height()
        h = m.px(self.card_size[1]) if content is None else m.px(84 + 28) + content
        h = min(h, m.height - m.px(40))
        self.card = pygame.Rect(0, 0, w, h)
        self.card.center = (m.width // 2, m.height // 2)

    @property
    def body(self) -> pygame.Rect:
        """The card's inside below the title."""
        m = self.metrics
        pad = m.px(28)
        return pygame.Rect(
            self.card.x + pad,
            self.card.y + m.px(84),
            self.card.width - 2 * pad,
            self.card.height - m.px(84) - pad,
        )

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_unhandled(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.appear = min(1.0, self.appear + dt * 6)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        shade = art.scrim(self.app.size, round(170 * self.appear) // 10 * 10)
        surface.blit(shade, (0, 0))
        art.panel(
            surface,
            self.card,
            fill=(*theme.PANEL, 250),
            edge=theme.PANEL_EDGE,
            radius=m.px(18),
            shadow=m.px(24),
        )
        pygame.draw.rect(
            surface,
            theme.GOLD,
            (self.card.x + m.px(28), self.card.y + m.px(70), m.px(48), m.px(3)),
            border_radius=2,
        )
        blit_text(
            surface,
            text_of(self.title),
            m.font_px(26),
            theme.TEXT,
            True,
            topleft=(self.card.x + m.px(28), self.card.y + m.px(24)),
        )
        super().draw(surface)


class DialogScene(OverlayScene):
    """A message with a row of buttons; each button runs its action and closes the dialog."""

    def __init__(
        self,
        app: App,
        title: Label,
        message: Label,
        buttons: Sequence[tuple[Label, Callable[[], None]]] = (),
    ) -> None:
        super().__init__(app, title)
        self.message = message
        choices = list(buttons) or [(lambda: t("common.ok"), lambda: None)]
        self.buttons = [
            Button(
                label,
                self._then_close(action),
                style="primary" if i == len(choices) - 1 else "normal",
            )
            for i, (label, action) in enumerate(choices)
        ]
        self.widgets = list(self.buttons)

    def _then_close(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()

        return run

    def on_unhandled(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buttons[-1].on_click()
        else:
            super().on_unhandled(event)

    def _lines(self) -> list[str]:
        px = self.metrics.font_px(17)
        return wrap(text_of(self.message), get_font(px), self.body.width)

    def body_height(self) -> int:
        m = self.metrics
        return len(self._lines()) * round(m.font_px(17) * 1.45) + m.px(30 + 50)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        row = pygame.Rect(self.body.x, self.body.bottom - m.px(50), self.body.width, m.px(50))
        widths = [1.0] * len(self.widgets)
        for button, rect in zip(self.widgets, split_columns(row, widths, m.px(14)), strict=True):
            button.place(rect, m.font_px(17))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        px = m.font_px(17)
        y = self.body.y
        for line in self._lines():
            blit_text(surface, line, px, theme.TEXT_DIM, topleft=(self.body.x, y))
            y += round(px * 1.45)


def problem_text(problem: Problem) -> str:
    """A damaged file described in the player's language."""
    reason = t(f"save.reason.{problem.reason}")
    if problem.moved_to is None:
        return t("save.damaged_kept", file=problem.file, reason=reason)
    return t("save.damaged", file=problem.file, reason=reason, moved=problem.moved_to)


def report_problems(app: App, problems: Sequence[Problem]) -> None:
    """One dialog listing every damaged save that was set aside."""
    message = "\n\n".join(problem_text(p) for p in problems)
    app.stack.push(DialogScene(app, lambda: t("save.damaged_title"), message))


def announce(app: App, problems: list[Problem], storage_error: str | None) -> None:
    """Tell the player, in dialogs over the top scene, about damaged files set aside and a
    data folder that refuses writes (``storage_error``: why); the app owes these."""
    if problems:
        report_problems(app, problems)
    if storage_error is not None:
        folder = str(saves.data_dir())
        app.stack.push(
            DialogScene(
                app,
                lambda: t("harden.storage_title"),
                lambda: t("harden.storage", folder=folder, reason=storage_error),
            )
        )
