"""Flink's strength runner: the random openings that make seeded level-vs-level games differ."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")  # the runner imports the OpenSpiel baseline

from research.flink_strength import opening


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


def test_a_logged_game_reads_back_to_its_result_and_names_the_losing_placement() -> None:
    from research.flink_losses import turns
    from research.flink_strength import play

    actions: list[int] = []
    returns = play(("greedy", "greedy"), 1, history=actions)  # a short won game
    assert returns[0] != 0
    winner = 0 if returns[0] > 0 else 1
    entry = {"names": ["greedy", "greedy"], "seed": 1, "games": [actions, []]}
    read = list(turns(entry, 0))
    assert [turn for turn, *_ in read] == list(range(1, len(actions) // 2 + 1))
    *_, last_flags, last_before = read[-1]
    assert last_before.current_player() == winner and not last_flags  # the winning placement
    # The loser's placement before it left the winner a win in one, and says so.
    loser_flags = read[-2][3]
    assert any("handed" in flag or "threat open" in flag for flag in loser_flags)
