"""The hint's "why": the team AI's estimated chance to hold the castle after its suggested
action, from the observation alone (everything in Tsuno Senki is public, so the observation
rebuilds the state exactly, bar the history)."""

from __future__ import annotations

from typing import Any

from ai.heuristics.tsuno import win_chance
from game.engines.tsuno.state import PHASE_NAMES, TsunoGame, TsunoState


def state_of(obs: dict[str, Any], num_players: int, options: dict[str, Any]) -> TsunoState:
    """A state equal to the one ``obs`` was taken from (for estimates, not for replay)."""
    state = TsunoGame().new_state(num_players, **options)
    areas = obs["areas"]
    state.seats = tuple(e["seat"] for e in areas)
    state.chips = [e["chips"] for e in areas]
    state.morale = [e["morale"] for e in areas]
    state.home = [e["unit"] == "area" for e in areas]
    state.soldiers = [e["soldiers"] for e in areas]
    state.reinforcements = [e["reinforcements"] for e in areas]
    state.castle, state.wounded = obs["castle"], obs["wounded"]
    state.chip_supply = obs["supply"]["chips"]
    state.reinforcement_supply = obs["supply"]["reinforcements"]
    state.day, state.area, state.loss = obs["day"], obs["area"], obs["loss"]
    state.phase = PHASE_NAMES.index(obs["phase"])
    roll = obs["roll"]
    if roll:
        state.roll_kind = roll["kind"]
        state.roll_black, state.roll_yellow = roll["black_dice"], roll["yellow_dice"]
        state.dice = [*roll["black"], *roll["yellow"]]
    return state


def chance_after(
    obs: dict[str, Any], num_players: int, options: dict[str, Any], action: int
) -> float:
    """The estimated win chance once ``action`` (legal in ``obs``) is played; after an Attack
    or a Relief, over the exact odds of the attack roll it starts (``win_chance``)."""
    state = state_of(obs, num_players, options)
    state.apply_action(action)
    if state.is_terminal():
        return 1.0 if state.returns()[0] > 0 else 0.0
    return win_chance(state)
