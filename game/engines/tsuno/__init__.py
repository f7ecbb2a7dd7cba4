"""Tsuno Senki (津野戦記 ~半山城を守れ~): co-operative dice tower defence for 1-6 players.

``rules`` holds the fixed rules and every interpretation as a named constant, ``actions`` the
action ids, ``state`` the game and its state, ``view`` the observation and the move log.
"""

from game.engines.tsuno.state import TsunoGame, TsunoState

__all__ = ["TsunoGame", "TsunoState"]
