"""Action ids of Frontline: small ints in disjoint ranges; what an id means depends on the
decision being made (the state's phase), as listed in the package docstring."""

from __future__ import annotations

from game.engines.frontline.cards import NUM_COMMANDS, NUM_DAMAGES, NUM_UNITS, PREBUILT

SLOTS = 32  # board places per player: a unit's position is owner * SLOTS + slot
POSITIONS = 2 * SLOTS


def _ranges() -> dict[str, tuple[int, int]]:
    sizes = (
        ("card", NUM_UNITS),  # a unit/crew card type: pick, commit (printed line), put back
        ("rear", NUM_UNITS),  # commit a mobile field artillery card to the Rear Line
        ("unit", POSITIONS),  # a unit on the board: target, attacker, victim, place
        ("assault", POSITIONS),  # close assault on this enemy unit
        ("command", NUM_COMMANDS),  # a command card type: play it (discard at the hand limit)
        ("boost", NUM_COMMANDS),  # discard a command card of this type for +1 to this roll
        ("surrender", POSITIONS),  # declare Surrender! on this enemy unit
        ("switch", POSITIONS),  # move this mobile field artillery to the other line
        # DONE (also: pass, roll), HOLD, ME_FIRST, THEM_FIRST, DRAW_COMMAND, DRAW_UNIT
        ("single", 6),
        ("weapons", 8),  # a set of weapon rows as a bit mask (1-7)
        ("prebuilt", len(PREBUILT)),  # deck building: take this prebuilt deck whole
        ("die", 10),  # chance: a d10 face 1-10
        ("draw_unit", NUM_UNITS),  # chance: the unit card drawn from the Reserves
        ("draw_command", NUM_COMMANDS),  # chance: the command card drawn
        ("draw_damage", NUM_DAMAGES),  # chance: the damage card drawn
        ("hidden", 3),  # observed_action only: what the other player sees of a hidden move
    )
    out, start = {}, 0
    for name, size in sizes:
        out[name] = (start, start + size)
        start += size
    return out


RANGES = _ranges()
CARD = RANGES["card"][0]
REAR_CARD = RANGES["rear"][0]
UNIT = RANGES["unit"][0]
ASSAULT = RANGES["assault"][0]
COMMAND = RANGES["command"][0]
BOOST = RANGES["boost"][0]
SURRENDER = RANGES["surrender"][0]
SWITCH = RANGES["switch"][0]
DONE, HOLD, ME_FIRST, THEM_FIRST, DRAW_COMMAND, DRAW_UNIT = range(*RANGES["single"])
WEAPONS = RANGES["weapons"][0]
PREBUILT_DECK = RANGES["prebuilt"][0]  # + index in cards.PREBUILT
DIE = RANGES["die"][0]
DRAWN_UNIT = RANGES["draw_unit"][0]
DRAWN_COMMAND = RANGES["draw_command"][0]
DRAWN_DAMAGE = RANGES["draw_damage"][0]
# What the other player sees (never legal): a face-down card set aside, a hidden declaration,
# a card that only its owner sees (a starting pick, a draw, a unit put back under the Reserves).
HIDDEN_DECLARE, HIDDEN_CARD, HIDDEN_PICK = range(*RANGES["hidden"])
NUM_ACTIONS = RANGES["hidden"][0]


def kind_of(action: int) -> str:
    """The range an action id falls in ("card", "unit", ... ; "" if none)."""
    for name, (lo, hi) in RANGES.items():
        if lo <= action < hi:
            return name
    return ""
