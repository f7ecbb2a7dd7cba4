"""The host's Undo and Redo in a networked match are lit only when pressing them would do
something: Undo when the player at the host has a decision of its own to take back and no
request is open nor the match paused (the referee's rule, ``Referee.undo_refusal``), Redo never
(a take-back is agreed on across machines; replaying it is not)."""

from __future__ import annotations

from game.net.takeback import last_decision
from game.scenes.hosting import HostedMatchScene
from tests.net_helpers import HUMAN, guest, hosted
from tests.test_net_scenes import FRAME, frames_until


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
