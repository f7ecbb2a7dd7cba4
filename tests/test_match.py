"""The match controller: turn loop, AI requests, undo/redo, log, review, curtain, autosave."""

from __future__ import annotations

import pytest

from game import saves
from game.engines import GAMES
from game.engines.base import CHANCE, IllegalActionError
from game.match import HINT_LEVEL, HUMAN, Match, seat_names
from tests.test_app_fakes import PebblesGame, SyncClient


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    return tmp_path


def run_automatic(match: Match, limit: int = 100) -> None:
    """Advance until a human must decide (or the game ends)."""
    for _ in range(limit):
        if match.is_over or match.human_to_decide():
            return
        match.advance()
    raise AssertionError("the match did not reach a human decision")


def test_chance_is_resolved_and_reproducible() -> None:
    a = Match(PebblesGame(), [HUMAN, HUMAN], seed=7)
    b = Match(PebblesGame(), [HUMAN, HUMAN], seed=7)
    c = Match(PebblesGame(), [HUMAN, HUMAN], seed=8)
    for m in (a, b, c):
        run_automatic(m)
    assert a.state.history == b.state.history and len(a.state.history) == 2
    assert a.moves[0].player == CHANCE
    # Another seed deals differently (checked over the first few seeds, not by luck of one).
    deals = {tuple(Match(PebblesGame(), [HUMAN, HUMAN], seed=s).state.history) for s in range(5)}
    assert len(deals) == 1  # nothing applied before advance()
    assert c.state.history != a.state.history or c.seed != a.seed


def test_ai_receives_only_a_determinized_copy() -> None:
    client = SyncClient()
    match = Match(PebblesGame(), [HUMAN, "hard"], seed=1, client=client)
    run_automatic(match)
    match.play(1)
    assert match.advance() is None  # request sent, answer not collected yet
    assert match.ai_thinking
    game_id, level, _seed, sent = client.sent[-1]
    assert (game_id, level) == ("pebbles", "hard")
    assert sent is not match.state
    assert sent.cards[1] == match.state.cards[1]  # its own card is known
    move = match.advance()
    assert move is not None and move.player == 1 and not match.ai_thinking


def test_undo_against_ai_returns_to_the_humans_last_decision_and_redo_restores() -> None:
    client = SyncClient()
    match = Match(PebblesGame(), [HUMAN, "easy"], options={"pile": 7}, seed=2, client=client)
    run_automatic(match)
    before = list(match.state.history)
    match.play(1)
    match.advance()
    match.advance()  # the AI replied
    run_automatic(match)
    after = list(match.state.history)
    assert len(after) == len(before) + 2 and match.human_to_decide()

    assert match.undo()
    assert match.state.history == before and match.human_to_decide()
    assert match.can_redo()
    assert match.redo()
    assert match.state.history == after
    assert not match.can_redo()


def test_a_different_move_after_undo_clears_redo_and_the_same_move_keeps_it() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], options={"pile": 7}, seed=3)
    run_automatic(match)
    match.play(2)
    match.play(1)
    match.undo()
    match.undo()
    assert len(match.redo_stack) == 2
    match.play(2)  # the same as the undone move
    assert match.redo_stack == [1]
    match.undo()
    match.play(1)  # a different one
    assert not match.can_redo()


def test_undo_skips_forced_decisions_and_cannot_undo_past_the_first() -> None:
    match = Match(PebblesGame(), [HUMAN, "easy"], options={"pile": 5}, seed=4, client=SyncClient())
    run_automatic(match)
    assert not match.can_undo()
    start = list(match.state.history)
    while not match.is_over:
        if match.human_to_decide():
            forced = match.forced_action()
            match.play(forced if forced is not None else 2)
        else:
            match.advance()
    assert any(m.forced for m in match.moves) or match.state.taken[0] % 2 == 0
    while match.can_undo():
        match.undo()
    assert match.state.history == start


def test_illegal_action_is_refused_with_words_and_changes_nothing() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], seed=5)
    run_automatic(match)
    history = list(match.state.history)
    with pytest.raises(IllegalActionError, match="one or two pebbles"):
        match.play(3)
    assert match.state.history == history and len(match.moves) == len(history)


def test_forced_action_offered_when_one_move_is_legal() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], options={"pile": 5}, seed=6)
    run_automatic(match)
    match.play(2)
    match.play(2)
    assert match.forced_action() is None  # not before the curtain is lifted
    match.reveal()
    assert match.forced_action() == 1
    move = match.play(1)
    assert move.forced and match.is_over


