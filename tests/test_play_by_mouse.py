"""Whole games played with the mouse alone, through the real scenes: title -> set-up -> match ->
game over, for Flat Front and Battle Line, against the Easy AI (the real worker process) and in
hot-seat.

Every human decision is a posted MOUSEMOTION / MOUSEBUTTONDOWN / MOUSEBUTTONUP at the place the
board draws the chosen legal action (found from the board's own geometry), and the test checks
that exactly that action reached the match: a spot that the board maps to the wrong action, or to
none, fails here. Forced decisions (one legal action) are left to the scene. One screenshot per
game is saved to tests/artifacts/mouse_*.png.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable

import pytest

from ai.heuristics.battleline import BattleLineHeuristic
from game import saves
from game.app import App
from game.boards.battleline.board import BattleLineBoard
from game.boards.flatfront.board import FlatFrontBoard
from game.engines.battleline import BattleLineState
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DONE,
    DRAW_BASE,
    DRAW_TACTICS,
    DRAW_TROOP,
    FLAG_BASE,
    PASS,
    is_claim,
    is_draw,
    is_flag,
)
from game.engines.battleline.cards import GUILE, NUM_TROOPS, SCOUT, TACTICS
from game.engines.battleline.phases import PH_DRAW, PH_PLAY, PH_SCOUT_DRAW, PH_SCOUT_RETURN
from game.engines.flatfront import decode_attack, decode_place, is_attack, is_pieces, is_place
from game.match import HUMAN
from game.scenes.curtain import ARM_DELAY, CurtainScene
from game.scenes.gameover import GameOverScene
from game.scenes.match import MatchScene
from game.scenes.setup import SetupScene, seat_kinds
from game.scenes.title import TitleScene
from game.settings import Settings
from tests.test_app_scenes import AI_PATIENCE, click, run, run_until, shot, step_counted, top

Point = tuple[int, int]
FRAME_LIMIT = 20000  # frames for one whole game: far more than any game needs
HEURISTIC = BattleLineHeuristic()
BATTLELINE_AI_GAMES = 8  # games (Rematch after each) within which every tactics card is played


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The real app with the real AI worker (started on the first AI move), animations off."""
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    application = App(Settings(animation="off", sound=False, language="en"), persist_settings=False)
    yield application
    application.close()


# --- menus ---------------------------------------------------------------------------------------


def open_match(
    app: App, game_id: str, seats: list[str], seed: int, **options: object
) -> MatchScene:
    """Title -> the game's Play button -> seats and options clicked -> Start."""
    app.stack.push(TitleScene(app))
    run(app, 2)
    card = next(c for c in top(app).cards if c.game_id == game_id)
    click(app, card.play.rect.center)
    setup = top(app)
    assert isinstance(setup, SetupScene)
    kinds = seat_kinds()
    for seat, kind in zip(setup.seat_widgets, seats, strict=True):
        click(app, seat._segments()[kinds.index(kind)].center)
    names = list(setup.game.options)
    for name, value in options.items():
        widget = setup.option_widgets[names.index(name)]
        click(app, widget._segments()[setup.game.options[name].index(value)].center)
    assert setup.seats == seats
    assert all(setup.options[name] == value for name, value in options.items())
    random.seed(seed)  # Start draws the match seed from the global generator
    click(app, setup.start_button.rect.center)
    scene = app.stack.find(MatchScene)
    assert scene is not None and scene.match.seats == seats
    return scene


def ready_for_a_click(app: App, scene: MatchScene) -> bool:
    """A human choice is on screen: the viewer's decision with more than one legal action,
    nothing animating, and nothing the scene or board is about to play by itself."""
    m, board = scene.match, scene.board
    if app.stack.top is not scene or scene.review is not None or board.is_animating():
        return False
    if scene.forced_wait is not None or m.forced_action() is not None:
        return False
    if not m.legal_for_viewer():
        return False
    if isinstance(board, BattleLineBoard):
        return not (board.auto_claim and board.phase == "claim")
    return True


