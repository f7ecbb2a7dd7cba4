"""Game options (``FrontlineGame.options``; the first value is the default) and the named
constants of the rules. Each decision of rules §9 is either an option or a constant here."""

from __future__ import annotations

from game.engines.frontline.cards import PREBUILT

# §3 decks: the prebuilt decks of §10.5 (public, named by the two options below) or built in
# secret by each player as decisions (80-100 points within the pool's copy limits).
DECKS = "decks"
US_DECK = "us_deck"  # the US player's deck: a prebuilt deck of rules §10.5
GE_DECK = "ge_deck"
SEAT0_ARMY = "seat0_army"  # which army the first seat commands
# §9 #1: the +2 against field guns helps the attacker ("attacker") or hinders it ("defender").
FIELD_GUN_BONUS = "field_gun_bonus"
# Close assault rolls against the numerically highest ARM value of the group (the literal
# reading of the seed, 一番高い攻撃値) or the best (lowest) one; see the package docstring.
ASSAULT_VALUE = "close_assault_value"
# Not in the rules (§9 #24): a game that reaches the end of this turn is decided on VP (higher
# wins, equal is a draw). "none", the default, plays by the rules: 51 VP or an overrun. The
# self-test, the benchmarks and random playouts set a limit (passive play can go on for ever).
TURN_LIMIT = "turn_limit"
NO_LIMIT = "none"

# The protocol tests cycle through the combinations with the last option varying fastest.
OPTIONS: dict[str, list] = {
    SEAT0_ARMY: ["US", "GE"],
    US_DECK: [name for name in PREBUILT if name.startswith("us_")],
    GE_DECK: [name for name in PREBUILT if name.startswith("ge_")],
    TURN_LIMIT: [NO_LIMIT, 20, 30, 50],
    FIELD_GUN_BONUS: ["attacker", "defender"],
    ASSAULT_VALUE: ["highest", "best"],
    DECKS: ["prebuilt", "build"],
}

# Rules constants (§3, §4, §7) and the decisions of §9 that are not options.
START_UNITS = 4  # §3.2 chosen, not drawn
START_COMMANDS = 3  # §3.3
DECK_MIN_POINTS, DECK_MAX_POINTS = 80, 100  # §3.1
MAX_WEAPONS = 2  # §4.2.1 up to two weapons per attack
ASSAULT_MIN = 3  # §4.2.1 close assault group size; §9 #18 cancelled below it
FIELD_GUN_MOD = 2  # §4.2.3 / §9 #1
HAND_UNITS, HAND_COMMANDS = 7, 5  # §4.3; §9 #20 crews count as unit cards
FREE_DRAWS = 2  # §4.3 after the first command card
WIN_VP = 51  # §7
OVERRUN_TURNS = 3  # §7, §9 #15
CAPTURE_ROLLS = (4, 5, 6)  # §4.2.5 crew roll: captured (if the enemy has a land unit)
SURVIVE_ROLLS = (1, 2, 3)  # §4.2.5 crew roll: back under the Reserves
FIRE_ROLLS = (1, 2, 3)  # §6 fire_check: destroyed on these
