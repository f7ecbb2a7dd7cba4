"""Action ids of Battle Line: small ints in disjoint ranges (see the package docstring).

What an id means depends on the decision being made (the state's phase): a card id is "play this
card" in the play phase, "take this card" for Redeploy/Deserter/Traitor and "put this card back"
for Scout; a flag id is "put the chosen card here".
"""

from __future__ import annotations

from game.engines.battleline.cards import NUM_CARDS, TACTICS_DECK, TROOP_DECK

NUM_FLAGS = 9

FLAG_BASE = NUM_CARDS  # 70-78: a flag, as the target of the card being played or moved
CLAIM_BASE = FLAG_BASE + NUM_FLAGS  # 79-87: claim a flag
DRAW_BASE = CLAIM_BASE + NUM_FLAGS  # 88 draw from the troop deck, 89 from the tactics deck
DRAW_TROOP = DRAW_BASE + TROOP_DECK
DRAW_TACTICS = DRAW_BASE + TACTICS_DECK
DISCARD = DRAW_BASE + 2  # 90: Redeploy's "discard it face up" instead of a flag
PASS = DISCARD + 1  # 91: play no card this turn
DONE = PASS + 1  # 92: stop claiming flags
FIRST_BASE = DONE + 1  # 93, 94 (chance): player 0 / player 1 starts the first game
NUM_ACTIONS = FIRST_BASE + 2

# How the opponent sees hidden moves (``observed_action``); never legal actions.
HIDDEN_CARD = NUM_ACTIONS  # 95: a card dealt or drawn into the other player's hand
HIDDEN_RETURN_BASE = HIDDEN_CARD + 1  # 96/97: Scout put back an unseen troop / tactics card


def flag_action(flag: int) -> int:
    return FLAG_BASE + flag


def claim_action(flag: int) -> int:
    return CLAIM_BASE + flag


def draw_action(deck: int) -> int:
    return DRAW_BASE + deck


def is_card(action: int) -> bool:
    return 0 <= action < NUM_CARDS


def is_flag(action: int) -> bool:
    return FLAG_BASE <= action < CLAIM_BASE


def is_claim(action: int) -> bool:
    return CLAIM_BASE <= action < DRAW_BASE


def is_draw(action: int) -> bool:
    return action in (DRAW_TROOP, DRAW_TACTICS)
