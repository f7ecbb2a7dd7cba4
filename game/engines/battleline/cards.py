"""The 70 cards of Battle Line and their integer ids (rules §1.1).

Troop card id = colour * 10 + (value - 1), so ids 0-59 double as bit positions in the 60-bit
masks the claim proof works with: ``(mask >> 10 * colour) & 0x3FF`` holds a colour's values with
bit ``value - 1``. Tactics cards are ids 60-69, one of each.
"""

from __future__ import annotations

NUM_COLOURS = 6
NUM_VALUES = 10
NUM_TROOPS = NUM_COLOURS * NUM_VALUES
COLOUR_NAMES = ("Red", "Orange", "Yellow", "Green", "Blue", "Purple")
COLOUR_LETTERS = "ROYGBP"

ALEXANDER = 60
DARIUS = 61
CAVALRY = 62  # Companion Cavalry
SHIELD = 63  # Shield Bearers
FOG = 64
MUD = 65
SCOUT = 66
REDEPLOY = 67
DESERTER = 68
TRAITOR = 69
NUM_CARDS = 70

TACTICS = tuple(range(NUM_TROOPS, NUM_CARDS))
LEADERS = (ALEXANDER, DARIUS)
MORALE = (ALEXANDER, DARIUS, CAVALRY, SHIELD)  # wild cards that take a slot at a flag
ENVIRONMENT = (FOG, MUD)
GUILE = (SCOUT, REDEPLOY, DESERTER, TRAITOR)

TACTICS_NAMES = {
    ALEXANDER: "Alexander",
    DARIUS: "Darius",
    CAVALRY: "Companion Cavalry",
    SHIELD: "Shield Bearers",
    FOG: "Fog",
    MUD: "Mud",
    SCOUT: "Scout",
    REDEPLOY: "Redeploy",
    DESERTER: "Deserter",
    TRAITOR: "Traitor",
}

ALL_TROOPS_MASK = (1 << NUM_TROOPS) - 1
COLOUR_BITS = 0x3FF  # the ten value bits of one colour

# A morale card's value under Fog and in card totals: the largest it may take (rules §1.6).
WILD_MAX = {ALEXANDER: 10, DARIUS: 10, CAVALRY: 8, SHIELD: 3}
# The values a morale card may take, as a 10-bit mask (bit value - 1).
WILD_ACCEPTS = {ALEXANDER: COLOUR_BITS, DARIUS: COLOUR_BITS, CAVALRY: 1 << 7, SHIELD: 0b111}

# The two draw piles, by the deck index used throughout the engine.
TROOP_DECK = 0
TACTICS_DECK = 1
DECK_NAMES = ("troop", "tactics")


def troop(colour: int, value: int) -> int:
    return colour * NUM_VALUES + value - 1


def colour_of(card: int) -> int:
    return card // NUM_VALUES


def value_of(card: int) -> int:
    return card % NUM_VALUES + 1


def is_troop(card: int) -> bool:
    return card < NUM_TROOPS


def deck_of(card: int) -> int:
    """The deck a card belongs to (Scout returns each card to its own deck)."""
    return TROOP_DECK if card < NUM_TROOPS else TACTICS_DECK


def card_name(card: int) -> str:
    """Short name: "R7" for a troop card, the card's name for a tactics card."""
    if card < NUM_TROOPS:
        return f"{COLOUR_LETTERS[colour_of(card)]}{value_of(card)}"
    return TACTICS_NAMES[card]


def parse_card(name: str) -> int:
    """Inverse of ``card_name`` (case-insensitive); for tests and tools."""
    text = name.strip()
    for card, tactic in TACTICS_NAMES.items():
        if tactic.lower() == text.lower():
            return card
    letter, digits = text[:1].upper(), text[1:]
    if letter not in COLOUR_LETTERS or not digits.isdigit() or not 1 <= int(digits) <= 10:
        raise ValueError(f"not a Battle Line card: {name!r}")
    return troop(COLOUR_LETTERS.index(letter), int(digits))


def cards_mask(cards: list[int] | tuple[int, ...]) -> int:
    """Bit mask of the troop cards among ``cards``."""
    mask = 0
    for card in cards:
        if card < NUM_TROOPS:
            mask |= 1 << card
    return mask
