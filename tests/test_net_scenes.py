"""The networked match screens, headless: the host's screen with its referee and a guest's screen
drawn only from what it received, each through a whole game."""

from __future__ import annotations

import json
import queue
import random
import time
from collections.abc import Callable

import pygame
import pytest

from game.engines import GAMES
from game.match import FORCED_MOVE, Event
from game.net.guest import GuestClient, RemoteTable
from game.net.headless import GuestPlayer
from game.net.invite import Invite
from game.net.protocol import PROTOCOL_VERSION, ProtocolError, decode, encode
from game.scenes import hosting
from game.scenes.guest_match import GuestMatchScene
from game.scenes.hosting import HostedMatchScene
from game.scenes.overlay import DialogScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.ui.widgets import text_of
from tests.net_helpers import HUMAN, app_frame, guest, hosted

FRAME = 1 / 60


def frames_until(
    app, done: Callable[[], bool], *players: GuestPlayer, timeout: float = 120
) -> None:
    """Run the app (and the headless guests) frame by frame until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the networked screens did not get there in time"
        app_frame(app)
        for player in players:
            player.step()


def host_screen(app, game_id: str, seats: list[str], **kw: object) -> tuple:
    """The host's screen for ``seats`` (seat 1 remote) on the stack, and a guest joining it."""
    referee = hosted(game_id, seats, {1}, **kw)  # type: ignore[arg-type]
    scene = HostedMatchScene(app, referee)
    app.stack.push(scene)
    return referee, scene, guest(referee.invite, "Aiko")


def test_the_guest_screen_plays_a_whole_game_from_what_it_received(app) -> None:
    referee = hosted("battleline", ["easy", HUMAN], {1}, seed=21)
    scene = GuestMatchScene(app, GuestClient(referee.invite, "Aiko"))
    app.stack.push(scene)
    rng = random.Random(4)
    deadline = time.monotonic() + 120
    seen_statuses = set()
    try:
        while not (referee.match.is_over and scene.table.returns is not None):
            assert time.monotonic() < deadline, scene.status_text()
            referee.pump()
            if not referee.paused:
                referee.match.advance()
            app_frame(app)
            seen_statuses.add(scene.status_text())
            table = scene.table
            if table.my_turn and scene.ready_to_play():
                scene.play(rng.choice(table.legal))
        app.step(FRAME)
        assert scene.board is not None and scene.board.obs == scene.table.obs
        assert scene.table.seat == 1 and scene.table.names[1] == "Aiko"
        assert any(s.startswith("Choose a flag for") for s in seen_statuses)  # the board's words
        assert any("Easy AI" in s for s in seen_statuses)
        assert scene.status_text() in ("You win!", "Easy AI wins", "Draw")
        assert len(scene.rows()) > 10 and scene.rows()[-1].text
    finally:
        app.stack.pop()
        referee.stop()


def test_the_host_screen_waits_for_its_guest_then_referees_the_game(app) -> None:
    referee = hosted("flatfront", ["easy", HUMAN], {1}, seed=2)
    scene = HostedMatchScene(app, referee)
    app.stack.push(scene)
    try:
        for _ in range(5):
            app.step(FRAME)
        lines = scene.waiting_lines()
        assert lines[0] == "Waiting for Player 2 to join"
        assert str(referee.invite) in lines[1] and lines[2] == "Nobody has joined yet."
        assert referee.match.moves == []  # nothing moves before the guest is there
        player = guest(referee.invite, "Aiko")
        frames_until(app, lambda: len(referee.match.moves) >= 12, player)
        player.client.stop()  # the guest's program dies mid-game
        frames_until(app, lambda: referee.paused, timeout=20)
        assert "Aiko" in scene.waiting_lines()[0] and "reconnect" in scene.waiting_lines()[0]
        assert "Nobody has joined yet." not in scene.waiting_lines()  # she had, and comes back
        assert scene.panel.status_line() == "Waiting for Aiko to reconnect"  # not "thinking"
        assert any("Aiko" in item[0] for item in scene.toasts.items)
        player = guest(referee.invite, "Aiko")
        frames_until(
            app, lambda: referee.match.is_over and player.table.returns is not None, player
        )
        assert player.table.returns == referee.match.state.returns()
        player.client.leave()
    finally:
        app.stack.pop()


