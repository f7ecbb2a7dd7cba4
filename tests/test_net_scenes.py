"""The networked match screens, headless: the host's screen with its referee and a guest's screen
drawn only from what it received, each through a whole game."""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable

import pytest

from game.engines import GAMES
from game.net.guest import GuestClient
from game.net.headless import GuestPlayer
from game.net.protocol import decode, encode
from game.scenes import hosting
from game.scenes.guest_match import GuestMatchScene
from game.scenes.hosting import HostedMatchScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from tests.net_helpers import HUMAN, guest, hosted

FRAME = 1 / 60
# Known defect, open in the network issue: a networked match driven through the app's screens
# sometimes stops mid-game — a decision or a view that one side sent is never taken by the other
# (seen at different moves, on the network branch alone too); the headless host and guests of
# test_net_play finish their games. These tests still run and say when they pass.
STALLS = pytest.mark.xfail(reason="a screen-driven network match can stall (open)", strict=False)


def frames_until(
    app, done: Callable[[], bool], *players: GuestPlayer, timeout: float = 120
) -> None:
    """Run the app (and the headless guests) frame by frame until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the networked screens did not get there in time"
        app.step(FRAME)
        for player in players:
            player.step()


def host_screen(app, game_id: str, seats: list[str], **kw: object) -> tuple:
    """The host's screen for ``seats`` (seat 1 remote) on the stack, and a guest joining it."""
    referee = hosted(game_id, seats, {1}, **kw)  # type: ignore[arg-type]
    scene = HostedMatchScene(app, referee)
    app.stack.push(scene)
    return referee, scene, guest(referee.invite, "Aiko")


@STALLS
def test_the_guest_screen_plays_a_whole_game_from_what_it_received(app) -> None:
    referee = hosted("battleline", ["easy", HUMAN], {1}, seed=21)
    scene = GuestMatchScene(app, GuestClient(referee.invite, "Aiko"))
    app.stack.push(scene)
    rng = random.Random(4)
    deadline = time.monotonic() + 120
    seen_statuses = set()
    try:
        while not (referee.match.is_over and scene.table.returns is not None):
            assert time.monotonic() < deadline, scene.status_text()
            referee.pump()
            if not referee.paused:
                referee.match.advance()
            app.step(FRAME)
            seen_statuses.add(scene.status_text())
            table = scene.table
            if table.my_turn and scene.ready_to_play():
                scene.play(rng.choice(table.legal))
        app.step(FRAME)
        assert scene.board is not None and scene.board.obs == scene.table.obs
        assert scene.table.seat == 1 and scene.table.names[1] == "Aiko"
        assert "Your turn" in seen_statuses and "Easy AI to move" in seen_statuses
        assert scene.status_text() in ("You win!", "Easy AI wins", "Draw")
        assert len(scene.rows()) > 10 and scene.rows()[-1].text
    finally:
        app.stack.pop()
        referee.stop()


def test_the_host_screen_waits_for_its_guest_then_referees_the_game(app) -> None:
    referee = hosted("flatfront", ["easy", HUMAN], {1}, seed=2)
    scene = HostedMatchScene(app, referee)
    app.stack.push(scene)
    try:
        for _ in range(5):
            app.step(FRAME)
        lines = scene.waiting_lines()
        assert lines[0] == "Waiting for Player 2 to join"
        assert str(referee.invite) in lines[1] and lines[2] == "Nobody has joined yet."
        assert referee.match.moves == []  # nothing moves before the guest is there
        player = guest(referee.invite, "Aiko")
        frames_until(app, lambda: len(referee.match.moves) >= 12, player)
        player.client.stop()  # the guest's program dies mid-game
        frames_until(app, lambda: referee.paused, timeout=20)
        assert "Aiko" in scene.waiting_lines()[0] and "reconnect" in scene.waiting_lines()[0]
        assert any("Aiko" in item[0] for item in scene.toasts.items)
        player = guest(referee.invite, "Aiko")
        frames_until(
            app, lambda: referee.match.is_over and player.table.returns is not None, player
        )
        assert player.table.returns == referee.match.state.returns()
        player.client.leave()
    finally:
        app.stack.pop()


