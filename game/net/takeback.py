"""Taking back a move across machines, with the other players' consent — the network form of
hot-seat undo, which asks the player whose move it undoes.

A player asks to take back *their* last decision; every other human side must allow it: each
guest on its own screen, and the host's screen once for the humans playing there. The referee
then rewinds its match to just before that decision (the replies that followed go too) and the
guests get their new views. One refusal ends the request, and the asker is told who refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.match import Match

HOST_SIDE = -1  # the host's screen as one side: the humans playing there answer together

# Outcomes (the ``undo_result`` message's ``code``).
DONE, REFUSED = "done", "refused"
NOTHING, BUSY, PAUSED, LEFT = "nothing", "busy", "paused", "left"


@dataclass
class TakeBack:
    """An open request: ``seat`` asks; ``target`` is the history length to return to (fixed
    when asked, so a move made meanwhile is taken back with it); ``waiting`` the sides (remote
    seats, or HOST_SIDE) still to answer."""

    seat: int
    target: int
    waiting: set[int] = field(default_factory=set)


def last_decision(match: Match, seat: int) -> int | None:
    """The history length just before ``seat``'s last real decision that undo may reach."""
    points = [
        m.index
        for m in match.moves
        if m.player == seat and not m.forced and m.index >= match.undo_floor
    ]
    return points[-1] if points else None


def rewind(match: Match, target: int) -> None:
    """Undo, decision by decision, back to ``target`` (itself a decision point undo stops at)."""
    while len(match.state.history) > target and match.undo():
        pass
