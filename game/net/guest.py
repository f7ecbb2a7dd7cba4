"""The guest's side: a connection to the host (directly or through a relay) in its own thread,
and :class:`RemoteTable`, the guest's picture of the match built from the messages only.

The guest has no state of the game: its board is drawn from the table's ``obs`` and ``legal``,
its log from the steps the host worded for it. Every message from the host is checked like the
host checks the guest's (size, JSON, schema). When the connection drops without a ``bye`` the
client reconnects on its own with the same code, asking for its seat back.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import time
from dataclasses import dataclass, field, replace
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.coach import Position, Verdict
from game.net.invite import Invite
from game.net.loop import CLOSE_TIMEOUT, LoopThread
from game.net.protocol import (
    BURST,
    MAX_HOST_BYTES,
    PROTOCOL_VERSION,
    RATE,
    Message,
    ProtocolError,
    TokenBucket,
    decode,
    encode,
)
from game.turns import Step
from game.version import version
from game.words import words_of

RECONNECT_FOR = 120.0  # seconds a dropped guest keeps trying before it gives up
BACKOFF = (0.2, 0.5, 1.0, 2.0, 4.0)  # seconds between tries, the last one repeated

# Connection status, for the guest's screen (KNOCKING: at the door, for the host to admit).
CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"
KNOCKING = "knocking"


class GuestClient:
    """Connects to ``invite`` as ``name``; messages from the host arrive on ``inbox``.

    ``status`` is one of the constants above; once CLOSED, ``closed_reason`` says why in words
    (a refusal, the host's goodbye, or giving up on reconnecting). ``received`` keeps every raw
    message when ``keep_raw`` is set (tests check it for hidden information).
    """

    def __init__(
        self, invite: Invite, name: str, *, seat: int | None = None, keep_raw: bool = False
    ) -> None:
        self.invite, self.name, self.seat = invite, name, seat
        self.inbox: queue.SimpleQueue[Message] = queue.SimpleQueue()
        self.status = CONNECTING
        self.closed_reason = ""
        self.closed_code = ""
        self.refusal: Message | None = None  # the host's ``refused``, for words in any language
        self.received: list[str | bytes] | None = [] if keep_raw else None
        self._thread = LoopThread("fivefronts-guest")
        self._outbox: asyncio.Queue[str | None] | None = None
        self._leaving = False
        self._welcomes = 0  # welcomes so far: once seated, a drop is reconnected from

    def start(self) -> None:
        """Connect (once: the join dialog starts a client before the guest window takes it)."""
        if self._thread.started:
            return
        self._thread.start()
        self._thread.spawn(self._run())

    def act(self, action: int, index: int) -> None:
        """Send a decision for the position after ``index`` actions."""
        self._send(encode("act", "guest", action=action, index=index))

    def ask_undo(self) -> None:
        """Ask to take back our last decision (the other players are asked for consent)."""
        self._send(encode("undo_ask", "guest"))

    def answer_undo(self, allow: bool) -> None:
        """Answer another player's request to take back a move."""
        self._send(encode("undo_answer", "guest", allow=allow))

    def request(self, kind: str, **fields: Any) -> None:
        """Send what the table asks of the host (``RemoteTable.requests``)."""
        self._send(encode(kind, "guest", **fields))

    def ask_hint(self, index: int) -> None:
        """Ask the host for a hint for the position after ``index`` actions (it searches from
        our information only)."""
        self._send(encode("hint_ask", "guest", index=index))

    def leave(self, reason: str = "quit") -> None:
        """Say bye to the host and close."""
        self._leaving = True
        self._send(encode("bye", "guest", reason=reason))
        self._send(None)
        deadline = time.monotonic() + 2.0
        while self.status != CLOSED and time.monotonic() < deadline:
            time.sleep(0.02)
        self._thread.stop()

    def refuse_host(self, err: ProtocolError) -> None:
        """Stop playing with a host whose message made no sense to the table (the game thread
        checks what decoding cannot): say so on screen, tell the host and close, never crash."""
        self._close("bad_host", f"the host sent something we cannot read: {err}")
        self._leaving = True
        self._send(encode("bye", "guest", reason="bad_host"))
        self._send(None)

    def stop(self) -> None:
        """Close without a word (as a crash or a pulled cable would)."""
        self._leaving = True
        self._thread.stop()

    def _send(self, text: str | None) -> None:
        self._thread.soon(self._put, text)

    def _put(self, item: Any) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait(item)

    async def _run(self) -> None:
        from game.net.relay import join_url

        url = join_url(self.invite)
        started_drop: float | None = None
        tries = 0
        while not self._leaving:
            welcomes = self._welcomes
            try:
                async with connect(
                    url, max_size=MAX_HOST_BYTES, open_timeout=10, close_timeout=CLOSE_TIMEOUT
                ) as ws:
                    if await self._session(ws):
                        break
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError):
                pass
            if self._welcomes != welcomes:  # seated again, then dropped: a new drop
                tries, started_drop = 0, None
            if self._leaving:
                break
            started_drop = started_drop or time.monotonic()
            if time.monotonic() - started_drop > RECONNECT_FOR:
                self._close("gave_up", "the host could not be reached")
                return
            self.status = RECONNECTING if self.seat is not None else CONNECTING
            await asyncio.sleep(BACKOFF[min(tries, len(BACKOFF) - 1)])
            tries += 1
        if self.status != CLOSED:
            self._close("left", "you left the match")

    async def _session(self, ws: Any) -> bool:
        """One connection: hello, then messages both ways. True when the match is over for us
        (refused, bye); False when the connection dropped and we should reconnect."""
        self._outbox = asyncio.Queue()
        hello = encode(
            "hello",
            "guest",
            version=PROTOCOL_VERSION,
            app=version(),
            token=self.invite.token,
            name=self.name,
            seat=self.seat,
        )
        await ws.send(hello)
        if not self.invite.token:
            self.status = KNOCKING
        sender = asyncio.get_running_loop().create_task(self._sender(ws, self._outbox))
        try:
            async for raw in ws:
                if self.received is not None:
                    self.received.append(raw)
                try:
                    msg = decode(raw, "host")
                except ProtocolError as err:
                    self._close("bad_host", f"the host sent something we cannot read: {err}")
                    return True
                if msg.kind == "refused":
                    if msg["code"] == "seat_taken" and self._welcomes:
                        # Our seat, held by our old connection: the host has not yet noticed
                        # that it dropped (its pings do within 15 s). Try again until then.
                        return False
                    self.refusal = msg
                    self._close(msg["code"], _refusal_words(msg))
                    return True
                if msg.kind == "admitted":  # our knock was answered: the code for reconnecting
                    self.invite = replace(self.invite, token=msg["token"])
                    continue
                if msg.kind == "welcome":
                    self.seat, self.status = msg["seat"], CONNECTED
                    self._welcomes += 1
                self.inbox.put(msg)
                if msg.kind == "bye":
                    self._close(msg["reason"], msg["text"])
                    return True
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await sender
        return self._leaving

    async def _sender(self, ws: Any, outbox: asyncio.Queue) -> None:
        """Send in order, at a pace under the host's flood limit (a bot answers at once)."""
        pace = TokenBucket(RATE * 0.8, BURST / 2)
        while (text := await outbox.get()) is not None:
            while not pace.take():
                await asyncio.sleep(pace.wait())
            await ws.send(text)
        await ws.close()

    def _close(self, code: str, reason: str) -> None:
        self.closed_code, self.closed_reason, self.status = code, reason, CLOSED


