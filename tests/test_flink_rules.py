"""Flink's rules beyond the connection model: pieces, boards, support, turns, passes, draws."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest

from game.engines.base import TERMINAL, IllegalActionError
from game.engines.flink import ANCHOR, PASS, PIECES, FlinkGame, FlinkState
from game.engines.flink.geometry import BLACK, WHITE, board, orientations

GAME = FlinkGame()
DIAMOND_4 = """
   wb
  w..b
 w....b
w......b
b......w
 b....w
  b..w
   bw
"""


def cell(state: FlinkState, name: str) -> int:
    """Cell index of a chessboard name such as "C4"."""
    b = state.board
    x = ord(name[0]) - ord("A")
    return (b.height - int(name[1:])) * b.width + x


FLAT = 0  # the first flat orientation


def place(state: FlinkState, orientation: int, name: str) -> None:
    state.apply_action(orientation)
    state.apply_action(ANCHOR + cell(state, name))


def test_there_are_exactly_24_distinct_orientations() -> None:
    found = orientations()
    assert len(found) == 24 == len({o.cubes for o in found})
    kinds = [o.kind for o in found]
    assert kinds.count("flat") == 8 and kinds.count("standing-x") == 8
    assert kinds.count("standing-y") == 8
    for o in found:
        assert len(o.cubes) == 5 and min(z for _, _, z in o.cubes) == 0
        assert (0, 0, o.centre_dz) in o.cubes
    # Mirror images are there: the F and its reflection both lie flat.
    flat = {o.cubes for o in found if o.kind == "flat"}
    assert {tuple(sorted((-x, y, z) for x, y, z in shape)) for shape in flat} == flat


def test_diamond_sides_of_order_4_are_as_drawn() -> None:
    b = board("diamond", 4)
    rows = []
    for y in range(b.height):
        row = ""
        for x in range(b.width):
            i = y * b.width + x
            white = any(i in side for side in b.side_cells[WHITE])
            black = any(i in side for side in b.side_cells[BLACK])
            row += " " if not b.on_board[i] else "w" if white else "b" if black else "."
            assert not (white and black)
        rows.append(row.rstrip())
    assert rows == DIAMOND_4.strip("\n").split("\n")
    assert len(b.cells) == 2 * 4 * 5


@pytest.mark.parametrize(("size", "cells"), [(6, 84), (7, 112), (8, 144)])
def test_diamond_cell_counts(size: int, cells: int) -> None:
    assert len(board("diamond", size).cells) == cells


def test_square_corners_touch_one_side_of_each_colour() -> None:
    b = board("square", 10)
    corner = 0
    assert corner in b.side_cells[WHITE][0] and corner in b.side_cells[BLACK][0]


def test_turn_is_orientation_then_cell_and_pieces_are_counted() -> None:
    state = GAME.new_state()
    assert state.current_player() == WHITE
    # Nothing stands on an empty board: every standing F has a column that starts above it.
    assert state.legal_actions() == [
        o for o, orient in enumerate(orientations()) if orient.kind == "flat"
    ]
    place(state, FLAT, "E5")
    assert state.current_player() == BLACK
    obs = state.observation(WHITE)
    assert obs["pieces_left"] == [PIECES - 1, PIECES]
    assert len(obs["last_piece"]) == 5 and all(z == 0 for _, _, z in obs["last_piece"])


def test_a_piece_rests_on_the_stack_and_is_named_by_its_centre() -> None:
    state = GAME.new_state()
    place(state, FLAT, "E5")
    state.apply_action(FLAT)
    assert state.action_to_string(ANCHOR + cell(state, "E5")) == (
        "Black places an F centred on E5, resting at height 1"
    )
    state.apply_action(ANCHOR + cell(state, "E5"))
    assert state.stack(cell(state, "E5")) == [WHITE, BLACK]


def test_overhang_is_refused_with_the_floating_cube_named() -> None:
    state = GAME.new_state()
    place(state, FLAT, "E5")
    state.apply_action(FLAT)
    before = state.to_record(), state.observation(BLACK)
    target = ANCHOR + cell(state, "F5")  # shifted one column east: part rests on the board
    reason = state.illegal_reason(target)
    assert reason is not None and "would float 1 above the stack" in reason
    with pytest.raises(IllegalActionError, match="float"):
        state.apply_action(target)
    assert (state.to_record(), state.observation(BLACK)) == before


def test_standing_piece_needs_the_profile_below_it() -> None:
    state = GAME.new_state()
    standing = [o for o, orient in enumerate(orientations()) if orient.kind != "flat"]
    assert all("fits nowhere" in (state.illegal_reason(o) or "") for o in standing)
    place(state, FLAT, "E5")
    # A flat piece makes steps one high: some standing pieces now rest on it and the board.
    fitting = [o for o in standing if state.illegal_reason(o) is None]
    assert fitting
    state.apply_action(fitting[0])
    anchor = state.legal_actions()[0]
    height = state.placement_height(fitting[0], anchor - ANCHOR)
    state.apply_action(anchor)
    assert height == 0
    assert max(len(state.stack(i)) for i in state.board.cells) == 3


def test_off_board_anchor_is_refused() -> None:
    state = GAME.new_state()
    state.apply_action(FLAT)
    reason = state.illegal_reason(ANCHOR + cell(state, "A1"))
    assert reason is not None and "stick out" in reason
    assert state.illegal_reason(PASS) == "place the piece you are holding first"


def test_pass_only_when_nothing_fits_and_draw_when_neither_can_place() -> None:
    state = GAME.new_state()
    assert state.illegal_reason(PASS) is not None
    state._left[BLACK] = 0
    place(state, FLAT, "E5")
    assert state.current_player() == BLACK and state.legal_actions() == [PASS]
    assert "no pieces left" in (state.illegal_reason(FLAT) or "")
    state.apply_action(PASS)
    assert state.current_player() == WHITE
    state._left[WHITE] = 1
    place(state, FLAT, "E8")
    assert state.current_player() == TERMINAL and state.returns() == [0.0, 0.0]
    assert state.observation(WHITE)["draw"] is True


def test_forty_pieces_without_a_connection_is_a_draw() -> None:
    """Random games end: a win, or a draw once nobody can place (pieces used up at the latest)."""
    rng = random.Random(5)
    for _ in range(6):
        state = GAME.new_state()
        placed = 0
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            placed += action >= ANCHOR
            state.apply_action(action)
        assert placed <= 2 * PIECES
        obs = state.observation(WHITE)
        if obs["winner"] is None:
            assert obs["draw"] and state.returns() == [0.0, 0.0]
        else:
            assert obs["winning_path"] and state.returns()[obs["winner"]] == 1.0


def test_a_greedy_white_connects_west_to_east_and_the_path_is_reported() -> None:
    """White plays the placement that most shortens its plan path, Black plays far away."""
    state = GAME.new_state(size=8)
    while not state.is_terminal():
        if not greedy_white_moved(state):
            state.apply_action(state.legal_actions()[-1])
    obs = state.observation(BLACK)
    assert obs["winner"] == WHITE and state.returns() == [1.0, -1.0]
    path = obs["winning_path"]
    assert path[0][0] == 0 and path[-1][0] == 7 and path[0][2] == path[-1][2] == 0
    for (x0, y0, z0), (x1, y1, z1) in itertools.pairwise(path):
        assert abs(x0 - x1) + abs(y0 - y1) + abs(z0 - z1) <= 2  # no jump across the board


def greedy_white_moved(state: FlinkState) -> bool:
    """White's decision when White is to decide (a flat F, then the cell that most shortens
    its plan path); False, playing nothing, on Black's turn or a pass."""
    legal = state.legal_actions()
    if state.current_player() != WHITE or legal == [PASS]:
        return False
    if state.orientation < 0:
        state.apply_action(FLAT)
    else:
        state.apply_action(min(legal, key=lambda a: (white_distance_after(state, a), a)))
    return True


