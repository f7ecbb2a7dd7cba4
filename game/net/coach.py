"""The coach's review for the guests, searched on the host from each guest's own information.

A guest's review shows the same graph and marks as a local one (``game.coach``): each of its
moves searched from a determinization for its seat. That search needs an engine state to
determinize, and a guest holds none — only the observations it was sent, from which no engine
can rebuild a state (the bookkeeping ``determinize`` needs, such as which cards each side has
seen where, is the engine's own). So the host searches, as it does the guest's hints
(``game.net.hints``): from ``State.determinize(seat, rng)`` of the position, every random number
seeded by a digest of what the guest was shown there (its observation and its log,
``views.view_key``) — never by the host's own streams, which hold chance outcomes the guest never
saw. Two hosts whose hidden cards differ but whose guest views agree give the same review.

The searches share the hints' AI process (one search at a time, a hint first) and run one per
frame's poll, so neither the host's window nor the guest's waits; each verdict goes to the guest
as it is found (``coach``), and asking again sends what was found so far.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.coach import Position, Verdict, moves_of, verdict
from game.match import HINT_LEVEL, Match
from game.net.protocol import encode
from game.net.views import step_row, view_key
from game.words import words_of

if TYPE_CHECKING:
    from game.engines.base import State
    from game.net.hints import GuestHints


@dataclass
class Review:
    """One seat's review of the finished game at ``revision``: its moves, what it was shown of
    the log (the rows of the last view it was sent), and the verdicts found so far."""

    seat: int
    revision: int
    positions: list[Position]
    log: list[list[Any]]
    verdicts: list[Verdict] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)  # the verdicts as sent
    ticket: int | None = None
    state: State | None = field(default=None, repr=False)  # what the search started from
    walker: State | None = field(default=None, repr=False)  # the game replayed up to a move

    @property
    def done(self) -> bool:
        return len(self.verdicts) == len(self.positions)


def coach_message(review: Review, rows: list[list[Any]]) -> str:
    return encode("coach", "host", total=len(review.positions), verdicts=rows)


class GuestCoach:
    """The host's review service for its remote seats."""

    def __init__(self) -> None:
        self._reviews: dict[int, Review] = {}  # seat -> its review

    def reset(self) -> None:
        """A new match at the table: no review carries over."""
        self._reviews = {}

    def ask(self, seat: int, match: Match, log: list[list[Any]]) -> str | None:
        """A guest asks for its review (``log``: the rows it was last sent): what was found so
        far, the rest to follow. None while the game is not over (a rematch began meanwhile)."""
        if not match.is_over:
            return None
        review = self._reviews.get(seat)
        if review is None or review.revision != match.revision:
            positions = moves_of(match.moves, lambda player: player == seat)
            review = self._reviews[seat] = Review(seat, match.revision, positions, list(log))
        return coach_message(review, review.rows)

    def pump(self, match: Match, hints: GuestHints) -> list[tuple[int, str]]:
        """Start the next search and collect a finished one: (seat, message) to send. The
        search runs on the ``hints``' AI client, when no hint is wanted."""
        stale = [s for s, r in self._reviews.items() if r.revision != match.revision]
        for seat in stale:  # taken back or a new match: that game's review is moot
            del self._reviews[seat]
        review = next((r for r in self._reviews.values() if not r.done), None)
        if review is None:
            return []
        if hints.busy:  # a hint goes first; its request stopped ours, which starts again
            review.ticket = None
            return []
        client = hints.client
        position = review.positions[len(review.verdicts)]
        if review.ticket is None:
            review.state, seed = self._searched(match, review, position)
            review.ticket = client.request(
                match.game.id, HINT_LEVEL, seed, review.state, budget=hints.budget
            )
        while (answer := client.poll()) is not None:
            if answer[0] == review.ticket:
                return [(review.seat, coach_message(review, [self._found(review, answer)]))]
        return []

    def _searched(self, match: Match, review: Review, position: Position) -> tuple[State, int]:
        """The state a move's search starts from — the position re-dealt for the seat — and the
        search's seed, both from the digest of what the seat was shown there."""
        if review.walker is None:  # replayed once along the game: the moves come in order
            review.walker = match.game.new_state(match.state.num_players, **match.state.options)
        state = review.walker
        while len(state.history) < position.index:
            state.apply_action(match.state.history[len(state.history)])
        shown = [row for row in review.log if row[0] < position.index]
        key = view_key(review.seat, position.index, dict(state.observation(review.seat)), shown)
        determinized = state.determinize(review.seat, random.Random(f"{key}:determinize"))
        return determinized, random.Random(f"{key}:review").randrange(2**31)

    def _found(self, review: Review, answer: Any) -> list[Any]:
        """Take a search's answer: the verdict, and its row for the ``coach`` message."""
        review.ticket = None
        position = review.positions[len(review.verdicts)]
        previous = review.verdicts[-1].played_value if review.verdicts else 0.0
        found = verdict(position, answer, previous)
        review.verdicts.append(found)
        assert review.state is not None
        best = words_of(review.state.game.id).move_steps(review.state, found.best, review.seat)
        end = position.index + len(position.played)  # the move played, as its log showed it
        played = [row for row in review.log if position.index <= row[0] < end]
        row = [
            position.index,
            list(position.played),
            found.played_value,
            list(found.best[: len(best)]),
            found.best_value,
            played,
            [step_row(s) for s in best],
        ]
        review.rows.append(row)
        return row
