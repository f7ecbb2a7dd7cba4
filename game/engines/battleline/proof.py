"""The exact claim proof (rules §1.7, §2.3): may a player with a complete side take the flag?

Against a complete side, the formations are compared with the completion-order tie-break.
Against an incomplete side, the claim holds when no completion of that side from the pool beats
the claimer; a tie counts for the claimer, who completed first. The pool is every troop card not
visible on the table (deck and both hands, the claimer's own included): public information, so
both players and every determinization compute the same proof. Unplayed tactics are ignored.

Whose turn it is and whether the flag is still open are the state's business; these functions see
only the two sides, the slot count, Fog, and the pool.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engines.battleline.formations import (
    NONE,
    Completion,
    best_completion,
    best_key,
    describe_key,
    side_beats,
    side_key,
)


def claim_holds(
    own: list[int], other: list[int], pool: int, n: int, fog: bool, own_done: int, other_done: int
) -> bool:
    """The fast yes/no of ``check_claim`` (for legal actions and the AI)."""
    if len(own) < n:
        return False
    own_key = side_key(own, n, fog)
    if len(other) == n:
        return side_beats(own_key, own_done, side_key(other, n, fog), other_done)
    return best_key(other, pool, n, fog) <= own_key  # NONE (-1) is below every key


@dataclass(frozen=True)
class ClaimCheck:
    """A claim's verdict with its reason in words; a failed claim against an incomplete side
    carries ``counterexample``, a completion of the opponent's side that beats the claimer."""

    ok: bool
    reason: str
    own_key: int  # NONE if the claimer's side is incomplete
    other_key: int  # the opponent's key, or the best it can still reach (NONE: it cannot)
    other_complete: bool
    counterexample: Completion | None = None


def check_claim(
    own: list[int], other: list[int], pool: int, n: int, fog: bool, own_done: int, other_done: int
) -> ClaimCheck:
    """The claim proof with an explanation (for the UI and for illegal-claim messages)."""
    if len(own) < n:
        return ClaimCheck(
            False, f"your side needs {n} cards to claim, it has {len(own)}", NONE, NONE, False
        )
    own_key = side_key(own, n, fog)
    mine = describe_key(own_key)
    if len(other) == n:
        other_key = side_key(other, n, fog)
        theirs = describe_key(other_key)
        if own_key > other_key:
            return ClaimCheck(True, f"your {mine} beats {theirs}", own_key, other_key, True)
        if own_key < other_key:
            return ClaimCheck(False, f"{theirs} beats your {mine}", own_key, other_key, True)
        if side_beats(own_key, own_done, other_key, other_done):
            reason = f"both sides make {mine} and you completed yours first"
            return ClaimCheck(True, reason, own_key, other_key, True)
        reason = f"both sides make {mine} and your opponent completed first"
        return ClaimCheck(False, reason, own_key, other_key, True)
    other_key = best_key(other, pool, n, fog)
    if other_key == NONE:
        reason = "too few troop cards remain unseen to complete the other side"
        return ClaimCheck(True, reason, own_key, NONE, False)
    if other_key < own_key:
        reason = f"the other side can reach at most {describe_key(other_key)}; you have {mine}"
        return ClaimCheck(True, reason, own_key, other_key, False)
    if other_key == own_key:
        reason = f"the other side can at best tie your {mine}, and you completed first"
        return ClaimCheck(True, reason, own_key, other_key, False)
    witness = best_completion(other, pool, n, fog)
    reason = f"not proven: {witness.describe() if witness else ''}, beating your {mine}"
    return ClaimCheck(False, reason, own_key, other_key, False, witness)