def white_distance_after(state: FlinkState, action: int) -> int:
    after = state.clone()
    after.apply_action(action)
    if after.is_terminal():
        return -1
    return len([i for i in after.best_paths()[WHITE] if not after.stack(i)])


def test_ghost_piece_queries_work_in_any_phase() -> None:
    state = GAME.new_state()
    place(state, FLAT, "E5")
    e5, f5 = cell(state, "E5"), cell(state, "F5")
    assert state.placement_reason(FLAT, e5) is None
    assert "float 1" in (state.placement_reason(FLAT, f5) or "")
    cubes = state.placement_cubes(FLAT, f5)
    assert len(cubes) == 5 and min(z for _, _, z in cubes) == 1  # it would rest on the piece
    assert all(z == 1 for _, _, z in state.placement_cubes(FLAT, e5))


@pytest.mark.parametrize("kind", ["square", "diamond"])
def test_a_state_sent_to_the_ai_carries_its_board_by_name(kind: str) -> None:
    """The board's tables (a megabyte) are not pickled with every state the UI thread sends to
    the AI processes: an unpickled state shares the one board of its kind and plays on alike."""
    state = GAME.new_state(board=kind)
    state.apply_action(FLAT)
    state.apply_action(state.legal_actions()[0])
    data = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    assert len(data) < 50_000
    copy = pickle.loads(data)
    assert copy.board is state.board
    assert copy.legal_actions() == state.legal_actions() and copy.history == state.history


def test_the_observation_shows_the_piece_with_which_the_other_player_connects_next() -> None:
    """A greedy White against a Black playing far away: before Black's last turn, the
    observation shows a White piece that would connect (White then wins); it is empty on an
    empty board and once the game is over, and whenever it shows a piece, White's placing it
    on that turn's stacks connects."""
    state = GAME.new_state(size=8)
    threats: list[list[list[int]]] = []
    while not state.is_terminal():
        if greedy_white_moved(state):
            continue
        if state.orientation < 0:
            threat = state.observation(WHITE)["threat"]
            threats.append(threat)
            wins = state.winning_placements(WHITE)
            assert bool(threat) == bool(wins)
            total = state.board.cells_total
            shown = [sorted(state.placement_cubes(*divmod(pid, total))) for pid in wins]
            assert not threat or sorted(map(tuple, threat)) in shown
        state.apply_action(state.legal_actions()[-1])
    assert threats[0] == [] and threats[-1] != []
    assert state.observation(BLACK)["winner"] == WHITE and state.observation(BLACK)["threat"] == []
