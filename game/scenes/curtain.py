"""The hot-seat curtain: "Pass to <name> — click to reveal", hiding everything private.

It is opaque (nothing below is drawn), so no one's hand shows while the screen changes hands.
Escape opens the match menu over it (leave, restart, resign, rules, settings) without revealing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.ui import art, theme
from game.ui.text import blit_text

if TYPE_CHECKING:
    from game.scenes.base import App

ARM_DELAY = 0.35  # seconds before a click counts, so the previous player's click cannot reveal


class CurtainScene(Scene):
    def __init__(self, app: App, game_id: str, name: str, on_reveal: Callable[[], None]) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.name = name
        self.on_reveal = on_reveal
        self.age = 0.0

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if self.age < ARM_DELAY:
            return
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        pressed = event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
        if clicked or pressed:
            self.app.sound.play("flip")
            self.app.stack.pop()
            self.on_reveal()

    def open_menu(self) -> None:
        """The match menu, drawn over this opaque curtain, so nothing private shows."""
        from game.scenes.match import MatchScene

        scene = self.app.stack.find(MatchScene)
        if scene is not None:
            self.app.stack.open("pause", scene)

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.blit(art.backdrop(self.app.size, theme.accent(self.game_id)), (0, 0))
        centre = (m.width // 2, m.height // 2)
        card = pygame.Rect(0, 0, min(m.px(620), m.width - m.px(60)), m.px(320))
        card.center = centre
        art.panel(surface, card, fill=(*theme.PANEL, 245), radius=m.px(20), shadow=m.px(24))
        eye_c = (card.centerx, card.y + m.px(70))
        w, h = m.px(64), m.px(30)
        pygame.draw.ellipse(
            surface, theme.GOLD, (eye_c[0] - w // 2, eye_c[1] - h // 2, w, h), m.px(3)
        )
        pygame.draw.circle(surface, theme.GOLD, eye_c, m.px(9))
        pygame.draw.line(
            surface,
            theme.DANGER,
            (eye_c[0] - w // 2, eye_c[1] + h // 2 + m.px(4)),
            (eye_c[0] + w // 2, eye_c[1] - h // 2 - m.px(4)),
            m.px(4),
        )
        blit_text(
            surface,
            t("curtain.pass_to", name=self.name),
            m.font_px(34),
            theme.TEXT,
            True,
            center=(card.centerx, card.y + m.px(150)),
        )
        blit_text(
            surface,
            t("curtain.look_away"),
            m.font_px(16),
            theme.TEXT_DIM,
            center=(card.centerx, card.y + m.px(198)),
        )
        pulse = 0.55 + 0.45 * math.sin(self.age * 3.2)
        colour = theme.mix(theme.TEXT_FAINT, theme.GOLD, pulse if self.age >= ARM_DELAY else 0)
        blit_text(
            surface,
            t("curtain.reveal", name=self.name),
            m.font_px(18),
            colour,
            True,
            center=(card.centerx, card.y + m.px(262)),
        )
        blit_text(
            surface,
            t("curtain.menu_hint"),
            m.font_px(13),
            theme.TEXT_FAINT,
            midbottom=(m.width // 2, m.height - m.px(18)),
        )
