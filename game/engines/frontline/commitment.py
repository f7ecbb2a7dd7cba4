"""§4.1 commitment: which cards a player may still set face down so that the set can become
valid (every committed unit crewed; an extra crew only to replace a missing one on the board).
Pure functions of the cards, shared by the state, its determinization and the AI."""

from __future__ import annotations

from game.engines.frontline.actions import CARD, DONE, REAR_CARD
from game.engines.frontline.cards import CREW_KINDS, NO_CREW, REAR, UNITS


def commit_options(commit: list[int], hand: list[int], needs: list[int]) -> list[int]:
    """Commitment choices (§4.1): a card from ``hand`` that still lets the face-down set become
    valid (MFA to either line, a Rear Line card to its line), and DONE when it is valid."""
    counts = commit_counts(commit, hand)
    actions = []
    for card in sorted(set(hand)):
        printed = UNITS[card]
        kind = printed.crew_kind if printed.is_crew else printed.crew
        if kind != NO_CREW:
            units, crews, hand_units, hand_crews = counts[kind]
            if printed.is_crew:
                ok = feasible(units, crews + 1, needs[kind], hand_units, hand_crews - 1)
            else:
                ok = feasible(units + 1, crews, needs[kind], hand_units - 1, hand_crews)
            if not ok:
                continue
        if printed.is_crew or printed.lines != (REAR,):
            actions.append(CARD + card)
        if printed.mfa or printed.lines == (REAR,):
            actions.append(REAR_CARD + card)
    if commit_valid(counts, needs):
        actions.append(DONE)
    return sorted(actions)


def commit_counts(commit: list[int], hand: list[int]) -> list[list[int]]:
    """Per crew kind: [units committed, crews committed, units in hand, crews in hand]."""
    counts = [[0, 0, 0, 0] for _ in CREW_KINDS]
    for entry in commit:
        card = entry - REAR_CARD if entry >= REAR_CARD else entry - CARD
        printed = UNITS[card]
        if printed.is_crew:
            counts[printed.crew_kind][1] += 1
        elif printed.crew != NO_CREW:
            counts[printed.crew][0] += 1
    for card in hand:
        printed = UNITS[card]
        if printed.is_crew:
            counts[printed.crew_kind][3] += 1
        elif printed.crew != NO_CREW:
            counts[printed.crew][2] += 1
    return counts


def feasible(units: int, crews: int, needs: int, hand_units: int, hand_crews: int) -> bool:
    """Whether more cards from hand can make a crew kind valid (§4.1): every committed unit
    crewed, and every extra crew replacing a missing crew on the board."""
    if hand_units < 0 or hand_crews < 0:
        return False
    extra_units = max(0, crews - units - needs)
    return extra_units <= hand_units and units + extra_units - crews <= hand_crews


def commit_valid(counts: list[list[int]], needs: list[int]) -> bool:
    return all(units <= crews <= units + needs[k] for k, (units, crews, _, _) in enumerate(counts))
