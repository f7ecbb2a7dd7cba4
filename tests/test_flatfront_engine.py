"""Flat Front rules: the manual's combat narrative as a golden game, then each rule's edge cases."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.engines.base import CHANCE, TERMINAL, IllegalActionError, State
from game.engines.flatfront import (
    ADJACENCY_VALUES,
    BLUE,
    LAYOUT_CACHE_SIZE,
    MAX_SPAN,
    PASS,
    RED,
    FlatFrontGame,
    FlatFrontState,
    attack_action,
    attack_strength,
    decode_attack,
    decode_pieces,
    decode_place,
    decode_tile_type,
    is_attack,
    is_pieces,
    is_place,
    open_targets,
    pieces_action,
    place_action,
    still_open,
    tile_type,
    tiles_of,
)

GAME = FlatFrontGame()

# A tile to lay: (owner, squares, (x, y) on the field, pieces (n1, n2, n4)).
Tile = tuple[int, int, tuple[int, int], tuple[int, int, int]]


def lay(tiles: list[Tile], adjacency: str = "edge") -> FlatFrontState:
    """Play the placement phase with the tiles turned up in this order, through checked moves.

    Field coordinates are shifted so that the first tile lands on (0, 0), as the rules demand.
    """
    state = GAME.new_state(adjacency=adjacency)
    x0, y0 = tiles[0][2]
    for owner, squares, (x, y), pieces in tiles:
        state.apply_action(tile_type(owner, squares))
        state.apply_action(place_action(x - x0, y - y0))
        if squares:
            state.apply_action(pieces_action(*pieces))
    return state


# The manual's example, rebuilt on a 5 x 4 field (x right, y down); the letters name the tiles
# in the narrative. Red's attackers in the first attack hold 1, 1, 2, 2 and 4, as the manual
# says.
#   y=1   R1q  Bc   B0   B3   .
#   y=2   B4   Rx   X    Rp   Ba
#   y=3   R2a  B2   R3   R1r  R2b
#   y=4   Bd   .    R0   .    .
GOLDEN: list[Tile] = [
    (BLUE, 2, (2, 2), (1, 1, 0)),  # 0  X   defence 3
    (RED, 1, (1, 2), (0, 1, 0)),  # 1  Rx  a single power-2 piece
    (RED, 1, (3, 2), (1, 0, 0)),  # 2  Rp
    (BLUE, 0, (2, 1), (0, 0, 0)),  # 3  B0
    (RED, 3, (2, 3), (1, 1, 1)),  # 4  R3  power 7
    (BLUE, 1, (1, 1), (1, 0, 0)),  # 5  Bc
    (BLUE, 3, (3, 1), (2, 1, 0)),  # 6  B3  power 4
    (BLUE, 1, (0, 2), (0, 0, 1)),  # 7  B4  power 4
    (BLUE, 1, (4, 2), (1, 0, 0)),  # 8  Ba
    (BLUE, 2, (1, 3), (2, 0, 0)),  # 9  B2  power 2
    (RED, 1, (3, 3), (1, 0, 0)),  # 10 R1r
    (RED, 1, (0, 1), (1, 0, 0)),  # 11 R1q
    (RED, 2, (0, 3), (2, 0, 0)),  # 12 R2a power 2
    (RED, 2, (4, 3), (2, 0, 0)),  # 13 R2b power 2
    (RED, 0, (2, 4), (0, 0, 0)),  # 14 R0
    (BLUE, 1, (0, 4), (1, 0, 0)),  # 15 Bd  (Blue takes the last placement turn)
]

# (side, target tile, attack, defence) in the manual's order; None marks a forced pass.
GOLDEN_COMBAT = [
    (RED, 0, 10, 3),
    (BLUE, 1, 7, 2),
    (RED, 8, 3, 1),
    (BLUE, 12, 7, 2),
    (RED, 9, 7, 2),
    (BLUE, 2, 4, 1),
    (RED, None, None, None),
    (BLUE, 11, 5, 1),
    (BLUE, None, None, None),
]


def golden_state(adjacency: str = "edge") -> FlatFrontState:
    return lay(GOLDEN, adjacency)


def snapshot(state: FlatFrontState) -> tuple:
    return state.to_record(), state.observation(BLUE), state.observation(RED)


def assert_illegal(state: FlatFrontState, action: int, words: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=words):
        state.apply_action(action)
    assert snapshot(state) == before


# --- the golden game ---------------------------------------------------------------------------
def test_golden_narrative_sequence_passes_and_winner() -> None:
    state = golden_state()
    obs = state.observation(BLUE)
    assert obs["phase"] == "combat"
    assert obs["first_attacker"] == RED  # Blue took the last placement turn
    log = []
    for side, target, attack, defence in GOLDEN_COMBAT:
        assert state.current_player() == side
        legal = state.legal_actions()
        if target is None:
            assert legal == [PASS]
            action = PASS
        else:
            action = attack_action(target)
            assert action in legal
            assert PASS not in legal
            obs = state.observation(side)
            assert obs["attacks"][str(target)] == attack
            assert obs["defence"][str(target)] == defence
        log.append(state.action_to_string(action))
        state.apply_action(action)
    assert state.is_terminal()
    assert log == [
        "Red attacks Blue's tile at (0, 0): 10 vs 3",
        "Blue attacks Red's tile at (-1, 0): 7 vs 2",
        "Red attacks Blue's tile at (2, 0): 3 vs 1",
        "Blue attacks Red's tile at (-2, 1): 7 vs 2",
        "Red attacks Blue's tile at (-1, 1): 7 vs 2",
        "Blue attacks Red's tile at (1, 0): 4 vs 1",
        "Red passes",
        "Blue attacks Red's tile at (-2, -1): 5 vs 1",
        "Blue passes",
    ]
    obs = state.observation(RED)
    assert obs["winner"] == BLUE
    assert state.returns() == [1.0, -1.0]
    assert obs["score"] == [{"tiles": 4, "power": 10}, {"tiles": 3, "power": 10}]
    assert obs["passed"] == [True, True]
    # The manual counts the empty tiles too: Blue 5, Red 4.
    left = [0, 0]
    for tile in obs["tiles"]:
        if not tile["pieces"] or tile["pieces"][0]["standing"]:
            left[tile["owner"]] += 1
    assert left == [5, 4]


def test_golden_observation_lists_tiles_and_pieces() -> None:
    obs = golden_state().observation(RED)
    assert obs["to_move"] == RED and obs["pile"] == 0 and obs["face_up"] is None
    assert obs["pending_tile"] is None
    assert obs["supply"] == [[0, 0, 0], [0, 0, 0]]
    assert obs["adjacency"] == "edge"
    red_three = obs["tiles"][4]
    assert red_three == {
        "id": 4,
        "owner": RED,
        "squares": 3,
        "cell": [0, 1],
        "pieces": [
            {"power": 4, "standing": True},
            {"power": 2, "standing": True},
            {"power": 1, "standing": True},
        ],
    }
    assert obs["tiles"][3]["pieces"] == []  # the 0-square tile
    # Red to move: every Blue tile with standing pieces, and Red's power against it.
    assert obs["attacks"] == {"0": 10, "5": 3, "6": 1, "7": 5, "8": 3, "9": 11, "15": 2}
    assert obs["score"] == [{"tiles": 7, "power": 16}, {"tiles": 7, "power": 16}]
    assert obs["winner"] is None


def test_edge_and_corner_adjacency_adds_diagonal_attackers() -> None:
    edge = golden_state("edge")
    both = golden_state("edge+corner")
    assert edge.observation(RED)["attacks"]["0"] == 10
    assert both.observation(RED)["attacks"]["0"] == 11  # R1r touches X by a corner
    r1r = 10
    layout, standing, _ = edge.combat_position()
    assert attack_strength(layout, standing, r1r) == 0
    layout, standing, _ = both.combat_position()
    assert attack_strength(layout, standing, r1r) == 4  # X and Ba touch it by corners


# --- placement ---------------------------------------------------------------------------------
def fresh_turned_up(owner: int = BLUE, squares: int = 1) -> FlatFrontState:
    state = GAME.new_state()
    state.apply_action(tile_type(owner, squares))
    return state


def test_first_tile_goes_in_the_centre() -> None:
    state = GAME.new_state()
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 8
    assert_illegal(state, place_action(0, 0), "turned up first")
    state.apply_action(tile_type(RED, 2))
    assert state.current_player() == RED  # the owner of the face-up tile takes the turn
    assert state.legal_actions() == [place_action(0, 0)]
    assert_illegal(state, place_action(1, 0), "centre")
    state.apply_action(place_action(0, 0))
    assert state.observation(BLUE)["pending_tile"] == 0


def test_placement_needs_an_edge_and_an_empty_cell() -> None:
    state = lay([(BLUE, 1, (0, 0), (1, 0, 0))])
    state.apply_action(tile_type(RED, 1))
    assert sorted(decode_place(a) for a in state.legal_actions()) == [
        (-1, 0),
        (0, -1),
        (0, 1),
        (1, 0),
    ]
    assert_illegal(state, place_action(0, 0), "already holds a tile")
    assert_illegal(state, place_action(1, 1), "share an edge")  # corner contact only
    assert_illegal(state, place_action(2, 0), "share an edge")
    assert_illegal(state, pieces_action(1, 0, 0), "place the face-up tile first")


def row(owner_squares: list[tuple[int, int]], cells: list[tuple[int, int]]) -> list[Tile]:
    tiles = []
    for (owner, squares), cell in zip(owner_squares, cells, strict=True):
        tiles.append((owner, squares, cell, (squares, 0, 0)))
    return tiles


FIVE = [(BLUE, 1), (RED, 1), (BLUE, 1), (RED, 1), (BLUE, 1)]


@pytest.mark.parametrize("axis", ["width", "height"])
def test_field_is_at_most_five_tiles_each_way(axis: str) -> None:
    spread = [0, 1, 2, -1, -2]
    cells = [(i, 0) if axis == "width" else (0, i) for i in spread]
    state = lay(row(FIVE, cells))
    state.apply_action(tile_type(RED, 1))
    ahead, behind = ((3, 0), (-3, 0)) if axis == "width" else ((0, 3), (0, -3))
    legal = {decode_place(a) for a in state.legal_actions()}
    assert ahead not in legal and behind not in legal
    assert_illegal(state, place_action(*ahead), f"exceed {MAX_SPAN} tiles in {axis}")
    assert_illegal(state, place_action(*behind), f"exceed {MAX_SPAN} tiles in {axis}")
    # The other direction is still free.
    side = (2, 1) if axis == "width" else (1, 2)
    assert place_action(*side) in state.legal_actions()


def test_layout_drifts_until_the_limit_is_reached() -> None:
    state = lay(row(FIVE[:4], [(0, 0), (1, 0), (2, 0), (3, 0)]))
    state.apply_action(tile_type(RED, 1))
    legal = {decode_place(a) for a in state.legal_actions()}
    assert {(-1, 0), (4, 0)} <= legal  # either end may grow while the span is 4
    state.apply_action(place_action(-1, 0))  # the field drifts left of the first tile
    state.apply_action(pieces_action(1, 0, 0))
    state.apply_action(tile_type(BLUE, 1))
    assert_illegal(state, place_action(4, 0), "width")
    assert_illegal(state, place_action(-2, 0), "width")
    state.apply_action(place_action(-1, -1))  # but it can still grow upwards
    assert [t["cell"] for t in state.observation(BLUE)["tiles"]][-1] == [-1, -1]


def test_zero_square_tile_takes_no_pieces() -> None:
    state = fresh_turned_up(BLUE, 0)
    state.apply_action(place_action(0, 0))
    assert state.current_player() == CHANCE  # the turn ends at once
    assert state.observation(BLUE)["supply"][BLUE] == [8, 2, 1]


# --- pieces ------------------------------------------------------------------------------------
def test_piece_choice_follows_squares_and_supply() -> None:
    state = fresh_turned_up(BLUE, 3)
    state.apply_action(place_action(0, 0))
    assert state.observation(RED)["phase"] == "pieces"
    mixes = {decode_pieces(a) for a in state.legal_actions()}
    assert mixes == {
        (3, 0, 0),
        (2, 1, 0),
        (1, 2, 0),
        (2, 0, 1),
        (1, 1, 1),
        (0, 2, 1),
    }
    assert_illegal(state, pieces_action(1, 0, 0), "exactly 3 pieces, not 1")
    state.apply_action(pieces_action(1, 1, 1))
    assert state.observation(RED)["supply"] == [[7, 1, 0], [8, 2, 1]]
    # Blue's second tile: the 4 is spent, only one 2 is left.
    state.apply_action(tile_type(BLUE, 2))
    state.apply_action(place_action(1, 0))
    assert {decode_pieces(a) for a in state.legal_actions()} == {(2, 0, 0), (1, 1, 0)}
    assert_illegal(state, pieces_action(1, 0, 1), "not enough power-4 pieces left")
    assert_illegal(state, pieces_action(0, 2, 0), "not enough power-2 pieces left")
    assert_illegal(state, place_action(2, 0), "put pieces on the tile")


def test_pieces_run_out_exactly_with_the_tiles() -> None:
    rng = random.Random(4)
    for _ in range(20):
        state = GAME.new_state()
        while state.combat_position() is None:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.observation(BLUE)["supply"] == [[0, 0, 0], [0, 0, 0]]


# --- combat ------------------------------------------------------------------------------------
# A field whose two sides meet only at two points: (0,2)-(0,3) and (4,1)-(4,2).
#   y=0   B0  b   b   b   b
#   y=1   b   .   .   .   b*
#   y=2   b*  .   .   .   r*
#   y=3   r*  .   .   .   r
#   y=4   R0  r   r   r   r
def two_fronts(blue_front: tuple, red_front: tuple, red_corner: tuple) -> list[Tile]:
    """Blue's (0,2) tile is ``blue_front``; Red's (0,3) and (4,2) tiles are given; Blue's (4,1)
    tile is a 2-square {1,1}. Each is (squares, pieces). Red's last tile makes Blue open combat.
    """
    b_sq, b_pieces = blue_front
    r_sq, r_pieces = red_front
    c_sq, c_pieces = red_corner
    return [
        (BLUE, 0, (0, 0), (0, 0, 0)),
        (BLUE, 1, (1, 0), (1, 0, 0)),
        (BLUE, 1, (2, 0), (1, 0, 0)),
        (BLUE, 1, (3, 0), (1, 0, 0)),
        (BLUE, 2, (4, 0), (1, 1, 0)),
        (BLUE, 3, (0, 1), (2, 1, 0)),
        (BLUE, 2, (4, 1), (2, 0, 0)),
        (BLUE, b_sq, (0, 2), b_pieces),
        (RED, c_sq, (4, 2), c_pieces),
        (RED, r_sq, (0, 3), r_pieces),
        (RED, 3, (4, 3), (2, 1, 0)),
        (RED, 1 if c_sq == 0 else 0, (0, 4), (1, 0, 0)),
        (RED, 1, (1, 4), (1, 0, 0)),
        (RED, 1, (2, 4), (1, 0, 0)),
        (RED, 2, (3, 4), (1, 1, 0)),
        (RED, 2, (4, 4), (2, 0, 0)),
    ]


def play_out(state: FlatFrontState) -> list[str]:
    """Play combat with the lowest legal action each turn; the log of what happened."""
    log = []
    while not state.is_terminal():
        action = state.legal_actions()[0]
        log.append(state.action_to_string(action))
        state.apply_action(action)
    return log


def test_equal_power_does_not_knock_down_and_tiles_decide() -> None:
    # (0,2) Blue {4} vs (0,3) Red {4}: 4 against 4 fails both ways.
    # (4,1) Blue {1,1} vs (4,2) Red {1}: Blue wins that contact.
    state = lay(two_fronts((1, (0, 0, 1)), (1, (0, 0, 1)), (1, (1, 0, 0))))
    assert state.current_player() == BLUE  # Red took the last placement turn
    assert state.legal_actions() == [attack_action(8)]
    assert_illegal(state, attack_action(9), "attack 4 does not beat defence 4")
    assert_illegal(state, attack_action(13), "none of your tiles")
    assert_illegal(state, attack_action(7), "your own tile")
    assert_illegal(state, attack_action(11), "no pieces")
    assert_illegal(state, PASS, "Blue can still attack, so passing is not allowed")
    assert play_out(state) == [
        "Blue attacks Red's tile at (4, 2): 2 vs 1",
        "Red passes",
        "Blue passes",
    ]
    obs = state.observation(BLUE)
    assert obs["score"] == [{"tiles": 7, "power": 16}, {"tiles": 6, "power": 15}]
    assert obs["winner"] == BLUE and state.returns() == [1.0, -1.0]


def test_equal_tiles_then_power_decides() -> None:
    # Blue {4} knocks Red {1} at (0,3); Red {4} knocks Blue {1,1} at (4,1): 6 tiles each,
    # power 14 for Blue against 15 for Red.
    state = lay(two_fronts((1, (0, 0, 1)), (1, (1, 0, 0)), (1, (0, 0, 1))))
    log = play_out(state)
    assert log == [
        "Blue attacks Red's tile at (0, 3): 4 vs 1",
        "Red attacks Blue's tile at (4, 1): 4 vs 2",
        "Blue passes",
        "Red passes",
    ]
    obs = state.observation(RED)
    assert obs["score"] == [{"tiles": 6, "power": 14}, {"tiles": 6, "power": 15}]
    assert obs["winner"] == RED and state.returns() == [-1.0, 1.0]


def test_nothing_to_attack_is_a_draw() -> None:
    # The sides touch only with 4 against 4 and through Red's empty tile.
    state = lay(two_fronts((1, (0, 0, 1)), (1, (0, 0, 1)), (0, (0, 0, 0))))
    assert state.legal_actions() == [PASS]
    assert play_out(state) == ["Blue passes", "Red passes"]
    obs = state.observation(BLUE)
    assert obs["score"] == [{"tiles": 7, "power": 16}, {"tiles": 7, "power": 16}]
    assert obs["winner"] == "draw" and state.returns() == [0.0, 0.0]
    assert state.current_player() == TERMINAL
    assert_illegal(state, PASS, "the game is over")


def test_opponent_of_the_last_placer_opens_combat() -> None:
    blue_last = golden_state()
    assert blue_last.current_player() == RED
    red_last = lay([*GOLDEN[:-2], GOLDEN[-1], GOLDEN[-2]])  # Red's empty tile goes down last
    assert red_last.observation(BLUE)["first_attacker"] == BLUE
    assert red_last.current_player() == BLUE


def test_passed_player_never_moves_again() -> None:
    state = golden_state()
    for _, target, _, _ in GOLDEN_COMBAT[:7]:
        state.apply_action(PASS if target is None else attack_action(target))
    assert state.observation(BLUE)["passed"] == [False, True]
    assert state.current_player() == BLUE
    assert_illegal(state, attack_action(0), "your own tile")


# --- protocol details --------------------------------------------------------------------------
def test_action_helpers_round_trip_and_ranges_are_disjoint() -> None:
    seen = set()
    for owner in (BLUE, RED):
        for squares in range(4):
            a = tile_type(owner, squares)
            assert decode_tile_type(a) == (owner, squares)
            seen.add(a)
    for x in range(-4, 5):
        for y in range(-4, 5):
            a = place_action(x, y)
            assert is_place(a) and decode_place(a) == (x, y)
            seen.add(a)
    for n1 in range(4):
        for n2 in range(3):
            for n4 in range(2):
                a = pieces_action(n1, n2, n4)
                assert is_pieces(a) and decode_pieces(a) == (n1, n2, n4)
                seen.add(a)
    for tile in range(16):
        a = attack_action(tile)
        assert is_attack(a) and decode_attack(a) == tile
        seen.add(a)
    assert PASS not in seen and not is_attack(PASS)
    assert len(seen) == 8 + 81 + 24 + 16
    assert min(seen) == 0


def test_log_lines_read_as_the_interface_says() -> None:
    state = GAME.new_state()
    assert state.action_to_string(tile_type(BLUE, 2)) == "Blue turns up a 2-square tile"
    state.apply_action(tile_type(RED, 2))
    assert state.action_to_string(place_action(0, 0)) == "Red places at (0, 0)"
    state.apply_action(place_action(0, 0))
    assert state.action_to_string(pieces_action(2, 0, 0)) == "Red sets 1+1 on the tile"
    assert state.action_to_string(pieces_action(0, 1, 1)) == "Red sets 4+2 on the tile"


def test_illegal_actions_change_nothing_in_every_phase() -> None:
    state = GAME.new_state()
    assert_illegal(state, -1, "not a Flat Front action")
    assert_illegal(state, 10_000, "not a Flat Front action")
    state.apply_action(tile_type(BLUE, 1))
    assert_illegal(state, tile_type(BLUE, 1), "no tile is being turned up")
    state.apply_action(place_action(0, 0))
    assert_illegal(state, attack_action(0), "put pieces on the tile")
    state.apply_action(pieces_action(1, 0, 0))
    for _ in range(3):  # Blue's other 1-square tiles
        state.apply_action(tile_type(BLUE, 1))
        state.apply_action(state.legal_actions()[0])
        state.apply_action(state.legal_actions()[0])
    assert_illegal(state, tile_type(BLUE, 1), "no Blue 1-square tile is left in the pile")
    combat = golden_state()
    assert_illegal(combat, place_action(1, 1), "only an attack or a pass")
    assert_illegal(combat, attack_action(3), "no pieces")


def test_illegal_reason_agrees_with_legal_actions() -> None:
    rng = random.Random(9)
    for adjacency in ("edge", "edge+corner"):
        for _ in range(30):
            state = GAME.new_state(adjacency=adjacency)
            while not state.is_terminal():
                legal = set(state.legal_actions())
                for action in range(-2, 135):
                    assert (state.illegal_reason(action) is None) == (action in legal), action
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                else:
                    state.apply_action(rng.choice(sorted(legal)))


def test_replay_round_trip_of_the_golden_game() -> None:
    state = golden_state()
    for _, target, _, _ in GOLDEN_COMBAT:
        state.apply_action(PASS if target is None else attack_action(target))
    copy = GAME.replay(state.to_record())
    assert snapshot(copy) == snapshot(state)
    record = state.to_record()
    record["history"] = [*record["history"][:-1], attack_action(0)]
    with pytest.raises(ValueError, match="illegal"):
        GAME.replay(record)


def test_clone_does_not_share_mutable_parts() -> None:
    state = golden_state()
    copy = state.clone()
    copy.apply_action(attack_action(0))
    assert state.observation(BLUE)["defence"]["0"] == 3
    assert "0" not in copy.observation(BLUE)["defence"]
    assert state.history != copy.history
    placing = fresh_turned_up(RED, 3)
    other = placing.clone()
    other.apply_action(place_action(0, 0))
    other.apply_action(pieces_action(1, 1, 1))
    assert placing.observation(RED)["tiles"] == []
    assert placing.observation(RED)["supply"][RED] == [8, 2, 1]


def test_determinize_is_a_faithful_copy() -> None:
    state = fresh_turned_up()
    copy = state.determinize(BLUE, random.Random(1))
    assert snapshot(copy) == snapshot(state) and copy is not state


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="adjacency"):
        GAME.new_state(adjacency="hex")
    with pytest.raises(ValueError):
        GAME.new_state(3)
    assert GAME.new_state(adjacency="EDGE+CORNER").options == {"adjacency": "edge+corner"}


# --- fast paths against the rules computed from scratch ----------------------------------------
# The engine keeps cell masks up to date move by move, caches combat layouts by a key, updates
# combat targets after a fall and draws chance outcomes by counting. Each is checked here against
# a plain computation from the public observation, over whole random games.
EDGE_OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1))
CORNER_OFFSETS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def scratch_places(obs: dict) -> set[tuple[int, int]]:
    """Empty cells sharing an edge with a tile, keeping the field within 5 x 5 (searched beyond
    the encoded cells, so that a legal cell outside them would show up)."""
    cells = {tuple(tile["cell"]) for tile in obs["tiles"]}
    if not cells:
        return {(0, 0)}
    places = set()
    for x in range(-7, 8):
        for y in range(-7, 8):
            if (x, y) in cells or all((x + dx, y + dy) not in cells for dx, dy in EDGE_OFFSETS):
                continue
            xs = [c[0] for c in cells] + [x]
            ys = [c[1] for c in cells] + [y]
            if max(xs) - min(xs) < MAX_SPAN and max(ys) - min(ys) < MAX_SPAN:
                places.add((x, y))
    return places


def standing_power(tile: dict) -> int:
    return sum(piece["power"] for piece in tile["pieces"] if piece["standing"])


def scratch_strength(obs: dict, target: int) -> int:
    """Standing power of the opposing tiles that touch ``target``."""
    offsets = EDGE_OFFSETS + (CORNER_OFFSETS if obs["adjacency"] == "edge+corner" else ())
    tiles = obs["tiles"]
    x, y = tiles[target]["cell"]
    near = {(x + dx, y + dy) for dx, dy in offsets}
    return sum(
        standing_power(tile)
        for tile in tiles
        if tile["owner"] != tiles[target]["owner"] and tuple(tile["cell"]) in near
    )


def scratch_targets(obs: dict, side: int) -> list[int]:
    """Tiles ``side`` can knock down, strongest defence first, then by id."""
    tiles = obs["tiles"]
    beaten = [
        tile["id"]
        for tile in tiles
        if tile["owner"] != side
        and standing_power(tile)
        and scratch_strength(obs, tile["id"]) > standing_power(tile)
    ]
    return sorted(beaten, key=lambda t: (-standing_power(tiles[t]), t))


def random_games(count: int, seed: str) -> Iterator[FlatFrontState]:
    """Every state of ``count`` random games, alternating the adjacency option."""
    rng = random.Random(seed)
    for game in range(count):
        state = GAME.new_state(adjacency=ADJACENCY_VALUES[game % 2])
        while not state.is_terminal():
            yield state
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        yield state


def test_legal_cells_match_the_geometry_from_scratch() -> None:
    checked = 0
    for state in random_games(60, "cells"):
        obs = state.observation(BLUE)
        if obs["phase"] == "placement" and obs["face_up"] is not None:
            assert {decode_place(a) for a in state.legal_actions()} == scratch_places(obs)
            assert state.legal_actions() == sorted(state.legal_actions())
            checked += 1
    assert checked == 60 * 16


def test_combat_targets_match_the_rules_from_scratch() -> None:
    checked = 0
    for state in random_games(60, "targets"):
        position = state.combat_position()
        if position is None:
            continue
        layout, standing, _ = position
        obs = state.observation(BLUE)
        for tile in range(len(obs["tiles"])):
            assert attack_strength(layout, standing, tile) == scratch_strength(obs, tile)
        for side in (BLUE, RED):
            targets = open_targets(layout, standing, side)
            in_order = [tile for tile, bit, _ in layout.order[side] if targets & bit]
            assert in_order == scratch_targets(obs, side)
            assert tiles_of(targets) == sorted(in_order)
            # A fall updates the fallen side's targets as a fresh computation would.
            for tile in tiles_of(layout.side_mask[side] & standing):
                after = standing & ~(1 << tile)
                assert still_open(layout, targets, after, tile) == open_targets(layout, after, side)
        if not state.is_terminal():
            side = state.current_player()
            attacks = [attack_action(t) for t in sorted(scratch_targets(obs, side))]
            assert state.legal_actions() == (attacks or [PASS])
        checked += 1
    assert checked > 60 * 5


def test_equal_fields_share_one_cached_layout() -> None:
    first, second = golden_state(), golden_state()
    assert first.combat_position()[0] is second.combat_position()[0]
    assert golden_state("edge+corner").combat_position()[0] != first.combat_position()[0]
    swapped = lay([*GOLDEN[:-2], GOLDEN[-1], GOLDEN[-2]])  # same field, other placement order
    assert swapped.combat_position()[0].key != first.combat_position()[0].key
    for _ in random_games(LAYOUT_CACHE_SIZE + 10, "evict"):  # push the golden field out
        pass
    rebuilt = golden_state().combat_position()[0]
    assert rebuilt is not first.combat_position()[0]
    assert rebuilt == first.combat_position()[0]


class FixedDraw(random.Random):
    """A generator whose next ``random()`` is given, to probe the ends of the unit interval."""

    def __init__(self, value: float) -> None:
        super().__init__()
        self.value = value

    def random(self) -> float:
        return self.value


def test_chance_draw_counts_as_the_base_class_draws() -> None:
    rng = random.Random(3)
    for state in random_games(40, "chance"):
        if not state.is_chance_node():
            continue
        for value in (rng.random(), 0.0, 1.0 - 2.0**-53):
            assert state.sample_chance(FixedDraw(value)) == State.sample_chance(
                state, FixedDraw(value)
            )
        outcomes = dict(state.chance_outcomes())
        assert state.sample_chance(FixedDraw(1.0 - 2.0**-53)) == max(outcomes)
