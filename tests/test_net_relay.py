"""The relay on loopback: it carries a whole game between a host and a guest who both dial out to
it, refuses strangers, and forwards without reading."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from game.net import relay as relay_module
from game.net.invite import Invite, new_token
from game.net.loop import LoopThread
from game.net.relay import Relay
from tests.net_helpers import HUMAN, hosted, play_through_relay


@pytest.fixture
def relay() -> Iterator[tuple[str, int]]:
    thread = LoopThread("test-relay")
    thread.start()
    server = Relay()
    port = thread.run(server.start("127.0.0.1", 0))
    yield "127.0.0.1", port
    thread.stop()


def test_the_relay_carries_a_whole_game(relay: tuple[str, int]) -> None:
    referee, player = play_through_relay("battleline", relay)
    invite = referee.invite
    assert invite is not None and Invite.parse(str(invite)) == invite
    assert player.table.returns == referee.match.state.returns()
    assert player.table.index == len(referee.match.state.history)


def closed_at(url: str) -> str:
    """The reason the relay gives for closing a connection to ``url``."""
    try:
        with connect(url) as ws:
            ws.recv(timeout=5)
    except ConnectionClosed as err:
        return err.rcvd.reason if err.rcvd else ""
    except InvalidStatus:
        return "rejected"
    return ""


def test_the_relay_refuses_unknown_tables_paths_and_a_second_host(relay) -> None:
    host, port = relay
    token = new_token()
    assert "no table" in closed_at(f"ws://{host}:{port}/join/{Invite(host, port, token).room}")
    assert closed_at(f"ws://{host}:{port}/../etc/passwd") == "unknown path"
    assert closed_at(f"ws://{host}:{port}/attach/{'a' * 24}/{'b' * 32}").startswith("no guest")
    referee = hosted("flink", [HUMAN, "easy"], {0}, relay=relay, token=token)
    try:
        room = Invite(host, port, token).room
        assert "already hosted" in closed_at(f"ws://{host}:{port}/host/{room}")
    finally:
        referee.stop()


def test_the_relay_cuts_a_guest_over_its_limits(relay, monkeypatch) -> None:
    monkeypatch.setattr(relay_module, "RELAY_BURST", 5)
    referee = hosted("flink", [HUMAN, "easy"], {0}, relay=relay)
    host, port = relay
    try:
        assert referee.invite is not None
        url = f"ws://{host}:{port}/join/{referee.invite.room}"
        with connect(url) as ws:
            ws.send("x" * 5000)  # over a guest's size: cut before the host hears of it
            with pytest.raises(ConnectionClosed):
                for _ in range(10):
                    ws.recv(timeout=5)
        assert referee.server.inbox.empty()
    finally:
        referee.stop()
