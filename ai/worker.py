"""Runs the AI in a separate process so the window keeps drawing while it thinks.

The UI polls every frame, so nothing here blocks: ``request`` sends a pickled state and returns a
ticket, ``poll`` hands back finished moves. ``cancel`` (undo, quit) stops the thinking at once by
terminating the process; the next request starts a fresh one. If the process dies, times out or
answers nonsense, the move is the heuristic policy's, computed here in a moment, and the answer
says so (``AIMove.fell_back``) so the UI can tell the player.

The process uses the "spawn" start method: the same on every platform and the one that works
inside a PyInstaller one-file bundle (``multiprocessing.freeze_support()`` comes first in main).
Between requests the process keeps one agent per (game, level), so a search tree carries over
from move to move.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import pickle
import random
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from ai.agents import Agent, budget_for, make_agent, obvious_move
from ai.heuristics import HEURISTICS
from game.engines.base import State

TIMEOUT_MARGIN = 2.0  # seconds allowed beyond the level's own budget
STARTUP_ALLOWANCE = 15.0  # extra seconds for a fresh process: interpreter start, imports, unpacking
CLOSE_WAIT = 1.0  # seconds a closing process gets to leave on its own


class AIMove(tuple[int, int]):
    """A worker's answer, ``(ticket, action)``. ``fell_back`` is True when the worker failed and
    the action is the quick heuristic move instead of the level's own."""

    fell_back: bool

    def __new__(cls, ticket: int, action: int, fell_back: bool = False) -> AIMove:
        move = super().__new__(cls, (ticket, action))
        move.fell_back = fell_back
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


class AIWorker:
    """One AI process serving one request at a time (a new request replaces an unanswered one)."""

    def __init__(
        self,
        *,
        timeout_margin: float = TIMEOUT_MARGIN,
        startup_allowance: float = STARTUP_ALLOWANCE,
    ) -> None:
        self.timeout_margin = timeout_margin
        self.startup_allowance = startup_allowance
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._next_ticket = 1
        self._pending: _Request | None = None
        self._answered: list[AIMove] = []

    @property
    def pid(self) -> int | None:
        """The process id while a process runs (tests use it to kill the worker)."""
        return None if self._process is None else self._process.pid

    def request(self, game_id: str, level: str, seed: int, state: State) -> int:
        """Ask for a move for the player to move in ``state`` (already determinized for them)."""
        budget = budget_for(game_id, level)  # raises ValueError for an unknown level
        if self._pending is not None:
            self.cancel()
        ticket = self._next_ticket
        self._next_ticket += 1
        obvious = obvious_move(HEURISTICS.get(game_id), state)
        if obvious is not None:  # nothing to think about: answer without the process
            self._answered.append(AIMove(ticket, obvious))
            return ticket
        payload = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        allowance = self.timeout_margin + (budget.seconds or 0.0)
        if self._process is not None and not self._process.is_alive():
            self._stop()  # died while idle: replace it rather than fall back
        if self._process is None:
            self._start()
            allowance += self.startup_allowance
        assert self._conn is not None
        self._pending = _Request(ticket, game_id, seed, state, time.monotonic() + allowance)
        # A process that died since the last request cannot be written to; poll() falls back.
        with contextlib.suppress(OSError):
            self._conn.send((ticket, game_id, level, seed, payload))
        return ticket

    def poll(self) -> AIMove | None:
        """A finished move, or None while thinking or idle. Never blocks."""
        if self._answered:
            return self._answered.pop(0)
        pending = self._pending
        if pending is None:
            return None
        assert self._conn is not None and self._process is not None
        try:
            if self._conn.poll():
                ticket, action, error = self._conn.recv()  # only one request is ever out
                self._pending = None
                if error is None and pending.state.illegal_reason(action) is None:
                    return AIMove(ticket, action)
                return self._fall_back(pending)
        except (EOFError, OSError):
            self._stop()
            return self._fall_back(pending)
        if not self._process.is_alive() or time.monotonic() > pending.deadline:
            self._stop()
            return self._fall_back(pending)
        return None

    def cancel(self) -> None:
        """Forget the outstanding request; if the process is thinking, stop it."""
        self._answered.clear()
        if self._pending is not None:
            self._pending = None
            self._stop()

    def close(self) -> None:
        """Shut the process down (the worker starts a new one if asked again)."""
        self.cancel()
        if self._process is None or self._conn is None:
            return
        with contextlib.suppress(OSError):
            self._conn.send(None)
        self._process.join(CLOSE_WAIT)
        self._stop()

    # --- internals -------------------------------------------------------------------------------
    def _start(self) -> None:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(child,), name="five-fronts-ai", daemon=True
        )
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def _stop(self) -> None:
        self._pending = None
        if self._process is not None:
            if self._process.is_alive():
                self._process.terminate()
            self._process.join(CLOSE_WAIT)
            self._process.close()
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None

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


def _serve(conn: Connection) -> None:
    """The worker process: answer requests until told to stop or the parent goes away."""
    agents: dict[tuple[str, str], Agent] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        ticket, game_id, level, seed, payload = message
        try:
            state = pickle.loads(payload)
            agent = agents.get((game_id, level))
            if agent is None:
                agent = agents[game_id, level] = make_agent(game_id, level, seed)
            agent.reseed(seed)
            conn.send((ticket, agent.choose(state), None))
        except Exception as err:  # report, and let the parent fall back
            conn.send((ticket, None, f"{type(err).__name__}: {err}"))
