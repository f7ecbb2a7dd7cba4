"""The picker: the 24 ways to turn the F as icons, two rows lying flat then four standing, under
the keys that turn it. It owns its rect, the panel it painted last (painted again only when what
it shows changes); the art draws the icons ahead of need."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.boards.flink.art import FlinkArt
from game.engines.flink.geometry import NUM_ORIENTATIONS
from game.engines.flink.words import WORDS

COLUMNS = 4


class Picker:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.unit = 12
        self._key: Hashable = None
        self._panel = pygame.Surface((1, 1))

    def layout(self, rect: pygame.Rect, unit: int) -> None:
        self.rect, self.unit = pygame.Rect(rect), unit

    def icon_rects(self) -> list[pygame.Rect]:
        """The 24 icons: two rows lying flat, then four rows standing."""
        pk, u = self.rect, self.unit
        top = pk.y + u * 5.8
        size = min((pk.w - u) // COLUMNS, int(pk.h - (top - pk.y) - u * 2.4) // 6)
        rects = []
        for i in range(NUM_ORIENTATIONS):
            row, col = divmod(i, COLUMNS)
            y = top + row * size + (u * 1.6 if row >= 2 else 0)
            rects.append(pygame.Rect(pk.x + u // 2 + col * size, round(y), size - 2, size - 2))
        return rects

    def hit(self, pos: tuple[int, int]) -> int | None:
        """The orientation whose icon is under ``pos``."""
        return next((o for o, r in enumerate(self.icon_rects()) if r.collidepoint(pos)), None)

    def draw(
        self, surface: pygame.Surface, art: FlinkArt, mover: int, held: int, fits: tuple[int, ...]
    ) -> None:
        """The panel for ``mover`` with ``held`` in hand, those not in ``fits`` greyed."""
        words = WORDS.picker()
        key = (self.rect.size, mover, held, fits, words, id(art))
        if key != self._key:
            icons = [r.move(-self.rect.x, -self.rect.y) for r in self.icon_rects()]
            self._panel = art.picker(self.rect.size, icons, words, self.unit, mover, held, fits)
            self._key = key
        surface.blit(self._panel, self.rect)
        art.icons_ahead(self.icon_rects()[0].h)
