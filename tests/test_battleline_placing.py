"""Where a chosen card may go, read from the observation (``engines/battleline/placing.py``),
agrees with the engine: in random games, every card the player may play goes exactly to the
targets the observation names, and every other target is refused with a reason."""

from __future__ import annotations

import random

from game.engines import GAMES
from game.engines.battleline.actions import FLAG_BASE, NUM_FLAGS, is_flag
from game.engines.battleline.cards import DESERTER, REDEPLOY, SCOUT, TRAITOR
from game.engines.battleline.placing import refusal, stacks, takeable, targets
from game.engines.battleline.state import BattleLineState

GAME = GAMES["battleline"]


def checked_plays(seed: int) -> int:
    """Play a random game; at each play decision compare every playable card's targets."""
    rng, checked = random.Random(seed), 0
    state: BattleLineState = GAME.new_state()
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance(rng))
            continue
        obs = state.observation(player)
        if obs["phase"] == "play":
            for card in state.legal_actions():
                if card not in obs["hands"][player]["cards"] or card == SCOUT:
                    continue  # Pass; Scout goes to a deck, not a target
                after = state.clone()
                after.apply_action(card)
                follow = after.legal_actions()
                if card in (REDEPLOY, DESERTER, TRAITOR):
                    cards = [c for _, _, stack in stacks(obs) for c in stack]
                    assert sorted(takeable(obs, player, card)) == sorted(follow)
                    allowed = [c for c in cards if refusal(obs, player, card, c) is None]
                else:
                    assert targets(obs, player, card) == [
                        a - FLAG_BASE for a in follow if is_flag(a)
                    ]
                    flags = range(NUM_FLAGS)
                    allowed = [
                        FLAG_BASE + f for f in flags if refusal(obs, player, card, f) is None
                    ]
                assert sorted(allowed) == sorted(follow)
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return checked


def test_the_observations_targets_and_refusals_agree_with_the_engine() -> None:
    assert sum(checked_plays(seed) for seed in range(12)) > 300
