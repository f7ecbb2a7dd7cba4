"""A guest's hint over loopback: searched by the host from the guest's own information only —
legal for it, and the same whatever the guest cannot see."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from ai.budgets import Budget
from ai.worker import AIWorker
from game.engines import GAMES
from game.engines.base import State
from game.match import HUMAN, Match
from game.net.guest import GuestClient, RemoteTable
from game.net.hints import NOT_YOUR_TURN, STALE, GuestHints
from game.net.host import HostServer
from game.net.protocol import decode
from game.net.referee import Referee
from game.net.views import SeatView
from game.scenes.guest_match import GuestMatchScene
from game.words import words_of
from tests.net_helpers import hosted, screen_frames
from tests.test_app_fakes import SyncClient

# Untimed: the search is the same every time from the same seed (the level's is on a clock).
BUDGET = Budget(search=True, iterations=300, heuristic_rollouts=True)
SEATS = [HUMAN, "easy"]


def position(game_id: str, seed: int, at: int, player: int = 0) -> list[int]:
    """The history of a random game up to a choice of ``player`` at least ``at`` actions in."""
    rng = random.Random(seed)
    state = GAMES[game_id].new_state(2)
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(state.history) >= at and state.current_player() == player and len(legal) > 1:
            return list(state.history)
        state.apply_action(rng.choice(legal))


def match_of(game_id: str, history: list[int], seed: int = 7) -> Match:
    return Match(
        GAMES[game_id],
        SEATS,
        seed=seed,
        history=history,
        client=SyncClient(),  # type: ignore[arg-type]
        remote=frozenset({0}),
    )


def guest_view(match: Match) -> str | None:
    return SeatView(match, 0).message(match, ["A", "B"], ["remote", "easy"])


def redealt(game_id: str, history: list[int], rng: random.Random) -> list[int]:
    """Another history whose every view for seat 0 is the same: one chance outcome seat 0 did
    not see (a card dealt or drawn to the other side) replaced by another it could not tell
    from it, tried until the rest of the game stays legal and seat 0's view is unchanged."""
    game = GAMES[game_id]
    state = game.new_state(2)
    hidden: list[tuple[int, State]] = []
    for i, action in enumerate(history):
        if state.is_chance_node() and state.observed_action(0, action) != action:
            hidden.append((i, state.clone()))
        state.apply_action(action)
    view = guest_view(match_of(game_id, history))
    for _ in range(500):
        i, before = rng.choice(hidden)
        seen = before.observed_action(0, history[i])
        others = [
            b
            for b, _p in before.chance_outcomes()
            if b != history[i] and before.observed_action(0, b) == seen
        ]
        if not others:
            continue
        candidate = [*history[:i], rng.choice(others), *history[i + 1 :]]
        try:
            match = match_of(game_id, candidate)
        except ValueError:  # IllegalActionError: a later step needed the card taken away
            continue
        if guest_view(match) == view:
            return candidate
    raise AssertionError("no other deal with the same view found")


def connect(referee: Referee) -> tuple[GuestClient, RemoteTable]:
    assert referee.invite is not None
    client = GuestClient(referee.invite, "Aiko", keep_raw=True)
    client.start()
    table = RemoteTable()
    wait(referee, client, table, lambda: table.started)
    return client, table


