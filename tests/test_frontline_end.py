"""Frontline's game-over summary (issue 12): the winner and how (51 VP, overrun, the turn limit's
VP lead or draw), each army's VP split into destroying and capturing, the captures by name, the
turn the game ended on, in both languages; and the game-over scene showing it."""

from __future__ import annotations

import random

import pytest

from ai.heuristics import HEURISTICS
from game.boards.frontline.board import FrontlineBoard
from game.engines import GAMES
from game.engines.frontline.cards import UNIT_INDEX, UNITS
from game.engines.frontline.state import FrontlineState
from game.engines.frontline.words import captured, vp_sources
from game.engines.frontline.words import summary as frontline_summary
from game.i18n import set_language, table
from game.match import HUMAN, Match
from game.scenes.gameover import GameOverScene
from game.scenes.match import MatchScene
from tests.test_app_scenes import run

GAME = GAMES["frontline"]
NAMES = ["You", "Hard AI"]
SHERMAN, TANK_CREW = UNIT_INDEX["us_m4a1_sherman"], UNIT_INDEX["ge_tank_crew"]
RIFLES = UNIT_INDEX["us_rifle_squad"]


def policy_game(seed: int) -> FrontlineState:
    """A game the heuristic plays against itself to its end (a second or less)."""
    rng = random.Random(seed)
    policy = HEURISTICS["frontline"].policy
    state: FrontlineState = GAME.new_state(turn_limit=30)
    while not state.is_terminal():
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else policy(state, rng)
        )
    return state


def final(
    reason: str, winner: int, vp: list[int], prisoners=((), ()), board=(), vp_captured=(0, 0)
) -> dict:
    """A final observation with only what the summary reads."""
    return {
        "phase": "over",
        "winner": winner,
        "end_reason": reason,
        "turn": 12,
        "options": {"turn_limit": 20},
        "board": list(board),
        "seats": [
            {
                "army": army,
                "vp": vp[s],
                "vp_captured": vp_captured[s],
                "prisoners": list(prisoners[s]),
            }
            for s, army in enumerate(("US", "GE"))
        ],
    }


@pytest.mark.parametrize("seed", [0, 31])  # seed 0 ends on 51 VP, seed 31 by overrun
def test_a_finished_game_gives_each_army_its_vp_and_where_they_came_from(seed: int) -> None:
    state = policy_game(seed)
    obs = state.observation(0)
    summary = FrontlineBoard.summary(obs, NAMES)
    assert summary is not None and summary.per_seat
    for seat, row in enumerate(summary.rows):
        held = [u.card for u in state.board.values() if u.owner == seat and u.captured_from >= 0]
        taken = 2 * sum(UNITS[c].cost for c in state.prisoners[seat] + held)
        assert row[:3] == [NAMES[seat], ("United States", "Germany")[seat], str(state.vp[seat])]
        assert row[3:] == [str(state.vp[seat] - taken), str(taken)]
    winner = NAMES[state.winner]
    want = {"vp": f"reached {state.vp[state.winner]} VP on turn", "overrun": "overran"}
    assert state.end_reason in want
    assert summary.notes[0].startswith(winner) and want[state.end_reason] in summary.notes[0]
    assert summary.subtitle == f"Ended on turn {state.turn} (turn limit 30)"


def test_the_ways_a_game_ends_in_words() -> None:
    def note(obs: dict, names: list[str] = NAMES) -> str:
        summary = FrontlineBoard.summary(obs, names)
        assert summary is not None
        return summary.notes[0]

    assert note(final("vp", 1, [30, 53])) == "Hard AI reached 53 VP on turn 12 (51 VP win at once)."
    assert note(final("overrun", 0, [8, 4])).startswith("You overran the Battle Area on turn 12")
    assert note(final("turn_limit", 1, [20, 33])) == (
        "The turn limit (20) was reached and Hard AI leads on VP, 33 – 20."
    )
    assert note(final("turn_limit", 0, [33, 20]), ["Ann", "Bo"]) == (
        "The turn limit (20) was reached and Ann leads on VP, 33 – 20."
    )
    assert note(final("turn_limit", -1, [25, 25])) == (
        "The turn limit (20) was reached with VP level at 25 – 25: a draw."
    )
    assert FrontlineBoard.summary({**final("vp", 0, [51, 0]), "phase": "combat"}, NAMES) is None


def test_captures_count_double_and_are_named() -> None:
    # Seat 1 (Germany) holds a Sherman it took, crew and all, and a rifle squad as prisoners.
    board = [{"card": SHERMAN, "owner": 1, "captured_from": 0}]
    taken = (UNIT_INDEX["us_tank_crew"], RIFLES)
    obs = final("vp", 1, [10, 60], prisoners=((), taken), board=board, vp_captured=(0, 36))
    assert captured(obs, 1) == [UNIT_INDEX["us_tank_crew"], RIFLES, SHERMAN]
    assert vp_sources(obs, 1) == (60 - 2 * (2 + 4 + 12), 2 * (2 + 4 + 12))
    assert vp_sources(obs, 0) == (10, 0)
    summary = FrontlineBoard.summary(obs, NAMES)
    assert summary is not None
    assert summary.rows[1][3:] == ["24", "36"]
    assert (
        summary.notes[1] == "Captured by Hard AI (double VP): Tank crew, Rifle Squad, M4A1 Sherman."
    )
    set_language("ja")
    try:
        summary = FrontlineBoard.summary(obs, ["あなた", "Hard AI"])
        assert summary is not None
        assert summary.headings[1:] == ["軍", "勝利ポイント", "撃破・戦死", "捕虜・鹵獲"]
        assert summary.rows[0][1] == "アメリカ軍" and "戦車クルー" in summary.notes[1]
        assert summary.notes[0].startswith("Hard AIがターン12で60勝利ポイント")
        assert summary.subtitle == "ターン12で終了（ターン上限20）"
    finally:
        set_language("en")


def test_every_sentence_has_both_languages() -> None:
    for lang in ("en", "ja"):
        words = table(lang)
        for key in ("vp", "overrun", "on_vp", "taken"):
            assert f"summary.frontline.{key}" in words and f"summary.frontline.{key}.you" in words
        for key in ("level", "turns", "army", "vp_total", "destroyed", "captured"):
            assert f"summary.frontline.{key}" in words


def test_the_game_over_scene_shows_the_summary(app) -> None:
    state = policy_game(31)  # ends by overrun
    match = Match(GAME, [HUMAN, "easy"], options=state.options, history=list(state.history))
    scene = MatchScene(app, match)
    app.stack.push(scene)
    summary = GameOverScene(app, scene)
    app.stack.push(summary)
    run(app, 20)
    assert summary.table is not None and summary.table.headings[1] == "Army"
    assert summary.subtitle() == f"Ended on turn {state.turn} (turn limit 30)"
    assert "overran" in summary.table.notes[0]
    unlimited = Match(GAME, [HUMAN, "easy"], history=list(state.history))  # no limit: no words
    worded = frontline_summary(unlimited.state.observation(0), NAMES)
    assert worded is not None and worded.subtitle == f"Ended on turn {state.turn}"
    assert summary.card.bottom <= app.size[1] and summary.body.bottom <= summary.card.bottom