def test_a_remote_seat_in_the_set_up_screen_hosts_the_match(app, monkeypatch) -> None:
    monkeypatch.setattr(hosting, "DIRECT_BIND", ("127.0.0.1", 0))  # tests stay on loopback
    app.stack.reset(TitleScene(app))
    app.step(FRAME)
    app.stack.top.open_setup("battleline")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.seats[:] = [HUMAN, "remote"]
    setup.start(seed=1)
    scene = app.stack.top
    assert isinstance(scene, HostedMatchScene)
    try:
        assert scene.match.remote == {1} and scene.match.seats == [HUMAN, HUMAN]
        assert scene.match.names == ["You", "Player 2"]
        app.step(FRAME)
        assert scene.referee.paused and "Player 2" in scene.waiting_lines()[0]
        player = guest(scene.referee.invite, "Aiko")
        frames_until(app, lambda: player.table.started, player, timeout=30)
        assert not scene.referee.paused and scene.match.names[1] == "Aiko"
        assert player.table.names == ["Player 1", "Aiko"]  # nobody is "You" on its screen
        player.client.leave()
    finally:
        app.stack.pop()


def test_the_host_gets_no_hint_for_a_guests_turn_and_asks_before_taking_back(app) -> None:
    options = {"first_player": "seat2"}
    referee, scene, player = host_screen(app, "battleline", [HUMAN, HUMAN], options=options)

    def guests_turn_seen() -> bool:
        player.table.take(player.client.inbox)  # read only: the guest's turn stays unanswered
        return player.table.my_turn

    try:
        frames_until(app, guests_turn_seen, timeout=30)
        app.step(FRAME)
        assert not scene.hint_possible()  # the host may not peek at the guest's hand by a hint
        scene._on_event(Event(FORCED_MOVE, referee.match.state.legal_actions()[0]))
        assert scene.forced_wait is None  # a guest's forced move is its own screen's to play
        history = list(referee.match.state.history)
        scene.undo()  # the host has not moved yet
        app.step(FRAME)
        assert referee.match.state.history == history  # nothing taken back
        assert scene.toasts.items[-1][0] == "There is no move of yours to take back."
        player.client.leave()
    finally:
        app.stack.pop()


def test_the_host_who_refuses_a_take_back_is_told_it_as_you(app) -> None:
    """The refusal used to come back to the host in the third person, under its own name."""
    options = {"first_player": "seat2"}
    referee, scene, player = host_screen(app, "battleline", [HUMAN, HUMAN], options=options)
    try:
        guest_moved = lambda: any(m.player == 1 for m in referee.match.moves)  # noqa: E731
        frames_until(app, guest_moved, player, timeout=30)  # one decision, then it waits
        assert referee.ask_undo(1) == ""  # as the guest's "take back" would
        app.step(FRAME)
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert dialog.message() == "Aiko asks to take back their last move."
        dialog.buttons[0].on_click()  # Refuse
        app.step(FRAME)
        assert scene.toasts.items[-1][0] == "You refused: Aiko's move stays."
        player.client.leave()
    finally:
        app.stack.pop()


def test_the_host_shows_a_take_back_its_guest_allowed_at_rest(app) -> None:
    """Drawn as a move, the rewind once left a Frontline board showing "Destroyed!" on the
    card set aside again (the change read as that unit's loss)."""
    options = {"first_player": "seat1"}
    referee, scene, player = host_screen(app, "battleline", [HUMAN, HUMAN], options=options)
    try:
        match = referee.match
        frames_until(app, lambda: player.table.started and match.human_to_decide(), player)
        match.play(match.legal_for_viewer()[0])  # the host picks a card
        shown: list[bool] = []
        refresh = scene.refresh
        scene.refresh = lambda animate: (shown.append(animate), refresh(animate))  # type: ignore
        scene.undo()  # asks the guest, who allows
        frames_until(app, lambda: bool(shown), player, timeout=30)
        app.step(FRAME)
        assert scene.toasts.items[-1][0] == "Move taken back."
        assert shown == [False]  # shown at rest, never played as a move
        player.client.leave()
    finally:
        app.stack.pop()


def test_a_rematch_at_the_host_keeps_the_table_and_its_guest(app) -> None:
    referee, scene, player = host_screen(app, "flink", ["easy", HUMAN], seed=5)
    try:
        frames_until(
            app, lambda: referee.match.is_over and player.table.returns is not None, player
        )
        first = referee.match
        app.stack.replace(scene.rematch_scene())
        again = app.stack.top
        assert isinstance(again, HostedMatchScene) and again.match is not first
        frames_until(
            app,
            lambda: len(again.match.moves) > 4 and player.table.index == len(again.match.moves),
            player,
        )
        assert player.client.status == "connected" and player.table.returns is None
        assert player.table.log[0].index == 0 and len(player.table.log) == player.table.index
        assert again.match.names[1] == "Aiko" and again.match.seed == first.seed + 1
        player.client.leave()
    finally:
        app.stack.pop()


