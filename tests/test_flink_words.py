"""Flink's words beside its engine: the kit finds them, and the log, a turn's line and the status
line say what the board used to say, in both languages."""

from __future__ import annotations

import pytest

from game import i18n
from game.engines import GAMES
from game.engines.flink import FlinkState
from game.engines.flink.words import FlinkWords
from game.words import words_of


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def _turn() -> tuple[FlinkState, list[int]]:
    state = GAMES["flink"].new_state()
    assert isinstance(state, FlinkState)
    orientation = state.legal_actions()[0]
    after = state.clone()
    after.apply_action(orientation)
    return state, [orientation, after.legal_actions()[0]]


def test_the_kit_finds_flinks_words_and_a_turn_is_one_line_naming_the_cell() -> None:
    words = words_of("flink")
    assert isinstance(words, FlinkWords)
    state, line = _turn()
    steps = words.move_steps(state, line, 0)
    (said,) = words.turn_words(steps)
    assert said.startswith("places an F lying flat on ")
    assert words.log_text(*steps[0].phrase) == "White turns the F lying flat"
    assert words.action_words(state, line[0]) == "White turns the F lying flat"
    # The hint's first part, and a turn under way, say how the F is turned (in the player's
    # language: the engine's English showed there before).
    assert words.move_words(state, line, 0) == ["turns the F lying flat", said]
    i18n.set_language("ja")
    assert words.move_words(state, line[:1], 0) == ["Fの向きを選ぶ（平置き）"]


def test_the_status_line_says_whose_turn_and_who_won() -> None:
    words = words_of("flink")
    state, _ = _turn()
    obs = state.observation(0)
    assert words.status(obs, 0, ["You", "AI"]).startswith("White: pick how to turn the F")
    assert words.status(obs, 1, ["You", "AI"]) == "White is thinking…"
    assert words.status(obs, 0, ["AI", "AI"], legal=[]) == "White is thinking…"  # a spectator
    over = dict(obs, winner=1)
    assert words.status(over, 0, ["You", "AI"]) == "Black has linked both sides."
    assert words.status(dict(obs, draw=True), 0, []).startswith("Draw")


def test_japanese_words_name_the_players_in_japanese() -> None:
    i18n.set_language("ja")
    try:
        words = words_of("flink")
        state, _ = _turn()
        status = words.status(state.observation(0), 0, [])
        assert "White" not in status and i18n.t("flink.player.0") in status
    finally:
        i18n.set_language("en")


def test_the_header_says_each_players_pieces_and_warns_only_of_a_threat() -> None:
    words = words_of("flink")
    assert isinstance(words, FlinkWords)
    state, _ = _turn()
    obs = state.observation(0)
    left, warning = words.header(obs, threat=False)
    assert left == [f"White {obs['pieces_left'][0]} left", f"Black {obs['pieces_left'][1]} left"]
    assert warning == ""
    assert words.header(obs, threat=True)[1] == "Black can connect next move: block it"
    assert words.buttons()["paths"] == "Paths"
