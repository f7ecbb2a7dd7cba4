"""Flink's fast random playout and the column pre-check of the win test agree with the rules."""

from __future__ import annotations

import random

import pytest

from ai.heuristics import HEURISTICS
from ai.mcts import MCTS
from game.engines.flink import ANCHOR, PASS, FlinkGame, FlinkState
from game.engines.flink.connection import connecting_path, offsets
from game.engines.flink.geometry import NUM_ORIENTATIONS
from game.engines.flink.playout import fitting, shapes

GAME = FlinkGame()


def random_positions(board: str, seed: int, every: int = 9) -> list[FlinkState]:
    """Positions along one uniformly random game: every ``every``-th decision, both phases."""
    rng = random.Random(seed)
    state = GAME.new_state(board=board)
    found = []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    return found


@pytest.mark.parametrize("board", ["square", "diamond"])
def test_playouts_are_legal_games_ending_as_the_engine_says(board: str) -> None:
    positions = random_positions(board, seed=3)
    assert any(p.orientation >= 0 for p in positions), "a position with a held piece"
    for k, position in enumerate(positions):
        before = (position.history[:], bytes(position.colours), position.heights[:])
        for seed in range(3):
            trace: list[int] = []
            returns = position.random_playout(random.Random(seed), trace)
            replay = position.clone()
            for action in trace:
                replay.apply_action(action)  # checked: raises on an illegal action
            assert replay.is_terminal(), (k, seed)
            assert replay.returns() == returns
        assert (position.history, bytes(position.colours), position.heights) == before


def test_the_orientation_is_drawn_among_exactly_the_legal_ones() -> None:
    position = next(
        p
        for p in random_positions("square", seed=5, every=2)
        if 1 < len(p.legal_actions()) < NUM_ORIENTATIONS and p.orientation < 0
    )  # some orientations fit nowhere
    legal = set(position.legal_actions())
    assert PASS not in legal
    drawn = set()
    for seed in range(300):
        trace: list[int] = []
        position.random_playout(random.Random(seed), trace)
        drawn.add(trace[0])
    assert drawn == legal


@pytest.mark.parametrize("board", ["square", "diamond"])
def test_fitting_masks_agree_with_the_states_validity(board: str) -> None:
    for state in random_positions(board, seed=11, every=6):
        b = state.board
        sh = shapes(b)
        levels = [0] * (max(state.heights) + 1)
        for cell in sh.cells:
            levels[state.heights[cell]] |= 1 << cell
        for o in range(NUM_ORIENTATIONS):
            mask = fitting(levels, sh.columns[o])
            for i in range(b.cells_total):
                expected = state.fits(o * b.cells_total + i)
                assert bool(mask >> b.padded[i] & 1) == expected, (o, i)


def test_the_column_check_never_hides_a_win() -> None:
    """After every placement the game is won exactly when the face walk, run unconditionally,
    connects the mover's sides."""
    wins = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_state()
        b = state.board
        while not state.is_terminal():
            mover = state.current_player()
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
            if action >= ANCHOR:
                sides = b.terminals[mover]
                walk = connecting_path(
                    state.colours,
                    offsets(b.padded_width, b.plane),
                    b.plane,
                    mover + 1,
                    sides[0],
                    sides[1],
                )
                assert (state.returns()[mover] > 0) == (walk is not None)
        wins += state.returns()[0] != 0
    assert wins >= 3, "some of the games were won"


def test_the_searchs_random_rollout_is_the_engines_playout(monkeypatch) -> None:
    calls = []
    original = FlinkState.random_playout

    def spy(self: FlinkState, rng: random.Random, trace: list[int] | None = None) -> list[float]:
        calls.append(len(self.history))
        return original(self, rng, trace)

    monkeypatch.setattr(FlinkState, "random_playout", spy)
    result = MCTS(seed=1, reuse_tree=False).search(GAME.new_state(), iterations=30)
    assert len(calls) == 30
    assert result.iterations == 30 and result.action in range(NUM_ORIENTATIONS)
    # With a heuristic in the rollout (its evaluation and automatic moves) the search plays
    # the rollout itself: the engine's playout knows nothing of them.
    calls.clear()
    MCTS(HEURISTICS["flink"], seed=1, reuse_tree=False).search(GAME.new_state(), iterations=30)
    assert calls == []


def test_clones_share_column_links_until_one_of_them_places() -> None:
    """A clone and its original go separate ways: the column links of each are its own (a
    shared union-find would only make the pre-check pass more often, so this is checked on
    the links themselves), and each ends as a replay of its own history ends."""

    def links(state: FlinkState) -> list[tuple[bytes, list[int]]]:
        return [(bytes(k.own), [k._find(i) for i in range(len(k.parent))]) for k in state._links]

    for seed in range(4):
        rng = random.Random(seed)
        original = GAME.new_state()
        for _ in range(30):
            legal = original.legal_actions()
            original.apply_action(legal[int(rng.random() * len(legal))])
        before = links(original)
        copy = original.clone()
        for state in (copy, original):
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            if state is copy:
                assert links(original) == before
            replay = GAME.new_state()
            for action in state.history:
                replay.apply_action(action)
            assert links(replay) == links(state)
            assert replay.is_terminal() and replay.returns() == state.returns()
