"""Battle Line's decisive-move check: a play after which the mover's claims win the game at once.

In basic timing the player to move claims right after the card (rules §1.7, §1.11), so a card
that completes a provable side — a troop card, a morale card, a Traitor's stolen card, a Fog, a
Deserter that breaks the only thing stopping a proof — ends the game on the spot. The estimate
cannot see such a card coming (it values flags, not the cards in hand), and most games the
search lost to the formation builder were lost to exactly that. The heuristic plays the
decisive move as an automatic move: the searcher takes its own win without searching, and in
its determinizations the opponent takes every win its sampled hand allows, so a position that
leaves one open is valued as the loss it is, in the share of hands that hold it.

The check is exact (the engine's claim proof) and cheap where it matters: it first asks
whether the flags the mover could possibly prove this turn (claimed, complete, or one card
short) would make a win at all, which rules out nearly every position with one pass over the
flags. Placements are judged without copying the state; the guile cards (Traitor, Redeploy,
Deserter, Fog) are played out on copies, move by move, through the engine.
"""

from __future__ import annotations

from game.engines.battleline.actions import DISCARD, FLAG_BASE, NUM_FLAGS
from game.engines.battleline.cards import DESERTER, FOG, MORALE, NUM_TROOPS, REDEPLOY, TRAITOR
from game.engines.battleline.phases import (
    PH_DESERTER,
    PH_FLAG,
    PH_PLAY,
    PH_REDEPLOY_FROM,
    PH_REDEPLOY_TO,
    PH_TRAITOR_FROM,
    PH_TRAITOR_TO,
)
from game.engines.battleline.proof import claim_holds
from game.engines.battleline.state import BattleLineState, victory

# The mover's decisions within one play: the card, then its flag or a guile card's targets.
PLAY_PHASES = frozenset(
    (
        PH_PLAY,
        PH_FLAG,
        PH_TRAITOR_FROM,
        PH_TRAITOR_TO,
        PH_REDEPLOY_FROM,
        PH_REDEPLOY_TO,
        PH_DESERTER,
    )
)
LATER = 1 << 30  # the completion time of a side completed now: after every complete side


def winning_action(state: BattleLineState) -> int | None:
    """The mover's move that starts or continues a play after which its claims (made at once,
    basic timing) win the game; None when there is none, in advanced timing, outside a play,
    or at a turn's start when the mover's provable flags already win whatever it plays (the
    evaluation's case)."""
    if state.advanced or state.phase not in PLAY_PHASES:
        return None
    mover = state.player
    if victory(_reachable(state, mover), mover) is None:
        return None
    owners = _owners(state, mover)
    if state.phase != PH_PLAY:
        return _continuation(state, mover, owners)
    if victory(owners, mover) is not None:
        return None
    unproven = [
        f
        for f in range(NUM_FLAGS)
        if owners[f] < 0 and len(state.sides[2 * f + mover]) == state.slots(f)
    ]
    # Deserter and Fog complete nothing: they can only prove a complete side.
    breaks = victory(_with(owners, unproven, mover), mover) is not None
    for card in state.legal_actions():
        if card < NUM_TROOPS or card in MORALE:
            if _winning_flag(state, mover, card, owners) is not None:
                return card
        elif card in (TRAITOR, REDEPLOY) or (card in (DESERTER, FOG) and breaks):
            after = state.clone()
            after.apply_unchecked(card)
            if _continuation(after, mover, owners) is not None:
                return card
    return None


def _reachable(state: BattleLineState, mover: int) -> list[int]:
    """Flag owners if the mover proved every flag it could still prove this turn: its side is
    complete or one card short (a play adds at most one card to one side)."""
    owners = list(state.claimed)
    sides = state.sides
    for f in range(NUM_FLAGS):
        if owners[f] < 0 and len(sides[2 * f + mover]) >= state.slots(f) - 1:
            owners[f] = mover
    return owners


def _owners(state: BattleLineState, mover: int) -> list[int]:
    """Claimed flags plus those the mover could claim now."""
    return _with(state.claimed, state.provable_flags(mover), mover)


