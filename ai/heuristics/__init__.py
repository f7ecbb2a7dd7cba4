"""Per-game heuristics by game id."""

from __future__ import annotations

from ai.heuristics.base import Heuristic
from ai.heuristics.battleline import BattleLineHeuristic
from ai.heuristics.flatfront import FlatFrontHeuristic
from ai.heuristics.frontline import FrontlineHeuristic

HEURISTICS: dict[str, Heuristic] = {
    "flatfront": FlatFrontHeuristic(),
    "battleline": BattleLineHeuristic(),
    "frontline": FrontlineHeuristic(),
}

__all__ = ["HEURISTICS", "Heuristic"]
