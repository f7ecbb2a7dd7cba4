"""The guest's match screen: the board drawn from what the host sent, and nothing else.

The guest has no state of the game. Its board shows the table's observation and offers the
legal actions the host sent while it is to move; a click becomes an ``act`` message (a board's
several actions, a drag of card then flag, go one at a time as the host accepts each). A click
made on its turn before the board may take it (the last answer still on its way, the board still
landing a move) is kept and given to the board once the host's next view has landed — the board
reads a click by the position it shows, so it must show the position the click was meant for —
and played if it makes an action still legal there, else dropped without a word. The log is
the host's steps worded for this seat, grouped into turns like the local log. A refusal comes back
in the player's language; a pause or the host's goodbye is said over the board.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.boards import board_class
from game.boards.base import Board, BoardContext
from game.engines import GAMES
from game.engines.base import CHANCE
from game.i18n import get_language, t
from game.match import FORCED
from game.net.guest import CLOSED, RECONNECTING, GuestClient, RemoteTable
from game.net.protocol import ProtocolError
from game.net.rejoin import KeptSeat, forget, keep, kept_at
from game.net.takeback import BUSY, DONE, LEFT, PAUSED, REFUSED
from game.refusals import phrase_text
from game.saves import data_dir
from game.scenes.base import Scene
from game.scenes.match import GAME_OVER_PAUSE
from game.scenes.match_panel import chance_words, row_note, turn_text
from game.turns import count_turns, group
from game.ui import art, theme
from game.ui.draw import Art
from game.ui.text import blit_text, ellipsized
from game.ui.widgets import Button, Row, ScrollList, Toasts

EARLY_MAX = 4  # clicks kept while the board cannot take them (more is a player drumming)

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.scenes.base import App
    from game.scenes.gameover import Outcome
    from game.scenes.overlay import DialogScene


# Goodbyes from the host said in our language by their reason (the host words its own text in
# its own language: "The host closed the table." reached a Japanese screen in English).
BYE_WORDS = {"host_quit": "net.host_closed"}


def consent_dialog(app: App, name: str, answer: Callable[[bool], object]) -> DialogScene:
    """ "NAME asks to take back their last move — Refuse / Allow", for either side's screen."""
    from game.scenes.overlay import DialogScene

    def allow() -> None:
        answer(True)

    def refuse() -> None:
        answer(False)

    return DialogScene(
        app,
        lambda: t("undo.confirm_title"),
        lambda: t("net.undo_asked", name=name),
        [
            (lambda: t("net.undo_refuse"), refuse),
            (lambda: t("net.undo_allow"), allow),
        ],
    )


def undo_words(code: str, name: str, refused_by: str, mine: bool, refused_here: bool) -> str:
    """The outcome of a request to take back ``name``'s move (``mine``: asked here;
    ``refused_here``: the player at this screen said no, and is told so as "you")."""
    if code == DONE:
        return t("match.undone") if mine else t("net.undo_done", name=name)
    if code == REFUSED:
        if refused_here:
            return t("net.undo_you_refused", name=name)
        return t("net.undo_refused", name=refused_by)
    if code == LEFT:
        return t("net.undo_left", name=refused_by)
    if code == BUSY:
        return t("net.undo_busy")
    if code == PAUSED:
        return t("net.undo_paused")
    return t("net.undo_nothing")  # said only to the asker, as are busy and paused


