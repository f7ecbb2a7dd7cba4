"""The decisions and chance events a Frontline state can wait for (``state.phase``), and the
kinds of declared attack."""

from __future__ import annotations

NORMAL, CLOSE_ASSAULT, SURRENDER_ATTACK = range(3)  # kinds of declared attack

(
    PH_PICK,  # set-up: choose a starting unit card from your deck (4 times)
    PH_DEAL,  # chance: the 3 command cards each, dealt alternately
    PH_COMMIT,  # hidden: set a unit/crew card aside face down, or DONE
    PH_DECLARE,  # hidden: the target of the next attacker in the queue (or HOLD)
    PH_WEAPONS,  # hidden: its weapons (a set of rows)
    PH_INITIATIVE,  # chance: the initiative d10 of seat 0, then of seat 1
    PH_ORDER,  # the initiative winner: who resolves the first attack
    PH_CHOOSE_ATTACK,  # which of your declared attacks resolves now
    PH_ATTACK_DIE,  # chance: one d10 of a 2d10 attack roll
    PH_FRIENDLY_FIRE,  # the attacker's opponent picks the friendly-fire victim
    PH_POWER_DIE,  # chance: the power d10 of a hit
    PH_ASSAULT_DIE,  # chance: one close-assault member's d10
    PH_DAMAGE_CARD,  # chance: the Damage card drawn at half HP
    PH_CREW_DIE,  # chance: a fresh crew roll
    PH_FIRE_DIE,  # chance: an end-of-phase fire check
    PH_DRAW_COMMAND,  # chance: a command card drawn
    PH_DRAW_CHOICE,  # a free draw: command card or unit card
    PH_DRAW_UNIT,  # chance: the unit card drawn from the Reserves
    PH_DISCARD_UNIT,  # hand limit: a unit card to put under the Reserves
    PH_DISCARD_COMMAND,  # hand limit: a command card to discard
    PH_WINDOW,  # a command-card window (C1, C2, C5): play a card, move a crew or MFA, or pass
    PH_CARD_TARGET,  # the unit the command card being played goes on
    PH_CREW_TO,  # C1: the unit the moving crew goes to
    PH_ROLL_WINDOW,  # before one of your rolls: C3 cards, discard for +1, or roll
    PH_SURRENDER_DIE,  # chance: the Surrender! d10
    PH_BUILD,  # hidden: add a card of your army's pool to your deck, or DONE (80-100 points)
    PH_FIRST_WEAPON,  # which of the attack's two weapons fires first
    PH_CREW_PLACE,  # which uncrewed unit a crew committed alone goes to
    PH_CAPTURE_LINE,  # the capturer puts a captured crew-requiring unit in either line (§9 #28)
    PH_OVER,
) = range(30)

PHASE_NAMES = (
    "pick",
    "deal",
    "commit",
    "declare",
    "weapons",
    "initiative",
    "order",
    "choose_attack",
    "attack_die",
    "friendly_fire",
    "power_die",
    "assault_die",
    "damage_card",
    "crew_die",
    "fire_die",
    "draw_command",
    "draw_choice",
    "draw_unit",
    "discard_unit",
    "discard_command",
    "window",
    "card_target",
    "crew_to",
    "roll_window",
    "surrender_die",
    "build",
    "first_weapon",
    "crew_place",
    "capture_line",
    "over",
)
CHANCE_PHASES = frozenset(
    (
        PH_DEAL,
        PH_INITIATIVE,
        PH_ATTACK_DIE,
        PH_POWER_DIE,
        PH_ASSAULT_DIE,
        PH_DAMAGE_CARD,
        PH_CREW_DIE,
        PH_FIRE_DIE,
        PH_DRAW_COMMAND,
        PH_DRAW_UNIT,
        PH_SURRENDER_DIE,
    )
)
DICE_PHASES = frozenset(
    (
        PH_INITIATIVE,
        PH_ATTACK_DIE,
        PH_POWER_DIE,
        PH_ASSAULT_DIE,
        PH_CREW_DIE,
        PH_FIRE_DIE,
        PH_SURRENDER_DIE,
    )
)
# Decisions whose content the other player does not see (rules §4.1, §4.2.1; DESIGN.md).
HIDDEN_PHASES = frozenset((PH_BUILD, PH_PICK, PH_COMMIT, PH_DECLARE, PH_WEAPONS, PH_DISCARD_UNIT))
