"""A hostile guest on loopback: thousands of random and malicious messages at a live host, at its
door and from a seat it holds. Each is refused (or the connection closed); the host's match, its
autosave and the honest guest go on untouched."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from game import saves
from game.net.headless import host_step
from game.net.protocol import PROTOCOL_VERSION, decode, encode
from game.net.referee import Referee
from tests.net_helpers import HUMAN, finished, guest, hosted, run_until

MESSAGES = 3000
AT_THE_DOOR = 300


def junk_json(rng: random.Random, depth: int = 0) -> object:
    pick = rng.randrange(8 if depth < 4 else 5)
    if pick == 0:
        return rng.randint(-(2**70), 2**70)
    if pick == 1:
        return rng.random() * 1e6
    if pick == 2:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(12)))
    if pick == 3:
        return rng.choice([None, True, False])
    if pick == 4:
        return rng.choice(["act", "hello", "bye", "view", "welcome", "type", "action"])
    if pick == 5:
        return [junk_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "action", "index", "token", "seat", "version", "x", "__class__"]
    return {rng.choice(keys): junk_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def hostile(rng: random.Random, referee: Referee, token: str) -> Iterator[str | bytes]:
    index = len(referee.match.state.history)
    while True:
        pick = rng.randrange(12)
        if pick == 0:
            yield bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        elif pick == 1:
            yield json.dumps(junk_json(rng))
        elif pick == 2:
            yield json.dumps({"type": "act", **{"action": junk_json(rng), "index": index}})
        elif pick in (3, 4, 5):  # well formed: out of turn, illegal, stale or (sometimes) legal
            action = rng.randrange(-3, 120)
            yield encode("act", "guest", action=action, index=index + rng.randrange(-2, 2))
        elif pick == 6:
            yield json.dumps({"type": rng.choice(["shoot", "welcome", "view", "", "ACT"])})
        elif pick == 7:
            yield '{"type":"act","action":1,"index":0,"pad":"' + "x" * 5000 + '"}'
        elif pick == 8:
            yield "[" * 900 + "]" * 900
        elif pick == 9:
            hello = {"version": PROTOCOL_VERSION, "app": "x", "token": token, "name": "Y"}
            yield encode("hello", "guest", **hello, seat=0)
        elif pick == 10:
            yield '{"type":"act","action":NaN,"index":1e999}'
        else:
            yield '{"type": "act", "action": 1, "index": 1, "type": "bye", "reason": 5}'


def drain(ws: ClientConnection) -> None:
    try:
        while True:
            ws.recv(timeout=0)
    except TimeoutError:
        return


@contextlib.contextmanager
def enter(referee: Referee, token: str, seat: int) -> Iterator[ClientConnection]:
    """A connection that holds ``seat`` (a guest that has the code)."""
    assert referee.invite is not None
    with connect(f"ws://127.0.0.1:{referee.invite.port}/", max_size=None) as ws:
        hello = {"version": PROTOCOL_VERSION, "app": "x", "token": token, "name": "Mallory"}
        ws.send(encode("hello", "guest", **hello, seat=seat))
        yield ws


def test_thousands_of_hostile_messages_leave_the_match_and_the_other_guest_untouched(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    referee = hosted("tsuno", [HUMAN, HUMAN, "easy"], {0, 1}, seed=9)
    referee.match.autosave = True
    token = referee.server.token
    rng = random.Random(2026)
    honest = guest(referee.invite, "Aiko", seat=0)
    try:
        run_until(referee, [honest], lambda: honest.table.started)
        # At the door: junk, wrong tokens, other versions, before any hello.
        for i in range(AT_THE_DOOR):
            try:
                with connect(f"ws://127.0.0.1:{referee.invite.port}/", open_timeout=5) as ws:
                    first = next(hostile(rng, referee, "WRONG-TOKEN" if i % 2 else token))
                    ws.send(first)
                    answer = decode(ws.recv(timeout=5), "host")
                    assert answer.kind == "refused", first
            except (ConnectionClosed, InvalidStatus):
                pass
            if i % 10 == 0:
                host_step(referee)
                honest.step()
        # From the seat it holds: everything else, reconnecting whenever it is thrown out.
        messages, sent, kicked = hostile(rng, referee, token), 0, 0
        while sent < MESSAGES:
            with enter(referee, token, 1) as ws:
                try:
                    while sent < MESSAGES:
                        sent += 1
                        ws.send(next(messages))
                        if sent % 10 == 0:
                            drain(ws)
                            host_step(referee)
                            honest.step()
                except ConnectionClosed:
                    kicked += 1
        assert kicked > 0  # floods and strings of refused messages cost the connection
        run_until(referee, [honest], lambda: referee.paused)
        saved = saves.load_autosave(saves.autosave_path("tsuno"))
        assert saved.record["history"] == referee.match.state.history
        referee.hand_to_ai(1, "easy")
        run_until(referee, [honest], finished(referee, [honest]), timeout=120)
    finally:
        honest.client.leave()
        referee.stop()
    m = referee.match
    assert m.game.replay(m.state.to_record()).is_terminal()
    assert honest.table.returns == m.state.returns()
    # Its only refusals: a move sent just as the match paused for the hostile seat's drop.
    assert {d["code"] for d in honest.table.denied} <= {"paused"} and honest.table.errors == []
    assert honest.table.index == len(m.state.history)
