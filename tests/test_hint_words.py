"""A hint proposes: its words read as a move to make, never as one made. The log says what was
done ("♦7を出した"); the hint, the guest's hint (sent as log steps, worded by the guest) and the
review's better move say what to do ("♦7を出す", "play ♦7"), in every game, in English and in
Japanese."""

from __future__ import annotations

import random
import re

import pytest

from game import i18n
from game.engines import GAMES
from game.words import words_of
from tests.test_board_contract import make_board

GAME_IDS = ["battleline", "flatfront", "flink", "frontline", "tsuno"]
# What a past tense looks like: a Japanese sentence ending in た (…を出した, …が配られた), an
# English one starting with a past form (played, was dealt).
PAST = {"ja": re.compile(r"た$"), "en": re.compile(r"^(\S+ed|was|were|had|did)\b")}


def _proposals(game_id: str, seed: int, moves: int = 150) -> list[list[int]]:
    """Positions of a seeded random game as (state, seat) where a seat decides, up to
    ``moves`` actions in."""
    rng = random.Random(seed)
    state = GAMES[game_id].new_state()
    out = []
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        out.append((state.clone(), state.current_player()))
        state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hints_read_as_a_move_to_make(game_id: str, lang: str) -> None:
    i18n.set_language(lang)
    words = words_of(game_id)
    board = make_board(game_id, [0.0], (905, 716))
    board.ctx.lang = lang
    said = set()
    for state, seat in _proposals(game_id, 5):
        for action in state.legal_actions()[:12]:
            steps = words.move_steps(state, [action], seat)
            hint = words.move_words(state, [action], seat)
            assert board.move_words(state, [action], seat) == hint  # the local hint's words
            assert board.proposed_words(steps) == hint  # the guest's, from the host's steps
            said.update(hint)
    assert len(said) >= 5
    past = sorted(w for w in said if PAST[lang].search(w))
    assert not past, past


def test_battle_line_says_what_was_done_in_the_log_and_what_to_do_in_a_hint() -> None:
    i18n.set_language("ja")
    words = words_of("battleline")
    state, seat = next(
        (s, p) for s, p in _proposals("battleline", 5) if s.observation(p).get("phase") != "deal"
    )
    action = state.legal_actions()[0]
    steps = words.move_steps(state, [action], seat)
    assert words.turn_words(steps)[0].endswith("た")  # the log: done
    assert not words.proposed_words(steps)[0].endswith("た")  # the hint: to do
    i18n.set_language("en")
    assert words.proposed_words(steps)[0].split()[0] in {"play", "draw", "choose", "discard"}
