"""The title screen: the gallery of all five games, Continue, settings, quit.

Games of the catalogue that are not built yet are shown (so the collection reads as five) but
greyed out with a "coming soon" ribbon and cannot be opened.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game import saves
from game.boards import has_board
from game.engines import GAMES
from game.i18n import get_language, t
from game.scenes.base import Scene
from game.scenes.saved import display_names, open_save
from game.ui import art, emblems, theme
from game.ui.fonts import get_font
from game.ui.layout import split_columns
from game.ui.text import MIN_TEXT_PX, blit_text, clip_lines, ellipsized, fit_px, render, wrap
from game.ui.widgets import Button, Toasts, Widget
from game.version import version

if TYPE_CHECKING:
    from game.scenes.base import App


class GameCard(Widget):
    """One game in the gallery: emblem, both titles, player count; click to set up a match."""

    def __init__(self, scene: TitleScene, game_id: str, title: str, title_ja: str) -> None:
        super().__init__()
        self.scene = scene
        self.game_id, self.title, self.title_ja = game_id, title, title_ja
        self.built = has_board(game_id)
        self.hover = 0.0
        self.hovered = False
        self.play = Button(
            lambda: t("title.play"), lambda: scene.open_setup(game_id), style="primary"
        )
        self.rules = Button(
            lambda: t("title.rules"), lambda: scene.open_rules(game_id), style="ghost"
        )
        self.buttons = (self.play, self.rules) if self.built else ()

    def place(self, rect: pygame.Rect, px: int) -> None:
        super().place(rect, px)
        h = round(rect.height * 0.115)
        pad = rect.width // 12
        row = pygame.Rect(rect.x + pad, rect.bottom - h - pad, rect.width - 2 * pad, h)
        half = (row.width - pad // 2) // 2
        self.play.place(pygame.Rect(row.x, row.y, half, h), max(12, px - 3))
        self.rules.place(pygame.Rect(row.right - half, row.y, half, h), max(12, px - 3))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if any(b.handle_event(event) for b in self.buttons):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            if self.built:
                self.scene.open_setup(self.game_id)
            else:
                self.scene.toasts_soon(self.title)
            return True
        return False

    def update(self, dt: float) -> None:
        for b in self.buttons:
            b.update(dt)
        target = 1.0 if self.hovered and self.built else 0.0
        self.hover += (target - self.hover) * min(1.0, dt * 12)

    def draw(self, surface: pygame.Surface) -> None:
        lift = round(self.hover * self.rect.height * 0.025)
        card = self.rect.move(0, -lift)
        accent = theme.accent(self.game_id)
        edge = (
            theme.mix(theme.PANEL_EDGE, accent, 0.4 + 0.6 * self.hover)
            if self.built
            else theme.PANEL_EDGE
        )
        fill = (
            theme.mix(theme.PANEL, theme.PANEL_HI, self.hover)
            if self.built
            else theme.mix(theme.PANEL, theme.INK, 0.5)
        )
        radius = max(8, card.width // 14)
        art.panel(
            surface,
            card,
            fill=(*fill, 245),
            edge=edge,
            radius=radius,
            shadow=max(6, card.width // 16) if self.built else 0,
        )
        band = pygame.Rect(card.x, card.y, card.width, max(4, card.height // 70))
        pygame.draw.rect(
            surface,
            accent if self.built else theme.TEXT_FAINT,
            band,
            border_top_left_radius=radius,
            border_top_right_radius=radius,
        )
        size = round(card.width * 0.62)
        icon = emblems.emblem(self.game_id, size, muted=not self.built)
        surface.blit(icon, icon.get_rect(midtop=(card.centerx, card.y + card.height // 14)))
        primary, secondary = (
            (self.title_ja, self.title) if get_language() == "ja" else (self.title, self.title_ja)
        )
        ink = theme.TEXT if self.built else theme.TEXT_FAINT
        y = card.y + card.height // 14 + size + card.height // 40
        font_px, lines = title_lines(primary, self.px + 3, card.width - card.width // 8)
        for line in lines:
            px = fit_px(line, font_px, card.width - card.width // 10, bold=True)
            r = blit_text(surface, line, px, ink, True, midtop=(card.centerx, y))
            y = r.bottom
        width = card.width - card.width // 10
        px = fit_px(secondary, self.px - 2, width)
        r = blit_text(
            surface,
            ellipsized(secondary, px, width),  # a long English title under a Japanese one
            px,
            theme.TEXT_DIM if self.built else theme.TEXT_FAINT,
            midtop=(card.centerx, y + 2),
        )
        if self.built:
            game = GAMES[self.game_id]
            players = players_text(game.min_players, game.max_players, game.cooperative)
            blit_text(
                surface,
                players,
                fit_px(players, max(MIN_TEXT_PX, self.px - 4), card.width - card.width // 10),
                theme.TEXT_FAINT,
                midtop=(card.centerx, r.bottom + 4),
            )
            for b in self.buttons:
                b.rect.y -= lift
                b.draw(surface)
                b.rect.y += lift
        else:
            self._ribbon(surface, card)

    def _ribbon(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        """ "Coming soon" as a caption between two rules: no fill, no edge, nothing that reads as
        a button (a gold pill was clicked by play-testers expecting it to do something)."""
        text = t("title.coming_soon")
        px = max(11, self.px - 3)
        label = render(text.upper(), px, theme.TEXT_FAINT, bold=True)
        box = label.get_rect(midbottom=(card.centerx, card.bottom - card.height // 12))
        surface.blit(label, box)
        rule = max(8, (card.width - box.width) // 2 - px * 2)
        y = box.centery
        for x0 in (box.x - px // 2 - rule, box.right + px // 2):
            pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x0 + rule, y))


@lru_cache(maxsize=64)
def title_lines(title: str, px: int, width: int) -> tuple[int, tuple[str, ...]]:
    """A game's title in at most two lines of ``width``: smaller type before a lost word
    ("Frontline General: Spearpoint 1943" lost its last line in a narrow window), the rest
    ellipsized only below the smallest type. Returns the size and the lines."""
    lines = wrap(title, get_font(px, True), width)
    while len(lines) > 2 and px > MIN_TEXT_PX:
        px -= 1
        lines = wrap(title, get_font(px, True), width)
    return px, tuple(clip_lines(lines, 2, px, width, bold=True))


def players_text(lo: int, hi: int, cooperative: bool) -> str:
    count = t("title.players_n", n=lo) if lo == hi else t("title.players_range", lo=lo, hi=hi)
    return f"{count} · {t('title.coop')}" if cooperative else count


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.cards = [GameCard(self, gid, game.title, game.title_ja) for gid, game in GAMES.items()]
        self.autosaves: list[saves.Autosave] = []  # playable matches in progress, newest first
        self.continue_button = Button(
            self._continue_label, self.continue_match, style="primary", hotkeys=(pygame.K_c,)
        )
        self.join_button = Button(
            lambda: t("title.join"), self.open_join, icon="⇄", hotkeys=(pygame.K_j,)
        )
        self.settings_button = Button(lambda: t("title.settings"), self.open_settings, icon="⚙")
        self.quit_button = Button(lambda: t("title.quit"), app.quit, hotkeys=(pygame.K_ESCAPE,))
        self.widgets = [
            *self.cards,
            self.continue_button,
            self.join_button,
            self.settings_button,
            self.quit_button,
        ]
        self.toasts = Toasts()

    # --- life cycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh_saves()

    def resume(self) -> None:
        self.refresh_saves()

    def refresh_saves(self) -> None:
        found, problems = saves.scan_autosaves(known_games=set(GAMES))
        # A save of a game this build cannot play yet (no board) stays on disk, unlisted.
        self.autosaves = [s for s in found if has_board(s.game_id)]
        self.continue_button.visible = bool(self.autosaves)
        self.layout(self.app.size)
        self.app.report_problems(problems)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        margin, gap = m.px(48), m.px(20)
        count = len(self.cards)  # one card per game of the table, in one row
        card_w = min(m.px(228), (m.width - 2 * margin - (count - 1) * gap) // count)
        card_h = min(round(card_w * 1.62), m.height - m.px(340))
        logo_h, button_h = m.px(160), m.px(52)
        total = logo_h + m.px(36) + card_h + m.px(44) + button_h + m.px(30)
        self.logo_y = max(m.px(24), (m.height - total) // 2)
        row = pygame.Rect(0, 0, count * card_w + (count - 1) * gap, card_h)
        row.midtop = (m.width // 2, self.logo_y + logo_h + m.px(36))
        for card, rect in zip(self.cards, split_columns(row, [1] * count, gap), strict=True):
            card.place(rect, m.font_px(17))
        bar_buttons = (
            self.continue_button,
            self.join_button,
            self.settings_button,
            self.quit_button,
        )
        buttons = [b for b in bar_buttons if b.visible]
        widths = [m.px(280) if b is self.continue_button else m.px(200) for b in buttons]
        gap = m.px(16)
        bar = pygame.Rect(0, 0, sum(widths) + gap * (len(buttons) - 1), m.px(52))
        bar.midtop = (m.width // 2, row.bottom + m.px(44))
        for button, rect in zip(buttons, split_columns(bar, widths, gap), strict=True):
            button.place(rect, m.font_px(18))

    # --- actions -------------------------------------------------------------------------------
    def _continue_label(self) -> str:
        return t("title.continue")

    def open_setup(self, game_id: str) -> None:
        self.app.stack.open("setup", GAMES[game_id])

    def open_rules(self, game_id: str) -> None:
        self.app.stack.open("rules", game_id)

    def open_join(self) -> None:
        """Join a networked table: by invite code or from the local network's list."""
        self.app.stack.open("join")

    def open_settings(self) -> None:
        self.app.stack.open("settings")

    def toasts_soon(self, title: str) -> None:
        self.toasts.show(t("title.soon_toast", game=title))

    @property
    def autosave(self) -> saves.Autosave | None:
        """The most recent match in progress."""
        return self.autosaves[0] if self.autosaves else None

    def continue_match(self) -> None:
        """The only match in progress opens at once; several are listed to choose from."""
        if len(self.autosaves) > 1:
            self.app.stack.open("continue", self.autosaves)
        elif self.autosaves and not open_save(self.app, self.autosaves[0]):
            self.refresh_saves()

    # --- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.toasts.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.blit(art.backdrop(self.app.size), (0, 0))
        art.logo(surface, (m.width // 2, self.logo_y), m.font_px(64), t("title.tagline"))
        super().draw(surface)
        if self.autosave is not None:
            save = self.autosave
            game = GAMES[save.game_id]
            name = game.title_ja if get_language() == "ja" else game.title
            players = "  /  ".join(display_names(save))
            more = len(self.autosaves) - 1
            caption = (
                t("saved.more", game=name, players=players, n=more)
                if more
                else t("title.continue_detail", game=name, players=players)
            )
            blit_text(
                surface,
                caption,
                m.font_px(13),
                theme.TEXT_DIM,
                midtop=(
                    self.continue_button.rect.centerx,
                    self.continue_button.rect.bottom + m.px(8),
                ),
            )
        blit_text(
            surface,
            t("title.footer"),
            m.font_px(12),
            theme.TEXT_FAINT,
            midbottom=(m.width // 2, m.height - m.px(14)),
        )
        blit_text(
            surface,
            f"v{version()}",
            m.font_px(12),
            theme.TEXT_FAINT,
            bottomright=(m.width - m.px(16), m.height - m.px(14)),
        )
        self.toasts.draw(surface, (m.width // 2, m.height - m.px(48)), m.font_px(15))
