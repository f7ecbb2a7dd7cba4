"""Why an action is refused, as a phrase (``BattleLineState.illegal_phrase``).

Only called for an action that is not legal, so each function may assume that and look for the
most helpful explanation: the tactics limit, the one-Leader rule, a claimed flag, a failed claim
proof with the completion that beats the claimer, and so on. ``REFUSALS`` words the phrases in
English (logs, tests); the UI words the same keys as ``refusal.battleline.<key>``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engines.base import Phrase
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
from game.engines.battleline.proof import PROOF_PHRASES, proof_english

if TYPE_CHECKING:
    from game.engines.battleline.shape import BattleLineShape

# "card" is a card id, "deck" a deck, "flag" a flag as shown (from 1); "why" and "wanted" are
# nested phrases (a claim proof's reason, the decision being asked for).
REFUSALS = {
    "no_such_action": "{action} is not a Battle Line action",
    "dealing": "cards are being dealt or drawn; wait for the card",
    "claim_or_done": "claim a provable flag or finish claiming",
    "deck_empty": "the {deck} deck is empty",
    "choose_deck": "choose a deck to draw from",
    "put_back": "put back a card from your hand",
    "choose_flag": "choose a flag for {card}",
    "redeploy_from": "choose one of your cards at an unclaimed flag to redeploy",
    "redeploy_to": "choose another flag with a free slot on your side, or discard",
    "deserter": "choose an opposing card at an unclaimed flag",
    "traitor_from": "choose an opposing troop card at an unclaimed flag",
    "traitor_to": "choose a flag with a free slot on your side",
    "flag_claimed": "flag {flag} is claimed: nothing there may change",
    "redeploy_elsewhere": "Redeploy moves the card to a different flag",
    "side_full": "your side of flag {flag} is full",
    "cannot_take": "{card} cannot be taken: {wanted}",
    "no_pass": "you can play a troop card, so you may not pass",
    "play_a_card": "play a card from your hand (or pass if you cannot play a troop card)",
    "not_in_hand": "you do not hold {card}",
    "no_free_slot": "there is no free slot on your side of an unclaimed flag",
    "tactics_limit": (
        "tactics cards played: you {played}, your opponent {opponent_played}; "
        "wait until they play one"
    ),
    "second_leader": "you have already played a Leader; a second one stays in your hand",
    "cannot_play": "{card} cannot be played: {why}",
    "decks_empty": "both decks are empty",
    "nothing_to_redeploy": "you have no card at an unclaimed flag",
    "nothing_to_desert": "your opponent has no card at an unclaimed flag",
    "traitor_needs": "Traitor needs an opposing troop card and a free slot on your side",
    "no_flag_for_it": "no unclaimed flag can take it",
    "no_slot": "no free slot on your side",
    "cannot_claim": "you cannot claim flag {flag}: {why}",
    "claim_after_play": "play your card first; claims come after it this turn",
    "claim_at_start": "claims are made at the start of your turn (advanced timing)",
    "claim_before_draw": "claims are made after your play and before you draw",
}


def english(key: str, args: dict[str, Any]) -> str:
    """A refusal phrase (or a claim proof's, nested in one) in English."""
    if key in PROOF_PHRASES:
        return proof_english(key, args)
    words: dict[str, Any] = dict(args)
    if "card" in args:
        words["card"] = card_name(args["card"])
    if "deck" in args:
        words["deck"] = DECK_NAMES[args["deck"]]
    for name in ("why", "wanted"):
        if name in args:
            words[name] = english(*args[name])
    return REFUSALS[key].format(**words)


def explain(state: BattleLineShape, action: int) -> Phrase:
    """Why a legal-looking action is refused here."""
    phase = state.phase
    if phase in CHANCE_PHASES:
        return "dealing", {}
    if is_claim(action):
        return _explain_claim(state, action - CLAIM_BASE)
    if phase == PH_PLAY:
        return _explain_play(state, action)
    if phase == PH_CLAIM:
        return "claim_or_done", {}
    if phase in (PH_DRAW, PH_SCOUT_DRAW):
        if is_draw(action):
            return "deck_empty", {"deck": action - DRAW_BASE}
        return "choose_deck", {}
    if phase == PH_SCOUT_RETURN:
        return "put_back", {}
    wanted: Phrase = {
        PH_FLAG: ("choose_flag", {"card": state.pending}),
        PH_REDEPLOY_FROM: ("redeploy_from", {}),
        PH_REDEPLOY_TO: ("redeploy_to", {}),
        PH_DESERTER: ("deserter", {}),
        PH_TRAITOR_FROM: ("traitor_from", {}),
        PH_TRAITOR_TO: ("traitor_to", {}),
    }[phase]
    if is_flag(action):
        flag = action - FLAG_BASE
        if state.claimed[flag] >= 0:
            return "flag_claimed", {"flag": flag + 1}
        if phase in (PH_FLAG, PH_REDEPLOY_TO, PH_TRAITOR_TO) and state.pending not in (FOG, MUD):
            if flag == state.pending_from and phase == PH_REDEPLOY_TO:
                return "redeploy_elsewhere", {}
            return "side_full", {"flag": flag + 1}
    if is_card(action) and phase in (PH_DESERTER, PH_TRAITOR_FROM, PH_REDEPLOY_FROM):
        return "cannot_take", {"card": action, "wanted": wanted}
    return wanted


_UNPLAYABLE = {
    SCOUT: "decks_empty",
    REDEPLOY: "nothing_to_redeploy",
    DESERTER: "nothing_to_desert",
    TRAITOR: "traitor_needs",
    FOG: "no_flag_for_it",
    MUD: "no_flag_for_it",
}


def _explain_play(state: BattleLineShape, action: int) -> Phrase:
    p = state.player
    if action == PASS:
        return "no_pass", {}
    if not is_card(action):
        return "play_a_card", {}
    if action not in state.hands[p]:
        return "not_in_hand", {"card": action}
    if action < NUM_TROOPS:
        return "no_free_slot", {}
    if not state.can_play_tactics(p):
        return "tactics_limit", {
            "played": state.tactics_played[p],
            "opponent_played": state.tactics_played[1 - p],
        }
    if action in LEADERS and state.leader_played[p]:
        return "second_leader", {}
    return "cannot_play", {"card": action, "why": (_UNPLAYABLE.get(action, "no_slot"), {})}


def _explain_claim(state: BattleLineShape, flag: int) -> Phrase:
    check = state.claim_check(state.player, flag)
    if not check.ok:
        return "cannot_claim", {"flag": flag + 1, "why": check.phrase}
    if state.phase == PH_PLAY and not state.advanced:
        return "claim_after_play", {}
    if state.advanced:
        return "claim_at_start", {}
    return "claim_before_draw", {}
