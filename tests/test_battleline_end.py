"""Battle Line's end of game and of a match: the finished board stays until "Next game" (the AI
never deals on its own), the summary names each flag's owner and how the game was won, and a
match lists its games and says the tie-break in words."""

from __future__ import annotations

import random

from game.boards.battleline.board import BattleLineBoard
from game.engines import GAMES
from game.engines.battleline.state import BattleLineState
from game.engines.battleline.words import match_result, summary
from game.i18n import set_language
from game.match import BETWEEN_GAMES, CHANCE_STEP, HUMAN, Match
from game.scenes.gameover import GameOverScene
from game.scenes.match import MatchScene
from tests.test_app_scenes import click, run, shot

GAME = GAMES["battleline"]
NAMES = ["You", "Hard AI"]


def random_play(seed: int, stop_between: bool, **options: object) -> BattleLineState:
    """Random play of a match: up to the first pause between games, or to its end."""
    rng = random.Random(seed)
    state: BattleLineState = GAME.new_state(**options)
    while not state.is_terminal() and not (stop_between and state.between_games()):
        if state.current_player() < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def random_history(seed: int, stop_between: bool, **options: object) -> list[int]:
    return list(random_play(seed, stop_between, **options).history)


def test_the_match_waits_between_games_until_a_player_deals_on() -> None:
    history = random_history(0, True, match_games=3)
    match = Match(GAME, [HUMAN, "hard"], options={"match_games": 3}, history=history)
    assert match.phase.kind == BETWEEN_GAMES
    for _ in range(3):
        assert match.advance() is None  # neither chance nor the AI deals the next game
    obs = match.observation()
    assert obs["phase"] == "next_game" and obs["match"]["game"] == 0
    assert any(f["claimed_by"] >= 0 for f in obs["flags"])  # the finished board is still there
    assert len(match.state.history) == len(history)
    assert match.next_game() is not None
    assert match.phase.kind == CHANCE_STEP and match.observation()["match"]["game"] == 1
    assert match.next_game() is None  # only between games


def test_hot_seat_resumed_between_games_waits_too() -> None:
    history = random_history(0, True, match_games=3)
    match = Match(GAME, [HUMAN, HUMAN], options={"match_games": 3}, history=history)
    assert match.phase.kind == BETWEEN_GAMES and match.phase.curtain is None
    assert match.deal_before_curtain() == [] and match.advance() is None
    match.next_game()
    assert match.observation()["match"]["game"] == 1


def test_ai_only_matches_go_straight_on() -> None:
    history = random_history(0, True, match_games=3)
    match = Match(GAME, ["easy", "easy"], options={"match_games": 3}, history=history)
    assert match.phase.kind == CHANCE_STEP
    assert match.advance() is not None


def test_game_points_follow_the_match_scoring() -> None:
    """The engine records what each game scored (§1.11), and the match table shows it."""
    state = GAME.new_state(match_games=3)
    state.claimed = [0, 0, -1, 1, 1, 1, -1, -1, -1]
    state._end_game(1, "breakthrough")
    assert state.results[-1]["points"] == [2, 5] and state.points == [2, 5]
    state.claimed = [0, -1, 1, 1, -1, -1, -1, -1, -1]
    state._end_game(-1, "stalemate")
    assert state.results[-1]["points"] == [1, 2] and state.points == [3, 7]
    obs = state.observation(0)
    rows = summary({**obs, "phase": "over"}, ["A", "B"]).rows
    assert rows[0][-2:] == ["2", "5"] and rows[1][-2:] == ["1", "2"] and rows[2][-2:] == ["3", "7"]


def final_obs(points: list[int], wins: list[int]) -> dict:
    return {"phase": "over", "match": {"games": 3, "points": points, "wins": wins, "results": []}}


def test_match_result_states_the_tie_break_in_words() -> None:
    assert match_result(final_obs([12, 9], [2, 1]), NAMES) == (
        "You win the match on points, 12 – 9."
    )
    assert match_result(final_obs([9, 12], [1, 2]), NAMES) == (
        "Hard AI wins the match on points, 12 – 9."
    )
    assert match_result(final_obs([10, 10], [1, 2]), NAMES) == (
        "Points are level at 10 – 10, so games won decide: Hard AI won 2 to 1 and takes the match."
    )
    assert match_result(final_obs([10, 10], [2, 1]), NAMES).endswith(
        "you won 2 to 1 and take the match."
    )
    drawn = match_result(final_obs([8, 8], [1, 1]), NAMES)
    assert drawn == "Points (8 – 8) and games won (1 – 1) are both level: the match is drawn."
    set_language("ja")
    try:
        said = match_result(final_obs([10, 10], [1, 2]), NAMES)
        assert "10 – 10" in said and "2 – 1" in said and "Hard AI" in said and "{" not in said
    finally:
        set_language("en")


