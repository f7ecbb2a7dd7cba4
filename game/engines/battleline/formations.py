"""Formations: rank, total, the best reachable key of a partial side, and comparison (rules §1.6,
§2.2).

A formation's strength is one int, ``key = rank * 100 + total``, so keys compare with ``<``.
``best_key(side, pool, n, fog)`` is the best key a side can reach by adding ``n - len(side)``
troop cards from ``pool`` (a 60-bit mask); with an empty pool and a complete side it is simply
the side's own key. It walks the ranks from the top and stops at the first one with a feasible
completion, which is exact (rules §2.2): meeting a rank's condition never yields a lower rank, and
within a rank the totals are either fixed by the run/value or maximised by the top pool cards.

Morale cards (wilds) are resolved here, when sides are compared: each takes the colour and value
that serve its owner best (Leader any value, Companion Cavalry 8, Shield Bearers 1-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.engines.battleline.cards import (
    COLOUR_BITS,
    NUM_COLOURS,
    NUM_TROOPS,
    NUM_VALUES,
    WILD_ACCEPTS,
    WILD_MAX,
    card_name,
    colour_of,
    troop,
    value_of,
)

WEDGE = 5
PHALANX = 4
BATTALION = 3
SKIRMISH = 2
HOST = 1
FOG_RANK = 0  # under Fog every formation has the same rank: only totals count
RANK_NAMES = {
    WEDGE: "Wedge",
    PHALANX: "Phalanx",
    BATTALION: "Battalion Order",
    SKIRMISH: "Skirmish Line",
    HOST: "Host",
    FOG_RANK: "Total (Fog)",
}

NONE = -1  # the key of a side that cannot be completed from the pool
_KEY_BASE = 100  # totals stay below 100 (at most 4 cards of 10)
MAX_TOP = 4  # at most four cards are ever missing (a Mud flag)


def make_key(rank: int, total: int) -> int:
    return rank * _KEY_BASE + total


def key_rank(key: int) -> int:
    return key // _KEY_BASE


def key_total(key: int) -> int:
    return key % _KEY_BASE


def formation_name(key: int) -> str:
    return RANK_NAMES[key_rank(key)]


def describe_key(key: int) -> str:
    """ "Wedge 27" or "cannot be completed"."""
    if key == NONE:
        return "cannot be completed"
    return f"{formation_name(key)} {key_total(key)}"


def side_beats(key: int, completed_at: int, other_key: int, other_completed_at: int) -> bool:
    """Whether a complete side beats another complete side: higher key, and on equal keys the side
    completed first (the smaller move number) wins (rules §1.6, "completed first")."""
    return key > other_key or (key == other_key and completed_at < other_completed_at)


# --- pool arithmetic ---------------------------------------------------------------------------
_VALUE_MASKS = tuple(
    sum(1 << troop(c, v) for c in range(NUM_COLOURS)) if v else 0 for v in range(NUM_VALUES + 1)
)


def _top_of_bits(bits: int, k: int) -> int:
    """Sum of the k highest values set in a 10-bit value mask, or -1 if fewer than k are set."""
    total = 0
    for v in range(NUM_VALUES, 0, -1):
        if not k:
            return total
        if bits >> (v - 1) & 1:
            total += v
            k -= 1
    return total if not k else -1


_TOP = tuple(_top_of_bits(bits, k) for bits in range(1 << NUM_VALUES) for k in range(MAX_TOP + 1))


def _top_values(pool: int, k: int) -> int:
    """Sum of the k highest values among the pool's cards (the caller checks there are k)."""
    total = 0
    v = NUM_VALUES
    while k:
        take = min((pool & _VALUE_MASKS[v]).bit_count(), k)
        total += take * v
        k -= take
        v -= 1
    return total