def test_a_remote_seat_in_the_set_up_screen_hosts_the_match(app, monkeypatch) -> None:
    monkeypatch.setattr(hosting, "DIRECT_BIND", ("127.0.0.1", 0))  # tests stay on loopback
    app.stack.reset(TitleScene(app))
    app.step(FRAME)
    app.stack.top.open_setup("battleline")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.seats[:] = [HUMAN, "remote"]
    setup.start(seed=1)
    scene = app.stack.top
    assert isinstance(scene, HostedMatchScene)
    try:
        assert scene.match.remote == {1} and scene.match.seats == [HUMAN, HUMAN]
        assert scene.match.names == ["You", "Player 2"]
        app.step(FRAME)
        assert scene.referee.paused and "Player 2" in scene.waiting_lines()[0]
        player = guest(scene.referee.invite, "Aiko")
        frames_until(app, lambda: player.table.started, player, timeout=30)
        assert not scene.referee.paused and scene.match.names[1] == "Aiko"
        assert player.table.names == ["Player 1", "Aiko"]  # nobody is "You" on its screen
        player.client.leave()
    finally:
        app.stack.pop()


def test_the_host_gets_no_hint_for_a_guests_turn_and_no_undo_across_machines(app) -> None:
    options = {"first_player": "seat2"}
    referee, scene, player = host_screen(app, "battleline", [HUMAN, HUMAN], options=options)
    try:
        frames_until(app, lambda: player.table.my_turn, player, timeout=30)
        app.step(FRAME)
        assert not scene.hint_possible()  # the host may not peek at the guest's hand by a hint
        history = list(referee.match.state.history)
        scene.undo()
        assert referee.match.state.history == history
        assert "not available in network play" in scene.toasts.items[-1][0]
        player.client.leave()
    finally:
        app.stack.pop()


@STALLS
def test_a_rematch_at_the_host_keeps_the_table_and_its_guest(app) -> None:
    referee, scene, player = host_screen(app, "flink", ["easy", HUMAN], seed=5)
    try:
        frames_until(
            app, lambda: referee.match.is_over and player.table.returns is not None, player
        )
        first = referee.match
        app.stack.replace(scene.rematch_scene())
        again = app.stack.top
        assert isinstance(again, HostedMatchScene) and again.match is not first
        frames_until(
            app,
            lambda: len(again.match.moves) > 4 and player.table.index == len(again.match.moves),
            player,
        )
        assert player.client.status == "connected" and player.table.returns is None
        assert player.table.log[0].index == 0 and len(player.table.log) == player.table.index
        assert again.match.names[1] == "Aiko" and again.match.seed == first.seed + 1
        player.client.leave()
    finally:
        app.stack.pop()


def test_the_host_lets_the_computer_play_for_a_guest_who_does_not_come_back(app) -> None:
    referee, scene, player = host_screen(app, "flatfront", ["easy", HUMAN], seed=8)
    try:
        frames_until(app, lambda: len(referee.match.moves) >= 6, player)
        assert not scene.ai_button.visible
        player.client.stop()
        frames_until(app, lambda: scene.ai_button.visible)
        scene.draw(app.window)  # the waiting card with its button
        scene.ai_button.on_click()
        assert referee.match.seats[1] == "normal" and not referee.paused
        frames_until(app, lambda: referee.match.is_over)
    finally:
        app.stack.pop()


class FakeClient:
    """A guest connection whose host is the test: it queues messages and records actions."""

    def __init__(self, messages: list[str]) -> None:
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        for raw in messages:
            self.inbox.put(decode(raw, "host"))
        self.sent: list[tuple[int, int]] = []
        self.status = "connected"
        self.closed_reason = ""

    def start(self) -> None: ...

    def leave(self) -> None: ...

    def act(self, action: int, index: int) -> None:
        self.sent.append((action, index))


def test_the_guest_screen_plays_a_forced_move_by_itself(app) -> None:
    state = GAMES["flatfront"].new_state(2)
    welcome = encode(
        "welcome", "host", version=1, app="x", game="flatfront", game_version=1,
        options=dict(state.options), seat=0, names=["Aiko", "Easy AI"], kinds=["remote", "easy"],
    )  # fmt: skip
    legal = state.legal_actions()[:1]
    view = encode(
        "view", "host", index=0, revision=0, phase="forced", to_move=0,
        obs=dict(state.observation(0)), legal=legal, log_from=0, log=[], names=["Aiko", "Easy AI"],
        returns=None,
    )  # fmt: skip
    client = FakeClient([welcome, view])
    scene = GuestMatchScene(app, client)  # type: ignore[arg-type]
    app.stack.push(scene)
    try:
        for _ in range(120):
            app.step(FRAME)
            if client.sent:
                break
        assert client.sent == [(legal[0], 0)]
    finally:
        app.stack.pop()
