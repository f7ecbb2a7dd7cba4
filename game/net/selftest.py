"""``fivefronts --selftest --network``: every game played between two processes over loopback.

This process hosts (its seats the Easy AI through the real AI worker, one remote seat — two in
Tsuno Senki); each guest is a second ``fivefronts`` process started with ``--join CODE --bot
SEED``, which plays random legal moves from its own view only (it has no state to think with)
and prints what it ended on: its seat, the returns and a digest of its log. Both sides must
agree: the same result, and the guest's log exactly the log the host words for that seat.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
from typing import Any

from game.engines import GAMES
from game.match import HUMAN, Match
from game.net.headless import GuestPlayer, host_step, random_chooser
from game.net.hints import GuestHints
from game.net.host import HostServer
from game.net.referee import Referee
from game.net.views import SeatView

LEVEL = "easy"
TIMEOUT = 240.0  # seconds per game


def log_digest(rows: list[Any]) -> str:
    """One hash of a log as sent on the wire (each step as ``views.step_row``)."""
    text = json.dumps(rows, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fivefronts_command() -> list[str]:
    """How to start this program again: the executable itself, or ``python -m game``."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "game"]


def run(game_ids: list[str]) -> int:
    from ai.worker import AIWorker

    worker = AIWorker(processes=1)
    failures = 0
    try:
        for game_id in game_ids:
            ok, line = _one(game_id, worker)
            failures += not ok
            print(f"{game_id} over the network: {'ok' if ok else 'FAILED'} {line}", flush=True)
    finally:
        worker.close()
    return 1 if failures else 0


def _one(game_id: str, worker: Any) -> tuple[bool, str]:
    game = GAMES[game_id]
    remote = {0, 2} if game_id == "tsuno" else {0}
    seats = [HUMAN if i in remote else LEVEL for i in range(3 if game_id == "tsuno" else 2)]
    match = Match(game, seats, seed=1, client=worker, remote=frozenset(remote))
    referee = Referee(match, HostServer(sorted(remote)), GuestHints(warm=False))  # bots ask none
    invite = referee.start()
    started = time.monotonic()
    guests = [
        subprocess.Popen(
            [*fivefronts_command(), "--join", str(invite), "--name", f"Guest {i}", "--bot", str(i)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in sorted(remote)
    ]
    try:
        while not (match.is_over and all(g.poll() is not None for g in guests)):
            if time.monotonic() - started > TIMEOUT:
                return False, f"timed out after {len(match.moves)} moves"
            host_step(referee)
            time.sleep(0.002)
        reports = [_report(g) for g in guests]
    finally:
        for g in guests:
            if g.poll() is None:
                g.kill()
        referee.stop()
    for report in reports:
        if "error" in report:
            return False, f"a guest failed: {report['error']}"
        seat = report["seat"]
        view = SeatView(match, seat)
        view.message(match, referee.wire_names(), referee.wire_kinds())
        returns = match.state.returns()
        if report["returns"] != returns:
            return False, f"seat {seat} ended on {report['returns']}, the host on {returns}"
        if report["log"] != log_digest(view.sent):
            return False, f"seat {seat}'s log differs from the host's log for that seat"
    seconds = time.monotonic() - started
    return (
        True,
        f"{len(match.moves)} moves, {len(guests)} guest process(es) agree ({seconds:.1f} s)",
    )


def _report(process: subprocess.Popen) -> dict:
    out, err = process.communicate(timeout=10)
    lines = out.strip().splitlines()
    try:
        return dict(json.loads(lines[-1]))
    except (IndexError, ValueError):
        return {"error": (err.strip().splitlines() or ["no report"])[-1]}


def bot_guest(code: str, name: str, seed: int) -> int:
    """``--join CODE --bot SEED``: play a networked match headless, random legal moves from the
    guest's own view, then print what it ended on as one JSON line."""
    from game.net.guest import GuestClient
    from game.net.invite import Invite, InviteError
    from game.net.views import step_row

    try:
        invite = Invite.parse(code)
    except InviteError as err:
        print(json.dumps({"error": str(err)}))
        return 2
    client = GuestClient(invite, name)
    client.start()
    player = GuestPlayer(client, random_chooser(seed))
    deadline = time.monotonic() + TIMEOUT
    while not player.done and time.monotonic() < deadline:
        player.step()
        time.sleep(0.002)
    table = player.table
    if table.returns is None:
        client.stop()
        print(json.dumps({"error": client.closed_reason or "the match did not end in time"}))
        return 1
    client.leave("over")
    digest = log_digest([step_row(s) for s in table.log])
    print(json.dumps({"seat": table.seat, "returns": table.returns, "log": digest}))
    return 0
