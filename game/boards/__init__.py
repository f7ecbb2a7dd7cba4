"""Board views by game id, imported lazily so a menu does not load every game's drawing code."""

from __future__ import annotations

from importlib import import_module

from game.boards.base import Board, BoardContext

_BOARD_CLASSES = {
    "flatfront": "game.boards.flatfront:FlatFrontBoard",
    "battleline": "game.boards.battleline:BattleLineBoard",
}


def board_class(game_id: str) -> type[Board]:
    module, name = _BOARD_CLASSES[game_id].split(":")
    return getattr(import_module(module), name)


def has_board(game_id: str) -> bool:
    return game_id in _BOARD_CLASSES


__all__ = ["Board", "BoardContext", "board_class", "has_board"]
