"""The rules side of what Flink's board shows: a placement's preview from the observation agrees
with the engine, the turning keys reach every orientation, cells and anchors name each other."""

from __future__ import annotations

import random

import pytest

from game.engines import GAMES
from game.engines.flink import ANCHOR, FlinkState
from game.engines.flink.geometry import NUM_ORIENTATIONS, orientations
from game.engines.flink.preview import anchor, cell_of, heights, preview, turned


def test_rotate_flip_and_stand_reach_every_orientation_and_undo_themselves() -> None:
    seen = {0}
    frontier = [0]
    while frontier:
        o = frontier.pop()
        for how in ("rotate", "flip", "stand"):
            nxt = turned(o, how)
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    assert seen == set(range(NUM_ORIENTATIONS))
    for o in range(NUM_ORIENTATIONS):
        assert turned(turned(turned(turned(o, "rotate"), "rotate"), "rotate"), "rotate") == o
        assert turned(turned(o, "flip"), "flip") == o
        kind = orientations()[o].kind
        assert (orientations()[turned(o, "stand")].kind == "flat") == (kind != "flat")


@pytest.mark.parametrize("kind", ["square", "diamond"])
def test_the_preview_refuses_exactly_what_the_engine_refuses(kind: str) -> None:
    rng = random.Random(7)
    state = GAMES["flink"].new_state(board=kind)
    assert isinstance(state, FlinkState)
    b = state.board
    for _ in range(24):  # twelve pieces placed
        state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    for o in range(0, NUM_ORIENTATIONS, 3):
        for i in b.cells:
            shadow = preview(obs, o, (i % b.width, i // b.width))
            engine = state.placement_reason(o, i)
            assert (shadow.reason is None) == (engine is None), (o, i, engine, shadow.reason)
            if engine is None:
                assert sorted(shadow.cubes) == sorted(state.placement_cubes(o, i))


def test_a_cell_and_its_anchor_name_each_other_and_an_orientation_names_no_cell() -> None:
    state = GAMES["flink"].new_state(board="diamond")
    assert isinstance(state, FlinkState)
    obs = state.observation(0)
    for x, y in heights(obs):
        assert cell_of(obs, anchor(obs, (x, y))) == (x, y)
    assert all(cell_of(obs, o) is None for o in range(NUM_ORIENTATIONS + 1))
    assert anchor(obs, (0, 0)) == ANCHOR
