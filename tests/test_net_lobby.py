"""The door of a networked table: knocks from the local network's list (admitted or refused by
the host's player, capped), the tables listed on the network (zeroconf on loopback) and what
their listing says — never the token."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import replace

import pytest
from websockets.sync.client import connect

from game.net import host as host_module
from game.net.discovery import SERVICE, Advertiser, Browser, Table, properties, read_table
from game.net.guest import CLOSED, CONNECTED, KNOCKING
from game.net.host import MAX_KNOCKS, HostServer
from game.net.protocol import PROTOCOL_VERSION, encode
from game.net.referee import Referee
from tests.net_helpers import HUMAN, finished, guest, hosted, run_until


def wait_for(done: Callable[[], bool], referee: Referee | None = None, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        if referee is not None:
            referee.pump()
        time.sleep(0.01)


def knock(name: str) -> str:
    fields = {"version": PROTOCOL_VERSION, "app": "test", "token": "", "name": name, "seat": None}
    return encode("hello", "guest", **fields)


def test_a_knock_waits_for_the_host_and_once_admitted_holds_the_code_and_plays() -> None:
    referee = hosted("flatfront", [HUMAN, "easy"], {0})
    assert referee.invite is not None
    player = guest(replace(referee.invite, token=""), "Aiko\x07 Tanaka")
    try:
        wait_for(lambda: player.client.status == KNOCKING)
        wait_for(lambda: bool(referee.server.knocks()), referee)
        (waiting,) = referee.server.knocks()
        assert waiting.name == "Aiko Tanaka"  # sanitised: no control characters
        time.sleep(0.3)
        referee.pump()
        assert not referee.sessions  # nobody is seated before the host says so
        referee.server.answer(waiting.kid, True)
        run_until(referee, [player], lambda: player.table.started)
        assert player.client.status == CONNECTED
        assert player.client.invite.token == referee.server.token  # to reconnect with
        assert referee.joined() == [(0, "Aiko Tanaka")]
        assert not referee.server.knocks()
        run_until(referee, [player], finished(referee, [player]), timeout=120)
        assert player.table.returns == referee.match.state.returns()
    finally:
        player.client.leave()
        referee.stop()


def test_a_refused_knock_is_told_so_and_takes_no_seat() -> None:
    referee = hosted("flatfront", [HUMAN, "easy"], {0})
    assert referee.invite is not None
    player = guest(replace(referee.invite, token=""), "Mallory")
    try:
        wait_for(lambda: bool(referee.server.knocks()), referee)
        referee.server.answer(referee.server.knocks()[0].kid, False)
        wait_for(lambda: player.client.status == CLOSED, referee)
        assert player.client.closed_code == "turned_away"
        assert "refused" in player.client.closed_reason
        assert not referee.sessions and referee.waiting_for == [0]
    finally:
        player.client.stop()
        referee.stop()


class OneReader:
    """A connection that, like a websockets one, refuses a second recv while one is pending."""

    def __init__(self) -> None:
        self.incoming: asyncio.Queue[str] = asyncio.Queue()
        self.sent: list[str] = []
        self.reading = False

    async def recv(self) -> str:
        assert not self.reading, "recv while another recv is running"
        self.reading = True
        try:
            return await self.incoming.get()
        finally:
            self.reading = False

    async def send(self, message: str) -> None:
        self.sent.append(message)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def test_an_admitted_knock_leaves_the_connection_to_one_reader() -> None:
    """The knock listens for a hang-up while it waits; once admitted, that listening is over
    before the guest's messages are read (a second reader broke the admitted connection)."""
    server = HostServer([0])

    async def answer_soon() -> None:
        while not server.knocks():
            await asyncio.sleep(0.01)
        server._answer(server.knocks()[0].kid, True)

    async def admit_then_read() -> str:
        conn = OneReader()
        conn.incoming.put_nowait(knock("Ann"))
        answering = asyncio.ensure_future(answer_soon())
        session = await server._admit(conn)  # then at once, as the door does: read
        await answering
        assert session is not None and session.seat == 0
        admitted = json.loads(session.outbox.get_nowait())  # the first thing it is sent
        assert admitted == {"type": "admitted", "token": server.token}
        conn.incoming.put_nowait("next")
        return await conn.recv()

    assert asyncio.run(admit_then_read()) == "next"