def _assign(free: int, bad: int, wilds: tuple[int, ...], i: int) -> tuple[int, ...] | None:
    """Values (one per wild from index i on) taken from ``free``, distinct, covering ``bad``."""
    if i == len(wilds):
        return () if not bad else None
    options = free & WILD_ACCEPTS[wilds[i]]
    while options:
        low = options & -options
        options ^= low
        rest = _assign(free ^ low, bad & ~low, wilds, i + 1)
        if rest is not None:
            return (low.bit_length(), *rest)
    return None


def _fill(missing: int, wilds: tuple[int, ...], available: int) -> tuple[int, ...] | None:
    """rules §2.2 ``fill``: give every wild a distinct missing value it accepts so that each
    missing value left over is ``available`` (a 10-bit mask); the wilds' values, or None."""
    bad = missing & ~available
    if not wilds:
        return None if bad else ()
    if bad.bit_count() > len(wilds):
        return None
    return _assign(missing, bad, wilds, 0)


# --- best key ----------------------------------------------------------------------------------
def _solve(
    troops: tuple[int, ...], wilds: tuple[int, ...], pool: int, n: int, fog: bool
) -> tuple[int, tuple]:
    """(best key, plan) for the side ``troops + wilds`` completed to n cards from ``pool``.

    The plan says how the key is reached, for ``best_completion``: (rank, parameters...).
    """
    k = n - len(troops) - len(wilds)
    if k < 0:
        raise ValueError(f"a side of {len(troops) + len(wilds)} cards cannot have {n} slots")
    if k and pool.bit_count() < k:
        return NONE, ()
    base = 0
    values = 0
    colours = 0
    for card in troops:
        base += card % NUM_VALUES + 1
        values |= 1 << (card % NUM_VALUES)
        colours |= 1 << (card // NUM_VALUES)
    for card in wilds:
        base += WILD_MAX[card]
    if fog:
        return make_key(FOG_RANK, base + _top_values(pool, k)), (FOG_RANK,)
    distinct = values.bit_count() == len(troops)
    one_colour = not colours & (colours - 1)
    colour_list = (colours.bit_length() - 1,) if colours else range(NUM_COLOURS)
    run_bits = (1 << n) - 1
    if distinct and one_colour:
        for start in range(NUM_VALUES + 1 - n, 0, -1):
            run = run_bits << (start - 1)
            if values & ~run:
                continue
            for colour in colour_list:
                assigned = _fill(run & ~values, wilds, pool >> (colour * NUM_VALUES) & COLOUR_BITS)
                if assigned is not None:
                    total = n * start + n * (n - 1) // 2
                    return make_key(WEDGE, total), (WEDGE, start, colour, assigned)
    if not values & (values - 1):
        accepts = COLOUR_BITS
        for card in wilds:
            accepts &= WILD_ACCEPTS[card]
        for v in (values.bit_length(),) if values else range(NUM_VALUES, 0, -1):
            if accepts >> (v - 1) & 1 and (pool & _VALUE_MASKS[v]).bit_count() >= k:
                return make_key(PHALANX, n * v), (PHALANX, v)
    if one_colour:
        best, best_colour = -1, -1
        for colour in colour_list:
            top = _TOP[(pool >> (colour * NUM_VALUES) & COLOUR_BITS) * (MAX_TOP + 1) + k]
            if top > best:
                best, best_colour = top, colour
        if best >= 0:
            return make_key(BATTALION, base + best), (BATTALION, best_colour)
    if distinct:
        available = 0
        for colour in range(NUM_COLOURS):
            available |= pool >> (colour * NUM_VALUES) & COLOUR_BITS
        for start in range(NUM_VALUES + 1 - n, 0, -1):
            run = run_bits << (start - 1)
            if values & ~run:
                continue
            assigned = _fill(run & ~values, wilds, available)
            if assigned is not None:
                total = n * start + n * (n - 1) // 2
                return make_key(SKIRMISH, total), (SKIRMISH, start, assigned)
    return make_key(HOST, base + _top_values(pool, k)), (HOST,)


def split_side(side: list[int] | tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(troop cards, morale cards) of a flag side."""
    troops = tuple(card for card in side if card < NUM_TROOPS)
    wilds = tuple(card for card in side if card >= NUM_TROOPS)
    return troops, wilds


def best_key(side: list[int] | tuple[int, ...], pool: int, n: int, fog: bool) -> int:
    """The best key ``side`` can reach with ``n - len(side)`` cards from ``pool``; NONE if the
    pool is too small. For a complete side (pool irrelevant) it is the side's own key."""
    troops, wilds = split_side(side)
    return _solve(troops, wilds, pool, n, fog)[0]


def side_key(side: list[int] | tuple[int, ...], n: int, fog: bool) -> int:
    """The key of a complete side (memoised: complete sides recur across search states)."""
    return _complete_key(tuple(side), n, fog)


@lru_cache(maxsize=1 << 16)
def _complete_key(side: tuple[int, ...], n: int, fog: bool) -> int:
    troops, wilds = split_side(side)
    return _solve(troops, wilds, 0, n, fog)[0]


@dataclass(frozen=True)
class Completion:
    """One best completion of a side: the pool cards added and what each wild stands for."""

    key: int
    cards: tuple[int, ...]  # troop ids taken from the pool
    wilds: tuple[tuple[int, int, int], ...]  # (morale card, colour, value)

    def describe(self) -> str:
        parts = [card_name(card) for card in self.cards]
        parts += [f"{card_name(w)} as {card_name(troop(c, v))}" for w, c, v in self.wilds]
        return f"{' + '.join(parts) or 'nothing'} makes {describe_key(self.key)}"


def _pool_cards_of_value(pool: int, v: int, exclude: int) -> list[int]:
    mask = pool & _VALUE_MASKS[v] & ~exclude
    return [troop(c, v) for c in range(NUM_COLOURS) if mask >> troop(c, v) & 1]


def _top_cards(pool: int, k: int) -> list[int]:
    """k pool cards of the highest values (lowest colour first among equals)."""
    chosen: list[int] = []
    for v in range(NUM_VALUES, 0, -1):
        for card in _pool_cards_of_value(pool, v, 0):
            if len(chosen) == k:
                return chosen
            chosen.append(card)
    return chosen


def best_completion(
    side: list[int] | tuple[int, ...], pool: int, n: int, fog: bool
) -> Completion | None:
    """A completion reaching ``best_key`` (the counterexample shown for a failed claim)."""
    troops, wilds = split_side(side)
    key, plan = _solve(troops, wilds, pool, n, fog)
    if key == NONE:
        return None
    k = n - len(side)
    rank = plan[0]
    colour = colour_of(troops[0]) if troops else 0
    if rank == WEDGE:
        _, start, colour, assigned = plan
        run = {start + i for i in range(n)} - {value_of(card) for card in troops}
        cards = [troop(colour, v) for v in sorted(run - set(assigned))]
        chosen = [(w, colour, v) for w, v in zip(wilds, assigned, strict=True)]
    elif rank == SKIRMISH:
        _, start, assigned = plan
        run = {start + i for i in range(n)} - {value_of(card) for card in troops}
        cards = [_pool_cards_of_value(pool, v, 0)[0] for v in sorted(run - set(assigned))]
        chosen = [(w, colour, v) for w, v in zip(wilds, assigned, strict=True)]
    elif rank == PHALANX:
        v = plan[1]
        cards = _pool_cards_of_value(pool, v, 0)[:k]
        used = {colour_of(card) for card in (*troops, *cards)}
        spare = [c for c in range(NUM_COLOURS) if c not in used] or [0]
        chosen = [(w, spare[i % len(spare)], v) for i, w in enumerate(wilds)]
    elif rank == BATTALION:
        colour = plan[1]
        cards = _top_cards(pool & (COLOUR_BITS << (colour * NUM_VALUES)), k)
        chosen = [(w, colour, WILD_MAX[w]) for w in wilds]
    else:  # Host or Fog: the highest cards, wilds at their maximum
        cards = _top_cards(pool, k)
        chosen = [(w, colour, WILD_MAX[w]) for w in wilds]
    return Completion(key, tuple(cards), tuple(chosen))
