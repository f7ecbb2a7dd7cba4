"""Runs the AI in separate processes so the window keeps drawing while it thinks.

The UI polls every frame, so nothing here blocks: ``request`` sends a pickled state and returns a
ticket, ``poll`` hands back finished moves. ``cancel`` (undo, quit) stops the thinking at once by
terminating the processes; the next request starts fresh ones. If every process dies, times out
or fails, or the answer is not a legal move, the move is the heuristic policy's, computed here
in a moment, and the answer says so (``AIMove.fell_back``) so the UI can tell the player.

**Root-parallel search** (DESIGN.md, "All cores"): a search fans out over one process per core,
up to ``MAX_PROCESSES`` (the UI process mostly sleeps while the AI thinks). Each process
searches the same position on its own seed, so with its own determinizations; each gets the
level's clock and a share of its iteration cap, so a level spends the same effort, sooner, or
more within its clock. The root statistics are added up (``ai.mcts.combine``) and the most
visited move is played. A process that dies costs only its share; the move falls back only when
none answers. Levels that do not search (Easy) ask one process.

The processes use the "spawn" start method: the same on every platform and the one that works
inside a PyInstaller one-file bundle (``multiprocessing.freeze_support()`` comes first in main).
Between requests each process keeps one agent per (game, budget), so a search tree carries over
from move to move. A process whose parent dies (the app killed) exits at once and quietly.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import pickle
import random
import threading
import time
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess

from ai.agents import Agent, SearchAgent, agent_for, budget_for, obvious_move
from ai.budgets import Budget
from ai.heuristics import HEURISTICS
from ai.mcts import SearchResult, combine
from game.engines.base import State

TIMEOUT_MARGIN = 2.0  # seconds allowed beyond the level's own budget
STARTUP_ALLOWANCE = 15.0  # extra seconds for a fresh process: interpreter start, imports, unpacking
CLOSE_WAIT = 1.0  # seconds a closing process gets to leave on its own
SEED_STRIDE = 1_000_003  # process i of a search searches on seed * SEED_STRIDE + i
# Root parallelism's returns shrink with each process (every one re-learns the top of the tree)
# while each costs an interpreter's memory, so a many-core machine uses a few.
MAX_PROCESSES = 4
# The processes run this much nicer than the app: on two cores two searching processes and the
# UI compete, and a frame (~3 ms of work) waiting behind a search slice missed 60 fps. The UI
# now gets a core when it wakes; the search loses only that (on a quiet machine) and keeps
# every core. Where there is no os.nice (Windows) the processes run at the app's priority.
NICENESS = 5


def available_cores() -> int:
    """The cores this process may run on (the affinity mask where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class AIMove(tuple[int, int]):
    """A worker's answer, ``(ticket, action)``. ``fell_back`` is True when the worker failed and
    the action is the quick heuristic move instead of the level's own; ``iterations`` counts the
    search iterations of all processes together (0 without a search); ``line`` is the mover's
    whole move as the search sees it (``SearchResult.line``: a card and its flag), starting with
    ``action``; ``values`` the search's mean return of each root move it tried (hints, review)."""

    fell_back: bool
    iterations: int
    line: tuple[int, ...]
    values: dict[int, float]

    def __new__(
        cls,
        ticket: int,
        action: int,
        fell_back: bool = False,
        iterations: int = 0,
        line: tuple[int, ...] = (),
        values: dict[int, float] | None = None,
    ) -> AIMove:
        move = super().__new__(cls, (ticket, action))
        move.fell_back = fell_back
        move.iterations = iterations
        move.line = line or (action,)
        move.values = values or {}
        return move

    @property
    def ticket(self) -> int:
        return self[0]

    @property
    def action(self) -> int:
        return self[1]


@dataclass
class _Request:
    ticket: int
    game_id: str
    seed: int
    state: State
    deadline: float  # time.monotonic() after which the worker is given up
    waiting: list[int]  # indices of the processes yet to answer
    results: list[SearchResult] = field(default_factory=list)
    action: int | None = None  # a policy level's answer


@dataclass
class _Process:
    process: BaseProcess
    conn: Connection


class AIWorker:
    """AI processes serving one request at a time (a new request replaces an unanswered one)."""

    def __init__(
        self,
        *,
        timeout_margin: float = TIMEOUT_MARGIN,
        startup_allowance: float = STARTUP_ALLOWANCE,
        processes: int | None = None,
    ) -> None:
        """``processes``: how many processes a search fans out over (default: one per core, at
        most MAX_PROCESSES)."""
        self.timeout_margin = timeout_margin
        self.startup_allowance = startup_allowance
        if processes is None:
            processes = min(available_cores(), MAX_PROCESSES)
        self.processes = max(1, processes)
        self._context = multiprocessing.get_context("spawn")
        self._pool: list[_Process | None] = [None] * self.processes
        self._next_ticket = 1
        self._pending: _Request | None = None
        self._answered: list[AIMove] = []

    @property
    def pid(self) -> int | None:
        """The first process's id while it runs (tests use it to kill the worker)."""
        first = self._pool[0]
        return None if first is None else first.process.pid

    @property
    def pids(self) -> list[int]:
        """The ids of every running process."""
        return [p.process.pid for p in self._pool if p is not None and p.process.pid is not None]

    def request(
        self, game_id: str, level: str, seed: int, state: State, *, budget: Budget | None = None
    ) -> int:
        """Ask for a move for the player to move in ``state`` (already determinized for them).
        ``budget`` replaces the level's (benches)."""
        if budget is None:
            budget = budget_for(game_id, level)  # raises ValueError for an unknown level
        if self._pending is not None:
            self.cancel()
        ticket = self._next_ticket
        self._next_ticket += 1
        # A lone legal move is answered here; the heuristic's automatic move is worked out by
        # the processes, since it may be a search of its own (Flink's cell: 5-35 ms) and this
        # runs in the UI thread, inside a frame.
        forced = obvious_move(None, state)
        if forced is not None:
            self._answered.append(AIMove(ticket, forced))
            return ticket
        payload = _encode(state)
        allowance = self.timeout_margin + (budget.seconds or 0.0)
        count = self.processes if budget.search else 1
        if budget.search and budget.iterations:
            budget = replace(budget, iterations=math.ceil(budget.iterations / count))
        if self._start(count):
            allowance += self.startup_allowance
        self._pending = _Request(
            ticket, game_id, seed, state, time.monotonic() + allowance, list(range(count))
        )
        for index in range(count):
            worker = self._pool[index]
            assert worker is not None
            # A process that died since the last request cannot be written to; poll() notices.
            with contextlib.suppress(OSError):
                worker.conn.send((ticket, game_id, budget, seed * SEED_STRIDE + index, payload))
        return ticket

    def poll(self) -> AIMove | None:
        """A finished move, or None while thinking or idle. Never blocks."""
        if self._answered:
            return self._answered.pop(0)
        pending = self._pending
        if pending is None:
            return None
        for index in list(pending.waiting):
            worker = self._pool[index]
            assert worker is not None
            try:
                if not worker.conn.poll():
                    if worker.process.is_alive():
                        continue
                    raise EOFError  # died without a word
                _ticket, action, result, error = worker.conn.recv()
            except (EOFError, OSError):
                self._stop(index)
                pending.waiting.remove(index)
                continue
            pending.waiting.remove(index)
            if error is None and result is not None:
                pending.results.append(result)
            elif error is None:
                pending.action = action
        if pending.waiting and time.monotonic() <= pending.deadline:
            return None
        for index in pending.waiting:  # too slow: given up
            self._stop(index)
        self._pending = None
        line: tuple[int, ...] = ()
        values: dict[int, float] = {}
        if pending.results:
            best = combine(pending.results)
            action, iterations, line, values = best.action, best.iterations, best.line, best.values
        else:
            action, iterations = pending.action, 0
        if action is None or pending.state.illegal_reason(action) is not None:
            return self._fall_back(pending)
        return AIMove(pending.ticket, action, iterations=iterations, line=line, values=values)

    def cancel(self) -> None:
        """Forget the outstanding request; if the processes are thinking, stop them."""
        self._answered.clear()
        if self._pending is not None:
            self._pending = None
            for index in range(self.processes):
                self._stop(index)

    def close(self) -> None:
        """Shut the processes down (the worker starts new ones if asked again)."""
        self.cancel()
        for worker in self._pool:
            if worker is not None:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
        for index, worker in enumerate(self._pool):
            if worker is not None:
                worker.process.join(CLOSE_WAIT)
                self._stop(index)

    # --- internals -------------------------------------------------------------------------------
    def _start(self, count: int) -> bool:
        """Make sure the first ``count`` processes run (replacing dead ones); True if any was
        started."""
        started = False
        for index in range(count):
            worker = self._pool[index]
            if worker is not None and not worker.process.is_alive():
                self._stop(index)  # died while idle: replace it rather than fall back
                worker = None
            if worker is None:
                parent, child = self._context.Pipe()
                process = self._context.Process(
                    target=_serve, args=(child,), name=f"five-fronts-ai-{index}", daemon=True
                )
                process.start()
                child.close()
                self._pool[index] = _Process(process, parent)
                started = True
        return started

    def _stop(self, index: int) -> None:
        worker = self._pool[index]
        if worker is None:
            return
        if worker.process.is_alive():
            worker.process.terminate()
        worker.process.join(CLOSE_WAIT)
        worker.process.close()
        worker.conn.close()
        self._pool[index] = None

    def _fall_back(self, request: _Request) -> AIMove:
        self._pending = None
        action = quick_move(request.game_id, request.state, request.seed)
        return AIMove(request.ticket, action, fell_back=True)


def quick_move(game_id: str, state: State, seed: int) -> int:
    """The heuristic policy's move (a random legal one for a game without a heuristic)."""
    rng = random.Random(seed)
    heuristic = HEURISTICS.get(game_id)
    if heuristic is None:
        return rng.choice(state.legal_actions())
    return heuristic.policy(state, rng)


def _encode(state: State) -> bytes:
    """The state as sent to the processes."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def _exit_with_parent() -> None:
    """Leave at once, quietly, when the parent process is gone (the app was killed): a search
    would only finish for nobody and then fail to send its answer."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    wait([parent.sentinel])
    os._exit(0)


def _serve(conn: Connection) -> None:
    """A worker process: answer requests until told to stop or the parent goes away."""
    threading.Thread(target=_exit_with_parent, name="parent-watch", daemon=True).start()
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICENESS)
    agents: dict[tuple[str, Budget], Agent] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        ticket, game_id, budget, seed, payload = message
        answer: tuple[int, int | None, SearchResult | None, str | None]
        try:
            state = pickle.loads(payload)
            agent = agents.get((game_id, budget))
            if agent is None:
                agent = agents[game_id, budget] = agent_for(game_id, budget, seed)
            agent.reseed(seed)
            automatic = obvious_move(HEURISTICS.get(game_id), state)
            if automatic is not None:  # nothing to think about
                answer = (ticket, automatic, None, None)
            elif isinstance(agent, SearchAgent):
                result = agent.analyse(state)
                answer = (ticket, result.action, result, None)
            else:
                answer = (ticket, agent.choose(state), None, None)
        except Exception as err:  # report, and let the parent fall back
            answer = (ticket, None, None, f"{type(err).__name__}: {err}")
        try:
            conn.send(answer)
        except OSError:  # the parent is gone: nobody to answer
            return
