"""Between the games of a match: a bar over the foot of the finished board with "Next game".

The match controller stops at ``BETWEEN_GAMES`` (``State.between_games``) so that the finished
board and the board's result banner stay in view; nobody, the AI included, deals the next game
until a player clicks "Next game" (or presses N / Enter). The bar covers only the viewer's hand,
so the flags, the log and the menu stay usable meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import t
from game.ui import art, theme
from game.ui.layout import Metrics
from game.ui.text import blit_text, fit_px
from game.ui.widgets import Button, Widget


class NextGameBar(Widget):
    """A panel with a line of words and the "Next game" button."""

    def __init__(self, next_game: Callable[[], None], words: Callable[[], str]) -> None:
        super().__init__()
        self.words = words
        self.button = Button(
            lambda: t("match.next_game"),
            next_game,
            style="primary",
            hotkeys=(pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER),
        )
        self.visible = False

    def place_over(self, board: pygame.Rect, m: Metrics) -> None:
        """At the foot of the board rectangle, over the middle 60 % (boards keep side columns
        of player panels at their edges)."""
        rect = pygame.Rect(0, 0, min(m.px(560), round(board.width * 0.6)), m.px(64))
        rect.midbottom = (board.centerx, board.bottom - m.px(12))
        self.place(rect, m.font_px(15))
        inner = rect.inflate(-m.px(16), -m.px(16))
        width = min(m.px(200), inner.width // 2)
        self.button.place(
            pygame.Rect(inner.right - width, inner.y, width, inner.height), m.font_px(16)
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.visible and self.button.handle_event(event)

    def update(self, dt: float) -> None:
        self.button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        pad = self.rect.height // 4
        art.panel(
            surface,
            self.rect,
            fill=(*theme.PANEL, 240),
            edge=theme.PANEL_EDGE,
            radius=self.rect.height // 4,
            shadow=pad // 2,
        )
        room = self.button.rect.x - self.rect.x - 2 * pad
        text = self.words()
        blit_text(
            surface,
            text,
            fit_px(text, self.px, room),
            theme.TEXT,
            midleft=(self.rect.x + pad, self.rect.centery),
        )
        self.button.draw(surface)