def test_a_rematch_with_swapped_sides_moves_the_guest_to_the_other_seat(app) -> None:
    referee, scene, player = host_screen(app, "flink", ["easy", HUMAN], seed=5)
    try:
        frames_until(
            app, lambda: referee.match.is_over and player.table.returns is not None, player
        )
        scene.offer_rematch()
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert [text_of(b.label) for b in dialog.buttons] == ["Swap sides", "Same sides"]
        dialog.buttons[0].on_click()
        again = app.stack.top
        assert isinstance(again, HostedMatchScene) and again.match.seats == [HUMAN, "easy"]
        assert again.match.remote == {0} and referee.sessions.keys() == {0}
        frames_until(app, lambda: again.match.is_over and player.table.returns is not None, player)
        assert player.table.seat == 0 and again.match.names[0] == "Aiko"
        assert player.table.names == ["Aiko", "Easy AI"]
        assert player.table.returns == again.match.state.returns()
        assert len(player.table.log) == player.table.index == len(again.match.moves)
        player.client.leave()
    finally:
        app.stack.pop()


def test_the_host_lets_the_computer_play_for_a_guest_who_does_not_come_back(app) -> None:
    referee, scene, player = host_screen(app, "flatfront", ["easy", HUMAN], seed=8)
    try:
        frames_until(app, lambda: len(referee.match.moves) >= 6, player)
        assert not scene.ai_button.visible
        player.client.stop()
        frames_until(app, lambda: scene.ai_button.visible)
        scene.draw(app.window)  # the waiting card with its button
        scene.ai_button.on_click()
        assert referee.match.seats[1] == "normal" and not referee.paused
        frames_until(app, lambda: referee.match.is_over)
    finally:
        app.stack.pop()


class FakeClient:
    """A guest connection whose host is the test: it queues messages and records actions."""

    def __init__(self, messages: list[str]) -> None:
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        for raw in messages:
            self.inbox.put(decode(raw, "host"))
        self.sent: list[tuple[int, int]] = []
        self.status = "connected"
        self.closed_reason = self.closed_code = ""
        self.invite = Invite("127.0.0.1", 1, "")

    def start(self) -> None: ...

    def leave(self) -> None: ...

    def act(self, action: int, index: int) -> None:
        self.sent.append((action, index))

    def ask_undo(self) -> None:
        self.sent.append(("undo_ask", 0))

    def answer_undo(self, allow: bool) -> None:
        self.sent.append(("undo_answer", allow))

    def request(self, kind: str, **fields: object) -> None:
        self.sent.append((kind, fields))  # type: ignore[arg-type]


def welcome_message(state, seat: int = 0) -> str:
    return encode(
        "welcome", "host", version=PROTOCOL_VERSION, app="x", game="flatfront", game_version=1,
        options=dict(state.options), seat=seat, names=["Aiko", "Easy AI"],
        kinds=["remote", "easy"],
    )  # fmt: skip


def view_message(state, index: int = 0, phase: str = "human", legal: list | None = None) -> str:
    return encode(
        "view", "host", index=index, revision=index, phase=phase, to_move=0,
        obs=dict(state.observation(0)), legal=state.legal_actions() if legal is None else legal,
        log_from=0, log=[], names=["Aiko", "Easy AI"], kinds=["remote", "easy"], returns=None,
    )  # fmt: skip


def guest_screen(app, *messages: str) -> tuple[GuestMatchScene, FakeClient]:
    client = FakeClient(list(messages))
    scene = GuestMatchScene(app, client)  # type: ignore[arg-type]
    app.stack.push(scene)
    app.step(FRAME)
    return scene, client


def tell(app, client: FakeClient, *messages: str) -> None:
    for raw in messages:
        client.inbox.put(decode(raw, "host"))
    app.step(FRAME)


def test_the_guest_screen_plays_a_forced_move_by_itself(app) -> None:
    state = GAMES["flatfront"].new_state(2)
    legal = state.legal_actions()[:1]
    _, client = guest_screen(
        app, welcome_message(state), view_message(state, phase="forced", legal=legal)
    )
    try:
        for _ in range(120):
            app.step(FRAME)
            if client.sent:
                break
        assert client.sent == [(legal[0], 0)]
    finally:
        app.stack.pop()


