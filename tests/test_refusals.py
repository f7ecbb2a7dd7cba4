"""Refusals: phrases worded in the player's language, non-int actions, and ids out of place."""

from __future__ import annotations

import random

import pytest

from game.engines import GAMES
from game.engines.base import REFUSALS, IllegalActionError, State
from game.engines.battleline import refusals as battleline_refusals
from game.engines.battleline.actions import FIRST_BASE, NUM_ACTIONS
from game.engines.battleline.cards import FOG
from game.engines.battleline.proof import PROOF_PHRASES
from game.engines.flatfront import NUM_ACTIONS as FLATFRONT_ACTIONS
from game.engines.flatfront import REFUSALS as FLATFRONT_REFUSALS
from game.i18n import set_language, table
from game.match import HUMAN, Match
from game.refusals import refusal_text
from tests.test_app_fakes import PebblesGame
from tests.test_battleline_claims import claim_action
from tests.test_battleline_support import play, position

BUILT = ("flatfront", "battleline")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def refused(state: State, action: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(action)  # type: ignore[arg-type]
    return err.value


def worded(game_id: str, err: IllegalActionError, lang: str) -> str:
    set_language(lang)
    try:
        return refusal_text(GAMES[game_id], err)
    finally:
        set_language("en")


def random_states(game_id: str, count: int, seed: int) -> list[State]:
    """States met along random games (every tenth step), chance included."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = GAMES[game_id].new_state()
        step = 0
        while not state.is_terminal() and len(found) < count:
            if step % 10 == 3:
                found.append(state.clone())
            state.apply_action(
                state.sample_chance(rng)
                if state.is_chance_node()
                else rng.choice(state.legal_actions())
            )
            step += 1
        found.append(state)  # a finished game too
    return found


# --- every phrase has words in both languages ---------------------------------------------------
def test_every_engine_refusal_key_has_strings() -> None:
    en = table("en")
    wanted = [f"refusal.{key}" for key in REFUSALS if key != "text"]
    wanted += [f"refusal.flatfront.{key}" for key in FLATFRONT_REFUSALS]
    wanted += [f"refusal.battleline.{key}" for key in battleline_refusals.REFUSALS]
    wanted += [f"refusal.battleline.{key}" for key in PROOF_PHRASES]
    assert [key for key in wanted if key not in en] == []


@pytest.mark.parametrize("game_id", BUILT)
def test_refusals_read_as_sentences_in_both_languages(game_id: str) -> None:
    total = NUM_ACTIONS if game_id == "battleline" else FLATFRONT_ACTIONS
    seen_keys = set()
    for state in random_states(game_id, 12, seed=5):
        legal = set(state.legal_actions())
        for action in range(total):
            if action in legal:
                continue
            err = refused(state, action)
            seen_keys.add(err.phrase[0])
            en, ja = worded(game_id, err, "en"), worded(game_id, err, "ja")
            assert en[0].isupper() and en.endswith((".", ")")), en
            assert "{" not in en and "{" not in ja
            assert ja != en and ja.endswith("。"), (en, ja)
            assert str(err) and str(err) != en  # the engine's English stays for logs and tests
    assert len(seen_keys) >= 5


def test_tactics_limit_has_no_broken_plural() -> None:
    state = position(("Fog Mud P1", "Scout R1"), {}, tactics_played=(1, 0))
    err = refused(state, FOG)
    assert "wait until they play one" in str(err)
    en = worded("battleline", err, "en")
    assert en == (
        "You may not play another tactics card until your opponent plays one "
        "(tactics cards played: you 1, your opponent 0)."
    )
    assert "戦術カード" in worded("battleline", err, "ja")


def test_failed_claim_is_explained_with_the_counterexample_in_words() -> None:
    state = position(("P1 P2", ""), {0: ("B7 B8 B9", "G8 G9"), 2: ("Y8 Y9 Y10", "O4 O5")})
    play(state, "P1", 8)
    err = refused(state, claim_action(0))
    assert "G10 makes Wedge 27" in str(err)  # the engine's English, unchanged
    assert err.phrase[0] == "cannot_claim" and err.phrase[1]["why"][0] == "not_proven"
    en = worded("battleline", err, "en")
    assert en == (
        "You cannot claim flag 1: your opponent could still add G10 to make Wedge (27), "
        "which beats your Wedge (24)."
    )
    ja = worded("battleline", err, "ja")
    assert ja.startswith("フラッグ1は獲得できません") and "G10" in ja and "ウェッジ" in ja


def test_an_english_only_engine_still_reaches_the_player_as_a_sentence() -> None:
    state = PebblesGame().new_state(2)
    state.apply_action(4)
    state.apply_action(6)
    err = refused(state, 3)
    assert str(err) == "you can take one or two pebbles" and err.phrase[0] == "text"
    assert refusal_text(PebblesGame(), err) == "You can take one or two pebbles."


# --- item 7: actions are ints, never bools -------------------------------------------------------
@pytest.mark.parametrize("game_id", [*BUILT, "pebbles"])
def test_bools_are_refused_where_one_or_zero_is_legal(game_id: str) -> None:
    game = PebblesGame() if game_id == "pebbles" else GAMES[game_id]
    rng = random.Random(1)
    checked = 0
    for _ in range(40):
        state = game.new_state(2)
        while not state.is_terminal() and checked < 6:
            legal = state.legal_actions()
            for flag in (True, False):
                if int(flag) in legal:
                    record = state.to_record()
                    err = refused(state, flag)
                    assert state.to_record() == record
                    assert err.phrase[0] == "not_an_action"
                    checked += 1
            for other in (1.0, "1", None):
                refused(state, other)
            state.apply_action(
                state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal)
            )
        if checked >= 6:
            break
    assert checked >= 2, "no state with action 0 or 1 legal was met"


def test_replay_rejects_bools_in_a_record() -> None:
    state = PebblesGame().new_state(2)
    state.apply_action(1)
    state.apply_action(2)
    state.apply_action(1)
    record = state.to_record()
    assert PebblesGame().replay(record).history == [1, 2, 1]
    record["history"] = [1, 2, True]
    with pytest.raises(ValueError, match="list of action numbers"):
        PebblesGame().replay(record)


def test_match_play_refuses_a_bool_and_keeps_it_out_of_the_history() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], seed=1)
    while not match.human_to_decide():
        match.advance()
    history = list(match.state.history)
    with pytest.raises(IllegalActionError):
        match.play(True)  # type: ignore[arg-type]
    assert match.state.history == history and len(match.moves) == len(history)
    assert all(type(a) is int for a in match.state.to_record()["history"])


# --- item 8: "who starts" ids outside the opening ------------------------------------------------
def test_battle_line_first_player_ids_mid_game_are_refused_not_a_crash() -> None:
    match = Match(GAMES["battleline"], [HUMAN, HUMAN], seed=2)
    while not match.human_to_decide():
        match.advance()
    history = list(match.state.history)
    for action in (FIRST_BASE, FIRST_BASE + 1):
        assert match.state.action_to_string(action) == f"unknown action {action}"
        with pytest.raises(IllegalActionError) as err:
            match.play(action)
        assert match.state.history == history
        assert refusal_text(GAMES["battleline"], err.value)