def test_an_admission_as_the_last_seat_is_taken_by_code_is_a_full_table_in_words() -> None:
    """The host admits a knock in the very turn a guest with the code takes the last seat: the
    knock is told the table is full and is never handed the token (it once got the token, then
    a refusal)."""
    server = HostServer([0])

    async def race() -> tuple[object, list[str]]:
        conn = OneReader()
        conn.incoming.put_nowait(knock("Ann"))
        door = asyncio.ensure_future(server._admit(conn))
        while not server.knocks():
            await asyncio.sleep(0.01)
        server._answer(server.knocks()[0].kid, True)  # Admit, and before the door goes on ...
        taken = server._seat(OneReader(), None, "Bo")  # ... the guest with the code sits down
        assert not isinstance(taken, str) and taken.seat == 0
        return await door, conn.sent

    session, sent = asyncio.run(race())
    assert session is None
    assert [json.loads(m)["type"] for m in sent] == ["refused"]  # no token before it
    refused = json.loads(sent[0])
    assert refused["code"] == "full" and refused["text"] == "every remote seat is taken"


def test_a_waiting_knock_is_told_at_once_when_a_guest_with_the_code_fills_the_table() -> None:
    referee = hosted("battleline", [HUMAN, "easy"], {0})
    assert referee.invite is not None
    url = f"ws://127.0.0.1:{referee.invite.port}/"
    try:
        with connect(url) as ws:
            ws.send(knock("Ann"))
            wait_for(lambda: bool(referee.server.knocks()), referee)
            player = guest(referee.invite, "Aiko")
            run_until(referee, [player], lambda: player.table.started)
            answer = json.loads(ws.recv(timeout=5))  # without the host answering
            assert answer["type"] == "refused" and answer["code"] == "full"
            assert not referee.server.knocks()  # the host's card no longer offers to admit
        assert referee.joined() == [(0, "Aiko")]
        player.client.leave()
    finally:
        referee.stop()


def test_knocks_are_capped_and_a_silent_host_sends_them_away(monkeypatch) -> None:
    monkeypatch.setattr(host_module, "KNOCK_WAIT", 1.0)
    referee = hosted("tsuno", [HUMAN, "easy", HUMAN], {0, 2})
    assert referee.invite is not None
    url = f"ws://127.0.0.1:{referee.invite.port}/"
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(url)) for _ in range(MAX_KNOCKS + 1)]
        for i, ws in enumerate(sockets):
            ws.send(knock(f"K{i}"))
        # One more than may wait is sent away at once.
        extra = json.loads(sockets[-1].recv(timeout=5))
        assert extra["type"] == "refused" and extra["code"] == "busy"
        assert len(referee.server.knocks()) == MAX_KNOCKS
        for ws in sockets[:-1]:  # nobody answered: each is told so after KNOCK_WAIT
            answer = json.loads(ws.recv(timeout=5))
            assert answer["code"] == "no_answer" and "did not answer" in answer["text"]
        assert not referee.server.knocks() and not referee.sessions
    referee.stop()


def test_a_knock_of_another_version_is_told_both_versions_and_a_full_table_says_so() -> None:
    referee = hosted("battleline", [HUMAN, "easy"], {0})
    assert referee.invite is not None
    url = f"ws://127.0.0.1:{referee.invite.port}/"
    try:
        with connect(url) as ws:
            ws.send(knock("Old").replace(f'"version":{PROTOCOL_VERSION}', '"version":1'))
            answer = json.loads(ws.recv(timeout=5))
        assert answer["code"] == "version"
        assert f"version {PROTOCOL_VERSION}" in answer["text"] and "version 1" in answer["text"]
        player = guest(referee.invite, "Aiko")
        run_until(referee, [player], lambda: player.table.started)
        with connect(url) as ws:
            ws.send(knock("Late"))
            assert json.loads(ws.recv(timeout=5))["code"] == "full"
        player.client.leave()
    finally:
        referee.stop()


