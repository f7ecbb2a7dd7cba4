"""``State.public_observation``: what anyone at the table may see (a spectator's view: the host
watching a table whose every seat is played elsewhere), for every engine over seeded games.

It is a seat's observation with that seat's own hidden parts masked like another's: the same
shape (the boards' typed observations stay valid), nothing any seat holds privately (every
re-dealing of any seat's unseen cards leaves it unchanged), and in a game of perfect
information exactly the seat's observation."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from game.engines import GAMES
from game.engines.base import State
from tests.test_engine_protocol import step
from tests.test_net_play import ints_under_card_keys

SEEDS = (6, 10)  # Battle Line plays Scout in both
MAX_STEPS = 1_500  # a long game is sampled over its first stretch
EVERY = 3  # positions between two determinized checks (determinize is the slow part)


# Every game, and the options that hide more: Frontline's decks built in secret.
CASES = [(game_id, {}) for game_id in GAMES] + [("frontline", {"decks": "build"})]


def positions(game_id: str, seed: int, options: dict | None = None) -> Iterator[State]:
    """Each position of a seeded random game (chance by its probabilities)."""
    rng = random.Random(seed)
    state = GAMES[game_id].new_state(**(options or {}))
    for _ in range(MAX_STEPS):
        yield state
        if state.is_terminal():
            return
        step(state, rng)


def public(state: State, seat: int) -> object:
    return json.loads(json.dumps(state.public_observation(seat)))


@pytest.mark.parametrize(("game_id", "options"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_public_view_shows_nothing_a_seat_holds(game_id: str, options: dict, seed: int) -> None:
    rng = random.Random(seed)
    differs = False
    for n, state in enumerate(positions(game_id, seed, options)):
        seats = range(state.num_players)
        for seat in seats:
            seen, own = public(state, seat), state.observation(seat)
            assert isinstance(seen, dict) and seen.keys() == own.keys()
            if state.game.perfect_information:
                assert seen == json.loads(json.dumps(own))
                continue
            differs = differs or seen != json.loads(json.dumps(own))
            if n % EVERY or state.is_terminal():
                continue
            # Whoever's unseen cards are re-dealt, the public view stays the same.
            for holder in seats:
                assert public(state.determinize(holder, rng), seat) == seen, (n, seat, holder)
    assert differs or GAMES[game_id].perfect_information  # a seat's own secrets were masked


@pytest.mark.parametrize("seed", SEEDS)
def test_battle_line_public_view_names_no_card_in_a_hand_a_deck_or_put_back(seed: int) -> None:
    """The card ids in any hand, either deck and on top of one (Scout) are nowhere in it."""
    scouted = 0
    for n, state in enumerate(positions("battleline", seed)):
        hidden = {c for hand in state.hands for c in hand}
        hidden |= {c for pile in (*state.decks, *state.tops) for c in pile}
        scouted += any(state.tops)
        for seat in (0, 1):
            seen = public(state, seat)
            assert isinstance(seen, dict)
            assert not hidden & ints_under_card_keys(seen), (n, seat)
            assert not hidden & {c for top in seen["deck_tops"].values() for c in top}, n
            assert all(h["cards"] is None and h["known"] == [] for h in seen["hands"]), n
    assert scouted  # the game had cards put back with Scout


@pytest.mark.parametrize("options", [{}, {"decks": "build"}])
@pytest.mark.parametrize("seed", SEEDS)
def test_frontline_public_view_masks_both_seats_alike(seed: int, options: dict) -> None:
    """Frontline's cards are ids of card kinds (a rifle squad in hand and one on the board
    share one), so the scan is by place: each seat's hand, face-down cards, set-aside cards
    and hidden declarations are masked as the other seat sees them, and the rest is that
    other seat's view."""
    building = 0
    for n, state in enumerate(positions("frontline", seed, options)):
        building += state.building
        for seat in (0, 1):
            seen = public(state, seat)
            assert isinstance(seen, dict)
            for holder in (0, 1):
                # What the other seat sees of ``holder``'s side is what the public sees.
                other_view = json.loads(json.dumps(state.observation(1 - holder)))
                assert seen["seats"][holder] == other_view["seats"][holder], (n, seat, holder)
                assert seen["seats"][holder]["units"] is None
                assert seen["seats"][holder]["commands"] is None
                assert seen["seats"][holder]["face_down"] is None
            if seen["phase"] in ("declare", "weapons"):
                assert seen["queue"] is None and seen["pending_target"] is None, n
    assert building or not options  # a secret deck was built
