"""Runs the AI in separate processes so the window keeps drawing while it thinks.

The UI polls every frame, so nothing here blocks: ``request`` sends a pickled state and returns a
ticket, ``poll`` hands back finished moves. ``cancel`` (undo, quit) stops the thinking at once by
stopping the processes (terminated, killed after a grace period; it never raises); the next
request starts fresh ones. If every process dies or hangs, or the answer is not a legal move, the
move is the heuristic policy's, computed here in a moment, and the answer says so
(``AIMove.fell_back``) so the UI can tell the player.

**The same agent as in process** (DESIGN.md, "Measured on the shipped path"): each process keeps
one agent per (game, budget, seat), made by ``ai.agents.agent_for`` as ``make_agent`` makes it,
and answers with its ``decide``: the whole-turn clock, the early stop, the caps, the tree carried
from decision to decision, and Hard's checked policies on that clock too. The clock starts when
the app asks (``request``), not when a process gets round to it: the time to hand the position
over, or to start a process, is spent from the turn's clock (``waited``), so a busy machine
makes a search shorter, never a turn longer, and the answer is the best move found so far.

**Root-parallel** (DESIGN.md, "All cores"): a search or a check fans out over one process per
core but one (at least one), so the window keeps a core. Each process thinks about the same
position on its own seed (its own determinizations and rollouts) on the same turn clock (they
see the same decisions, so their clocks allot the same shares); an iteration budget (untimed)
and a check's rollouts are shared out among them. Once per decision their statistics are added
up (``ai.mcts.combine``, ``ai.checked.merge``) and the sum chooses the move; a check's merged
choice is handed back with the next request (``adopt``), so the turn's later decisions follow
the plan played. A process that dies costs only its share; the move falls back only when none
answers. Levels that neither search nor check (Easy) ask one process.

The processes use the "spawn" start method: the same on every platform and the one that works
inside a PyInstaller one-file bundle (``multiprocessing.freeze_support()`` comes first in main).
``warm_up`` starts them before the first request (a match is opening); ``ready`` says when every
one has loaded the AI code (a search asked then spends none of its clock on start-up). A process
whose parent dies (the app killed) exits at once and quietly.
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
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess

from ai.agents import (
    Decision,
    PolicyAgent,
    SearchAgent,
    action_of,
    agent_for,
    budget_for,
    obvious_move,
)
from ai.budgets import Budget
from ai.checked import Checked, merge
from ai.heuristics import HEURISTICS
from ai.mcts import SearchResult, combine
from game.engines.base import State

# Seconds a live process may stay silent past the turn's clock before it counts as hung. Its
# thinking is bounded by the clock already, so only a starved process answers late: a busy
# machine (other programs at a higher priority than our nice processes) must delay the answer,
# not replace it with the fallback's move.
TIMEOUT_MARGIN = 20.0
STARTUP_ALLOWANCE = 15.0  # extra seconds for a fresh process: interpreter start, imports, unpacking
GRACE = 1.0  # seconds a stopped process gets to leave on its own before it is killed
# Seconds of a turn's clock kept back for its last answer's way to the board (pickled, sent, and
# read at the UI's next frame), so that the turn the player sees keeps the level's clock.
HAND_BACK = 0.03
LOADED = "loaded"  # a new process's first word: it has imported the AI and is ready
SEED_STRIDE = 1_000_003  # process i of a search searches on seed + i * SEED_STRIDE
# The processes run this much nicer than the app: a frame (~3 ms of work) waiting behind a
# search slice missed 60 fps. The UI gets a core when it wakes. Where there is no os.nice
# (Windows) the processes run at the app's priority.
NICENESS = 5


def available_cores() -> int:
    """The cores this process may run on (the affinity mask where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def search_processes() -> int:
    """How many processes a search fans out over: every core but one, so the window keeps one
    (at least one). No upper cap: root parallelism's returns shrink with each process (each
    re-learns the top of the tree), but no measurement has shown where they stop paying for a
    core (the old cap of 4 had none); ``make bench`` reports the speed-up of 2 over 1."""
    return max(1, available_cores() - 1)


class AIMove(tuple[int, int]):
    """A worker's answer, ``(ticket, action)``. ``fell_back`` is True when the worker failed and
    the action is the quick heuristic move instead of the level's own; ``iterations`` counts the
    search iterations (or a check's rollouts of each candidate) of all processes together (0
    without either); ``line`` is the mover's whole move as the search sees it
    (``SearchResult.line``: a card and its flag), starting with ``action``; ``values`` the
    search's mean return of each root move it tried (hints, review)."""

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
    budget: Budget  # as sent to each process
    seed: int
    state: State
    deadline: float  # time.monotonic() after which an unanswered process counts as hung
    waiting: list[int]  # indices of the processes yet to answer
    decisions: list[Decision] = field(default_factory=list)


@dataclass
class _Process:
    process: BaseProcess
    conn: Connection
    loaded: bool = False  # it has said so (``LOADED``): the AI code is imported
    served: bool = False  # it has answered once: started up and imported everything


Serve = Callable[[Connection], None]


class AIWorker:
    """AI processes serving one request at a time (a new request replaces an unanswered one)."""

    def __init__(
        self,
        *,
        timeout_margin: float = TIMEOUT_MARGIN,
        startup_allowance: float = STARTUP_ALLOWANCE,
        processes: int | None = None,
        seconds: float | None = None,
        serve: Serve | None = None,
    ) -> None:
        """``processes``: how many processes a search fans out over (default
        ``search_processes()``). ``seconds`` replaces every timed level's turn clock (tests
        and benches: a short clock). ``serve`` replaces the processes' loop (tests: one that
        ignores SIGTERM)."""
        self.timeout_margin = timeout_margin
        self.startup_allowance = startup_allowance
        self.processes = max(1, search_processes() if processes is None else processes)
        self.seconds = seconds
        self._serve = serve or _serve
        self._context = multiprocessing.get_context("spawn")
        self._pool: list[_Process | None] = [None] * self.processes
        self._next_ticket = 1
        self._pending: _Request | None = None
        self._answered: list[AIMove] = []
        # A check's merged choice, for the next decision of the same seat on the same budget.
        self._adopt: tuple[str, Budget, int, int] | None = None

    @property
    def pid(self) -> int | None:
        """The first process's id while it runs (tests use it to kill the worker)."""
        first = self._pool[0]
        return None if first is None else first.process.pid

    @property
    def pids(self) -> list[int]:
        """The ids of every running process."""
        return [p.process.pid for p in self._pool if p is not None and p.process.pid is not None]

    def warm_up(self) -> None:
        """Start every process now (a match is opening), so the first turn's clock is not spent
        starting them."""
        self._start(self.processes)

    def ready(self) -> bool:
        """Every process runs and has loaded the AI code: a request now gets its whole clock."""
        for worker in self._pool:
            if worker is None or not worker.process.is_alive():
                return False
            with contextlib.suppress(EOFError, OSError):  # a process that died: poll() sees it
                _take_loaded(worker)
            if not worker.loaded:
                return False
        return True

    def request(
        self, game_id: str, level: str, seed: int, state: State, *, budget: Budget | None = None
    ) -> int:
        """Ask for a move for the player to move in ``state`` (already determinized for them).
        ``budget`` replaces the level's (benches). The turn's clock runs from now."""
        asked = time.monotonic()
        if budget is None:
            budget = budget_for(game_id, level)  # raises ValueError for an unknown level
        if budget.seconds is not None:
            seconds = budget.seconds if self.seconds is None else self.seconds
            budget = replace(budget, seconds=max(0.0, seconds - HAND_BACK))
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
        count = self.processes if budget.search or budget.checks else 1
        budget = _share(budget, count)
        adopt = None
        if self._adopt is not None and self._adopt[:3] == (game_id, budget, state.current_player()):
            adopt = self._adopt[3]
        self._adopt = None
        fresh = self._start(count)
        allowance = self.timeout_margin + (budget.seconds or 0.0)
        if fresh or not all(p is not None and p.served for p in self._pool[:count]):
            allowance += self.startup_allowance
        self._pending = _Request(
            ticket, game_id, budget, seed, state, asked + allowance, list(range(count))
        )
        payload = _encode(state)
        for index in range(count):
            worker = self._pool[index]
            assert worker is not None
            message = (ticket, game_id, budget, seed + index * SEED_STRIDE, payload, asked, adopt)
            # A process that died since the last request cannot be written to; poll() notices.
            with contextlib.suppress(OSError):
                worker.conn.send(message)
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
                message = worker.conn.recv()
                if message == LOADED:  # a new process's first word: its answer comes after
                    worker.loaded = True
                    continue
                _ticket, decision, error = message
            except (EOFError, OSError):
                self._stop([index])
                pending.waiting.remove(index)
                continue
            pending.waiting.remove(index)
            worker.served = True
            if error is None:
                pending.decisions.append(decision)
        if pending.waiting and time.monotonic() <= pending.deadline:
            return None
        self._stop(pending.waiting)  # hung: given up (the others' answers still count)
        self._pending = None
        return self._answer(pending)

    def cancel(self) -> None:
        """Forget the outstanding request; if the processes are thinking, stop them."""
        self._answered.clear()
        self._adopt = None
        if self._pending is not None:
            self._pending = None
            self._stop(range(self.processes))

    def close(self) -> None:
        """Shut the processes down (the worker starts new ones if asked again). Never raises;
        no process outlives it."""
        self.cancel()
        for worker in self._pool:
            if worker is not None:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
        self._stop(range(self.processes), terminate=False)

    # --- internals -------------------------------------------------------------------------------
    def _answer(self, request: _Request) -> AIMove:
        """The processes' decisions added up into one move (or the fallback)."""
        searches = [d for d in request.decisions if isinstance(d, SearchResult)]
        checks = [d for d in request.decisions if isinstance(d, Checked)]
        if searches:
            best = combine(searches)
            if request.state.illegal_reason(best.action) is None:
                return AIMove(
                    request.ticket, best.action, False, best.iterations, best.line, best.values
                )
        elif checks:
            checked = merge(checks)
            seat = request.state.current_player()
            self._adopt = (request.game_id, request.budget, seat, checked.best)
            if request.state.illegal_reason(checked.action) is None:
                return AIMove(request.ticket, checked.action, iterations=checked.rollouts)
        elif request.decisions:
            action = action_of(request.decisions[0])
            if request.state.illegal_reason(action) is None:
                return AIMove(request.ticket, action)
        return self._fall_back(request)

    def _start(self, count: int) -> bool:
        """Make sure the first ``count`` processes run (replacing dead ones); True if any was
        started."""
        started = False
        for index in range(count):
            worker = self._pool[index]
            if worker is not None and not worker.process.is_alive():
                self._stop([index])  # died while idle: replace it rather than fall back
                worker = None
            if worker is None:
                parent, child = self._context.Pipe()
                process = self._context.Process(
                    target=_boot,
                    args=(self._serve, child),
                    name=f"five-fronts-ai-{index}",
                    daemon=True,
                )
                process.start()
                child.close()
                self._pool[index] = _Process(process, parent)
                started = True
        return started

    def _stop(self, indices: range | list[int], *, terminate: bool = True) -> None:
        """Stop these processes: asked to terminate (unless they were told to leave), given
        ``GRACE`` seconds together, then killed. Never raises."""
        workers = [(i, w) for i in indices if (w := self._pool[i]) is not None]
        if terminate:
            for _index, worker in workers:
                with contextlib.suppress(OSError, ValueError):
                    worker.process.terminate()
        deadline = time.monotonic() + GRACE
        for _index, worker in workers:
            with contextlib.suppress(OSError, ValueError):
                worker.process.join(max(0.0, deadline - time.monotonic()))
        for index, worker in workers:
            with contextlib.suppress(OSError, ValueError):
                if worker.process.is_alive():
                    worker.process.kill()  # ignored SIGTERM, or stuck: no process stays behind
                    worker.process.join(GRACE)
                worker.process.close()
            with contextlib.suppress(OSError):
                worker.conn.close()
            self._pool[index] = None

    def _fall_back(self, request: _Request) -> AIMove:
        action = quick_move(request.game_id, request.state, request.seed)
        return AIMove(request.ticket, action, fell_back=True)


def _share(budget: Budget, count: int) -> Budget:
    """One process's share of ``budget`` among ``count``: an untimed search's iterations and a
    check's rollouts are shared out; a clock is not (every process keeps the turn's clock)."""
    if count == 1:
        return budget
    if budget.search and budget.seconds is None and budget.iterations:
        return replace(budget, iterations=math.ceil(budget.iterations / count))
    if budget.checks:
        return replace(budget, checks=math.ceil(budget.checks / count))
    return budget


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


def _boot(serve: Serve, conn: Connection) -> None:
    """A new process: by now the AI code is loaded (unpickling ``serve`` imported this module and
    the AI with it), which its first word tells the app; then it serves."""
    with contextlib.suppress(OSError):
        conn.send(LOADED)
    serve(conn)


def _take_loaded(worker: _Process) -> None:
    """Read a new process's first word (``LOADED``) once it has come; it precedes every answer."""
    if not worker.loaded and worker.conn.poll():
        worker.conn.recv()
        worker.loaded = True


def _serve(conn: Connection) -> None:
    """A worker process: answer requests until told to stop or the parent goes away."""
    threading.Thread(target=_exit_with_parent, name="parent-watch", daemon=True).start()
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICENESS)
    agents: dict[tuple[str, Budget, int], PolicyAgent | SearchAgent] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        ticket, game_id, budget, seed, payload, asked, adopt = message
        answer: tuple[int, Decision | None, str | None]
        try:
            state = pickle.loads(payload)
            key = (game_id, budget, state.current_player())
            agent = agents.get(key)
            if agent is None:
                agent = agents[key] = agent_for(game_id, budget, seed)
            agent.reseed(seed)
            if adopt is not None and isinstance(agent, PolicyAgent):
                agent.adopt(adopt)
            # The clock started when the app asked; both read the system's monotonic clock.
            waited = max(0.0, time.monotonic() - asked)
            answer = (ticket, agent.decide(state, waited), None)
        except Exception as err:  # report, and let the parent fall back
            answer = (ticket, None, f"{type(err).__name__}: {err}")
        try:
            conn.send(answer)
        except OSError:  # the parent is gone: nobody to answer
            return
