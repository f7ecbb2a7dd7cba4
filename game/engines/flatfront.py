"""Flat Front (フラットフロント): lay territory tiles from a shuffled pile, then fight it out.

The rules as players read them are in ``assets/rules/flatfront.en.md``. Decisions the manual
leaves open live in one place each:

- geometry: two equal landscape tiles "share two corners" only by sharing a whole edge, so the
  field is a lattice of cells (one tile per cell), the first tile at ``FIRST_CELL``;
- size limit: a bounding box of at most ``MAX_SPAN`` columns and rows (half rows cannot occur);
- "touching" in combat: the ``adjacency`` option ("edge" by default, or "edge+corner");
- the pile order is hidden, so every turn-up is a chance action over the remaining tile types;
- a turn is split into place-the-tile then choose-its-pieces (two decisions, same player);
- only successful attacks are moves and a player who has one must attack; a player without one
  passes once (``PASS``) and is skipped from then on, since their power can only shrink;
- the winner counts tiles that carry standing pieces (0-square tiles never do; the manual also
  counts them, which adds one to each side and never changes the result), then standing power.

Actions are small ints in disjoint ranges: tile types (chance), cells, piece mixes, attacks, PASS.
Hot paths (legal_actions, _apply, clone) use ints, tuples and bitmasks only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from game.engines.base import CHANCE, TERMINAL, Game, State

# --- components [manual] -----------------------------------------------------------------------
BLUE = 0
RED = 1
SIDE_NAMES = ("Blue", "Red")
POWERS = (1, 2, 4)
SUPPLY = {1: 8, 2: 2, 4: 1}
TILE_SQUARES = (1, 1, 1, 1, 2, 2, 3, 0)  # one side's eight tiles
NUM_TILES = 2 * len(TILE_SQUARES)

# --- geometry [decisions] ----------------------------------------------------------------------
MAX_SPAN = 5  # the field may span at most this many tiles in width and in height
FIRST_CELL = (0, 0)
ADJACENCY = "adjacency"
ADJACENCY_VALUES = ["edge", "edge+corner"]

# Every reachable cell lies within _RADIUS of FIRST_CELL on both axes: the cell index space.
_RADIUS = MAX_SPAN - 1
_SIDE = 2 * _RADIUS + 1
NUM_CELLS = _SIDE * _SIDE
_X0 = FIRST_CELL[0] - _RADIUS
_Y0 = FIRST_CELL[1] - _RADIUS


def _cell_index(x: int, y: int) -> int:
    return (y - _Y0) * _SIDE + (x - _X0)


CELL_XY: tuple[tuple[int, int], ...] = tuple(
    (_X0 + i % _SIDE, _Y0 + i // _SIDE) for i in range(NUM_CELLS)
)


def _neighbour_table(offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    table = []
    for x, y in CELL_XY:
        cells = [
            _cell_index(x + dx, y + dy)
            for dx, dy in offsets
            if 0 <= x + dx - _X0 < _SIDE and 0 <= y + dy - _Y0 < _SIDE
        ]
        table.append(tuple(cells))
    return tuple(table)


_EDGE_OFFSETS = ((0, -1), (-1, 0), (1, 0), (0, 1))
_CORNER_OFFSETS = ((-1, -1), (1, -1), (-1, 1), (1, 1))
EDGE_NEIGHBOURS = _neighbour_table(_EDGE_OFFSETS)
TOUCHING_CELLS: dict[str, tuple[tuple[int, ...], ...]] = {
    "edge": EDGE_NEIGHBOURS,
    "edge+corner": _neighbour_table(_EDGE_OFFSETS + _CORNER_OFFSETS),
}
_EDGE_MASK = tuple(sum(1 << n for n in cells) for cells in EDGE_NEIGHBOURS)

# --- action encoding ---------------------------------------------------------------------------
NUM_TILE_TYPES = 8  # chance outcomes: owner * 4 + squares
PLACE_BASE = NUM_TILE_TYPES
PIECES_BASE = PLACE_BASE + NUM_CELLS
_N1_RANGE = max(TILE_SQUARES) + 1
_N2_RANGE = SUPPLY[2] + 1
_N4_RANGE = SUPPLY[4] + 1
ATTACK_BASE = PIECES_BASE + _N1_RANGE * _N2_RANGE * _N4_RANGE
PASS = ATTACK_BASE + NUM_TILES
NUM_ACTIONS = PASS + 1


def tile_type(owner: int, squares: int) -> int:
    return owner * 4 + squares


def decode_tile_type(action: int) -> tuple[int, int]:
    return divmod(action, 4)


def place_action(x: int, y: int) -> int:
    return PLACE_BASE + _cell_index(x, y)


def decode_place(action: int) -> tuple[int, int]:
    return CELL_XY[action - PLACE_BASE]


def pieces_action(n1: int, n2: int, n4: int) -> int:
    return PIECES_BASE + (n1 * _N2_RANGE + n2) * _N4_RANGE + n4


def decode_pieces(action: int) -> tuple[int, int, int]:
    code = action - PIECES_BASE
    rest, n4 = divmod(code, _N4_RANGE)
    n1, n2 = divmod(rest, _N2_RANGE)
    return n1, n2, n4


def attack_action(tile_id: int) -> int:
    return ATTACK_BASE + tile_id


def decode_attack(action: int) -> int:
    return action - ATTACK_BASE


def is_place(action: int) -> bool:
    return PLACE_BASE <= action < PIECES_BASE


def is_pieces(action: int) -> bool:
    return PIECES_BASE <= action < ATTACK_BASE


def is_attack(action: int) -> bool:
    return ATTACK_BASE <= action < PASS


def pieces_power(pieces: tuple[int, int, int]) -> int:
    n1, n2, n4 = pieces
    return n1 * POWERS[0] + n2 * POWERS[1] + n4 * POWERS[2]


def _piece_choices(squares: int, supply: tuple[int, int, int]) -> tuple[int, ...]:
    """Every mix of exactly ``squares`` pieces within ``supply``, as sorted actions."""
    have1, have2, have4 = supply
    return tuple(
        sorted(
            pieces_action(squares - n2 - n4, n2, n4)
            for n2 in range(min(have2, squares) + 1)
            for n4 in range(min(have4, squares - n2) + 1)
            if squares - n2 - n4 <= have1
        )
    )


_PIECE_CHOICES = {
    (squares, supply): _piece_choices(squares, supply)
    for squares in range(1, max(TILE_SQUARES) + 1)
    for supply in (
        (a, b, c)
        for a in range(SUPPLY[1] + 1)
        for b in range(SUPPLY[2] + 1)
        for c in range(SUPPLY[4] + 1)
    )
}


# --- combat rules, shared by the engine and the AI's exact solver ------------------------------
@dataclass(frozen=True, slots=True)
class CombatLayout:
    """The fixed part of a combat position, built once when the last tile is down.

    ``attackers[t]`` lists (bit, power) of the opposing tiles with pieces that touch tile t, so
    attack strength is a short loop; ``side_mask[s]`` has a bit per tile of side s with pieces.
    """

    owner: tuple[int, ...]
    power: tuple[int, ...]
    attackers: tuple[tuple[tuple[int, int], ...], ...]
    side_mask: tuple[int, int]


def attack_strength(layout: CombatLayout, standing: int, target: int) -> int:
    """Standing power of the attacker's tiles touching ``target`` (all of them join in)."""
    strength = 0
    for bit, power in layout.attackers[target]:
        if standing & bit:
            strength += power
    return strength


