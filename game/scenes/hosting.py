"""The host's match screen in a networked match: the ordinary match screen with the referee
beside it.

Every frame the referee takes the guests' messages and sends them what changed; a guest's move
is shown like the AI's. While a remote seat is empty the match does not move on and a card over
the board says whom it waits for, with the invite code to hand out and who has joined by name.
A player who picked the table from the local network's list knocks: the card says "NAME wants to
join" with Admit and Refuse. Leaving the match closes the table and tells the guests so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.match import Match
from game.net.referee import Referee
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

    def rematch_scene(self) -> MatchScene:
        """A rematch at the same table: the guests keep their seats (so nobody has to move to
        another connection), the sides are not swapped; a new seed."""
        old = self.match
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
        self.referee.restart(match)
        self._rematched = True
        return HostedMatchScene(self.app, self.referee)

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
        if self.match.revision != before:
            self.refresh(animate=True)  # a guest's move
        if self.match.names != self.board.ctx.seat_names:
            self.relabel()  # a guest joined under its own name: the board names it too
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

    def hint_possible(self) -> bool:
        """Hints are for the player at this screen: a guest's hint would show its hand here."""
        return self.match.to_move in self.match.local_humans and super().hint_possible()

    def undo(self) -> None:
        """Taking back across machines needs the other side's consent, not built yet."""
        self.toast(t("net.no_undo"))

    def redo(self) -> None:
        self.toast(t("net.no_undo"))

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
        lines.append(t("net.joined", names=", ".join(joined)) if joined else t("net.nobody"))
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
