"""Flink's heuristic: how far each player is from connecting, and which placements change that.

The distance is the plan-view shortest path of ``game.engines.flink.paths`` (own top 0, empty
cell 1, opponent's top 2, plus a step of two levels or more), computed from both of a player's
sides, so every cell knows the cheapest crossing through it (``through``). A placement makes
its columns the mover's: it helps the mover where those cells lie on or near the mover's
cheapest crossings, and blocks the opponent where they lie on the opponent's (more so the closer
the opponent is). Summed over the piece's columns, that quick score orders placements for the
search's prior; the best few are then judged exactly one ply deep (place, recompute both
distances). The plan view cannot see a 3D walk coming (games are won from a plan distance of
seven or more), so wins in one are found exactly (``FlinkState.winning_placements``): the
policy takes one, the prior puts everything on it, a placement that leaves the opponent one
counts as lost (and placements over the opponent's threats are judged as blocks), and the
search's leaf evaluation (``evaluate``) calls a position won for a player to move who has one.
The policy plays the best so judged; the estimate is the distance difference with half a move
for the player to move.

Threats are worth more than the plan view says. A placement that leaves the mover a win in one
(and the opponent none) is judged ``THREAT_VALUE`` better, and the estimate gives the player
who has just moved ``THREAT`` more when they could win at once: the player to move must spend
the turn blocking. Without them the search, whose model of the opponent blocks every threat,
saw no use in making one; against the shortest-path greedy, which cannot see a 3D threat
coming, Hard drew or lost games it now wins by a threat or two at once (tune seeds 3-6: the
first games went from 1 draw and 1 loss in 2 to 5 wins in 5; ``bench/flink_results.md``).

Under a threat, covering the threatening columns is not the only defence: a placement elsewhere
may cut the walk the threats need (tune seed 5, Hard as Black, had two such saving placements
and lost at once without them), and the prior has no preference between the ways to turn the
piece (the quick score put the two on orientations of prior 0.0003 and 0.01, which the search
never tried). Only a placement with a cube in every threat's zone (its columns, and those in
or beside its walk's) can save the game, exactly; those are judged best quick scores first
until SAVES save it, SAVE_CAP at most. Judging them all made Hard's crowded turns under a
threat take up to 14.6 s of process time (p95 4.4-5.5 s): in a crowded position each placement
that saves costs a search for any win of the opponent's, tens of milliseconds.

A turn has about a thousand placements; by default the search branches on the orientation
only and the cell is this heuristic's automatic move (``search_cells=False``).
``FlinkHeuristic(search_cells=True)`` hands the cell decision to the search, ordered by PUCT on
``prior``: at Normal's iteration cap it scored 35 % against the shortest-path greedy where the
automatic cell scored 45 % (10 games each, tune seeds 0-4: a small sample, but no sign that
searching the cell pays), so the automatic cell stays. On the same seeds a flatter prior
(``PRIOR_SHARPNESS`` 0.5, was 1.5) with exploration 1.0 (was 0.4) scored 78 %: the sharp prior
kept the search on one or two ways to turn the piece, and the agent's early stop then ended
the search at a quarter of its budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import ClassVar

from ai.budgets import Budget
from ai.heuristics.base import Heuristic
from game.engines.base import State
from game.engines.flink import ANCHOR, PASS, FlinkState
from game.engines.flink.geometry import NUM_ORIENTATIONS
from game.engines.flink.paths import (
    COVERED_COST,
    UNREACHABLE,
    cell_costs,
    cell_levels,
    crossing,
    distances,
)

DISTANCE_CAP = 40  # an unreachable side counts as this far
ESTIMATE_SCALE = 3.0  # distance difference that makes the estimate tanh(1) ~ 0.76
TEMPO = 0.5  # the player to move is about half a placement ahead
BLOCK_WEIGHT = 0.9  # blocking counts a little less than building (building also blocks)
CONTACT = 0.05  # a small pull towards cells near either path, so ties are broken sensibly
PRIOR_SHARPNESS = 0.5  # prior weight = exp(sharpness * score); 1.5 kept the search on 1-2 turns
SHORTLIST = 4  # placements judged exactly, best quick scores first
SAVES = 2  # under a threat no cover stops: saving placements sought elsewhere before choosing
SAVE_CAP = 24  # placements judged under a threat beyond the shortlist, at most
WIN_VALUE = 100.0
THREAT = 3.0  # estimate: the player who just moved can win in one, so the mover must block
THREAT_VALUE = 3.0  # exact judgement: a placement that leaves the mover a win in one
CACHE_SIZE = 20_000  # positions whose best placement is kept


class Analysis:
    """Distances of one position, for both players."""

    __slots__ = ("distance", "through", "weights")

    def __init__(self, state: FlinkState) -> None:
        b = state.board
        heights, grid = state.heights, state.colours
        self.distance: list[int] = []
        levels = cell_levels(b, heights)
        through_by_player = []
        costs_by_player = []
        for player in (0, 1):
            costs = cell_costs(b, heights, grid, player)
            a = distances(b, costs, levels, grid, player, 0)
            z = distances(b, costs, levels, grid, player, 1)
            through = [
                a[i] + z[i] - costs[i] if a[i] < UNREACHABLE and z[i] < UNREACHABLE else UNREACHABLE
                for i in range(b.cells_total)
            ]
            self.distance.append(min(min(through), DISTANCE_CAP))
            through_by_player.append(through)
            costs_by_player.append(costs)
        self.through = through_by_player
        # weights[player][cell]: what making this cell's top ``player``'s is worth to them.
        self.weights: list[list[float]] = []
        for player in (0, 1):
            me, them = player, 1 - player
            mine, theirs = through_by_player[me], through_by_player[them]
            my_cost, their_cost = costs_by_player[me], costs_by_player[them]
            my_d, their_d = self.distance[me], self.distance[them]
            # Blocking matters more the closer the opponent is, compared with the mover.
            urgency = min(max(1.0 + (my_d - their_d) / 4.0, 0.25), 2.0)
            row = [0.0] * b.cells_total
            for i in b.cells:
                gain = my_cost[i] - (mine[i] - my_d)
                block = (COVERED_COST - their_cost[i]) - (theirs[i] - their_d)
                value = max(gain, 0) + BLOCK_WEIGHT * urgency * max(block, 0)
                if mine[i] - my_d <= 2 or theirs[i] - their_d <= 2:
                    value += CONTACT
                row[i] = value
            self.weights.append(row)


def _after(state: FlinkState, placement: int) -> tuple[FlinkState, int]:
    """The position after ``placement`` (``orientation * cells_total + cell``), and its mover."""
    total = state.board.cells_total
    after = state.clone()
    if after.orientation < 0:
        after.apply_unchecked(placement // total)
    mover = after.current_player()
    after.apply_unchecked(ANCHOR + placement % total)
    return after, mover


def _lead(after: FlinkState, mover: int) -> float:
    """The opponent's distance minus ``mover``'s in ``after``, or WIN_VALUE if ``mover`` has
    won."""
    if after.is_terminal():
        return WIN_VALUE if after.returns()[mover] > 0 else 0.0
    b, heights, grid = after.board, after.heights, after.colours
    mine = min(crossing(b, heights, grid, mover), DISTANCE_CAP)
    theirs = min(crossing(b, heights, grid, 1 - mover), DISTANCE_CAP)
    return float(theirs - mine)


def placement_value(state: FlinkState, placement: int) -> float:
    """Exactly one ply deep: the opponent's distance minus the mover's after ``placement``
    (``orientation * cells_total + cell``), or WIN_VALUE if it wins on the spot."""
    return _lead(*_after(state, placement))


def _first_win(state: FlinkState, player: int, held: int, over: Sequence[int] = ()) -> int:
    """The first placement (of orientation ``held``, or of any if -1; with a column in
    ``over``, if given) with which ``player`` would connect at once, or -1."""
    orientations = None if held < 0 else [held]
    wins = state.winning_placements(player, orientations, first=True, over=over)
    return wins[0] if wins else -1


def _safe_value(
    state: FlinkState,
    placement: int,
    first_win: Callable[[FlinkState, int, int, Sequence[int]], int] = _first_win,
    quiet: bool = False,
    threat: bool = True,
) -> float:
    """``placement_value``, but -WIN_VALUE if the opponent can then win at once (asked of
    ``first_win``, which may remember answers), and THREAT_VALUE more if the mover then
    could (unless not ``threat``). ``quiet``: the opponent cannot win at once in ``state``,
    so only their placements resting on this one need trying (``FlinkState.
    winning_placements``, ``over``)."""
    after, mover = _after(state, placement)
    if after.is_terminal():
        return _lead(after, mover)
    p = state.board.placements[placement]
    assert p is not None
    if first_win(after, 1 - mover, -1, p.columns if quiet else ()) >= 0:
        return -WIN_VALUE  # asked first: a lost placement needs no distances
    value = _lead(after, mover)
    if threat and THREAT_VALUE and first_win(after, mover, -1, ()) >= 0:
        return value + THREAT_VALUE
    return value


def _threat_zones(state: FlinkState) -> list[set[int]]:
    """Per threat of the opponent's (a placement with which they would connect at once), the
    padded cells a placement must put a cube in to stop it: the threat's own columns (covered,
    it no longer lands as it would), and those in or beside (edge or corner) the columns of
    its walk (``FlinkState.walk_columns``: a link between two faces depends only on the cells
    in and around their cube's column). A placement that misses one of these zones leaves
    that threat and its walk as they were: it loses at once and needs no judging."""
    b = state.board
    pw = b.padded_width
    around = (0, 1, -1, pw, -pw, pw + 1, pw - 1, 1 - pw, -1 - pw)
    opponent = 1 - state.current_player()
    zones = []
    for pid in state.winning_placements(opponent):
        p = b.placements[pid]
        assert p is not None
        walk = state.walk_columns(pid, opponent)
        zones.append({cell + step for cell in walk for step in around} | set(p.columns))
    return zones


class FlinkHeuristic(Heuristic[FlinkState]):
    """See the module docstring. ``search_cells``: whether the search branches on the cell as
    well as on the orientation; without priors in the search (plain UCT tries every child
    once, and a turn has about a thousand placements) it does not, and the cell is this
    heuristic's automatic move (``auto_action``)."""

    # A turn has about a thousand placements, so the search branches on the orientation (24)
    # and takes the heuristic's best cell for it (its automatic move), and a rollout to the end
    # (~10 ms) is replaced by the shortest-path estimate at the leaf (~1.5 ms). An iteration
    # costs about 4 ms, so the caps are met within the clock on a laptop.
    budgets: ClassVar[dict[str, Budget]] = {
        "normal": Budget(
            search=True, seconds=1.0, iterations=120, rollout_depth=0, exploration=1.0
        ),
        "hard": Budget(search=True, seconds=3.0, iterations=400, rollout_depth=0, exploration=1.0),
        "hint": Budget(search=True, seconds=0.5, iterations=100, rollout_depth=0, exploration=1.0),
    }

    def __init__(self, *, search_cells: bool = False) -> None:
        self.search_cells = search_cells
        self._key: tuple | None = None
        self._analysis: Analysis | None = None
        self._best: dict[tuple, int] = {}
        self._wins: dict[tuple, int] = {}
        self._zones_key: tuple | None = None
        self._zones: list[set[int]] = []
        self._estimate_key: tuple | None = None
        self._distances = (0, 0)
        self._threat = False

    def first_win(self, state: FlinkState, player: int, held: int, over: Sequence[int] = ()) -> int:
        """``_first_win``, remembered per position: the leaf evaluation, the estimate, the
        prior and the exact judgement of placements ask the same positions again, and in a
        crowded position each answer costs tens of milliseconds. ``over`` narrows only the
        search, never the answer (``_safe_value``), so it is not part of the key."""
        key = (id(state.board), bytes(state.colours), player, held)
        found = self._wins.get(key)
        if found is None:
            if len(self._wins) > CACHE_SIZE:
                self._wins.clear()
            found = self._wins[key] = _first_win(state, player, held, over)
        return found

    def threat_zones(self, state: FlinkState) -> list[set[int]]:
        """``_threat_zones``, remembered for the last position: the search asks for the cell
        of each orientation in turn."""
        key = (id(state.board), bytes(state.colours), state.current_player())
        if key != self._zones_key:
            self._zones_key, self._zones = key, _threat_zones(state)
        return self._zones

    def analyse(self, state: FlinkState) -> Analysis:
        """The position's analysis; the last one is kept (a turn asks twice)."""
        key = (id(state.board), bytes(state.colours))
        if key != self._key or self._analysis is None:
            self._key, self._analysis = key, Analysis(state)
        return self._analysis

    # --- placements -------------------------------------------------------------------------
    def placement_scores(self, state: FlinkState, orientation: int) -> dict[int, float]:
        """Quick score of every legal cell (as an action) for ``orientation``."""
        b = state.board
        total = b.cells_total
        weights = self.analyse(state).weights[state.current_player()]
        unpadded = b.unpadded
        start = orientation * total
        fits = state.fits
        placements = b.placements
        scores = {}
        for cell in b.cells:
            if fits(start + cell):
                p = placements[start + cell]
                assert p is not None
                scores[ANCHOR + cell] = sum(weights[unpadded[c]] for c in p.columns)
        return scores

    def orientation_scores(self, state: FlinkState) -> dict[int, float]:
        """Per legal orientation, the quick score of its best cell."""
        return {
            o: max(self.placement_scores(state, o).values())
            for o in range(NUM_ORIENTATIONS)
            if state.fits_somewhere(o)
        }

    def best_placement(self, state: FlinkState, orientation: int | None) -> int:
        """The best placement id (of ``orientation``, or of any): a win at once if there is
        one (exact, ``FlinkState.winning_placements``), else the SHORTLIST best by quick score
        judged exactly one ply deep, a placement after which the opponent can win at once
        counting as lost; when the opponent threatens such a win now and fewer than SAVES of
        those save the game, the placements that may stop every threat are judged too (see
        the module docstring). Kept per position, since the search asks again."""
        key = (id(state.board), bytes(state.colours), state.current_player(), orientation)
        best = self._best.get(key)
        if best is not None:
            return best
        total = state.board.cells_total
        orients = [o for o in range(NUM_ORIENTATIONS) if orientation in (None, o)]
        orients = [o for o in orients if state.fits_somewhere(o)]
        mover = state.current_player()
        win = self.first_win(state, mover, -1 if orientation is None else orientation)
        if win >= 0:
            best = win
        else:
            quick = [
                (score, o * total + a - ANCHOR)
                for o in orients
                for a, score in self.placement_scores(state, o).items()
            ]
            quick.sort(reverse=True)
            candidates = [pid for _, pid in quick[:SHORTLIST]]
            quiet = self.first_win(state, 1 - mover, -1) < 0
            values = {
                pid: _safe_value(state, pid, self.first_win, quiet, threat=False)
                for pid in candidates
            }
            # The threat's bonus, asked only where it could make a placement the best: best
            # values first, and not where even the bonus stays below the best so far.
            top = -math.inf
            for pid in sorted(candidates, key=values.__getitem__, reverse=True):
                value = values[pid]
                if -WIN_VALUE < value < WIN_VALUE and value + THREAT_VALUE >= top:
                    after, _ = _after(state, pid)
                    if THREAT_VALUE and self.first_win(after, mover, -1) >= 0:
                        values[pid] = value + THREAT_VALUE
                top = max(top, values[pid])
            saves = sum(value > -WIN_VALUE for value in values.values())
            zones = self.threat_zones(state) if saves < SAVES else []
            if zones:
                # Under a threat only a placement with a cube in every threat's zone can save
                # the game: a cover of a threatening placement's columns, or a cut of the walk
                # it needs elsewhere. They are judged, best quick scores first, until SAVES
                # placements are found to save it, SAVE_CAP at most: in a crowded position
                # each that saves it costs a search for any win of the opponent's (tens of ms).
                placements = state.board.placements
                judged = 0
                for _, pid in quick[SHORTLIST:]:
                    p = placements[pid]
                    assert p is not None
                    if any(zone.isdisjoint(p.columns) for zone in zones):
                        continue
                    values[pid] = _safe_value(state, pid, self.first_win)
                    saves += values[pid] > -WIN_VALUE
                    judged += 1
                    if saves >= SAVES or judged >= SAVE_CAP:
                        break
            best = max(values, key=values.__getitem__)
        if len(self._best) > CACHE_SIZE:
            self._best.clear()
        self._best[key] = best
        return best

    def _scores(self, state: FlinkState, actions: list[int]) -> list[float]:
        if state.orientation < 0:
            by_orientation = self.orientation_scores(state)
            return [by_orientation.get(a, 0.0) for a in actions]
        by_cell = self.placement_scores(state, state.orientation)
        return [by_cell.get(a, 0.0) for a in actions]

    # --- Heuristic ----------------------------------------------------------------------------
    def policy(self, state: State, rng: random.Random) -> int:
        """The best placement of the shortlist: its orientation, then its cell."""
        assert isinstance(state, FlinkState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        orientation = state.orientation
        best = self.best_placement(state, None if orientation < 0 else orientation)
        total = state.board.cells_total
        return best // total if orientation < 0 else ANCHOR + best % total

    def auto_action(self, state: State) -> int | None:
        assert isinstance(state, FlinkState)
        if self.search_cells or state.orientation < 0 or state.is_terminal():
            return None
        best = self.best_placement(state, state.orientation)
        return ANCHOR + best % state.board.cells_total

    def prior(self, state: State, actions: list[int]) -> list[float] | None:
        assert isinstance(state, FlinkState)
        if actions == [PASS]:
            return None
        held = state.orientation
        first = self.first_win(state, state.current_player(), held)
        if first >= 0:  # all on the win: the estimate at a leaf cannot see it coming
            total = state.board.cells_total
            win = first // total if held < 0 else ANCHOR + first % total
            return [1.0 if a == win else 0.0 for a in actions]
        if self.first_win(state, 1 - state.current_player(), -1) >= 0:
            # Under a threat the quick score does not know which turns of the piece still
            # save the game (a cut of the walk may lie far from the paths): no preference.
            return [1.0] * len(actions)
        scores = self._scores(state, actions)
        top = max(scores)
        return [math.exp(PRIOR_SHARPNESS * (s - top)) for s in scores]

    def evaluate(self, state: State) -> list[float] | None:
        """Exact where the player to move can connect at once (with the piece held, if any):
        they win. Checked at the search's leaves, so a move that leaves the opponent a win in
        one is seen as lost, whatever the plan-view estimate says."""
        assert isinstance(state, FlinkState)
        if state.is_terminal():
            return state.returns()
        mover = state.current_player()
        held = state.orientation
        if self.first_win(state, mover, held) >= 0:
            return [1.0, -1.0] if mover == 0 else [-1.0, 1.0]
        return None

    def estimate(self, state: State) -> list[float]:
        assert isinstance(state, FlinkState)
        if state.is_terminal():
            return state.returns()
        mover = state.current_player()
        key = (id(state.board), bytes(state.colours), mover)
        if key != self._estimate_key:
            b, heights, grid = state.board, state.heights, state.colours
            self._estimate_key = key
            self._distances = (
                min(crossing(b, heights, grid, 0), DISTANCE_CAP),
                min(crossing(b, heights, grid, 1), DISTANCE_CAP),
            )
            self._threat = bool(THREAT) and self.first_win(state, 1 - mover, -1) >= 0
        white, black = self._distances
        lead = black - white + (TEMPO if mover == 0 else -TEMPO)
        if self._threat:  # the mover must spend the turn blocking
            lead += THREAT if mover == 1 else -THREAT
        value = math.tanh(lead / ESTIMATE_SCALE)
        return [value, -value]
