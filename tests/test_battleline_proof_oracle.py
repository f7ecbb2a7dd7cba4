"""The fast claim proof against a brute-force oracle on random cases (rules §2.4).

The oracle tries every set of pool cards that completes the side and every value (and colour)
each morale card can take, scores each plain formation from its definition, and keeps the best.
A wild's colour only matters for "all the same colour", so the oracle offers it the colours of
the troop cards in that formation (or one colour if there are none) instead of all six.

BATTLELINE_ORACLE_CASES raises the number of cases (default 10 000, well under a minute).
"""

from __future__ import annotations

import itertools
import os
import random

from game.engines.battleline.cards import (
    ALEXANDER,
    ALL_TROOPS_MASK,
    CAVALRY,
    NUM_TROOPS,
    SHIELD,
    colour_of,
    troop,
    value_of,
)
from game.engines.battleline.formations import NONE, best_completion, best_key, side_key
from game.engines.battleline.proof import check_claim, claim_holds

CASES = int(os.environ.get("BATTLELINE_ORACLE_CASES", "10000"))
WILD_VALUES = {ALEXANDER: range(1, 11), CAVALRY: (8,), SHIELD: (1, 2, 3)}


def plain_key(cards: list[tuple[int, int]], fog: bool) -> int:
    """rank * 100 + total of (colour, value) cards, straight from the formation table."""
    values = sorted(v for _, v in cards)
    total = sum(values)
    if fog:
        return total
    one_colour = len({c for c, _ in cards}) == 1
    run = all(b == a + 1 for a, b in itertools.pairwise(values))
    if one_colour and run:
        rank = 5
    elif len(set(values)) == 1:
        rank = 4
    elif one_colour:
        rank = 3
    elif run:
        rank = 2
    else:
        rank = 1
    return rank * 100 + total


def brute_best(side: list[int], pool: list[int], n: int, fog: bool) -> int:
    troops = [(colour_of(c), value_of(c)) for c in side if c < NUM_TROOPS]
    wilds = [c for c in side if c >= NUM_TROOPS]
    best = NONE
    for extra in itertools.combinations(pool, n - len(side)):
        plain = troops + [(colour_of(c), value_of(c)) for c in extra]
        colours = sorted({c for c, _ in plain}) or [0]
        choices = [[(c, v) for v in WILD_VALUES[w] for c in colours] for w in wilds]
        for assigned in itertools.product(*choices):
            best = max(best, plain_key(plain + list(assigned), fog))
    return best


def random_case(rng: random.Random) -> tuple[list[int], list[int], int, bool]:
    """(side, pool, slots, fog) biased towards runs and same-value sets, as in rules §2.4."""
    n = 4 if rng.random() < 0.3 else 3
    fog = rng.random() < 0.15
    wilds = rng.sample([ALEXANDER, CAVALRY, SHIELD], rng.choice((0, 0, 0, 0, 1, 1, 2, 3)))
    wilds = wilds[:n]
    count = rng.randint(0, n - len(wilds))
    style = rng.random()
    colour, start = rng.randrange(6), rng.randint(1, 10)
    if style < 0.35:  # a run of one colour
        troops = [troop(colour, v) for v in range(start, start + 4) if v <= 10]
    elif style < 0.7:  # a set of one value
        troops = [troop(c, start) for c in rng.sample(range(6), 4)]
    else:
        troops = rng.sample(range(NUM_TROOPS), 4)
    troops = rng.sample(troops, min(count, len(troops)))
    rest = [c for c in range(NUM_TROOPS) if c not in troops]
    near = [c for c in rest if colour_of(c) == colour or abs(value_of(c) - start) <= 2]
    size = rng.randint(0, 14)
    pool = set(rng.sample(near, min(len(near), size // 2)))
    pool |= set(rng.sample(rest, size - len(pool)))
    return troops + wilds, sorted(pool), n, fog


def mask_of(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def test_fast_proof_matches_brute_force() -> None:
    rng = random.Random(20240611)
    mismatches = []
    for case in range(CASES):
        side, pool, n, fog = random_case(rng)
        mask = mask_of(pool)
        expected = brute_best(side, pool, n, fog)
        got = best_key(side, mask, n, fog)
        if got != expected:
            mismatches.append((case, side, pool, n, fog, got, expected))
            continue
        witness = best_completion(side, mask, n, fog)
        if expected == NONE:
            assert witness is None
            continue
        # The counterexample is real: pool cards only, and it reaches the key claimed.
        assert set(witness.cards) <= set(pool) and len(witness.cards) == n - len(side)
        plain = [(colour_of(c), value_of(c)) for c in side if c < NUM_TROOPS]
        plain += [(colour_of(c), value_of(c)) for c in witness.cards]
        plain += [(c, v) for _, c, v in witness.wilds]
        assert plain_key(plain, fog) == witness.key == expected, (side, pool, witness)
        # The claim decision against a random complete own side agrees with the oracle.
        own_pool = [c for c in range(NUM_TROOPS) if c not in side and c not in pool]
        own = rng.sample(own_pool, n)
        own_key = side_key(own, n, fog)
        holds = claim_holds(own, side, mask, n, fog, 1, 2)  # own side completed first
        assert holds == (expected <= own_key)
        assert check_claim(own, side, mask, n, fog, 1, 2).ok == holds
    assert not mismatches, mismatches[:5]


def test_exhaustive_small_sides_with_full_pool() -> None:
    """Every one-card side (each troop and each morale card) against the full pool, k = 2."""
    for card in [*range(0, NUM_TROOPS, 7), ALEXANDER, CAVALRY, SHIELD]:
        pool = [c for c in range(NUM_TROOPS) if c != card]
        assert best_key([card], ALL_TROOPS_MASK & ~(1 << card), 3, False) == brute_best(
            [card], pool, 3, False
        )
