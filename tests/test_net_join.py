"""The join dialog and the host's door on screen, headless: joining by code or from the local
network's list, every way a join can fail said in the dialog, names remembered, the host's card
admitting or refusing a knock."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pygame
import pytest

from game import saves
from game.net import host as host_module
from game.net.discovery import Table
from game.net.protocol import PROTOCOL_VERSION
from game.net.referee import Referee
from game.scenes import join as join_module
from game.scenes.guest_match import GuestMatchScene
from game.scenes.hosting import HostedMatchScene
from game.scenes.join import JoinScene
from game.scenes.title import TitleScene
from game.settings import Settings
from tests.net_helpers import HUMAN, guest, hosted, run_until

FRAME = 1 / 60


class FakeBrowser:
    """The local network's list, as a test sets it (the real one is tested in test_net_lobby)."""

    def __init__(self, *tables: Table, failed: str = "") -> None:
        self.tables = {t.key: t for t in tables}
        self.failed = failed
        self.running = False

    def start(self) -> None:
        self.running = True

    def stop(self) -> None:
        self.running = False

    def poll(self) -> dict[str, Table]:
        return self.tables


def frames_until(app, done: Callable[[], bool], referee=None, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        if referee is not None:
            referee.pump()
        app.step(FRAME)
        time.sleep(0.005)


def dialog(app, *tables: Table, failed: str = "") -> JoinScene:
    app.stack.push(TitleScene(app))
    scene = JoinScene(app, browser=FakeBrowser(*tables, failed=failed))  # type: ignore[arg-type]
    app.stack.push(scene)
    return scene


def type_into(app, scene: JoinScene, field, text: str) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=field.rect.center))
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def key(app, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def test_the_title_screen_opens_the_join_dialog(app, monkeypatch) -> None:
    monkeypatch.setattr(join_module, "Browser", FakeBrowser)
    title = TitleScene(app)
    app.stack.push(title)
    app.step(FRAME)
    assert title.join_button.visible and title.join_button.rect.width > 0
    title.join_button.on_click()
    assert isinstance(app.stack.top, JoinScene)
    assert app.stack.top.browser.running  # the list listens while the dialog is open
    app.stack.top.close()
    assert isinstance(app.stack.top, TitleScene)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("hello there", "That is not an invite code"),
        ("127.0.0.1:4000/ABC", "4 groups of 4"),
        ("127.0.0.1:99999/7KQ2-M9XH-3DPA-TW4C", "from 1 to 65535"),
        ("bad_host!:4000/7KQ2-M9XH-3DPA-TW4C", "neither an IP address"),
    ],
)
def test_a_bad_code_is_said_in_words_and_the_dialog_stays(app, code: str, words: str) -> None:
    scene = dialog(app)
    app.step(FRAME)
    type_into(app, scene, scene.code_field, code)
    key(app, pygame.K_RETURN)
    app.step(FRAME)
    assert words in scene.status()[0] and scene.client is None
    assert app.stack.top is scene


def test_joining_by_code_opens_the_guest_window_with_the_name_remembered(app) -> None:
    referee = hosted("battleline", ["easy", HUMAN], {1})
    try:
        scene = dialog(app)
        app.step(FRAME)
        type_into(app, scene, scene.name_field, "Bob\tthe\x07 Bold")
        type_into(app, scene, scene.code_field, f"  {str(referee.invite).lower()} ")
        scene.join_button.on_click()
        assert scene.status()[0].startswith("Connecting to 127.0.0.1:")
        frames_until(app, lambda: isinstance(app.stack.top, GuestMatchScene), referee)
        assert referee.joined() == [(1, "Bob the Bold")]
        assert app.settings.player_name == "Bob the Bold"
        app.stack.top.quit()
        assert isinstance(app.stack.top, TitleScene)  # the dialog made way for the match
    finally:
        referee.stop()


def test_a_refusal_another_version_and_a_full_table_are_said_in_the_dialog(
    app, monkeypatch
) -> None:
    referee = hosted("flatfront", [HUMAN, "easy"], {0})
    assert referee.invite is not None
    seated = guest(referee.invite, "Aiko")
    try:
        run_until(referee, [seated], lambda: seated.table.started)
        scene = dialog(app)
        app.step(FRAME)
        scene.code = str(referee.invite)
        scene.join_code()
        refused = scene.client
        frames_until(app, lambda: scene.client is None, referee)
        assert scene.status()[0] == "This table is full: every remote seat is taken."
        assert refused is not None and refused._thread.loop.is_closed()  # its thread is gone
        scene.code = str(referee.invite)[:-4] + "ZZZZ"
        scene.join_code()
        frames_until(app, lambda: scene.client is None, referee)
        assert "token is wrong" in scene.status()[0]
        monkeypatch.setattr(host_module, "PROTOCOL_VERSION", PROTOCOL_VERSION + 1)
        scene.join_code()
        frames_until(app, lambda: scene.client is None, referee)
        words = scene.status()[0]
        assert f"protocol version {PROTOCOL_VERSION + 1} " in words
        assert f"you speak version {PROTOCOL_VERSION} " in words
        assert app.stack.top is scene
        seated.client.leave()
    finally:
        referee.stop()


