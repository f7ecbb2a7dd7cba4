"""Click routing as a table, with its inverse: phase → hit test → action, and action → the point
to click.

A board's ``click`` asked, phase by phase, what lies under the pointer and which action that is,
and its ``clicks_for`` (where a test or the tutorial clicks to play an action) answered the same
question backwards in a second ladder of ifs, which could drift apart from the first. A
``Route`` holds both directions of one kind of pick side by side, so a board states its clicks
once as a list and both questions are answered from it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

Point = tuple[int, int]


def same(thing: int) -> int:
    """The thing picked is the action itself (a card whose id is its action)."""
    return thing


@dataclass(frozen=True)
class Route:
    """In ``phases``, a click picks what ``hit`` finds under the pointer and plays
    ``act(thing)``; ``point(action)`` is where to click for ``action`` (None: not this route's
    action). ``refusal`` (a text key) says why a click that found nothing of the phase is refused;
    None leaves such a click silent."""

    phases: Collection[str]
    hit: Callable[[Point], Any]
    point: Callable[[int], Point | None]
    act: Callable[[Any], int] = same
    refusal: str | None = None


class ClickTable:
    """A board's routes, tried in order (see the module docstring)."""

    def __init__(self, routes: Sequence[Route]) -> None:
        self.routes = routes

    def click(self, phase: str, pos: Point) -> tuple[int | None, str | None]:
        """What a click at ``pos`` plays in ``phase``: the action of the first route that finds
        something there, else (None, the refusal of the phase's first route that has one)."""
        refusal = None
        for route in self.routes:
            if phase not in route.phases:
                continue
            thing = route.hit(pos)
            if thing is not None:
                return route.act(thing), None
            refusal = refusal or route.refusal
        return None, refusal

    def point(self, action: int, phase: str | None = None) -> Point | None:
        """Where to click to play ``action`` in ``phase`` (None: in any): the first route of the
        phase that places it, None when none does."""
        for route in self.routes:
            if (phase is None or phase in route.phases) and (at := route.point(action)) is not None:
                return at
        return None
