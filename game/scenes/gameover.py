"""The game-over summary: the result, the final numbers, rematch / view board / menu.

It reads the game's end from an :class:`Outcome` its scene gives (``Finished``): a local match
builds it from its state, a guest's window (which holds no state) from the final observation and
the log it received — so a guest's card says exactly what a local one would, from nothing but
what the guest was sent.

The board words the summary when it has one of its own (``Board.summary``: Battle Line's flags,
games and tie-break); otherwise the numbers come from the final observation: ``obs["score"]`` if
the game provides it, either a list with one dict (or number) per seat, or a dict of named
values. Column names use the i18n keys ``score.<game>.<key>`` and fall back to the raw key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.i18n import t, t_or
from game.match import Match, result_text, side_name
from game.scenes.overlay import OverlayScene
from game.summary import Summary
from game.turns import count_turns
from game.ui import art, emblems, theme
from game.ui.fonts import get_font
from game.ui.text import blit_pair, blit_text, fit_px, render, wrap
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.boards.base import Board
    from game.engines.base import Game
    from game.match import Match
    from game.scenes.base import App


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as one screen's player may know it."""

    game: Game
    names: list[str]
    obs: Mapping[str, Any]  # the final observation for this screen's viewer
    result: str  # "You win!", "<name> wins", "Draw" ... in the player's language
    winners: list[int]
    turns: int  # as players count them (game.turns.count_turns)
    coached: bool  # a review is offered (a local match's coach; a guest's own positions)
    rematch: bool  # this screen may start a rematch (a guest's host decides for it)

    @classmethod
    def of_match(cls, match: Match) -> Outcome:
        return cls(
            game=match.game,
            names=match.names,
            obs=match.observation(),
            result=result_text(match),
            winners=match.winners(),
            turns=count_turns(mv.player for mv in match.moves),
            coached=bool(match.humans) and not match.spectating,  # no seat here to coach
            rematch=True,
        )


class Finished(Protocol):
    """The screen under the card: a local match's, or a guest's window."""

    live_under_card: bool  # it goes on updating under the card (a guest hears its host)

    @property
    def board(self) -> Board | None: ...

    @property
    def is_over(self) -> bool:
        """False once the game goes on again (an undo from the board, a new match)."""

    def outcome(self) -> Outcome:
        """The game's end, as this screen's player may know it (asked once it is over)."""

    def layout(self, size: tuple[int, int]) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def offer_rematch(self) -> None: ...
    def open_review(self) -> None: ...


def score_table(gid: str, names: list[str], obs: Mapping[str, Any]) -> Summary | None:
    """The table of ``obs["score"]``: per seat, or named values."""
    score: Any = obs.get("score")

    def heading(key: str) -> str:
        return t_or(f"score.{gid}.{key}", key.replace("_", " ").capitalize())

    if isinstance(score, list) and len(score) == len(names):
        if all(isinstance(s, dict) for s in score):
            keys = list(score[0])
            rows = [
                [n, *(str(s.get(k, "")) for k in keys)] for n, s in zip(names, score, strict=True)
            ]
            return Summary(["", *map(heading, keys)], rows, True)
        rows = [[n, str(s)] for n, s in zip(names, score, strict=True)]
        return Summary(["", t("gameover.score")], rows, True)
    if isinstance(score, dict):
        return Summary(["", ""], [[heading(k), str(v)] for k, v in score.items()], False)
    return None


