"""Flink (F + link): place F-pentominoes in 3D and link your two sides along your own surfaces.

The rules as players read them are in ``assets/rules/flink.en.md``; the rules file
(``shared/rules/flink.md``) is the decision. Decisions live in one place each:

- boards: ``board`` option (square or Aztec diamond), ``size`` (square N) and ``order``
  (diamond n), geometry and side ownership in ``geometry.py``;
- a turn is two decisions by the same player: how to turn the piece (one of 24 orientations,
  or PASS when nothing fits), then the cell under its centre cube; the height follows from the
  stacks, because a piece must rest on them with no overhang;
- a player who cannot place passes; when neither can, the game is drawn (that includes both
  players having placed all ``PIECES`` pieces);
- the win test (``connection.py``) runs for the mover only: a placement adds links of the
  mover's colour only, so it can never complete the opponent's connection.

Hot paths use flat arrays: heights by padded cell, colours by ``z * plane + padded cell``, and
a validity byte per (orientation, cell) that a placement refreshes only for the placements over
the columns it changed (``Board.affected``), with a count per orientation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from typing import Any, ClassVar

from game.engines.base import TERMINAL, Game, State
from game.engines.flink.connection import (
    ColumnLinks,
    connecting_path,
    offsets,
    walk_or_reach,
)
from game.engines.flink.geometry import (
    ANCHOR,
    BLACK,
    DIAMOND,
    NUM_ORIENTATIONS,
    PASS,
    SQUARE,
    WHITE,
    Board,
    board,
    orientations,
)
from game.engines.flink.observation import FlinkObservation
from game.engines.flink.paths import best_path
from game.engines.flink.playout import play_out, shapes

PIECES = 20  # [rules] per player
PLAYER_NAMES = ("White", "Black")

_ORIENT, _PLACE, _OVER = range(3)
PHASE_NAMES = ("orient", "place", "over")
DRAW = 2  # the winner field of a drawn game

KIND_WORDS = {
    "flat": "lying flat",
    "standing-x": "standing east-west",
    "standing-y": "standing north-south",
}
PHRASES = {
    "orient": "{player} turns the F {kind} (orientation {orientation})",
    "place": "{player} places an F centred on {cell}",
    "place_high": "{player} places an F centred on {cell}, resting at height {height}",
    "pass": "{player} cannot place a piece and passes",
    "unknown": "unknown action {action}",
}


def english_phrase(key: str, args: dict[str, int | str]) -> str:
    """A phrase of ``action_phrase`` in English."""
    words: dict[str, Any] = dict(args)
    if "player" in words:
        words["player"] = PLAYER_NAMES[int(words["player"])]
    if "kind" in words:
        words["kind"] = KIND_WORDS[str(words["kind"])]
    return PHRASES[key].format(**words)


class FlinkGame(Game):
    id = "flink"
    title = "Flink"
    title_ja = "フリンク"
    min_players = 2
    max_players = 2
    perfect_information = True
    options: ClassVar[dict[str, list]] = {
        "board": [SQUARE, DIAMOND],
        "size": [10, 8, 12],  # [decision] square N; the real board's N is not published
        "order": [7, 6, 8],  # [decision] diamond order n: 112, 84 or 144 cells
    }

    def option_applies(self, name: str, options: dict[str, Any]) -> bool:
        """The size shapes the square board only, the order the diamond one."""
        needs = {"size": SQUARE, "order": DIAMOND}.get(name)
        return needs is None or options["board"] == needs

    def new_state(self, num_players: int | None = None, **options: Any) -> FlinkState:
        n = self.resolve_players(num_players)
        return FlinkState(self, n, self.resolve_options(options))


class FlinkState(State):
    __slots__ = (
        "_board",
        "_count",
        "_grid",
        "_heights",
        "_last",
        "_layers",
        "_left",
        "_links",
        "_links_own",
        "_orient",
        "_paths",
        "_phase",
        "_player",
        "_valid",
        "_win_path",
        "_winner",
        "game",
        "history",
        "num_players",
        "options",
    )

    def __init__(self, game: FlinkGame, num_players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.history: list[int] = []
        kind = options["board"]
        b = board(kind, options["size"] if kind == SQUARE else options["order"])
        self._board = b
        self._layers = 4
        self._grid = bytearray(b.plane * self._layers)
        self._heights = [0] * b.plane
        total = b.cells_total
        self._valid = bytearray(b.initial_valid)
        self._count = [
            sum(self._valid[o * total : (o + 1) * total]) for o in range(NUM_ORIENTATIONS)
        ]
        self._left = [PIECES, PIECES]
        self._links = (ColumnLinks(b, WHITE), ColumnLinks(b, BLACK))
        self._links_own = True  # False: shared with a clone, copied before the next placement
        self._player = WHITE
        self._phase = _ORIENT
        self._orient = -1
        self._winner = -1
        self._last: tuple[tuple[int, int], ...] = ()  # (cell index, z) of the last piece's cubes
        self._win_path: tuple[tuple[int, int, int], ...] = ()
        self._paths: tuple[list[int], list[int]] | None = None

    # --- protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self._phase == _OVER else self._player

    def legal_actions(self) -> list[int]:
        phase = self._phase
        if phase == _ORIENT:
            if not self._can_place(self._player):
                return [PASS]
            return [o for o, n in enumerate(self._count) if n]
        if phase == _PLACE:
            total = self._board.cells_total
            start = self._orient * total
            return list(compress(range(ANCHOR, ANCHOR + total), self._valid[start : start + total]))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def _apply(self, action: int) -> None:
        self._paths = None
        if action < NUM_ORIENTATIONS:
            self._orient = action
            self._phase = _PLACE
        elif action == PASS:
            self._player = 1 - self._player
        else:
            self._place(self._orient * self._board.cells_total + action - ANCHOR)

    def clone(self) -> FlinkState:
        other = FlinkState.__new__(FlinkState)
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other.history = self.history[:]
        other._board = self._board
        other._layers = self._layers
        other._grid = self._grid[:]
        other._heights = self._heights[:]
        other._valid = self._valid[:]
        other._count = self._count[:]
        other._left = self._left[:]
        other._links = self._links
        other._links_own = self._links_own = False
        other._player = self._player
        other._phase = self._phase
        other._orient = self._orient
        other._winner = self._winner
        other._last = self._last
        other._win_path = self._win_path
        other._paths = self._paths
        return other

    def returns(self) -> list[float]:
        if self._winner in (WHITE, BLACK):
            return [1.0, -1.0] if self._winner == WHITE else [-1.0, 1.0]
        return [0.0, 0.0]

    def determinize(self, player: int, rng: random.Random) -> FlinkState:
        return self.clone()  # perfect information

    def random_playout(self, rng: random.Random, trace: list[int] | None = None) -> list[float]:
        """The returns at the end of uniformly random play from here (each decision a uniform
        choice among its legal actions), played on light structures (``playout.py``) that do
        not keep every placement's validity; this state is left as it was. ``trace`` receives
        the actions played. The search's random rollout (``ai.mcts``)."""
        if self._phase == _OVER:
            return self.returns()
        return play_out(
            self._board,
            self._heights[:],
            self._grid[:],
            self._left[:],
            (self._links[0].copy(), self._links[1].copy()),
            self._player,
            self._orient,
            rng,
            trace,
        )

    # --- placing ------------------------------------------------------------------------------
    def _can_place(self, player: int) -> bool:
        return self._left[player] > 0 and any(self._count)

    def _place(self, pid: int) -> None:
        b = self._board
        placement = b.placements[pid]
        assert placement is not None
        heights = self._heights
        plane = b.plane
        columns = placement.columns
        base = heights[columns[0]] - placement.bottoms[0]
        top = base + max(placement.tops) + 2  # keep an empty layer above every cube
        if top > self._layers:
            self._grid.extend(bytes(plane * (top - self._layers)))
            self._layers = top
        mover = self._player
        colour = mover + 1
        grid = self._grid
        if not self._links_own:
            self._links = (self._links[0].copy(), self._links[1].copy())
            self._links_own = True
        links = self._links[mover]
        for cell, t in zip(columns, placement.tops, strict=True):
            heights[cell] = base + t + 1
            links.add(cell)
        for cell, dz in placement.cubes:
            grid[(base + dz) * plane + cell] = colour
            if base + dz == 0:
                links.ground(cell)
        self._refresh(pid)
        self._left[mover] -= 1
        unpadded = b.unpadded
        self._last = tuple((unpadded[cell], base + dz) for cell, dz in placement.cubes)
        self._orient = -1
        if links.linked() and self._connected(mover, want_path=False):
            self._winner = mover
            self._phase = _OVER
            self._win_path = self._winning_cubes(mover)
            return
        self._next_turn()

    def _refresh(self, pid: int) -> None:
        """Re-decide every placement sharing a column with placement ``pid``, just played."""
        b = self._board
        checks = b.checks
        h = self._heights
        valid = self._valid
        count = self._count
        total = b.cells_total
        for other in b.rechecks_flat[pid]:
            c0, c1, c2, c3, c4 = checks[other]
            ok = h[c0] == h[c1] == h[c2] == h[c3] == h[c4]
            if ok != valid[other]:
                valid[other] = ok
                count[other // total] += 1 if ok else -1
        for other in b.rechecks_standing[pid]:
            c0, b0, c1, b1, c2, b2 = checks[other]
            base = h[c0] - b0
            ok = base >= 0 and base == h[c1] - b1 == h[c2] - b2
            if ok != valid[other]:
                valid[other] = ok
                count[other // total] += 1 if ok else -1

    def _next_turn(self) -> None:
        self._phase = _ORIENT
        other = 1 - self._player
        if self._can_place(other) or self._can_place(self._player):
            self._player = other  # who cannot place is offered only PASS
        else:
            self._winner = DRAW
            self._phase = _OVER

    def _connected(self, player: int, *, want_path: bool) -> list[int] | None:
        b = self._board
        sides = b.terminals[player]
        return connecting_path(
            self._grid,
            offsets(b.padded_width, b.plane),
            b.plane,
            player + 1,
            sides[0],
            sides[1],
            want_path=want_path,
        )

    def _winning_cubes(self, player: int) -> tuple[tuple[int, int, int], ...]:
        """The winning walk as cubes (x, y, z), each once, in walking order."""
        faces = self._connected(player, want_path=True)
        assert faces is not None
        b = self._board
        cubes: list[tuple[int, int, int]] = []
        for face in faces:
            z, cell = divmod(face >> 3, b.plane)
            i = b.unpadded[cell]
            cube = (i % b.width, i // b.width, z)
            if not cubes or cubes[-1] != cube:
                cubes.append(cube)
        return tuple(cubes)

    # --- words --------------------------------------------------------------------------------
    def illegal_reason(self, action: int) -> str | None:
        b = self._board
        if not isinstance(action, int) or not 0 <= action < ANCHOR + b.cells_total:
            return f"{action!r} is not a Flink action"
        phase = self._phase
        if phase == _OVER:
            return "the game is over"
        player = self._player
        if phase == _ORIENT:
            can = self._can_place(player)
            if action == PASS:
                return None if not can else "you can still place a piece, so you may not pass"
            if not can:
                if not self._left[player]:
                    return "you have no pieces left: pass"
                return "no piece fits anywhere on the board: pass"
            if action >= ANCHOR:
                return "choose how to turn the piece first"
            if not self._count[action]:
                return "the F turned this way fits nowhere on the board"
            return None
        if action < ANCHOR:
            return "place the piece you are holding first"
        return self.placement_reason(self._orient, action - ANCHOR)

    def placement_reason(self, orientation: int, cell: int) -> str | None:
        """Why the piece turned as ``orientation`` cannot go centred on ``cell`` (a cell index)
        on the current stacks, or None if it can; for the board's ghost piece at any time."""
        b = self._board
        if not 0 <= cell < b.cells_total or not b.on_board[cell]:
            return "that square is not on the board"
        pid = orientation * b.cells_total + cell
        placement = b.placements[pid]
        if placement is None:
            return f"centred on {b.cell_name(cell)} the piece would stick out of the board"
        if self._valid[pid]:
            return None
        heights = self._heights
        pairs = list(zip(placement.columns, placement.bottoms, strict=True))
        rests = max(heights[c] - bottom for c, bottom in pairs)
        for c, bottom in pairs:
            gap = rests + bottom - heights[c]
            if gap > 0:
                name = b.cell_name(b.unpadded[c])
                return f"the cube over {name} would float {gap} above the stack"
        raise AssertionError("a refused placement always has a floating cube")

    def placement_cubes(self, orientation: int, cell: int) -> list[tuple[int, int, int]]:
        """Cubes (x, y, z) of the piece turned as ``orientation`` centred on ``cell``, resting
        where it would come to rest (on the highest column under it): the ghost piece."""
        b = self._board
        placement = b.placements[orientation * b.cells_total + cell]
        if placement is None:
            return []
        heights = self._heights
        pairs = zip(placement.columns, placement.bottoms, strict=True)
        base = max(heights[c] - bottom for c, bottom in pairs)
        cubes = []
        for padded, dz in placement.cubes:
            i = b.unpadded[padded]
            cubes.append((i % b.width, i // b.width, base + dz))
        return cubes

    def action_to_string(self, action: int) -> str:
        key, args = self.action_phrase(action)
        return english_phrase(key, args)

    def action_phrase(self, action: int) -> tuple[str, dict[str, int | str]]:
        b = self._board
        if not isinstance(action, int) or not 0 <= action < ANCHOR + b.cells_total:
            return "unknown", {"action": repr(action)}
        player = self._player
        if action < NUM_ORIENTATIONS:
            kind = orientations()[action].kind
            return "orient", {"player": player, "kind": kind, "orientation": action + 1}
        if action == PASS:
            return "pass", {"player": player}
        cell = action - ANCHOR
        placement = b.placements[self._orient * b.cells_total + cell] if self._orient >= 0 else None
        if placement is None:
            return "unknown", {"action": action}
        height = self._heights[placement.columns[0]] - placement.bottoms[0]
        # The kind of the piece held, for wordings of the placement alone (a hint's last part).
        words: dict[str, int | str] = {
            "player": player,
            "cell": b.cell_name(cell),
            "kind": orientations()[self._orient].kind,
        }
        if height:
            return "place_high", {**words, "height": height}
        return "place", words

    # --- queries for boards and the AI ----------------------------------------------------------
    @property
    def board(self) -> Board:
        return self._board

    @property
    def heights(self) -> list[int]:
        """Stack height by padded cell (read only)."""
        return self._heights

    @property
    def colours(self) -> bytearray:
        """Cube colours (player + 1, 0 empty) by ``z * plane + padded cell`` (read only)."""
        return self._grid

    def fits(self, placement: int) -> bool:
        """Whether placement ``orientation * cells_total + cell`` is legal on these stacks."""
        return bool(self._valid[placement])

    def fits_somewhere(self, orientation: int) -> bool:
        return self._count[orientation] > 0

    @property
    def orientation(self) -> int:
        """The orientation chosen this turn, or -1 before it is chosen."""
        return self._orient

    def placement_height(self, orientation: int, cell: int) -> int:
        """Height of the lowest cube if ``orientation`` were put centred on ``cell`` (legal)."""
        p = self._board.placements[orientation * self._board.cells_total + cell]
        assert p is not None
        return self._heights[p.columns[0]] - p.bottoms[0]

    def winning_placements(
        self,
        player: int,
        orientations: Sequence[int] | None = None,
        *,
        first: bool = False,
        over: Sequence[int] = (),
    ) -> list[int]:
        """Exactly the placement ids (``orientation * cells_total + cell``, of ``orientations``
        or of all) with which ``player`` would connect at once on these stacks, were it their
        turn; with ``first``, at most one; with ``over`` (padded cells), only placements with
        a column among them. For the AI: a win in one, or a threat to block.

        ``over``: where ``player`` had no win in one before the opponent's last placement,
        any they have now rests on that placement's columns. A placement elsewhere fits and
        lands as before, and the opponent's cubes only took links away (every link is
        between faces of ``player``'s cubes, the step up included: no cube overhangs, so a
        cube of theirs above a cell means one below it already).

        Only placements touching both ends are tried: a new walk from the first side to the
        second must leave the faces the walk reaches now from the first side (or a terminal
        of the piece itself) and arrive in the columns linked to the second side, both by an
        edge-adjacent column, since the piece's columns are edge-connected."""
        if not self._left[player]:
            return []
        b = self._board
        links = self._links[player]
        pw = b.padded_width
        grounds = [0, 0]  # side cells still empty: a piece's cube there may be a terminal
        for cell in shapes(b).cells:
            side = links.sides[cell]
            if side and not self._heights[cell]:
                grounds[side - 1] |= 1 << cell
        ends = []
        for side in (0, 1):
            mine = 0
            if side == 0 and links.linked():
                start = b.terminals[player][0]
                off = offsets(pw, b.plane)
                mine = walk_or_reach(self._grid, off, b.plane, player + 1, start, ()) or 0
            else:
                for cell in links.side_columns(side):
                    mine |= 1 << cell
            ends.append(mine | mine << 1 | mine >> 1 | mine << pw | mine >> pw | grounds[side])
        found = []
        total = b.cells_total
        columns = shapes(b).columns
        cell_index = shapes(b).cell_index
        if over:
            ends.append(sum(1 << cell for cell in set(over)))
        for o in range(NUM_ORIENTATIONS) if orientations is None else orientations:
            touching = []
            for end in ends:
                reach = 0
                for offset, _, _ in columns[o]:
                    reach |= end >> offset if offset >= 0 else end << -offset
                touching.append(reach)
            both = shapes(b).board_bits
            for reach in touching:
                both &= reach
            while both:
                low = both & -both
                both ^= low
                pid = o * total + cell_index[low.bit_length() - 1]
                if self._valid[pid] and self._wins_with(pid, player):
                    found.append(pid)
                    if first:
                        return found
        return found

    def _wins_with(self, pid: int, player: int) -> bool:
        """Whether placement ``pid`` (legal) would connect ``player``."""
        return self._walk_with(pid, player, want_path=False) is not None

    def walk_columns(self, pid: int, player: int) -> set[int]:
        """The padded cells under the cubes of a walk with which ``player`` would connect by
        placement ``pid`` (legal; one of ``winning_placements``), or none. For the AI: only a
        placement in or beside these columns can cut that walk (a link between two faces
        depends only on the cells in and around their cube's column)."""
        faces = self._walk_with(pid, player, want_path=True) or []
        plane = self._board.plane
        return {(face >> 3) % plane for face in faces}

    def _walk_with(self, pid: int, player: int, *, want_path: bool) -> list[int] | None:
        """``connecting_path`` for ``player`` were they to place ``pid`` (legal): on copies
        of the colours and the column links only."""
        b = self._board
        placement = b.placements[pid]
        assert placement is not None
        plane = b.plane
        base = self._heights[placement.columns[0]] - placement.bottoms[0]
        grid = self._grid[:]
        top = base + max(placement.tops) + 2
        if top > self._layers:
            grid.extend(bytes(plane * (top - self._layers)))
        links = self._links[player].copy()
        for cell in placement.columns:
            links.add(cell)
        colour = player + 1
        for cell, dz in placement.cubes:
            grid[(base + dz) * plane + cell] = colour
            if base + dz == 0:
                links.ground(cell)
        if not links.linked():
            return None
        sides = b.terminals[player]
        off = offsets(b.padded_width, plane)
        return connecting_path(grid, off, plane, colour, sides[0], sides[1], want_path=want_path)

    def stack(self, cell: int) -> list[int]:
        """Colours (player numbers) of the cubes on ``cell``, bottom first."""
        b = self._board
        p = b.padded[cell]
        return [self._grid[z * b.plane + p] - 1 for z in range(self._heights[p])]

    def best_paths(self) -> tuple[list[int], list[int]]:
        """Each player's cheapest plan-view path (cell indices), for the "show path" toggle."""
        if self._paths is None:
            b = self._board
            self._paths = (
                best_path(b, self._heights, self._grid, WHITE),
                best_path(b, self._heights, self._grid, BLACK),
            )
        return self._paths

    def observation(self, player: int) -> FlinkObservation:
        """Everything is public. Cells are [x, y] with y = 0 the north row; ``cells`` lists
        the board's cells and ``stacks`` their colours (players) bottom first, in that order;
        ``edges`` per player are [x, y, direction, side] of their boundary edges (direction
        0 east, 1 west, 2 south, 3 north; side 0 or 1); ``orientation`` is the one held this
        turn (-1 before it is chosen); ``last_piece`` and ``winning_path`` are cubes
        [x, y, z] (the path in walking order); ``best_paths`` each player's cheapest plan
        path as cells, for the "show path" toggle; ``threat`` the cubes of a piece with which
        the player not to move would connect on their next turn, were the stacks left as
        they are (empty when there is none or the game is over)."""
        b = self._board
        width = b.width

        def xy(cell: int) -> list[int]:
            return [cell % width, cell // width]

        edges: list[list[list[int]]] = [[], []]
        for owner in (WHITE, BLACK):
            for side, terminals in enumerate(b.terminals[owner]):
                for p, d in terminals:
                    edges[owner].append([*xy(b.unpadded[p]), d, side])
        return {
            "board": b.kind,
            "size": b.size,
            "width": width,
            "height": b.height,
            "cells": [xy(i) for i in b.cells],
            "stacks": [self.stack(i) for i in b.cells],
            "edges": edges,
            "to_move": self.current_player(),
            "phase": PHASE_NAMES[self._phase],
            "orientation": self._orient,
            "pieces_left": list(self._left),
            "last_piece": [[*xy(cell), z] for cell, z in self._last],
            "winner": self._winner if self._winner in (WHITE, BLACK) else None,
            "draw": self._winner == DRAW,
            "winning_path": [list(c) for c in self._win_path],
            "best_paths": [[xy(i) for i in path] for path in self.best_paths()],
            "threat": [list(c) for c in self.threat()],
        }

    def threat(self) -> list[tuple[int, int, int]]:
        """The cubes of one placement with which the player not to move would connect at once
        were it their turn: what the mover must block (or outrun)."""
        if self.is_terminal():
            return []
        found = self.winning_placements(1 - self.current_player(), first=True)
        if not found:
            return []
        orientation, cell = divmod(found[0], self._board.cells_total)
        return self.placement_cubes(orientation, cell)
