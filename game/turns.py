"""Counting turns the way players do: a turn is one player's run of consecutive decisions.

An engine splits a turn into several decisions (place a tile, then its pieces) and puts chance
events (draws, deals) among them; neither adds a turn. "After N turns" on the game-over card and
the move count in the Continue list use this, so they agree with the move log's rows.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engines.base import Game


def count_turns(movers: Iterable[int]) -> int:
    """Turns in a sequence of movers (seat numbers; negative ones are chance and not turns)."""
    turns, last = 0, None
    for player in movers:
        if player < 0:
            continue
        if player != last:
            turns += 1
            last = player
    return turns


def current_turn(game: Game, record: dict) -> int:
    """The number of the turn in progress in a saved record (replayed; a damaged record raises
    ValueError): the turn the game's rules number, else the turns played so far, plus one when
    the player to move starts a new one."""
    state = game.new_state(record["num_players"], **record["options"])
    movers = []
    for action in record["history"]:
        movers.append(state.current_player())
        state.apply_action(action)
    movers.append(state.current_player())
    numbered = state.numbered_turn()
    return max(1, count_turns(movers) if numbered is None else numbered)