def wait(referee: Referee, client: GuestClient, table: RemoteTable, done, timeout=60.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "no answer from the host"
        referee.pump()
        table.take(client.inbox)
        time.sleep(0.005)


def hint_over_the_wire(game_id: str, history: list[int], seed: int) -> tuple:
    """The hint a guest at seat 0 gets for the position after ``history`` from a host of its
    own (own AI process, fresh)."""
    hints = GuestHints(AIWorker(processes=1), BUDGET)
    referee = Referee(match_of(game_id, history, seed), HostServer([0]), hints)
    referee.start()
    client, table = connect(referee)
    try:
        assert table.my_turn
        client.ask_hint(table.asked_hint())
        wait(referee, client, table, lambda: table.hint_shown or bool(table.hint_refused))
    finally:
        client.leave()
        referee.stop()
    return table.hint_line, [(s.phrase, s.text) for s in table.hint_steps]


@pytest.mark.parametrize(("game_id", "at"), [("battleline", 24), ("frontline", 30)])
def test_a_guests_hint_is_legal_and_the_same_whatever_it_cannot_see(game_id: str, at: int) -> None:
    history = position(game_id, seed=4, at=at)
    other = redealt(game_id, history, random.Random(9))
    assert other != history
    line, steps = hint_over_the_wire(game_id, history, seed=1)
    # The other host's hidden cards differ, and so does its own seed: nothing of either counts.
    assert hint_over_the_wire(game_id, other, seed=2) == (line, steps)
    # The whole suggested move is the guest's to play, part after part, in the true position.
    state = GAMES[game_id].replay({**match_of(game_id, history).state.to_record()})
    assert line and len(steps) == len(line)
    for action in line:
        assert state.current_player() == 0
        assert action in state.legal_actions()
        state.apply_action(action)


class CountingClient(SyncClient):
    def request(self, game_id, level, seed, state, *, budget=None):  # type: ignore[override]
        return super().request(game_id, level, seed, state)


def hints_received(client: GuestClient) -> list[dict]:
    return [
        msg.fields
        for msg in (decode(raw, "host") for raw in client.received or [])
        if msg.kind == "hint"
    ]


def test_a_hint_is_searched_once_for_a_position_and_refused_for_an_old_one() -> None:
    fake = CountingClient()
    history = position("battleline", seed=4, at=24)
    referee = Referee(match_of("battleline", history), HostServer([0]), GuestHints(fake))
    referee.start()
    client, table = connect(referee)
    try:
        for _ in range(3):  # asked again and again: one search, the same answer
            client.ask_hint(table.asked_hint())
            wait(referee, client, table, lambda: table.hint_shown)
            assert table.hint_line[0] in table.legal
            table.clear_hint()
        assert [sent[1] for sent in fake.sent] == ["hint"]
        client.ask_hint(table.index - 1)  # a position that is gone
        wait(referee, client, table, lambda: len(hints_received(client)) == 4)
    finally:
        client.leave()
        referee.stop()
    answers = hints_received(client)
    assert answers[0] == answers[1] == answers[2] and answers[0]["code"] == ""
    assert answers[3]["code"] == STALE and answers[3]["line"] == []


def test_a_hint_is_refused_when_it_is_not_the_guests_turn() -> None:
    fake = CountingClient()
    history = position("battleline", seed=4, at=24, player=1)
    referee = Referee(match_of("battleline", history), HostServer([0]), GuestHints(fake))
    referee.start()
    client, table = connect(referee)
    try:
        assert not table.my_turn
        client.ask_hint(table.asked_hint())
        wait(referee, client, table, lambda: bool(table.hint_refused))
    finally:
        client.leave()
        referee.stop()
    assert table.hint_refused == NOT_YOUR_TURN and not table.hint_line and fake.sent == []


def test_the_guest_screen_asks_with_h_and_shows_the_hint_worded_for_its_player(app) -> None:
    fake = CountingClient()
    referee = hosted("battleline", ["easy", HUMAN], {1}, seed=21)
    referee.hints = GuestHints(fake)
    assert referee.invite is not None
    scene = GuestMatchScene(app, GuestClient(referee.invite, "Aiko"))
    app.stack.push(scene)

    def frames_until(done) -> None:
        screen_frames(app, referee, scene, done)

    try:
        frames_until(scene.ready_to_play)
        assert scene.hint_possible() and scene.board is not None
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode=""))
        frames_until(lambda: bool(scene.board and scene.board.hint_line))
        board, table = scene.board, scene.table
        assert board.hint_line == table.hint_line and board.hint in table.legal
        # Worded as a local match words its hint ("plays ♣4"), in the guest's language.
        local = words_of("battleline").move_words(referee.match.state, board.hint_line, 1)
        assert list(board.hint_words) == local and local[0]
        assert fake.sent[0][3].observation(1) == referee.match.state.observation(1)
        assert scene.hint_possible()  # shows it again, asks nothing more
        scene.hint()
        assert len(fake.sent) == 1
        scene.play(board.hint)  # played: the hint of that position is gone
        frames_until(lambda: scene.table.index > table.hint_asked[0] if table.hint_asked else 1)
        assert not scene.table.hint_line
    finally:
        app.stack.pop()
        referee.stop()


