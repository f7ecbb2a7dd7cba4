"""The coach's judgement of a player's moves, apart from any screen or search client.

A move is a run of one player's consecutive decisions from the first that had a choice. The
searching AI, asked from that player's information set (a determinization for their seat), gives
the move played and its preferred move each a mean return in [-1, 1], read as a winning chance
(v + 1) / 2. The local review (``game.scenes.review``) asks its match's AI client; a guest's review
is searched on the host from the guest's own information (``game.net.coach``) and drawn by the
same scene.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

DROPS = 3  # how many of the worst moves are marked
# The least winning chance a move must give away to be marked: less shows as no change on the
# graph (a line flat at 100 % had three "worst" moves) and is within the search's noise.
MIN_DROP = 0.01


@dataclass(frozen=True)
class Position:
    """A move to review: the history length before it, its player and its decisions."""

    index: int
    player: int
    played: tuple[int, ...]


@dataclass(frozen=True)
class Verdict:
    """What the search thought of one move: mean returns to the mover in [-1, 1]."""

    position: Position
    played_value: float
    best: tuple[int, ...]  # the AI's preferred whole move
    best_value: float

    @property
    def chance(self) -> float:
        return (self.played_value + 1) / 2

    @property
    def best_chance(self) -> float:
        return (self.best_value + 1) / 2

    @property
    def loss(self) -> float:
        """Winning chance given away against the preferred move (0 for the preferred one)."""
        return max(0.0, self.best_chance - self.chance)


def moves_of(moves: Iterable[Any], reviewed: Callable[[int], bool]) -> list[Position]:
    """Each move of the players ``reviewed`` picks among ``moves`` (``game.match.Move``s): a run
    of one player's decisions, from the first of them that had a choice (a run without one is
    skipped)."""
    positions: list[Position] = []
    run: list[Any] = []

    def close() -> None:
        choices = [i for i, m in enumerate(run) if not m.forced]
        if choices:  # from the first real choice: the forced steps before it teach nothing
            rest = run[choices[0] :]
            positions.append(Position(rest[0].index, rest[0].player, tuple(m.action for m in rest)))
        run.clear()

    for move in moves:
        if not reviewed(move.player) or (run and move.player != run[0].player):
            close()
        if reviewed(move.player):
            run.append(move)
    close()
    return positions


def biggest_drops(losses: list[float], count: int = DROPS) -> list[int]:
    """The indices of the ``count`` largest losses of at least ``MIN_DROP``, largest first
    (ties: earliest): a game where nothing was given away has no worst moves."""
    ranked = sorted(
        (i for i, loss in enumerate(losses) if loss >= MIN_DROP), key=lambda i: -losses[i]
    )
    return ranked[:count]


def verdict(position: Position, answer: Any, previous: float) -> Verdict:
    """Read a worker answer (``AIMove``: ``values`` by root move, ``line``). A move the search
    never tried counts as its worst tried move: on a small budget it was judged not worth a
    look. No values at all (an obvious move): the estimate of the move before stands."""
    values: dict[int, float] = dict(getattr(answer, "values", {}) or {})
    action = answer[1]
    line = tuple(getattr(answer, "line", ()) or (action,))
    if not values:
        return Verdict(position, previous, line, previous)
    first = position.played[0]
    played = values.get(first, min(values.values()))
    return Verdict(position, played, line, values.get(line[0], max(values.values())))
