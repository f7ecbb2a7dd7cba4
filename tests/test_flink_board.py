"""Flink's board beyond the contract test: its ghost agrees with the engine on every placement,
R / F / S reach all 24 orientations, and whole games are played with the mouse alone through the
real scenes (against the Easy AI on the square board, hot-seat on the diamond): a click on the
picker then one on the board plays the two decisions of a turn."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App
from game.boards.flink import art as flink_art
from game.boards.flink.art import ICONS_PER_FRAME
from game.boards.flink.board import FlinkBoard
from game.boards.flink.pictures import coordinate_labels
from game.boards.flink.projection import Cube, inside
from game.engines import GAMES
from game.engines.flink import ANCHOR, FlinkState
from game.engines.flink.geometry import NUM_ORIENTATIONS, orientations
from game.engines.flink.preview import turned
from game.match import HUMAN
from game.scenes.match import MatchScene
from game.scenes.rules import board_picture
from game.turns import Step
from game.ui import overlays
from game.ui.markdown import parse
from tests.frame_probe import costly_work
from tests.test_app_scenes import click, run
from tests.test_board_contract import make_board
from tests.test_play_by_mouse import app, expect_played, open_match, play_to_game_over  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60


def test_keys_turn_the_held_piece_and_a_board_click_sends_it_and_the_cell() -> None:
    board = make_board("flink", [0.0], (800, 540))
    assert isinstance(board, FlinkBoard)
    state = GAMES["flink"].new_state()
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    for key in (pygame.K_s, pygame.K_r):
        board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    held = board.held
    assert orientations()[held].kind != "flat"  # standing: nothing to lean on yet
    assert held not in state.legal_actions()
    spot = next(board.clicks_to(c)[0] for c in board.heights if board.clicks_to(c))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)
    assert board.handle_event(down) is None  # refused with a reason, nothing sent
    board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode=""))
    held = board.held
    assert orientations()[held].kind == "flat" and held in state.legal_actions()
    board.show_hint(5)
    assert board.held == 5  # the hinted way to turn the piece is put in hand
    board.held = held
    cell = next(c for c in board.heights if board.ghost_at(c).reason is None)
    (spot,) = board.clicks_to(cell)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)
    anchor = ANCHOR + cell[1] * state.board.width + cell[0]
    assert board.handle_event(down) == [held, anchor]  # one click, the turn's two decisions
    state.apply_action(held)
    assert anchor in state.legal_actions()


def test_the_right_button_and_the_wheel_turn_the_piece_and_the_view_turns_while_waiting() -> None:
    board = make_board("flink", [0.0], (800, 540))
    assert isinstance(board, FlinkBoard)
    state = GAMES["flink"].new_state()
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    held = board.held
    right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=board.view.center, button=3)
    assert board.handle_event(right) is None and board.held == turned(held, "rotate")
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)
    assert board.handle_event(wheel) is None
    assert board.held == turned(turned(held, "rotate"), "rotate")
    state.apply_action(board.held)  # the piece is turned: now the cell is chosen
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    placing = board.held
    board.handle_event(right)
    board.handle_event(wheel)
    assert board.held == placing  # the piece played is no longer in hand
    board.show(state.observation(1), 1, [], animate=False)  # the other player's decision
    key_e = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="")
    assert board.handle_idle_event(key_e) and board.camera.turns == 1
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=board.buttons["paths"].center, button=1)
    assert board.handle_idle_event(down) and board.show_paths
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(0, 0), buttons=(0, 0, 0))
    assert not board.handle_idle_event(move) and board.mouse == (5, 6)


def test_the_hint_shows_the_whole_placement_where_it_would_rest() -> None:
    board = make_board("flink", [0.0], (900, 600))
    assert isinstance(board, FlinkBoard)
    rng = random.Random(4)
    state = GAMES["flink"].new_state()
    assert isinstance(state, FlinkState)
    for _ in range(8):  # four pieces, so the hinted one may rest on others
        state.apply_action(rng.choice(state.legal_actions()))
    orientation = state.legal_actions()[-1]
    held = state.clone()
    held.apply_action(orientation)
    anchor = held.legal_actions()[len(held.legal_actions()) // 2]
    cell = anchor - ANCHOR
    expected = sorted(held.placement_cubes(orientation, cell))
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    plain = pygame.Surface((900, 600))
    board.draw(plain)
    line = (orientation, anchor)
    board.show_hint(line, board.move_words(state, line, 0))
    assert board.held == orientation
    assert sorted(board.hinted_piece()) == expected
    icon, piece = board.hint_rects()
    assert icon is not None and icon.contains(board.picker.icon_rects()[orientation])
    assert piece is not None
    hinted = pygame.Surface((900, 600))
    board.draw(hinted)
    inside = piece.clip(hinted.get_rect())
    changed = sum(
        plain.get_at((x, y)) != hinted.get_at((x, y))
        for x in range(inside.left, inside.right, 2)
        for y in range(inside.top, inside.bottom, 2)
    )
    assert changed > inside.w * inside.h // 16  # the piece is painted there
    assert "lying flat" in board.hint_words[1] or "standing" in board.hint_words[1]
    # Once the piece is turned, what is left of the hint is the cell: the same piece is shown.
    board.show(held.observation(0), 0, held.legal_actions(), animate=False)
    board.show_hint((anchor,), board.move_words(held, (anchor,), 0))
    assert sorted(board.hinted_piece()) == expected


def _position(seed: int, pieces: int) -> FlinkState:
    rng = random.Random(seed)
    state = GAMES["flink"].new_state()
    assert isinstance(state, FlinkState)
    while len(state.history) < 2 * pieces:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _stacked(kind: str, seed: int) -> tuple[FlinkState, tuple[int, int]]:
    """A random game played until a fitting placement (orientation, board index) rests its
    centre column on a stack two cubes high."""
    rng = random.Random(seed)
    while True:
        state = GAMES["flink"].new_state(board=kind)
        assert isinstance(state, FlinkState)
        while not state.is_terminal():
            if len(state.history) % 2 == 0 and (found := _raised(state)) is not None:
                return state, found
            state.apply_action(rng.choice(state.legal_actions()))


def _raised(state: FlinkState) -> tuple[int, int] | None:
    for orientation in state.legal_actions():
        held = state.clone()
        held.apply_action(orientation)
        for anchor in held.legal_actions():
            i = anchor - ANCHOR
            cubes = held.placement_cubes(orientation, i)
            width = state.board.width
            if min(z for x, y, z in cubes if (x, y) == (i % width, i // width)) >= 2:
                return orientation, i
    return None


def _move(board: FlinkBoard, pos: tuple[int, int]) -> None:
    board.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,)))


def _on_top(board: FlinkBoard, cubes: list[Cube], cell: tuple[int, int]) -> tuple[int, int]:
    """The middle of the top face of the ghost's column over ``cell``, in the view at rest."""
    z = max(c[2] for c in cubes if (c[0], c[1]) == cell) + 1
    x, y = board.camera.at_rest().point(cell[0] + 0.5, cell[1] + 0.5, z)
    return round(x), round(y)


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
@pytest.mark.parametrize("kind", ["square", "diamond"])
def test_a_click_on_a_ghost_resting_on_a_stack_places_that_piece(kind: str, turns: int) -> None:
    """The ghost shown under the pointer is what a click places, at any height and in every
    view: once the piece shows resting on the stack, the pointer moved onto the ghost's top
    (which hides the floor of another cell behind the stack) keeps it, and the click places
    it."""
    board = make_board("flink", [0.0], (1280, 800))
    assert isinstance(board, FlinkBoard)
    state, (orientation, i) = _stacked(kind, 11)
    cell = (i % state.board.width, i // state.board.width)
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    for _ in range(turns):
        board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode=""))
    board.skip_animation()
    board.held = orientation
    (seen,) = board.clicks_to(cell, orientation)  # in the view at rest
    _move(board, seen)
    assert board.aimed == cell
    cubes = board.ghost_at(cell).cubes
    assert sorted(cubes) == sorted(state.placement_cubes(orientation, i))
    top = _on_top(board, cubes, cell)
    under = board.camera.under(top)
    assert under is None or under[0] != cell  # the floor there means another cell
    _move(board, top)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=top, button=1)
    assert board.handle_event(down) == [orientation, ANCHOR + i]


