"""Flat Front (フラットフロント): lay territory tiles from a shuffled pile, then fight it out.

Modules: ``rules`` (components, geometry, action ids, combat layout, the state), ``observation``
(what a board may draw, typed), ``words`` (the game in the player's language, for the board, the
log and the review).

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
Hot paths (legal_actions, _apply, clone) use ints, tuples and bitmasks only: the legal cells are
a mask kept up to date move by move, and the combat layout of a full field is built once per
distinct field (cached by a key the placements extend) with each side's possible targets in the
order a search wants them.
"""

from game.engines.flatfront.rules import (
    ADJACENCY,
    ADJACENCY_VALUES,
    ATTACK_BASE,
    BLUE,
    CELL_XY,
    LAYOUT_CACHE_SIZE,
    MAX_SPAN,
    NUM_ACTIONS,
    PASS,
    PHRASES,
    PIECES_BASE,
    PIECES_POWER,
    PLACE_BASE,
    POWERS,
    RED,
    REFUSALS,
    SUPPLY,
    TOUCHING_MASKS,
    CombatLayout,
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
    outcome,
    pieces_action,
    pieces_power,
    place_action,
    side_scores,
    still_open,
    tile_type,
    tiles_of,
)

__all__ = [
    "ADJACENCY",
    "ADJACENCY_VALUES",
    "ATTACK_BASE",
    "BLUE",
    "CELL_XY",
    "LAYOUT_CACHE_SIZE",
    "MAX_SPAN",
    "NUM_ACTIONS",
    "PASS",
    "PHRASES",
    "PIECES_BASE",
    "PIECES_POWER",
    "PLACE_BASE",
    "POWERS",
    "RED",
    "REFUSALS",
    "SUPPLY",
    "TOUCHING_MASKS",
    "CombatLayout",
    "FlatFrontGame",
    "FlatFrontState",
    "attack_action",
    "attack_strength",
    "decode_attack",
    "decode_pieces",
    "decode_place",
    "decode_tile_type",
    "is_attack",
    "is_pieces",
    "is_place",
    "open_targets",
    "outcome",
    "pieces_action",
    "pieces_power",
    "place_action",
    "side_scores",
    "still_open",
    "tile_type",
    "tiles_of",
]
