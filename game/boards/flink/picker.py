"""The picker: the 24 ways to turn the F as icons, two rows lying flat then four standing, under
the keys that turn it. It owns its rect, the panel it painted last (painted again only when what
it shows changes) and the icons it draws ahead of need."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game import i18n
from game.boards.flink.art import FlinkArt
from game.engines.flink.geometry import NUM_ORIENTATIONS
from game.ui.draw import blit_at, lighter
from game.ui.text import fit_px, render

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

    def fs(self, k: float) -> int:
        return max(11, round(self.unit * k))

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
        key = (self.rect.size, mover, held, fits, i18n.t("flink.picker.title"), id(art))
        if key != self._key:
            self._panel = pygame.Surface(self.rect.size)
            self._paint(self._panel, art, mover, held, set(fits))
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

    def _paint(
        self, surface: pygame.Surface, art: FlinkArt, mover: int, held: int, fits: set[int]
    ) -> None:
        """The panel drawn at (0, 0): title, keys, and the icons grouped flat / standing."""
        p, u = art.p, self.unit
        pk = surface.get_rect()
        surface.fill(p["panel"])
        pygame.draw.line(surface, p["panel_edge"], pk.topleft, pk.bottomleft, 2)
        rects = [r.move(-self.rect.x, -self.rect.y) for r in self.icon_rects()]
        title = render(i18n.t("flink.picker.title"), self.fs(1.05), p["text"], bold=True)
        surface.blit(title, (u // 2, u // 2))
        for line, key in enumerate(("flink.picker.keys", "flink.picker.view_keys")):
            words = i18n.t(key)
            img = render(words, fit_px(words, self.fs(0.8), pk.w - u, min_px=10), p["text_dim"])
            surface.blit(img, (u // 2, round(u * (1.9 + 1.1 * line))))
        for label, first in (("flink.picker.flat", 0), ("flink.picker.standing", 8)):
            img = render(i18n.t(label), self.fs(0.85), p["text_dim"])
            surface.blit(img, (rects[first].x, rects[first].y - img.get_height() - 2))
        tile = lighter(p["panel"], 0.12)  # under every icon: Black's dark pieces stand out
        for o, rect in enumerate(rects):
            pygame.draw.rect(surface, p["panel_edge"] if o == held else tile, rect, border_radius=6)
            icon = art.piece_icon(o, mover, rect.h)
            blit_at(surface, icon, (0, 0), rect.topleft, None if o in fits else 90)
            if o == held:
                pygame.draw.rect(surface, p["legal"], rect, 2, border_radius=6)
