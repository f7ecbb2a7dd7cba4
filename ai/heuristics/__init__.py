"""Per-game heuristics by game id, found by convention: no table to edit.

A game ``<id>`` in ``game.engines.GAMES`` has AI knowledge when ``ai/heuristics/<id>.py``
defines exactly one subclass of :class:`Heuristic` (see ``ai/heuristics/base.py``); a game
without that module plays with uniformly random rollouts and moves. The PyInstaller build
collects every ``ai`` submodule, so the import by name works in the bundle too.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from ai.heuristics.base import Heuristic
from game.engines import GAMES


def heuristic_class(game_id: str) -> type[Heuristic[Any]] | None:
    """The one Heuristic subclass in ``ai/heuristics/<game_id>.py``, or None without the module.

    Two classes, or none, in an existing module is a mistake and raises TypeError."""
    name = f"{__name__}.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name == name:
            return None
        raise
    found = [
        cls
        for cls in vars(module).values()
        if inspect.isclass(cls)
        and issubclass(cls, Heuristic)
        and cls is not Heuristic
        and cls.__module__ == name
    ]
    if len(found) != 1:
        names = ", ".join(cls.__name__ for cls in found) or "none"
        raise TypeError(f"{name} must define exactly one Heuristic subclass, not {names}")
    return found[0]


def _discover() -> dict[str, Heuristic[Any]]:
    heuristics: dict[str, Heuristic[Any]] = {}
    for game_id in GAMES:
        cls = heuristic_class(game_id)
        if cls is not None:
            heuristics[game_id] = cls()
    return heuristics


HEURISTICS: dict[str, Heuristic[Any]] = _discover()

__all__ = ["HEURISTICS", "Heuristic", "heuristic_class"]
