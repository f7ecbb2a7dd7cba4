"""Rules engines and the registry of built games (id -> Game, in menu order)."""

from __future__ import annotations

from game.engines.base import CHANCE, TERMINAL, Game, IllegalActionError, State
from game.engines.battleline import BattleLineGame
from game.engines.flatfront import FlatFrontGame
from game.engines.tsuno import TsunoGame

GAMES: dict[str, Game] = {
    game.id: game for game in (FlatFrontGame(), BattleLineGame(), TsunoGame())
}

# Every game of the collection, built or not, in menu order: (id, English title, Japanese title).
CATALOGUE: tuple[tuple[str, str, str], ...] = (
    ("flatfront", "Flat Front", "フラットフロント"),
    ("flink", "Flink", "フリンク"),
    ("battleline", "Battle Line", "バトルライン"),
    ("frontline", "Frontline General: Spearpoint 1943", "フロントライン・ジェネラル"),
    ("tsuno", "Tsuno Senki", "津野戦記"),
)

__all__ = ["CATALOGUE", "CHANCE", "GAMES", "TERMINAL", "Game", "IllegalActionError", "State"]
