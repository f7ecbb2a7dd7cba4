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
        (["--game", "flatfront", "--seats", "human"], "Flat Front takes 2 players, not 1"),
        (["--game", "flatfront", "--option", "adjacency"], "needs NAME=VALUE"),
        (
            ["--game", "flatfront", "--option", "adjacency=hex"],
            "must be one of edge, edge+corner, not 'hex'",
        ),
        (["--game", "flatfront", "--option", "speed=3"], "has no option 'speed'"),
        (["--selftest", "--seats", "human,hard"], "--selftest takes only --game"),
        (["--selftest", "--game", "chess"], "unknown game 'chess'"),
        (["--game", ""], "--game needs a value"),
        (["--screenshot", ""], "--screenshot needs a value"),
        (["--screenshot", "/no/such/folder/shot.png"], "does not exist"),
        (["--screenshot", "."], "must end in one of"),
        (["--screenshot", "shot.txt"], "must end in one of"),
        (["--frames", "-3"], "--frames must be 0 or more"),
    ],
)
def test_bad_command_lines_exit_with_a_readable_reason(argv, message, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert message in err and out == ""
    assert len(err.strip().splitlines()) == 1 and "[" not in err  # one line, no Python lists


def test_a_screenshot_into_a_folder_named_like_a_file_is_refused(data_dir, capsys) -> None:
    (data_dir / "shot.png").mkdir()
    with pytest.raises(SystemExit) as exit_info:
        parse_args(["--screenshot", str(data_dir / "shot.png")])
    assert exit_info.value.code == 2 and "is a folder" in capsys.readouterr().err


def test_a_screenshot_that_fails_to_save_is_one_line_and_exit_2(
    data_dir, capsys, monkeypatch
) -> None:
    import pygame

    def refuse(*_args) -> None:
        raise pygame.error("Couldn't open file")

    monkeypatch.setattr(pygame.image, "save", refuse)
    assert main(["--screenshot", str(data_dir / "shot.png"), "--frames", "2"]) == 2
    err = capsys.readouterr().err
    assert "could not save the screenshot" in err and "Traceback" not in err


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


def test_selftest_of_an_unknown_game_is_a_usage_error_on_stderr(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--selftest", "--game", "chess"])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "unknown game 'chess'" in err
