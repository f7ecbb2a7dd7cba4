"""The picker: the 24 ways to turn the F as icons, two rows lying flat then four standing, under
the keys that turn it. It owns its rect, the panel it painted last (painted again only when what
it shows changes) and the icons it draws ahead of need."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.boards.flink.art import FlinkArt
from game.engines.flink.geometry import NUM_ORIENTATIONS
from game.engines.flink.words import WORDS

COLUMNS = 4
ICONS_PER_FRAME = 4  # icons drawn ahead of need per frame


class Picker:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.unit = 12
        self._key: Hashable = None
        self._panel = pygame.Surface((1, 1))
        self._ahead_key: Hashable = None
        self._due: list[tuple[int, int]] = []  # icons not drawn yet: (orientation, player)

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
        """The panel for ``mover`` with ``held`` in hand, the orientations not in ``fits``
        greyed."""
        words = WORDS.picker()
        key = (self.rect.size, mover, held, fits, words, id(art))
        if key != self._key:
            icons = [r.move(-self.rect.x, -self.rect.y) for r in self.icon_rects()]
            self._panel = art.picker(self.rect.size, icons, words, self.unit, mover, held, fits)
            self._key = key
        surface.blit(self._panel, self.rect)

    def draw_ahead(self, art: FlinkArt) -> None:
        """Both players' icons, a few a frame ahead of need, so the frame in which the mover
        changes only puts the panel together (24 new icons took 4-5 ms there)."""
        key = (self.rect.size, self.unit, id(art))
        if key != self._ahead_key:
            self._ahead_key = key
            self._due = [(o, p) for p in (0, 1) for o in range(NUM_ORIENTATIONS)]
        px = self.icon_rects()[0].h
        for o, player in self._due[-ICONS_PER_FRAME:]:
            art.piece_icon(o, player, px)
        del self._due[-ICONS_PER_FRAME:]
