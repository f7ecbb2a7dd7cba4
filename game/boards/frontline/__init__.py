"""Frontline General's board: the match view (``board``) and the deck builder (``deck``)."""

from game.boards.frontline.board import FrontlineBoard

BOARD = FrontlineBoard

__all__ = ["BOARD", "FrontlineBoard"]
