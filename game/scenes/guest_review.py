"""A guest's review after the game: the coach's graph and worst moves, as a local review shows
them, and every position the guest was shown, one by one, on its own board.

The guest holds no state of the game. Its review is drawn from its table alone: the observations
the host sent it, by history index (``RemoteTable.seen``: from the first move, a reconnection's
gap filled by the host's ``past``), its log, and the verdicts the host searched for its moves
from its own information (``game.net.coach``). The graph and the panel are the local review's
(``CoachScene``); this scene adds ◀ ▶ to step through the positions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.coach import Verdict
from game.engines.base import CHANCE
from game.i18n import t
from game.net.guest import CLOSED, GuestClient, RemoteTable
from game.scenes.review import CoachScene
from game.turns import count_turns
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import App
    from game.scenes.guest_match import GuestMatchScene
    from game.turns import Step


class TableCoach:
    """The coach of a guest's review, read from its table: the host searches, each verdict
    arrives as a ``coach`` message that the guest's match screen (updating under the review)
    takes like any other. So there is nothing to poll or cancel here: the host searches on
    whether the review is open or not, and reopening shows what came meanwhile."""

    def __init__(self, table: RemoteTable, client: GuestClient) -> None:
        self.table, self.client = table, client

    @property
    def total(self) -> int | None:
        return self.table.coach_total

    @property
    def verdicts(self) -> list[Verdict]:
        return self.table.verdicts

    @property
    def done(self) -> bool:
        return self.total is not None and len(self.verdicts) >= self.total

    @property
    def dice(self) -> bool:
        return any(step.player == CHANCE for step in self.table.log)

    def note(self) -> str:
        if self.done:
            return ""
        if self.table.older_host:
            return t("coach.host_older")
        return t("coach.host_gone") if self.client.status == CLOSED else ""

    def poll(self) -> None:
        """Nothing to do: the verdicts reach the table through the match screen."""

    def cancel(self) -> None:
        """Nothing to stop here: the host's search is the host's."""

    def around(self, verdict: Verdict) -> tuple[dict, dict]:
        seen, position = self.table.seen, verdict.position
        before = seen.get(position.index, self.table.obs)
        later = [i for i in seen if i >= position.index + len(position.played)]
        return before, seen[min(later)] if later else before

    def move_steps(self, verdict: Verdict, line: tuple[int, ...]) -> list[Step]:
        played, best = self.table.verdict_steps.get(verdict.position.index, ([], []))
        return best if line == verdict.best else played


class GuestReviewScene(CoachScene):
    def __init__(self, app: App, scene: GuestMatchScene) -> None:
        self.scene = scene
        self.table = table = scene.table
        board = scene._make_board()
        super().__init__(app, TableCoach(table, scene.client), board, table.obs, table.seat)
        self.index = self.positions[-1] if self.positions else table.index  # the final one
        self.stepped = False  # the position shown was stepped to (the caption says which)
        self.earlier_button = Button(
            lambda: "◀",
            lambda: self.step(-1),
            hotkeys=(pygame.K_LEFT, pygame.K_UP),
            enabled=lambda: bool(self.positions) and self.index > self.positions[0],
        )
        self.later_button = Button(
            lambda: "▶",
            lambda: self.step(1),
            hotkeys=(pygame.K_RIGHT, pygame.K_DOWN),
            enabled=lambda: bool(self.positions) and self.index < self.positions[-1],
        )
        self.widgets += [self.earlier_button, self.later_button]

    @property
    def positions(self) -> list[int]:
        """The history indices of the positions held, the game's start first."""
        return sorted(self.table.seen)

    def step(self, by: int) -> None:
        """The position ``by`` steps from the one shown, on the bare board."""
        positions = self.positions
        if not positions:
            return
        at = max((n for n, i in enumerate(positions) if i <= self.index), default=0)
        at = max(0, min(len(positions) - 1, at + by))
        self.index, self.stepped, self.selected = positions[at], True, None
        self.board.show(self.table.seen[self.index], self.table.seat, [], animate=False)
        self.played_rects = []

    def select(self, i: int) -> None:
        super().select(i)
        self.index, self.stepped = self.reviewer.verdicts[i].position.index, False

    def caption(self) -> str:
        """ "Reviewing the position after move n of N", moves as the log numbers its turns."""
        log = self.table.log
        n = count_turns(step.player for step in log if step.index < self.index)
        return t("match.reviewing", n=n, total=count_turns(step.player for step in log))

    def info_text(self) -> str:
        if self.stepped:
            return f"{self.caption()}  ·  {t('match.review_hint')}"
        return super().info_text()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        arrow = self.back_button.rect.move(0, 0)
        arrow.w = m.px(56)
        arrow.right = self.back_button.rect.x - m.px(10)
        self.later_button.place(arrow, m.font_px(18))
        self.earlier_button.place(arrow.move(-arrow.w - m.px(8), 0), m.font_px(18))

    def update(self, dt: float) -> None:
        self.table.coach_wanted = True  # the match screen asks (again after a reconnection)
        self.scene.update(dt)  # the match screen under the review keeps hearing the host
        if not self.scene.is_over:  # the host began a rematch: the review is moot
            self.app.stack.pop()
            return
        super().update(dt)
