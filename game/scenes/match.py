"""The match screen: the board, a side panel (players, move log, controls) and a status bar.

The scene owns no rules: it consumes the :class:`~game.match.Match`'s events (toasts, sounds,
the forced-move and game-over pauses) and acts on its phase (curtain, forced move, human turn,
chance or AI: ``advance``), shows each new observation to the board (which animates the
difference), turns board clicks into ``match.play`` calls (a refusal is explained in a toast in
the player's language), and stacks the curtain, undo-consent, game-over and menu overlays. The
AI runs in the worker process, so frames keep coming while it thinks.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.boards.base import Board, BoardContext
from game.engines import GAMES
from game.engines.base import IllegalActionError
from game.i18n import get_language, t
from game.match import (
    AI_FELL_BACK,
    BETWEEN_GAMES,
    CURTAIN,
    FORCED,
    FORCED_MOVE,
    GAME_OVER,
    HINT_READY,
    HUMAN,
    HUMAN_TURN,
    OVER,
    SAVE_FAILED,
    YOUR_TURN,
    Event,
    Match,
)
from game.refusals import refusal_text
from game.saves import Autosave, DamagedFileError, data_dir, set_aside
from game.scenes.base import Scene
from game.scenes.between import NextGameBar
from game.scenes.match_panel import MatchPanel
from game.turns import Turn, since
from game.ui import theme
from game.ui.widgets import Toasts

if TYPE_CHECKING:
    from game.scenes.base import App
    from game.scenes.gameover import Outcome

FORCED_PAUSE = 0.9  # seconds a forced move stays announced before it is applied (speed 1)
GAME_OVER_PAUSE = 0.8  # seconds between the last animation and the game-over summary


def match_from_save(app: App, save: Autosave) -> Match | None:
    """The saved match rebuilt; a save that does not replay is set aside and reported (None)."""
    from game.scenes.overlay import report_problems

    try:
        if any(seat >= len(save.seats) or save.seats[seat] != HUMAN for seat in save.remote):
            raise ValueError("a guest's seat is not a human seat of the match")
        return Match.from_record(
            GAMES[save.game_id],
            save.seats,
            save.seed,
            save.record,
            client=app.ai,
            autosave=True,
            names=save.names,
            memory=save.memory,
            remote=frozenset(save.remote),
        )
    except (ValueError, KeyError, TypeError) as err:
        report_problems(app, [set_aside(save.path, DamagedFileError("illegal", str(err)))])
        return None


class MatchScene(Scene):
    def __init__(self, app: App, match: Match, board_cls: type[Board] | None = None) -> None:
        super().__init__(app)
        self.match = match
        if board_cls is None:
            from game.boards import board_class  # lazy: only the board being played is loaded

            board_cls = board_class(match.game.id)
        self.board_cls = board_cls
        # Board-held player choices (auto-claim): they survive rebuilds and, stored with the
        # settings when the match is left, the next match of this game.
        self.board_extra: dict = app.settings.board_prefs.setdefault(match.game.id, {})
        self.board = self._make_board()
        match.waits_for(self.board_cls.confirms)  # a Commit the player clicks, not forced
        self.toasts = Toasts()
        self._pointer: tuple[int, int] | None = None  # the click being handled, if any
        self.clock = 0.0
        self.review: int | None = None  # history length shown while reviewing the log
        self.forced_wait: float | None = None  # the announced forced move's pause, counting down
        self.forced_text = ""
        self.over_wait: float | None = None  # the pause before the game-over summary
        self.over_shown = False
        self.replay: list[dict] | None = None  # observations still to show while replaying
        self._hovered_row: int | None = -1  # the log row whose turn the board highlights
        self._turn_obs: dict[tuple, tuple[dict, dict]] = {}  # observations around a logged turn
        self.panel = MatchPanel(self)
        self.next_bar = NextGameBar(self.next_game, lambda: t("match.between"))
        self.widgets = [*self.panel.widgets, self.next_bar]

    # --- construction --------------------------------------------------------------------------
    def _make_board(self) -> Board:
        match, settings = self.match, self.app.settings
        palette = theme.board_palette(self.board_cls, settings.colorblind)
        self.palette = palette
        ctx = BoardContext(
            game=match.game,
            options=dict(match.state.options),
            num_players=match.state.num_players,
            seat_names=match.names,
            palette=palette,
            lang=get_language(),
            feedback=lambda text: self.toast(text, "error"),
            play_sound=self.app.sound.play,
            anim_speed=lambda: settings.animation_multiplier,
            extra=self.board_extra,
            data_dir=data_dir(),
            thinking=lambda: self.match.ai_thinking,
            chance_after=self.chance_after,
        )
        return self.board_cls(ctx)

    def chance_after(self, action: int) -> float | None:
        """The AI's chance for the viewer once ``action`` is played now (a hint's why)."""
        from ai.chances import chance_after  # lazy: the menu should not pay for loading the AI

        return chance_after(self.match.game.id, self.match.state, action)

    # --- stack life cycle ----------------------------------------------------------------------
    def enter(self) -> None:
        prepare = getattr(self.match.client, "prepare", None)
        if prepare is not None:
            prepare()
        self.refresh(animate=False)

    def leave(self) -> None:
        self.match.cancel_ai()
        if self.app.persist_settings:
            self.app.settings.save()

    def resume(self) -> None:
        self.refresh(animate=False)

    def relabel(self) -> None:
        """Language or palette changed: rebuild the board with the new context."""
        self.board = self._make_board()
        super().relabel()
        self.refresh(animate=False)

    # --- showing the match ---------------------------------------------------------------------
    def refresh(self, animate: bool) -> None:
        m = self.match
        self._hovered_row = -1  # a new observation: highlight the hovered row's turn again
        self.replay = None
        self.board.reviewing = self.review is not None
        if self.review is not None:
            self.board.show(m.observation_at(self.review), m.viewer, [], animate=False)
            self.board.recap([])
            self.highlight_row(None)
        else:
            self.board.show(m.observation(), m.viewer, m.legal_for_viewer(), animate)
            self.panel.rows()  # the turns as the log has them
            self.board.recap(since(self.panel.turns, m.viewer))
            if m.hint is not None:
                self.show_hint()

    def toast(self, text: str, kind: str = "info") -> None:
        """A message; a refusal of a click is said beside the thing clicked (the board says
        where), the others at the foot of the board."""
        pointer = self._pointer
        place = None
        if kind == "error" and pointer is not None:
            place = partial(self.board.refusal_box, pos=pointer)
        self.toasts.show(text, kind, place)
        if kind == "error":
            self.app.sound.play("error")

    # --- player commands -----------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last decision; in hot-seat, another player's needs their consent."""
        m = self.match
        consent = m.undo_consent()
        if consent is None:
            self._undo()
            return
        from game.scenes.overlay import DialogScene

        name = m.names[consent]
        self.app.stack.push(
            DialogScene(
                self.app,
                lambda: t("undo.confirm_title"),
                lambda: t("undo.confirm", name=name),
                [(lambda: t("undo.keep"), lambda: None), (lambda: t("undo.agree"), self._undo)],
            )
        )

    def can_undo(self) -> bool:
        """Whether Undo would take something back (its button is lit)."""
        return self.match.can_undo()

    def can_redo(self) -> bool:
        return self.match.can_redo()

    def _undo(self) -> None:
        if self.match.undo():
            self._after_rewind(t("match.undone"))

    def redo(self) -> None:
        if self.match.redo():
            self._after_rewind(t("match.redone"))

    def _after_rewind(self, message: str) -> None:
        self.forced_wait = None
        self.over_wait = None
        self.over_shown = False
        self.refresh(animate=False)
        self.toast(message)

    def waiting_words(self) -> str:
        """Whom the match waits for before anyone can move (a networked player's seat), for
        the status line; nobody at a local table."""
        return ""

    def hint_possible(self) -> bool:
        m = self.match
        return (
            self.review is None
            and m.phase.kind == HUMAN_TURN
            and not m.ai_thinking
            and not m.hint_pending
        )

    def hint(self) -> None:
        """Ask for a hint; while one is shown, show it again (its remaining parts, if the
        player made the first) rather than say the same sentence twice."""
        if self.review is None and self.match.hint is not None:
            self.show_hint()
        elif self.hint_possible() and self.match.request_hint():
            self.toast(t("match.hint_thinking"))

    def show_hint(self) -> None:
        """The match's hinted move on the board, every part marked, its words beside them."""
        line = self.match.hint_line
        self.board.show_hint(line, self.hint_words(line))

    def hint_words(self, line: tuple[int, ...]) -> list[str]:
        """Each part of a hinted move in the player's language, worded in the position where it
        would be played (the parts follow one another)."""
        return self.board.move_words(self.match.state, line, self.match.viewer)

    def open_rules(self) -> None:
        self.app.stack.open("rules", self.match.game.id)

    def open_menu(self) -> None:
        self.app.stack.open("pause", self)

    def leave_warning(self) -> tuple[str, str] | None:
        """What leaving now does to other players, to ask about first (title, words); None
        when it does nothing to anyone (the match is saved)."""
        return None

    live_under_card = False  # under the game-over card the match waits (View board wakes it)

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def open_review(self) -> None:
        """The coach: the human's winning chances move by move, and the worst moves."""
        self.app.stack.open("review", self)

    def outcome(self) -> Outcome:
        """The game's end for the game-over card."""
        from game.scenes.gameover import Outcome

        return Outcome.of_match(self.match)

    def show_summary(self) -> None:
        self.over_shown = True
        self.app.stack.open("gameover", self)

    def next_game(self) -> None:
        """Deal the next game of a match (the "Next game" bar)."""
        if self.match.next_game() is not None:
            self.next_bar.visible = False
            self.refresh(animate=True)

    def rematch_scene(self) -> MatchScene:
        """The screen of a rematch: seats rotated (sides swapped), a new seed."""
        return MatchScene(self.app, self.match.rematch(), self.board_cls)

    def offer_rematch(self) -> None:
        """The player asked for a rematch (this screen is on top): start it."""
        self.app.stack.replace(self.rematch_scene())

    def pick_move(self, index: int) -> None:
        """A log line was clicked: show the position right after that move, its turn marked."""
        self.review = index + 1
        self.panel.log.selected = self.panel.row_of_move(index) if index >= 0 else None
        self.refresh(animate=False)

    # --- readable turns --------------------------------------------------------------------------
    def highlight_row(self, row: int | None) -> None:
        """Mark on the board what the turn of log row ``row`` changed (None: the reviewed row)."""
        row = self.panel.log.selected if row is None else row
        turn = self.panel.turn_of_row(row) if row is not None else None
        if turn is None:
            self.board.highlight_turn(None, None)
            return
        m = self.match
        key = (m.revision, m.viewer, turn.first, turn.last)
        pair = self._turn_obs.get(key)
        if pair is None:  # each replays the history: keep them while the mouse moves over rows
            if len(self._turn_obs) > 64:
                self._turn_obs.clear()
            pair = (m.observation_at(turn.first), m.observation_at(turn.last + 1))
            self._turn_obs[key] = pair
        self.board.highlight_turn(*pair)

    def last_other_turn(self) -> Turn | None:
        """The latest turn of a player other than the viewer (what "replay" re-animates); a
        spectator's, of anyone."""
        self.panel.rows()
        skip = (-1,) if self.match.spectating else (self.match.viewer, -1)
        return next((u for u in reversed(self.panel.turns) if u.player not in skip), None)

    def can_replay(self) -> bool:
        return self.review is None and self.replay is None and self.last_other_turn() is not None

    def replay_last_turn(self) -> None:
        """Show the position before the opponent's last turn, then animate it step by step."""
        turn = self.last_other_turn()
        if turn is None or not self.can_replay():
            return
        m = self.match
        total = len(m.state.history)
        self.replay = [m.observation_at(i) for i in range(turn.first + 1, total + 1)]
        self.board.show(m.observation_at(turn.first), m.viewer, [], animate=False)

    def _step_replay(self) -> bool:
        """While replaying: show the next observation once the last one has landed."""
        if self.replay is None:
            return False
        if not self.board.is_animating():
            if self.replay:
                self.board.show(self.replay.pop(0), self.match.viewer, [], animate=True)
            else:
                self.replay = None
                self.refresh(animate=False)
        return True

    def step_review(self, delta: int) -> None:
        total = len(self.match.state.history)
        current = total if self.review is None else self.review
        target = max(0, min(total, current + delta))
        if target == total:
            self.back_to_live()
        else:
            self.pick_move(target - 1)
            if target > 0:
                self.panel.log.scroll_to(self.panel.row_of_move(target - 1))

    def back_to_live(self) -> None:
        self.review = None
        self.panel.log.selected = None
        self.panel.log.follow = True
        self.refresh(animate=False)

    # --- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.board.is_animating()
            and self.board.rect.collidepoint(event.pos)
        ):
            self.board.skip_animation()  # a click on the board skips the running animation
            return
        super().handle_event(event)

    def on_unhandled(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return
        m = self.match
        if self.replay is not None:
            return
        if self.review is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step_review(-1 if event.key == pygame.K_LEFT else 1)
            return
        phase = m.phase
        if phase.kind != HUMAN_TURN or not phase.input:
            if self.board.handle_idle_event(event):
                return
            if (
                event.type == pygame.MOUSEBUTTONDOWN
                and self.board.rect.collidepoint(event.pos)
                and m.ai_thinking
            ):
                self.toast(t("match.wait_ai", name=m.names[m.to_move]))
            return
        clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        self._pointer = event.pos if clicked else None  # where a refusal of it is said
        try:
            actions = self.board.handle_event(event)
            if actions is None:
                if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
                    self.hint()
                return
            self._play_human(actions)
        finally:
            self._pointer = None

    def _play_human(self, actions: int | list[int]) -> None:
        """Apply a human's action, or a board's several in order (a drag: card, then flag),
        stopping at the first refusal, which is explained in the player's language."""
        m = self.match
        played = False
        for action in [actions] if isinstance(actions, int) else actions:
            try:
                m.play(action)
            except IllegalActionError as err:
                self.toast(refusal_text(m.game, err), "error")
                break
            played = True
        self.refresh(animate=played)

    def _shortcut(self, event: pygame.event.Event) -> bool:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_ESCAPE:
            self.back_to_live() if self.review is not None else self.open_menu()
        elif ctrl and event.key == pygame.K_z and not event.mod & pygame.KMOD_SHIFT:
            self.undo()
        elif ctrl and (event.key == pygame.K_y or event.key == pygame.K_z):
            self.redo()
        else:
            return False
        return True

    # --- the turn loop -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        self.toasts.update(dt)
        self.board.update(dt)
        if self.panel.log.hover != self._hovered_row:
            self._hovered_row = self.panel.log.hover
            self.highlight_row(self._hovered_row)
        m = self.match
        self.next_bar.visible = False
        if self._step_replay():
            return
        self._take_events()
        if self.review is not None or self.board.is_animating():
            return
        kind = m.phase.kind
        if kind == BETWEEN_GAMES:
            self.next_bar.visible = True  # the finished board stays until a player deals on
        elif kind == OVER:
            self._towards_game_over(dt)
        elif kind == CURTAIN:
            self._curtain()
        elif kind == FORCED:
            self._forced_move(dt)
        elif kind == HUMAN_TURN:
            if not self._board_auto_action():
                m.advance()  # collects the hint, if one was asked for (a HINT_READY event)
        elif m.advance() is not None:  # chance, or the AI's move once it has arrived
            self.refresh(animate=True)
        self._take_events()

    def _take_events(self) -> None:
        for event in self.match.events():
            self._on_event(event)

    def _on_event(self, event: Event) -> None:
        m = self.match
        if event.kind == SAVE_FAILED:
            self.toast(t("match.save_failed", reason=event.detail), "error")
        elif event.kind == AI_FELL_BACK:
            self.toast(t("match.ai_fell_back"))
        elif event.kind == HINT_READY:
            if event.action is not None and m.hint == event.action:  # not dropped by a move
                thinking = t("match.hint_thinking")  # answered: its toast would cover the words
                self.toasts.items = [i for i in self.toasts.items if i[0] != thinking]
                self.show_hint()  # the words go beside the marks, not in a toast over them
        elif event.kind == FORCED_MOVE:
            if event.action is not None and m.phase.forced == event.action:
                speed = self.app.settings.animation_multiplier
                self.forced_wait = FORCED_PAUSE / speed if speed > 0 else FORCED_PAUSE / 3
                self.forced_text = self.describe(event.action)
        elif event.kind == GAME_OVER:
            self.over_wait = GAME_OVER_PAUSE
            self.over_shown = False
        elif event.kind == YOUR_TURN:
            self.app.sound.play("turn")

    def _board_auto_action(self) -> bool:
        """Play what the board takes for the human by a player setting (Battle Line's
        auto-claim); True if it played something."""
        auto = self.board.auto_action()
        if auto is None:
            return False
        self._play_human(auto)
        return True

    def describe(self, action: int) -> str:
        """``action``, legal in the live state, in the player's language (hints, forced moves)."""
        return self.board.action_words(self.match.state, action)

    def _forced_move(self, dt: float) -> None:
        """Count down the announced forced move (``FORCED_MOVE`` event), then play it."""
        if self.forced_wait is None:
            return
        self.forced_wait -= dt
        if self.forced_wait <= 0:
            self.forced_wait = None
            action = self.match.phase.forced
            if action is not None:
                self.match.play(action)
                self.refresh(animate=True)

    def _curtain(self) -> None:
        m = self.match
        m.deal_before_curtain()
        player = m.curtain_for()
        if player is not None:
            self.app.stack.open("curtain", m.game.id, m.names[player], self._revealed)

    def _revealed(self) -> None:
        self.match.reveal()
        self.refresh(animate=False)

    def _towards_game_over(self, dt: float) -> None:
        """The pause after the last animation (``GAME_OVER`` event), then the summary."""
        if self.over_wait is None:
            return
        if self.over_wait == GAME_OVER_PAUSE:
            self.app.sound.play("win")
        self.over_wait -= dt
        if self.over_wait <= 0:
            self.over_wait = None
            self.show_summary()

    # --- layout and drawing --------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.board.layout(self.panel.layout(self.metrics))
        self.next_bar.place_over(self.board.rect, self.metrics)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.palette.get("bg", theme.INK))
        self.board.draw(surface)
        self.panel.draw(surface)
        super().draw(surface)
        m = self.metrics
        self.toasts.draw(
            surface, (self.board.rect.centerx, self.board.rect.bottom - m.px(24)), m.font_px(16)
        )
