"""Shared set-up for the network tests: a host refereeing a match on loopback and guests that
play it, all driven from the test's thread one step at a time."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from game.engines import GAMES
from game.match import HUMAN, Match
from game.net.guest import GuestClient
from game.net.headless import GuestPlayer, host_step, random_chooser
from game.net.hints import GuestHints
from game.net.host import HostServer
from game.net.invite import Invite
from game.net.referee import Referee
from tests.test_app_fakes import SyncClient


def hosted(
    game_id: str,
    seats: list[str],
    remote: set[int],
    seed: int = 7,
    options: dict | None = None,
    **server_kw: object,
) -> Referee:
    """A started referee for ``seats`` (the ``remote`` ones are human seats played by guests)."""
    match = Match(
        GAMES[game_id],
        seats,
        options=options,
        seed=seed,
        client=SyncClient(),
        remote=frozenset(remote),
    )
    server = HostServer(sorted(remote), **server_kw)  # type: ignore[arg-type]
    referee = Referee(match, server, GuestHints(warm=False))  # no AI process for each table
    referee.start()
    return referee


def guest(invite: Invite, name: str, seed: int = 1, **kw: object) -> GuestPlayer:
    client = GuestClient(invite, name, keep_raw=True, **kw)  # type: ignore[arg-type]
    client.start()
    return GuestPlayer(client, random_chooser(seed))


def run_until(
    referee: Referee,
    guests: list[GuestPlayer],
    done: Callable[[], bool],
    timeout: float = 60.0,
) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            tables = [
                (
                    g.client.status,
                    g.client.closed_code,
                    g.client.closed_reason,
                    g.table.index,
                    g.table.to_move,
                    g.table.legal,
                )
                for g in guests
            ]
            raise AssertionError(f"stuck at {referee.match.phase} {referee.sessions} {tables}")
        host_step(referee)
        for g in guests:
            g.step()
        time.sleep(0.001)


def play_through_relay(game_id: str, relay: tuple[str, int]) -> tuple[Referee, GuestPlayer]:
    """A whole game between a host and a guest that meet at ``relay``."""
    referee = hosted(game_id, [HUMAN, "easy"], {0}, relay=relay)
    assert referee.invite is not None and referee.invite.relay
    player = guest(referee.invite, "Aiko")
    try:
        run_until(referee, [player], finished(referee, [player]), timeout=120)
    finally:
        player.client.leave()
        referee.stop()
    return referee, player


def app_frame(app: Any) -> None:
    """One frame as the app runs it: the app's clock sleeps out the rest of each frame, which
    lets the network threads have the interpreter. A test loop that steps frames without ever
    sleeping holds the GIL nearly all the time: a move then took 0.2 s on median and up to 5 s
    to cross loopback (a guest's screen seemed to stall: issue 36's intermittent stall)."""
    app.step(1 / 60)
    time.sleep(0.002)


def screen_frames(
    app: Any, referee: Referee, scene: Any, done: Callable[[], bool], rng: Any = None
) -> None:
    """The host's loop and the app (a guest's screen on it) frame by frame until ``done()``;
    with ``rng`` the guest's player clicks random legal moves. It fails when nothing has moved
    for STALL seconds — on either side of the wire — saying what each side holds; a slow
    machine that still moves is not a stall."""
    moved, progress = time.monotonic(), None
    while not done():
        now_at = (len(referee.match.state.history), scene.table.index, scene.table.revision)
        if now_at != progress:
            moved, progress = time.monotonic(), now_at
        assert time.monotonic() - moved < STALL, stalled(app, referee, scene)
        referee.pump()
        if not referee.paused:
            referee.match.advance()
        app_frame(app)
        if rng and app.stack.top is scene and scene.table.my_turn and scene.ready_to_play():
            scene.play(rng.choice(scene.table.legal))


STALL = 60.0  # seconds without a move on either side that make a stall
NETWORK_FDS = ("socket:", "anon_inode:[eventpoll]")  # sockets, and the event polls of loops


def open_fds() -> dict[str, str]:
    """This process's open file descriptors and what each is (``/proc/self/fd``, Linux)."""
    held = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            held[fd] = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:  # closed while listed
            continue
    return held


def stalled(app: Any, referee: Referee, scene: Any) -> str:
    """What each side holds when nothing moves: the evidence a stall is read from."""
    table, board, phase = scene.table, scene.board, referee.match.phase
    host_at = len(referee.match.state.history)
    return (
        f"stalled: the guest's screen says {scene.status_text()!r}; it holds position"
        f" {(table.index, table.revision)} ({table.phase}, to move {table.to_move}, legal"
        f" {table.legal}, waiting {table.waiting}), answering {table.answering}, pending"
        f" {scene.pending}, animating {board is not None and board.is_animating()}, top"
        f" {type(app.stack.top).__name__}, connection {scene.client.status}, last refusals"
        f" {[d.fields for d in table.denied[-2:]]}; the host is at {host_at}"
        f" (revision {referee.match.revision}, {phase.kind} of {phase.player}), paused"
        f" {referee.paused}, sessions {referee.sessions}"
    )


def finished(referee: Referee, guests: list[GuestPlayer]) -> Callable[[], bool]:
    return lambda: referee.match.is_over and all(g.table.returns is not None for g in guests)


__all__ = [
    "HUMAN",
    "NETWORK_FDS",
    "finished",
    "guest",
    "hosted",
    "open_fds",
    "play_through_relay",
    "run_until",
    "screen_frames",
]
