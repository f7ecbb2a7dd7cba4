"""Flat Front's rules: components, the field's geometry, action ids, the combat layout and the
state (``FlatFrontState``); the package docstring says which decisions live where."""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple

from game.engines.base import CHANCE, TERMINAL, Game, Phrase, State
from game.engines.flatfront.observation import (
    FlatFrontObservation,
    PieceView,
    TileTypeView,
    TileView,
)

# --- components [manual] -----------------------------------------------------------------------
BLUE = 0
RED = 1
SIDE_NAMES = ("Blue", "Red")

# The move log in English (action_to_string); the boards word the same phrases in the player's
# language. "side" and "target" are sides.
PHRASES = {
    "turn_up": "{side} turns up a {squares}-square tile",
    "place": "{side} places at ({x}, {y})",
    "pieces": "{side} sets {pieces} on the tile",
    "pass": "{side} passes",
    "attack": "{side} attacks {target}'s tile at ({x}, {y}): {strength} vs {defence}",
    "attack_at": "{side} attacks {target}'s tile at ({x}, {y})",
    "unknown": "unknown action {action}",
}


# Why an action is refused, in English (``illegal_phrase`` keys; the UI words the same phrases
# as ``refusal.flatfront.<key>``). "side" is a side.
REFUSALS = {
    "no_such_action": "{action} is not a Flat Front action",
    "turn_up_first": "the next tile must be turned up first",
    "tile_gone": "no {side} {squares}-square tile is left in the pile",
    "no_turn_up": "no tile is being turned up now",
    "place_first": "place the face-up tile first",
    "pieces_first": "put pieces on the tile just placed first",
    "combat_only": "only an attack or a pass is possible in the combat phase",
    "cell_taken": "that cell already holds a tile",
    "first_in_centre": "the first tile goes in the centre",
    "share_an_edge": "tile must share an edge with a placed tile",
    "too_wide": "the field would exceed {limit} tiles in width",
    "too_tall": "the field would exceed {limit} tiles in height",
    "piece_count": "a {squares}-square tile takes exactly {squares} pieces, not {count}",
    "pieces_left": "not enough power-{power} pieces left ({left} left)",
    "must_attack": "{side} can still attack, so passing is not allowed",
    "own_tile": "you cannot attack your own tile",
    "no_pieces": "that tile carries no pieces to attack",
    "knocked_down": "the pieces on that tile are already knocked down",
    "not_touching": "none of your tiles with standing pieces touches that tile",
    "too_weak": "attack {strength} does not beat defence {defence} (it must be strictly greater)",
}


def _side_words(args: dict[str, Any]) -> dict[str, str]:
    return {
        k: SIDE_NAMES[v] if v in (BLUE, RED) else "Nobody"
        for k, v in args.items()
        if k in ("side", "target")
    }


def english_phrase(key: str, args: dict[str, int | str]) -> str:
    """A phrase of ``action_phrase`` in English."""
    return PHRASES[key].format(**{**args, **_side_words(args)})


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


