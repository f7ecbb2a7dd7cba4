"""The rules screen: ``assets/rules/<game>.<lang>.md`` rendered and scrollable.

Falls back to the English file when the current language has none, and says so in words when
no rules file exists at all. The page is rendered once per width into one tall surface.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.boards import board_class, has_board
from game.engines import GAMES
from game.i18n import get_language, t
from game.resources import resource_path
from game.scenes.base import Scene
from game.ui import art, emblems, theme
from game.ui.fonts import get_font
from game.ui.markdown import Block, parse
from game.ui.text import blit_text, render, wrap
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import App

_STYLE = {
    "h1": (30, True, theme.TEXT),
    "h2": (23, True, theme.GOLD),
    "h3": (19, True, theme.TEXT),
    "p": (17, False, theme.TEXT_DIM),
    "bullet": (17, False, theme.TEXT_DIM),
}


def rules_file(game_id: str, lang: str) -> Path | None:
    """The rules text in ``lang``, else in English, else None."""
    for candidate in (lang, "en"):
        path = resource_path("assets", "rules", f"{game_id}.{candidate}.md")
        if path.exists():
            return path
    return None


def game_title(game_id: str) -> str:
    game = GAMES.get(game_id)
    if game is None:
        return game_id
    return game.title_ja if get_language() == "ja" else game.title


def board_picture(game_id: str, name: str, width: int) -> pygame.Surface | None:
    """A picture the game's board draws for its rules (``Board.rules_picture``), if it has one."""
    if not has_board(game_id):
        return None
    return board_class(game_id).rules_picture(name, width)


def _marker(marker: str, px: int) -> pygame.Surface:
    """A list marker: a gold dot for bullets, the number for numbered items."""
    if marker != "•":
        return render(marker, px, theme.GOLD, True)
    height = render("Ag", px, theme.GOLD).get_height()
    dot = pygame.Surface((px, height), pygame.SRCALPHA)
    pygame.draw.circle(dot, theme.GOLD, (px // 3, height // 2 + 1), max(2, px // 5))
    return dot


class RulesScene(Scene):
    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.blocks: list[Block] = []
        self.page: pygame.Surface | None = None
        self.lines: list[tuple[str, pygame.Rect]] = []
        self.view = pygame.Rect(0, 0, 0, 0)
        self.offset = 0.0
        self.back = Button(
            lambda: t("common.back"),
            self.close,
            style="ghost",
            hotkeys=(pygame.K_ESCAPE, pygame.K_BACKSPACE),
            icon="←",
        )
        self.widgets = [self.back]
        self.load()

    def load(self) -> None:
        path = rules_file(self.game_id, get_language())
        if path is None:
            self.blocks = [Block("p", t("rules.missing"))]
        else:
            self.blocks = parse(path.read_text(encoding="utf-8"))
        self.page = None

    def relabel(self) -> None:
        self.load()
        super().relabel()

    def close(self) -> None:
        self.app.stack.pop()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        column = min(m.px(820), m.width - m.px(120))
        self.view = pygame.Rect((m.width - column) // 2, m.px(120), column, m.height - m.px(150))
        self.back.place(pygame.Rect(m.px(28), m.px(30), m.px(150), m.px(44)), m.font_px(16))
        self.page = None

    def _render_page(self) -> pygame.Surface:
        """Lay the blocks out once, then size the page from that layout (never a second guess).

        ``self.lines`` keeps each line's text and place on the page, for tests and scrolling.
        """
        m = self.metrics
        width = self.view.width - m.px(56)
        placed: list[tuple[pygame.Surface, int, int]] = []  # surface, x, y on the page
        self.lines = []
        y = 0
        for block in self.blocks:
            if block.kind == "picture":
                picture = board_picture(self.game_id, block.marker, min(width, m.px(560)))
                if picture is None:
                    continue
                y += m.px(12)
                placed.append((picture, (width - picture.get_width()) // 2, y))
                y += picture.get_height() + m.px(4)
                block = Block("p", block.text)
            size, bold, colour = _STYLE[block.kind]
            px = m.font_px(size)
            indent = m.px(26) if block.kind == "bullet" else 0
            y += m.px(22) if block.kind.startswith("h") else m.px(8)
            for i, line in enumerate(wrap(block.text, get_font(px, bold), width - indent)):
                surf = render(line, px, colour, bold)
                placed.append((surf, indent, y))
                self.lines.append((line, surf.get_rect(topleft=(indent, y))))
                if i == 0 and block.marker:
                    placed.append((_marker(block.marker, px), 0, y))
                y += round(surf.get_height() * 1.08)
        page = pygame.Surface((width, max(1, y + m.px(40))), pygame.SRCALPHA)
        for surf, x, top in placed:
            page.blit(surf, (x, top))
        return page

    @property
    def inner(self) -> pygame.Rect:
        """Where the page shows through: the panel less its padding."""
        m = self.metrics
        return self.view.inflate(-m.px(56), -m.px(40))

    def scroll_limit(self) -> int:
        """The largest offset: the page's end (its bottom padding included) at the inner bottom."""
        return 0 if self.page is None else max(0, self.page.get_height() - self.inner.height)

    def scroll(self, pixels: float) -> None:
        if self.page is None:
            return
        self.offset = max(0.0, min(float(self.scroll_limit()), self.offset + pixels))

    def on_unhandled(self, event: pygame.event.Event) -> None:
        step = self.metrics.px(60)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * step)
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: self.view.height * 0.9,
                pygame.K_PAGEUP: -self.view.height * 0.9,
                pygame.K_SPACE: self.view.height * 0.9,
                pygame.K_HOME: -1e9,
                pygame.K_END: 1e9,
            }
            if event.key in keys:
                self.scroll(keys[event.key])

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.blit(art.backdrop(self.app.size, theme.accent(self.game_id)), (0, 0))
        icon = emblems.emblem(self.game_id, m.px(64))
        title_x = self.view.x
        surface.blit(icon, icon.get_rect(midleft=(title_x, m.px(58))))
        blit_text(
            surface,
            game_title(self.game_id),
            m.font_px(30),
            theme.TEXT,
            True,
            midleft=(title_x + m.px(80), m.px(48)),
        )
        blit_text(
            surface,
            t("rules.title"),
            m.font_px(15),
            theme.TEXT_DIM,
            midleft=(title_x + m.px(80), m.px(80)),
        )
        art.panel(surface, self.view, fill=(*theme.PANEL, 235), radius=m.px(16), shadow=m.px(12))
        if self.page is None:
            self.page = self._render_page()
            self.scroll(0)
        inner = self.inner
        clip = surface.get_clip()
        surface.set_clip(inner)
        surface.blit(self.page, (inner.x, inner.y - round(self.offset)))
        surface.set_clip(clip)
        edge = m.px(18)
        surface.blit(art.fade((inner.width, edge), theme.PANEL, True), (inner.x, inner.y - m.px(4)))
        surface.blit(
            art.fade((inner.width, edge), theme.PANEL, False),
            (inner.x, inner.bottom - edge + m.px(4)),
        )
        if self.page.get_height() > inner.height:
            total = self.page.get_height()
            bar_h = max(m.px(30), inner.height * inner.height // total)
            limit = max(1, self.scroll_limit())
            y = inner.y + round((inner.height - bar_h) * min(1.0, self.offset / limit))
            pygame.draw.rect(
                surface,
                theme.PANEL_EDGE,
                (self.view.right - m.px(14), y, m.px(5), bar_h),
                border_radius=3,
            )
        super().draw(surface)
