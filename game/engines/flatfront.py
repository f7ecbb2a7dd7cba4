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
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

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
# The same neighbourhoods as bitmasks over cell indices, for popcounts and mask intersections.
TOUCHING_MASKS: dict[str, tuple[int, ...]] = {
    name: tuple(sum(1 << n for n in cells) for cells in table)
    for name, table in TOUCHING_CELLS.items()
}
_EDGE_MASK = TOUCHING_MASKS["edge"]
_ALL_CELLS = (1 << NUM_CELLS) - 1
# _IN_SPAN[c]: the cells at most MAX_SPAN - 1 columns and rows away from cell c. The bounding box
# stays within MAX_SPAN x MAX_SPAN exactly when a new cell is in _IN_SPAN of every placed tile,
# so the cells still allowed by the size limit are the AND of these masks over the placed tiles.
_IN_SPAN = tuple(
    sum(
        1 << _cell_index(x2, y2)
        for x2, y2 in CELL_XY
        if abs(x2 - x) < MAX_SPAN and abs(y2 - y) < MAX_SPAN
    )
    for x, y in CELL_XY
)

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


_ROW_BITS = (1 << _SIDE) - 1
# _ROW_PLACES[row][bits]: the place actions of the cells set in one row's slice of a cell mask,
# so that a mask becomes its sorted action list a row at a time instead of a bit at a time.
_ROW_PLACES = tuple(
    tuple(
        tuple(PLACE_BASE + row * _SIDE + col for col in range(_SIDE) if bits >> col & 1)
        for bits in range(_ROW_BITS + 1)
    )
    for row in range(_SIDE)
)


def place_actions(cells: int) -> list[int]:
    """The place actions of the cells in a mask, ascending."""
    actions: list[int] = []
    if not cells:
        return actions
    row = ((cells & -cells).bit_length() - 1) // _SIDE
    cells >>= row * _SIDE
    while cells:
        actions += _ROW_PLACES[row][cells & _ROW_BITS]
        cells >>= _SIDE
        row += 1
    return actions


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


# Indexed by action - PIECES_BASE: each mix and its power, so applying or scoring one is a lookup.
PIECES_MIX = tuple(decode_pieces(a) for a in range(PIECES_BASE, ATTACK_BASE))
PIECES_POWER = tuple(pieces_power(mix) for mix in PIECES_MIX)


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
# A target that some side could knock down: (tile, tile bit, defence, mask of the opposing tiles
# touching it, their (bit, power) pairs).
Target = tuple[int, int, int, int, tuple[tuple[int, int], ...]]


@dataclass(frozen=True, slots=True)
class CombatLayout:
    """The fixed part of a combat position, built once when the last tile is down.

    ``attackers[t]`` lists (bit, power) of the opposing tiles with pieces that touch tile t, so
    attack strength is a short loop; ``side_mask[s]`` has a bit per tile of side s with pieces.
    ``targets[s]`` holds only the tiles side s could knock down with all its pieces standing (the
    others can never fall), strongest defence first, then by id: the order a search should try
    them in, since knocking out a big piece most often decides. ``key`` is equal exactly for
    equal layouts and cheap to hash, so the solver keys its memos by it.
    """

    owner: tuple[int, ...]
    power: tuple[int, ...]
    attackers: tuple[tuple[tuple[int, int], ...], ...]
    side_mask: tuple[int, int]
    targets: tuple[tuple[Target, ...], tuple[Target, ...]]
    key: int


def attack_strength(layout: CombatLayout, standing: int, target: int) -> int:
    """Standing power of the attacker's tiles touching ``target`` (all of them join in)."""
    strength = 0
    for bit, power in layout.attackers[target]:
        if standing & bit:
            strength += power
    return strength


def successful_attacks(layout: CombatLayout, standing: int, side: int) -> list[int]:
    """Opposing tiles that ``side`` can knock down (attack strictly > defence), in the layout's
    target order (strongest defence first, then by id). The search's innermost loop, so it
    inlines attack_strength and skips the sum when every attacker still stands."""
    targets = []
    for tile, bit, defence, touching, attackers in layout.targets[side]:
        if not standing & bit:
            continue
        if standing & touching == touching:  # full strength, which beats the defence
            targets.append(tile)
            continue
        strength = 0
        for attacker, power in attackers:
            if standing & attacker:
                strength += power
        if strength > defence:
            targets.append(tile)
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


# A field's layout key: the adjacency option's index, then 12 bits per tile in placement order:
# cell index (7 bits, < 128), owner (1), power (4, at most 4 + 2 + 2). Equal keys mean equal
# fields, so the combat layout is a function of the key; states extend it as tiles go down.
_KEY_TILE_BITS = 12
_KEY_CELL_SHIFT = 5
_KEY_CELL_MASK = 127
_KEY_OWNER_SHIFT = 4
_KEY_POWER_MASK = 15
LAYOUT_CACHE_SIZE = 4096  # layouts kept: a search reaches the same final fields again and again


