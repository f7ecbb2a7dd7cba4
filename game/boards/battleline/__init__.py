"""Battle Line's board: the view (``board.py``) composed of views (``hand``, ``flags``,
``column``, ``flights``), where things rest (``layout.py``), how cards, flags and marks look
(``art.py``, ``palette.py``) and its emblem (``emblems.py``); its words, the game-over summary's
too, live beside the engine (``game/engines/battleline/words.py``)."""

from game.boards.battleline.board import BattleLineBoard

BOARD = BattleLineBoard

__all__ = ["BOARD", "BattleLineBoard"]
