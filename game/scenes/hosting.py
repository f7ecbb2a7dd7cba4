"""The host's match screen in a networked match: the ordinary match screen with the referee
beside it.

Every frame the referee takes the guests' messages and sends them what changed; a guest's move
is shown like the AI's. While a remote seat is empty the match does not move on and a card over
the board says whom it waits for, with the invite code to hand out and who has joined by name.
A player who picked the table from the local network's list knocks: the card says "NAME wants to
join" with Admit and Refuse. Leaving the match closes the table and tells the guests so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.match import FORCED_MOVE, Event, Match
from game.net.referee import Referee
from game.net.takeback import DONE, HOST_SIDE
from game.scenes.match import MatchScene
from game.ui import art, theme
from game.ui.layout import split_columns
from game.ui.text import blit_text, ellipsized
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.net.host import Knock
    from game.scenes.base import App


HAND_OVER_LEVEL = "normal"  # who plays a seat whose player does not come back

# Where a table from the set-up screen listens: every interface (the local network), any port.
DIRECT_BIND = ("0.0.0.0", 0)


def open_table(
    app: App,
    match: Match,
    *,
    bind: tuple[str, int] | None = None,
    relay: tuple[str, int] | None = None,
) -> HostedMatchScene:
    """Open ``match``'s remote seats to guests (listening on ``bind``, or through ``relay``) and
    the host's screen for it. The code names this machine's local address when listening on
    every interface; a table played directly is listed on the local network too."""
    from game.net.discovery import Advertiser
    from game.net.host import HostServer, lan_address

    bind = bind or DIRECT_BIND
    advertise = lan_address() if bind[0] in ("0.0.0.0", "::") else bind[0]
    lan = None if relay else Advertiser(match.game.id, host_name(app, match))
    server = HostServer(sorted(match.remote), bind=bind, relay=relay, advertise=advertise, lan=lan)
    referee = Referee(match, server)
    referee.start()
    return HostedMatchScene(app, referee)


def host_name(app: App, match: Match) -> str:
    """The host's name as the local network's list shows it: its own seat's name, else the
    name remembered for network play, else its seat's default name."""
    local = sorted(match.local_humans)
    if local and match.own_names[local[0]]:
        return match.own_names[local[0]]
    return app.settings.player_name or (match.names[local[0]] if local else t("net.host"))


