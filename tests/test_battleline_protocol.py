"""Battle Line's hidden-information guarantees (the generic protocol properties run on it in
``tests/test_engine_protocol.py``)."""

from __future__ import annotations

import json
import random

import pytest

from game.engines.base import CHANCE
from game.engines.battleline.actions import HIDDEN_CARD, HIDDEN_RETURN_BASE, claim_action
from game.engines.battleline.cards import NUM_TROOPS, card_name
from game.engines.battleline.knowledge import action_phrase, describe_action
from game.engines.battleline.phases import PH_DRAW_CARD, PH_NEXT, PH_SCOUT_RETURN
from tests.test_battleline_support import play, position, random_playout


def test_observation_hides_the_opponents_hand() -> None:
    """Two states that differ only in the opponent's hidden cards look the same to the viewer."""
    for seed in range(20):
        state, _ = random_playout(seed, steps=60 + seed * 7)
        for viewer in (0, 1):
            seen = state.observation(viewer)
            assert seen["hands"][1 - viewer]["cards"] is None
            assert seen["hands"][viewer]["cards"] == sorted(state.hands[viewer])
            other = state.determinize(viewer, random.Random(seed))
            assert other.observation(viewer) == seen
            json.dumps(seen)


def test_determinize_redeals_only_unseen_cards() -> None:
    rng = random.Random(7)
    changed = 0
    for seed in range(30):
        state, _ = random_playout(seed, steps=80)
        if state.is_terminal() or state.current_player() == CHANCE:
            continue
        viewer = state.current_player()
        guess = state.determinize(viewer, rng)
        opponent = 1 - viewer
        assert guess.hands[viewer] == state.hands[viewer]
        assert guess.sides == state.sides and guess.discards == state.discards
        for deck in (0, 1):
            assert guess.deck_size(deck) == state.deck_size(deck)
        # Same troop/tactics make-up of the hidden hand, and the whole card set is conserved.
        make_up = [
            sum(c < NUM_TROOPS for c in h) for h in (guess.hands[opponent], state.hands[opponent])
        ]
        assert make_up[0] == make_up[1]
        everything = sorted(
            [*guess.hands[0], *guess.hands[1], *guess.decks[0], *guess.decks[1]]
            + guess.tops[0]
            + guess.tops[1]
        )
        assert everything == sorted(
            [*state.hands[0], *state.hands[1], *state.decks[0], *state.decks[1]]
            + state.tops[0]
            + state.tops[1]
        )
        changed += guess.hands[opponent] != state.hands[opponent]
    assert changed > 10


def test_determinize_keeps_known_cards_and_own_scout_returns() -> None:
    rng = random.Random(11)
    # Find a game where player 0 scouts, returns cards, and player 1 draws one of them.
    for seed in range(400):
        _, states = random_playout(seed)
        hits = [s for s in states if s.known[0] and s.current_player() >= 0]
        tops = [s for s in states if 0 in s.top_owner[0] + s.top_owner[1]]
        if hits and tops:
            break
    else:
        pytest.fail("no random game had a Scout return drawn by the opponent")
    known_state = hits[0]
    for _ in range(5):
        guess = known_state.determinize(0, rng)
        assert set(known_state.known[0]) <= set(guess.hands[1])
    top_state = tops[0]
    for _ in range(5):
        guess = top_state.determinize(0, rng)
        for deck in (0, 1):
            for i, owner in enumerate(top_state.top_owner[deck]):
                if owner == 0:
                    assert guess.tops[deck][i] == top_state.tops[deck][i]


def test_observed_action_masks_hidden_cards() -> None:
    seen_hidden_draw = seen_hidden_return = False
    for seed in range(60):
        _, states = random_playout(seed)
        for s in states:
            if s.phase == PH_DRAW_CARD:
                card = s.legal_actions()[0]
                assert s.observed_action(s.player, card) == card
                assert s.observed_action(1 - s.player, card) == HIDDEN_CARD
                seen_hidden_draw = True
            elif s.phase == PH_SCOUT_RETURN:
                card = s.legal_actions()[0]
                assert s.observed_action(s.player, card) == card
                assert s.observed_action(1 - s.player, card) in (
                    HIDDEN_RETURN_BASE,
                    HIDDEN_RETURN_BASE + 1,
                )
                hidden = s.clone()
                hidden.apply_action(card)
                tops = hidden.observation(1 - s.player)["deck_tops"]
                assert card not in tops["troop"] + tops["tactics"]
                seen_hidden_return = True
        if seen_hidden_draw and seen_hidden_return:
            return
    pytest.fail("no Scout return in 60 random games")


def test_move_log_hides_private_cards() -> None:
    """action_to_string is the shared log: it never names a card drawn or put back."""
    for seed in range(10):
        _, states = random_playout(seed, steps=120)
        for s in states:
            if s.phase == PH_DRAW_CARD:
                card = s.legal_actions()[0]
                name = card_name(card)
                assert name in describe_action(s, card, viewer=s.player).split()
                for hidden in (describe_action(s, card, 1 - s.player), s.action_to_string(card)):
                    assert name not in hidden.split() and "draws a" in hidden
                return
    pytest.fail("no draw found")


def test_observation_schema() -> None:
    """The keys the board is built against (documented in the package docstring)."""
    state, _ = random_playout(4, steps=150)
    seen = state.observation(0)
    assert set(seen) == {
        "viewer", "current_player", "turn", "phase", "pending", "flags", "hands", "decks",
        "deck_tops", "discards", "tactics_played", "leader_played", "passes", "match",
        "options", "winner", "returns",
    }  # fmt: skip
    assert set(seen["pending"]) == {
        "card", "from_flag", "scout_draws_left", "scout_returns_left", "deck", "claimable",
        "claim_stage",
    }  # fmt: skip
    assert len(seen["flags"]) == 9
    assert set(seen["flags"][0]) == {
        "claimed_by", "fog", "mud", "slots", "cards", "completed_at", "formation", "claim",
    }  # fmt: skip
    assert set(seen["hands"][1]) == {"count", "troops", "tactics", "cards", "known", "unplayable"}
    assert seen["hands"][1]["unplayable"] == []  # only the viewer's own cards are explained
    assert set(seen["match"]) == {"games", "game", "starter", "points", "wins", "results"}


def test_the_next_games_first_card_is_dealt_face_down() -> None:
    """Between the games of a match (PH_NEXT) the chance event deals the next game's first card
    to its starter: only the starter sees it, the other sees a hidden deal, and nobody is shown
    to move while the finished board stays on the table."""
    sides = {3: ("", "R8 R9 R10"), 4: ("", "O8 O9 O10"), 5: ("", "Y8 Y9 Y10")}
    state = position(("P1", "B1"), sides, player=1, claimed={0: 0}, match_games=3)
    play(state, "B1", 6)
    for f in (3, 4, 5):
        state.apply_action(claim_action(f))
    assert state.phase == PH_NEXT and state.starter == 1
    assert state.observation(0)["turn"] is None and state.observation(1)["turn"] is None
    card = state.legal_actions()[0]
    assert state.observed_action(1, card) == card
    assert state.observed_action(0, card) == HIDDEN_CARD
    assert action_phrase(state, card, 0) == ("dealt_hidden", {"player": 1})
    assert action_phrase(state, card, None) == ("dealt_hidden", {"player": 1})
    assert action_phrase(state, card, 1) == ("dealt", {"player": 1, "card": card})
    after = state.clone()
    after.apply_action(card)
    assert after.hands == [[], [card]]
