"""The relay: a meeting point on a public machine for a host and guests who cannot reach each
other directly (``fivefronts relay --port P``).

Security model: the host stays the referee and the relay only forwards. It pairs connections by
room (a one-way hash of the invite's token, so it holds no token of its own) and passes each
message on unread — it never parses game state, so it sees exactly the bytes the guest sees and
nothing of the host's hidden information. It limits what it carries: message sizes (a guest's
as the host would), a message rate per link, rooms, links per room and the time a guest waits
for its host. Plain ``ws://``: run it behind a TLS proxy (``wss://``) to hide the traffic from
the network between.

Paths (the relay's whole protocol):

    /host/<room>            the host's control link; the relay writes one line per guest: a
                            link id for the host to attach
    /join/<room>            a guest; held until the host attaches its link
    /attach/<room>/<link>   the host's end of one guest's link; then both are piped
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.invite import Invite, room_of
from game.net.loop import CLOSE_TIMEOUT, POLICY_CLOSE
from game.net.protocol import MAX_GUEST_BYTES, MAX_HOST_BYTES, TokenBucket

MAX_ROOMS = 500
MAX_LINKS = 12  # guests of one room at once (Tsuno's five, reconnections, some slack)
ATTACH_TIMEOUT = 10.0  # seconds a guest waits for its host to attach
RELAY_RATE, RELAY_BURST = 30.0, 60.0  # messages per second per direction of a link
_PATH = re.compile(r"^/(host|join)/([0-9a-f]{24})$|^/attach/([0-9a-f]{24})/([0-9a-f]{32})$")


@dataclass
class Room:
    control: ServerConnection
    pending: dict[str, asyncio.Future] = field(default_factory=dict)
    links: int = 0


class Relay:
    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}
        self.server: Any = None

    async def start(self, host: str, port: int) -> int:
        """Listen on ``host:port`` (0: any free port); the port listened on."""
        self.server = await serve(
            self.handle,
            host,
            port,
            max_size=MAX_HOST_BYTES,
            ping_interval=10,
            max_queue=64,
            close_timeout=CLOSE_TIMEOUT,
        )
        return int(self.server.sockets[0].getsockname()[1])

    async def handle(self, conn: ServerConnection) -> None:
        path = conn.request.path if conn.request is not None else ""
        match = _PATH.match(path)
        if match is None:
            await conn.close(POLICY_CLOSE, "unknown path")
        elif match.group(1) == "host":
            await self._host(conn, match.group(2))
        elif match.group(1) == "join":
            await self._join(conn, match.group(2))
        else:
            await self._attach(conn, match.group(3), match.group(4))

    async def _host(self, conn: ServerConnection, room_id: str) -> None:
        if room_id in self.rooms:
            await conn.close(POLICY_CLOSE, "that table is already hosted here")
            return
        if len(self.rooms) >= MAX_ROOMS:
            await conn.close(1013, "the relay is full; try again later")
            return
        room = self.rooms[room_id] = Room(conn)
        try:
            await conn.wait_closed()  # the host sends nothing on its control link
        finally:
            del self.rooms[room_id]
            for waiting in room.pending.values():
                waiting.cancel()

    async def _join(self, guest: ServerConnection, room_id: str) -> None:
        room = self.rooms.get(room_id)
        if room is None:
            await guest.close(POLICY_CLOSE, "no table with that code is open on this relay")
            return
        if room.links >= MAX_LINKS:
            await guest.close(1013, "that table has too many connections")
            return
        link_id = secrets.token_hex(16)
        waiting: asyncio.Future = asyncio.get_running_loop().create_future()
        room.pending[link_id] = waiting
        room.links += 1
        try:
            await room.control.send(link_id)
            host = await asyncio.wait_for(waiting, ATTACH_TIMEOUT)
        except (TimeoutError, asyncio.CancelledError, ConnectionClosed):
            await guest.close(1013, "the host did not answer")
            return
        finally:
            room.pending.pop(link_id, None)
        try:
            await _pipe(guest, host)
        finally:
            room.links -= 1

    async def _attach(self, host: ServerConnection, room_id: str, link_id: str) -> None:
        room = self.rooms.get(room_id)
        waiting = room.pending.get(link_id) if room is not None else None
        if waiting is None or waiting.done():
            await host.close(POLICY_CLOSE, "no guest is waiting on that link")
            return
        waiting.set_result(host)
        await host.wait_closed()  # the guest's task pipes; this one holds the connection


async def _pipe(guest: ServerConnection, host: ServerConnection) -> None:
    """Forward each message unread until either side closes; a side that breaks the size or
    rate limits is disconnected (and with it the other)."""

    async def forward(src: ServerConnection, dst: ServerConnection, limit: int) -> None:
        bucket = TokenBucket(RELAY_RATE, RELAY_BURST)
        async for message in src:
            if len(message) > limit or not bucket.take():
                await src.close(POLICY_CLOSE, "over the relay's limits")
                return
            await dst.send(message)

    tasks = [
        asyncio.create_task(forward(guest, host, MAX_GUEST_BYTES)),
        asyncio.create_task(forward(host, guest, MAX_HOST_BYTES)),
    ]
    with contextlib.suppress(ConnectionClosed):
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await guest.close()
    await host.close()


# --- the host's side of a relay -------------------------------------------------------------------
def _url(where: tuple[str, int], path: str) -> str:
    host, port = where
    return f"ws://{f'[{host}]' if ':' in host else host}:{port}{path}"


async def open_host_link(relay: tuple[str, int], token: str) -> ClientConnection:
    """The host's control link: the relay announces each guest on it by a link id."""
    return await connect(
        _url(relay, f"/host/{room_of(token)}"),
        max_size=256,
        open_timeout=10,
        close_timeout=CLOSE_TIMEOUT,
    )


async def attach_link(relay: tuple[str, int], token: str, link_id: str) -> ClientConnection | None:
    """The host's end of one guest's link (None if the id is not one the relay can give)."""
    if not re.fullmatch(r"[0-9a-f]{32}", link_id):
        return None
    with contextlib.suppress(OSError, ConnectionClosed, TimeoutError):
        return await connect(
            _url(relay, f"/attach/{room_of(token)}/{link_id}"),
            max_size=MAX_GUEST_BYTES,
            open_timeout=10,
            close_timeout=CLOSE_TIMEOUT,
        )
    return None


def join_url(invite: Invite) -> str:
    """Where a guest connects for ``invite``: the host itself, or its room on the relay."""
    where = (invite.host, invite.port)
    return _url(where, f"/join/{invite.room}" if invite.relay else "/")


def run_relay(host: str, port: int) -> int:
    """``fivefronts relay``: serve until interrupted."""

    async def main() -> None:
        relay = Relay()
        bound = await relay.start(host, port)
        print(f"Five Fronts relay listening on {host}:{bound}", flush=True)
        await asyncio.Future()  # forever

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
    return 0
