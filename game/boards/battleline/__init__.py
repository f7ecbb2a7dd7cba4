"""Battle Line's board: the view (``board.py``), where things rest (``layout.py``), how cards,
flags and emblems look (``art.py``) and the game-over summary (``summary.py``)."""

from game.boards.battleline.board import BattleLineBoard

BOARD = BattleLineBoard

__all__ = ["BOARD", "BattleLineBoard"]