class GameOverScene(OverlayScene):
    card_size = (680, 500)  # room for four buttons (Review) in Japanese too

    def __init__(self, app: App, scene: Finished) -> None:
        outcome = scene.outcome()
        super().__init__(app, lambda: outcome.result)
        self.scene = scene
        self.outcome = outcome
        obs, names = outcome.obs, outcome.names
        board = scene.board
        assert board is not None, "a game that is over has its board"
        self.table = type(board).summary(obs, names) or score_table(outcome.game.id, names, obs)
        self.rematch_button = Button(
            lambda: t("gameover.rematch"), self.rematch, style="primary", hotkeys=(pygame.K_r,)
        )
        self.rematch_button.visible = outcome.rematch
        self.view_button = Button(self._view_label, self.toggle_view, hotkeys=(pygame.K_v,))
        # "View board" folds the card into a bar: the board and its log take events again
        # while Rematch (R), Menu (M) and the summary (V, Esc) stay one key away.
        self.viewing = False
        self.menu_button = Button(
            lambda: t("gameover.menu"), self.to_menu, style="ghost", hotkeys=(pygame.K_m,)
        )
        self.review_button = Button(lambda: t("coach.review"), self.review, hotkeys=(pygame.K_c,))
        self.review_button.visible = outcome.coached  # the AI coaches humans only
        self.widgets = [self.view_button, self.menu_button, self.rematch_button, self.review_button]

    def _view_label(self) -> str:
        return t("gameover.summary") if self.viewing else t("gameover.view_board")

    def toggle_view(self) -> None:
        self.viewing = not self.viewing
        if not self.viewing:
            self.scene.layout(self.app.size)  # the board takes back the bar's room
        self.layout(self.app.size)

    def close(self) -> None:
        if self.viewing:
            self.toggle_view()
        super().close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.viewing:
            super().handle_event(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.toggle_view()
        elif not any(w.visible and w.handle_event(event) for w in reversed(self.widgets)):
            self.scene.handle_event(event)  # hover, log review, scrolling on the final board

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.viewing or self.scene.live_under_card:
            self.scene.update(dt)  # a guest's window hears its host under the card
        if not self.scene.is_over:  # an undo reopened the match, or a new one began
            self.close()

    def rematch(self) -> None:
        old = self.scene
        self.app.stack.pop()  # this overlay
        old.offer_rematch()

    def review(self) -> None:
        """The review: a local match's coach, a guest's positions it was shown."""
        self.scene.open_review()

    def row(self) -> list[Button]:
        """The buttons along the card's foot, in order."""
        return [b for b in (self.view_button, self.review_button, self.menu_button,
                            self.rematch_button) if b.visible]  # fmt: skip

    def to_menu(self) -> None:
        self.app.stack.reset(self.app.stack.make("title"))

    def subtitle(self) -> str:
        """ "after N turns": turns as players count them, not the engine's decisions (or the
        game's own words for its length, from its summary)."""
        if self.table is not None and self.table.subtitle:
            return self.table.subtitle
        return t("gameover.after_turns", n=self.outcome.turns)

    def row_height(self) -> int:
        """Table rows: 40 px at the reference size, closer together for a long table."""
        rows = 0 if self.table is None else len(self.table.rows) + 1
        return self.metrics.px(40 if rows <= 4 else 30)

    def note_lines(self) -> list[str]:
        """The table's notes wrapped to the card's width."""
        notes = [*(() if self.table is None else self.table.notes)]
        if not self.outcome.rematch:
            notes.append(t("net.rematch_by_host"))
        font = get_font(self.metrics.font_px(15))
        return [line for note in notes for line in wrap(note, font, self.body.width)]

    def notes_height(self) -> int:
        lines = self.note_lines()
        return len(lines) * round(self.metrics.font_px(15) * 1.45) + self.metrics.px(
            8 if lines else 0
        )

    def body_height(self) -> int:
        m = self.metrics
        rows = 0 if self.table is None else len(self.table.rows) + 1
        notes = self.notes_height()
        return m.px(36) + rows * self.row_height() + notes + m.px(30 + 50)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        if self.viewing:
            self._leave_room_for_bar()
            inner = self.bar.inflate(-m.px(16), -m.px(16))
            row = self.row()
            w = (inner.width - (len(row) - 1) * m.px(10)) // len(row)
            for i, b in enumerate(row):
                b.place(
                    pygame.Rect(inner.x + i * (w + m.px(10)), inner.y, w, inner.height),
                    m.font_px(15),
                )
            return
        body = self.body
        y = body.bottom - m.px(50)
        row = self.row()
        w = (body.width - (len(row) - 1) * m.px(12)) // len(row)
        for i, b in enumerate(row):
            b.place(pygame.Rect(body.x + i * (w + m.px(12)), y, w, m.px(50)), m.font_px(15))

    def _leave_room_for_bar(self) -> None:
        """The bar at the foot of the board's column, the board laid out above it: the bar
        covers no part of any board (nor the match panel beside it) at any window size."""
        m = self.metrics
        self.scene.layout(self.app.size)
        board = self.scene.board
        assert board is not None  # a game that is over has its board
        area = board.rect
        self.bar = pygame.Rect(0, 0, min(m.px(720), area.width), m.px(66))
        self.bar.midbottom = area.midbottom
        above = pygame.Rect(area.x, area.y, area.width, self.bar.top - m.px(8) - area.y)
        board.layout(above)

    def draw(self, surface: pygame.Surface) -> None:
        if self.viewing:
            m = self.metrics
            art.panel(
                surface,
                self.bar,
                fill=(*theme.PANEL, 240),
                edge=theme.PANEL_EDGE,
                radius=m.px(14),
                shadow=m.px(12),
            )
            for widget in self.widgets:
                widget.draw(surface)
            return
        super().draw(surface)
        m = self.metrics
        outcome = self.outcome
        icon = emblems.emblem(outcome.game.id, m.px(56))
        surface.blit(
            icon, icon.get_rect(topright=(self.card.right - m.px(24), self.card.y + m.px(20)))
        )
        body = self.body
        sub = self.subtitle()
        blit_text(surface, sub, m.font_px(15), theme.TEXT_DIM, topleft=(body.x, body.y - m.px(4)))
        y = self._draw_table(surface) if self.table is not None else body.y + m.px(36)
        px = m.font_px(15)
        for line in self.note_lines():
            blit_text(surface, line, px, theme.TEXT_DIM, topleft=(body.x, y))
            y += round(px * 1.45)

    def _draw_table(self, surface: pygame.Surface) -> int:
        """The summary's table; returns the height below it where the notes go."""
        m, body, outcome = self.metrics, self.body, self.outcome
        assert self.table is not None
        table = self.table
        headings, rows, per_seat = table.headings, table.rows, table.per_seat
        top = body.y + m.px(36)
        row_h = self.row_height()
        area = pygame.Rect(body.x, top, body.width, row_h * (len(rows) + 1))
        art.panel(surface, area, fill=(*theme.INK, 200), edge=theme.PANEL_EDGE, radius=m.px(10))
        lefts, widths = _columns(area, table)
        first_w = widths[0]
        winners = outcome.winners
        for c, text in enumerate(headings):
            col_w = widths[c]
            # The first column's heading sits over its left-aligned labels.
            anchor: dict[str, tuple[int, int]] = (
                {"midleft": (area.x + m.px(14), area.y + row_h // 2)}
                if c == 0
                else {"center": (lefts[c] + col_w // 2, area.y + row_h // 2)}
            )
            px = fit_px(text, m.font_px(13), col_w - 8, True, min_px=9)
            blit_text(surface, text, px, theme.TEXT_FAINT, True, False, **anchor)
        for r, row in enumerate(rows):
            y = area.y + (r + 1) * row_h + row_h // 2
            pygame.draw.line(
                surface,
                theme.PANEL_EDGE,
                (area.x + m.px(10), y - row_h // 2),
                (area.right - m.px(10), y - row_h // 2),
            )
            best = per_seat and r in winners and len(winners) < len(rows)
            best = best or (table.total and r == len(rows) - 1)
            ink = theme.GOLD if best else theme.TEXT
            label = render(
                row[0], fit_px(row[0], m.font_px(16), first_w - m.px(20), True), ink, True
            )
            if per_seat:
                caption = render(side_name(outcome.game, r), m.font_px(11), theme.TEXT_FAINT)
                blit_pair(surface, label, caption, area.x + m.px(14), y)
            else:
                surface.blit(label, label.get_rect(midleft=(area.x + m.px(14), y)))
            for c, value in enumerate(row[1:], 1):
                x = lefts[c] + widths[c] // 2
                px = fit_px(value, m.font_px(18 if per_seat else 16), widths[c] - m.px(8), best)
                blit_text(surface, value, px, ink, best, center=(x, y))
        return area.bottom + m.px(8)


def _columns(area: pygame.Rect, table: Summary) -> tuple[list[int], list[int]]:
    """Each column's left edge and width: the table's relative widths, else a first column of
    40 % and equal shares of the rest."""
    n = len(table.headings)
    shares = (
        list(table.widths) if len(table.widths) == n else [0.4] + [0.6 / max(1, n - 1)] * (n - 1)
    )
    total = sum(shares)
    widths = [round(area.width * s / total) for s in shares]
    lefts = [area.x + sum(widths[:c]) for c in range(n)]
    return lefts, widths
