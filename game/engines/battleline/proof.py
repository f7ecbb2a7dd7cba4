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
from typing import Any

from game.engines.base import Phrase
from game.engines.battleline.cards import card_name, troop
from game.engines.battleline.formations import (
    NONE,
    Completion,
    best_completion,
    best_key,
    describe_key,
    side_beats,
    side_key,
)

# A claim verdict's reason in English (``ClaimCheck.phrase`` keys; the UI words the same phrases
# as ``refusal.battleline.proof.<key>``). "mine" and "theirs" are formation keys, "completion"
# the cards that complete the other side: (card, -1) for a troop card, (morale card, the troop
# card it stands for) for a wild.
PROOF_PHRASES = {
    "claimed_by_you": "flag {flag} is already claimed by you",
    "claimed_by_opponent": "flag {flag} is already claimed by your opponent",
    "needs_cards": "your side needs {n} cards to claim, it has {have}",
    "beats": "your {mine} beats {theirs}",
    "beaten": "{theirs} beats your {mine}",
    "tie_first": "both sides make {mine} and you completed yours first",
    "tie_second": "both sides make {mine} and your opponent completed first",
    "cannot_complete": "too few troop cards remain unseen to complete the other side",
    "at_most": "the other side can reach at most {theirs}; you have {mine}",
    "tie_best": "the other side can at best tie your {mine}, and you completed first",
    "not_proven": "not proven: {completion} makes {theirs}, beating your {mine}",
}


def completion_args(completion: Completion) -> tuple[tuple[int, int], ...]:
    """A completion as phrase data: troop cards, then each wild with the card it stands for."""
    wilds = tuple((w, troop(c, v)) for w, c, v in completion.wilds)
    return tuple((card, -1) for card in completion.cards) + wilds


def proof_english(key: str, args: dict[str, Any]) -> str:
    """A proof phrase in English."""
    words: dict[str, Any] = dict(args)
    for name in ("mine", "theirs"):
        if name in args:
            words[name] = describe_key(args[name])
    if "completion" in args:
        parts = [
            card_name(card) if as_card < 0 else f"{card_name(card)} as {card_name(as_card)}"
            for card, as_card in args["completion"]
        ]
        words["completion"] = " + ".join(parts) or "nothing"
    return PROOF_PHRASES[key].format(**words)


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
    """A claim's verdict with its reason as a phrase; a failed claim against an incomplete side
    carries ``counterexample``, a completion of the opponent's side that beats the claimer."""

    ok: bool
    phrase: Phrase
    own_key: int  # NONE if the claimer's side is incomplete
    other_key: int  # the opponent's key, or the best it can still reach (NONE: it cannot)
    other_complete: bool
    counterexample: Completion | None = None

    @property
    def reason(self) -> str:
        """The reason in English words."""
        return proof_english(*self.phrase)


def check_claim(
    own: list[int], other: list[int], pool: int, n: int, fog: bool, own_done: int, other_done: int
) -> ClaimCheck:
    """The claim proof with an explanation (for the UI and for illegal-claim messages)."""
    if len(own) < n:
        return ClaimCheck(False, ("needs_cards", {"n": n, "have": len(own)}), NONE, NONE, False)
    own_key = side_key(own, n, fog)
    if len(other) == n:
        other_key = side_key(other, n, fog)
        keys = {"mine": own_key, "theirs": other_key}
        if own_key > other_key:
            return ClaimCheck(True, ("beats", keys), own_key, other_key, True)
        if own_key < other_key:
            return ClaimCheck(False, ("beaten", keys), own_key, other_key, True)
        if side_beats(own_key, own_done, other_key, other_done):
            return ClaimCheck(True, ("tie_first", keys), own_key, other_key, True)
        return ClaimCheck(False, ("tie_second", keys), own_key, other_key, True)
    other_key = best_key(other, pool, n, fog)
    keys = {"mine": own_key, "theirs": other_key}
    if other_key == NONE:
        return ClaimCheck(True, ("cannot_complete", {}), own_key, NONE, False)
    if other_key < own_key:
        return ClaimCheck(True, ("at_most", keys), own_key, other_key, False)
    if other_key == own_key:
        return ClaimCheck(True, ("tie_best", keys), own_key, other_key, False)
    witness = best_completion(other, pool, n, fog)
    cards = completion_args(witness) if witness else ()
    phrase = ("not_proven", {**keys, "completion": cards})
    return ClaimCheck(False, phrase, own_key, other_key, False, witness)
