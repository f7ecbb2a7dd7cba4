"""The balance study's rule-policy variants (bench/frontline_strength.py): the baseline with a
frontline starting hand, and in the conditions of the rules' own simulation (§10.6)."""

from __future__ import annotations

import random

from bench.baselines.frontline import RulePolicyAgent
from bench.frontline_strength import CARD_KINDS, PLAIN_PHASES, RuleVariant, agent
from game.engines.frontline import FrontlineGame
from game.engines.frontline.actions import CARD, kind_of
from game.engines.frontline.cards import AIRCRAFT, PILOT, UNITS
from game.engines.frontline.phases import PH_PICK


def _hand(player: RuleVariant | RulePolicyAgent) -> list[int]:
    state = FrontlineGame().new_state(us_deck="us_infantry_and_air", seat0_army="US")
    picks = []
    while state.phase == PH_PICK and state.current_player() == 0:
        action = player.choose(state)
        picks.append(action - CARD)
        state.apply_action(action)
    return picks


def test_the_rule_policy_opens_with_the_p47_and_the_land_variant_does_not() -> None:
    """The finding of the study: the baseline's "crewed unit with its crew" takes the dearest,
    the P-47 and its pilot; ``rules-land`` takes a land unit with its crew instead."""
    rules = [UNITS[c].id for c in _hand(RulePolicyAgent(0))]
    assert rules[:2] == ["us_p47d_thunderbolt", "us_pilot"]
    land = _hand(RuleVariant(0, plain=False, land=True))
    assert len(land) == 4
    assert not any(UNITS[c].type == AIRCRAFT or UNITS[c].crew_kind == PILOT for c in land)
    assert {"us_m4a1_sherman", "us_tank_crew"} <= {UNITS[c].id for c in land}


def test_the_plain_variant_plays_no_card_and_no_close_assault() -> None:
    state = FrontlineGame().new_state(us_deck="us_infantry_and_air")
    agents = [agent("rules-plain", 1), agent("rules-plain", 2)]
    rng = random.Random(3)
    moves = []
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance(rng))
            continue
        action = agents[player].choose(state.determinize(player, rng))
        if state.phase in PLAIN_PHASES:  # elsewhere a "command" move is a discard
            moves.append(kind_of(action))
        state.apply_action(action)
    assert moves and not set(moves) & set(CARD_KINDS)
    assert len(state.command_discard) > 0  # cards were drawn (and discarded at the limit)
