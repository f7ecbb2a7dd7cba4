"""The balance study's rule-policy variant (research/frontline_studies.py): the baseline in the
conditions of the rules' own simulation (§10.6)."""

from __future__ import annotations

import random

from game.engines.frontline import FrontlineGame
from game.engines.frontline.actions import kind_of
from research.frontline_studies import CARD_KINDS, PLAIN_PHASES, agent


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
