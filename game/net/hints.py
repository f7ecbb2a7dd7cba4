"""Hints for the guests, searched on the host from each guest's own information.

A guest has no state to search from, so the host searches for it — but only from what the guest
may know. The search starts from ``State.determinize(seat, rng)`` (every card the seat has not
seen re-dealt), and every random number of it comes from a seed made of the view the guest was
sent (:meth:`SeatView.key`: its observation and its log as worded for it). The host's own random
streams seed from the whole history, which holds chance outcomes the guest never saw; a hint
seeded from them could change with what the guest cannot see, and so tell it something. Two
hosts whose hidden cards differ but whose guest views agree give the guest the same hint.

Guest hints have their own AI client (the match's answers only its own tickets): one search at
a time, the asks queued, each answered once per position (asking again is answered from memory).
Its process is started when the first guest sits down, on a thread of its own (the host's frame
never waits for a process to start), and a search is asked for only once the process has loaded
the AI: the worker's clock runs from the ask, and a first hint searched on a clock that starting
the process ate was a weaker one (the card without its flag).
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.match import HINT_LEVEL, Match
from game.net.protocol import encode
from game.net.views import step_row
from game.words import words_of

if TYPE_CHECKING:
    from ai.budgets import Budget
    from game.engines.base import State

# Why a hint is refused (the ``hint`` message's ``code``; "" for a hint).
NOT_YOUR_TURN, STALE, PAUSED = "not_your_turn", "stale", "paused"
# Seconds the warm-up waits for the process to load the AI; past it a search is asked anyway
# (the worker falls back on its own if the process never answers).
LOAD_WAIT = 30.0


class HintClient(Protocol):
    """What the guest hints need of ``ai.worker.AIWorker`` (a fake in tests)."""

    def request(
        self, game_id: str, level: str, seed: int, state: State, *, budget: Budget | None = None
    ) -> int: ...
    def poll(self) -> Any: ...
    def close(self) -> None: ...
    def warm_up(self) -> None: ...
    def ready(self) -> bool: ...


@dataclass
class Ask:
    """A guest's ask for the position (``index``, ``revision``), seeded by its view ``key``."""

    seat: int
    index: int
    revision: int
    key: str
    ticket: int | None = None
    state: State | None = field(default=None, repr=False)  # what the search started from


def hint_message(ask: Ask, code: str, line: tuple[int, ...] = (), steps: list | None = None) -> str:
    return encode(
        "hint",
        "host",
        index=ask.index,
        revision=ask.revision,
        code=code,
        line=list(line),
        steps=steps or [],
    )


class GuestHints:
    """The host's hint service for its remote seats. ``budget`` replaces the hint level's
    (tests: an untimed one, so a hint is reproducible from its seed). ``warm``: start the AI
    process when the first guest sits down (off for tables whose guests ask no hints: the
    self-test's bots, the tests' many tables); it starts at the first ask otherwise."""

    def __init__(
        self, client: HintClient | None = None, budget: Budget | None = None, *, warm: bool = True
    ) -> None:
        self._client = client
        self.budget = budget
        self.warm = warm
        self._asks: list[Ask] = []  # waiting, the one searched now first
        self._answers: dict[int, tuple[tuple[int, int], str]] = {}  # seat -> its last hint
        self._seated = False  # a guest has sat down at this table
        self._warming: threading.Thread | None = None  # starting the process; owns the client
        self._closing = threading.Event()

    def reset(self) -> None:
        """A new match at the table (a rematch): nothing asked or found carries over."""
        self._asks, self._answers = [], {}

    @property
    def busy(self) -> bool:
        """A hint is asked for or searched, or the process is starting: the AI client is the
        hints' (the coach waits)."""
        return bool(self._asks) or self._starting

    @property
    def _starting(self) -> bool:
        return self._warming is not None and self._warming.is_alive()

    def seated(self) -> None:
        """A guest sat down: start the AI process now (once a table), so that its first hint
        is searched on the level's whole clock."""
        if self.warm and not self._seated:
            self._seated = True
            self._warm()

    def _warm(self) -> None:
        """Start the process and wait for it to load the AI, on a thread (the client is the
        thread's until it ends)."""
        client = self.client
        self._warming = threading.Thread(
            target=self._warm_up, args=(client,), name="fivefronts-hint-warm-up", daemon=True
        )
        self._warming.start()

    def _warm_up(self, client: HintClient) -> None:
        client.warm_up()
        deadline = time.monotonic() + LOAD_WAIT
        while not client.ready() and time.monotonic() < deadline:
            if self._closing.wait(0.02):
                return

    def _available(self) -> bool:
        """Whether a search may be asked now: the process has loaded the AI (or the warm-up
        gave up waiting). A process not running (never started, or stopped by a search left
        behind) is started first."""
        if self._starting:
            return False
        if self._warming is not None:  # started, or given up waiting: the worker copes
            self._warming = None
            return True
        if self.client.ready():
            return True
        self._warm()
        return False

    @property
    def client(self) -> HintClient:
        if self._client is None:
            from ai.worker import AIWorker  # lazy: a table without hints never loads the AI

            self._client = AIWorker(processes=1)  # a hint must not take the host's cores
        return self._client

    def ask(self, ask: Ask, match: Match, paused: bool) -> str | None:
        """Take a guest's ask: the answer at once (a refusal, or the hint already found for
        that position), or None when it is queued for a search."""
        code = ""
        if paused:
            code = PAUSED
        elif (ask.index, ask.revision) != (len(match.state.history), match.revision):
            code = STALE
        elif match.to_move != ask.seat or not match.human_to_decide():
            code = NOT_YOUR_TURN
        if code:
            return hint_message(ask, code)
        position, message = self._answers.get(ask.seat, ((-1, -1), ""))
        if position == (ask.index, ask.revision):
            return message
        if not any(a.seat == ask.seat for a in self._asks):  # one at a time for each seat
            self._asks.append(ask)
        return None

    def pump(self, match: Match) -> list[tuple[int, str]]:
        """Start the next search and collect a finished one: (seat, message) to send."""
        position = (len(match.state.history), match.revision)
        # A position left behind (a move, an undo, a rematch) needs no hint any more.
        self._asks = [a for a in self._asks if (a.index, a.revision) == position]
        if not self._asks:
            return []
        ask = self._asks[0]
        if ask.ticket is None:
            if not self._available():
                return []
            rng = random.Random(f"{ask.key}:determinize")
            ask.state = match.state.determinize(ask.seat, rng)
            seed = random.Random(f"{ask.key}:hint").randrange(2**31)
            ask.ticket = self.client.request(
                match.game.id, HINT_LEVEL, seed, ask.state, budget=self.budget
            )
        out: list[tuple[int, str]] = []
        while (answer := self.client.poll()) is not None:
            if answer[0] != ask.ticket:
                continue
            self._asks.pop(0)
            action = int(answer[1])
            line = tuple(getattr(answer, "line", ())) or (action,)
            if line[0] != action:
                line = (action,)
            assert ask.state is not None
            steps = words_of(match.game.id).move_steps(ask.state, line, ask.seat)
            message = hint_message(ask, "", line[: len(steps)], [step_row(s) for s in steps])
            self._answers[ask.seat] = ((ask.index, ask.revision), message)
            out.append((ask.seat, message))
            break
        return out

    def close(self) -> None:
        self._closing.set()
        if self._warming is not None:
            self._warming.join()
            self._warming = None
        if self._client is not None:
            self._client.close()