@pytest.mark.parametrize("kind", ["square", "diamond"])
def test_a_click_anywhere_on_the_hinted_piece_plays_the_hint(kind: str) -> None:
    board = make_board("flink", [0.0], (800, 540))
    assert isinstance(board, FlinkBoard)
    state, (orientation, i) = _stacked(kind, 5)
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    line = (orientation, ANCHOR + i)
    board.show_hint(line, board.move_words(state, line, 0))
    for x, y, z in board.hinted_piece():
        board.reset_input()
        top = _on_top(board, board.hinted_piece(), (x, y))
        _move(board, top)
        assert board.aim(top) == (i % state.board.width, i // state.board.width), (x, y, z)


def _placed(state: FlinkState, highest: int) -> tuple[FlinkState, FlinkState]:
    """The position with a piece held, then placed, no stack rising above ``highest``."""
    for orientation in state.legal_actions():
        held = state.clone()
        held.apply_action(orientation)
        for anchor in held.legal_actions():
            placed = held.clone()
            placed.apply_action(anchor)
            if max(map(len, placed.observation(0)["stacks"])) <= highest:
                return held, placed
    raise AssertionError("no placement keeps the stacks that low")


def test_a_landing_piece_is_painted_into_the_board_picture_not_the_whole_board_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the AI thinks the board only blits its picture; a piece that lands costs its own
    cubes and the few in front of it, not the sixty pieces' worth a whole repaint takes, and the
    other player's 24 picker icons are drawn a few a frame before they are needed."""
    board = make_board("flink", [1.0], (900, 600))
    assert isinstance(board, FlinkBoard)
    painted: list[int] = [0]  # cubes painted into a picture of the view (not the screen, icons)
    paint = flink_art._CubePainter.paint

    def counting(painter: flink_art._CubePainter, cube: Cube) -> None:
        painted[0] += painter.surface.get_size() == board.view.size
        paint(painter, cube)

    monkeypatch.setattr(flink_art._CubePainter, "paint", counting)
    state = _position(5, 24)
    screen = pygame.Surface((900, 600))
    board.show(state.observation(0), 0, [], animate=False)
    board.draw(screen)
    assert painted[0] == len(board.cubes)  # the first picture
    held, placed = _placed(state, max(2, max(board.heights.values())))
    built = []  # pictures built (Art cache misses: the picker's icons) per frame
    with costly_work() as seen:
        for after in (held, placed):  # the other player to move next: the other icons
            board.show(after.observation(0), 0, [], animate=True)
            for _ in range(30 if after is held else 1):  # half a second of thinking
                board.update(FRAME)
                board.draw(screen)
                built.append(seen.pop("art", 0))
        assert board.dropping
        painted[0] = 0
        while board.tweens.busy:
            board.update(FRAME)
            board.draw(screen)
            built.append(seen.pop("art", 0))
        assert 5 <= painted[0] < len(board.cubes) // 3
        assert max(built) <= ICONS_PER_FRAME, built
        painted[0] = 0
        seen.clear()
        for _ in range(10):  # settled: only blits
            board.update(FRAME)
            board.draw(screen)
    assert painted[0] == 0 and not seen, seen


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_a_piece_painted_into_the_picture_looks_as_in_a_whole_repaint(turns: int) -> None:
    board = make_board("flink", [0.0], (700, 480))
    assert isinstance(board, FlinkBoard)
    state = _position(turns, 6)
    board.show(state.observation(0), 0, [], animate=False)
    for _ in range(turns):
        board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode=""))
    board.skip_animation()
    board.scene()
    for _ in range(6):
        for _ in range(2):
            state.apply_action(random.Random(len(state.history)).choice(state.legal_actions()))
        board.show(state.observation(0), 0, [], animate=False)
        added = pygame.image.tobytes(board.scene(), "RGB")
        board.stage.forget()  # paint it all again
        assert pygame.image.tobytes(board.scene(), "RGB") == added


