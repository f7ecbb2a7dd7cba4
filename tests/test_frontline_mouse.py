"""Whole Frontline games played with the mouse alone through the real scenes (title -> set-up ->
match -> game over): against the AI (the synchronous fake of the app tests) and in hot-seat, with
the privacy curtain before each hidden decision of the other seat.

Every human decision is clicked where the board says (``clicks_for``: a thing on the table, a
chooser option beside it, or a button in the panel), and the test checks that exactly that
action reached the match.
"""

from __future__ import annotations

import random

from ai.heuristics.frontline import FrontlineHeuristic
from game.app import App
from game.boards.frontline.board import FrontlineBoard
from game.engines.frontline.phases import HIDDEN_PHASES, PHASE_NAMES
from game.match import HUMAN
from game.scenes.curtain import ARM_DELAY, CurtainScene
from game.scenes.match import MatchScene
from tests.test_app_scenes import click, run, shot
from tests.test_play_by_mouse import expect_played, open_match, play_to_game_over

HIDDEN = {PHASE_NAMES[p] for p in HIDDEN_PHASES}


class Hand:
    """Plays the heuristic's choice (now and then a random legal one) by clicking it."""

    def __init__(self, app: App, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.policy = FrontlineHeuristic()
        self.decisions: list[tuple[int, str]] = []  # (seat, phase) of each click-made decision
        self.kinds: set[str] = set()

    def decide(self, scene: MatchScene) -> None:
        state = scene.match.state
        board = scene.board
        assert isinstance(board, FrontlineBoard)
        legal = state.legal_actions()
        assert sorted(board.legal) == sorted(legal)
        assert scene.match.viewer == state.current_player()  # the decider's own view is shown
        rng = self.rng
        action = self.policy.policy(state, rng) if rng.random() < 0.8 else rng.choice(legal)
        spots = board.clicks_for(action)
        assert spots and all(board.rect.collidepoint(p) for p in spots)
        start = len(state.history)
        phase = board.obs["phase"]
        self.decisions.append((state.current_player(), phase))
        self.kinds.add(phase)
        for spot in spots:
            click(self.app, spot)
        expect_played(self.app, scene, start, [action])


def test_a_whole_game_against_the_ai_by_mouse(app: App) -> None:
    scene = open_match(app, "frontline", [HUMAN, "easy"], seed=23, turn_limit=20)
    assert isinstance(scene.board, FrontlineBoard)
    hand = Hand(app, 23)  # a game of ~100 decisions (seed 21's ends in 28 since the §12.2 hand)
    play_to_game_over(app, scene, hand.decide)
    assert {seat for seat, _ in hand.decisions} == {0}
    assert {"pick", "commit", "declare", "weapons", "draw_choice"} <= hand.kinds
    assert len(hand.decisions) > 30
    run(app, 3)
    shot(app, "mouse_frontline_ai")


def test_a_whole_hot_seat_game_by_mouse_with_the_curtain(app: App) -> None:
    scene = open_match(app, "frontline", [HUMAN, HUMAN], seed=22, turn_limit=20)
    hand = Hand(app, 22)
    curtains: list[tuple[int, int]] = []  # (decision count when shown, seat it hands over to)

    def on_curtain(curtain: CurtainScene) -> None:
        player = scene.match.curtain_for()
        assert player is not None
        curtains.append((len(hand.decisions), player))
        curtain.age = ARM_DELAY  # its arming delay is tested with the curtain itself
        click(app, (app.size[0] // 2, app.size[1] // 2))

    play_to_game_over(app, scene, hand.decide, on_curtain)
    assert curtains and curtains[0][1] == 0  # the first human view is handed over too
    seen = {seat for seat, _ in hand.decisions}
    assert seen == {0, 1}
    # Before every hidden decision of a seat other than the last one to decide, the curtain.
    last = None
    handed = {n: seat for n, seat in curtains}
    for n, (seat, phase) in enumerate(hand.decisions):
        if phase in HIDDEN and last is not None and seat != last:
            assert handed.get(n) == seat, (n, seat, phase)
        last = seat
    run(app, 3)
    shot(app, "mouse_frontline_hotseat")