def test_move_log_names_movers_and_marks_private_deals() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], seed=7)
    run_automatic(match)
    match.play(1)
    texts = [m.text for m in match.moves]
    assert texts[:2] == ["player 1 is dealt a card", "player 2 is dealt a card"]
    assert [m.private for m in match.moves] == [True, True, False]
    assert texts[2] == "player 1 takes 1" and match.moves[2].player == 0


def test_review_replays_a_prefix_from_the_viewers_side() -> None:
    match = Match(PebblesGame(), [HUMAN, "easy"], seed=8, client=SyncClient())
    run_automatic(match)
    match.play(2)
    obs = match.observation_at(2)
    assert obs["pile"] == 5 and obs["cards"][1] is None and obs["cards"][0] is not None
    assert match.observation_at(3)["pile"] == 3


def test_curtain_before_every_hot_seat_turn_including_the_first() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], seed=9)
    assert match.curtain_for() == 0  # before anything is shown
    match.deal_before_curtain()
    assert match.to_move == 0 and match.curtain_for() == 0
    assert match.legal_for_viewer() == []  # input locked behind the curtain
    match.reveal()
    assert match.curtain_for() is None and match.viewer == 0
    assert match.legal_for_viewer() == [1, 2]
    match.play(1)
    assert match.curtain_for() == 1 and match.viewer == 0
    match.reveal()
    assert match.viewer == 1 and match.observation()["cards"][0] is None


def test_no_curtain_against_ai_and_viewer_is_the_human() -> None:
    match = Match(PebblesGame(), ["easy", HUMAN], seed=10, client=SyncClient())
    assert match.curtain_for() is None and match.viewer == 1


def test_hint_goes_through_the_client_and_is_dropped_by_a_move() -> None:
    client = SyncClient(delay_polls=1)
    match = Match(PebblesGame(), [HUMAN, "easy"], seed=11, client=client)
    run_automatic(match)
    assert match.request_hint()
    assert client.sent[-1][1] == HINT_LEVEL
    assert match.poll_hint() is None
    hint = match.poll_hint()
    assert hint in (1, 2) and match.hint == hint
    assert match.request_hint()
    match.play(1)
    assert not match.hint_pending and client.cancelled == 1


def test_autosave_after_every_action_and_continue_rebuilds_the_match(data_dir) -> None:
    match = Match(PebblesGame(), [HUMAN, "easy"], seed=12, client=SyncClient(), autosave=True)
    run_automatic(match)
    match.play(1)
    found, problems = saves.scan_autosaves()
    assert problems == [] and len(found) == 1
    save = found[0]
    assert save.record["history"] == match.state.history and save.seats == [HUMAN, "easy"]
    again = Match.from_record(PebblesGame(), save.seats, save.seed, save.record)
    assert again.state.observation(0) == match.state.observation(0)
    assert [m.text for m in again.moves] == [m.text for m in match.moves]


def test_finished_match_removes_its_autosave(data_dir) -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], options={"pile": 5}, seed=13, autosave=True)
    run_automatic(match)
    while not match.is_over:
        match.reveal()
        match.play(match.forced_action() or 2)
    assert not saves.autosave_path("pebbles").exists()
    assert match.winners()


def test_from_record_rejects_a_tampered_history() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], seed=14)
    run_automatic(match)
    record = match.state.to_record()
    record["history"] = [*record["history"], 9]
    with pytest.raises(ValueError, match="illegal"):
        Match.from_record(PebblesGame(), [HUMAN, HUMAN], 14, record)


def test_rematch_swaps_seats_and_names() -> None:
    match = Match(PebblesGame(), [HUMAN, "hard"], options={"pile": 7}, seed=15)
    again = match.rematch()
    assert again.seats == ["hard", HUMAN] and again.names == ["Hard AI", "You"]
    assert again.state.options["pile"] == 7 and again.seed != match.seed


def test_seat_names() -> None:
    assert seat_names([HUMAN, HUMAN]) == ["Player 1", "Player 2"]
    assert seat_names(["easy", "easy"]) == ["Easy AI 1", "Easy AI 2"]


def test_battle_line_log_folds_the_deal_but_not_who_starts() -> None:
    match = Match(GAMES["battleline"], [HUMAN, HUMAN], seed=2)
    run_automatic(match)
    first, *deal = match.moves[:15]
    assert first.player == CHANCE and not first.private and first.text.endswith("starts")
    assert all(m.private and m.text.endswith("is dealt a card") for m in deal)
