"""The command line: match options are checked with clear errors; the self-test plays through."""

from __future__ import annotations

import pytest

from game import saves
from game.__main__ import main, parse_args


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    return tmp_path


def test_a_match_is_described_by_game_seats_and_options() -> None:
    args = parse_args(
        [
            "--game",
            "flatfront",
            "--seats",
            "Human,hard",
            "--option",
            "adjacency=edge+corner",
            "--seed",
            "5",
            "--lang",
            "ja",
        ]
    )
    game, seats, options = args.match
    assert game.id == "flatfront" and seats == ["human", "hard"]
    assert options == {"adjacency": "edge+corner"} and args.seed == 5 and args.lang == "ja"
    assert parse_args([]).match is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--game", "flatfront", "--seats", "human,wizard"], "seat 'wizard' must be one of"),
        (["--game", "flatfront", "--seats", "human"], "takes 2-2 players, not 1"),
        (["--game", "flatfront", "--option", "adjacency"], "needs NAME=VALUE"),
        (["--game", "flatfront", "--option", "adjacency=hex"], "must be one of"),
        (["--game", "flatfront", "--option", "speed=3"], "has no option 'speed'"),
        (["--selftest", "--seats", "human,hard"], "--selftest takes only --game"),
    ],
)
def test_bad_command_lines_exit_with_a_readable_reason(argv, message, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_frames_opens_the_title_screen_and_quits(data_dir) -> None:
    assert main(["--frames", "3"]) == 0


def test_screenshot_is_saved(data_dir) -> None:
    path = data_dir / "shot.png"
    assert main(["--screenshot", str(path), "--frames", "2"]) == 0
    assert path.stat().st_size > 10_000


def test_selftest_plays_flatfront_through_the_scenes(capsys) -> None:
    assert main(["--selftest", "--game", "flatfront"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("flatfront: ok") and "moves" in line


def test_selftest_of_an_unknown_game_fails(capsys) -> None:
    assert main(["--selftest", "--game", "chess"]) == 1
    assert "chess: FAILED" in capsys.readouterr().out
