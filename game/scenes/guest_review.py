"""A guest's review after the game: the positions it was shown, one by one, on its own board.

The guest holds no state of the game. It keeps each observation the host sent it, by history
index (``RemoteTable.seen``), and the review steps through exactly those: nothing else about the
game exists on its machine, so nothing else can be shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.turns import count_turns
from game.ui import art, theme
from game.ui.text import blit_text, ellipsized
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import App
    from game.scenes.guest_match import GuestMatchScene


class GuestReviewScene(Scene):
    def __init__(self, app: App, scene: GuestMatchScene) -> None:
        super().__init__(app)
        self.table = scene.table
        self.positions = sorted(self.table.seen)  # history indices, the game's start first
        self.at = len(self.positions) - 1  # opens on the final position
        self.board = scene._make_board()
        self.back_button = Button(
            lambda: "◀",
            lambda: self.step(-1),
            hotkeys=(pygame.K_LEFT, pygame.K_UP),
            enabled=lambda: self.at > 0,
        )
        self.forward_button = Button(
            lambda: "▶",
            lambda: self.step(1),
            hotkeys=(pygame.K_RIGHT, pygame.K_DOWN),
            enabled=lambda: self.at < len(self.positions) - 1,
        )
        self.done_button = Button(
            lambda: t("common.done"), self.app.stack.pop, style="ghost", hotkeys=(pygame.K_ESCAPE,)
        )
        self.widgets = [self.back_button, self.forward_button, self.done_button]
        self.show()

    @property
    def index(self) -> int:
        """The history index of the position shown."""
        return self.positions[self.at]

    def step(self, by: int) -> None:
        self.at = max(0, min(len(self.positions) - 1, self.at + by))
        self.show()

    def show(self) -> None:
        self.board.show(self.table.seen[self.index], self.table.seat, [], animate=False)

    def caption(self) -> str:
        """ "Reviewing the position after move n of N", moves as the log numbers its turns."""
        log = self.table.log
        n = count_turns(step.player for step in log if step.index < self.index)
        return t("match.reviewing", n=n, total=count_turns(step.player for step in log))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        margin = m.px(14)
        self.bar = pygame.Rect(margin, margin, m.width - 2 * margin, m.px(60))
        inner = self.bar.inflate(-m.px(16), -m.px(16))
        done_w, arrow_w = m.px(120), m.px(56)
        self.done_button.place(
            pygame.Rect(inner.right - done_w, inner.y, done_w, inner.height), m.font_px(15)
        )
        forward = pygame.Rect(
            self.done_button.rect.x - m.px(10) - arrow_w, inner.y, arrow_w, inner.height
        )
        self.forward_button.place(forward, m.font_px(18))
        self.back_button.place(forward.move(-arrow_w - m.px(8), 0), m.font_px(18))
        below = self.bar.bottom + m.px(10)
        self.board.layout(pygame.Rect(margin, below, self.bar.width, m.height - below - margin))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.INK)
        self.board.draw(surface)
        art.panel(surface, self.bar, radius=m.px(12))
        px = m.font_px(16)
        room = self.back_button.rect.x - self.bar.x - m.px(32)
        text = ellipsized(f"{self.caption()}  ·  {t('match.review_hint')}", px, room)
        blit_text(surface, text, px, theme.TEXT, midleft=(self.bar.x + m.px(16), self.bar.centery))
        super().draw(surface)