def test_the_guest_screen_answers_again_after_a_reconnection(app) -> None:
    """An answer sent just before the connection dropped may never have reached the host: once
    welcomed back at the same position the guest may answer it again (it used to wait for a
    reply that could not come: the screen-driven match stalled)."""
    state = GAMES["flatfront"].new_state(2)
    action = state.legal_actions()[0]
    scene, client = guest_screen(app, welcome_message(state), view_message(state))
    try:
        assert scene.ready_to_play()
        scene.play(action)
        app.step(FRAME)
        assert not scene.ready_to_play()  # its answer is on its way
        tell(app, client, welcome_message(state), view_message(state))
        assert scene.ready_to_play()
        scene.play(action)
        assert client.sent == [(action, 0), (action, 0)]
    finally:
        app.stack.pop()


def test_a_late_refusal_of_an_older_answer_does_not_cancel_the_newer_one(app) -> None:
    state = GAMES["flatfront"].new_state(2)
    first, second = state.legal_actions()[:2]
    scene, client = guest_screen(app, welcome_message(state), view_message(state))
    try:
        scene.play(first)
        tell(app, client, view_message(state, index=1))  # the host took it; still our turn
        scene.play(second)
        stale = encode(
            "denied", "host", action=first, index=0, code="stale", text="moved on",
            phrase=["stale", {}],
        )  # fmt: skip
        tell(app, client, stale)
        assert not scene.ready_to_play() and client.sent == [(first, 0), (second, 1)]
        assert scene.toasts.items == []  # nothing to tell the player: its move stands
        refused = encode(
            "denied", "host", action=second, index=1, code="illegal", text="no", phrase=["x", {}]
        )
        tell(app, client, refused)
        assert scene.ready_to_play() and scene.toasts.items  # this one is said, and undone
    finally:
        app.stack.pop()


def test_the_guest_board_offers_its_moves_once_the_match_stops_waiting(app) -> None:
    state = GAMES["flatfront"].new_state(2)
    waiting = encode("waiting", "host", names=["Bo"], why="reconnect")
    scene, client = guest_screen(app, welcome_message(state), waiting, view_message(state))
    try:
        assert scene.board is not None and scene.board.legal == []
        tell(app, client, encode("waiting", "host", names=[], why="reconnect"))
        assert scene.board.legal == state.legal_actions()  # no new view came: the same position
    finally:
        app.stack.pop()


def test_the_guest_screen_asks_its_player_before_a_move_is_taken_back(app) -> None:
    state = GAMES["flatfront"].new_state(2)
    scene, client = guest_screen(app, welcome_message(state), view_message(state))
    try:
        tell(app, client, encode("undo_asked", "host", seat=1))
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert dialog.message() == "Easy AI asks to take back their last move."
        dialog.buttons[-1].on_click()  # Allow
        assert client.sent == [("undo_answer", True)] and app.stack.top is scene
        result = encode("undo_result", "host", seat=1, code="done", refused_by="")
        tell(app, client, result)
        assert scene.toasts.items[-1][0] == "Easy AI took back their last move."
        scene.undo_button.on_click()
        tell(app, client, encode("undo_asked", "host", seat=1))
        app.stack.top.close()  # closing the dialog is no consent
        app.step(FRAME)
        assert client.sent[1:] == [("undo_ask", 0), ("undo_answer", False)]
        refused = encode("undo_result", "host", seat=0, code="refused", refused_by="Easy AI")
        tell(app, client, refused)
        assert scene.toasts.items[-1][0] == "Easy AI refused: the move stays."
        tell(app, client, encode("undo_asked", "host", seat=1))
        app.stack.top.buttons[0].on_click()  # Refuse
        refused = encode("undo_result", "host", seat=1, code="refused", refused_by="Aiko")
        tell(app, client, refused)
        assert scene.toasts.items[-1][0] == "You refused: Easy AI's move stays."  # not "Aiko"
    finally:
        app.stack.pop()


def test_a_host_with_no_seat_of_its_own_watches_from_its_ai_never_from_a_guest(app) -> None:
    """Only AI and remote seats at the host: its screen shows the AI's seat (the host holds
    the AI's cards anyway), never the guest's hand, even when the guest sits first."""
    referee = hosted("battleline", [HUMAN, "easy"], {0}, seed=3)
    scene = HostedMatchScene(app, referee)
    app.stack.push(scene)
    try:
        player = guest(referee.invite, "Aiko")
        frames_until(app, lambda: len(referee.match.moves) >= 6, player)
        m = referee.match
        assert m.viewer == 1 and scene.board.viewer == 1
        assert scene.board.obs == m.state.observation(1) != m.state.observation(0)
        player.client.leave()
    finally:
        app.stack.pop()


