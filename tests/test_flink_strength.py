"""Flink's strength runner: the random openings that make seeded level-vs-level games differ."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")  # the runner imports the OpenSpiel baseline

from bench.flink_strength import opening


def test_an_opening_is_drawn_from_its_seed_alone_and_differs_between_seeds() -> None:
    first, again, other = (
        opening(7, placements=2),
        opening(7, placements=2),
        opening(8, placements=2),
    )
    assert first.history == again.history
    assert other.history != first.history
    assert len(first.history) == 8  # an orientation and a cell per placement, two each
    assert not first.is_terminal() and first.current_player() == 0 and first.orientation < 0
    assert opening(7).history == []
    assert opening(7, "diamond", 1).board.kind == "diamond"
