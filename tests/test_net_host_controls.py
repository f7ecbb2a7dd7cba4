"""The host's controls in a networked match. Undo and Redo are lit only when pressing them would
do something: Undo when the player at the host has a decision of its own to take back and no
request is open nor the match paused (the referee's rule, ``Referee.undo_refusal``), Redo never
(a take-back is agreed on across machines; replaying it is not). Leave asks first, naming the
guests it would drop, as a guest's Leave asks."""

from __future__ import annotations

import pytest

from game.i18n import set_language, t
from game.net.guest import CLOSED
from game.net.takeback import last_decision
from game.scenes.guest_match import GuestMatchScene
from game.scenes.hosting import HostedMatchScene
from game.scenes.overlay import DialogScene
from game.scenes.pause import PauseScene
from game.ui.widgets import text_of
from tests.net_helpers import HUMAN, guest, hosted
from tests.test_net_scenes import FRAME, frames_until, host_screen


def lit(scene: HostedMatchScene) -> tuple[bool, bool]:
    return scene.panel.undo_button.enabled, scene.panel.redo_button.enabled


def test_the_hosts_undo_is_lit_only_when_a_take_back_would_do_something(app) -> None:
    referee = hosted("frontline", [HUMAN, HUMAN], {0})  # the guest picks its hand first
    scene = HostedMatchScene(app, referee)
    app.stack.push(scene)
    player = guest(referee.invite, "Aiko")
    try:
        match = referee.match
        assert lit(scene) == (False, False)
        hosts_turn = lambda: match.to_move == 1 and match.human_to_decide()  # noqa: E731
        frames_until(app, hosts_turn, player, timeout=30)
        assert match.can_undo()  # the guest's decision: hot-seat undo would take it back...
        assert lit(scene) == (False, False)  # ...but the host's Undo asks for its own only
        match.play(match.legal_for_viewer()[0])  # the host picks a card of its hand
        assert last_decision(match, 1) is not None
        assert lit(scene) == (True, False)
        scene.undo()  # asks the guest: no second request while this one is open
        assert referee.takeback is not None and lit(scene) == (False, False)
        frames_until(app, lambda: referee.takeback is None, player, timeout=30)
        app.step(FRAME)
        assert scene.toasts.items[-1][0] == "Move taken back."
        assert match.can_redo()  # the match keeps what was taken back...
        assert lit(scene) == (False, False)  # ...but nothing here replays it
        player.client.leave()
        frames_until(app, lambda: referee.paused, timeout=30)
        assert not scene.panel.undo_button.enabled  # paused: a take-back would be refused
    finally:
        app.stack.pop()


def _leave_from_the_menu(app, scene: HostedMatchScene) -> None:
    scene.open_menu()
    menu = app.stack.top
    assert isinstance(menu, PauseScene)
    menu.buttons[-1].on_click()  # Leave to title screen
    app.step(FRAME)


@pytest.mark.parametrize(
    ("lang", "title", "words"),
    [
        ("en", "Leave the table?", "Aiko will be disconnected."),
        ("ja", "卓を離れますか？", "Aikoとの接続が切れます。"),
    ],
)
def test_the_host_is_asked_before_leaving_drops_its_guest(
    app, lang: str, title: str, words: str
) -> None:
    set_language(lang)
    referee, scene, player = host_screen(app, "flatfront", [HUMAN, HUMAN])
    try:
        frames_until(app, lambda: bool(referee.joined()), player, timeout=30)
        _leave_from_the_menu(app, scene)
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert (text_of(dialog.title), text_of(dialog.message)) == (title, words)
        assert [text_of(b.label) for b in dialog.buttons] == [t("net.leave_stay"), t("net.leave")]
        dialog.buttons[0].on_click()  # Stay
        app.step(FRAME)
        assert app.stack.top is scene and referee.joined()  # the guest is still at the table
        _leave_from_the_menu(app, scene)
        app.stack.top.buttons[1].on_click()  # Leave
        app.step(FRAME)
        assert scene not in app.stack.scenes
        frames_until(app, lambda: player.client.status == CLOSED, player, timeout=30)
    finally:
        player.client.stop()
        if scene in app.stack.scenes:
            app.stack.pop()


def test_a_host_whose_guest_has_not_joined_leaves_at_once(app) -> None:
    referee, scene, player = host_screen(app, "flatfront", [HUMAN, HUMAN])
    player.client.stop()  # never joins
    assert not referee.joined()
    _leave_from_the_menu(app, scene)
    assert scene not in app.stack.scenes and not isinstance(app.stack.top, DialogScene)


def test_a_japanese_guest_is_told_the_host_left_in_japanese(app) -> None:
    """The host words its goodbye in its own language; the guest says it in its own."""
    referee, scene, player = host_screen(app, "flatfront", [HUMAN, HUMAN])
    try:
        frames_until(app, lambda: bool(referee.joined()), player, timeout=30)
        guest_scene = GuestMatchScene(app, player.client)
        app.stack.pop()  # an English host leaves: "The host closed the table."
        frames_until(app, lambda: player.client.status == CLOSED, player, timeout=30)
        set_language("ja")
        assert guest_scene.status_text() == "ホストが卓を閉じました。"
    finally:
        player.client.stop()
        if scene in app.stack.scenes:
            app.stack.pop()
