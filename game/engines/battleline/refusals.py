"""Why an action is refused, in a player's words (``BattleLineState.illegal_reason``).

Only called for an action that is not legal, so each function may assume that and look for the
most helpful explanation: the tactics limit, the one-Leader rule, a claimed flag, a failed claim
proof with the completion that beats the claimer, and so on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engines.battleline.actions import (
    CLAIM_BASE,
    DRAW_BASE,
    FLAG_BASE,
    PASS,
    is_card,
    is_claim,
    is_draw,
    is_flag,
)
from game.engines.battleline.cards import (
    DECK_NAMES,
    DESERTER,
    FOG,
    LEADERS,
    MUD,
    NUM_TROOPS,
    REDEPLOY,
    SCOUT,
    TRAITOR,
    card_name,
)
from game.engines.battleline.phases import (
    CHANCE_PHASES,
    PH_CLAIM,
    PH_DESERTER,
    PH_DRAW,
    PH_FLAG,
    PH_PLAY,
    PH_REDEPLOY_FROM,
    PH_REDEPLOY_TO,
    PH_SCOUT_DRAW,
    PH_SCOUT_RETURN,
    PH_TRAITOR_FROM,
    PH_TRAITOR_TO,
)

if TYPE_CHECKING:
    from game.engines.battleline.state import BattleLineState


def explain(state: BattleLineState, action: int) -> str:
    """Why a legal-looking action is refused here, in a player's words."""
    phase = state.phase
    if phase in CHANCE_PHASES:
        return "cards are being dealt or drawn; wait for the card"
    if is_claim(action):
        return _explain_claim(state, action - CLAIM_BASE)
    if phase == PH_PLAY:
        return _explain_play(state, action)
    if phase == PH_CLAIM:
        return "claim a provable flag or finish claiming"
    if phase in (PH_DRAW, PH_SCOUT_DRAW):
        if is_draw(action):
            return f"the {DECK_NAMES[action - DRAW_BASE]} deck is empty"
        return "choose a deck to draw from"
    if phase == PH_SCOUT_RETURN:
        return "put back a card from your hand"
    wanted = {
        PH_FLAG: f"choose a flag for {card_name(state.pending)}",
        PH_REDEPLOY_FROM: "choose one of your cards at an unclaimed flag to redeploy",
        PH_REDEPLOY_TO: "choose another flag with a free slot on your side, or discard",
        PH_DESERTER: "choose an opposing card at an unclaimed flag",
        PH_TRAITOR_FROM: "choose an opposing troop card at an unclaimed flag",
        PH_TRAITOR_TO: "choose a flag with a free slot on your side",
    }[phase]
    if is_flag(action):
        flag = action - FLAG_BASE
        if state.claimed[flag] >= 0:
            return f"flag {flag + 1} is claimed: nothing there may change"
        if phase in (PH_FLAG, PH_REDEPLOY_TO, PH_TRAITOR_TO) and state.pending not in (FOG, MUD):
            if flag == state.pending_from and phase == PH_REDEPLOY_TO:
                return "Redeploy moves the card to a different flag"
            return f"your side of flag {flag + 1} is full"
    if is_card(action) and phase in (PH_DESERTER, PH_TRAITOR_FROM, PH_REDEPLOY_FROM):
        return f"{card_name(action)} cannot be taken: {wanted}"
    return wanted


def _explain_play(state: BattleLineState, action: int) -> str:
    p = state.player
    if action == PASS:
        return "you can play a troop card, so you may not pass"
    if not is_card(action):
        return "play a card from your hand (or pass if you cannot play a troop card)"
    name = card_name(action)
    if action not in state.hands[p]:
        return f"you do not hold {name}"
    if action < NUM_TROOPS:
        return "there is no free slot on your side of an unclaimed flag"
    if not state.can_play_tactics(p):
        return (
            f"you have played {state.tactics_played[p]} tactics cards and your opponent "
            f"{state.tactics_played[1 - p]}: wait until they play one"
        )
    if action in LEADERS and state.leader_played[p]:
        return "you have already played a Leader; a second one stays in your hand"
    reasons = {
        SCOUT: "both decks are empty",
        REDEPLOY: "you have no card at an unclaimed flag",
        DESERTER: "your opponent has no card at an unclaimed flag",
        TRAITOR: "Traitor needs an opposing troop card and a free slot on your side",
        FOG: "no unclaimed flag can take it",
        MUD: "no unclaimed flag can take it",
    }
    return f"{name} cannot be played: " + reasons.get(action, "no free slot on your side")


def _explain_claim(state: BattleLineState, flag: int) -> str:
    check = state.claim_check(state.player, flag)
    if not check.ok:
        return f"you cannot claim flag {flag + 1}: {check.reason}"
    if state.phase == PH_PLAY and not state.advanced:
        return "play your card first; claims come after it this turn"
    if state.advanced:
        return "claims are made at the start of your turn (advanced timing)"
    return "claims are made after your play and before you draw"
