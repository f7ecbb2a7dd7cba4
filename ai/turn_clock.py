"""One clock for a whole turn, shared by every player that thinks against a budget.

A turn is the decisions a player makes in a row (Flat Front's tile and then its pieces, Battle
Line's card and then its flag, a Tsuno team's areas one after another). Its first decision gets
``FIRST_SHARE`` of the clock, each later one what is left, never less than ``FLOOR_SHARE`` of
the whole (a decision that overran must still be able to think). Our levels
(``ai.agents.SearchAgent``), OpenSpiel's bots in the benchmarks and a bench's clocked players
keep this one clock, so a comparison "at equal time" gives both sides the same allotments.
"""

from __future__ import annotations

import time

from game.engines import State


class TurnClock:
    """The clock of one player (or of one agent serving several seats in turn).

    ``total`` is in whatever the caller spends: seconds, or iterations when a search plays on
    its cap. Call ``allot`` at every decision, before anything else (an obvious move still
    belongs to the turn), then ``spend`` what the decision used.
    """

    FIRST_SHARE = 0.65
    FLOOR_SHARE = 0.1

    def __init__(self, total: float) -> None:
        self.total = total
        self.spent = 0.0
        self.continuing = False  # whether the last decision allotted continued a turn
        self._turn_at = (-1, -1)  # (history length, player) right after the last decision
        self._ended: float | None = None  # time.monotonic() when the last decision ended

    def allot(self, state: State) -> float:
        """This decision's share of the turn's clock; starts a new turn unless nothing has
        happened since the last decision, by the same player."""
        turn = (len(state.history), state.current_player())
        self.continuing = turn == self._turn_at
        self._turn_at = (turn[0] + 1, turn[1])
        if not self.continuing:
            self.spent = 0.0
        share = 1.0 if self.continuing else self.FIRST_SHARE
        return max((self.total - self.spent) * share, self.total * self.FLOOR_SHARE)

    def spend(self, amount: float) -> None:
        self.spent += amount

    def gone(self, waited: float) -> float:
        """A wall clock's seconds gone before this decision's thinking, spent: ``waited`` since
        the decision was asked and, within a turn, the hand-over since the previous decision
        ended (``end``: the answer's way back, the move applied, the next question), so that
        the whole turn, not only its thinking, keeps the clock. Call after ``allot``."""
        gone = waited
        if self.continuing and self._ended is not None:
            gone = max(gone, time.monotonic() - self._ended)
        self.spent += gone
        return gone

    def end(self) -> None:
        """This decision's answer is ready (for ``gone``)."""
        self._ended = time.monotonic()

    @property
    def left(self) -> float:
        """What is left of the turn's clock (negative when the turn overran)."""
        return self.total - self.spent
