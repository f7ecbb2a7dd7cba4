"""Frontline's card data file (rules Appendix A) loads and keeps the rules' totals."""

from __future__ import annotations

from game.engines.frontline.cards import (
    AIRCRAFT,
    ARTILLERY_CREW,
    COMMAND_DECK,
    COMMANDS,
    DAMAGE_DECK,
    DAMAGES,
    EDGES,
    FIELD_GUN,
    FRONT,
    NO_CREW,
    PILOT,
    PREBUILT,
    REAR,
    TANK_CREW,
    UNIT_INDEX,
    UNITS,
    VEHICLE,
    army_pool,
    deck_points,
    load_raw,
)


def test_each_army_pool_has_fifty_cards_and_its_points() -> None:
    """§10: 50 cards per army; US 249 points, German 268."""
    for side, points in ((0, 249), (1, 268)):
        pool = army_pool(side)
        assert sum(pool.values()) == 50
        assert sum(UNITS[c].cost * n for c, n in pool.items()) == points


def test_the_public_facts_are_kept() -> None:
    """§10: Tiger costs 21, Tank Crew 2; the Sherman's main gun has no AA value but its .50 cal
    does; the M7 Priest is mobile field artillery."""
    assert UNITS[UNIT_INDEX["ge_tiger1"]].cost == 21
    assert UNITS[UNIT_INDEX["us_tank_crew"]].cost == 2
    sherman = UNITS[UNIT_INDEX["us_m4a1_sherman"]]
    assert sherman.weapons[0].attack[2] is None and sherman.weapons[2].attack[2] == 15
    priest = UNITS[UNIT_INDEX["us_m7_priest"]]
    assert priest.mfa and set(priest.lines) == {FRONT, REAR}


def test_crew_kinds_follow_decision_19() -> None:
    """Tanks and vehicles use Tank Crew, guns and MFA Artillery Crew, aircraft a Pilot."""
    for card in UNITS:
        if card.is_crew:
            assert card.crew == NO_CREW and not card.weapons
            continue
        if card.type == AIRCRAFT:
            assert card.crew == PILOT and card.flight_turns == 2
        elif card.type == FIELD_GUN or card.mfa:
            assert card.crew == ARTILLERY_CREW
        elif card.type == VEHICLE or card.type == 0:
            assert card.crew == TANK_CREW
        assert 0 < card.half_hp < card.hp and card.weapons


def test_command_and_damage_decks() -> None:
    """§5.3: 50 command cards of 15 kinds; §10.4: 25 damage cards of 10 kinds, four edges."""
    assert len(COMMAND_DECK) == 50 and len(COMMANDS) == 15
    assert len(DAMAGE_DECK) == 25 and len(DAMAGES) == 10
    for card in DAMAGES:
        assert len(card.edges) == len(EDGES)
    assert {c.id for c in COMMANDS} >= {"fire_mission", "camouflage", "hull_down", "surrender"}


def test_prebuilt_decks_are_legal_and_match_the_table() -> None:
    """§10.5's points; each within 80-100 and within the pool's copy limits."""
    expected = {
        "us_armored_task_force": 95,
        "us_infantry_and_air": 100,
        "ge_panzergrenadier_kampfgruppe": 92,
        "ge_tiger_detachment": 86,
    }
    assert {name: deck_points(deck) for name, deck in PREBUILT.items()} == expected
    for deck in PREBUILT.values():
        side = UNITS[deck[0]].side
        pool = army_pool(side)
        for card in set(deck):
            assert UNITS[card].side == side and deck.count(card) <= pool[card]


def test_the_file_is_the_appendix_schema() -> None:
    raw = load_raw()
    assert raw["schema"] == "frontline-general-spec/1"
    assert len(UNITS) == len(raw["units"]) + len(raw["crews"])
