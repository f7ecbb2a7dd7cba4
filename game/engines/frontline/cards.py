"""The card data (rules Appendix A), loaded once from ``cards.json`` in this package.

The numbers are our design, "inspired by" the published game (rules §10, §11): no card list of
the original is public. The engine refers to cards by small ints: unit and crew cards by their
index in ``UNITS`` (both armies, US first), command cards by their index in ``COMMANDS``, damage
cards by their index in ``DAMAGES``. A data file rather than code, so a later balance pass edits
numbers without touching rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

# Unit types (the type icon) and the crew kinds (the crew icon).
TANK, VEHICLE, FIELD_GUN, INFANTRY, AIRCRAFT, CREW = range(6)
TYPE_NAMES = ("TANK", "VEHICLE", "FIELD_GUN", "INFANTRY", "AIRCRAFT", "CREW")
TANK_CREW, ARTILLERY_CREW, PILOT = range(3)
CREW_KINDS = ("TANK_CREW", "ARTILLERY_CREW", "PILOT")
NO_CREW = -1

# Attack columns of a weapon: infantry, armour (tank, vehicle, field gun), aircraft.
INF, ARM, AIR = range(3)
COLUMNS = ("INF", "ARM", "AIR")
COLUMN_OF_TYPE = (ARM, ARM, ARM, INF, AIR, -1)

FRONT, REAR, AIRLINE = range(3)
LINE_NAMES = ("FRONT", "REAR", "AIR")

SIDES = ("US", "GE")
SIDE_NAMES = ("United States", "Germany")


@dataclass(frozen=True)
class Weapon:
    name: str
    rof: int
    attack: tuple[int | None, int | None, int | None]  # by column; None = no effect
    damage_mod: int
    bullet: bool
    bomb: bool


@dataclass(frozen=True)
class UnitCard:
    """A unit or a crew card (crews have type CREW, ``crew_kind`` set and no weapons)."""

    index: int
    id: str
    side: int
    name: str
    type: int
    crew: int  # the crew kind a unit needs, NO_CREW for N/C (and for crew cards)
    crew_kind: int  # for crew cards: the kind they are; NO_CREW otherwise
    lines: tuple[int, ...]
    cost: int
    defense: int
    hp: int
    half_hp: int
    flight_turns: int
    mfa: bool
    pool_count: int
    weapons: tuple[Weapon, ...]

    @property
    def is_crew(self) -> bool:
        return self.type == CREW

    @property
    def land(self) -> bool:
        return self.type not in (AIRCRAFT, CREW)


@dataclass(frozen=True)
class CommandCard:
    index: int
    id: str
    name: str
    count: int
    timing: str
    effect: dict


@dataclass(frozen=True)
class DamageEdge:
    kind: str
    value: int
    row: int
    duration: str  # "" for instant effects, "TURNS:N", "FLIGHT" or "PERSISTENT"


@dataclass(frozen=True)
class DamageCard:
    index: int
    id: str
    name: str
    count: int
    edges: tuple[DamageEdge, ...]  # by edge: TANK_VEHICLE, FIELD_GUN, INFANTRY, AIRCRAFT


EDGES = ("TANK_VEHICLE", "FIELD_GUN", "INFANTRY", "AIRCRAFT")
EDGE_OF_TYPE = (0, 0, 1, 2, 3, -1)


def _weapon(raw: dict) -> Weapon:
    attack = raw["attack"]
    return Weapon(
        name=raw["name"],
        rof=int(raw["rof"]),
        attack=(attack["INF"], attack["ARM"], attack["AIR"]),
        damage_mod=int(raw["damage_mod"]),
        bullet=bool(raw["bullet"]),
        bomb=bool(raw["bomb"]),
    )


def _unit(index: int, raw: dict) -> UnitCard:
    is_crew = raw["type"] == "CREW"
    return UnitCard(
        index=index,
        id=raw["id"],
        side=SIDES.index(raw["side"]),
        name=raw["name"],
        type=TYPE_NAMES.index(raw["type"]),
        crew=NO_CREW if is_crew or raw["crew"] is None else CREW_KINDS.index(raw["crew"]),
        crew_kind=CREW_KINDS.index(raw["crew_kind"]) if is_crew else NO_CREW,
        lines=() if is_crew else tuple(LINE_NAMES.index(line) for line in raw["lines"]),
        cost=int(raw["cost"]),
        defense=int(raw.get("defense", 0)),
        hp=int(raw.get("hp", 0)),
        half_hp=int(raw.get("half_hp", 0)),
        flight_turns=int(raw.get("flight_turns") or 0),
        mfa=bool(raw.get("mobile_field_artillery", False)),
        pool_count=int(raw["pool_count"]),
        weapons=tuple(_weapon(w) for w in raw.get("weapons", ())),
    )


def _edge(raw: dict) -> DamageEdge:
    return DamageEdge(
        kind=raw["kind"],
        value=int(raw.get("value", 0)),
        row=int(raw.get("row", 0)),
        duration=raw.get("duration", ""),
    )


def load_raw() -> dict:
    """The JSON of rules Appendix A, as shipped in the package."""
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    return json.loads(text)


RAW = load_raw()
_RAW_UNITS = [u for side in SIDES for u in RAW["units"] + RAW["crews"] if u["side"] == side]
UNITS: tuple[UnitCard, ...] = tuple(_unit(i, raw) for i, raw in enumerate(_RAW_UNITS))
UNIT_INDEX = {card.id: card.index for card in UNITS}
COMMANDS: tuple[CommandCard, ...] = tuple(
    CommandCard(i, c["id"], c["name"], int(c["count"]), c["timing"], dict(c["effect"]))
    for i, c in enumerate(RAW["command_cards"])
)
COMMAND_INDEX = {card.id: card.index for card in COMMANDS}
DAMAGES: tuple[DamageCard, ...] = tuple(
    DamageCard(i, d["id"], d["name"], int(d["count"]), tuple(_edge(d[e]) for e in EDGES))
    for i, d in enumerate(RAW["damage_cards"])
)
DAMAGE_INDEX = {card.id: card.index for card in DAMAGES}
PREBUILT: dict[str, tuple[int, ...]] = {
    name: tuple(UNIT_INDEX[card] for card in cards) for name, cards in RAW["prebuilt_decks"].items()
}
NUM_UNITS = len(UNITS)
NUM_COMMANDS = len(COMMANDS)
NUM_DAMAGES = len(DAMAGES)
COMMAND_DECK: tuple[int, ...] = tuple(c.index for c in COMMANDS for _ in range(c.count))
DAMAGE_DECK: tuple[int, ...] = tuple(d.index for d in DAMAGES for _ in range(d.count))


def army_pool(side: int) -> dict[int, int]:
    """Card index -> copies in that army's 50-card pool (the deck-building copy limit)."""
    return {card.index: card.pool_count for card in UNITS if card.side == side}


def deck_points(deck: tuple[int, ...] | list[int]) -> int:
    return sum(UNITS[card].cost for card in deck)


def command_id(name: str) -> int:
    return COMMAND_INDEX[name]