def test_single_game_summary_lists_each_flags_owner_and_how() -> None:
    obs = random_play(2, False).observation(0)
    summary = BattleLineBoard.summary(obs, NAMES)
    assert summary is not None and summary.per_seat
    result = obs["match"]["results"][-1]
    for seat in (0, 1):
        held = [f + 1 for f, owner in enumerate(result["claimed"]) if owner == seat]
        assert summary.rows[seat][1] == str(len(held))
        assert summary.rows[seat][2] == (" ".join(map(str, held)) or "–")
    how = {"breakthrough": "Breakthrough", "envelopment": "Envelopment"}
    assert summary.notes[0].startswith(how.get(result["how"], "Both passed"))


def test_every_how_has_its_words() -> None:
    from game.i18n import table

    for lang in ("en", "ja"):
        for how in ("breakthrough", "envelopment", "final_resolution", "stalemate"):
            assert f"summary.battleline.short.{how}" in table(lang)
            assert f"battleline.how.{how}" in table(lang)
        for key in ("on_points", "on_games"):
            assert f"summary.battleline.{key}.you" in table(lang)


def test_scene_keeps_the_finished_board_until_next_game_is_clicked(app) -> None:
    history = random_history(0, True, match_games=3)
    match = Match(GAME, [HUMAN, "easy"], options={"match_games": 3}, history=history, client=app.ai)
    scene = MatchScene(app, match)
    app.stack.push(scene)
    run(app, 240)  # four seconds: the old banner flashed for 1.8 s, then the deal went on
    assert match.state.between_games() and len(match.state.history) == len(history)
    bar = scene.next_bar
    assert bar.visible and bar.button.rect.width > 0
    assert scene.board.banner is not None and scene.board.banner.title.startswith("Game 1:")
    shot(app, "battleline_between_games")
    click(app, bar.button.rect.center, frames=5)
    assert not match.state.between_games() and match.observation()["match"]["game"] == 1
    assert not bar.visible


def test_match_summary_has_a_table_of_games_and_the_tie_break(app) -> None:
    history = random_history(0, False, match_games=3)  # ends 11 – 11 on points, 1 – 2 games
    match = Match(GAME, [HUMAN, "easy"], options={"match_games": 3}, history=history)
    scene = MatchScene(app, match)
    app.stack.push(scene)
    summary = GameOverScene(app, scene)
    app.stack.push(summary)
    run(app, 20)
    table = summary.table
    assert table is not None and not table.per_seat and table.total
    assert [row[0] for row in table.rows] == ["1", "2", "3", "Total"]
    assert table.rows[-1][3:] == ["11", "11"]
    assert table.headings[3:] == match.names
    assert "games won decide" in table.notes[0] and "Easy AI" in table.notes[0]
    assert scene.board.banner is not None
    assert scene.board.banner.subtitle.endswith("Points 11 – 11 · games won 1 – 2")
    shot(app, "battleline_match_summary")
    body_bottom = summary.body.bottom
    assert summary.card.bottom <= app.size[1] and body_bottom <= summary.card.bottom


def test_set_up_offers_who_starts_and_the_match_follows_it(app) -> None:
    from game.engines.battleline.actions import FIRST_BASE
    from game.scenes.setup import SetupScene, option_label

    setup = SetupScene(app, GAME)
    app.stack.push(setup)
    run(app, 2)
    names = list(GAME.options)
    assert option_label(GAME, "first_player") == "Who starts"
    widget = setup.option_widgets[names.index("first_player")]
    click(app, widget._segments()[2].center, frames=2)  # "Player 2"
    assert setup.options["first_player"] == "seat2"
    click(app, setup.start_button.rect.center, frames=3)
    scene = app.stack.top
    assert isinstance(scene, MatchScene)
    history = scene.match.state.history
    assert history[0] == FIRST_BASE + 1 and scene.match.state.starter == 1
