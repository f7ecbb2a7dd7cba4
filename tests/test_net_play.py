"""Networked matches on loopback: whole games between the host's referee and guests, what a
guest may see, refusals at the door, drops and reconnections, and the relay."""

from __future__ import annotations

import json
import random
import time

import pytest
from websockets.sync.client import connect

from game.boards import board_class
from game.engines.base import State
from game.i18n import set_language
from game.net import guest as guest_module
from game.net.guest import CLOSED
from game.net.headless import GuestPlayer
from game.net.protocol import PROTOCOL_VERSION, decode, encode
from game.net.referee import Referee
from game.net.views import step_row
from game.turns import StepLog
from tests.net_helpers import HUMAN, finished, guest, hosted, run_until


def replayed(referee: Referee, index: int) -> State:
    m = referee.match
    return m.game.replay({**m.state.to_record(), "history": m.state.history[:index]})


def views(player: GuestPlayer) -> list[dict]:
    assert player.client.received is not None
    out = []
    for raw in player.client.received:
        msg = decode(raw, "host")
        if msg.kind == "view":
            out.append(msg.fields)
    return out


def roundtrip(obs: object) -> object:
    return json.loads(json.dumps(obs))


def ints_under_card_keys(node: object, inside: bool = False) -> set[int]:
    """Every int in the message under a key that names cards ("card", "cards", "known", ...),
    but for a claim's counterexample: cards that could still come, from the viewer's unseen pool
    (which the opponent's hand is part of), public knowledge."""
    found: set[int] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "beaten_by":
                found |= ints_under_card_keys(value, inside or "card" in key or key == "known")
    elif isinstance(node, list):
        for value in node:
            found |= ints_under_card_keys(value, inside)
    elif inside and isinstance(node, int) and not isinstance(node, bool):
        found.add(node)
    return found


@pytest.mark.parametrize("game_id", ["battleline", "frontline"])
def test_a_guest_receives_only_what_its_seat_may_know(game_id: str) -> None:
    referee = hosted(game_id, [HUMAN, "easy"], {0}, seed=11)
    player = guest(referee.invite, "Aiko", seed=3)
    try:
        run_until(referee, [player], finished(referee, [player]))
    finally:
        player.client.leave()
        referee.stop()
    m = referee.match
    board = board_class(game_id)
    # The log the guest holds is the log worded for seat 0, step for step.
    steps = StepLog(m.game, board.log_phrase).update(
        m.state.to_record(),
        [mv.player for mv in m.moves],
        [mv.forced for mv in m.moves],
        [mv.private for mv in m.moves],
        0,
    )
    assert [step_row(s) for s in player.table.log] == roundtrip([step_row(s) for s in steps])
    rng = random.Random(5)
    received = views(player)
    assert len(received) > 20
    for view in received:
        state = replayed(referee, view["index"])
        assert view["obs"] == roundtrip(state.observation(0))
        # Nothing in it depends on what seat 0 cannot know: every re-dealing of the hidden
        # cards consistent with its information gives the same observation.
        if not state.is_terminal():
            for _ in range(3):
                assert roundtrip(state.determinize(0, rng).observation(0)) == view["obs"]
        if view["to_move"] != 0:
            assert view["legal"] == []
        if game_id == "battleline":
            known = set(view["obs"]["hands"][1]["known"])
            hidden = set(state.hands[1]) - known | {c for deck in state.decks for c in deck}
            assert not hidden & ints_under_card_keys(view), view["index"]
    # No message names a history action id, a state or another seat's observation.
    for raw in player.client.received or []:
        assert '"history"' not in str(raw) and '"viewer":1' not in str(raw)


@pytest.mark.parametrize(
    ("game_id", "seats", "remote"),
    [
        ("flatfront", [HUMAN, "easy"], {0}),
        ("flink", ["easy", HUMAN], {1}),
        ("battleline", [HUMAN, HUMAN], {0, 1}),
        ("frontline", ["easy", HUMAN], {1}),
        ("tsuno", [HUMAN, "easy", HUMAN], {0, 2}),
    ],
)
def test_a_whole_game_over_the_wire_ends_alike_on_both_sides(
    game_id: str, seats: list[str], remote: set[int]
) -> None:
    referee = hosted(game_id, seats, remote)
    players = [guest(referee.invite, f"Guest {s}", seed=s) for s in sorted(remote)]
    try:
        run_until(referee, players, finished(referee, players), timeout=120)
    finally:
        for p in players:
            p.client.leave()
        referee.stop()
    m = referee.match
    assert m.game.replay(m.state.to_record()).is_terminal()
    for p in players:
        seat = p.table.seat
        assert seat in remote and p.table.names[seat] == p.client.name
        assert p.table.returns == m.state.returns()
        assert p.table.obs == roundtrip(m.state.observation(seat))
        assert p.table.index == len(m.state.history) and not p.table.denied
    assert {p.table.seat for p in players} == remote


