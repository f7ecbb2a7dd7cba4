"""The match controller: turn loop, AI requests, undo/redo, log, review, curtain, autosave."""

from __future__ import annotations

import errno
import random

import pytest

from game import saves
from game.engines import GAMES
from game.engines.base import CHANCE, TERMINAL, Game, IllegalActionError, State
from game.match import (
    AI_FELL_BACK,
    AI_TURN,
    CURTAIN,
    FORCED,
    FORCED_MOVE,
    GAME_OVER,
    HINT_LEVEL,
    HUMAN,
    HUMAN_TURN,
    OVER,
    SAVE_FAILED,
    YOUR_TURN,
    Event,
    Match,
    result_text,
    seat_names,
)
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


# --- the phase and the event queue ---------------------------------------------------------------
def count_legal_calls(match: Match) -> list[int]:
    calls: list[int] = []
    original = match.state.legal_actions

    def counted() -> list[int]:
        calls.append(1)
        return original()

    match.state.legal_actions = counted  # type: ignore[method-assign]
    return calls


def test_phase_is_computed_once_per_change() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], options={"pile": 7}, seed=20)
    run_automatic(match)
    match.reveal()
    calls = count_legal_calls(match)
    for _ in range(10):  # what a scene asks every frame costs nothing once computed
        assert match.phase.kind == HUMAN_TURN and match.phase.legal == (1, 2)
        assert match.legal_for_viewer() == [1, 2] and match.human_to_decide()
        assert match.forced_action() is None and match.curtain_for() is None
    assert calls == []
    match.play(2)
    assert len(calls) == 1  # the new phase; the legal move itself needed no second look
    match.reveal()
    for _ in range(10):
        assert match.phase.kind == HUMAN_TURN and match.legal_for_viewer() == [1, 2]
    assert len(calls) == 1
    against_ai = Match(PebblesGame(), [HUMAN, "easy"], seed=20, client=SyncClient())
    run_automatic(against_ai)
    against_ai.play(1)
    assert against_ai.phase.kind == AI_TURN and against_ai.phase.legal == ()
    assert against_ai.legal_for_viewer() == []


def test_phases_name_what_the_match_waits_for() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], options={"pile": 5}, seed=21)
    assert match.phase.kind == CURTAIN and match.phase.curtain == 0
    match.deal_before_curtain()
    assert match.phase.kind == CURTAIN and match.phase.player == 0
    assert match.phase.legal == (1, 2) and match.phase.input == []  # locked behind the curtain
    match.reveal()
    assert match.phase.kind == HUMAN_TURN and match.phase.input == [1, 2]
    match.play(2)
    match.reveal()
    match.play(2)
    match.reveal()
    assert match.phase.kind == FORCED and match.phase.forced == 1
    match.play(1)
    assert match.phase.kind == OVER


def test_events_are_queued_once_and_drained() -> None:
    client = SyncClient()
    match = Match(PebblesGame(), [HUMAN, "easy"], options={"pile": 5}, seed=22, client=client)
    assert match.events() == []
    run_automatic(match)
    assert match.events() == [Event(YOUR_TURN)]  # the deal is done: the human's turn begins
    match.play(2)
    match.advance()
    match.advance()  # the AI took its pebbles
    kinds = [e.kind for e in match.events()]
    assert kinds in ([YOUR_TURN], [YOUR_TURN, FORCED_MOVE], [FORCED_MOVE, YOUR_TURN])
    assert match.events() == []
    while not match.is_over:
        if match.human_to_decide():
            match.play(match.forced_action() or 1)
        else:
            match.advance()
    assert [e.kind for e in match.events()].count(GAME_OVER) == 1
    assert match.events() == []


def test_forced_move_event_names_the_action_on_continue() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], options={"pile": 5}, seed=23)
    run_automatic(match)
    match.play(2)
    match.play(2)
    again = Match.from_record(PebblesGame(), [HUMAN, HUMAN], 23, match.state.to_record())
    again.reveal()
    assert Event(FORCED_MOVE, 1) in again.events()


class FellBack(tuple):
    """A worker answer that came from the heuristic after the search failed."""

    fell_back = True


class FallingBackClient(SyncClient):
    def poll(self):
        result = super().poll()
        return None if result is None else FellBack(result)


def test_ai_fallback_is_an_event_not_a_flag() -> None:
    match = Match(PebblesGame(), ["easy", HUMAN], seed=24, client=FallingBackClient())
    run_automatic(match)
    events = match.events()
    assert [e.kind for e in events][:1] == [AI_FELL_BACK] and events[0].action in (1, 2)
    assert not hasattr(match, "ai_fell_back") and not hasattr(match, "save_error")