class HostedMatchScene(MatchScene):
    def __init__(self, app: App, referee: Referee) -> None:
        super().__init__(app, referee.match)
        self.referee = referee
        self._left_seen = len(referee.left)
        self._notes_seen = len(referee.undo_notes)
        self._consent_asked = False
        self._refused_seat: int | None = None  # whose take-back the host last refused
        self._rematched = False
        self.ai_button = Button(lambda: t("net.hand_to_ai"), self.hand_to_ai, style="primary")
        self.ai_button.visible = False
        self.admit_button = Button(
            lambda: t("net.admit"), lambda: self.answer(True), style="primary"
        )
        self.refuse_button = Button(lambda: t("net.refuse"), lambda: self.answer(False))
        self.knocks: list[Knock] = []  # who waits at the door, first come first
        self.widgets = [*self.widgets, self.ai_button, self.admit_button, self.refuse_button]
        self._show_knocks()

    def answer(self, admit: bool) -> None:
        """Admit or refuse the first player knocking."""
        if self.knocks:
            self.referee.server.answer(self.knocks[0].kid, admit)
            self.knocks = self.knocks[1:]
            self._show_knocks()

    def _show_knocks(self) -> None:
        for button in (self.admit_button, self.refuse_button):
            button.visible = bool(self.knocks)

    def hand_to_ai(self) -> None:
        """The players the match waits to reconnect are replaced by the Normal AI."""
        for seat in [s for s in self.referee.waiting_for if self.referee.held(s)]:
            self.referee.hand_to_ai(seat, HAND_OVER_LEVEL)
        self.relabel()

    def leave(self) -> None:
        super().leave()
        if not self._rematched:
            self.referee.stop(t("net.host_closed"))

    def leave_warning(self) -> tuple[str, str] | None:
        """Leaving closes the table: the guests connected now are named, as dropped."""
        names = [name for _, name in self.referee.joined()]
        if not names:
            return None
        return t("net.host_leave_title"), t("net.host_leave_confirm", names=", ".join(names))

    def rematch_scene(self, swap: bool = False) -> MatchScene:
        """A rematch at the same table, a new seed: the guests keep their connections, and
        their seats too unless ``swap`` (the seats rotate as in a local rematch; for two
        players, the sides are swapped)."""
        old = self.match
        if swap:
            match = old.rematch()
            moved = {seat: (seat - 1) % len(old.seats) for seat in range(len(old.seats))}
        else:
            match = Match(
                old.game,
                old.seats,
                options=old.state.options,
                seed=old.seed + 1,
                client=old.client,
                autosave=old.autosave,
                names=old.own_names,
                remote=old.remote,
            )
            moved = {}
        self.referee.restart(match, moved)
        self._rematched = True
        return HostedMatchScene(self.app, self.referee)

    def offer_rematch(self) -> None:
        """Same sides or swapped: the host chooses; every guest stays at the table."""
        from game.scenes.overlay import DialogScene

        def rematch(swap: bool) -> Callable[[], None]:
            return lambda: self.app.stack.replace(self.rematch_scene(swap))

        self.app.stack.push(
            DialogScene(
                self.app,
                lambda: t("gameover.rematch"),
                lambda: t("net.rematch_sides"),
                [
                    (lambda: t("net.rematch_swap"), rematch(True)),
                    (lambda: t("net.rematch_same"), rematch(False)),
                ],
            )
        )

    def update(self, dt: float) -> None:
        referee = self.referee
        before = self.match.revision
        referee.pump()
        knocks = referee.server.knocks()
        if [k.kid for k in knocks] != [k.kid for k in self.knocks]:
            if any(k not in self.knocks for k in knocks):
                self.app.sound.play("knock")  # someone at the door
            self.knocks = knocks
            self._show_knocks()
        news = referee.undo_notes[self._notes_seen :]
        if self.match.revision != before and not any(code == DONE for _, code, _ in news):
            self.refresh(animate=True)  # a guest's move; a take-back is shown at rest below
        if self.match.names != self.board.ctx.seat_names:
            self.relabel()  # a guest joined under its own name: the board names it too
        self._take_back_news()
        for name, why in referee.left[self._left_seen :]:
            self.toast(t("net.left" if why == "quit" else "net.dropped", name=name))
        self._left_seen = len(referee.left)
        if referee.paused:
            self.ai_button.visible = any(referee.held(s) for s in referee.waiting_for)
            self.clock += dt
            self.toasts.update(dt)
            self.board.update(dt)
            return
        super().update(dt)
        referee.pump()  # what this frame changed goes out now, not a frame later
        self.ai_button.visible = False

    def _on_event(self, event: Event) -> None:
        """A guest's forced move is the guest's: its own screen announces and plays it. Played
        here too, it raced the guest's and one of the two came back refused; announced here, its
        words could name a card of the guest's hand."""
        if event.kind == FORCED_MOVE and self.match.to_move in self.match.remote:
            return
        super()._on_event(event)

    def hint_possible(self) -> bool:
        """Hints are for the player at this screen: a guest's hint would show its hand here."""
        return self.match.to_move in self.match.local_humans and super().hint_possible()

    def undo(self) -> None:
        """Ask the other players to let the player here take back their last decision; the
        referee rewinds once every one has allowed it (the outcome comes as a note)."""
        referee = self.referee
        seat = self.match.viewer
        if self.match.spectating:
            return  # no seat here: nothing of the host's to take back (Ctrl+Z included)
        if referee.ask_undo(seat) == "" and referee.takeback is not None:
            waiting = referee.takeback.waiting
            others = [name for s, name in referee.joined() if s in waiting]
            self.toast(t("net.undo_asking", names=", ".join(others)))

    def can_undo(self) -> bool:
        """Lit when asking would take something back: the player here has a decision to take
        back and no request is open nor the match paused (the referee's rule); never for a
        spectating host, whose viewer is a guest's seat."""
        m = self.match
        return m.viewer not in m.remote and self.referee.undo_refusal(m.viewer) == ""

    def can_redo(self) -> bool:
        """Never across machines: a take-back is agreed on, replaying it is not (the match's
        redo stack, filled by a guest's take-back, is not the host's to replay)."""
        return False

    def redo(self) -> None:
        self.toast(t("net.no_redo"))

    def _take_back_news(self) -> None:
        """Answer a guest's request here (a dialog; closing it refuses), and tell outcomes."""
        from game.scenes.guest_match import consent_dialog, undo_words

        referee = self.referee
        if not referee.host_must_answer:
            self._consent_asked = False
        elif self._consent_asked:  # the dialog was closed without an answer
            self._answer_undo(False)
        elif referee.takeback is not None:
            self._consent_asked = True
            name = self.match.names[referee.takeback.seat]
            self.app.stack.push(consent_dialog(self.app, name, self._answer_undo))
        for seat, code, refused_by in referee.undo_notes[self._notes_seen :]:
            mine = seat in self.match.local_humans
            name = self.match.names[seat]
            ours = seat == self._refused_seat  # the refusal said here
            words = undo_words(code, name, refused_by, mine, ours)
            if ours:
                self._refused_seat = None
            if code == DONE:
                self._after_rewind(words)
            else:
                self.toast(words)
        self._notes_seen = len(referee.undo_notes)

    def _answer_undo(self, allow: bool) -> None:
        request = self.referee.takeback
        self._refused_seat = None if allow or request is None else request.seat
        self.referee.answer_undo(HOST_SIDE, allow)

    def waiting_words(self) -> str:
        """While the match waits for a player, the status line says so (not "X is thinking")."""
        return self.waiting_lines()[0] if self.referee.paused else ""

    def waiting_lines(self) -> list[str]:
        """The card's lines: whom the match waits for, the code, who has joined."""
        referee = self.referee
        lines = []
        for again in (False, True):
            names = [self.match.names[s] for s in referee.waiting_for if referee.held(s) == again]
            if names:
                key = "net.waiting_reconnect" if again else "net.waiting_join"
                lines.append(t(key, names=", ".join(names)))
        if referee.invite is not None:
            lines.append(t("net.invite", code=str(referee.invite)))
        if referee.server.unlisted:
            lines.append(t("net.unlisted"))
        joined = [name for _, name in referee.joined()]
        if joined:
            lines.append(t("net.joined", names=", ".join(joined)))
        elif not any(referee.held(s) for s in referee.waiting_for):  # none stepped away either
            lines.append(t("net.nobody"))
        if self.knocks:
            lines.append(t("net.knock", name=self.knocks[0].name))
            if len(self.knocks) > 1:
                lines.append(t("net.knocks_more", n=len(self.knocks) - 1))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.referee.paused:
            return
        m, board = self.metrics, self.board.rect
        px = m.font_px(16)
        lines = self.waiting_lines()
        width = min(board.width - m.px(24), m.px(640))
        height = m.px(24) + len(lines) * round(px * 1.7)
        card = pygame.Rect(0, 0, width, height)
        rows = [
            row
            for row in ([self.ai_button], [self.admit_button, self.refuse_button])
            if row[0].visible
        ]
        card.height += m.px(52) * len(rows)
        card.center = board.center
        art.panel(surface, card, shadow=m.px(6))
        bottom = card.bottom - m.px(12)
        for row in reversed(rows):
            bar = pygame.Rect(0, 0, min(width - m.px(24), m.px(160 * len(row) + 160)), m.px(40))
            bar.midbottom = (card.centerx, bottom)
            for button, rect in zip(row, split_columns(bar, [1] * len(row), m.px(12)), strict=True):
                button.place(rect, m.font_px(15))
                button.draw(surface)
            bottom -= m.px(52)
        y = card.y + m.px(12) + round(px * 0.85)
        knock_line = t("net.knock", name=self.knocks[0].name) if self.knocks else None
        for i, line in enumerate(lines):
            bold = i == 0 or line == knock_line  # someone at the door stands out
            text = ellipsized(line, px, width - m.px(24), bold=bold)
            colour = theme.GOLD if line == knock_line else theme.TEXT if i == 0 else theme.TEXT_DIM
            blit_text(surface, text, px, colour, bold=bold, center=(card.centerx, y))
            y += round(px * 1.7)
