"""The host's game-thread side: the one :class:`~game.match.Match`, refereed for remote seats.

Each frame (or each turn of a headless loop) ``pump()`` takes what the network thread let in —
guests joining, acting, leaving — and applies it to the match only after the referee's own
checks: the message comes from the connection that holds the seat now, the match is not paused,
the action is for the current position (``index``) and the seat is the one to move; the match's
``play`` then checks legality and a refusal goes back in the guest's words (``denied``). After
that each connected guest gets a ``view`` of what changed, built from its seat's information only.

While a remote seat has nobody connected the match waits (``waiting_for``): every guest is told
who it waits for, the host's screen says so, and the host may hand the seat to an AI or end.
"""

from __future__ import annotations

import queue

from game.engines.base import IllegalActionError
from game.match import Match, seat_names
from game.net.host import HostServer, Inbound
from game.net.invite import Invite
from game.net.protocol import PROTOCOL_VERSION, encode
from game.net.views import SeatView
from game.version import version


class Referee:
    def __init__(self, match: Match, server: HostServer) -> None:
        self.match = match
        self.server = server
        self.views = {seat: SeatView(match, seat) for seat in sorted(match.remote)}
        self.sessions: dict[int, int] = {}  # remote seat -> the session holding it
        self.left: list[tuple[str, str]] = []  # (name, why) of guests who left, for the screen
        self._waiting: tuple[str, ...] = ()
        self._ever_held: set[int] = set()
        self.invite: Invite | None = None

    def start(self) -> Invite:
        self.invite = self.server.start()
        self._tell_waiting()
        return self.invite

    def restart(self, match: Match) -> None:
        """A new match at the same table (a rematch, same remote seats): every connected guest
        is welcomed to it and gets its whole view again."""
        if match.remote != self.match.remote:
            raise ValueError("a rematch keeps the same remote seats")
        self.match = match
        self.views = {seat: SeatView(match, seat) for seat in sorted(match.remote)}
        for seat, sid in self.sessions.items():
            self.server.send(sid, self._welcome(seat))
        self.pump()

    def stop(self, text: str = "") -> None:
        self.server.stop(text)

    # --- what the host's screen asks --------------------------------------------------------------
    @property
    def waiting_for(self) -> list[int]:
        """Remote seats with nobody connected: the match does not go on until they are back."""
        return [seat for seat in self.views if seat not in self.sessions]

    @property
    def paused(self) -> bool:
        """A guest is missing while the game is on (after the end, leaving is no drop)."""
        return bool(self.waiting_for) and not self.match.is_over

    def wire_names(self) -> list[str]:
        """The seats' names as guests see them: nobody is "You" on another player's screen."""
        m = self.match
        defaults = seat_names(m.seats, range(len(m.seats)))
        return [own or default for own, default in zip(m.own_names, defaults, strict=True)]

    def held(self, seat: int) -> bool:
        """Whether a guest has held ``seat`` (so the match waits for it to reconnect)."""
        return seat in self._ever_held

    def joined(self) -> list[tuple[int, str]]:
        """(seat, name) of each guest connected now."""
        return [(seat, self.match.names[seat]) for seat in self.views if seat in self.sessions]

    # --- the turn loop ----------------------------------------------------------------------------
    def pump(self) -> None:
        """Apply what arrived, then send each guest what changed for it."""
        while True:
            try:
                item = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            self._take(item)
        self._tell_waiting()
        names = self.wire_names()
        for seat, sid in self.sessions.items():
            message = self.views[seat].message(self.match, names)
            if message is not None:
                self.server.send(sid, message)

    def hand_to_ai(self, seat: int, level: str) -> None:
        """An absent guest's seat is played by the host's AI from now on."""
        if seat not in self.views:
            return
        sid = self.sessions.pop(seat, None)
        if sid is not None:
            self.server.kick(sid, "the host gave your seat to the computer")
        del self.views[seat]
        self.server.retire(seat)
        self.match.hand_over(seat, level)

    # --- internals --------------------------------------------------------------------------------
    def _take(self, item: Inbound) -> None:
        if item.kind == "joined":
            if item.seat not in self.views:  # retired meanwhile
                self.server.kick(item.session, "that seat is no longer open")
                return
            self.sessions[item.seat] = item.session
            self.match.own_names[item.seat] = item.name
            self.views[item.seat].restart()
            self._ever_held.add(item.seat)
            self.server.send(item.session, self._welcome(item.seat))
            self.server.send(item.session, self._waiting_message())
        elif item.kind == "left":
            if self.sessions.get(item.seat) == item.session:
                del self.sessions[item.seat]
                self.left.append((item.name, item.why))
        elif self.sessions.get(item.seat) == item.session:
            self._act(item)

    def _act(self, item: Inbound) -> None:
        m = self.match
        code = ""
        if self.paused:
            code, text = "paused", "the match is waiting for a player"
        elif item.index != len(m.state.history):
            code, text = "stale", "the position has changed since"
        elif m.to_move != item.seat or not m.human_to_decide():
            code, text = "not_your_turn", "it is not your turn"
        if code:
            self._deny(item, code, text, (code, {}))
            return
        try:
            m.play(item.action)
        except IllegalActionError as err:
            self._deny(item, "illegal", str(err), err.phrase)

    def _deny(self, item: Inbound, code: str, text: str, phrase: tuple[str, dict]) -> None:
        key, args = phrase
        message = encode(
            "denied",
            "host",
            action=item.action,
            index=item.index,
            code=code,
            text=text[:300],
            phrase=[key, args],
        )
        self.server.send(item.session, message)

    def _welcome(self, seat: int) -> str:
        m = self.match
        return encode(
            "welcome",
            "host",
            version=PROTOCOL_VERSION,
            app=version(),
            game=m.game.id,
            game_version=m.game.version,
            options=dict(m.state.options),
            seat=seat,
            names=self.wire_names(),
            kinds=["remote" if i in m.remote else kind for i, kind in enumerate(m.seats)],
        )

    def _waiting_message(self) -> str:
        """Whom the match waits for: "join" while a seat has never been taken, else "reconnect"."""
        seats = self.waiting_for
        why = "reconnect" if all(self.held(s) for s in seats) else "join"
        names = self.wire_names()
        return encode("waiting", "host", names=[names[s] for s in seats], why=why)

    def _tell_waiting(self) -> None:
        names = tuple(self.wire_names()[seat] for seat in self.waiting_for)
        if names != self._waiting:
            self._waiting = names
            message = self._waiting_message()
            for sid in self.sessions.values():
                self.server.send(sid, message)
