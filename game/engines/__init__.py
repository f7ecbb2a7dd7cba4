"""Rules engines and the one table of the collection's games.

``GAMES`` maps each game's id to its engine, in menu order; the engine carries its titles
(``Game.title``, ``Game.title_ja``). Everything else a game brings is found by its id:
``ai/heuristics/<id>.py``, ``game/boards/<id>.py`` (its accent colour and emblem too),
``game/i18n/<id>.<lang>.json`` and ``assets/rules/<id>.<lang>.md``. A game in the table without
a board shows as "coming soon". docs/architecture.md, "Adding a game", lists every step.
"""

from __future__ import annotations

from game.engines.base import CHANCE, TERMINAL, Game, IllegalActionError, State
from game.engines.battleline import BattleLineGame
from game.engines.flatfront import FlatFrontGame
from game.engines.flink import FlinkGame
from game.engines.frontline import FrontlineGame
from game.engines.tsuno import TsunoGame

GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        FlatFrontGame(),
        FlinkGame(),
        BattleLineGame(),
        FrontlineGame(),
        TsunoGame(),
    )
}

__all__ = ["CHANCE", "GAMES", "TERMINAL", "Game", "IllegalActionError", "State"]
