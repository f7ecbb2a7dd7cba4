"""The match screen's chrome: status bar, side panel (players, move log, review, buttons).

Kept apart from :mod:`game.scenes.match` so that the scene holds the turn loop and commands and
this module holds where things are and how they look. The panel reads the scene's state and
calls the scene's commands; it decides nothing about the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game import turns
from game.engines.base import CHANCE, State
from game.i18n import get_language, t
from game.match import result_text, side_caption
from game.turns import Phrase
from game.ui import art, emblems, overlays, theme
from game.ui.draw import Art
from game.ui.layout import Metrics
from game.ui.text import blit_pair, blit_text, ellipsized, fit_px, render, text_width
from game.ui.widgets import Button, Row, ScrollList, Widget

if TYPE_CHECKING:
    from game.boards.base import Board
    from game.match import Match
    from game.scenes.base import App
    from game.ui.theme import Colour


class PanelScene(Protocol):
    """What the panel reads of its scene (``MatchScene``) and the commands its buttons call."""

    app: App
    match: Match
    metrics: Metrics
    board: Board
    palette: dict[str, Colour]
    clock: float
    review: int | None  # history length shown while reviewing the log
    forced_wait: float | None
    forced_text: str
    over_shown: bool

    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def can_undo(self) -> bool: ...
    def can_redo(self) -> bool: ...
    def hint_possible(self) -> bool: ...
    def waiting_words(self) -> str: ...
    def hint(self) -> None: ...
    def open_rules(self) -> None: ...
    def open_menu(self) -> None: ...
    def show_summary(self) -> None: ...
    def pick_move(self, index: int) -> None: ...
    def can_replay(self) -> bool: ...
    def replay_last_turn(self) -> None: ...
    def step_review(self, delta: int) -> None: ...
    def back_to_live(self) -> None: ...


def fitted_title(title: str, px: int, width: int) -> tuple[str, int]:
    """A game's title and bold size for ``width`` pixels: shrunk first; if even the smallest
    size is too wide, the name before its subtitle ("Frontline General" of "Frontline General:
    Spearpoint 1943"), ellipsized if need be."""
    px = fit_px(title, px, width, bold=True)
    if text_width(title, px, bold=True) > width:
        title = ellipsized(title.split(": ")[0], px, width, bold=True)
    return title, px


def row_note(
    surface: pygame.Surface, log: ScrollList, rows: list[Row], note_art: Art, m: Metrics
) -> pygame.Rect | None:
    """The hovered row of ``log`` in full beside it when the row cuts its words off (a Flat
    Front turn that turns up several tiles, a Frontline attack and its rolls); returns the
    note's box, if drawn. The local match's log and a guest's log show it alike."""
    i = log.hover
    if i is None or not 0 <= i < len(rows):
        return None
    row = rows[i]
    room = log.rect.width - 28  # as ScrollList draws a row: its width less margins
    if text_width(row.text, max(11, log.px - 4)) <= room:
        return None
    y = log.rect.y + i * log.row_h - log.offset + log.row_h // 2

    def place(box: pygame.Rect) -> None:
        box.midright = (log.rect.x - m.px(18), y)

    return overlays.note(
        surface,
        note_art,
        row.text,
        min(m.px(420), log.rect.x - m.px(40)),
        place,
        surface.get_rect(),
        row.colour,
        m.font_px(14),
    )


def turn_text(board: Board, steps: list[turns.Step]) -> str:
    """A player's log row: the board's words for each step of the turn; a turn whose every
    step so far is hidden from this screen (cards set aside face down, targets declared in
    secret) says so rather than showing an empty row."""
    return " · ".join(w for w in board.turn_words(steps) if w) or t("log.secret")


def chance_words(board: Board, steps: list[turns.Step], names: list[str]) -> str:
    """A log row of chance alone (the deal): each public event with its player, the hidden
    ones counted, not listed."""
    hidden = [s for s in steps if s.private]
    words = []
    for step in (s for s in steps if not s.private or len(hidden) == 1):
        who = turns.owner(step.phrase)
        word = board.turn_words([step])[0]
        words.append(word if who is None else f"{names[who]}: {word}")
    if len(hidden) > 1:
        words.append(t("log.hidden_chance_n", n=len(hidden)))
    return " · ".join(words)


class MatchPanel:
    """Widgets and drawing around the board; ``layout`` returns the board's rect."""

    def __init__(self, scene: PanelScene) -> None:
        self.scene = scene
        self.match = scene.match
        self.metrics = scene.metrics
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._log_key: tuple = ()
        self._log_rows: list[Row] = []
        # Rows of turns already worded, by the identity of their steps (the step log keeps a
        # step's object until a rewind), so a new move words its own turn, not every turn again.
        self._worded: dict[tuple[int, ...], tuple[list[turns.Step], Row]] = {}
        self._worded_for: tuple = ()
        self._row_move: list[int] = []  # per log row: the last move it stands for
        self._move_row: list[int] = []  # per move: its log row
        self.turns: list[turns.Turn] = []
        self._steps = turns.StepLog(self.match.game, self._log_phrase)
        self._note_art = Art({"text": theme.TEXT, "panel": theme.PANEL})
        self.undo_button = Button(
            lambda: t("match.undo"),
            scene.undo,
            icon="↶",
            enabled=lambda: scene.can_undo() and scene.review is None,
        )
        self.redo_button = Button(
            lambda: t("match.redo"),
            scene.redo,
            icon="↷",
            enabled=lambda: scene.can_redo() and scene.review is None,
        )
        self.hint_button = Button(
            lambda: t("match.hint"), scene.hint, icon="?", enabled=scene.hint_possible
        )
        self.rules_button = Button(
            lambda: t("title.rules"), scene.open_rules, hotkeys=(pygame.K_F1,)
        )
        self.menu_button = Button(lambda: t("match.menu"), scene.open_menu, style="ghost", icon="≡")
        self.live_button = Button(
            lambda: t("match.back_to_live"), scene.back_to_live, style="primary"
        )
        self.prev_button = Button(
            "◀", lambda: scene.step_review(-1), enabled=lambda: (scene.review or 0) > 0
        )
        self.next_button = Button("▶", lambda: scene.step_review(1))
        self.summary_button = Button(
            lambda: t("match.summary"), scene.show_summary, style="primary"
        )
        self.replay_button = Button(
            lambda: t("kit.replay"), scene.replay_last_turn, icon="⟲", enabled=scene.can_replay
        )
        self.log = ScrollList(self.rows, lambda row: scene.pick_move(self._row_move[row]))
        self.widgets: list[Widget] = [
            self.undo_button,
            self.redo_button,
            self.hint_button,
            self.rules_button,
            self.menu_button,
            self.live_button,
            self.prev_button,
            self.next_button,
            self.summary_button,
            self.replay_button,
            self.log,
        ]

    def _log_phrase(self, state: State, action: int, viewer: int) -> Phrase:
        """The board's words for what the viewer saw; a spectator's log names only what every
        seat saw."""
        log_phrase = self.scene.board.log_phrase
        if self.match.spectating:
            return turns.public_phrase(log_phrase, state, action, viewer)
        return log_phrase(state, action, viewer)

    def rows(self) -> list[Row]:
        """The move log, one row per turn (game/turns.py), rebuilt only when the moves,
        the viewer or the language change. The row names the player as the seat list does;
        the board words the turn and draws its cards or tiles as small icons."""
        m = self.match
        key = (m.revision, get_language(), m.viewer, m.spectating)
        if key != self._log_key:
            if key[3:] != self._log_key[3:]:  # a seat handed to the AI: this screen holds it
                self._steps = turns.StepLog(m.game, self._log_phrase)
            self._log_key = key
            moves = m.moves
            steps = self._steps.update(
                m.state.to_record(),
                [mv.player for mv in moves],
                [mv.forced for mv in moves],
                [mv.private for mv in moves],
                m.viewer,
            )
            self.turns = turns.group(steps)
            rows: list[Row] = []
            self._row_move, self._move_row = [], []
            if self._worded_for != key[1:]:
                self._worded_for, self._worded = key[1:], {}
            worded: dict[tuple[int, ...], tuple[list[turns.Step], Row]] = {}
            for turn in self.turns:
                ids = tuple(map(id, turn.steps))
                known = self._worded.get(ids)
                row = known[1] if known is not None else self._row(turn, len(rows) + 1)
                worded[ids] = (turn.steps, row)  # the steps stay referenced: their ids stay theirs
                rows.append(row)
                self._row_move.append(turn.last)
                self._move_row += [len(rows) - 1] * len(turn.steps)
            self._log_rows, self._worded = rows, worded
        return self._log_rows

    def _row(self, turn: turns.Turn, number: int) -> Row:
        """Row ``number`` of the log. Rows are numbered, not moves: a span of move numbers
        would tell how many steps a hidden decision took (how many cards lie face down)."""
        span = str(number)
        steps = turn.steps
        board = self.scene.board
        if turn.player == CHANCE:
            return Row(span, chance_words(board, steps, self.match.names), theme.TEXT_FAINT)
        text = turn_text(board, steps)
        if turns.all_forced(steps):  # a row with a choice in it was no "only move"
            text = f"{text} {t('log.forced')}"
        colour = theme.seat_colour(
            self.match.game.id, self.scene.palette, turn.player, self.match.state.options
        )
        heading = f"{span} · {self.match.names[turn.player]}"
        return Row(heading, text, colour, lambda px: board.log_icons(steps, px))

    def turn_of_row(self, row: int) -> turns.Turn | None:
        self.rows()
        return self.turns[row] if 0 <= row < len(self.turns) else None

    def row_of_move(self, index: int) -> int:
        """The log row that shows move ``index``."""
        self.rows()
        return self._move_row[index]

    # --- layout and drawing --------------------------------------------------------------------
    def layout(self, m: Metrics) -> pygame.Rect:
        """Place everything for the window ``m``; returns the area left for the board."""
        self.metrics = m
        margin = m.px(14)
        panel_w = max(m.px(290), min(m.px(360), round(m.width * 0.26)))
        self.rect = pygame.Rect(m.width - panel_w - margin, margin, panel_w, m.height - 2 * margin)
        status_h = m.px(46)
        self.status = pygame.Rect(margin, margin, self.rect.x - 2 * margin, status_h)
        board_rect = pygame.Rect(
            margin,
            self.status.bottom + m.px(10),
            self.status.width,
            m.height - self.status.bottom - m.px(10) - margin,
        )
        inner = self.rect.inflate(-m.px(28), -m.px(28))
        self.players_top = inner.y + m.px(64)
        # two lines (name, side) must fit even where the type stops shrinking with the window
        self.player_h = max(m.px(38), round((m.font_px(15) + m.font_px(11)) * 1.15))
        players_h = len(self.match.seats) * (self.player_h + m.px(6))
        bh, gap = m.px(42), m.px(8)
        buttons_top = inner.bottom - 2 * bh - gap
        third = (inner.width - 2 * gap) // 3
        for i, b in enumerate((self.undo_button, self.redo_button, self.hint_button)):
            b.place(pygame.Rect(inner.x + i * (third + gap), buttons_top, third, bh), m.font_px(14))
        half = (inner.width - gap) // 2
        self.rules_button.place(
            pygame.Rect(inner.x, buttons_top + bh + gap, half, bh), m.font_px(14)
        )
        self.menu_button.place(
            pygame.Rect(inner.x + half + gap, buttons_top + bh + gap, half, bh), m.font_px(14)
        )
        review_h = m.px(112)
        self.review_box = pygame.Rect(
            inner.x, buttons_top - review_h - m.px(10), inner.width, review_h
        )
        small, pad = m.px(38), m.px(10)
        y = self.review_box.bottom - small - pad
        x = self.review_box.x + pad
        self.prev_button.place(pygame.Rect(x, y, small, small), m.font_px(14))
        self.next_button.place(pygame.Rect(x + small + gap, y, small, small), m.font_px(14))
        self.live_button.place(
            pygame.Rect(
                x + 2 * (small + gap), y, self.review_box.right - pad - x - 2 * (small + gap), small
            ),
            m.font_px(14),
        )
        self.log_heading_y = self.players_top + players_h + m.px(16)
        replay_w = min(m.px(190), inner.width * 3 // 5)
        label_px = fit_px(t("kit.replay"), m.font_px(12), replay_w - m.px(40))
        self.replay_button.place(
            pygame.Rect(inner.right - replay_w, self.log_heading_y - m.px(6), replay_w, m.px(28)),
            label_px,
        )
        log_top = self.log_heading_y + m.px(30)
        self.log_bottom_live = buttons_top - m.px(12)
        self.log.place(
            pygame.Rect(inner.x, log_top, inner.width, self.log_bottom_live - log_top),
            m.font_px(14),
        )
        self.summary_button.place(
            pygame.Rect(
                self.status.right - m.px(170),
                self.status.y + m.px(5),
                m.px(160),
                self.status.height - m.px(10),
            ),
            m.font_px(14),
        )
        return board_rect

    def update_visibility(self) -> None:
        scene = self.scene
        reviewing = scene.review is not None
        for b in (self.live_button, self.prev_button, self.next_button):
            b.visible = reviewing
        bottom = self.review_box.y - self.metrics.px(10) if reviewing else self.log_bottom_live
        self.log.rect.height = bottom - self.log.rect.y
        self.summary_button.visible = (
            self.match.is_over
            and scene.over_shown
            and not reviewing
            and scene.app.stack.top is scene
        )

    def draw(self, surface: pygame.Surface) -> None:
        """Status bar and side panel; the widgets are drawn by the scene afterwards."""
        self.update_visibility()
        m = self.metrics
        self._draw_status(surface)
        art.panel(surface, self.rect, fill=(*theme.PANEL, 245), radius=m.px(14), shadow=m.px(10))
        self._draw_panel_head(surface)
        self._draw_players(surface)
        blit_text(
            surface,
            t("match.moves"),
            m.font_px(13),
            theme.TEXT_FAINT,
            True,
            topleft=(self.log.rect.x, self.log_heading_y),
        )
        pygame.draw.line(
            surface,
            theme.PANEL_EDGE,
            (self.log.rect.x, self.log.rect.y - m.px(4)),
            (self.log.rect.right, self.log.rect.y - m.px(4)),
        )
        if not self.match.moves:
            blit_text(
                surface,
                t("match.no_moves"),
                m.font_px(14),
                theme.TEXT_FAINT,
                topleft=(self.log.rect.x + m.px(4), self.log.rect.y + m.px(8)),
            )
        if self.scene.review is not None:
            self._draw_review_box(surface)
        self.draw_row_note(surface)

    def draw_row_note(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The hovered log row's words in full beside the log (see :func:`row_note`)."""
        return row_note(surface, self.log, self.rows(), self._note_art, self.metrics)

    def _draw_panel_head(self, surface: pygame.Surface) -> None:
        m, game = self.metrics, self.match.game
        inner = self.rect.inflate(-m.px(28), -m.px(28))
        icon = emblems.emblem(game.id, m.px(44))
        surface.blit(icon, (inner.x, inner.y))
        title, sub = (
            (game.title_ja, game.title) if get_language() == "ja" else (game.title, game.title_ja)
        )
        width = inner.width - m.px(54)
        title, px = fitted_title(title, m.font_px(19), width)
        blit_text(surface, title, px, theme.TEXT, True, topleft=(inner.x + m.px(54), inner.y))
        sub_px = m.font_px(13)
        blit_text(
            surface,
            ellipsized(sub, sub_px, width),
            sub_px,
            theme.TEXT_DIM,
            topleft=(inner.x + m.px(54), inner.y + m.px(26)),
        )

    def _draw_players(self, surface: pygame.Surface) -> None:
        m, match = self.metrics, self.match
        inner = self.rect.inflate(-m.px(28), -m.px(28))
        winners = match.winners() if match.is_over else []
        names = match.names
        for i, name in enumerate(names):
            top = self.players_top + i * (self.player_h + m.px(6))
            row = pygame.Rect(inner.x, top, inner.width, self.player_h)
            active = match.to_move == i and self.scene.review is None
            if active:
                art.panel(
                    surface, row, fill=(*theme.PANEL_HI, 255), edge=theme.GOLD, radius=m.px(10)
                )
            colour = theme.seat_colour(match.game.id, self.scene.palette, i, match.state.options)
            chip = pygame.Rect(0, 0, m.px(14), m.px(14))
            chip.center = (row.x + m.px(18), row.centery)
            pygame.draw.rect(surface, colour, chip, border_radius=m.px(3))
            pygame.draw.rect(surface, theme.TEXT, chip, width=1, border_radius=m.px(3))
            label = render(name, m.font_px(15), theme.TEXT if active else theme.TEXT_DIM, active)
            caption = side_caption(match.game, i, name)
            if caption:
                side = render(caption, m.font_px(11), theme.TEXT_FAINT)
                blit_pair(surface, label, side, row.x + m.px(34), row.centery)
            else:
                surface.blit(label, label.get_rect(midleft=(row.x + m.px(34), row.centery)))
            right = (row.right - m.px(16), row.centery)
            if i in winners and len(winners) < len(names):
                blit_text(
                    surface, t("match.winner"), m.font_px(13), theme.GOLD, True, midright=right
                )
            elif active and match.ai_thinking:
                art.spinner(surface, (row.right - m.px(20), row.centery), m.px(9), self.scene.clock)
            elif active:
                blit_text(surface, "▶", m.font_px(13), theme.GOLD, midright=right)

    def status_line(self) -> str:
        m, scene = self.match, self.scene
        if scene.review is not None:
            return t("match.reviewing", n=scene.review, total=len(m.state.history))
        if m.is_over:
            return result_text(m)
        if scene.forced_wait is not None:
            return t("match.forced", move=scene.forced_text)
        if waiting := scene.waiting_words():
            return waiting
        if m.ai_thinking or (not m.human_to_decide() and m.to_move >= 0):
            return t("match.thinking", name=m.names[m.to_move])
        board_text = scene.board.status_text()
        if board_text:
            return board_text
        if m.human_to_decide():
            return (
                t("match.your_turn")
                if len(m.humans) == 1
                else t("match.turn_of", name=m.names[m.to_move])
            )
        return ""

    def _draw_status(self, surface: pygame.Surface) -> None:
        m = self.metrics
        art.panel(surface, self.status, fill=(*theme.PANEL, 235), radius=self.status.height // 2)
        text = self.status_line()
        x = self.status.x + m.px(20)
        if self.match.ai_thinking and self.scene.review is None:
            art.spinner(surface, (x + m.px(8), self.status.centery), m.px(9), self.scene.clock)
            x += m.px(28)
        elif self.scene.review is not None:
            blit_text(
                surface,
                "⟲",
                m.font_px(18),
                theme.GOLD,
                symbol=True,
                midleft=(x, self.status.centery),
            )
            x += m.px(28)
        width = self.status.right - x - (m.px(190) if self.summary_button.visible else m.px(20))
        blit_text(
            surface,
            text,
            fit_px(text, m.font_px(17), width),
            theme.TEXT,
            midleft=(x, self.status.centery),
        )

    def _draw_review_box(self, surface: pygame.Surface) -> None:
        m = self.metrics
        box = self.review_box
        art.panel(
            surface,
            box,
            fill=(*theme.mix(theme.PANEL, theme.GOLD, 0.12), 255),
            edge=theme.GOLD,
            radius=m.px(10),
        )
        blit_text(
            surface,
            t("match.review_title"),
            m.font_px(14),
            theme.GOLD,
            True,
            topleft=(box.x + m.px(12), box.y + m.px(8)),
        )
        blit_text(
            surface,
            t("match.review_hint"),
            m.font_px(12),
            theme.TEXT_DIM,
            topleft=(box.x + m.px(12), box.y + m.px(30)),
        )