def _refusal_words(msg: Message) -> str:
    if msg["code"] == "version" or msg["version"] != PROTOCOL_VERSION:
        return (
            f"the host speaks protocol version {msg['version']} (Five Fronts {msg['app'][:20]})"
            f" and we speak version {PROTOCOL_VERSION} (Five Fronts {version()}): {msg['text']}"
        )
    return str(msg["text"])


@dataclass
class RemoteTable:
    """The guest's match as the host showed it: everything the guest's screen draws."""

    game: str = ""
    options: dict = field(default_factory=dict)
    seat: int = -1
    names: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    index: int = 0
    revision: int = 0  # the host's count of changes to the history (an undo changes it too)
    phase: str = ""
    to_move: int = -1
    obs: dict = field(default_factory=dict)
    legal: list[int] = field(default_factory=list)
    log: list[Step] = field(default_factory=list)
    returns: list[float] | None = None
    waiting: list[str] = field(default_factory=list)
    waiting_why: str = ""
    denied: list[Message] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    bye: str = ""
    # The position whose answer is on its way to the host, as (index, revision): one answer per
    # position. The host either applies it (the next view moves on) or denies it (``denied``
    # names the index, so an old refusal never cancels a newer answer). The revision tells a
    # position taken back to from the one answered before at the same index. A new ``welcome``
    # (a reconnection, a rematch) clears it: what was in flight may have been lost with the old
    # connection, and a guest that waited for it would wait forever.
    answering: tuple[int, int] | None = None
    undo_asker: int | None = None  # the seat asking us to let it take back a move, unanswered
    undo_results: list[Message] = field(default_factory=list)
    # The host's hint: the whole suggested move from the position ``hint_at`` (index, revision),
    # each part also as a log step worded for us; ``hint_asked``: the position asked about.
    hint_line: tuple[int, ...] = ()
    hint_steps: list[Step] = field(default_factory=list)
    hint_at: tuple[int, int] | None = None
    hint_asked: tuple[int, int] | None = None
    hint_refused: str = ""  # why the last ask got no hint (the host's code)
    # Every observation we were sent in this game, by history index (the guest's review steps
    # through these); positions taken back are dropped, a new welcome starts afresh.
    seen: dict[int, dict] = field(default_factory=dict)
    # Asked of the host once per welcome: our observations before the first position we were
    # sent (``past``), and once the review is opened (``coach_wanted``) the coach's review of our
    # moves (``coach``), searched from our information: ``coach_total`` moves, the ``verdicts``
    # found so far and each one's moves worded as log steps (played, preferred) by its index.
    past_asked: bool = False
    coach_wanted: bool = False
    coach_asked: bool = False
    coach_total: int | None = None
    verdicts: list[Verdict] = field(default_factory=list)
    verdict_steps: dict[int, tuple[list[Step], list[Step]]] = field(default_factory=dict)
    older_host: bool = False  # the host knew neither ask (an earlier version 2 build)

    @property
    def started(self) -> bool:
        return bool(self.game) and bool(self.obs)

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and bool(self.legal) and not self.waiting

    @property
    def may_answer(self) -> bool:
        """The guest is to decide and has not yet sent its answer for this position."""
        return self.my_turn and self.returns is None and self.answering != self._position

    @property
    def _position(self) -> tuple[int, int]:
        return self.index, self.revision

    def answered(self) -> int:
        """Mark the current position as answered; its index, for the ``act`` message."""
        self.answering = self._position
        return self.index

    def winners(self) -> list[int]:
        """The seats with the best return once the game is over."""
        returns = self.returns or []
        return [i for i, r in enumerate(returns) if r == max(returns)]

    def result_text(self) -> str:
        """The result in this player's words, as a local match with one human says it."""
        from game.engines import GAMES
        from game.i18n import t

        returns, winners = self.returns or [], self.winners()
        if GAMES[self.game].cooperative:
            return t("result.coop_win") if returns and returns[0] > 0 else t("result.coop_loss")
        if len(winners) != 1:
            return t("result.draw")
        if winners[0] == self.seat:
            return t("result.you_win")
        return t("result.you_lose", name=self.names[winners[0]])

    @property
    def hint_shown(self) -> bool:
        """A hint for the current position is held."""
        return bool(self.hint_line) and self.hint_at == self._position

    def may_ask_hint(self) -> bool:
        """A hint may be asked now: our turn, none asked for this position nor held."""
        return self.may_answer and self.hint_asked != self._position and not self.hint_shown

    def asked_hint(self) -> int:
        """Mark the current position as asked about; its index, for the ``hint_ask`` message."""
        self.hint_asked, self.hint_refused = self._position, ""
        return self.index

    def follow_hint(self, action: int) -> None:
        """We play ``action``: the rest of the hinted move stays for the next position when it
        was the hint's first part (the next view drops it if we are no longer to decide)."""
        if self.hint_shown and self.hint_line[0] == action and len(self.hint_line) > 1:
            self.hint_line, self.hint_steps = self.hint_line[1:], self.hint_steps[1:]
            self.hint_at = (self.index + 1, self.revision + 1)
        else:
            self.clear_hint()

    def clear_hint(self) -> None:
        self.hint_line, self.hint_steps, self.hint_at = (), [], None

    def take(self, inbox: queue.SimpleQueue[Message]) -> list[Message]:
        """Apply every message waiting in ``inbox``; they are returned, oldest first."""
        taken: list[Message] = []
        while True:
            try:
                msg = inbox.get_nowait()
            except queue.Empty:
                return taken
            self.apply(msg)
            taken.append(msg)

    def apply(self, msg: Message) -> None:
        """Take one message from the host; a view whose log does not fit ours is refused."""
        if msg.kind == "welcome":
            self.game, self.options, self.seat = msg["game"], msg["options"], msg["seat"]
            self.kinds = [str(k) for k in msg["kinds"]]
            self.names = worded_names(msg["names"], self.kinds)
            self.answering = self.hint_asked = None
            self.clear_hint()
            self.seen = {}
            self.past_asked = self.coach_wanted = self.coach_asked = False
            self.coach_total, self.verdicts, self.verdict_steps = None, [], {}
        elif msg.kind == "view":
            if msg["log_from"] > len(self.log):
                raise ProtocolError("bad_view", "a log that skips steps")
            steps = [_step(row) for row in msg["log"]]
            _wordable(self.game, steps)
            self.log = self.log[: msg["log_from"]] + steps
            self.index, self.phase, self.to_move = msg["index"], msg["phase"], msg["to_move"]
            self.revision = msg["revision"]
            self.obs, self.legal = msg["obs"], [int(a) for a in msg["legal"]]
            self.seen = {i: obs for i, obs in self.seen.items() if i < self.index}
            self.seen[self.index] = self.obs
            self.kinds = [str(k) for k in msg["kinds"]]
            self.names, self.returns = worded_names(msg["names"], self.kinds), msg["returns"]
            if self.hint_at != self._position or self.to_move != self.seat:
                self.clear_hint()
        elif msg.kind == "hint":
            self._take_hint(msg)
        elif msg.kind == "past":
            self._take_past(msg["index"], msg["obs"])
        elif msg.kind == "coach":
            self._take_coach(msg["total"], msg["verdicts"])
        elif msg.kind == "waiting":
            self.waiting, self.waiting_why = [str(n) for n in msg["names"]], msg["why"]
        elif msg.kind == "denied":
            self.denied.append(msg)
            if self.answering is not None and msg["index"] == self.answering[0]:
                self.answering = None  # answer this position again (the refusal says why)
        elif msg.kind == "undo_asked":
            self.undo_asker = msg["seat"]
        elif msg.kind == "undo_result":
            self.undo_asker = None
            self.undo_results.append(msg)
        elif msg.kind == "error":
            self.errors.append(msg["text"])
            if msg["code"] == "unknown_type" and (self.past_asked or self.coach_asked):
                self.older_host = True  # we send no other kind an older host might not know
        elif msg.kind == "bye":
            self.bye = msg["text"]

    def requests(self) -> list[tuple[str, dict[str, Any]]]:
        """What to ask the host now, each once a welcome: our past when our record starts after
        the first move (we reconnected), the coach's review once the game is over and wanted."""
        asks: list[tuple[str, dict[str, Any]]] = []
        first = min(self.seen, default=0)
        if self.started and first > 0 and not self.past_asked:
            self.past_asked = True
            asks.append(("past_ask", {"index": first}))
        wanted = self.coach_wanted and self.returns is not None
        if wanted and not self.coach_asked and not self.older_host:
            self.coach_asked = True
            asks.append(("coach_ask", {}))
        return asks

    def _take_past(self, start: int, observations: list) -> None:
        """Our observations from ``start`` on: only positions before those we hold are taken."""
        if start < 0 or not all(isinstance(obs, dict) for obs in observations):
            raise ProtocolError("bad_past", "a malformed past")
        first = min(self.seen, default=self.index)
        for index, obs in enumerate(observations, start):
            if index < first:
                self.seen[index] = obs

    def _take_coach(self, total: int, rows: list) -> None:
        """The next verdicts of our review, checked (ones we hold are skipped)."""
        if total < 0:
            raise ProtocolError("bad_coach", "a review of fewer than no moves")
        self.coach_total = total
        for row in rows:
            found, played, best = _verdict(row, self.seat)
            last = self.verdicts[-1].position.index if self.verdicts else -1
            if found.position.index > last and len(self.verdicts) < total:
                self.verdicts.append(found)
                self.verdict_steps[found.position.index] = (played, best)

    def _take_hint(self, msg: Message) -> None:
        """A hint for the position we are at (an answer to an older one is moot)."""
        if (msg["index"], msg["revision"]) != self._position:
            return
        if msg["code"]:
            self.hint_refused = msg["code"]
            return
        line = msg["line"]
        if not line or not all(isinstance(a, int) and not isinstance(a, bool) for a in line):
            raise ProtocolError("bad_hint", "a hint without a move")
        self.hint_line, self.hint_at = tuple(line), self._position
        self.hint_steps = [_step(row) for row in msg["steps"]]


