"""Whole AI turns timed on the app's own path: ``Match`` driving ``AIWorker`` as the match scene
does. The benchmark's latency rows and the clock tests read them, so what we report is what a
player waits for (DESIGN.md, "Measured on the shipped path")."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ai.worker import AIMove, AIWorker
from game.engines.base import State


@dataclass
class _Decision:
    asked: float  # time.monotonic() of the request
    answered: float
    player: int
    history: int  # the history's length when asked


@dataclass
class TimedClient:
    """``AIWorker`` as a match's AI client, timing each decision from request to answer."""

    worker: AIWorker
    decisions: list[_Decision] = field(default_factory=list)
    fell_back: int = 0  # answers that were the fallback's move
    _asked: dict[int, tuple[float, int, int]] = field(default_factory=dict)

    def request(self, game_id: str, level: str, seed: int, state: State) -> int:
        asked = time.monotonic()
        ticket = self.worker.request(game_id, level, seed, state)
        self._asked[ticket] = (asked, state.current_player(), len(state.history))
        return ticket

    def poll(self) -> AIMove | None:
        answer = self.worker.poll()
        if answer is not None and answer.ticket in self._asked:
            asked, player, history = self._asked.pop(answer.ticket)
            self.decisions.append(_Decision(asked, time.monotonic(), player, history))
            self.fell_back += answer.fell_back
        return answer

    def cancel(self) -> None:
        self._asked.clear()
        self.worker.cancel()

    def turns(self) -> list[float]:
        """Each whole turn's wall time: from the request of a player's first decision to the
        answer of its last, the decisions in a row with nothing played between them."""
        spans: list[list[float]] = []  # [first asked, last answered, player, next history]
        for d in self.decisions:
            last = spans[-1] if spans else None
            if last is not None and last[2] == d.player and last[3] == d.history:
                last[1], last[3] = d.answered, d.history + 1
            else:
                spans.append([d.asked, d.answered, d.player, d.history + 1])
        return [end - start for start, end, _player, _next in spans]