class FlinkHand:
    """Picks a random legal placement, clicks its icon in the picker and its cell on the board."""

    def __init__(self, application: App, seed: int) -> None:
        self.app = application
        self.rng = random.Random(seed)
        self.turns = 0

    def decide(self, scene: MatchScene) -> None:
        board, m = scene.board, scene.match
        assert isinstance(board, FlinkBoard)
        state = m.state
        orientation = self.rng.choice(state.legal_actions())
        state_after = state.clone()
        state_after.apply_action(orientation)
        anchor = self.rng.choice(state_after.legal_actions())
        width = state.board.width
        cell = ((anchor - ANCHOR) % width, (anchor - ANCHOR) // width)
        start = len(state.history)
        click(self.app, board.picker.icon_rects()[orientation].center)
        for spot in board.clicks_to(cell):
            click(self.app, spot)
        expect_played(self.app, scene, start, [orientation, anchor])
        self.turns += 1


def test_square_board_against_easy_ai_by_mouse(app) -> None:  # noqa: F811
    scene = open_match(app, "flink", [HUMAN, "easy"], seed=3, size=8)
    hand = FlinkHand(app, 3)
    play_to_game_over(app, scene, hand.decide)
    assert hand.turns >= 3
    assert any(mv.player == 1 for mv in scene.match.moves)
    run(app, 3)


def test_diamond_board_hot_seat_by_mouse(app) -> None:  # noqa: F811
    scene = open_match(app, "flink", [HUMAN, HUMAN], seed=4, board="diamond", order=6)
    hand = FlinkHand(app, 4)
    play_to_game_over(app, scene, hand.decide)
    deciders = {mv.player for mv in scene.match.moves if mv.player >= 0}
    assert deciders == {0, 1} and hand.turns >= 6


def test_the_rules_text_shows_pictures_the_board_draws() -> None:
    pygame.font.init()
    for lang in ("en", "ja"):
        source = (ROOT / "assets" / "rules" / f"flink.{lang}.md").read_text(encoding="utf-8")
        names = [b.marker for b in parse(source) if b.kind == "picture"]
        assert names == ["first_move", "overhang", "climb"]
    for name in names:
        picture = board_picture("flink", name, 400)
        assert picture is not None and picture.get_width() == 400
        assert picture.get_bounding_rect().height > 100  # something was drawn
    assert board_picture("flink", "no_such_picture", 400) is None
    assert board_picture("flatfront", "first_move", 400) is None


def test_hovering_a_stack_or_a_refused_cell_says_so_inside_the_view() -> None:
    board = make_board("flink", [0.0], (800, 540))
    assert isinstance(board, FlinkBoard)
    state = _position(3, 10)
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    size = board.rect.size
    plain = pygame.Surface(size)
    board.draw(plain)
    tall = max(board.heights, key=lambda c: board.heights[c])
    spot = board.clicks_to(tall)[-1]
    for board.held in range(NUM_ORIENTATIONS):
        if board.ghost_at(tall).reason is not None:
            break
    board.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0,)))
    hovered = pygame.Surface(size)
    board.draw(hovered)
    changed = pygame.surfarray.array3d(hovered) != pygame.surfarray.array3d(plain)
    xs, ys = changed.any(axis=2).nonzero()
    assert len(xs) and board.view.contains(
        pygame.Rect(xs.min(), ys.min(), xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)
    )
    assert board.ghost_at(tall).reason is not None
    assert changed[board.buttons["paths"].right :, board.buttons["paths"].top :].any()  # the tip
    accent = pygame.surfarray.array3d(hovered)[:, : spot[1]] == board.ctx.palette["illegal"]
    assert accent.all(axis=2).sum() >= 3 * board.unit  # the reason's note, over the mouse


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_the_hint_caption_leaves_the_picker_and_the_header(size) -> None:
    board = make_board("flink", [0.0], size)
    assert isinstance(board, FlinkBoard)
    state = _position(5, 6)
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    for orientation in state.legal_actions()[:: max(1, len(state.legal_actions()) // 6)]:
        board.show_hint([orientation], board.move_words(state, [orientation], 0))
        board.draw(pygame.Surface(size))
        caption = board.hint_box
        assert caption is not None and board.rect.contains(caption)
        header = pygame.Rect(board.view.x, board.view.y, board.view.w, round(board.unit * 2.4))
        hidden = [board.picker.rect, header, *board.buttons.values()]
        assert caption.collidelist(hidden) == -1, (orientation, caption)


def test_log_icons_lie_on_a_tile_lighter_than_the_panel() -> None:
    """Black's dark piece nearly vanished in the move log's dark panel."""
    board = make_board("flink", [0.0], (800, 540))
    assert isinstance(board, FlinkBoard)
    step = Step(0, 1, ("orient", {"orientation": 3, "player": 1, "kind": "flat"}), "")
    (icon,) = board.log_icons([step], 24)
    panel = board.ctx.palette["panel"]
    corner = icon.get_at((icon.get_width() // 2, 2))  # the tile, above the piece
    assert corner.a > 240 and sum(corner[:3]) > sum(panel) + 30


@pytest.mark.parametrize("kind", ["square", "diamond"])
def test_coordinates_name_every_line_on_the_near_edges_and_turn_with_the_view(kind: str) -> None:
    """The log and the hints name cells ("E5"): every column letter and row number is drawn
    once, off the board's cells, inside the view, on the square's near edges (the diamond's
    labels run down its sides too)."""
    board = make_board("flink", [0.0], (800, 540))
    assert isinstance(board, FlinkBoard)
    state = GAMES["flink"].new_state(board=kind)
    obs = state.observation(0)
    board.show(obs, 0, state.legal_actions(), animate=False)
    cells = {(c[0], c[1]) for c in obs["cells"]}
    letters = {chr(ord("A") + x) for x, _ in cells}
    numbers = {str(obs["height"] - y) for _, y in cells}
    seen = []
    for turn in range(4):
        proj = board.camera.projection(turn * math.pi / 2)
        labels = coordinate_labels(proj, cells, obs["height"], kind == "diamond")
        names = [name for name, _ in labels]
        assert sorted(names) == sorted(letters | numbers)
        centre = proj.point(obs["width"] / 2, obs["height"] / 2, 0)
        for name, (x, y) in labels:
            assert board.view.collidepoint(x, y), (turn, name)
            assert not any(inside((x, y), proj.top(*c, 0)) for c in cells), (turn, name)
            assert kind == "diamond" or y > centre[1], (turn, name)  # the near half
        seen.append(dict(labels)["A"])
    assert len(set(seen)) == 4  # the labels turn with the view


def test_the_piece_that_would_connect_next_is_shown_to_the_player_who_may_block_it() -> None:
    from tests.test_flink_rules import greedy_white_moved

    state = GAMES["flink"].new_state(size=8)
    assert isinstance(state, FlinkState)
    while not (state.current_player() == 1 and state.observation(1)["threat"]):
        if not greedy_white_moved(state):
            state.apply_action(state.legal_actions()[-1])
    board = make_board("flink", [0.0], (800, 540))
    assert isinstance(board, FlinkBoard)
    threat = board.ctx.palette["threat"]
    shown = []
    for legal in (state.legal_actions(), []):  # Black to block; Black waiting (not to move)
        board.show(state.observation(1), 1, legal, animate=False)
        frame = pygame.Surface((800, 540))
        board.draw(frame)
        pixels = pygame.surfarray.pixels3d(frame)
        near = (abs(pixels.astype(int) - threat).sum(axis=2) < 60).sum()
        del pixels
        shown.append(near)
    assert shown[0] > 200 and shown[1] == 0


def test_a_refused_ghost_leaves_the_last_piece_seen_and_its_note_off_the_last_move_tag() -> None:
    """The red ghost hid the player's own last piece, and the refusal's note lay on the tag."""
    board = make_board("flink", [0.0], (1280, 800))
    assert isinstance(board, FlinkBoard)
    state = _position(3, 10)
    obs = state.observation(0)
    placing = GAMES["flink"].new_state()
    for action in state.history[:-1]:
        placing.apply_action(action)  # Black holds the piece it is about to place
    board.show(placing.observation(0), 0, [], animate=False)
    board.show(obs, 0, state.legal_actions(), animate=True)  # it lands: Black's last move
    board.skip_animation()
    assert board.marked == {("stack", c[0], c[1]) for c in obs["last_piece"]}
    plain = pygame.Surface((1280, 800))
    board.draw(plain)
    x, y, _ = obs["last_piece"][0]
    top = board.camera.at_rest().point(x + 0.5, y + 0.5, board.heights[(x, y)])
    spot = (round(top[0]), round(top[1] - 2))
    for board.held in range(NUM_ORIENTATIONS):
        board.aimed = None
        aimed = board.aim(spot)
        shadow = None if aimed is None else board.ghost_at(aimed)
        if shadow and shadow.reason and (x, y, board.heights[(x, y)] - 1) not in shadow.cubes:
            break
    _move(board, spot)
    hovered = pygame.Surface((1280, 800))
    board.draw(hovered)
    assert board.refusal_note is not None and board.tag_box is not None
    assert not board.refusal_note.colliderect(board.tag_box)
    proj = board.camera.at_rest()
    red = board.ctx.palette["illegal"]
    moved, to_red = [], []
    for u in range(1, 10):
        for v in range(1, 10):  # the last piece's top face, across
            px, py = proj.point(x + u / 10, y + v / 10, board.heights[(x, y)])
            before, after = (
                plain.get_at((round(px), round(py))),
                hovered.get_at((round(px), round(py))),
            )
            moved.append(sum(abs(a - b) for a, b in zip(before[:3], after[:3], strict=True)))
            to_red.append(sum(abs(a - b) for a, b in zip(before[:3], red, strict=True)))
    assert sorted(moved)[40] < 0.35 * sorted(to_red)[40]  # the median: seen through the red


@pytest.mark.parametrize("kind", ["square", "diamond"])
def test_the_last_move_tag_stands_over_the_leftmost_of_the_highest_columns(kind: str) -> None:
    """Columns of the last piece standing level: the tag goes over the leftmost of them, not
    over whichever the set of marks gave first (that followed Python's per-run string hash)."""
    board = make_board("flink", [0.0], (1280, 800))
    assert isinstance(board, FlinkBoard)
    start = GAMES["flink"].new_state(board=kind)
    screen = pygame.Surface((1280, 800))
    for orientation in start.legal_actions():  # White's first piece, till two columns tie
        state = start.clone()
        state.apply_action(orientation)
        state.apply_action(state.legal_actions()[0])
        board.show(start.observation(1), 1, [], animate=False)
        board.show(state.observation(1), 1, state.legal_actions(), animate=True)
        board.skip_animation()
        board.draw(screen)
        rects = [r for r in map(board.thing_rect, board.marked) if r is not None]
        level = [r for r in rects if r.top == min(r.top for r in rects)]
        if len(level) > 1:
            break
    assert len(level) > 1 and board.tag_box is not None
    leftmost = min(level, key=lambda r: r.left)
    label = i18n.t("kit.last_move", name=board.seat_name(0))
    expected = overlays.pill(screen, label, leftmost, (0, 0, 0), board.fs(0.9), board.view)
    assert board.tag_box == expected
