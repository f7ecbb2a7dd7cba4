"""A unit in the Battle Area (rules §8's runtime fields), with a cheap hand-written copy."""

from __future__ import annotations

from game.engines.frontline.cards import NO_CREW, UNITS
from game.engines.frontline.observation import UnitView

PERSISTENT = -1  # eff_left of an effect with no turn counter (PERSISTENT, FLIGHT)


class Unit:
    """``hp_max`` is the printed HP, or the printed half HP once the unit holds a Damage card
    (set at the end of the phase it was drawn in); ``damage`` is this phase's damage. The
    Damage card's effect for the unit's edge is ``eff_*``: kind "" when none is active;
    ``eff_left`` counts end-of-combat ticks left (``PERSISTENT`` for no counter)."""

    __slots__ = (
        "bomb_used",
        "captured_from",
        "card",
        "cmds",
        "crew",
        "damage",
        "dmg_card",
        "eff_kind",
        "eff_left",
        "eff_row",
        "eff_value",
        "flight_left",
        "hp_max",
        "line",
        "owner",
        "pos",
        "printed",
    )

    def __init__(self, card: int, owner: int, pos: int, line: int, crew: int) -> None:
        printed = UNITS[card]
        self.card = card
        self.printed = printed  # the card never changes: read on every rule query
        self.owner = owner
        self.pos = pos
        self.line = line
        self.crew = crew
        self.hp_max = printed.hp
        self.damage = 0
        self.dmg_card = -1
        self.eff_kind = ""
        self.eff_value = 0
        self.eff_row = 0
        self.eff_left = 0
        self.flight_left = printed.flight_turns
        self.bomb_used = False
        self.captured_from = -1
        self.cmds = 0  # bits of the command cards in effect on it (commands.py)

    def copy(self) -> Unit:
        other = object.__new__(Unit)
        other.bomb_used = self.bomb_used
        other.captured_from = self.captured_from
        other.card = self.card
        other.cmds = self.cmds
        other.crew = self.crew
        other.damage = self.damage
        other.dmg_card = self.dmg_card
        other.eff_kind = self.eff_kind
        other.eff_left = self.eff_left
        other.eff_row = self.eff_row
        other.eff_value = self.eff_value
        other.flight_left = self.flight_left
        other.hp_max = self.hp_max
        other.line = self.line
        other.owner = self.owner
        other.pos = self.pos
        other.printed = self.printed
        return other

    @property
    def hp_left(self) -> int:
        return self.hp_max - self.damage

    @property
    def crewed(self) -> bool:
        return self.printed.crew == NO_CREW or self.crew >= 0

    def effect(self, kind: str) -> int | None:
        """The value of the active damage effect ``kind`` (None when not active)."""
        if self.eff_kind == kind and self.eff_left != 0:
            return self.eff_value
        return None

    def view(self) -> UnitView:
        return {
            "pos": self.pos,
            "owner": self.owner,
            "card": self.card,
            "line": self.line,
            "crew": self.crew,
            "hp_max": self.hp_max,
            "damage": self.damage,
            "damage_card": self.dmg_card,
            "effect": (
                {
                    "kind": self.eff_kind,
                    "value": self.eff_value,
                    "row": self.eff_row,
                    "left": self.eff_left,
                }
                if self.eff_kind
                else None
            ),
            "flight_left": self.flight_left,
            "bomb_used": self.bomb_used,
            "captured_from": self.captured_from,
            "commands": [c for c in range(self.cmds.bit_length()) if self.cmds >> c & 1],
        }
