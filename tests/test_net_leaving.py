"""Every way out of hosting closes the table at once: its listening socket, its guests'
connections, its listing on the local network (zeroconf) or its links to a relay. Counted by
the sockets this process holds (``/proc/self/fd``) and by the table's own state."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import pytest

from game import saves
from game.app import App
from game.engines import GAMES
from game.match import Match
from game.net.guest import CLOSED, GuestClient
from game.net.headless import GuestPlayer, host_step, random_chooser
from game.net.invite import Invite
from game.net.loop import LoopThread
from game.net.relay import Relay
from game.scenes import hosting
from game.scenes.gameover import GameOverScene
from game.scenes.guest_match import GuestMatchScene
from game.scenes.hosting import HostedMatchScene
from game.scenes.overlay import DialogScene
from game.scenes.pause import PauseScene
from game.scenes.saved import open_save
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from tests.net_helpers import HUMAN, NETWORK_FDS, app_frame, hosted, open_fds, run_until

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self")

FRAME = 1 / 60


def sockets() -> set[str]:
    """The sockets (and event polls: a network thread's loop) this process holds open."""
    return {f"{fd}:{what}" for fd, what in open_fds().items() if what.startswith(NETWORK_FDS)}


def frames_until(app: App, done: Callable[[], bool], *players: GuestPlayer) -> None:
    deadline = time.monotonic() + 60
    while not done():
        assert time.monotonic() < deadline, "the table did not get there in time"
        app_frame(app)
        for player in players:
            player.step()


def open_setup(app: App, game_id: str) -> SetupScene:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.open_setup(game_id)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    return setup


def host_from_setup(app: App, game_id: str, seats: list[str]) -> HostedMatchScene:
    """The player sets a seat to Remote in the set-up screen and starts: the table opens."""
    setup = open_setup(app, game_id)
    setup.seats[:] = seats
    setup.start(seed=3)
    scene = app.stack.top
    assert isinstance(scene, HostedMatchScene)
    return scene


def leave_from_the_pause_menu(app: App, scene: HostedMatchScene) -> None:
    app.stack.open("pause", scene)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.leave_match()
    confirm = app.stack.top  # the guest would be dropped: the host is asked first
    assert isinstance(confirm, DialogScene)
    confirm.buttons[1].on_click()  # Leave


def resign(app: App, scene: HostedMatchScene) -> None:
    app.stack.open("pause", scene)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert pause.resigner() == 0  # the host's own seat, whoever is to move
    # No Restart: it began a match at this screen alone, the guest's seat a hot-seat one.
    assert pause.restart_button not in pause.buttons
    pause.resign()


def close_the_window(app: App, scene: HostedMatchScene) -> None:
    app.stack.open("pause", scene)  # whatever lies over the match goes too
    app.stack.clear()  # what App.close does when the window is closed


WAYS_OUT = {  # each from a game where the way is offered (no resigning together)
    "pause menu, leave": ("tsuno", leave_from_the_pause_menu),
    "pause menu, resign": ("battleline", resign),
    "window closed": ("tsuno", close_the_window),
}


@pytest.fixture
def loopback(monkeypatch) -> None:
    monkeypatch.setattr(hosting, "DIRECT_BIND", ("127.0.0.1", 0))  # tests stay on loopback


def a_guest() -> GuestPlayer:
    """A guest program, running before the table opens (its own network thread is not the
    table's); it is told where the table is once there is one."""
    return GuestPlayer(GuestClient(Invite("127.0.0.1", 1, ""), "Aiko"), random_chooser(1))


def join(player: GuestPlayer, invite: Invite | None) -> None:
    assert invite is not None
    player.client.invite = invite
    player.client.start()


def all_closed_but_the_guests_end(before: set[str], player: GuestPlayer) -> None:
    """At once, every socket of the table is closed: at most the guest's end of its connection
    is still closing; soon after, nothing is left open."""
    assert len(sockets() - before) <= 1
    deadline = time.monotonic() + 5
    while not (player.client.status == CLOSED and sockets() <= before):
        assert time.monotonic() < deadline, sockets() - before
        player.step()
        time.sleep(0.01)


@pytest.mark.parametrize("way", list(WAYS_OUT))
def test_leaving_a_hosted_table_closes_its_sockets_at_once(app, loopback, way: str) -> None:
    app.stack.reset(TitleScene(app))
    app.step(FRAME)
    player = a_guest()
    before = sockets()
    game_id, leave = WAYS_OUT[way]
    scene = host_from_setup(app, game_id, [HUMAN, "remote"])
    referee = scene.referee
    join(player, referee.invite)
    frames_until(app, lambda: player.table.started, player)
    assert sockets() - before  # listening, a guest, a zeroconf listing
    leave(app, scene)
    assert not any(isinstance(s, HostedMatchScene) for s in app.stack.scenes)
    assert referee.server._thread.loop.is_closed()  # the table's network thread is gone
    assert not referee.server._lan._thread.is_alive()  # its listing is withdrawn
    all_closed_but_the_guests_end(before, player)
    assert player.client.closed_code == "host_quit"
    player.client.stop()


def test_setting_a_seat_to_remote_and_going_back_opens_nothing(app, loopback) -> None:
    app.stack.reset(TitleScene(app))
    app.step(FRAME)
    before = sockets()
    setup = open_setup(app, "tsuno")
    setup.seats[:] = [HUMAN, "remote"]
    app.step(FRAME)
    setup.close()
    app.step(FRAME)
    assert isinstance(app.stack.top, TitleScene) and sockets() <= before


def test_a_rematch_keeps_the_one_table_and_leaving_it_closes_the_table(app, loopback) -> None:
    app.stack.reset(TitleScene(app))
    app.step(FRAME)
    player = a_guest()
    before = sockets()
    scene = host_from_setup(app, "tsuno", ["easy", "remote"])  # nobody plays at the host's screen
    referee = scene.referee
    join(player, referee.invite)
    frames_until(app, lambda: isinstance(app.stack.top, GameOverScene), player)
    hosting_sockets = sockets()
    app.stack.top.rematch()  # the card's Rematch: same or swapped sides
    app.stack.top.buttons[1].on_click()  # same sides
    again = app.stack.top
    assert isinstance(again, HostedMatchScene) and again.referee is referee
    assert scene not in app.stack.scenes
    frames_until(app, lambda: player.table.returns is None and player.table.index > 0, player)
    assert sockets() <= hosting_sockets and player.client.status != CLOSED  # the same table
    frames_until(app, lambda: isinstance(app.stack.top, GameOverScene), player)
    app.stack.top.to_menu()  # the game-over card's Main menu
    all_closed_but_the_guests_end(before, player)
    player.client.stop()


def test_leaving_a_table_hosted_through_a_relay_closes_its_links_and_the_room() -> None:
    thread = LoopThread("test-relay")
    thread.start()
    relay = Relay()
    try:
        port = thread.run(relay.start("127.0.0.1", 0))
        player = a_guest()
        before = sockets()
        referee = hosted("battleline", [HUMAN, "easy"], {0}, relay=("127.0.0.1", port))
        join(player, referee.invite)
        run_until(referee, [player], lambda: player.table.started)
        assert relay.rooms
        referee.stop()
        deadline = time.monotonic() + 2  # the relay's own ends close as the host's do
        while relay.rooms and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not relay.rooms  # the code leads nowhere now
        # The host's links and the relay's ends of them; the guest's link closes with them.
        deadline = time.monotonic() + 5
        while not (player.client.status == CLOSED and sockets() <= before):
            assert time.monotonic() < deadline, sockets() - before
            time.sleep(0.01)
        player.client.stop()
    finally:
        thread.stop()


def test_a_guest_window_left_after_the_hosts_goodbye_lets_its_connection_thread_go(app) -> None:
    referee = hosted("battleline", ["easy", HUMAN], {1})
    assert referee.invite is not None
    client = GuestClient(referee.invite, "Aiko")
    scene = GuestMatchScene(app, client)
    app.stack.push(scene)
    deadline = time.monotonic() + 30
    while not (scene.table.started and scene.table.my_turn):
        assert time.monotonic() < deadline
        host_step(referee)
        app_frame(app)
    referee.stop("the host closed the table")
    while client.status != CLOSED:
        assert time.monotonic() < deadline
        app_frame(app)
    app_frame(app)
    assert scene.board is not None and scene.board.legal == []  # nothing more to play
    assert not scene.hint_button.visible and not scene.undo_button.visible
    app.stack.pop()  # the player leaves the window that says the host has gone
    assert client._thread.loop.is_closed()  # no thread, no event loop left behind


def test_a_hosted_match_continued_opens_its_table_again_and_never_gives_a_guests_seat_here(
    app, loopback
) -> None:
    """The host's autosave keeps which seats are its guests'; Continue opens the table again
    (a new code) instead of a hot-seat game with the guest's hand one curtain away."""
    match = Match(GAMES["battleline"], [HUMAN, HUMAN], seed=5, client=app.ai, autosave=True,
                  remote=frozenset({1}))  # fmt: skip
    while match.advance() is not None:  # the deal, up to the first player's decision
        pass
    save = saves.load_autosave(saves.autosave_path("battleline"))
    assert save.remote == [1]
    assert open_save(app, save)
    scene = app.stack.top
    assert isinstance(scene, HostedMatchScene) and scene.match.remote == frozenset({1})
    assert scene.match.local_humans == [0] and scene.referee.invite is not None
    app.stack.open("pause", scene)
    app.stack.top.leave_match()  # nobody has joined yet: left at once
    assert not any(isinstance(s, HostedMatchScene) for s in app.stack.scenes)
    assert scene.referee.server._thread.loop.is_closed()
    damaged = saves.Autosave("battleline", [HUMAN, "easy"], 5, save.record, 0.0, save.path,
                             remote=[1])  # fmt: skip
    assert not open_save(app, damaged)  # a guest's seat must be a human seat: set aside
    assert list(save.path.parent.glob("battleline.autosave.json.damaged-*"))
