"""Exact dice odds of Tsuno Senki, shared by the AI and the board's previews.

A roll of n dice has at most 462 distinct sorted outcomes, so the distribution of what one roll
costs an area (runs and triples included, via the engine's own ``resolve_black``) is enumerated
once per (dice, area) and cached.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import combinations_with_replacement

from game.engines.tsuno.rules import AREAS, resolve_black


@cache
def sorted_outcomes(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted outcome of ``dice`` fair dice and its probability."""
    total = 6**dice
    outcomes = []
    for faces in combinations_with_replacement(AREAS, dice):
        ways = math.factorial(dice)
        for face in AREAS:
            ways //= math.factorial(faces.count(face))
        outcomes.append((faces, ways / total))
    return tuple(outcomes)


@cache
def attack_loss_odds(dice: int, area: int) -> tuple[float, ...]:
    """P(loss = k) for k = 0.. when ``area`` makes an attack roll of ``dice`` black dice."""
    odds = [0.0] * (2 * dice + 1)
    for faces, p in sorted_outcomes(dice):
        odds[resolve_black(faces).counts[area - 1]] += p
    while odds and odds[-1] == 0.0:
        odds.pop()
    return tuple(odds)