def hello(token: str, **change: object) -> str:
    fields = {"version": PROTOCOL_VERSION, "app": "test", "token": token, "name": "X", "seat": None}
    return encode("hello", "guest", **{**fields, **change})


def door(referee: Referee, message: str) -> dict:
    """What the host answers a connection that says ``message`` first."""
    assert referee.invite is not None
    with connect(f"ws://127.0.0.1:{referee.invite.port}/") as ws:
        ws.send(message)
        return json.loads(ws.recv(timeout=5))


def test_the_door_refuses_a_wrong_token_another_version_a_taken_seat_and_a_full_table() -> None:
    referee = hosted("battleline", [HUMAN, "easy"], {0})
    try:
        token = referee.server.token
        assert door(referee, hello("AAAA-AAAA-AAAA-AAAA"))["code"] == "token"
        answer = door(referee, hello(token, version=PROTOCOL_VERSION + 1))
        assert answer["code"] == "version"
        assert f"version {PROTOCOL_VERSION}" in answer["text"]
        assert f"version {PROTOCOL_VERSION + 1}" in answer["text"]
        assert door(referee, encode("act", "guest", action=1, index=0))["code"] == "no_hello"
        assert door(referee, "junk")["code"] == "malformed"
        assert door(referee, hello(token, seat=1))["code"] == "no_seat"  # the host's AI
        player = guest(referee.invite, "Aiko")
        run_until(referee, [player], lambda: player.table.started)
        assert door(referee, hello(token, seat=0))["code"] == "seat_taken"
        assert door(referee, hello(token))["code"] == "full"
        assert referee.sessions == {0: referee.sessions[0]}
        player.client.leave()
    finally:
        referee.stop()


def test_a_guest_of_another_version_is_told_both_versions(monkeypatch) -> None:
    referee = hosted("flatfront", [HUMAN, "easy"], {0})
    monkeypatch.setattr(guest_module, "PROTOCOL_VERSION", PROTOCOL_VERSION + 1)
    player = guest(referee.invite, "Old")
    try:
        deadline = time.monotonic() + 10
        while player.client.status != CLOSED and time.monotonic() < deadline:
            time.sleep(0.01)
        reason = player.client.closed_reason
        assert player.client.closed_code == "version"
        assert (
            f"version {PROTOCOL_VERSION}" in reason and f"version {PROTOCOL_VERSION + 1}" in reason
        )
    finally:
        player.client.stop()
        referee.stop()


def test_a_dropped_guest_pauses_the_match_and_comes_back_to_its_seat_and_position() -> None:
    referee = hosted("tsuno", [HUMAN, "easy", HUMAN], {0, 2}, seed=4)
    first, other = guest(referee.invite, "Aiko", seed=1), guest(referee.invite, "Ben", seed=2)
    players = [first, other]
    try:
        run_until(referee, players, lambda: len(referee.match.moves) > 30)
        seat = first.table.seat
        first.client.stop()  # killed: no goodbye
        run_until(referee, [other], lambda: other.table.waiting == ["Aiko"], timeout=20)
        assert referee.paused and referee.waiting_for == [seat]
        frozen = list(referee.match.state.history)
        for _ in range(50):
            referee.pump()
            other.step()
            time.sleep(0.002)
        assert referee.match.state.history == frozen  # nothing moves while a seat is empty
        back = guest(referee.invite, "Aiko", seed=1)  # the same code, a new program
        players = [back, other]
        run_until(referee, players, lambda: back.table.started and not other.table.waiting)
        assert back.table.seat == seat and views(back)[0]["index"] == len(frozen)
        assert views(back)[0]["log_from"] == 0  # the whole log again, for a new program
        run_until(referee, players, finished(referee, players), timeout=120)
        assert back.table.returns == other.table.returns == referee.match.state.returns()
        assert [r[0] for r in map(step_row, back.table.log)] == list(range(len(back.table.log)))
    finally:
        for p in players:
            p.client.leave()
        referee.stop()


