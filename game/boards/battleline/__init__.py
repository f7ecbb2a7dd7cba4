"""Battle Line's board: the view (``board.py``), where things rest (``layout.py``), how cards,
flags and emblems look (``art.py``); its words, the game-over summary's too, live beside the
engine (``game/engines/battleline/words.py``)."""

from game.boards.battleline.board import BattleLineBoard

BOARD = BattleLineBoard

__all__ = ["BOARD", "BattleLineBoard"]
