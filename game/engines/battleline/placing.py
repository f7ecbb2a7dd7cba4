"""Where a card chosen in the hand may go, read from an observation: the flags a troop, morale
card, Fog or Mud may be laid at, the cards Redeploy, Deserter or Traitor may take, and why a
target refuses the card (an i18n key and its arguments). The board glows what these
allow and says these refusals before anything is played, so a card and its target go to the
engine as one decision; the engine keeps the final word (``state._targets``, ``refusals``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engines.battleline.cards import ENVIRONMENT, FOG, GUILE, NUM_TROOPS, REDEPLOY, TRAITOR
from game.engines.battleline.observation import BattleLineObservation, FlagView
from game.engines.battleline.words import card_label


def laid(flag: FlagView, card: int) -> int:
    """Who laid Fog or Mud (``card``) at ``flag``; -1 if it does not lie there."""
    return flag["fog"] if card == FOG else flag["mud"]


def stacks(obs: BattleLineObservation) -> list[tuple[int, int, list[int]]]:
    """Each flag's two sides: (flag, side, its cards from the flag outwards)."""
    return [
        (f, side, flag["cards"][side]) for f, flag in enumerate(obs["flags"]) for side in (0, 1)
    ]


def side_of(obs: BattleLineObservation, card: object) -> tuple[int, int] | None:
    """The (flag, side) where ``card`` lies, if at a flag."""
    return next(((f, side) for f, side, cards in stacks(obs) if card in cards), None)


def open_flags(
    obs: BattleLineObservation, free: Callable[[FlagView], bool] = lambda _: True
) -> list[int]:
    return [f for f, flag in enumerate(obs["flags"]) if flag["claimed_by"] < 0 and free(flag)]


def free_flags(obs: BattleLineObservation, side: int) -> list[int]:
    """Open flags with a free slot on ``side`` (where a troop or morale card goes)."""
    return open_flags(obs, lambda flag: len(flag["cards"][side]) < flag["slots"])


def targets(obs: BattleLineObservation, side: int, card: int) -> list[int]:
    """The flags ``card`` of ``side`` may go to: Fog and Mud where none lies yet, a troop or
    morale card where a slot is free; none for a guile tactic (it takes a card)."""
    if card in ENVIRONMENT:
        return open_flags(obs, lambda flag: laid(flag, card) < 0)
    return [] if card in GUILE else free_flags(obs, side)


def takeable(obs: BattleLineObservation, side: int, tactic: int) -> list[int]:
    """The cards ``tactic`` (Redeploy, Deserter, Traitor) of ``side`` may take, at open flags."""
    owner = side if tactic == REDEPLOY else 1 - side
    cards = [c for f in open_flags(obs) for c in obs["flags"][f]["cards"][owner]]
    return [c for c in cards if c < NUM_TROOPS] if tactic == TRAITOR else cards


def refusal(
    obs: BattleLineObservation, side: int, card: int, target: int
) -> tuple[str, dict[str, Any]] | None:
    """Why ``target`` does not take ``card`` of ``side`` — a flag for a troop, morale card, Fog
    or Mud; a card at a flag for a guile tactic — as an i18n key and its arguments; None when
    it does."""
    if card not in GUILE:
        n = target + 1
        if target in targets(obs, side, card):
            return None
        if obs["flags"][target]["claimed_by"] >= 0:
            return "battleline.feedback.claimed", {"n": n}
        if card in ENVIRONMENT:
            return "battleline.feedback.env", {"n": n, "card": card_label(card)}
        return "battleline.feedback.full", {"n": n}
    if target in takeable(obs, side, card):
        no_slot = card == TRAITOR and not free_flags(obs, side)  # it goes to the taker's side
        return ("battleline.feedback.no_slot", {}) if no_slot else None
    if card == TRAITOR and target >= NUM_TROOPS:
        return "battleline.feedback.troop_only", {}
    where = side_of(obs, target)
    if where is not None and obs["flags"][where[0]]["claimed_by"] >= 0:
        return "battleline.feedback.claimed", {"n": where[0] + 1}
    key = "own_card" if card == REDEPLOY else "opposing_card"
    return f"battleline.feedback.{key}", {}
