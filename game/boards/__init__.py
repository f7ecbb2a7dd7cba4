"""Board views by game id, found by convention and imported lazily (a menu loads no drawing code).

A game's board is the module ``game.boards.<game id>``: its ``BOARD`` name if it has one, else the
one :class:`Board` subclass the module itself defines. Nothing else registers a board; palettes
and seat colours are class attributes of the board (see :mod:`game.boards.base`).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.util import find_spec

from game.boards.base import Board, BoardContext


@cache
def board_class(game_id: str) -> type[Board]:
    """The board class of ``game_id`` (KeyError if the game has no board module)."""
    if not has_board(game_id):
        raise KeyError(game_id)
    module = import_module(f"{__name__}.{game_id}")
    named = getattr(module, "BOARD", None)
    if named is not None:
        return named
    own = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, Board)
        and value.__module__ == module.__name__
    ]
    if len(own) != 1:
        raise TypeError(f"{module.__name__} defines {len(own)} Board subclasses; name one BOARD")
    return own[0]


@cache
def has_board(game_id: str) -> bool:
    return game_id.isidentifier() and find_spec(f"{__name__}.{game_id}") is not None


def board_ids() -> list[str]:
    """Ids of every registered game that has a board (the contract test runs over these)."""
    from game.engines import GAMES

    return [game_id for game_id in GAMES if has_board(game_id)]


__all__ = ["Board", "BoardContext", "board_class", "board_ids", "has_board"]
