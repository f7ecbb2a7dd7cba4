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
from game.net import takeback
from game.net.coach import GuestCoach
from game.net.hints import Ask, GuestHints
from game.net.host import HostServer, Inbound
from game.net.invite import Invite
from game.net.protocol import PROTOCOL_VERSION, encode
from game.net.takeback import HOST_SIDE, TakeBack
from game.net.views import Past, SeatView
from game.version import version


class Referee:
    def __init__(self, match: Match, server: HostServer, hints: GuestHints | None = None) -> None:
        self.match = match
        self.server = server
        self.hints = hints or GuestHints()  # searched from each guest's own information
        self.coach = GuestCoach()  # the guests' reviews, searched on the hints' AI process
        self._pasts: dict[int, Past | None] = {}  # session -> its past being sent (None: sent)
        self.views = {seat: SeatView(match, seat) for seat in sorted(match.remote)}
        self.sessions: dict[int, int] = {}  # remote seat -> the session holding it
        self.left: list[tuple[str, str]] = []  # (name, why) of guests who left, for the screen
        self._waiting: tuple[str, ...] = ()
        self._ever_held: set[int] = set()
        self.invite: Invite | None = None
        self.takeback: TakeBack | None = None  # an open request to take back a move
        self.undo_notes: list[tuple[int, str, str]] = []  # (seat, code, refused_by), for the screen

    def start(self) -> Invite:
        self.invite = self.server.start()
        self._tell_waiting()
        return self.invite

    def restart(self, match: Match, moved: dict[int, int] | None = None) -> None:
        """A new match at the same table (a rematch): every connected guest is welcomed to it
        and gets its whole view again. ``moved`` maps old seats to new ones when the seats
        rotated (swapped sides); each guest follows its seat."""
        moved = moved or {}
        seat_of = {seat: moved.get(seat, seat) for seat in range(len(self.match.seats))}
        if {seat_of[s] for s in self.match.remote} != set(match.remote):
            raise ValueError("a rematch keeps the remote seats (or rotates them with the rest)")
        self.match = match
        self.views = {seat: SeatView(match, seat) for seat in sorted(match.remote)}
        self.sessions = {seat_of[seat]: sid for seat, sid in self.sessions.items()}
        self._ever_held = {seat_of[seat] for seat in self._ever_held}
        self.takeback = None
        self.hints.reset()
        self.coach.reset()
        if moved:
            self.server.reseat(seat_of)
        for seat, sid in self.sessions.items():
            self.server.send(sid, self._welcome(seat))
        self.pump()

    def stop(self, text: str = "") -> None:
        self.server.stop(text)
        self.hints.close()

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

    def wire_kinds(self) -> list[str]:
        """Each seat's kind for the guests: "remote", "human" (at the host) or an AI level."""
        m = self.match
        return ["remote" if i in m.remote else kind for i, kind in enumerate(m.seats)]

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
        names, kinds = self.wire_names(), self.wire_kinds()
        for seat, sid in self.sessions.items():
            message = self.views[seat].message(self.match, names, kinds)
            if message is not None:
                self.server.send(sid, message)
        found = [*self.hints.pump(self.match), *self.coach.pump(self.match, self.hints)]
        for seat, message in found:
            if seat in self.sessions:
                self.server.send(self.sessions[seat], message)
        self._send_pasts()

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

    # --- taking back, with consent (game/net/takeback.py) ---------------------------------------
    def side_of(self, seat: int) -> int:
        """Who answers for ``seat``: its guest, or the host's screen for a human playing there."""
        return seat if seat in self.match.remote else HOST_SIDE

    @property
    def host_must_answer(self) -> bool:
        """The host's screen owes an answer to an open request."""
        return self.takeback is not None and HOST_SIDE in self.takeback.waiting

    def ask_undo(self, seat: int) -> str:
        """``seat`` asks to take back its last decision: the other human sides are asked (done
        at once when there is none). Returns the outcome's code so far ("" while asking)."""
        m = self.match
        code = self.undo_refusal(seat)
        if code:
            self._undo_result(seat, code, "", only=self.side_of(seat))
            return code
        target = takeback.last_decision(m, seat)
        assert target is not None
        sides = {self.side_of(s) for s in m.humans} - {self.side_of(seat)}
        self.takeback = TakeBack(seat, target, sides)
        for side in sides & set(self.sessions):
            self.server.send(self.sessions[side], encode("undo_asked", "host", seat=seat))
        return self._settle_undo()

    def undo_refusal(self, seat: int) -> str:
        """Why ``seat`` could not ask to take back its last decision now (busy, paused, nothing
        to take back: an AI's seat has none), or "" when it could: the Undo button's rule too."""
        m = self.match
        if self.takeback is not None:
            return takeback.BUSY
        if self.paused:
            return takeback.PAUSED
        if seat not in m.humans or takeback.last_decision(m, seat) is None:
            return takeback.NOTHING
        return ""

    def answer_undo(self, side: int, allow: bool) -> str:
        """A side's answer to the open request (ignored when it is not asked)."""
        request = self.takeback
        if request is None or side not in request.waiting:
            return ""
        if not allow:
            self.takeback = None
            refuser = self.match.names[side] if side != HOST_SIDE else self._host_name()
            self._undo_result(request.seat, takeback.REFUSED, refuser)
            return takeback.REFUSED
        request.waiting.discard(side)
        return self._settle_undo()

    def _settle_undo(self) -> str:
        request = self.takeback
        if request is None or request.waiting:
            return ""
        self.takeback = None
        takeback.rewind(self.match, request.target)
        self._undo_result(request.seat, takeback.DONE, "")
        return takeback.DONE

    def _undo_result(self, seat: int, code: str, refused_by: str, only: int | None = None) -> None:
        """Tell the outcome to every guest (``only``: to that side alone) and the host's screen."""
        message = encode("undo_result", "host", seat=seat, code=code, refused_by=refused_by)
        for side, sid in self.sessions.items():
            if only is None or side == only:
                self.server.send(sid, message)
        if only is None or only == HOST_SIDE:
            self.undo_notes.append((seat, code, refused_by))

    def _host_name(self) -> str:
        local = self.match.local_humans
        return self.wire_names()[local[0]] if local else ""

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
            self.hints.seated()
            self.server.send(item.session, self._welcome(item.seat))
            self.server.send(item.session, self._waiting_message())
            return
        # The seat the connection holds now (a rematch with swapped sides moves it).
        seat = next((s for s, sid in self.sessions.items() if sid == item.session), None)
        if seat is None:
            return  # from a connection that no longer holds a seat
        if item.kind == "left":
            del self.sessions[seat]
            self.left.append((item.name, item.why))
            request = self.takeback
            if request is not None and seat in request.waiting | {request.seat}:
                self.takeback = None  # nobody left to answer, or to be answered
                self._undo_result(request.seat, takeback.LEFT, item.name)
        elif item.kind == "undo_ask":
            self.ask_undo(seat)
        elif item.kind == "undo_answer":
            self.answer_undo(seat, item.allow)
        elif item.kind == "hint_ask":
            self._hint_ask(seat, item)
        elif item.kind == "coach_ask":
            found = self.coach.ask(seat, self.match, self.views[seat].sent)
            if found is not None:
                self.server.send(item.session, found)
        elif item.kind == "past_ask" and item.session not in self._pasts:
            self._pasts[item.session] = Past(self.match, seat, item.index)  # once a connection
        elif item.seat == seat:  # an act sent before its seat moved was for the last match
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

    def _hint_ask(self, seat: int, item: Inbound) -> None:
        """A guest asks for a hint: refused or answered now, or searched from its view (the
        one it was last sent, so ``index`` must be the current position)."""
        m = self.match
        view = self.views[seat]
        behind = view.message(m, self.wire_names(), self.wire_kinds())
        if behind is not None:  # the guest's view first, so the hint answers what it sees
            self.server.send(item.session, behind)
        ask = Ask(seat, item.index, m.revision, view.key())
        answer = self.hints.ask(ask, m, self.paused)
        if answer is not None:
            self.server.send(item.session, answer)

    def _send_pasts(self) -> None:
        """The next of each past asked for, to the connection that asked while it holds the seat."""
        for sid, past in self._pasts.items():
            if past is None:
                continue
            if self.sessions.get(past.seat) == sid:
                for message in past.pump():
                    self.server.send(sid, message)
            if past.done or self.sessions.get(past.seat) != sid:
                self._pasts[sid] = None

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
            kinds=self.wire_kinds(),
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