def test_a_failing_autosave_is_reported_and_the_game_goes_on(monkeypatch) -> None:
    """Hardening item 9: a full or read-only disk must not end the game."""

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "write_autosave", full_disk)
    match = Match(PebblesGame(), [HUMAN, "easy"], seed=25, client=SyncClient(), autosave=True)
    run_automatic(match)
    before = len(match.state.history)
    match.play(1)
    assert len(match.state.history) == before + 1
    failures = [e for e in match.events() if e.kind == SAVE_FAILED]
    assert failures and failures[-1].detail == "No space left on device"
    match.advance()
    match.advance()  # the AI still plays
    assert len(match.state.history) == before + 2


# --- undo never reveals or re-rolls --------------------------------------------------------------
def flatfront_turn_ups(seed: int) -> tuple[int, int]:
    """Play a hot-seat Flat Front match to the first placement with a choice, place on the
    first cell, see the next tile; undo, place on another cell: the two next tiles."""
    match = Match(GAMES["flatfront"], [HUMAN, HUMAN], seed=seed)

    def until_choice() -> None:
        while True:
            run_automatic(match)
            if len(match.phase.legal) > 1:
                return
            match.play(match.phase.legal[0])

    def next_tile(place: int) -> int:
        match.play(place)
        while not match.state.is_chance_node():
            match.play(match.phase.legal[0])
        match.advance()
        return match.state.history[-1]

    until_choice()
    start = len(match.state.history)
    places = match.phase.legal
    first = next_tile(places[0])
    while len(match.state.history) > start:
        assert match.undo()
    assert len(match.state.history) == start
    return first, next_tile(places[-1])


def test_undo_then_another_choice_does_not_reroll_the_next_tile() -> None:
    for seed in range(4):
        first, again = flatfront_turn_ups(seed)
        assert first == again, seed


class DiceGame(Game):
    """Three turns of: a player says 0 or 1 (it changes nothing), then a die is rolled."""

    id = "dice"
    title = title_ja = "Dice"
    min_players = max_players = 2
    perfect_information = True

    def new_state(self, num_players: int | None = None, **options: object) -> DiceState:
        return DiceState(self)


