"""The host's network side: a WebSocket server (or the host's end of a relay) that admits guests
and carries messages, in its own thread.

It checks everything a guest sends before the game thread sees it: the first message must be a
``hello`` of our protocol version with the invite's token (compared in constant time), naming a
remote seat that is free; every later message must fit its schema and come at a human pace.
What passes becomes an :class:`Inbound` item on a thread-safe queue, which the game thread's
:class:`~game.net.referee.Referee` drains: it alone touches the match. Refusals say why
(``refused`` at the door, ``error`` later); a guest that keeps breaking the rules or floods
is disconnected, and the match, the autosave and the other guests go on.

A ``hello`` without a token is a *knock* from a guest that found the table in the local network's
list: it waits at the door (a :class:`Knock` the host's screen shows) until the host's player
admits it — it is then seated like any guest and handed the token — or refuses it. Knocks are
untrusted strangers: few may wait at once, few may come a minute, and none waits for ever. A
knock never holds a seat while it waits (a guest with the code may take the last one); once no
seat is free every waiting knock is told the table is full, and an admission is seated before
the token is handed over, so an admitted knock is never refused afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import queue
import secrets
import socket
import threading
from dataclasses import dataclass
from typing import Any, Protocol

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from game.net.invite import Invite
from game.net.loop import CLOSE_TIMEOUT, POLICY_CLOSE, LoopThread
from game.net.protocol import (
    MAX_GUEST_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    TokenBucket,
    clean_name,
    decode,
    encode,
)
from game.net.relay import attach_link, open_host_link
from game.version import version

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
PING_INTERVAL, PING_TIMEOUT = 5.0, 10.0  # a silent dead connection is noticed within ~15 s
MAX_STRIKES = 10  # refused messages (bad schema, unknown type) before the guest is dropped
# Knocks (guests from the local network's list, without the token): at most MAX_KNOCKS wait at
# once, KNOCK_BURST in a row then one every 60 / KNOCK_RATE_MIN seconds, each for KNOCK_WAIT.
MAX_KNOCKS, KNOCK_BURST, KNOCK_RATE_MIN = 3, 6, 6.0
KNOCK_WAIT = 90.0
ADMIT, TURN_AWAY, FULL = "admit", "turned_away", "full"  # how a knock is answered
FULL_TEXT = "every remote seat is taken"


class Connection(Protocol):
    """What we use of a websockets connection (server side, or our end of a relay link)."""

    async def recv(self) -> str | bytes: ...
    async def send(self, message: str) -> None: ...
    async def close(self, code: int = 1000, reason: str = "") -> None: ...


@dataclass(frozen=True)
class Inbound:
    """A guest's event for the game thread: ``kind`` "joined", "act", "left", "undo_ask",
    "undo_answer" (``allow``), "hint_ask" or "past_ask" (``index``), or "coach_ask"."""

    kind: str
    session: int
    seat: int
    name: str = ""
    action: int = 0
    index: int = 0
    why: str = ""  # "left": "quit" (the guest said bye), "dropped" or "kicked"
    allow: bool = False  # "undo_answer": whether the guest lets the move be taken back


def lan_address() -> str:
    """This machine's address on the local network, for the invite (no packet is sent: a UDP
    socket is only pointed at a private address to learn which interface would be used)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def refusal(code: str, text: str) -> str:
    return encode("refused", "host", version=PROTOCOL_VERSION, app=version(), code=code, text=text)


def protocol_error(code: str, text: str) -> str:
    return encode("error", "host", code=code, text=text)


@dataclass(frozen=True)
class Knock:
    """A guest asking to join without the code: ``kid`` names it to :meth:`HostServer.answer`."""

    kid: int
    name: str


class Session:
    """One admitted guest connection: its seat and its outbox (written by one sender task)."""

    def __init__(self, sid: int, seat: int, name: str, conn: Connection) -> None:
        self.sid, self.seat, self.name, self.conn = sid, seat, name, conn
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()


