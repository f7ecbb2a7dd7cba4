"""Matches in progress: the Continue list, and the question before a new match replaces one.

There is one autosave per game. The title's Continue opens the only one at once, or lists them
all (game, players, turn, date) when there are several, so no match in progress is unreachable;
starting a new match of a game whose match is still saved asks first, so none is overwritten
unseen.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import saves
from game.engines import GAMES
from game.i18n import get_language, has, t
from game.match import seat_names
from game.scenes.overlay import DialogScene, OverlayScene
from game.turns import current_turn
from game.ui.layout import stack_rows
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.engines.base import Game
    from game.scenes.base import App

MAX_LISTED = 6  # one per built game, with room to spare


def game_name(game_id: str) -> str:
    game = GAMES[game_id]
    return game.title_ja if get_language() == "ja" else game.title


def display_names(save: saves.Autosave) -> list[str]:
    """The saved players' own names where they gave one, else the default names."""
    own = save.names + [""] * len(save.seats)
    defaults = seat_names(save.seats, save.remote)  # a guest is not "You" at this screen
    return [mine or default for mine, default in zip(own, defaults, strict=False)]


def describe(save: saves.Autosave) -> str:
    """ "Flat Front · You / Hard AI · turn 12 · 2026-11-23 21:05", in the player's language."""
    try:
        number: object = current_turn(GAMES[save.game_id], save.record)
    except (ValueError, KeyError, TypeError):
        number = "?"  # a damaged record: opening it reports why and sets it aside
    own = f"saved.turn.{save.game_id}"  # a game's own word for its turn (Tsuno's day)
    turn = t(own if has(own) else "saved.turn", n=number)
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.saved_at))
    players = " / ".join(display_names(save))
    return t("saved.row", game=game_name(save.game_id), players=players, turn=turn, when=when)


def open_save(app: App, save: saves.Autosave) -> bool:
    """Resume a saved match; a save whose seats or options are wrong is set aside and reported.
    A hosted match opens its table again, with a new code: its guests' seats never become this
    screen's (continued as hot-seat, a guest's hand would be one curtain away)."""
    from game.scenes.match import MatchScene, match_from_save

    try:
        saves.check_playable(save)
    except saves.DamagedFileError as err:
        app.report_problems([saves.set_aside(save.path, err)])
        return False
    match = match_from_save(app, save)
    if match is None:
        return False
    if match.remote:
        from game.scenes.hosting import open_table

        app.stack.push(open_table(app, match))
    else:
        app.stack.push(MatchScene(app, match))
    return True


def saved_match(app: App, game_id: str) -> saves.Autosave | None:
    """The readable autosave of one game, if any; a damaged one is set aside and reported, so
    the new match's autosave does not overwrite it unseen."""
    path = saves.autosave_path(game_id)
    try:
        return saves.load_autosave(path) if path.exists() else None
    except OSError:
        return None
    except saves.DamagedFileError as err:
        app.report_problems([saves.set_aside(path, err)])
        return None


def confirm_new_match(app: App, game: Game, start: Callable[[], None]) -> None:
    """Run ``start`` at once, or after asking when a match of ``game`` is saved in progress."""
    save = saved_match(app, game.id)
    if save is None:
        start()
        return

    def resume() -> None:
        app.stack.reset(app.stack.make("title"))
        open_save(app, save)

    app.stack.push(
        DialogScene(
            app,
            lambda: t("saved.replace_title"),
            lambda: t("saved.replace", game=game_name(game.id), match=describe(save)),
            [
                (lambda: t("common.cancel"), lambda: None),
                (lambda: t("saved.continue_it"), resume),
                (lambda: t("saved.start_new"), start),
            ],
        )
    )


class ContinueScene(OverlayScene):
    """The list of matches in progress, newest first; a click opens one."""

    card_size = (680, 520)

    def __init__(self, app: App, found: list[saves.Autosave]) -> None:
        super().__init__(app, lambda: t("saved.title"))
        self.found = found[:MAX_LISTED]
        self.texts = [describe(save) for save in self.found]
        self.rows = [self._row(i) for i in range(len(self.found))]
        self.cancel = Button(lambda: t("common.back"), self.close, style="ghost")
        self.widgets = [*self.rows, self.cancel]

    def _row(self, index: int) -> Button:
        return Button(lambda: self.texts[index], lambda: self.open(self.found[index]))

    def open(self, save: saves.Autosave) -> None:
        self.close()
        open_save(self.app, save)

    def body_height(self) -> int:
        m = self.metrics
        return len(self.rows) * m.px(62) + m.px(30 + 50)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        body = self.body
        for button, row in zip(
            self.rows, stack_rows(body, [m.px(50)] * len(self.rows), m.px(12)), strict=True
        ):
            button.place(row, m.font_px(15))
        self.cancel.place(
            pygame.Rect(body.right - m.px(180), body.bottom - m.px(48), m.px(180), m.px(48)),
            m.font_px(16),
        )

    def relabel(self) -> None:
        self.texts = [describe(save) for save in self.found]  # game titles and names translate
        super().relabel()