def test_a_reconnected_guest_reviews_every_position_from_the_first_move() -> None:
    referee = hosted("battleline", [HUMAN, "easy"], {0}, seed=11)
    first = guest(referee.invite, "Aiko", seed=3)
    players = [first]
    try:
        run_until(referee, players, lambda: len(referee.match.moves) > 60)
        received = dict(first.table.seen)  # what it was sent before it was killed
        first.client.stop()  # killed: no goodbye
        run_until(referee, [], lambda: referee.paused, timeout=20)
        back = guest(referee.invite, "Aiko", seed=4)  # a new program: it holds nothing
        players = [back]
        run_until(referee, players, finished(referee, players), timeout=120)
        run_until(referee, players, lambda: 0 in back.table.seen)
    finally:
        for p in players:
            p.client.leave()
        referee.stop()
    assert min(decode(raw, "host")["index"] for raw in views_raw(back)) > 60
    seen = back.table.seen
    assert sorted(seen) == list(range(len(referee.match.state.history) + 1))
    for index, obs in received.items():  # as an uninterrupted guest received it
        assert seen[index] == obs
    for index, obs in seen.items():  # and only what its seat may know there
        state = replayed(referee, index)
        assert obs == roundtrip(state.observation(0))
        known = set(obs["hands"][1]["known"])
        hidden = set(state.hands[1]) - known | {c for deck in state.decks for c in deck}
        assert not hidden & ints_under_card_keys(obs), index
    pasts = [decode(raw, "host") for raw in back.client.received or [] if '"past"' in str(raw)]
    assert pasts and all(msg.kind == "past" for msg in pasts)


def views_raw(player: GuestPlayer) -> list[str | bytes]:
    return [raw for raw in player.client.received or [] if decode(raw, "host").kind == "view"]


def test_a_guest_back_before_the_host_saw_it_drop_keeps_trying_for_its_seat(monkeypatch) -> None:
    """The guest notices a broken connection first and comes back while the host still holds
    its seat for the old one (the host's pings notice within 15 s): refused as a seat taken,
    it tries again instead of giving up, and sits down once the host lets the old one go."""
    monkeypatch.setattr(guest_module, "BACKOFF", (1.0,))  # the old connection sits first
    referee = hosted("battleline", [HUMAN, "easy"], {0})
    player = guest(referee.invite, "Aiko")
    url = f"ws://127.0.0.1:{referee.server.port}/"
    try:
        run_until(referee, [player], lambda: player.table.started)
        with connect(url) as old:  # stands for the old connection, as the host still sees it
            held = referee.server._held[0]
            referee.server._thread.soon(held.conn.transport.abort)  # the guest's link breaks
            deadline = time.monotonic() + 5
            while referee.server._held.get(0) is held:
                assert time.monotonic() < deadline
                time.sleep(0.005)
            old.send(hello(referee.server.token, seat=0, name="Old"))
            while getattr(referee.server._held.get(0), "name", "") != "Old":  # it holds the seat
                assert time.monotonic() < deadline
                time.sleep(0.005)
            time.sleep(2.5)  # the guest tries meanwhile: "that seat is already played"
            assert player.client.status == guest_module.RECONNECTING
        run_until(referee, [player], lambda: player.client.status == guest_module.CONNECTED)
        assert player.table.seat == 0 and referee.joined() == [(0, "Aiko")]
    finally:
        player.client.leave()
        referee.stop()


def test_the_host_may_hand_an_absent_guests_seat_to_the_ai() -> None:
    referee = hosted("battleline", [HUMAN, HUMAN], {0, 1})
    stays, leaves = guest(referee.invite, "Aiko"), guest(referee.invite, "Ben")
    try:
        run_until(referee, [stays, leaves], lambda: len(referee.match.moves) > 10)
        seat = leaves.table.seat
        leaves.client.leave()  # says bye
        run_until(referee, [stays], lambda: referee.paused)
        assert ("Ben", "quit") in referee.left
        referee.hand_to_ai(seat, "easy")
        assert not referee.paused and referee.match.seats[seat] == "easy"
        run_until(referee, [stays], finished(referee, [stays]), timeout=120)
        assert door(referee, hello(referee.server.token, seat=seat))["code"] == "no_seat"
    finally:
        stays.client.leave()
        referee.stop()


def test_the_host_quitting_says_so_to_the_guest() -> None:
    referee = hosted("flink", [HUMAN, "easy"], {0})
    player = guest(referee.invite, "Aiko")
    run_until(referee, [player], lambda: player.table.started)
    referee.stop("The host closed the table.")
    deadline = time.monotonic() + 10
    while player.client.status != CLOSED and time.monotonic() < deadline:
        time.sleep(0.01)
    assert player.client.closed_code == "host_quit"
    assert player.client.closed_reason == "The host closed the table."


def test_a_japanese_guest_sees_the_english_hosts_ai_seats_named_in_japanese() -> None:
    referee = hosted("battleline", ["easy", HUMAN], {1}, seed=3)
    player = guest(referee.invite, "Aiko")
    try:
        set_language("en")  # the host's language: it words the names it sends
        run_until(referee, [], lambda: player.client.received is not None and bool(views(player)))
        assert views(player)[-1]["names"] == ["Easy AI", "Aiko"]
        assert views(player)[-1]["kinds"] == ["easy", "remote"]
        set_language("ja")  # the guest's screen reads what arrived in its own language
        player.step()
        assert player.table.names == ["AI（かんたん）", "Aiko"]
    finally:
        set_language("en")
        player.client.leave()
        referee.stop()