def worded_names(names: list, kinds: list[str]) -> list[str]:
    """The seats' names for this screen: a player's as the host sent it, an AI seat's ("Easy
    AI") in this player's language — the host words it in its own."""
    from ai.budgets import LEVELS
    from game.match import HUMAN, seat_names

    if len(kinds) != len(names) or not set(kinds) <= {HUMAN, "remote", *LEVELS}:
        return [str(n) for n in names]  # not what we know how to word: the host's words
    seats = [HUMAN if kind == "remote" else kind for kind in kinds]
    local = seat_names(seats, remote=range(len(seats)))
    return [
        str(name) if seat == HUMAN else word
        for name, seat, word in zip(names, seats, local, strict=True)
    ]


def _verdict(row: Any, seat: int) -> tuple[Verdict, list[Step], list[Step]]:
    """A verdict of the review from the wire, checked field by field."""
    try:
        index, played, value, best, best_value, played_steps, best_steps = row
    except (TypeError, ValueError):
        raise ProtocolError("bad_coach", "a malformed verdict") from None
    moves_ok = all(
        isinstance(line, list) and line and all(_is_int(a) for a in line) for line in (played, best)
    )
    values_ok = all(
        isinstance(v, int | float) and not isinstance(v, bool) and -1 <= v <= 1
        for v in (value, best_value)
    )
    steps_ok = isinstance(played_steps, list) and isinstance(best_steps, list)
    if not (_is_int(index) and index >= 0 and moves_ok and values_ok and steps_ok):
        raise ProtocolError("bad_coach", "a malformed verdict")
    position = Position(index, seat, tuple(played))
    found = Verdict(position, float(value), tuple(best), float(best_value))
    return found, [_step(r) for r in played_steps], [_step(r) for r in best_steps]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _wordable(game_id: str, steps: list[Step]) -> None:
    """Word the new log steps once, as the guest's log will: a phrase whose arguments our words
    cannot read (a broken or hostile host) is refused here, not raised in a later frame's draw."""
    try:
        words_of(game_id).turn_words(steps)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as err:
        raise ProtocolError("bad_view", f"a log step we cannot word ({err!r})") from None


def _step(row: Any) -> Step:
    """A log step from the wire, checked field by field (the host is trusted with nothing)."""
    index: Any
    try:
        index, player, (key, args), text, forced, private = row
    except (TypeError, ValueError):
        raise ProtocolError("bad_view", "a malformed log step") from None
    fields_ok = (
        isinstance(index, int)
        and isinstance(player, int)
        and isinstance(key, str)
        and isinstance(args, dict)
        and isinstance(text, str)
        and isinstance(forced, bool)
        and isinstance(private, bool)
    )
    if not fields_ok:
        raise ProtocolError("bad_view", "a malformed log step")
    return Step(index, player, (key, args), text, forced, private)