def play_to_game_over(
    app: App,
    scene: MatchScene,
    decide: Callable[[MatchScene], None],
    on_curtain: Callable[[CurtainScene], None] | None = None,
    every_frame: Callable[[MatchScene], None] | None = None,
) -> GameOverScene:
    frames, patience = 0, time.monotonic() + AI_PATIENCE
    while frames < FRAME_LIMIT:
        current = app.stack.top
        if isinstance(current, GameOverScene):
            assert current.scene is scene and scene.match.is_over
            return current
        if isinstance(current, CurtainScene):
            assert on_curtain is not None, "a curtain in a game without hidden hands"
            on_curtain(current)
            continue
        if every_frame is not None and current is scene:
            every_frame(scene)
        if ready_for_a_click(app, scene):
            decide(scene)
        else:
            frames += step_counted(app, patience)
    raise AssertionError("the game did not reach the game-over screen")


def expect_played(app: App, scene: MatchScene, start: int, expected: list[int]) -> None:
    """The clicks made exactly ``expected`` the next actions of the match."""
    history = scene.match.state.history
    run_until(app, lambda: len(history) >= start + len(expected) or scene.match.is_over, 120)
    assert history[start : start + len(expected)] == expected, (
        [scene.match.state.action_to_string(a) for a in expected],
        [item[0] for item in scene.toasts.items],
    )


# --- Flat Front ----------------------------------------------------------------------------------


def flatfront_spot(board: FlatFrontBoard, action: int) -> Point:
    """Where the board draws ``action``: a cell, a piece-chooser card, an opposing tile."""
    if is_place(action):
        spot = board.tile_rect(decode_place(action)).center
    elif is_pieces(action):
        button = board.bar.choice_rect(action)
        assert button is not None
        return button.center
    else:
        assert is_attack(action)
        tile = next(t for t in board.obs["tiles"] if t["id"] == decode_attack(action))
        spot = board.tile_rect(tuple(tile["cell"])).center
    assert board.geo.area.collidepoint(spot), f"action {action} is drawn off the field"
    return spot