@lru_cache(maxsize=LAYOUT_CACHE_SIZE)
def combat_layout(key: int) -> CombatLayout:
    """The combat layout of a full field (all NUM_TILES tiles down), from its key."""
    touching_masks = TOUCHING_MASKS[ADJACENCY_VALUES[key >> NUM_TILES * _KEY_TILE_BITS]]
    owner, power, cells = [], [], []
    tile_at = {}
    armed = [0, 0]  # per side, cells of its tiles with pieces
    for shift in range((NUM_TILES - 1) * _KEY_TILE_BITS, -1, -_KEY_TILE_BITS):
        code = key >> shift
        cell = code >> _KEY_CELL_SHIFT & _KEY_CELL_MASK
        side = code >> _KEY_OWNER_SHIFT & 1
        tile_at[cell] = len(cells)
        owner.append(side)
        power.append(code & _KEY_POWER_MASK)
        cells.append(cell)
        if code & _KEY_POWER_MASK:
            armed[side] |= 1 << cell
    attackers = []
    side_mask = [0, 0]
    targets: tuple[list, list] = ([], [])  # by attacking side, with -defence first for sorting
    for tile, cell in enumerate(cells):
        side = owner[tile]
        near = []
        touching = strength = 0
        enemies = touching_masks[cell] & armed[1 - side]
        while enemies:
            low = enemies & -enemies
            enemies ^= low
            other = tile_at[low.bit_length() - 1]
            near.append((1 << other, power[other]))
            touching |= 1 << other
            strength += power[other]
        pairs = tuple(near)
        attackers.append(pairs)
        defence = power[tile]
        if defence:
            side_mask[side] |= 1 << tile
            if strength > defence:
                targets[1 - side].append((-defence, tile, 1 << tile, defence, touching, pairs))
    by_side = tuple(tuple(entry[1:] for entry in sorted(side_targets)) for side_targets in targets)
    return CombatLayout(
        tuple(owner),
        tuple(power),
        tuple(attackers),
        (side_mask[0], side_mask[1]),
        (by_side[0], by_side[1]),
        key,
    )


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
        # Cell masks kept up to date by _place: the size limit's allowed cells (see _IN_SPAN), and
        # the legal cells for the next tile (empty, edge contact, allowed).
        self._occupied = 0
        self._in_span = _ALL_CELLS
        self._placeable = 1 << _cell_index(*FIRST_CELL)
        self._armed = [0, 0]  # per side, cells of its tiles with pieces
        self._supply = [_INITIAL_SUPPLY, _INITIAL_SUPPLY]
        self._layout_key = ADJACENCY_VALUES.index(options[ADJACENCY])  # tiles added as placed
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
            return place_actions(self._placeable)
        if phase == _PIECES:
            squares = self._squares[-1]
            return list(_PIECE_CHOICES[squares, self._supply[self._to_move]])
        if phase == _COMBAT:
            targets = successful_attacks(self._layout, self._standing, self._to_move)
            return [ATTACK_BASE + t for t in sorted(targets)] if targets else [PASS]
        if phase == _TURN_UP:
            return [t for t, count in enumerate(self._pile) if count]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase != _TURN_UP:
            return []
        size = self._pile_size
        return [(t, count / size) for t, count in enumerate(self._pile) if count]

    def sample_chance(self, rng: random.Random) -> int:
        """The base class's draw (one ``rng.random()`` against the cumulative probabilities), done
        in whole tiles: no list of outcomes and no float sums on every turn-up of a rollout."""
        pick = int(rng.random() * self._pile_size)  # < pile size, so the walk stops in the pile
        pile = self._pile
        tile = 0
        while pick >= pile[tile]:
            pick -= pile[tile]
            tile += 1
        return tile

    def _apply(self, action: int) -> None:
        _STEPS[self._phase](self, action)

    def apply_unchecked(self, action: int) -> None:
        """As the base class, without the extra call through _apply (the rollout's inner loop)."""
        _STEPS[self._phase](self, action)
        self.history.append(action)

    def clone(self) -> FlatFrontState:
        """Copies the lists a move can change and shares the rest. Once every tile is down only
        the history and a few ints change, so combat states share the placement lists."""
        other = object.__new__(FlatFrontState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.history = self.history[:]
        other._phase = self._phase
        other._to_move = self._to_move
        other._face_up = self._face_up
        other._pile_size = self._pile_size
        other._occupied = self._occupied
        other._in_span = self._in_span
        other._placeable = self._placeable
        other._layout_key = self._layout_key
        other._standing = self._standing
        other._layout = self._layout  # immutable, shared
        other._passed = self._passed
        other._first_attacker = self._first_attacker
        if self._layout is None:
            other._pile = self._pile[:]
            other._owner = self._owner[:]
            other._squares = self._squares[:]
            other._cell = self._cell[:]
            other._pieces = self._pieces[:]
            other._power = self._power[:]
            other._grid = self._grid[:]
            other._armed = self._armed[:]
            other._supply = self._supply[:]
        else:
            other._pile = self._pile
            other._owner = self._owner
            other._squares = self._squares
            other._cell = self._cell
            other._pieces = self._pieces
            other._power = self._power
            other._grid = self._grid
            other._armed = self._armed
            other._supply = self._supply
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
            self._occupied,
            self._armed,
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
        if self._placeable >> cell & 1:
            return None
        if not self._owner:
            return "the first tile goes in the centre"
        if not _EDGE_MASK[cell] & self._occupied:
            return "tile must share an edge with a placed tile"
        # The cell breaks the size limit (it is outside _in_span): say which way.
        columns = [CELL_XY[c][0] for c in (*self._cell, cell)]
        if max(columns) - min(columns) >= MAX_SPAN:
            return f"the field would exceed {MAX_SPAN} tiles in width"
        return f"the field would exceed {MAX_SPAN} tiles in height"

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

    # --- mutations: one per phase, dispatched through _STEPS ---------------------------------
    def _turn_up(self, action: int) -> None:
        self._pile[action] -= 1
        self._pile_size -= 1
        self._face_up = action
        self._to_move = action >> 2  # [manual] the face-up tile's owner takes the turn
        self._phase = _PLACE

    def _place(self, action: int) -> None:
        cell = action - PLACE_BASE
        squares = self._face_up & 3
        self._grid[cell] = len(self._owner)
        self._owner.append(self._to_move)
        self._squares.append(squares)
        self._cell.append(cell)
        self._pieces.append((0, 0, 0))
        self._power.append(0)
        occupied = self._occupied | 1 << cell
        in_span = self._in_span & _IN_SPAN[cell]
        self._occupied = occupied
        self._in_span = in_span
        self._layout_key = (
            self._layout_key << _KEY_TILE_BITS
            | cell << _KEY_CELL_SHIFT
            | self._to_move << _KEY_OWNER_SHIFT
        )
        # Cells leave _in_span for good, so the old legal cells only need the new limit applied.
        self._placeable = (self._placeable | _EDGE_MASK[cell]) & in_span & ~occupied
        self._face_up = -1
        if squares:
            self._phase = _PIECES
        else:
            self._end_placement_turn()

    def _set_pieces(self, action: int) -> None:
        code = action - PIECES_BASE
        n1, n2, n4 = pieces = PIECES_MIX[code]
        tile = len(self._owner) - 1
        side = self._to_move
        self._pieces[tile] = pieces
        self._power[tile] = PIECES_POWER[code]
        self._standing |= 1 << tile
        self._armed[side] |= 1 << self._cell[tile]
        self._layout_key |= PIECES_POWER[code]  # the power bits of the last tile in the key
        have1, have2, have4 = self._supply[side]
        self._supply[side] = (have1 - n1, have2 - n2, have4 - n4)
        self._end_placement_turn()

    def _end_placement_turn(self) -> None:
        if self._pile_size:
            self._phase = _TURN_UP
            self._to_move = CHANCE
            return
        # [manual] the opponent of the player who took the last placement turn opens combat
        self._layout = combat_layout(self._layout_key)
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


# The mutation for each phase (indexed by _TURN_UP, _PLACE, _PIECES, _COMBAT): a table instead of
# an if-chain because _apply runs for every action of every rollout.
_STEPS = (
    FlatFrontState._turn_up,
    FlatFrontState._place,
    FlatFrontState._set_pieces,
    FlatFrontState._combat_turn,
)


class PlacementView(NamedTuple):
    """The live placement-phase fields of a state, for fast read-only use by heuristics.

    Per tile (in placement order): owner, squares, power, cell index; ``grid`` maps a cell index
    to a tile id or -1; ``supply`` is each side's (n1, n2, n4) still in hand; ``face_up`` is the
    tile type waiting to be placed, or -1; ``occupied`` has a bit per cell holding a tile and
    ``armed[s]`` one per cell holding a tile of side s with pieces.
    """

    owner: list[int]
    squares: list[int]
    power: list[int]
    cell: list[int]
    grid: list[int]
    supply: list[tuple[int, int, int]]
    face_up: int
    occupied: int
    armed: list[int]
