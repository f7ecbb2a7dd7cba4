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
"""

from __future__ import annotations

import random
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


class HintClient(Protocol):
    """What the guest hints need of ``ai.worker.AIWorker`` (a fake in tests)."""

    def request(
        self, game_id: str, level: str, seed: int, state: State, *, budget: Budget | None = None
    ) -> int: ...
    def poll(self) -> Any: ...
    def close(self) -> None: ...


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
    (tests: an untimed one, so a hint is reproducible from its seed)."""

    def __init__(self, client: HintClient | None = None, budget: Budget | None = None) -> None:
        self._client = client
        self.budget = budget
        self._asks: list[Ask] = []  # waiting, the one searched now first
        self._answers: dict[int, tuple[tuple[int, int], str]] = {}  # seat -> its last hint

    def reset(self) -> None:
        """A new match at the table (a rematch): nothing asked or found carries over."""
        self._asks, self._answers = [], {}

    @property
    def busy(self) -> bool:
        """A hint is asked for or searched: the AI client is the hints' (the coach waits)."""
        return bool(self._asks)

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
        if self._client is not None:
            self._client.close()