class FlatFrontHand:
    """Chooses a random legal action and clicks where it is drawn."""

    def __init__(self, app: App, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.kinds: dict[str, int] = {"place": 0, "pieces": 0, "attack": 0}

    def decide(self, scene: MatchScene) -> None:
        m = scene.match
        action = self.rng.choice(m.state.legal_actions())
        start = len(m.state.history)
        click(self.app, flatfront_spot(scene.board, action))
        expect_played(self.app, scene, start, [action])
        kind = "place" if is_place(action) else "pieces" if is_pieces(action) else "attack"
        self.kinds[kind] += 1


def test_flatfront_against_easy_ai_by_mouse_then_rematch(app: App) -> None:
    scene = open_match(app, "flatfront", [HUMAN, "easy"], seed=21)
    hand = FlatFrontHand(app, 21)
    over = play_to_game_over(app, scene, hand.decide)
    assert all(hand.kinds.values()), hand.kinds  # placed, chose pieces and attacked by mouse
    assert any(m.player == 1 for m in scene.match.moves)  # the AI played its side
    run(app, 5)
    shot(app, "mouse_flatfront_ai")
    click(app, over.rematch_button.rect.center)
    again = top(app)
    assert isinstance(again, MatchScene) and again is not scene
    assert again.match.seats == ["easy", HUMAN]  # sides swapped


def test_flatfront_hot_seat_by_mouse(app: App) -> None:
    scene = open_match(app, "flatfront", [HUMAN, HUMAN], seed=5)
    hand = FlatFrontHand(app, 5)
    play_to_game_over(app, scene, hand.decide)
    assert all(hand.kinds.values()), hand.kinds
    deciders = {m.player for m in scene.match.moves if m.player >= 0 and not m.forced}
    assert deciders == {0, 1}
    run(app, 5)
    shot(app, "mouse_flatfront_hotseat")


# --- Battle Line ---------------------------------------------------------------------------------


def hand_card_spot(board: BattleLineBoard, card: int) -> Point:
    """A point of ``card`` in the viewer's hand fan that no card in front of it covers."""
    rect = board.rect_of(card)
    for y in (rect.top + rect.h // 5, rect.centery, rect.top + rect.h // 10):
        for x in range(rect.x + 3, rect.right - 2, 4):
            if board.hand.card_at((x, y)) == card:
                return x, y
    raise AssertionError(f"card {card} cannot be clicked in the hand")


def table_card_spot(board: BattleLineBoard, card: int) -> Point:
    for f, flag in enumerate(board.obs["flags"]):
        for side in (0, 1):
            stack = flag["cards"][side]
            if card in stack:
                return board.table.visible_rect(f, side, stack.index(card), len(stack)).center
    raise AssertionError(f"card {card} is not at a flag")


def flag_spot(board: BattleLineBoard, action: int) -> Point:
    return board.table.column_rect(action - FLAG_BASE).center


def action_button_spot(board: BattleLineBoard, action: int) -> Point:
    button = board.bar.choice_rect(action)
    assert button is not None, (board.bar.choices, action)
    return button.center


class BattleLineHand:
    """Plays by the heuristic policy on the true state, steered so that the game shows every
    control: the tactics cards this hand has not played yet (and the tactics deck while it holds
    none of them), and once each the Pass, Done and Discard buttons when they are on offer.
    Clicks each decision where the board draws it; ``clicks`` counts them by phase or button."""

    def __init__(self, app: App, seed: int, hoarder: int | None = None) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.unplayed = set(TACTICS)
        self.clicks: Counter[str] = Counter()
        # Until a Pass was clicked, this seat draws only tactics cards and the other only troop
        # cards: a hand without troop cards but with a playable tactics card is where Pass is a
        # choice rather than a forced move.
        self.hoarder = hoarder

    def choose(self, state: BattleLineState) -> int:
        legal = state.legal_actions()
        phase, player = state.phase, state.player
        hoarding = self.hoarder is not None and not self.clicks["pass"]
        if hoarding and phase in (PH_DRAW, PH_SCOUT_DRAW):
            return DRAW_TACTICS if player == self.hoarder else DRAW_TROOP
        for button, name in ((PASS, "pass"), (DONE, "done"), (DISCARD, "discard")):
            if button in legal and not self.clicks[name]:
                return button
        held = self.unplayed.intersection(state.hands[player])
        if phase == PH_PLAY and hoarding and player == self.hoarder:
            troops = [a for a in legal if a < NUM_TROOPS]  # keep the tactics cards
            action = HEURISTIC.policy(state, self.rng)
            return action if action in troops or not troops else self.rng.choice(troops)
        if phase == PH_PLAY and self.unplayed.intersection(legal):
            return self.rng.choice(sorted(self.unplayed.intersection(legal)))
        if phase in (PH_DRAW, PH_SCOUT_DRAW) and DRAW_TACTICS in legal and not held:
            return DRAW_TACTICS if self.unplayed else HEURISTIC.policy(state, self.rng)
        action = HEURISTIC.policy(state, self.rng)
        if phase == PH_SCOUT_RETURN and action in held:  # keep it to play it
            action = self.rng.choice(sorted(set(legal) - held) or [action])
        return action

    def decide(self, scene: MatchScene) -> None:
        state = scene.match.state
        assert scene.board.viewer == state.current_player()
        action = self.choose(state)
        start = len(state.history)
        if state.phase == PH_PLAY and action != PASS:
            self._play_card(scene, action, start)
        else:
            self._click_one(scene, action, start)

    def _play_card(self, scene: MatchScene, card: int, start: int) -> None:
        """Click the card in the hand, then its target: a flag, a deck (Scout) or a card at a
        flag (Redeploy, Deserter, Traitor)."""
        board = scene.board
        after = scene.match.state.clone()
        after.apply_action(card)
        then = self.choose(after) if after.current_player() == board.viewer else None
        click(self.app, hand_card_spot(board, card))
        assert board.selected == card
        if card == SCOUT:
            deck = then - DRAW_BASE if then is not None and is_draw(then) else None
            if deck is None:  # one deck left: Scout draws from it without asking
                deck = next(d for d, n in enumerate(board.column.counts()) if n)
            target = board.geo.decks[deck].center
        elif card in GUILE:
            target = table_card_spot(board, then)
        else:
            target = flag_spot(board, then)
        click(self.app, target)
        expect_played(self.app, scene, start, [card] if then is None else [card, then])
        self.unplayed.discard(card)
        self.clicks["play"] += 1

    def _click_one(self, scene: MatchScene, action: int, start: int) -> None:
        board = scene.board
        key = {PASS: "pass", DONE: "done", DISCARD: "discard"}.get(action, board.phase)
        if action in (PASS, DONE, DISCARD):
            spot = action_button_spot(board, action)
        elif is_claim(action):
            spot = board.flags.button_rect(action - CLAIM_BASE).center
        elif is_draw(action):
            spot = board.geo.decks[action - DRAW_BASE].center
        elif is_flag(action):
            spot = flag_spot(board, action)
        elif board.phase == "scout_return":
            spot = hand_card_spot(board, action)
        else:  # a card at a flag: Redeploy, Deserter or Traitor takes it
            spot = table_card_spot(board, action)
        click(self.app, spot)
        expect_played(self.app, scene, start, [action])
        self.clicks[key] += 1


def human_claims(scene: MatchScene) -> int:
    m = scene.match
    return sum(1 for mv in m.moves if m.is_human(mv.player) and is_claim(mv.action))


def test_battleline_with_tactics_against_easy_ai_by_mouse(app: App) -> None:
    """Games against the Easy AI, each next one started by Rematch (so the human plays both
    seats), until the human has played every tactics card; the second game turns auto-claim on
    with its switch (the third finds it on and turns it off), the others claim with the Claim
    buttons."""
    scene = open_match(app, "battleline", [HUMAN, "easy"], seed=2, tactics="on")
    hand = BattleLineHand(app, 2)
    auto_claims = 0
    for game in range(BATTLELINE_AI_GAMES):
        assert scene.match.state.options["tactics"] == "on"
        auto = game == 1
        if game in (1, 2):  # on for the second game; a setting, so it stays on until clicked off
            run_until(app, lambda s=scene: ready_for_a_click(app, s), 3000)
            assert scene.board.auto_claim == (game == 2)
            click(app, scene.board.geo.toggle.center)
            assert scene.board.auto_claim == auto
        clicked = hand.clicks["claim"]
        over = play_to_game_over(app, scene, hand.decide)
        if auto:
            auto_claims = human_claims(scene) - (hand.clicks["claim"] - clicked)
        run(app, 5)
        shot(app, f"mouse_battleline_ai_{game + 1}")
        if not hand.unplayed:
            break
        click(app, over.rematch_button.rect.center)
        scene = top(app)
        assert isinstance(scene, MatchScene) and scene.board.auto_claim == auto
        assert scene.match.seats == ([HUMAN, "easy"] if game % 2 else ["easy", HUMAN])
    assert not hand.unplayed, f"tactics never played by the human: {sorted(hand.unplayed)}"
    assert auto_claims > 0, "auto-claim made no claim"
    for key in ("play", "draw", "claim", "done", "discard", "scout_return"):
        assert hand.clicks[key] > 0, (key, hand.clicks)


def test_battleline_hot_seat_curtain_before_every_turn_and_hands_stay_private(app: App) -> None:
    scene = open_match(app, "battleline", [HUMAN, HUMAN], seed=3, tactics="on")
    hand = BattleLineHand(app, 3, hoarder=0)
    curtains: list[str] = []
    seen: list[CurtainScene] = []

    def on_curtain(curtain: CurtainScene) -> None:
        if not seen or seen[-1] is not curtain:
            seen.append(curtain)
            curtains.append(curtain.name)
        if curtain.age < ARM_DELAY:
            run(app, 1)
            return
        click(app, (app.size[0] // 2, app.size[1] // 2))
        assert app.stack.top is not curtain

    def private(scene: MatchScene) -> None:
        board = scene.board
        assert board.obs["hands"][1 - board.viewer]["cards"] is None
        assert board.obs["hands"][board.viewer]["cards"] is not None

    def decide(scene: MatchScene) -> None:
        assert scene.match.revealed == scene.match.to_move
        hand.decide(scene)

    play_to_game_over(app, scene, decide, on_curtain, private)
    m = scene.match
    turns = [mv.player for mv in m.moves if mv.player >= 0]
    owners = [p for i, p in enumerate(turns) if i == 0 or turns[i - 1] != p]
    assert curtains == [m.names[p] for p in owners]  # one curtain before every turn
    assert len(curtains) > 10
    assert hand.clicks["pass"] and hand.clicks["play"] and hand.clicks["claim"], hand.clicks
    run(app, 5)
    shot(app, "mouse_battleline_hotseat")
