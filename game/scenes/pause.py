"""The in-match menu: resume, rules, settings, or leave to the title screen (the match is saved)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.scenes.overlay import OverlayScene
from game.ui import theme
from game.ui.fonts import get_font
from game.ui.layout import stack_rows
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.match import MatchScene


class PauseScene(OverlayScene):
    card_size = (460, 470)

    def __init__(self, app: App, scene: MatchScene) -> None:
        super().__init__(app, lambda: t("pause.title"))
        self.scene = scene
        self.buttons = [
            Button(lambda: t("pause.resume"), self.close, style="primary"),
            Button(lambda: t("title.rules"), self.rules),
            Button(lambda: t("title.settings"), self.settings),
            Button(lambda: t("pause.leave"), self.leave_match, style="ghost"),
        ]
        self.widgets = list(self.buttons)

    def rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.scene.match.game.id))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def leave_match(self) -> None:
        from game.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        rows = stack_rows(self.body, [m.px(50)] * len(self.buttons), m.px(12))
        for button, row in zip(self.buttons, rows, strict=True):
            button.place(row, m.font_px(17))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        note = t("pause.saved_note") if not self.scene.match.is_over else ""
        px = m.font_px(13)
        y = self.buttons[-1].rect.bottom + m.px(12)
        for line in wrap(note, get_font(px), self.body.width):
            blit_text(surface, line, px, theme.TEXT_FAINT, topleft=(self.body.x, y))
            y += round(px * 1.4)
