"""The words beside each engine: found by convention, without pygame, shared by every reader."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.engines import GAMES
from game.words import Words, words_of


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_words_and_they_word_its_first_legal_move(game_id: str) -> None:
    words = words_of(game_id)
    assert isinstance(words, Words)
    state = GAMES[game_id].new_state(GAMES[game_id].min_players)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    action = state.legal_actions()[0]
    said = words.action_words(state, action)
    assert said and isinstance(said, str)
    assert words.move_words(state, [action], state.current_player()) == [
        words.proposed_words(words.move_steps(state, [action], state.current_player()))[0]
    ]


def test_a_game_without_words_gets_the_defaults_and_a_bad_name_none() -> None:
    assert type(words_of("no_such_game")) is Words
    with pytest.raises(KeyError):
        words_of("../etc")


def test_words_load_without_pygame() -> None:
    """The network views and the headless tools word the log without a display library."""
    code = (
        "import sys; from game.engines import GAMES; from game.words import words_of; "
        "[words_of(g) for g in GAMES]; print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