class LoadingClient(CountingClient):
    """A fake whose process takes ``load`` seconds to load the AI after ``warm_up``; it records
    when each search was asked for."""

    def __init__(self, load: float) -> None:
        super().__init__()
        self.load = load
        self.loaded_at: float | None = None
        self.asked_at: list[float] = []

    def warm_up(self) -> None:
        super().warm_up()
        if self.loaded_at is None:
            self.loaded_at = time.monotonic() + self.load

    def ready(self) -> bool:
        return self.loaded_at is not None and time.monotonic() >= self.loaded_at

    def request(self, game_id, level, seed, state, *, budget=None):  # type: ignore[override]
        self.asked_at.append(time.monotonic())
        return super().request(game_id, level, seed, state)


def warm_up_done(hints: GuestHints) -> None:
    deadline = time.monotonic() + 10
    while hints.busy:
        assert time.monotonic() < deadline, "the warm-up never ended"
        time.sleep(0.005)


def test_the_hints_process_starts_once_when_the_first_guest_sits_down() -> None:
    fake = CountingClient()
    hints = GuestHints(fake)
    referee = Referee(match_of("battleline", position("battleline", 4, 24)), HostServer([0]), hints)
    referee.start()
    assert fake.warmed == 0  # an empty table starts nothing
    client, _table = connect(referee)
    try:
        warm_up_done(hints)
        assert fake.warmed == 1
        hints.seated()  # another guest, or this one back: started already
        warm_up_done(hints)
        assert fake.warmed == 1 and fake.sent == []
    finally:
        client.leave()
        referee.stop()


def test_a_table_with_hints_off_starts_no_process_for_its_guests() -> None:
    fake = CountingClient()
    hints = GuestHints(fake, warm=False)
    referee = Referee(match_of("battleline", position("battleline", 4, 24)), HostServer([0]), hints)
    referee.start()
    client, _table = connect(referee)
    try:
        for _ in range(20):
            referee.pump()
            time.sleep(0.005)
        assert fake.warmed == 0 and not hints.busy
    finally:
        client.leave()
        referee.stop()


def test_the_first_hints_clock_starts_once_the_process_has_loaded_the_ai() -> None:
    """A guest asks at once: the search is asked for only when the process is ready (the
    worker's clock runs from the ask; the start-up used to eat the first hint's clock)."""
    fake = LoadingClient(load=0.3)
    hints = GuestHints(fake)
    referee = Referee(match_of("battleline", position("battleline", 4, 24)), HostServer([0]), hints)
    referee.start()
    client, table = connect(referee)
    try:
        client.ask_hint(table.asked_hint())
        wait(referee, client, table, lambda: table.hint_shown)
    finally:
        client.leave()
        referee.stop()
    assert fake.loaded_at is not None and len(fake.asked_at) == 1
    assert fake.asked_at[0] >= fake.loaded_at


def test_a_hint_asked_before_any_warm_up_starts_the_process_and_waits_for_it() -> None:
    fake = LoadingClient(load=0.2)
    hints = GuestHints(fake, warm=False)
    referee = Referee(match_of("battleline", position("battleline", 4, 24)), HostServer([0]), hints)
    referee.start()
    client, table = connect(referee)
    try:
        assert fake.warmed == 0
        client.ask_hint(table.asked_hint())
        wait(referee, client, table, lambda: table.hint_shown)
    finally:
        client.leave()
        referee.stop()
    assert fake.warmed == 1 and fake.loaded_at is not None
    assert fake.asked_at[0] >= fake.loaded_at
