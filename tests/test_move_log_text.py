"""The move log in the player's language: every engine phrase has its words in both tables,
and the board's English words are exactly the engine's ``action_to_string``."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pytest

from game.boards import board_class
from game.engines import GAMES
from game.engines.base import CHANCE
from game.engines.battleline import knowledge
from game.engines.flatfront import PHRASES as FLATFRONT_PHRASES
from game.i18n import set_language, table
from game.words import Words, words_of

PHRASES = {"flatfront": FLATFRONT_PHRASES, "battleline": knowledge.PHRASES}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("game_id", sorted(PHRASES))
def test_every_phrase_has_words_in_both_languages(game_id: str) -> None:
    for lang in ("en", "ja"):
        missing = [k for k in PHRASES[game_id] if f"log.{game_id}.{k}" not in table(lang)]
        assert missing == [], lang


def log_text_of(game_id: str) -> Callable[[str, dict], str | None]:
    """The game's words beside its engine, or its board's while the board still keeps them."""
    words = words_of(game_id)
    if type(words).log_text is not Words.log_text:
        return words.log_text
    return partial(board_class(game_id).log_text, None)


@pytest.mark.parametrize("game_id", sorted(PHRASES))
def test_board_words_match_the_engine_log_and_japanese_differs(game_id: str) -> None:
    log_text = log_text_of(game_id)
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAMES[game_id].new_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            action = state.sample_chance(rng) if state.current_player() == CHANCE else None
            action = rng.choice(legal) if action is None else action
            key, args = state.action_phrase(action)
            seen.add(key)
            set_language("en")
            assert log_text(key, args) == state.action_to_string(action)
            set_language("ja")
            assert log_text(key, args) != state.action_to_string(action)
            state.apply_action(action)
    assert len(seen) >= 5