def _neighbour_masks(offsets: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Per cell index, a bitmask of the cells at these offsets (within the index space)."""
    return tuple(
        sum(
            1 << _cell_index(x + dx, y + dy)
            for dx, dy in offsets
            if 0 <= x + dx - _X0 < _SIDE and 0 <= y + dy - _Y0 < _SIDE
        )
        for x, y in CELL_XY
    )


_EDGE_OFFSETS = ((0, -1), (-1, 0), (1, 0), (0, 1))
_CORNER_OFFSETS = ((-1, -1), (1, -1), (-1, 1), (1, 1))
# The cells each cell touches, per adjacency option, as bitmasks: neighbourhoods are then
# popcounts and mask intersections.
TOUCHING_MASKS: dict[str, tuple[int, ...]] = {
    "edge": _neighbour_masks(_EDGE_OFFSETS),
    "edge+corner": _neighbour_masks(_EDGE_OFFSETS + _CORNER_OFFSETS),
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


PIECE_CHOICES = {
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
_DEFENCE = itemgetter(2)


class CombatLayout(NamedTuple):
    """The fixed part of a combat position, built once when the last tile is down.

    Sets of tiles are bitmasks over tile ids. ``touching[t]`` holds the opposing tiles with pieces
    that touch tile t (its attackers) and ``side_mask[s]`` the tiles of side s with pieces.
    ``order[s]`` lists (tile, bit, defence) for the tiles side s could knock down with all its
    pieces standing (the others can never fall), strongest defence first, then by id: the order a
    search should try them in, since knocking out a big piece most often decides. For those tiles
    ``attackers[t]`` holds (bit, power) per attacker; it is empty for the rest. ``key`` is equal
    exactly for equal layouts and cheap to hash, so the solver keys its memos by it.
    """

    owner: tuple[int, ...]
    power: tuple[int, ...]
    touching: tuple[int, ...]
    attackers: tuple[tuple[tuple[int, int], ...], ...]
    side_mask: tuple[int, int]
    order: tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]
    key: int


def tiles_of(mask: int) -> list[int]:
    """The tile ids in a mask, ascending."""
    tiles = []
    while mask:
        low = mask & -mask
        mask ^= low
        tiles.append(low.bit_length() - 1)
    return tiles


def attack_strength(layout: CombatLayout, standing: int, target: int) -> int:
    """Standing power of the attacker's tiles touching ``target`` (all of them join in)."""
    return sum(layout.power[tile] for tile in tiles_of(standing & layout.touching[target]))


def falls(layout: CombatLayout, tile: int, standing: int) -> bool:
    """The rule of every attack: attack_strength must be strictly greater than the defence. For
    the tiles in ``layout.order``; the sum is inlined, as the solver asks at almost every node."""
    strength = 0
    for bit, power in layout.attackers[tile]:
        if standing & bit:
            strength += power
    return strength > layout.power[tile]


def open_targets(layout: CombatLayout, standing: int, side: int) -> int:
    """The opposing tiles ``side`` can knock down now (a mask). When every attacker of a tile
    still stands, its full strength is known to win and the sum is skipped."""
    targets = 0
    touching = layout.touching
    for tile, bit, _ in layout.order[side]:
        if standing & bit:
            attackers = touching[tile]
            if standing & attackers == attackers or falls(layout, tile, standing):
                targets |= bit
    return targets


def still_open(layout: CombatLayout, targets: int, standing: int, fallen: int) -> int:
    """Which of ``targets`` (one side's open targets, a mask) stay open once the tile ``fallen``
    of that side is down (``standing`` no longer has it). Only the targets it touched are checked
    again, so a search updates the targets after an attack instead of recomputing them."""
    touched = targets & layout.touching[fallen]
    while touched:
        low = touched & -touched
        touched ^= low
        if not falls(layout, low.bit_length() - 1, standing):
            targets ^= low
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


# A field's layout key: the adjacency option's index, then 16 bits per tile in placement order,
# cell index << 8 | owner << 4 | power (at most 4 + 2 + 2). Equal keys mean equal fields; states
# extend the key as tiles go down, and the layout cache is keyed by it.
_KEY_TILE_BITS = 16
_KEY_CELL_SHIFT = 8
_KEY_OWNER_SHIFT = 4
# Layouts kept (least recently used dropped). A search reaches the few final fields near its
# root again and again; rollouts' one-off fields would only churn memory (a large cache measured
# slower), so the cache stays small.
LAYOUT_CACHE_SIZE = 64
_layouts: dict[int, CombatLayout] = {}  # by key, least recently used first


def build_layout(
    owner: list[int],
    power: list[int],
    cells: list[int],
    grid: list[int],
    armed: list[int],
    adjacency: str,
    key: int,
) -> CombatLayout:
    """The combat layout of a full field: per tile its owner, power and cell; ``grid`` maps a
    cell to its tile (or -1) and ``armed[s]`` has the cells of side s's tiles with pieces."""
    touching_masks = TOUCHING_MASKS[adjacency]
    touching_tiles = []
    attackers = []
    side_mask = [0, 0]
    order: tuple[list, list] = ([], [])  # by attacking side
    for tile, cell in enumerate(cells):
        side = owner[tile]
        defence = power[tile]
        if defence:
            side_mask[side] |= 1 << tile
        enemies = touching_masks[cell] & armed[1 - side]
        touching = strength = 0
        near = []
        while enemies:
            low = enemies & -enemies
            enemies ^= low
            other = grid[low.bit_length() - 1]
            bit = 1 << other
            touching |= bit
            strength += power[other]
            near.append((bit, power[other]))
        touching_tiles.append(touching)
        if defence and strength > defence:
            attackers.append(tuple(near))
            order[1 - side].append((tile, 1 << tile, defence))
        else:
            attackers.append(())
    for side_order in order:  # strongest first; the sort is stable, so ties stay by id
        side_order.sort(key=_DEFENCE, reverse=True)
    return CombatLayout(
        tuple(owner),
        tuple(power),
        tuple(touching_tiles),
        tuple(attackers),
        (side_mask[0], side_mask[1]),
        (tuple(order[0]), tuple(order[1])),
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
            return list(PIECE_CHOICES[squares, self._supply[self._to_move]])
        if phase == _COMBAT:
            layout = self._layout
            assert layout is not None  # every tile is down in combat
            targets = open_targets(layout, self._standing, self._to_move)
            return [ATTACK_BASE + tile for tile in tiles_of(targets)] if targets else [PASS]
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
        placement_lists: list[Any] = [
            self._pile,
            self._owner,
            self._squares,
            self._cell,
            self._pieces,
            self._power,
            self._grid,
            self._armed,
            self._supply,
        ]
        if self._layout is None:  # still placing: the next moves change these
            placement_lists = [values[:] for values in placement_lists]
        (
            other._pile,
            other._owner,
            other._squares,
            other._cell,
            other._pieces,
            other._power,
            other._grid,
            other._armed,
            other._supply,
        ) = placement_lists
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
        """Read-only views of the field for the placement heuristics (no copies). Built as a
        plain tuple, without the constructor's argument handling: a policy asks for a view at
        every decision of a rollout."""
        return _new_tuple(
            PlacementView,
            (
                self._owner,
                self._squares,
                self._power,
                self._cell,
                self._grid,
                self._supply,
                self._face_up,
                self._occupied,
                self._armed,
            ),
        )

    # --- legality with reasons ---------------------------------------------------------------
    def illegal_phrase(self, action: int) -> Phrase | None:
        if not 0 <= action < NUM_ACTIONS:
            return "no_such_action", {"action": action}
        phase = self._phase
        if phase == _OVER:
            return "over", {}
        if phase == _TURN_UP:
            if action >= NUM_TILE_TYPES:
                return "turn_up_first", {}
            owner, squares = decode_tile_type(action)
            if not self._pile[action]:
                return "tile_gone", {"side": owner, "squares": squares}
            return None
        if action < NUM_TILE_TYPES:
            return "no_turn_up", {}
        if phase == _PLACE:
            if not is_place(action):
                return "place_first", {}
            return self._place_reason(action - PLACE_BASE)
        if phase == _PIECES:
            if not is_pieces(action):
                return "pieces_first", {}
            return self._pieces_reason(decode_pieces(action))
        if not (is_attack(action) or action == PASS):
            return "combat_only", {}
        return self._combat_reason(action)

    def refusal_english(self, phrase: Phrase) -> str:
        key, args = phrase
        if key not in REFUSALS:
            return super().refusal_english(phrase)
        return REFUSALS[key].format(**{**args, **_side_words(args)})

    def _place_reason(self, cell: int) -> Phrase | None:
        if self._grid[cell] >= 0:
            return "cell_taken", {}
        if self._placeable >> cell & 1:
            return None
        if not self._owner:
            return "first_in_centre", {}
        if not _EDGE_MASK[cell] & self._occupied:
            return "share_an_edge", {}
        # The cell breaks the size limit (it is outside _in_span): say which way.
        columns = [CELL_XY[c][0] for c in (*self._cell, cell)]
        if max(columns) - min(columns) >= MAX_SPAN:
            return "too_wide", {"limit": MAX_SPAN}
        return "too_tall", {"limit": MAX_SPAN}

    def _pieces_reason(self, pieces: tuple[int, int, int]) -> Phrase | None:
        squares = self._squares[-1]
        count = sum(pieces)
        if count != squares:
            return "piece_count", {"squares": squares, "count": count}
        for power, wanted, have in zip(POWERS, pieces, self._supply[self._to_move], strict=True):
            if wanted > have:
                return "pieces_left", {"power": power, "left": have}
        return None

    def _combat_reason(self, action: int) -> Phrase | None:
        side = self._to_move
        layout = self._layout
        assert layout is not None  # every tile is down in combat
        if action == PASS:
            if open_targets(layout, self._standing, side):
                return "must_attack", {"side": side}
            return None
        target = decode_attack(action)
        if self._owner[target] == side:
            return "own_tile", {}
        if not self._power[target]:
            return "no_pieces", {}
        if not self._standing >> target & 1:
            return "knocked_down", {}
        strength = attack_strength(layout, self._standing, target)
        defence = self._power[target]
        if strength == 0:
            return "not_touching", {}
        if strength <= defence:
            return "too_weak", {"strength": strength, "defence": defence}
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
        self._layout = self._cached_layout()
        self._first_attacker = 1 - self._to_move
        self._to_move = self._first_attacker
        self._phase = _COMBAT

    def _cached_layout(self) -> CombatLayout:
        """This field's layout, built only if it is not among the recently used ones."""
        key = self._layout_key
        layout = _layouts.pop(key, None)
        if layout is None:
            layout = build_layout(
                self._owner,
                self._power,
                self._cell,
                self._grid,
                self._armed,
                self.options[ADJACENCY],
                key,
            )
            if len(_layouts) >= LAYOUT_CACHE_SIZE:
                _layouts.pop(next(iter(_layouts)), None)
        _layouts[key] = layout  # (re)inserted as the most recently used
        return layout

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
        key, args = self.action_phrase(action)
        return english_phrase(key, args)

    def action_phrase(self, action: int) -> tuple[str, dict[str, int | str]]:
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            return "unknown", {"action": repr(action)}
        if action < NUM_TILE_TYPES:
            owner, squares = decode_tile_type(action)
            return "turn_up", {"side": owner, "squares": squares}
        side = self._to_move
        if is_place(action):
            x, y = decode_place(action)
            return "place", {"side": side, "x": x, "y": y}
        if is_pieces(action):
            powers = [
                str(p) for p, n in zip(POWERS, decode_pieces(action), strict=True) for _ in range(n)
            ]
            return "pieces", {"side": side, "pieces": "+".join(reversed(powers))}
        if action == PASS:
            return "pass", {"side": side}
        target = decode_attack(action)
        if target >= len(self._owner):
            return "unknown", {"action": action}
        x, y = CELL_XY[self._cell[target]]
        args: dict[str, int | str] = {"side": side, "target": self._owner[target], "x": x, "y": y}
        if self._layout is None:
            return "attack_at", args
        args["strength"] = attack_strength(self._layout, self._standing, target)
        args["defence"] = self._power[target]
        return "attack", args

    def observation(self, player: int) -> FlatFrontObservation:
        standing = self._standing
        tiles: list[TileView] = []
        for tile, owner in enumerate(self._owner):
            up = bool(standing >> tile & 1)
            n1, n2, n4 = self._pieces[tile]
            pieces: list[PieceView] = [
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
        face_up: TileTypeView | None = None
        if self._face_up >= 0:
            owner, squares = decode_tile_type(self._face_up)
            face_up = {"owner": owner, "squares": squares}
        attacks: dict[str, int] = {}
        layout = self._layout
        if self._phase == _COMBAT and layout is not None:
            mask = standing & layout.side_mask[1 - self._to_move]
            for tile in range(len(self._owner)):
                if mask >> tile & 1:
                    attacks[str(tile)] = attack_strength(layout, standing, tile)
        scores = self.scores()
        winner: int | str | None = None
        if self._phase == _OVER:
            winners: dict[int, int | str] = {1: BLUE, -1: RED, 0: "draw"}
            winner = winners[outcome(scores)]
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


_new_tuple = tuple.__new__  # builds a named tuple from a plain one, as NamedTuple._make does


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
