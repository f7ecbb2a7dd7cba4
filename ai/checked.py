"""A checked policy's statistics: flat Monte Carlo over a few candidate moves (Frontline's and
Tsuno's Hard, ``Heuristic.checked_policy``), in a form that adds up over processes.

Every candidate meets the same rollouts (common random numbers), so each has the same count and
the best is simply the highest total. Root-parallel processes (``ai/worker.py``) check the same
position on their own seeds: their candidates are the same, so their totals and counts add up
(``merge``) and the sum chooses as one longer check would.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Checked:
    """One checked decision: each candidate's move now and its summed rollout score."""

    moves: tuple[int, ...]  # each candidate's move at this decision (candidates may share one)
    totals: tuple[float, ...]  # each candidate's summed rollout score
    rollouts: int  # rollouts of each candidate
    preferred: int = 0  # the candidate that wins a tie (the policy's own)

    @property
    def best(self) -> int:
        """The index of the candidate with the highest total; ties to ``preferred``, then to
        the lowest index."""
        totals, preferred = self.totals, self.preferred
        return max(range(len(totals)), key=lambda i: (totals[i], i == preferred, -i))

    @property
    def action(self) -> int:
        return self.moves[self.best]


def merge(checks: Sequence[Checked]) -> Checked:
    """Checks of one position on different seeds added up. A check whose candidates differ
    from the first one's (it cannot happen for one position; a guard) is left out."""
    first = checks[0]
    same = [c for c in checks if c.moves == first.moves and c.preferred == first.preferred]
    totals = tuple(sum(column) for column in zip(*(c.totals for c in same), strict=True))
    return Checked(first.moves, totals, sum(c.rollouts for c in same), first.preferred)
