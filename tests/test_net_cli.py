"""The network's command line: the two-process self-test, the relay and the flags' checks."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.__main__ import parse_args
from game.net.selftest import fivefronts_command
from tests.net_helpers import play_through_relay


def test_the_network_selftest_plays_a_game_between_two_processes() -> None:
    done = subprocess.run(
        [*fivefronts_command(), "--selftest", "--network", "--game", "flatfront"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "flatfront over the network: ok" in done.stdout
    assert "agree" in done.stdout


def test_the_relay_command_serves_a_game() -> None:
    relay = subprocess.Popen(
        [*fivefronts_command(), "relay", "--port", "0", "--bind", "127.0.0.1"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert relay.stdout is not None
        line = relay.stdout.readline()
        assert line.startswith("Five Fronts relay listening on 127.0.0.1:")
        port = int(line.rsplit(":", 1)[1])
        referee, player = play_through_relay("flink", ("127.0.0.1", port))
        assert player.table.returns == referee.match.state.returns()
    finally:
        relay.terminate()
        relay.wait(10)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--network"], "--network goes with --selftest"),
        (["--bot", "1"], "--bot goes with --join"),
        (["--selftest", "--join", "x", "--bot", "1"], "--selftest takes only"),
    ],
)
def test_network_flags_that_do_not_go_together_say_so(argv, words, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


def test_the_relay_refuses_a_bad_port() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "relay", "--port", "70000"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--port must be between" in done.stderr
