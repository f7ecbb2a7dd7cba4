"""The phases of a turn: which decision (or chance event) a state is waiting for."""

from __future__ import annotations

(
    PH_FIRST,  # chance: who starts the match
    PH_DEAL,  # chance: the next card of the deal
    PH_PLAY,  # play a card from hand, or pass
    PH_FLAG,  # the flag for the troop/morale/environment card being played
    PH_SCOUT_DRAW,  # Scout: which deck to draw the next card from
    PH_SCOUT_RETURN,  # Scout: which card to put back on its deck
    PH_REDEPLOY_FROM,  # Redeploy: which of your cards to move
    PH_REDEPLOY_TO,  # Redeploy: where to (a flag, or DISCARD)
    PH_DESERTER,  # Deserter: which opposing card to discard
    PH_TRAITOR_FROM,  # Traitor: which opposing troop card to take
    PH_TRAITOR_TO,  # Traitor: which of your flags to put it at
    PH_CLAIM,  # claim provable flags one by one, then DONE
    PH_DRAW,  # which deck to refill from
    PH_DRAW_CARD,  # chance: the card drawn
    PH_OVER,  # the match is over
    PH_NEXT,  # chance: the first card of the next game's deal; until then the finished board lies
) = range(16)

# The names used in observations ("phase").
PHASE_NAMES = (
    "first_player",
    "deal",
    "play",
    "flag",
    "scout_draw",
    "scout_return",
    "redeploy_from",
    "redeploy_to",
    "deserter",
    "traitor_from",
    "traitor_to",
    "claim",
    "draw",
    "draw_card",
    "over",
    "next_game",
)
CHANCE_PHASES = frozenset((PH_FIRST, PH_DEAL, PH_DRAW_CARD, PH_NEXT))