class FakeListing:
    """Stands in for the zeroconf advertiser: records what the host announces."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def start(self, address: str, port: int, free: int) -> None:
        self.events.append(("start", address, port, free))

    def update(self, free: int) -> None:
        self.events.append(("free", free))

    def stop(self) -> None:
        self.events.append(("stop",))


def test_the_host_lists_its_free_seats_as_guests_come_and_go() -> None:
    listing = FakeListing()
    referee = hosted("tsuno", [HUMAN, "easy", HUMAN], {0, 2}, lan=listing)
    assert referee.invite is not None
    player = guest(referee.invite, "Aiko")
    try:
        assert listing.events[0] == ("start", "127.0.0.1", referee.invite.port, 2)
        run_until(referee, [player], lambda: bool(referee.sessions))
        wait_for(lambda: ("free", 1) in listing.events)
        player.client.leave()
        wait_for(lambda: listing.events[-1] == ("free", 2), referee)
    finally:
        referee.stop()
    assert listing.events[-1] == ("stop",)


def test_a_listing_says_where_and_what_the_table_is_and_never_the_token() -> None:
    props = properties("battleline", "Ann\nB", 1, "192.168.1.20", 52731)
    assert props == {
        "game": "battleline",
        "proto": str(PROTOCOL_VERSION),
        "host": "Ann B",
        "free": "1",
        "addr": "192.168.1.20",
        "port": "52731",
    }
    table = read_table("x", {k.encode(): v.encode() for k, v in props.items()})
    assert table == Table("x", "battleline", "Ann B", 1, "192.168.1.20", 52731, PROTOCOL_VERSION)
    assert table.compatible


@pytest.mark.parametrize(
    "change",
    [
        {"game": "chess"},
        {"free": "-1"},
        {"free": "lots"},
        {"port": "70000"},
        {"addr": "evil.example; rm -rf"},
        {"proto": "1e9"},
        {"host": b"\xff\xfe"},
        {"game": None},
    ],
)
def test_a_hostile_listing_is_left_out(change: dict) -> None:
    props: dict = {**properties("flink", "Ann", 1, "10.0.0.2", 4000), **change}
    if change.get("game", "") is None:
        del props["game"]
    assert read_table("x", props) is None


def test_a_hostile_name_is_cleaned_and_capped() -> None:
    props = properties("flink", "Ann", 1, "10.0.0.2", 4000)
    table = read_table("x", {**props, "host": "\u202eA" + "B" * 200})
    assert table is not None and table.host_name == "A" + "B" * 23


def zeroconf_on_loopback() -> object:
    from zeroconf import Zeroconf

    return Zeroconf(interfaces=["127.0.0.1"])


def test_a_table_hosted_on_loopback_is_heard_updated_and_withdrawn() -> None:
    """The real zeroconf round trip, multicast on the loopback interface only (other tables
    on this machine may be heard too: ours is told apart by its port)."""
    browser = Browser(zeroconf=zeroconf_on_loopback)
    listing = Advertiser("battleline", "Ann", zeroconf=zeroconf_on_loopback)

    def ours() -> Table | None:
        return next((t for t in browser.poll().values() if t.port == 40123), None)

    browser.start()
    try:
        listing.start("127.0.0.1", 40123, 1)
        wait_for(lambda: ours() is not None, timeout=15)
        table = ours()
        assert table is not None and table.key.endswith(SERVICE)
        assert (table.game, table.host_name, table.free) == ("battleline", "Ann", 1)
        assert (table.address, table.protocol) == ("127.0.0.1", PROTOCOL_VERSION)
        listing.update(0)
        wait_for(lambda: getattr(ours(), "free", None) == 0, timeout=15)
        listing.stop()
        wait_for(lambda: ours() is None, timeout=15)
        assert not listing.failed and not browser.failed
    finally:
        listing.stop()
        browser.stop()


def test_zeroconf_failing_lists_nothing_and_says_why() -> None:
    def broken() -> object:
        raise OSError("no multicast here")

    browser = Browser(zeroconf=broken)
    listing = Advertiser("flink", "Ann", zeroconf=broken)
    browser.start()
    listing.start("127.0.0.1", 4000, 1)
    wait_for(lambda: bool(browser.failed and listing.failed))
    assert browser.poll() == {} and "multicast" in browser.failed
    listing.stop()