class GuestMatchScene(Scene):
    live_under_card = True  # the game-over card keeps hearing the host (a rematch, a goodbye)

    def __init__(self, app: App, client: GuestClient) -> None:
        super().__init__(app)
        self.client = client
        self.table = RemoteTable()
        self.board: Board | None = None
        self.toasts = Toasts()
        self.pending: list[int] = []  # the rest of a board's several actions
        self.early: list[pygame.event.Event] = []  # clicks made before the board could take them
        self._replaying = False  # a kept click is being read: a board's refusal is not said
        self._shown: tuple = ()  # (index, revision, phase, my turn) the board last showed
        self._rows: list[Row] = []
        self._rows_key: tuple = ()
        self.palette: dict = {}
        self.log = ScrollList(self.rows, lambda row: None)
        self.leave_button = Button(
            lambda: t("net.leave"), self.confirm_leave, style="ghost", icon="≡"
        )
        self.undo_button = Button(lambda: t("match.undo"), self.ask_undo, style="ghost")
        self.hint_button = Button(
            lambda: t("match.hint"),
            self.hint,
            style="ghost",
            icon="?",
            enabled=self.hint_possible,
            hotkeys=(pygame.K_h,),
        )
        self.widgets = [self.log, self.hint_button, self.undo_button, self.leave_button]
        self._consent_asked = False
        self._refused_seat: int | None = None  # whose take-back we last refused
        self._note_art = Art({"text": theme.TEXT, "panel": theme.PANEL})
        self.over_wait: float | None = None  # the pause before the game-over card
        self.over_shown = False
        self.kept: KeptSeat | None = None  # our seat as the settings keep it (game.net.rejoin)
        self._seat_kept = False  # it is in the settings now

    # --- life cycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.client.start()

    def leave(self) -> None:
        if self.client.status != CLOSED:
            self.client.leave()
        else:  # the host said goodbye: what is left is the connection's thread and its loop
            self.client.stop()

    def quit(self) -> None:
        self.app.stack.pop()

    def confirm_leave(self) -> None:
        """Leave; in the middle of a game, only once the player confirms it (the game stops
        for everyone until they join again, and a stray click should not do that)."""
        if not self.table.started or self.is_over or self.client.status == CLOSED:
            self.quit()
            return
        from game.scenes.overlay import DialogScene

        self.app.stack.push(
            DialogScene(
                self.app,
                lambda: t("net.leave_title"),
                lambda: t("net.leave_confirm"),
                [(lambda: t("net.leave_stay"), lambda: None), (lambda: t("net.leave"), self.quit)],
            )
        )

    # --- messages from the host -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.toasts.update(dt)
        table = self.table
        asked = table.answering[0] if table.answering is not None else None
        try:
            taken = table.take(self.client.inbox)
        except ProtocolError as err:  # a broken or hostile host: said, and the window goes on
            self.client.refuse_host(err)
            taken = []
        for kind, fields in table.requests():  # our past after a reconnection, our review
            self.client.request(kind, **fields)
        for msg in taken:
            if msg.kind == "welcome":  # a new connection or a new match (perhaps a new seat)
                self.pending, self.early = [], []  # the host answers nothing sent before it
                self.board, self._shown = None, ()
                self.over_wait, self.over_shown = None, False
                self._keep_seat()
            elif msg.kind == "undo_result":
                mine = msg["seat"] == table.seat
                name = table.names[msg["seat"]] if 0 <= msg["seat"] < len(table.names) else ""
                ours = msg["seat"] == self._refused_seat  # the refusal said here
                self.toast(undo_words(msg["code"], name, msg["refused_by"], mine, ours))
                self.pending, self.early = [], []
                if ours:
                    self._refused_seat = None
            elif msg.kind == "hint" and table.hint_shown:
                thinking = t("match.hint_thinking")  # answered: its toast would cover the words
                self.toasts.items = [i for i in self.toasts.items if i[0] != thinking]
                self.show_hint()
            elif msg.kind == "view" and msg["returns"] is not None:
                self._forget_seat()  # the match is over: nothing to rejoin
            elif msg.kind == "denied" and msg["index"] == asked:  # an older one is moot
                self.pending, self.early = [], []
                key, args = msg["phrase"]
                game = GAMES[table.game]
                self.toast(phrase_text(game, (str(key), dict(args)), msg["text"]), "error")
        self._consent()
        if self.client.closed_code not in ("", "left", "gave_up"):
            self._forget_seat()  # the host ended the match for us (or refused us)
        live = self.client.status != CLOSED  # a table the host closed offers nothing more
        playing = table.started and table.returns is None and live
        self.undo_button.visible = self.hint_button.visible = playing
        if self.board is None and table.game:
            self.board = self._make_board()
            self.layout(self.app.size)
        board = self.board
        if board is None:
            return
        # The board offers moves exactly while the player may make one: a new view, and also
        # the end of a pause (a "waiting" message) without a new view, change what it offers.
        to_move = table.my_turn and live
        shown = (table.index, table.revision, table.phase, to_move)
        if table.started and shown != self._shown:
            self._shown = shown
            if not to_move:  # the turn passed: what was clicked for it is moot
                self.early = []
            board.show(table.obs, table.seat, list(table.legal) if to_move else [], True)
            self.show_hint()  # the rest of a hinted move whose first part was just played
        board.update(dt)
        self._game_over(dt)
        if not (table.may_answer and live) or board.is_animating():
            return
        if self.pending:
            self._send(self.pending.pop(0))
        elif table.phase == FORCED and len(table.legal) == 1:  # the only move: no click asked
            self.play(table.legal[0])
        elif (auto := board.auto_action()) is not None:  # a player setting (auto-claim)
            self.play(auto)
        elif self.early:
            self._play_early()

    def _make_board(self) -> Board:
        table, settings = self.table, self.app.settings
        cls = board_class(table.game)
        self.palette = theme.board_palette(cls, settings.colorblind)
        ctx = BoardContext(
            game=GAMES[table.game],
            options=dict(table.options),
            num_players=len(table.names),
            seat_names=table.names,
            palette=self.palette,
            lang=get_language(),
            feedback=self._feedback,
            play_sound=self.app.sound.play,
            anim_speed=lambda: settings.animation_multiplier,
            extra=settings.board_prefs.setdefault(table.game, {}),
            data_dir=data_dir(),
        )
        return cls(ctx)

    def _feedback(self, text: str) -> None:
        """The board says why a click makes no move (not for a kept click: see ``on_unhandled``)."""
        if not self._replaying:
            self.toast(text, "error")

    def toast(self, text: str, kind: str = "info") -> None:
        self.toasts.show(text, kind)
        if kind == "error":
            self.app.sound.play("error")

    # --- the seat kept for rejoining after a restart (game.net.rejoin) ---------------------------
    def _keep_seat(self) -> None:
        """Welcomed: a seat kept for this table follows us to our seat (a rematch may move it,
        and keeps again what the end of the last match forgot)."""
        invite, settings = self.client.invite, self.app.settings
        kept = self.kept or kept_at(settings, invite.host, invite.port)
        if kept is None or kept.token != invite.token:
            return  # joined by code: the player holds the code
        self.kept, self._seat_kept = kept.moved_to(self.table.seat), True
        keep(settings, self.kept)
        self.app.save_settings()

    def _forget_seat(self) -> None:
        if self._seat_kept and self.kept is not None:
            self._seat_kept = False
            forget(self.app.settings, self.kept.invite)
            self.app.save_settings()

    # --- taking back, with consent ---------------------------------------------------------------
    def ask_undo(self) -> None:
        """Ask the other players to let us take back our last decision."""
        self.client.ask_undo()
        table = self.table
        others = [
            name
            for i, (name, kind) in enumerate(zip(table.names, table.kinds, strict=False))
            if i != table.seat and kind in ("remote", "human")
        ]
        if others:  # with nobody to ask, the answer comes at once
            self.toast(t("net.undo_asking", names=", ".join(others)))

    def _consent(self) -> None:
        """Another player asks to take back a move: ask ours (closing the dialog refuses)."""
        table = self.table
        if table.undo_asker is None:
            self._consent_asked = False
        elif self._consent_asked:  # back on top with no answer: the dialog was closed
            self._answer(False)
        else:
            self._consent_asked = True
            name = table.names[table.undo_asker] if 0 <= table.undo_asker < len(table.names) else ""
            self.app.stack.push(consent_dialog(self.app, name, self._answer))

    def _answer(self, allow: bool) -> None:
        self._refused_seat = None if allow else self.table.undo_asker
        self.client.answer_undo(allow)
        self.table.undo_asker = None

    # --- the end of the game ---------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.table.returns is not None

    def outcome(self) -> Outcome:
        """The game's end from what this guest was sent: its final observation, its log."""
        from game.scenes.gameover import Outcome

        table = self.table
        return Outcome(
            game=GAMES[table.game],
            names=table.names,
            obs=table.obs,
            result=table.result_text(),
            winners=table.winners(),
            turns=count_turns(step.player for step in table.log),
            coached=bool(table.seen),
            rematch=False,
        )

    def open_review(self) -> None:
        """Step through the positions this guest was shown (nothing else is on this machine)."""
        self.app.stack.open("guest_review", self)

    def offer_rematch(self) -> None:
        self.toast(t("net.rematch_by_host"))

    def _game_over(self, dt: float) -> None:
        """The game-over card, a moment after the last move has come to rest (as locally)."""
        if not self.is_over or self.over_shown or self.board is None:
            return
        if self.board.is_animating():
            self.over_wait = None
            return
        if self.over_wait is None:
            self.over_wait = GAME_OVER_PAUSE
        self.over_wait -= dt
        if self.over_wait <= 0 and self.app.stack.top is self:
            self.over_wait, self.over_shown = None, True
            self.app.stack.open("gameover", self)

    # --- hints, searched by the host from this seat's information (game/net/hints.py) ----------
    def hint_possible(self) -> bool:
        return self.ready_to_play() and (self.table.may_ask_hint() or self.table.hint_shown)

    def hint(self) -> None:
        """Ask the host for a hint; while one is shown, show it again (as a local match does)."""
        if not self.hint_possible():
            return
        if self.table.hint_shown:
            self.show_hint()
        else:
            self.client.ask_hint(self.table.asked_hint())
            self.toast(t("match.hint_thinking"))

    def show_hint(self) -> None:
        """The host's hint for this position on the board, every part marked and worded (the
        host sent each part as a log step worded for this seat: the words are ours)."""
        board, table = self.board, self.table
        if board is None or not table.hint_shown:
            return
        board.show_hint(table.hint_line, board.proposed_words(table.hint_steps))

    # --- the player's decisions -------------------------------------------------------------------
    def on_unhandled(self, event: pygame.event.Event) -> None:
        board = self.board
        if board is None:
            return
        if self.ready_to_play():
            actions = board.handle_event(event)
            if actions is not None:
                self.play(actions)
        elif not board.handle_idle_event(event) and self._keeps(event):
            self.early.append(event)

    def _keeps(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is a decision made on our turn before the board could take it (our
        last answer on its way, a move landing): a player expects it to count, as it would at
        a local table, where the board has the next position at once."""
        table, board = self.table, self.board
        on_board = (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and board is not None
            and board.rect.collidepoint(event.pos)
        )
        mine = table.my_turn and not self.is_over and len(self.early) < EARLY_MAX
        return (on_board or event.type == pygame.KEYDOWN) and mine

    def _play_early(self) -> None:
        """Give the board the clicks kept for this position, oldest first, until one makes a
        move still legal here; the others are dropped without a word (the position they were
        meant for may not have come: the host took a card back, a claim came first)."""
        board = self.board
        assert board is not None
        while self.early:
            event = self.early.pop(0)
            self._replaying = True
            try:
                actions = board.handle_event(event)
            finally:
                self._replaying = False
            moves = [actions] if isinstance(actions, int) else actions or []
            if moves and moves[0] in self.table.legal:
                self.play(moves)
                return

    def ready_to_play(self) -> bool:
        """The player may decide now: its turn, not yet answered, the board at rest."""
        board, table = self.board, self.table
        return (
            board is not None and table.may_answer and not self.pending and not board.is_animating()
        )

    def play(self, actions: int | list[int]) -> None:
        """Send a decision, or a board's several in order: each once the host took the last."""
        self.pending = [actions] if isinstance(actions, int) else list(actions)
        if self.pending:
            self._send(self.pending.pop(0))

    def _send(self, action: int) -> None:
        self.table.follow_hint(action)
        self.client.act(action, self.table.answered())

    # --- the log ----------------------------------------------------------------------------------
    def rows(self) -> list[Row]:
        table, board = self.table, self.board
        key = (len(table.log), table.index, get_language())
        if board is None or key == self._rows_key:
            return self._rows
        self._rows_key = key
        rows = []
        # Rows are numbered as the local log numbers them, never by steps: a span of steps
        # would tell how many a hidden decision took (how many cards lie face down).
        for number, turn in enumerate(group(table.log), start=1):
            span = str(number)
            if turn.player == CHANCE:
                rows.append(
                    Row(span, chance_words(board, turn.steps, table.names), theme.TEXT_FAINT)
                )
            else:
                colour = theme.seat_colour(table.game, self.palette, turn.player, table.options)
                heading = f"{span} · {table.names[turn.player]}"
                icons = partial(board.log_icons, turn.steps)  # as the local log draws them
                rows.append(Row(heading, turn_text(board, turn.steps), colour, icons))
        self._rows = rows
        return rows

    def draw_row_note(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The hovered log row in full beside the log when the row cuts its words off."""
        return row_note(surface, self.log, self.rows(), self._note_art, self.metrics)

    # --- layout and drawing -----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        margin = m.px(14)
        panel_w = max(m.px(290), min(m.px(360), round(m.width * 0.26)))
        self.panel = pygame.Rect(m.width - panel_w - margin, margin, panel_w, m.height - 2 * margin)
        self.status = pygame.Rect(margin, margin, self.panel.x - 2 * margin, m.px(46))
        inner = self.panel.inflate(-m.px(28), -m.px(28))
        names_h = m.px(64) + len(self.table.names) * m.px(30)
        bh, gap = m.px(42), m.px(8)
        half = (inner.width - gap) // 2
        buttons = pygame.Rect(inner.x, inner.bottom - bh, inner.width, bh)
        self.hint_button.place(
            pygame.Rect(inner.x, buttons.y - gap - bh, inner.width, bh), m.font_px(14)
        )
        self.undo_button.place(pygame.Rect(buttons.x, buttons.y, half, bh), m.font_px(14))
        self.leave_button.place(
            pygame.Rect(buttons.right - half, buttons.y, half, bh), m.font_px(14)
        )
        top = inner.y + names_h
        self.log.place(
            pygame.Rect(inner.x, top, inner.width, inner.bottom - 2 * bh - gap - m.px(12) - top),
            m.font_px(14),
        )
        if self.board is not None:
            below = self.status.bottom + m.px(10)
            self.board.layout(
                pygame.Rect(margin, below, self.status.width, m.height - below - margin)
            )

    def status_text(self) -> str:
        table, client = self.table, self.client
        if client.status == CLOSED:
            if client.closed_code in BYE_WORDS:  # the host's words are in the host's language
                return t(BYE_WORDS[client.closed_code])
            return client.closed_reason or table.bye
        if client.status == RECONNECTING:
            return t("net.reconnecting")
        if not table.started:
            return t("net.connecting")
        if table.waiting:
            key = (
                "net.waiting_reconnect" if table.waiting_why == "reconnect" else "net.waiting_join"
            )
            return t(key, names=", ".join(table.waiting))
        if table.returns is not None:
            return table.result_text()
        board_text = self.board.status_text() if self.board is not None else ""
        if board_text:  # what to do now, in the board's words (play a card, draw ...)
            return board_text
        if table.my_turn:
            return t("match.your_turn")
        return t("match.turn_of", name=table.names[table.to_move]) if table.to_move >= 0 else ""

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(self.palette.get("bg", theme.INK))
        if self.board is not None and self.table.started:
            self.board.draw(surface)
        art.panel(surface, self.status, radius=m.px(12))
        px = m.font_px(16)
        text = ellipsized(self.status_text(), px, self.status.width - m.px(32))
        blit_text(
            surface, text, px, theme.TEXT, midleft=(self.status.x + m.px(16), self.status.centery)
        )
        art.panel(surface, self.panel, fill=(*theme.PANEL, 245), radius=m.px(14), shadow=m.px(10))
        inner = self.panel.inflate(-m.px(28), -m.px(28))
        game = GAMES.get(self.table.game)
        title = "" if game is None else game.title_ja if get_language() == "ja" else game.title
        title = ellipsized(title, m.font_px(20), inner.width, bold=True)
        blit_text(surface, title, m.font_px(20), theme.TEXT, bold=True, topleft=inner.topleft)
        y = inner.y + m.px(46)
        for seat, name in enumerate(self.table.names):
            mine = f"{name} ({t('seat.you')})" if seat == self.table.seat else name
            blit_text(surface, mine, m.font_px(15), theme.TEXT_DIM, topleft=(inner.x, y))
            y += m.px(30)
        super().draw(surface)
        self.draw_row_note(surface)
        board = self.board.rect if self.board is not None else self.status
        self.toasts.draw(surface, (board.centerx, board.bottom - m.px(24)), m.font_px(16))