def test_the_guest_log_words_a_secret_turn_and_shows_a_cut_off_row_in_full(
    app, monkeypatch
) -> None:
    """A turn whose steps are all hidden from the guest (set aside face down) showed an empty
    row, and a row too long for the log was cut off with no way to read the rest."""
    state = GAMES["flatfront"].new_state(2)
    long = " · ".join(["turns up a tile with 3 squares"] * 4)
    log = [[0, 0, ["", {}], long, False, False], [1, 1, ["", {}], "", False, True]]
    view = encode(
        "view", "host", index=2, revision=2, phase="human", to_move=0,
        obs=dict(state.observation(0)), legal=state.legal_actions(), log_from=0, log=log,
        names=["Aiko", "Easy AI"], kinds=["remote", "easy"], returns=None,
    )  # fmt: skip
    scene, _ = guest_screen(app, welcome_message(state), view)
    try:
        assert scene.board is not None  # its words are the steps' own here
        monkeypatch.setattr(scene.board, "turn_words", lambda steps: [s.text for s in steps])
        scene._rows_key = ()  # worded again with those words
        rows = scene.rows()
        assert [row.text for row in rows] == [long, "deciding in secret…"]
        assert all(row.icons is not None for row in rows)  # the board's pictures, as locally
        surface = pygame.Surface(app.size)
        scene.log.hover = 1
        assert scene.draw_row_note(surface) is None  # a row that fits needs no note
        scene.log.hover = 0
        box = scene.draw_row_note(surface)
        assert box is not None and box.right < scene.log.rect.x  # in full, beside the log
    finally:
        app.stack.pop()


def test_a_host_message_the_table_cannot_use_closes_the_guest_in_words_not_a_crash(app) -> None:
    """What decoding lets through, the table still checks (a review of fewer than no moves): the
    guest's window says the host sent something it cannot read, says goodbye, and runs on."""
    referee = hosted("battleline", ["easy", HUMAN], {1}, seed=21)
    client = GuestClient(referee.invite, "Aiko")
    scene = GuestMatchScene(app, client)
    app.stack.push(scene)
    try:
        deadline = time.monotonic() + 30
        while not scene.table.started:
            assert time.monotonic() < deadline
            referee.pump()
            app_frame(app)
        client.inbox.put(decode(encode("coach", "host", total=-1, verdicts=[]), "host"))
        app.step(FRAME)
        assert client.closed_code == "bad_host"
        assert "the host sent something we cannot read" in scene.status_text()
        while referee.joined():  # the host hears the goodbye
            assert time.monotonic() < deadline
            referee.pump()
            app_frame(app)
    finally:
        app.stack.pop()
        referee.stop()


def test_the_guest_confirms_before_leaving_a_game_in_progress(app) -> None:
    state = GAMES["flatfront"].new_state(2)
    scene, _ = guest_screen(app, welcome_message(state), view_message(state))
    try:
        scene.leave_button.on_click()
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene) and dialog.title() == "Leave the match?"
        assert [text_of(b.label) for b in dialog.buttons] == ["Stay", "Leave"]
        dialog.buttons[0].on_click()  # Stay
        app.step(FRAME)
        assert app.stack.top is scene
        scene.leave_button.on_click()
        app.stack.top.buttons[1].on_click()  # Leave
        app.step(FRAME)
        assert scene not in app.stack.scenes
    finally:
        if scene in app.stack.scenes:
            app.stack.pop()


def test_a_log_step_our_words_cannot_read_is_refused_when_it_arrives() -> None:
    """A phrase with arguments the guest's words cannot use (a card named by a string) is
    refused with the view, not raised later in the frame that draws the log."""
    state = GAMES["battleline"].new_state(2)
    table = RemoteTable(game="battleline", seat=0)

    def view(index: int, step: list) -> str:
        rows = json.dumps([step], separators=(",", ":"))
        raw = view_message(state, index).replace('"log":[]', f'"log":{rows}')
        return raw.replace('"log_from":0', f'"log_from":{index}')

    table.apply(
        decode(view(0, [0, 0, ["play", {"player": 0, "card": 3}], "", False, False]), "host")
    )
    assert len(table.log) == 1
    hostile = view(1, [1, 0, ["play", {"player": 0, "card": "ace"}], "", False, False])
    with pytest.raises(ProtocolError):
        table.apply(decode(hostile, "host"))
    assert len(table.log) == 1
