"""Flink's board: the cube stacks in isometric 3D (``board.py``), the projection and picking
(``view.py``), how cubes and pieces look (``art.py``) and the rules screen's pictures
(``pictures.py``)."""

from game.boards.flink.board import FlinkBoard

BOARD = FlinkBoard

__all__ = ["BOARD", "FlinkBoard"]
