"""Protocol properties every engine in ``game.engines.GAMES`` must have, over random playouts.

Only the protocol is used here, so a new game is covered by registering it. Each property plays
random games until it has applied its number of actions (``ACTIONS``, at least ``MIN_GAMES``
games): a game of long playouts plays fewer of them, with no table per game. Player counts and
option values rotate so that every allowed setting gets played.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator

import pytest

from game.engines import GAMES
from game.engines.base import CHANCE, TERMINAL, Game, IllegalActionError, State

# Random actions each property applies per game, over as many whole games as that takes.
ACTIONS = {"consistency": 3_000, "replay": 1_500, "clone": 800, "determinize": 800}
MIN_GAMES = 3
MAX_STEPS = 20_000  # a game that runs longer is taken not to terminate
ILLEGAL_SAMPLES = 4  # illegal ints tried per decision

GAME_IDS = list(GAMES)


def settings(game: Game) -> Iterator[tuple[int, dict]]:
    """(num_players, options) cycling through every player count and every option value."""
    names = list(game.options)
    combos = list(itertools.product(*(game.options[n] for n in names))) or [()]
    counts = range(game.min_players, game.max_players + 1)
    for i in itertools.count():
        yield counts[i % len(counts)], dict(zip(names, combos[i % len(combos)], strict=True))


def new_states(game: Game, test: str) -> Iterator[State]:
    """New games for property ``test``; the caller plays each to its end before the next."""
    played = 0
    for count, (num_players, options) in enumerate(settings(game)):
        if count >= MIN_GAMES and played >= ACTIONS[test]:
            return
        state = game.new_state(num_players, **options)
        yield state
        played += len(state.history)


def observations(state: State) -> list[dict]:
    return [state.observation(p) for p in range(state.num_players)]


def step(state: State, rng: random.Random) -> int:
    """Apply one random legal action (chance by its probability) and return it."""
    if state.is_chance_node():
        action = state.sample_chance(rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def illegal_sample(state: State, rng: random.Random) -> list[int]:
    """A few ints that are not legal here: near the legal range, negative, and far beyond."""
    legal = set(state.legal_actions())
    top = max(legal, default=0) + 64
    sample = {top * 1000}
    for _ in range(10 * ILLEGAL_SAMPLES):
        action = rng.randrange(-3, top)
        if action not in legal:
            sample.add(action)
            if len(sample) > ILLEGAL_SAMPLES:
                break
    return sorted(sample)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts_keep_the_protocol(game_id: str) -> None:
    """Legal moves apply, illegal ones raise and change nothing, chance is a distribution,
    the game ends, and the returns at the end are well-formed."""
    game = GAMES[game_id]
    rng = random.Random(f"consistency-{game_id}")
    for state in new_states(game, "consistency"):
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                break
            player = state.current_player()
            assert player == CHANCE or 0 <= player < state.num_players
            legal = state.legal_actions()
            assert legal, "a non-terminal state needs a legal action"
            assert legal == sorted(set(legal))
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert [a for a, _ in outcomes] == legal
                assert all(p > 0 for _, p in outcomes)
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            record, seen = state.to_record(), observations(state)
            for action in illegal_sample(state, rng):
                with pytest.raises(IllegalActionError) as err:
                    state.apply_action(action)
                assert str(err.value), "an illegal action needs a reason in words"
            assert state.to_record() == record and observations(state) == seen
            step(state, rng)
        else:
            pytest.fail(f"{game_id} did not end within {MAX_STEPS} actions")
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        returns = state.returns()
        assert len(returns) == state.num_players
        assert all(-1.0 <= r <= 1.0 for r in returns)
        if game.cooperative:
            assert len(set(returns)) == 1
        elif state.num_players == 2:
            assert sum(returns) == pytest.approx(0.0)
        with pytest.raises(IllegalActionError):
            state.apply_action(0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_reproduces_every_observation(game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"replay-{game_id}")
    for state in new_states(game, "replay"):
        seen = [observations(state)]
        while not state.is_terminal():
            step(state, rng)
            seen.append(observations(state))
        record = json.loads(json.dumps(state.to_record()))  # as saved to disk
        copy = game.new_state(record["num_players"], **record["options"])
        assert observations(copy) == seen[0]
        for i, action in enumerate(record["history"], start=1):
            copy.apply_action(action)
            assert observations(copy) == seen[i]
        assert observations(game.replay(record)) == seen[-1]
        assert json.loads(json.dumps(seen[-1])) == seen[-1], "observations must be JSON-able"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_clone_is_independent(game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"clone-{game_id}")
    for state in new_states(game, "clone"):
        while not state.is_terminal():
            copy = state.clone()
            record, seen = state.to_record(), observations(state)
            assert copy.to_record() == record and observations(copy) == seen
            action = step(copy, rng)
            assert state.to_record() == record and observations(state) == seen
            state.apply_action(action)
            assert state.to_record() == copy.to_record()
            assert observations(state) == observations(copy)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_determinize_keeps_the_observers_view(game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"determinize-{game_id}")
    for state in new_states(game, "determinize"):
        while not state.is_terminal():
            player = state.current_player()
            if player >= 0:
                record = state.to_record()
                guess = state.determinize(player, rng)
                assert guess.observation(player) == state.observation(player)
                assert guess.current_player() == player
                assert set(guess.legal_actions()) == set(state.legal_actions())
                step(guess, rng)  # the guess is playable and separate from the real state
                assert state.to_record() == record
            step(state, rng)


def damaged_records(record: dict) -> Iterator[dict]:
    for key in record:
        yield {k: v for k, v in record.items() if k != key}
    yield {**record, "game": "no-such-game"}
    yield {**record, "version": record["version"] + 1}
    yield {**record, "history": "1,2,3"}
    yield {**record, "history": [*record["history"], "x"]}
    yield {**record, "history": [*record["history"], -7]}  # an action after the end
    yield {**record, "options": {"no-such-option": 1}}
    yield {**record, "num_players": 99}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_rejects_damaged_records(game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"damaged-{game_id}")
    state = next(new_states(game, "replay"))
    while not state.is_terminal():
        step(state, rng)
    for record in [None, [], "save", *damaged_records(state.to_record())]:
        with pytest.raises(ValueError):
            game.replay(record)