def _with(owners: list[int], flags: list[int], mover: int) -> list[int]:
    """``owners`` with ``flags`` given to the mover."""
    owners = list(owners)
    for f in flags:
        owners[f] = mover
    return owners


def _continuation(state: BattleLineState, mover: int, owners: list[int]) -> int | None:
    """Mid-play: the move that, followed to the end of the mover's play, leaves provable flags
    that win. A card to place (its flag, or a taken card's new flag) is judged in place; a
    choice of card to take or desert, or an environment's flag, is played out on copies.
    ``owners``: claimed flags and the mover's provable flags before this play."""
    phase = state.phase
    placing = state.pending < NUM_TROOPS or state.pending in MORALE
    if phase in (PH_TRAITOR_TO, PH_REDEPLOY_TO) or (phase == PH_FLAG and placing):
        # A taken card has left its flag: the proofs there may have changed.
        now = owners if phase == PH_FLAG else _owners(state, mover)
        exclude = state.pending_from if phase == PH_REDEPLOY_TO else -1
        flag = _winning_flag(state, mover, state.pending, now, exclude)
        if flag is None and phase == PH_REDEPLOY_TO and victory(now, mover) is not None:
            return DISCARD  # no free flag to put it at, and none needed
        return flag
    for action in state.legal_actions():
        after = state.clone()
        after.apply_unchecked(action)
        if after.phase in PLAY_PHASES and after.current_player() == mover:
            if _continuation(after, mover, owners) is not None:
                return action
        elif victory(_owners(after, mover), mover) is not None:
            return action
    return None


def _winning_flag(
    state: BattleLineState, mover: int, card: int, owners: list[int], exclude: int = -1
) -> int | None:
    """The flag (not ``exclude``) where placing ``card`` (troop or morale) makes the mover's
    provable flags win. A troop card from the hand leaves the pool, so besides the flag it
    completes, any complete side of the mover's that the card alone kept from a proof becomes
    provable too."""
    sides = state.sides
    pool = state.pool()
    smaller = pool & ~(1 << card) if card < NUM_TROOPS else pool
    freed: list[int] | None = None  # flags the card's leaving the pool proves, when needed
    spare = False  # a flag the card does not complete was tried: it stands for all of them
    for f in range(NUM_FLAGS):
        side = sides[2 * f + mover]
        n = state.slots(f)
        if f == exclude or state.claimed[f] >= 0 or len(side) >= n:
            continue
        completes = len(side) == n - 1
        if not completes and spare:
            continue
        spare = spare or not completes
        if freed is None:
            freed = _freed(state, mover, owners, smaller) if smaller != pool else []
        trial = _with(owners, freed, mover)
        if completes and victory(_with(trial, [f], mover), mover) is None:
            continue
        if completes and _holds(state, mover, f, [*side, card], smaller, LATER):
            trial[f] = mover
        if victory(trial, mover) is not None:
            return FLAG_BASE + f
    return None


def _freed(state: BattleLineState, mover: int, owners: list[int], pool: int) -> list[int]:
    """The mover's complete, unproven sides that ``pool`` (smaller by a card) proves; none
    when even all of them would not win with one more flag."""
    sides = state.sides
    unproven = [
        g for g in range(NUM_FLAGS) if owners[g] < 0 and len(sides[2 * g + mover]) == state.slots(g)
    ]
    if not unproven:
        return []
    done = state.done_at
    return [
        g
        for g in unproven
        if _holds(state, mover, g, sides[2 * g + mover], pool, done[2 * g + mover])
    ]


def _holds(
    state: BattleLineState, mover: int, f: int, side: list[int], pool: int, done: int
) -> bool:
    """The claim proof for ``side`` as the mover's side of flag ``f``, completed at ``done``."""
    n = state.slots(f)
    other = 2 * f + 1 - mover
    return len(side) == n and claim_holds(
        side, state.sides[other], pool, n, state.fog[f] >= 0, done, state.done_at[other]
    )
