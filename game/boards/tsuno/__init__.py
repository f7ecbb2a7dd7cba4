"""Tsuno Senki's board: the view (``board``), its geometry (``layout``) and pictures (``art``)."""

from game.boards.tsuno.board import TsunoBoard

BOARD = TsunoBoard

__all__ = ["BOARD", "TsunoBoard"]
