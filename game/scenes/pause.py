"""The in-match menu: resume, restart, resign, rules, settings, or leave to the title screen
(the match is saved). Restart and resign ask first: both end the match in progress for good."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.scenes.overlay import DialogScene, OverlayScene
from game.ui import theme
from game.ui.fonts import get_font
from game.ui.layout import stack_rows
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import App
    from game.scenes.match import MatchScene


ROW_H, ROW_GAP = 50, 12  # a button and the space under it, at the reference size
NOTE_PX, NOTE_LEADING = 13, 1.4  # the saved-match note's type and line height


class PauseScene(OverlayScene):
    card_size = (460, 560)

    def __init__(self, app: App, scene: MatchScene) -> None:
        super().__init__(app, lambda: t("pause.title"))
        self.scene = scene
        match = scene.match
        self.resign_button = Button(self._resign_label, self.ask_resign)
        self.restart_button = Button(lambda: t("pause.restart"), self.ask_restart)
        self.buttons = [
            Button(lambda: t("pause.resume"), self.close, style="primary"),
            self.restart_button,
            self.resign_button,
            Button(lambda: t("title.rules"), self.rules),
            Button(lambda: t("title.settings"), self.settings),
            Button(lambda: t("pause.leave"), self.leave_match, style="ghost"),
        ]
        if match.is_over or match.game.cooperative or self.resigner() is None:
            self.buttons.remove(self.resign_button)
        if match.remote:  # a networked match starts again by the host's rematch, guests seated
            self.buttons.remove(self.restart_button)  # (this made their seats hot-seat ones)
        self.widgets = list(self.buttons)

    # --- restart and resign --------------------------------------------------------------------
    def resigner(self) -> int | None:
        """Who resigns: the human to move in hot-seat, else the only human; None without one.
        Only a seat played at this screen: a host never resigns for its guest."""
        match = self.scene.match
        humans = match.local_humans
        if len(humans) == 1:
            return humans[0]
        return match.to_move if match.to_move in humans else None

    def _resign_label(self) -> str:
        seat = self.resigner()
        match = self.scene.match
        if seat is None or len(match.local_humans) == 1:
            return t("pause.resign")
        return t("pause.resign_as", name=match.names[seat])

    def _confirm(self, title: str, message: str, yes: str, action: Callable[[], None]) -> None:
        self.close()
        self.app.stack.push(
            DialogScene(
                self.app,
                lambda: t(title),
                lambda: t(message),
                [(lambda: t("common.cancel"), lambda: None), (lambda: t(yes), action)],
            )
        )

    def ask_restart(self) -> None:
        self._confirm("pause.restart_title", "pause.restart_ask", "pause.restart", self.restart)

    def ask_resign(self) -> None:
        self._confirm("pause.resign_title", "pause.resign_ask", "pause.resign", self.resign)

    def restart(self) -> None:
        """The same seats and options from the start, with a new seed (a new shuffle)."""
        from game.match import Match

        old = self.scene.match
        match = Match(
            old.game,
            old.seats,
            options=old.state.options,
            seed=random.randrange(2**31),
            client=old.client,
            autosave=old.autosave,
            names=old.own_names,
        )
        self._unwind_to_match()
        self.app.stack.replace(self.app.stack.make("match", match, self.scene.board_cls))

    def resign(self) -> None:
        """End the match as a loss for the resigner: the save goes, the result is said."""
        from game import saves

        match = self.scene.match
        seat = self.resigner()
        if seat is None:
            return
        if match.autosave:
            with contextlib.suppress(OSError):
                saves.delete_autosave(match.game.id)
        others = [match.names[i] for i in range(len(match.seats)) if i != seat]
        message = t("pause.resigned", name=match.names[seat], winner=" / ".join(others))
        board_cls = self.scene.board_cls
        self.app.stack.reset(self.app.stack.make("title"))

        def rematch() -> None:
            self.app.stack.open("match", match.rematch(), board_cls)

        self.app.stack.push(
            DialogScene(
                self.app,
                lambda: t("pause.resigned_title"),
                message,
                [
                    (lambda: t("gameover.menu"), lambda: None),
                    (lambda: t("gameover.rematch"), rematch),
                ],
            )
        )

    def _unwind_to_match(self) -> None:
        """Pop whatever lies above the match scene (a curtain, dialogs)."""
        while self.app.stack.top is not None and self.app.stack.top is not self.scene:
            self.app.stack.pop()

    def rules(self) -> None:
        self.app.stack.open("rules", self.scene.match.game.id)

    def settings(self) -> None:
        self.app.stack.open("settings")

    def leave_match(self) -> None:
        """To the title screen; first asking, when leaving drops other players (a host's
        guests), as a guest's Leave asks."""
        warning = self.scene.leave_warning()
        if warning is None:
            self._leave()
            return
        title, words = warning
        self.close()
        stay = (lambda: t("net.leave_stay"), lambda: None)
        self.app.stack.push(
            DialogScene(self.app, title, words, [stay, (lambda: t("net.leave"), self._leave)])
        )

    def _leave(self) -> None:
        self.app.stack.reset(self.app.stack.make("title"))

    def _note_lines(self) -> list[str]:
        """The saved-match note wrapped to the card (none once the match is over)."""
        if self.scene.match.is_over:
            return []
        return wrap(t("pause.saved_note"), get_font(self.metrics.font_px(NOTE_PX)), self.body.width)

    def body_height(self) -> int:
        """The buttons and the note, so a menu with fewer buttons (co-operative play, a match
        over) leaves no empty band at the bottom of its card."""
        m = self.metrics
        line = round(m.font_px(NOTE_PX) * NOTE_LEADING)
        return len(self.buttons) * (m.px(ROW_H) + m.px(ROW_GAP)) + len(self._note_lines()) * line

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        rows = stack_rows(self.body, [m.px(ROW_H)] * len(self.buttons), m.px(ROW_GAP))
        for button, row in zip(self.buttons, rows, strict=True):
            button.place(row, m.font_px(17))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        px = m.font_px(NOTE_PX)
        y = self.buttons[-1].rect.bottom + m.px(ROW_GAP)
        for line in self._note_lines():
            blit_text(surface, line, px, theme.TEXT_FAINT, topleft=(self.body.x, y))
            y += round(px * NOTE_LEADING)
