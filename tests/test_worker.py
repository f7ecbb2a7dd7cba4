"""The AI worker process: answers with legal moves, can be cancelled, falls back when it fails."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

import ai.worker
from ai.heuristics import HEURISTICS
from ai.worker import AIMove, AIWorker, quick_move
from game.engines import GAMES
from game.engines.base import CHANCE, State
from game.engines.battleline.actions import DONE, claim_action
from tests.test_battleline_support import play, position

WAIT = 30.0  # seconds a test waits for an answer before failing


def _decision(seed: int = 0) -> State:
    """A Flat Front position where the player to move has a real choice."""
    rng = random.Random(seed)
    state = GAMES["flatfront"].new_state()
    while state.current_player() == CHANCE or len(state.legal_actions()) == 1:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def _wait(worker: AIWorker) -> AIMove:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        answer = worker.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("the worker never answered")


@pytest.fixture
def worker() -> Iterator[AIWorker]:
    worker = AIWorker(processes=2)
    yield worker
    worker.close()


def test_answers_with_a_legal_move(worker: AIWorker) -> None:
    state = _decision()
    ticket = worker.request("flatfront", "easy", 1, state)
    answer = _wait(worker)
    assert answer == (ticket, answer.action) and answer.ticket == ticket
    assert answer.action in state.legal_actions()
    assert not answer.fell_back
    # The process stays up and serves the next request, a search this time.
    ticket = worker.request("flatfront", "hint", 2, state)
    answer = _wait(worker)
    assert answer.ticket == ticket and answer.action in state.legal_actions()
    assert not answer.fell_back


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
def test_ready_once_every_process_has_loaded_the_ai(worker: AIWorker) -> None:
    """``ready`` (the guests' hints wait for it) is True only once the processes said they
    loaded the AI; their first word does not get in the way of the answers."""
    assert not worker.ready()  # nothing started
    worker.warm_up()
    deadline = time.monotonic() + WAIT
    while not worker.ready():
        assert time.monotonic() < deadline, "the processes never said they were ready"
        time.sleep(0.01)
    state = _decision()
    ticket = worker.request("flatfront", "easy", 1, state)
    answer = _wait(worker)
    assert answer.ticket == ticket and not answer.fell_back and worker.ready()


class _LateWord:
    """A pipe whose every other ``poll`` says nothing has come yet: a process's first word
    (``LOADED``) arriving just after one look and before the next."""

    def __init__(self, conn: object) -> None:
        self.conn, self.looks = conn, 0

    def poll(self) -> bool:
        self.looks += 1
        return self.looks % 2 == 0 and self.conn.poll()  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self.conn, name)


def test_a_first_word_that_comes_late_is_not_taken_for_an_answer(worker: AIWorker) -> None:
    state = _decision()
    ticket = worker.request("flatfront", "easy", 1, state)
    started = [process for process in worker._pool if process is not None]
    assert started
    for process in started:
        process.conn = _LateWord(process.conn)  # type: ignore[assignment]
    answer = _wait(worker)
    assert (
        answer.ticket == ticket and not answer.fell_back and answer.action in state.legal_actions()
    )


def test_the_processes_yield_the_cores_to_the_ui(worker: AIWorker) -> None:
    """They run nicer than the app, so a frame never waits behind a search slice."""
    worker.request("flatfront", "easy", 1, _decision())
    _wait(worker)
    app = os.getpriority(os.PRIO_PROCESS, 0)
    assert worker.pid is not None
    assert os.getpriority(os.PRIO_PROCESS, worker.pid) == min(19, app + ai.worker.NICENESS)


def test_poll_does_not_block(worker: AIWorker) -> None:
    assert worker.poll() is None  # idle
    worker.request("flatfront", "hard", 1, _decision())
    start = time.perf_counter()
    assert worker.poll() is None  # thinking
    assert time.perf_counter() - start < 0.1  # not the 3 s search; slack for a busy machine


def test_a_forced_move_needs_no_process(worker: AIWorker) -> None:
    state = GAMES["flatfront"].new_state()
    state.apply_action(state.legal_actions()[0])  # the first tile must go to the centre
    ticket = worker.request("flatfront", "hard", 1, state)
    assert worker.poll() == (ticket, state.legal_actions()[0])
    assert worker.pid is None


def test_an_automatic_move_is_worked_out_by_a_process_without_a_search(
    worker: AIWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Battle Line's claim of a provable flag is the heuristic's automatic move; it is found in
    a process, since an automatic move may take a frame's time or more (Flink's cell), and the
    UI thread that asks must not run it."""
    state = position(("P1", "B1"), {3: ("R8 R9 R10", "")})
    play(state, "P1", 8)
    assert state.legal_actions() == [claim_action(3), DONE]

    def not_here(_state: State) -> int | None:
        raise AssertionError("the automatic move was worked out in the UI thread")

    monkeypatch.setattr(HEURISTICS["battleline"], "auto_action", not_here)
    ticket = worker.request("battleline", "hard", 1, state)
    answer = _wait(worker)
    assert answer == (ticket, claim_action(3)) and answer.iterations == 0
    assert not answer.fell_back


def test_cancel_stops_the_thinking(worker: AIWorker) -> None:
    state = _decision()
    worker.request("flatfront", "hard", 1, state)
    pid = worker.pid
    assert pid is not None
    worker.cancel()
    assert worker.poll() is None
    assert worker.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # the process is gone
    ticket = worker.request("flatfront", "easy", 2, state)  # a new process on demand
    assert _wait(worker).ticket == ticket


def test_falls_back_when_every_process_is_killed(worker: AIWorker) -> None:
    state = _decision()
    ticket = worker.request("flatfront", "hard", 1, state)
    assert worker.pids
    for pid in worker.pids:
        os.kill(pid, signal.SIGKILL)
    answer = _wait(worker)
    assert answer.ticket == ticket and answer.fell_back
    assert answer.action in state.legal_actions()


def test_a_search_fans_out_and_survives_losing_a_process() -> None:
    """Two processes search the same position; one killed, the other's search still answers."""
    worker = AIWorker(processes=2)
    try:
        state = _decision()
        worker.request("flatfront", "hint", 1, state)
        answer = _wait(worker)
        assert len(worker.pids) == 2 and not answer.fell_back
        ticket = worker.request("flatfront", "hint", 2, state)
        os.kill(worker.pids[1], signal.SIGKILL)
        answer = _wait(worker)
        assert answer.ticket == ticket and not answer.fell_back and answer.iterations > 0
        assert answer.action in state.legal_actions()
    finally:
        worker.close()


def test_an_illegal_answer_falls_back_to_the_heuristic_move(
    worker: AIWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process is sent a later position whose moves are none of the asked one's, so its
    answer is illegal; the answer must be the heuristic policy's move instead."""
    state = _decision()
    later = state.clone()
    while (
        later.current_player() == CHANCE
        or len(later.legal_actions()) == 1
        or not set(later.legal_actions()).isdisjoint(state.legal_actions())
    ):
        later.apply_action(later.legal_actions()[0])
    monkeypatch.setattr(ai.worker, "_encode", lambda _state: ai.worker.pickle.dumps(later))
    ticket = worker.request("flatfront", "easy", 5, state)
    answer = _wait(worker)
    assert answer.ticket == ticket and answer.fell_back
    assert answer.action == quick_move("flatfront", state, 5)
    assert answer.action in state.legal_actions()


_ORPHANING_PARENT = """
import sys, time
from ai.worker import AIWorker
from tests.test_worker import _decision, _wait

worker = AIWorker(processes=2)
worker.request("flatfront", "hint", 1, _decision())
_wait(worker)  # both processes are up and serving
worker.request("flatfront", "hard", 1, _decision())
print(*worker.pids, flush=True)
time.sleep(60)
"""


def _gone(pid: int) -> bool:
    """Exited (a zombie waiting for a reaper counts as exited)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads process states from /proc")
def test_processes_leave_quietly_when_the_app_is_killed(tmp_path: Path) -> None:
    """Killing the app with -9 mid-search: its AI processes notice and exit at once, without a
    BrokenPipe traceback (they used to finish the search, then fail twice to answer)."""
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as stderr:
        parent = subprocess.Popen(
            [sys.executable, "-c", _ORPHANING_PARENT],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            cwd=Path(__file__).resolve().parent.parent,
        )
        assert parent.stdout is not None
        pids = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(pids) == 2
        time.sleep(0.3)  # searching
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 1.5  # the hard search would take 3 s more
        while not all(_gone(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(_gone(pid) for pid in pids)
    time.sleep(0.2)
    assert "Traceback" not in errors.read_text()


def test_falls_back_when_the_process_is_too_slow() -> None:
    # A deadline no process can meet: 0.05 s for a 1 s search, no allowance to start up.
    worker = AIWorker(timeout_margin=-0.95, startup_allowance=0.0, processes=2)
    try:
        state = _decision()
        ticket = worker.request("flatfront", "normal", 1, state)
        answer = _wait(worker)
        assert answer.ticket == ticket and answer.fell_back
        assert answer.action in state.legal_actions()
        assert worker.pid is None  # the slow process was stopped
    finally:
        worker.close()


def test_close_ends_the_process() -> None:
    worker = AIWorker(processes=2)
    worker.request("flatfront", "easy", 1, _decision())
    _wait(worker)
    pid = worker.pid
    assert pid is not None
    worker.close()
    assert worker.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def _deaf_serve(conn: Connection) -> None:
    """A process that ignores SIGTERM (stuck in native code, or a signal handler swallowed it)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    ai.worker._serve(conn)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
@pytest.mark.parametrize("stop", ["cancel", "close"])
def test_a_process_deaf_to_sigterm_is_killed_and_nothing_raises(stop: str) -> None:
    """Undo and quit (``cancel``) and closing the window (``close``) while the AI thinks leave
    no process behind, even one that ignores SIGTERM (``Process.close`` on a live process used
    to raise "Cannot close a process while it is still running")."""
    worker = AIWorker(processes=2, serve=_deaf_serve)
    worker.request("flatfront", "hint", 1, _decision())
    _wait(worker)  # both processes are up, with SIGTERM ignored
    worker.request("flatfront", "hard", 1, _decision())
    pids = worker.pids
    assert len(pids) == 2
    time.sleep(0.2)  # thinking
    getattr(worker, stop)()
    assert worker.pids == [] and worker.poll() is None
    assert all(_gone(pid) for pid in pids)
    worker.close()