def successful_attacks(layout: CombatLayout, standing: int, side: int) -> list[int]:
    """Opposing tiles (ids, ascending) that ``side`` can knock down: attack strictly > defence."""
    targets = []
    power = layout.power
    attackers = layout.attackers
    mask = standing & layout.side_mask[1 - side]
    while mask:
        low = mask & -mask
        mask ^= low
        target = low.bit_length() - 1
        strength = 0
        for bit, p in attackers[target]:
            if standing & bit:
                strength += p
        if strength > power[target]:
            targets.append(target)
    return targets


def side_scores(
    owner: tuple[int, ...] | list[int], power: tuple[int, ...] | list[int], standing: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    """(tiles with standing pieces, standing power) for Blue and for Red: the winner rules."""
    tiles = [0, 0]
    total = [0, 0]
    mask = standing
    while mask:
        low = mask & -mask
        mask ^= low
        tile = low.bit_length() - 1
        tiles[owner[tile]] += 1
        total[owner[tile]] += power[tile]
    return (tiles[BLUE], total[BLUE]), (tiles[RED], total[RED])


def outcome(scores: tuple[tuple[int, int], tuple[int, int]]) -> int:
    """+1 Blue wins, -1 Red wins, 0 draw: more tiles, then more power, then a draw."""
    blue, red = scores
    return (blue > red) - (blue < red)


def build_layout(
    owner: list[int], power: list[int], cells: list[int], grid: list[int], adjacency: str
) -> CombatLayout:
    touching = TOUCHING_CELLS[adjacency]
    attackers = []
    side_mask = [0, 0]
    for tile, cell in enumerate(cells):
        if power[tile]:
            side_mask[owner[tile]] |= 1 << tile
        near = []
        for other_cell in touching[cell]:
            other = grid[other_cell]
            if other >= 0 and owner[other] != owner[tile] and power[other]:
                near.append((1 << other, power[other]))
        attackers.append(tuple(sorted(near)))
    return CombatLayout(tuple(owner), tuple(power), tuple(attackers), (side_mask[0], side_mask[1]))


# --- phases ------------------------------------------------------------------------------------
_TURN_UP, _PLACE, _PIECES, _COMBAT, _OVER = range(5)
_PHASE_NAMES = ("placement", "placement", "pieces", "combat", "over")
_INITIAL_PILE = tuple(TILE_SQUARES.count(squares) for _side in (BLUE, RED) for squares in range(4))
_INITIAL_SUPPLY = (SUPPLY[1], SUPPLY[2], SUPPLY[4])


class FlatFrontGame(Game):
    id = "flatfront"
    title = "Flat Front"
    title_ja = "フラットフロント"
    min_players = 2
    max_players = 2
    perfect_information = True  # nothing is hidden but the pile order, which is chance
    options: ClassVar[dict[str, list]] = {ADJACENCY: ADJACENCY_VALUES}

    def new_state(self, num_players: int | None = None, **options: Any) -> FlatFrontState:
        return FlatFrontState(
            self, self.resolve_players(num_players), self.resolve_options(options)
        )


class FlatFrontState(State):
    def __init__(self, game: FlatFrontGame, num_players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.history = []
        self._phase = _TURN_UP
        self._to_move = CHANCE
        self._face_up = -1
        self._pile = list(_INITIAL_PILE)
        self._pile_size = NUM_TILES
        self._owner: list[int] = []
        self._squares: list[int] = []
        self._cell: list[int] = []
        self._pieces: list[tuple[int, int, int]] = []
        self._power: list[int] = []
        self._grid = [-1] * NUM_CELLS
        self._occupied = 0
        self._frontier = 0  # empty cells sharing an edge with a tile
        self._box = (0, -1, 0, -1)  # min x, max x, min y, max y (empty field)
        self._supply = [_INITIAL_SUPPLY, _INITIAL_SUPPLY]
        self._standing = 0  # bit per tile whose pieces still stand
        self._layout: CombatLayout | None = None
        self._passed = (False, False)
        self._first_attacker = -1

    # --- protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        return self._to_move

    def legal_actions(self) -> list[int]:
        phase = self._phase
        if phase == _PLACE:
            return self._legal_places()
        if phase == _PIECES:
            squares = self._squares[-1]
            return list(_PIECE_CHOICES[squares, self._supply[self._to_move]])
        if phase == _COMBAT:
            targets = successful_attacks(self._layout, self._standing, self._to_move)
            return [ATTACK_BASE + t for t in targets] if targets else [PASS]
        if phase == _TURN_UP:
            return [t for t, count in enumerate(self._pile) if count]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase != _TURN_UP:
            return []
        size = self._pile_size
        return [(t, count / size) for t, count in enumerate(self._pile) if count]

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == _TURN_UP:
            self._pile[action] -= 1
            self._pile_size -= 1
            self._face_up = action
            self._to_move = action >> 2  # [manual] the face-up tile's owner takes the turn
            self._phase = _PLACE
        elif phase == _PLACE:
            self._place(action - PLACE_BASE)
        elif phase == _PIECES:
            self._set_pieces(decode_pieces(action))
        else:
            self._combat_turn(action)

    def clone(self) -> FlatFrontState:
        other = object.__new__(FlatFrontState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.history = self.history[:]
        other._phase = self._phase
        other._to_move = self._to_move
        other._face_up = self._face_up
        other._pile = self._pile[:]
        other._pile_size = self._pile_size
        other._owner = self._owner[:]
        other._squares = self._squares[:]
        other._cell = self._cell[:]
        other._pieces = self._pieces[:]
        other._power = self._power[:]
        other._grid = self._grid[:]
        other._occupied = self._occupied
        other._frontier = self._frontier
        other._box = self._box
        other._supply = self._supply[:]
        other._standing = self._standing
        other._layout = self._layout  # immutable, shared
        other._passed = self._passed
        other._first_attacker = self._first_attacker
        return other

    def returns(self) -> list[float]:
        if self._phase != _OVER:
            return [0.0, 0.0]
        result = float(outcome(self.scores()))
        return [result, -result]

    def determinize(self, player: int, rng: random.Random) -> FlatFrontState:
        return self.clone()  # the only secret is the pile order, which is not drawn yet

    # --- queries for boards and the AI ------------------------------------------------------
    def scores(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """(tiles with standing pieces, standing power) per side, as the winner rules count."""
        return side_scores(self._owner, self._power, self._standing)

    def combat_position(self) -> tuple[CombatLayout, int, int] | None:
        """(layout, standing mask, player to move or TERMINAL) once every tile is down, else None.

        Everything the exact combat solver needs; the layout object is shared and immutable.
        """
        if self._layout is None:
            return None
        return self._layout, self._standing, self._to_move

    def placement_view(self) -> PlacementView:
        """Read-only views of the field for the placement heuristics (no copies)."""
        return PlacementView(
            self._owner,
            self._squares,
            self._power,
            self._cell,
            self._grid,
            self._supply,
            self._face_up,
        )

    # --- legality with reasons ---------------------------------------------------------------
    def illegal_reason(self, action: int) -> str | None:
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Flat Front action"
        phase = self._phase
        if phase == _OVER:
            return "the game is over"
        if phase == _TURN_UP:
            if action >= NUM_TILE_TYPES:
                return "the next tile must be turned up first"
            owner, squares = decode_tile_type(action)
            if not self._pile[action]:
                return f"no {SIDE_NAMES[owner]} {squares}-square tile is left in the pile"
            return None
        if action < NUM_TILE_TYPES:
            return "no tile is being turned up now"
        if phase == _PLACE:
            if not is_place(action):
                return "place the face-up tile first"
            return self._place_reason(action - PLACE_BASE)
        if phase == _PIECES:
            if not is_pieces(action):
                return "put pieces on the tile just placed first"
            return self._pieces_reason(decode_pieces(action))
        if not (is_attack(action) or action == PASS):
            return "only an attack or a pass is possible in the combat phase"
        return self._combat_reason(action)

    def _place_reason(self, cell: int) -> str | None:
        if self._grid[cell] >= 0:
            return "that cell already holds a tile"
        x, y = CELL_XY[cell]
        if not self._owner:
            return None if (x, y) == FIRST_CELL else "the first tile goes in the centre"
        if not self._frontier >> cell & 1:
            return "tile must share an edge with a placed tile"
        min_x, max_x, min_y, max_y = self._box
        if max(max_x, x) - min(min_x, x) >= MAX_SPAN:
            return f"the field would exceed {MAX_SPAN} tiles in width"
        if max(max_y, y) - min(min_y, y) >= MAX_SPAN:
            return f"the field would exceed {MAX_SPAN} tiles in height"
        return None

    def _pieces_reason(self, pieces: tuple[int, int, int]) -> str | None:
        squares = self._squares[-1]
        count = sum(pieces)
        if count != squares:
            return f"a {squares}-square tile takes exactly {squares} pieces, not {count}"
        for power, wanted, have in zip(POWERS, pieces, self._supply[self._to_move], strict=True):
            if wanted > have:
                return f"not enough power-{power} pieces left ({have} left)"
        return None

    def _combat_reason(self, action: int) -> str | None:
        side = self._to_move
        layout = self._layout
        if action == PASS:
            if successful_attacks(layout, self._standing, side):
                return f"{SIDE_NAMES[side]} can still attack, so passing is not allowed"
            return None
        target = decode_attack(action)  # every tile is down in combat
        if self._owner[target] == side:
            return "you cannot attack your own tile"
        if not self._power[target]:
            return "that tile carries no pieces to attack"
        if not self._standing >> target & 1:
            return "the pieces on that tile are already knocked down"
        strength = attack_strength(layout, self._standing, target)
        defence = self._power[target]
        if strength == 0:
            return "none of your tiles with standing pieces touches that tile"
        if strength <= defence:
            return (
                f"attack {strength} does not beat defence {defence} (it must be strictly greater)"
            )
        return None

    # --- mutations ---------------------------------------------------------------------------
    def _legal_places(self) -> list[int]:
        if not self._owner:
            return [place_action(*FIRST_CELL)]
        min_x, max_x, min_y, max_y = self._box
        lo_x, hi_x = max_x - MAX_SPAN + 1, min_x + MAX_SPAN - 1
        lo_y, hi_y = max_y - MAX_SPAN + 1, min_y + MAX_SPAN - 1
        actions = []
        mask = self._frontier
        while mask:
            low = mask & -mask
            mask ^= low
            cell = low.bit_length() - 1
            x, y = CELL_XY[cell]
            if lo_x <= x <= hi_x and lo_y <= y <= hi_y:
                actions.append(PLACE_BASE + cell)
        return actions

    def _place(self, cell: int) -> None:
        owner, squares = decode_tile_type(self._face_up)
        tile = len(self._owner)
        self._owner.append(owner)
        self._squares.append(squares)
        self._cell.append(cell)
        self._pieces.append((0, 0, 0))
        self._power.append(0)
        self._grid[cell] = tile
        self._occupied |= 1 << cell
        self._frontier = (self._frontier | _EDGE_MASK[cell]) & ~self._occupied
        x, y = CELL_XY[cell]
        if tile == 0:
            self._box = (x, x, y, y)
        else:
            min_x, max_x, min_y, max_y = self._box
            self._box = (min(min_x, x), max(max_x, x), min(min_y, y), max(max_y, y))
        self._face_up = -1
        if squares:
            self._phase = _PIECES
        else:
            self._end_placement_turn()

    def _set_pieces(self, pieces: tuple[int, int, int]) -> None:
        tile = len(self._owner) - 1
        self._pieces[tile] = pieces
        self._power[tile] = pieces_power(pieces)
        self._standing |= 1 << tile
        have1, have2, have4 = self._supply[self._to_move]
        n1, n2, n4 = pieces
        self._supply[self._to_move] = (have1 - n1, have2 - n2, have4 - n4)
        self._end_placement_turn()

    def _end_placement_turn(self) -> None:
        if self._pile_size:
            self._phase = _TURN_UP
            self._to_move = CHANCE
            return
        # [manual] the opponent of the player who took the last placement turn opens combat
        self._layout = build_layout(
            self._owner, self._power, self._cell, self._grid, self.options[ADJACENCY]
        )
        self._first_attacker = 1 - self._to_move
        self._to_move = self._first_attacker
        self._phase = _COMBAT

    def _combat_turn(self, action: int) -> None:
        side = self._to_move
        if action == PASS:
            passed = list(self._passed)
            passed[side] = True
            self._passed = (passed[0], passed[1])
        else:
            self._standing &= ~(1 << (action - ATTACK_BASE))
        other = 1 - side
        if not self._passed[other]:
            self._to_move = other
        elif not self._passed[side]:
            self._to_move = side  # the opponent has passed: consecutive turns
        else:
            self._phase = _OVER
            self._to_move = TERMINAL

    # --- presentation ------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            return f"unknown action {action!r}"
        if action < NUM_TILE_TYPES:
            owner, squares = decode_tile_type(action)
            return f"{SIDE_NAMES[owner]} turns up a {squares}-square tile"
        who = SIDE_NAMES[self._to_move] if self._to_move in (BLUE, RED) else "Nobody"
        if is_place(action):
            return f"{who} places at {decode_place(action)}"
        if is_pieces(action):
            powers = [
                str(p) for p, n in zip(POWERS, decode_pieces(action), strict=True) for _ in range(n)
            ]
            return f"{who} sets {'+'.join(reversed(powers))} on the tile"
        if action == PASS:
            return f"{who} passes"
        target = decode_attack(action)
        if target >= len(self._owner):
            return f"{who} attacks tile {target}"
        where = CELL_XY[self._cell[target]]
        text = f"{who} attacks {SIDE_NAMES[self._owner[target]]}'s tile at {where}"
        if self._layout is None:
            return text
        strength = attack_strength(self._layout, self._standing, target)
        return f"{text}: {strength} vs {self._power[target]}"

    def observation(self, player: int) -> dict:
        standing = self._standing
        tiles = []
        for tile, owner in enumerate(self._owner):
            up = bool(standing >> tile & 1)
            n1, n2, n4 = self._pieces[tile]
            pieces = [
                {"power": power, "standing": up}
                for power, count in ((POWERS[2], n4), (POWERS[1], n2), (POWERS[0], n1))
                for _ in range(count)
            ]
            x, y = CELL_XY[self._cell[tile]]
            tiles.append(
                {
                    "id": tile,
                    "owner": owner,
                    "squares": self._squares[tile],
                    "cell": [x, y],
                    "pieces": pieces,
                }
            )
        face_up = None
        if self._face_up >= 0:
            owner, squares = decode_tile_type(self._face_up)
            face_up = {"owner": owner, "squares": squares}
        attacks = {}
        if self._phase == _COMBAT:
            mask = standing & self._layout.side_mask[1 - self._to_move]
            for tile in range(len(self._owner)):
                if mask >> tile & 1:
                    attacks[str(tile)] = attack_strength(self._layout, standing, tile)
        scores = self.scores()
        winner = None
        if self._phase == _OVER:
            winner = {1: BLUE, -1: RED, 0: "draw"}[outcome(scores)]
        return {
            "phase": _PHASE_NAMES[self._phase],
            "to_move": self._to_move,
            "face_up": face_up,
            "pile": self._pile_size,
            "tiles": tiles,
            "pending_tile": len(self._owner) - 1 if self._phase == _PIECES else None,
            "supply": [list(s) for s in self._supply],
            "passed": list(self._passed),
            "attacks": attacks,
            "defence": {
                str(t): self._power[t] for t in range(len(self._owner)) if standing >> t & 1
            },
            "adjacency": self.options[ADJACENCY],
            "first_attacker": None if self._first_attacker < 0 else self._first_attacker,
            "score": [{"tiles": tiles_, "power": power} for tiles_, power in scores],
            "winner": winner,
        }


@dataclass(frozen=True, slots=True)
class PlacementView:
    """The live placement-phase lists of a state, for fast read-only use by heuristics.

    Per tile (in placement order): owner, squares, power, cell index; ``grid`` maps a cell index
    to a tile id or -1; ``supply`` is each side's (n1, n2, n4) still in hand; ``face_up`` is the
    tile type waiting to be placed, or -1.
    """

    owner: list[int]
    squares: list[int]
    power: list[int]
    cell: list[int]
    grid: list[int]
    supply: list[tuple[int, int, int]]
    face_up: int