def test_nobody_answering_is_said_and_cancel_or_escape_stops_trying(app, monkeypatch) -> None:
    monkeypatch.setattr(join_module, "CONNECT_WAIT", 0.5)
    scene = dialog(app)
    app.step(FRAME)
    scene.code = "127.0.0.1:9/7KQ2-M9XH-3DPA-TW4C"  # the discard port: nobody listens
    scene.join_code()
    frames_until(app, lambda: scene.client is None)
    assert scene.status()[0].startswith("Nobody answers at 127.0.0.1:9")
    scene.join_code()
    assert scene.client is not None and scene.cancel_button
    key(app, pygame.K_ESCAPE)
    assert scene.client is None and app.stack.top is scene  # the first Escape stops trying
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_tab_moves_between_the_fields_and_enter_joins(app) -> None:
    scene = dialog(app)
    app.step(FRAME)
    key(app, pygame.K_TAB)
    assert scene.name_field.focused
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Bob"))
    key(app, pygame.K_TAB)
    assert scene.code_field.focused and not scene.name_field.focused
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="nonsense"))
    key(app, pygame.K_RETURN)
    assert (scene.name, scene.code) == ("Bob", "nonsense")
    assert scene.status()[0].startswith("That is not an invite code")


def test_ctrl_v_pastes_the_code(app) -> None:
    scene = dialog(app)
    app.step(FRAME)
    pygame.scrap.put_text("127.0.0.1:4000/7KQ2-M9XH-3DPA-TW4C\n")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert scene.code == "127.0.0.1:4000/7KQ2-M9XH-3DPA-TW4C"
    pygame.scrap.put_text("")
    scene.paste()
    assert "clipboard" in scene.status()[0]


def test_the_local_list_shows_tables_and_says_when_there_are_none(app) -> None:
    tables = [
        Table("a", "battleline", "Ann", 1, "127.0.0.1", 4000, PROTOCOL_VERSION),
        Table("b", "tsuno", "Cho", 0, "127.0.0.1", 4001, PROTOCOL_VERSION),
        Table("c", "flink", "Dan", 1, "127.0.0.1", 4002, PROTOCOL_VERSION + 1),
    ]
    scene = dialog(app, *tables)
    app.step(FRAME)
    assert [(row.heading, row.text) for row in scene.rows()] == [
        ("Ann", "Battle Line · 1 free seat"),
        ("Cho", "Tsuno Senki · full"),
        ("Dan", f"Flink · another version (protocol {PROTOCOL_VERSION + 1})"),
    ]
    app.stack.pop()
    empty = dialog(app, failed="no multicast")
    empty.searched = 10
    app.step(FRAME)  # "no local tables found" over the empty list; nothing to raise
    assert empty.rows() == [] and empty.browser.failed


def listed_table(app, game_id: str) -> tuple[Referee, HostedMatchScene, Table]:
    """A table hosted on loopback (seat 0 remote), its host's screen and its local listing."""
    referee = hosted(game_id, [HUMAN, "easy"], {0})
    assert referee.invite is not None
    port = referee.invite.port
    return (
        referee,
        HostedMatchScene(app, referee),
        Table("t", game_id, "Ann", 1, "127.0.0.1", port, PROTOCOL_VERSION),
    )


def test_a_table_picked_from_the_list_knocks_and_the_hosts_card_admits(app) -> None:
    referee, host_scene, table = listed_table(app, "battleline")
    try:
        scene = JoinScene(app, browser=FakeBrowser(table))  # type: ignore[arg-type]
        app.stack.push(scene)
        app.step(FRAME)
        scene.name = "Bob"
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        frames_until(app, lambda: scene.status()[0] == "Waiting for Ann to let you in…")
        frames_until(app, lambda: bool(referee.server.knocks()))
        host_scene.update(FRAME)
        assert host_scene.admit_button.visible and host_scene.refuse_button.visible
        assert "Bob wants to join" in host_scene.waiting_lines()
        host_scene.admit_button.on_click()
        frames_until(app, lambda: isinstance(app.stack.top, GuestMatchScene), referee)
        host_scene.update(FRAME)
        assert not host_scene.admit_button.visible
        assert referee.joined() == [(0, "Bob")]
        app.stack.top.quit()
    finally:
        referee.stop()


def test_a_refused_knock_is_said_in_the_dialog(app) -> None:
    referee, host_scene, table = listed_table(app, "flatfront")
    try:
        scene = dialog(app, table)
        app.step(FRAME)
        scene.join_table(0)
        frames_until(app, lambda: bool(referee.server.knocks()))
        host_scene.update(FRAME)
        host_scene.refuse_button.on_click()
        frames_until(app, lambda: scene.client is None)
        assert scene.status()[0] == "The host did not let you in."
        assert app.stack.top is scene and not referee.sessions
    finally:
        referee.stop()


def test_the_players_name_is_remembered_and_checked(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "山田太郎"}), encoding="utf-8")
    assert Settings.load().player_name == "山田太郎"
    path.write_text(json.dumps({"player_name": "Eve\x1b[2J", "sound": False}), encoding="utf-8")
    loaded = Settings.load()
    assert loaded.player_name == "" and loaded.sound is False and loaded.problems


def test_the_hosts_card_says_when_the_table_could_not_be_listed(app) -> None:
    class Unlisted:
        failed = "no multicast"

        def start(self, *args: object) -> None: ...
        def update(self, free: int) -> None: ...
        def stop(self) -> None: ...

    referee = hosted("flatfront", [HUMAN, "easy"], {0}, lan=Unlisted())
    try:
        lines = HostedMatchScene(app, referee).waiting_lines()
        assert "Not listed on this network: give your guests the code." in lines
    finally:
        referee.stop()
