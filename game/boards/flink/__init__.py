"""Flink's board (``board.py``) with its camera and picker, the isometric projection, the art and
the pictures (the board's and the rules screen's)."""

from game.boards.flink.board import FlinkBoard

BOARD = FlinkBoard

__all__ = ["BOARD", "FlinkBoard"]