class HostServer:
    """Admits guests to the remote seats of one table and carries their messages.

    ``bind`` is where to listen for direct play (port 0: any free port); ``relay`` the address
    of a relay to register the table with instead (the host dials out and needs no open port).
    """

    def __init__(
        self,
        remote_seats: list[int],
        *,
        bind: tuple[str, int] = ("127.0.0.1", 0),
        relay: tuple[str, int] | None = None,
        token: str | None = None,
        advertise: str | None = None,
        lan: Any = None,
    ) -> None:
        from game.net.invite import new_token

        self.token = token or new_token()
        self.inbox: queue.SimpleQueue[Inbound] = queue.SimpleQueue()
        self._bind, self._relay, self._advertise = bind, relay, advertise
        self._free = set(remote_seats)  # remote seats nobody holds now
        self._remote = set(remote_seats)
        self._held: dict[int, Session] = {}  # seat -> its session
        self._last_name: dict[int, str] = {}  # seat -> the name of its last holder
        self._ids = itertools.count(1)
        self._thread = LoopThread("fivefronts-host")
        self._server: Any = None
        self._relay_task: asyncio.Task | None = None
        self._relay_links: set[Any] = set()  # the relay's control link and every guest's link
        self.port = 0
        # The door for knocks: answers the game thread gives, read on the loop.
        self._knocks: dict[int, tuple[Knock, asyncio.Future[str]]] = {}
        self._knock_lock = threading.Lock()
        self._knock_bucket = TokenBucket(KNOCK_RATE_MIN / 60.0, KNOCK_BURST)
        # ``lan``: a game.net.discovery.Advertiser listing the table on the local network.
        self._lan = lan

    # --- life cycle (game thread) -----------------------------------------------------------------
    def start(self) -> Invite:
        """Start listening (or register with the relay); the invite to hand to the guests."""
        self._thread.start()
        if self._relay is not None:
            self._thread.run(self._open_relay())
            host, port = self._relay
            return Invite(host, port, self.token, relay=True)
        self._server = self._thread.run(self._open_server())
        self.port = self._server.sockets[0].getsockname()[1]
        invite = Invite(self._advertise or self._bind[0], self.port, self.token)
        if self._lan is not None:
            self._lan.start(invite.host, self.port, len(self._free))
        return invite

    def stop(self, text: str = "") -> None:
        """Say bye to every guest (with ``text``) and close everything."""
        if self._lan is not None:
            self._lan.stop()
        with contextlib.suppress(Exception):
            self._thread.run(self._close_all(text), timeout=3.0)
        self._thread.stop()

    # --- from the game thread ---------------------------------------------------------------------
    def send(self, sid: int, text: str) -> None:
        """Queue ``text`` for session ``sid`` (dropped silently if it has gone)."""
        self._thread.soon(self._post, sid, text)

    def kick(self, sid: int, text: str) -> None:
        """Close session ``sid`` after telling it why (its seat is freed)."""
        self._thread.soon(self._post, sid, encode("bye", "host", reason="kicked", text=text))
        self._thread.soon(self._post, sid, None)

    def retire(self, seat: int) -> None:
        """Seat ``seat`` is remote no more (handed to an AI): nobody may take it."""
        self._thread.soon(self._retire, seat)

    def reseat(self, seat_of: dict[int, int]) -> None:
        """The seats rotated (a rematch with swapped sides): each guest follows its seat."""
        self._thread.soon(self._reseat, dict(seat_of))

    # --- the door for knocks (game thread) ------------------------------------------------------
    def knocks(self) -> list[Knock]:
        """The guests waiting at the door, first come first."""
        with self._knock_lock:
            return [knock for knock, _ in self._knocks.values()]

    @property
    def unlisted(self) -> str:
        """Why the table could not be listed on the local network ("" when it is, or when it
        is not meant to be)."""
        return str(getattr(self._lan, "failed", ""))

    def answer(self, kid: int, admit: bool) -> None:
        """Admit (seat) or refuse the knocking guest ``kid``."""
        self._thread.soon(self._answer, kid, admit)

    # --- on the loop ------------------------------------------------------------------------------
    def _reseat(self, seat_of: dict[int, int]) -> None:
        for session in self._held.values():
            session.seat = seat_of.get(session.seat, session.seat)
        self._held = {seat_of.get(s, s): session for s, session in self._held.items()}
        self._free = {seat_of.get(s, s) for s in self._free}
        self._remote = {seat_of.get(s, s) for s in self._remote}
        self._last_name = {seat_of.get(s, s): name for s, name in self._last_name.items()}

    def _answer(self, kid: int, admit: bool) -> None:
        with self._knock_lock:
            entry = self._knocks.get(kid)
        if entry is not None and not entry[1].done():
            entry[1].set_result(ADMIT if admit else TURN_AWAY)

    def _seats_changed(self) -> None:
        if self._lan is not None:
            self._lan.update(len(self._free))
        if not self._free:  # nobody knocking can be seated now: they are told at once
            with self._knock_lock:
                waiting = [answer for _, answer in self._knocks.values() if not answer.done()]
            for answer in waiting:
                answer.set_result(FULL)

    async def _knock(self, conn: Connection, name: str) -> bool:
        """A guest without the token waits for the host's player; True once admitted (the door
        then seats it and hands it the token), False when it was refused, gave up, the table
        filled up or the host did not answer."""
        with self._knock_lock:
            crowded = len(self._knocks) >= MAX_KNOCKS
        if crowded or not self._knock_bucket.take():
            await self._refuse(conn, "busy", "too many players are asking to join: try later")
            return False
        if not self._free:
            await self._refuse(conn, FULL, FULL_TEXT)
            return False
        knock = Knock(next(self._ids), name)
        answer: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        with self._knock_lock:
            self._knocks[knock.kid] = (knock, answer)
        # Anything but silence ends the knock: a hang-up, or a guest speaking out of turn.
        hangup: asyncio.Future[Any] = asyncio.ensure_future(conn.recv())
        try:
            waits: set[asyncio.Future[Any]] = {answer, hangup}
            done, _ = await asyncio.wait(waits, timeout=KNOCK_WAIT, return_when="FIRST_COMPLETED")
        finally:
            hangup.cancel()  # and wait until it is done: the reader's recv must be the only one
            await asyncio.gather(hangup, return_exceptions=True)
            with self._knock_lock:
                del self._knocks[knock.kid]
        verdict = answer.result() if answer in done else ""
        if verdict == ADMIT:
            return True
        if hangup in done:
            with contextlib.suppress(ConnectionClosed):
                await conn.close(POLICY_CLOSE, "knock")
        elif verdict == FULL:
            await self._refuse(conn, FULL, FULL_TEXT)
        elif verdict == TURN_AWAY:
            await self._refuse(conn, "turned_away", "the host refused to let you in")
        else:
            await self._refuse(conn, "no_answer", "the host did not answer")
        return False

    def _post(self, sid: int, text: str | None) -> None:
        for session in self._held.values():
            if session.sid == sid:
                session.outbox.put_nowait(text)

    def _retire(self, seat: int) -> None:
        self._remote.discard(seat)
        self._free.discard(seat)
        self._seats_changed()
        session = self._held.get(seat)
        if session is not None:
            session.outbox.put_nowait(None)

    async def _open_server(self) -> Any:
        host, port = self._bind
        return await serve(
            self._handle,
            host,
            port,
            max_size=MAX_GUEST_BYTES,
            ping_interval=PING_INTERVAL,
            ping_timeout=PING_TIMEOUT,
            max_queue=64,
            close_timeout=CLOSE_TIMEOUT,
        )

    async def _open_relay(self) -> None:
        assert self._relay is not None
        control = await open_host_link(self._relay, self.token)
        self._relay_links.add(control)
        self._relay_task = asyncio.get_running_loop().create_task(self._relay_control(control))

    async def _relay_control(self, control: Any) -> None:
        """Each guest the relay announces gets its own link, handled like a direct one."""
        assert self._relay is not None
        async for raw in control:
            link = await attach_link(self._relay, self.token, str(raw)[:64])
            if link is not None:
                asyncio.get_running_loop().create_task(self._handle_link(link))

    async def _handle_link(self, link: Any) -> None:
        self._relay_links.add(link)
        try:
            await self._handle(link)
        finally:
            self._relay_links.discard(link)

    async def _close_all(self, text: str) -> None:
        """Bye to every guest, then close every socket: the listening one and the guests'
        (direct play), or the links to the relay — the relay then closes the room at once."""
        bye = encode("bye", "host", reason="host_quit", text=text)
        for session in list(self._held.values()):
            session.outbox.put_nowait(bye)
            session.outbox.put_nowait(None)
        await asyncio.sleep(0.2)  # let the senders flush
        if self._relay_task is not None:
            self._relay_task.cancel()  # no new links
        links = list(self._relay_links)
        await asyncio.gather(*(link.close() for link in links), return_exceptions=True)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _handle(self, conn: Connection) -> None:
        """One connection: the hello at the door, then its messages until it leaves."""
        try:
            session = await self._admit(conn)
        except (TimeoutError, ConnectionClosed, OSError):
            return
        if session is None:
            return
        self.inbox.put(Inbound("joined", session.sid, session.seat, session.name))
        sender = asyncio.get_running_loop().create_task(self._sender(session))
        why = "dropped"
        try:
            why = await self._reader(session)
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await sender
            if self._held.get(session.seat) is session:
                del self._held[session.seat]
                if session.seat in self._remote:
                    self._free.add(session.seat)
                    self._seats_changed()
            self.inbox.put(Inbound("left", session.sid, session.seat, session.name, why=why))
            with contextlib.suppress(Exception):
                await conn.close()

    async def _admit(self, conn: Connection) -> Session | None:
        raw = await asyncio.wait_for(conn.recv(), HELLO_TIMEOUT)
        try:
            hello = decode(raw, "guest")
            if hello.kind != "hello":
                raise ProtocolError("no_hello", "the first message must be hello")
        except ProtocolError as err:
            await self._refuse(conn, err.code, str(err))
            return None
        if hello["version"] != PROTOCOL_VERSION:
            text = (
                f"this table speaks protocol version {PROTOCOL_VERSION} (Five Fronts {version()})"
                f"; yours speaks version {hello['version']} (Five Fronts {hello['app'][:20]}):"
                " both players need the same version"
            )
            await self._refuse(conn, "version", text)
            return None
        name = clean_name(hello["name"])
        knocked = not hello["token"]
        if knocked:
            if not await self._knock(conn, name or "?"):
                return None
        elif not secrets.compare_digest(hello["token"].encode(), self.token.encode()):
            await self._refuse(conn, "token", "the invite code's token is wrong")
            return None
        session = self._seat(conn, hello["seat"], name)
        if isinstance(session, str):
            await self._refuse(conn, *session.split(":", 1))
            return None
        if knocked:  # seated: now the code to reconnect with (the first thing its sender sends)
            session.outbox.put_nowait(encode("admitted", "host", token=self.token))
        return session

    def _seat(self, conn: Connection, wanted: int | None, name: str) -> Session | str:
        """Seat a guest that passed the door, or say why not ("code:text"). Nothing awaits
        between choosing the seat and holding it, so no other guest can take it in between."""
        seat = self._pick_seat(wanted, name)
        if isinstance(seat, str):
            return seat
        session = Session(next(self._ids), seat, name, conn)
        self._free.discard(seat)
        self._held[seat] = session
        self._last_name[seat] = name
        self._seats_changed()
        return session

    def _pick_seat(self, wanted: int | None, name: str) -> int | str:
        """The seat for a guest: the one it asks for (a reconnection), else a free seat its
        name held before, else the first free one; a "code:text" refusal otherwise."""
        if wanted is not None:
            if wanted in self._held:
                return "seat_taken:that seat is already played from another connection"
            if wanted not in self._remote:
                return "no_seat:that seat is not open to remote players"
            return wanted
        if not self._free:
            return f"{FULL}:{FULL_TEXT}"
        again = [s for s in sorted(self._free) if self._last_name.get(s) == name]
        new = [s for s in sorted(self._free) if s not in self._last_name]
        return (again or new or sorted(self._free))[0]

    async def _refuse(self, conn: Connection, code: str, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await conn.send(refusal(code, text))
        await conn.close(POLICY_CLOSE, code)

    async def _sender(self, session: Session) -> None:
        while (text := await session.outbox.get()) is not None:
            await session.conn.send(text)
        await session.conn.close(1000, "closed by the host")

    async def _reader(self, session: Session) -> str:
        """Check each message; returns why the connection ended."""
        bucket, strikes = TokenBucket(), 0
        while True:
            raw = await session.conn.recv()
            if not bucket.take():
                await self._refuse(session.conn, "flood", "too many messages")
                return "kicked"
            try:
                msg = decode(raw, "guest")
                if msg.kind == "hello":
                    raise ProtocolError("twice", "hello was already said")
            except ProtocolError as err:
                strikes += 1
                if strikes >= MAX_STRIKES:
                    await self._refuse(session.conn, "strikes", "too many refused messages")
                    return "kicked"
                await session.conn.send(protocol_error(err.code, str(err)))
                continue
            if msg.kind == "bye":
                return "quit"
            sid, seat = session.sid, session.seat
            if msg.kind == "act":
                self.inbox.put(Inbound("act", sid, seat, action=msg["action"], index=msg["index"]))
            elif msg.kind in ("hint_ask", "past_ask"):
                self.inbox.put(Inbound(msg.kind, sid, seat, index=msg["index"]))
            else:
                self.inbox.put(Inbound(msg.kind, sid, seat, allow=msg.fields.get("allow", False)))
