"""The game options (``BattleLineGame.options``; the first value of each is the default)."""

from __future__ import annotations

TACTICS_OPTION = "tactics"  # the tactics module on/off [rules §1.2]
CLAIM_TIMING = "claim_timing"  # basic: claim after your play; advanced: at the start of the turn
MATCH_GAMES = "match_games"  # match play over N games, scored 5 / flags held [rules §1.11]
STALEMATE = "stalemate"  # two passes in a row: "resolve" (§1.9 final resolution) or "draw"
FIRST_PLAYER = "first_player"  # who starts the first game: drawn at random [§1.3] or a seat

OPTIONS: dict[str, list] = {
    TACTICS_OPTION: ["on", "off"],
    CLAIM_TIMING: ["basic", "advanced"],
    MATCH_GAMES: [1, 3, 5],
    STALEMATE: ["resolve", "draw"],
    FIRST_PLAYER: ["random", "seat1", "seat2"],
}