class DiceState(State):
    def __init__(self, game: DiceGame) -> None:
        self.game, self.num_players, self.options, self.history = game, 2, {}, []

    def current_player(self) -> int:
        n = len(self.history)
        return TERMINAL if n == 6 else CHANCE if n % 2 else (n // 2) % 2

    def legal_actions(self) -> list[int]:
        n = len(self.history)
        return [] if n == 6 else [1, 2, 3, 4, 5, 6] if n % 2 else [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def _apply(self, action: int) -> None:
        pass  # the history is the whole state

    def action_to_string(self, action: int) -> str:
        return str(action)


def test_dice_are_not_rerolled_by_undo_and_each_roll_keeps_its_own_outcome() -> None:
    for seed in range(4):
        match = Match(DiceGame(), [HUMAN, HUMAN], seed=seed)
        for _ in range(3):
            match.play(0)
            match.advance()
        rolls = match.state.history[1::2]
        while match.undo():
            pass
        assert match.state.history == []
        for _ in range(3):
            match.play(1)  # other words, same dice: the n-th roll is the n-th roll again
            match.advance()
        assert match.state.history[1::2] == rolls, seed
        assert match.state.history[0::2] == [1, 1, 1]


def test_continue_after_undo_neither_rerolls_nor_forgets_the_redo(data_dir) -> None:
    """Quitting after an undo and continuing must not hand out fresh dice (a re-roll by the
    back door), and the undone moves stay redoable."""
    game = DiceGame()
    match = Match(game, [HUMAN, HUMAN], seed=5, autosave=True)
    for _ in range(3):
        match.play(0)
        match.advance()
    rolls = match.state.history[1::2]
    while match.undo():
        pass
    saved = saves.load_autosave(saves.autosave_path(game.id))
    record = {**saved.record, "history": []}  # the autosave after the undo holds no moves
    resumed = Match.from_record(game, saved.seats, saved.seed, record, memory=saved.memory)
    assert resumed.can_redo()
    for _ in range(3):
        resumed.play(1)
        resumed.advance()
    assert resumed.state.history[1::2] == rolls


def test_a_damaged_undo_memory_is_forgotten_not_trusted() -> None:
    game = DiceGame()
    for memory in (
        {"drawn": "x", "redo": 7},
        {"drawn": [[[[9, 1.0]], 0, 4]], "redo": [5, 5, 5]},  # outcome not on offer; illegal redo
        {"drawn": [["bad"]], "redo": [True]},
    ):
        match = Match(game, [HUMAN, HUMAN], seed=5, memory=memory)
        assert not match.can_redo()
        assert match.undo_memory() == {"drawn": [], "redo": []}


def test_battle_line_undo_stops_at_the_humans_last_draw() -> None:
    match = Match(GAMES["battleline"], [HUMAN, "easy"], seed=3, client=SyncClient())
    run_automatic(match)
    assert match.undo_floor >= 15  # who starts, then the deal: the human has seen a hand
    assert not match.can_undo()
    seen_floor = match.undo_floor
    for _ in range(400):  # play on to the human's next turn after a draw of their own
        if match.human_to_decide():
            match.play(match.phase.legal[0])
        else:
            match.advance()
        if match.undo_floor > seen_floor and match.human_to_decide():
            break
    else:
        raise AssertionError("the human never drew a card")
    drawn = match.moves[match.undo_floor - 1]
    assert drawn.player == CHANCE and drawn.private
    if match.phase.kind == HUMAN_TURN:
        match.play(match.phase.legal[0])
        run_automatic(match)
    while match.undo():
        pass
    assert len(match.state.history) >= match.undo_floor  # the drawn card stays drawn
    assert match.moves[match.undo_floor - 1] == drawn


def test_hot_seat_undo_of_the_other_players_move_needs_their_consent() -> None:
    match = Match(PebblesGame(), [HUMAN, HUMAN], options={"pile": 7}, seed=27)
    run_automatic(match)
    match.reveal()
    assert match.undo_consent() is None  # nothing to undo
    match.play(1)
    match.reveal()
    assert match.to_move == 1 and match.undo_consent() == 0  # player 1's move: they agree
    against_ai = Match(PebblesGame(), [HUMAN, "easy"], seed=27, client=SyncClient())
    run_automatic(against_ai)
    against_ai.play(1)
    run_automatic(against_ai)
    assert against_ai.can_undo() and against_ai.undo_consent() is None


def test_hot_seat_undo_of_ones_own_move_needs_no_consent() -> None:
    match = Match(GAMES["flatfront"], [HUMAN, HUMAN], seed=1)
    for _ in range(60):
        run_automatic(match)
        mover = match.to_move
        last = match.moves[-1] if match.moves else None
        if len(match.phase.legal) > 1 and last and last.player == mover and not last.forced:
            break  # a second decision of the same turn (pieces after a chosen placement)
        match.play(match.phase.legal[0])
    else:
        raise AssertionError("no turn with two chosen decisions")
    assert match.undo_consent() is None  # the mover takes back their own placement
    match.play(match.phase.legal[0])
    run_automatic(match)
    if match.to_move != mover:  # the next turn is the other player's: they must not undo alone
        assert match.undo_consent() == mover


@pytest.mark.parametrize("game_id", ["flatfront", "battleline"])
def test_random_play_with_undo_and_redo_stays_consistent(game_id: str) -> None:
    """Undo, redo and new choices in any order: the history always replays, the log stays in
    step with it, undo never goes below the floor, and Continue finds the same phase."""
    rng = random.Random(game_id)
    match = Match(GAMES[game_id], [HUMAN, "easy"], seed=9, client=SyncClient())
    for _ in range(150):
        if match.is_over:
            break
        roll = rng.random()
        if roll < 0.1 and match.can_undo():
            floor = match.undo_floor
            assert match.undo() and len(match.state.history) >= floor
        elif roll < 0.15 and match.can_redo():
            match.redo()
        elif match.human_to_decide():
            match.play(rng.choice(match.phase.legal))
        else:
            match.advance()
        for index, move in enumerate(match.moves):
            assert move.index == index
    again = GAMES[game_id].replay(match.state.to_record())
    assert again.observation(0) == match.state.observation(0)
    assert (
        match.phase
        == Match.from_record(GAMES[game_id], match.seats, 9, match.state.to_record()).phase
    )


@pytest.mark.parametrize(
    ("seats", "remote", "winner", "words"),
    [
        ([HUMAN, "easy"], set(), 0, "You win!"),
        ([HUMAN, HUMAN], {1}, 1, "Cy wins"),
        ([HUMAN, "easy"], {0}, 0, "Bob wins!"),  # a host watching its guest play its AI
        ([HUMAN, HUMAN], {0, 1}, 1, "Cy wins!"),
        ([HUMAN, HUMAN], set(), 0, "Bob wins!"),  # hot-seat: nobody at the screen is "you"
    ],
)
def test_the_result_says_you_only_to_the_player_at_this_screen(
    seats, remote, winner, words, monkeypatch
) -> None:
    match = Match(PebblesGame(), seats, seed=1, names=["Bob", "Cy"], remote=frozenset(remote))
    monkeypatch.setattr(match, "winners", lambda: [winner])
    assert result_text(match) == words
