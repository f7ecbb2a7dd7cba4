"""Flink's heuristic and plan-view distances: sensible numbers, legal moves, wins taken."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import ai.heuristics.flink as flink_heuristic
from ai.agents import make_agent
from ai.heuristics import HEURISTICS
from ai.heuristics.flink import FlinkHeuristic, _safe_value, _threat_zones, placement_value
from game.engines.flink import ANCHOR, PASS, FlinkGame, FlinkState
from game.engines.flink.geometry import BLACK, WHITE
from game.engines.flink.paths import best_path, crossing

GAME = FlinkGame()


def test_empty_board_distances_and_paths() -> None:
    state = GAME.new_state(size=8)
    b = state.board
    for player in (WHITE, BLACK):
        assert crossing(b, state.heights, state.colours, player) == 8
        path = best_path(b, state.heights, state.colours, player)
        assert len(path) == 8
    diamond = GAME.new_state(board="diamond", order=6)
    assert crossing(diamond.board, diamond.heights, diamond.colours, WHITE) < 20


def test_own_piece_shortens_own_path_and_covering_lengthens_the_others() -> None:
    state = GAME.new_state(size=8)
    b = state.board
    state.apply_action(0)
    state.apply_action(ANCHOR + 3 * b.width + 3)
    after = crossing(b, state.heights, state.colours, WHITE)
    assert after < 8
    black = crossing(b, state.heights, state.colours, BLACK)
    assert black >= 8


def test_policy_prior_and_auto_action_are_legal_and_consistent() -> None:
    heuristic = HEURISTICS["flink"]
    assert isinstance(heuristic, FlinkHeuristic)
    rng = random.Random(1)
    state = GAME.new_state()
    for _ in range(12):
        legal = state.legal_actions()
        prior = heuristic.prior(state, legal)
        assert prior is not None and len(prior) == len(legal)
        assert all(p > 0 for p in prior) and max(prior) == 1.0
        auto = heuristic.auto_action(state)
        if state.orientation < 0:
            assert auto is None
        else:
            assert auto in legal
        action = heuristic.policy(state, rng)
        assert action in legal
        state.apply_action(action)
    estimate = heuristic.estimate(state)
    assert -1 < estimate[0] < 1 and estimate[0] == -estimate[1]


def test_policy_beats_random_play() -> None:
    heuristic = HEURISTICS["flink"]
    rng = random.Random(4)
    for seat in (WHITE, BLACK):
        state = GAME.new_state(size=8)
        while not state.is_terminal():
            if state.current_player() == seat:
                action = heuristic.policy(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        assert state.returns()[seat] == 1.0


def winning_placements(state: FlinkState) -> list[tuple[int, int]]:
    found = []
    for orientation in state.legal_actions():
        if orientation == PASS:
            continue
        held = state.clone()
        held.apply_action(orientation)
        for cell in held.legal_actions():
            after = held.clone()
            after.apply_action(cell)
            if after.is_terminal() and after.returns()[state.current_player()] > 0:
                found.append((orientation, cell))
    return found


def test_the_heuristic_takes_a_win_in_one() -> None:
    """Play White by the policy against a Black that plays far away, and stop when White has a
    winning placement: the policy (and the Easy and Normal agents) must take one."""
    heuristic = FlinkHeuristic()
    rng = random.Random(2)
    state = GAME.new_state(size=8)
    while True:
        if state.current_player() == WHITE and state.orientation < 0 and winning_placements(state):
            break
        legal = state.legal_actions()
        action = heuristic.policy(state, rng) if state.current_player() == WHITE else legal[-1]
        state.apply_action(action)
        assert not state.is_terminal()
    for chooser in (heuristic, make_agent("flink", "normal", 1, timed=False)):
        trial = state.clone()
        while trial.current_player() == WHITE:
            if chooser is heuristic:
                trial.apply_action(heuristic.policy(trial, rng))
            else:
                trial.apply_action(chooser.choose(trial))  # type: ignore[union-attr]
        assert trial.returns() == [1.0, -1.0]


def _positions(seed: int, every: int) -> list[FlinkState]:
    """Positions at the start of a turn along a game of the policy with random moves mixed in."""
    heuristic = FlinkHeuristic()
    rng = random.Random(seed)
    state = GAME.new_state()
    found = []
    while not state.is_terminal():
        if state.orientation < 0 and len(state.history) % every == 0:
            found.append(state.clone())
        legal = state.legal_actions()
        noisy = rng.random() < 0.4
        state.apply_action(rng.choice(legal) if noisy else heuristic.policy(state, rng))
    return found


def _wins_by_trying(state: FlinkState, player: int) -> list[int]:
    b = state.board
    return [
        pid
        for pid in range(24 * b.cells_total)
        if state.fits(pid) and state._wins_with(pid, player)
    ]


def test_winning_placements_are_exactly_those_found_by_trying_every_one() -> None:
    checked = wins = 0
    for seed in (4, 8):
        for state in _positions(seed, every=2):
            for player in (WHITE, BLACK):
                expected = _wins_by_trying(state, player) if state._left[player] else []
                assert sorted(state.winning_placements(player)) == expected
                checked += 1
                wins += bool(expected)
    assert wins >= 3 and checked > 30


def test_new_wins_of_a_player_without_one_rest_on_the_opponents_placement() -> None:
    """Where a player cannot win at once, after the opponent's placement every win they have
    rests on its columns: ``over`` those columns finds exactly the same placements."""
    rng = random.Random(5)
    checked = 0
    for seed in (3, 6):
        for state in _positions(seed, every=2):
            mover = state.current_player()
            if state.winning_placements(1 - mover, first=True):
                continue
            total = state.board.cells_total
            legal = [pid for pid in range(24 * total) if state.fits(pid)]
            for pid in rng.sample(legal, min(8, len(legal))):
                after = state.clone()
                after.apply_action(pid // total)
                after.apply_action(ANCHOR + pid % total)
                if after.is_terminal():
                    continue
                wins = after.winning_placements(1 - mover)
                assert after.winning_placements(1 - mover, over=_columns(state, pid)) == wins
                checked += 1
    assert checked > 100


def test_a_placement_that_wins_does_win_and_the_leaf_evaluation_sees_it() -> None:
    heuristic = FlinkHeuristic()
    state = next(s for s in _positions(3, every=1) if s.winning_placements(s.current_player()))
    mover = state.current_player()
    pid = state.winning_placements(mover, first=True)[0]
    total = state.board.cells_total
    evaluation = heuristic.evaluate(state)
    assert evaluation is not None and evaluation[mover] == 1.0
    after = state.clone()
    after.apply_action(pid // total)
    after.apply_action(ANCHOR + pid % total)
    assert after.returns()[mover] == 1.0
    quiet = next(s for s in _positions(3, every=1) if not s.winning_placements(s.current_player()))
    assert heuristic.evaluate(quiet) is None


def test_the_walk_of_a_winning_placement_runs_from_side_to_side_through_the_piece() -> None:
    state = next(s for s in _positions(3, every=1) if s.winning_placements(s.current_player()))
    mover = state.current_player()
    wins = state.winning_placements(mover)
    walk = state.walk_columns(wins[0], mover)
    first, second = state.board.terminals[mover]
    assert any(cell in walk for cell, _ in first) and any(cell in walk for cell, _ in second)
    assert not walk.isdisjoint(_columns(state, wins[0]))
    other = next(pid for pid in range(24 * state.board.cells_total) if state.fits(pid))
    assert other in wins or state.walk_columns(other, mover) == set()


def test_the_policy_blocks_a_threat_it_can_block() -> None:
    """Where the opponent could win at once and some placement over the threatening columns
    stops it, the policy plays a placement after which the opponent cannot win at once."""
    heuristic = FlinkHeuristic()
    rng = random.Random(0)
    tried = 0
    for seed in range(4, 12):
        for state in _positions(seed, every=1):
            mover = state.current_player()
            if state.winning_placements(mover) or not state.winning_placements(1 - mover):
                continue
            safe = [pid for pid in _covering(state) if not _loses(state, pid)]
            if not safe:
                continue
            tried += 1
            orientation = heuristic.policy(state, rng)
            after = state.clone()
            after.apply_action(orientation)
            cell = heuristic.policy(after, rng)
            assert not _loses(state, orientation * state.board.cells_total + cell - ANCHOR)
            if tried >= 3:
                return
    assert tried, "no blockable threat found"


def _covering(state: FlinkState) -> list[int]:
    b = state.board
    columns = set()
    for pid in state.winning_placements(1 - state.current_player()):
        p = b.placements[pid]
        assert p is not None
        columns.update(p.columns)
    found = []
    for pid in range(24 * b.cells_total):
        p = b.placements[pid]
        if state.fits(pid) and p is not None and not columns.isdisjoint(p.columns):
            found.append(pid)
    return found


def _loses(state: FlinkState, pid: int) -> bool:
    """Whether the opponent can win at once after the mover plays placement ``pid``."""
    after = state.clone()
    mover = after.current_player()
    after.apply_action(pid // after.board.cells_total)
    after.apply_action(ANCHOR + pid % after.board.cells_total)
    return not after.is_terminal() and bool(after.winning_placements(1 - mover))


def test_the_estimate_counts_the_last_movers_threat_against_the_mover(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the player who just moved could win at once, the player to move must block:
    the estimate gives the threatening side THREAT distance more than the plan view does."""
    state = next(
        s
        for s in _positions(5, every=1)
        if s.winning_placements(1 - s.current_player())
        and not s.winning_placements(s.current_player())
    )
    mover = state.current_player()
    threatened = FlinkHeuristic().estimate(state)[mover]
    monkeypatch.setattr(flink_heuristic, "THREAT", 0.0)
    plain = FlinkHeuristic().estimate(state)[mover]
    assert threatened < plain


def test_a_placement_that_threatens_a_win_is_judged_higher() -> None:
    """The exact judgement adds THREAT_VALUE to a safe placement after which the mover could
    win at once, and nothing to one after which they could not."""
    seen = set()
    for state in _positions(6, every=2):
        mover = state.current_player()
        if state.winning_placements(mover) or state.winning_placements(1 - mover):
            continue
        b = state.board
        for pid in range(24 * b.cells_total):
            if not state.fits(pid) or _loses(state, pid):
                continue
            after = state.clone()
            after.apply_action(pid // b.cells_total)
            after.apply_action(ANCHOR + pid % b.cells_total)
            threat = bool(after.winning_placements(mover, first=True))
            if threat in seen:
                continue
            seen.add(threat)
            extra = flink_heuristic.THREAT_VALUE if threat else 0.0
            assert _safe_value(state, pid) == placement_value(state, pid) + extra
        if len(seen) == 2:
            return
    raise AssertionError("no threatening placement found")


def _threatened(seed: int) -> list[FlinkState]:
    """Positions where the opponent could win at once and the mover could not."""
    return [
        s
        for s in _positions(seed, every=1)
        if s.winning_placements(1 - s.current_player())
        and not s.winning_placements(s.current_player())
    ]


def _saved_elsewhere(state: FlinkState) -> bool:
    """Whether some placement saves the game and none over the threatening columns does."""
    covering = set(_covering(state))
    if any(not _loses(state, pid) for pid in covering):
        return False
    others = [pid for pid in range(24 * state.board.cells_total) if pid not in covering]
    return any(state.fits(pid) and not _loses(state, pid) for pid in others)


def test_the_policy_finds_a_saving_placement_away_from_the_threats() -> None:
    """Where no placement over the threatening columns saves the game but one elsewhere cuts
    the walk the threats need, the policy plays a placement that does not lose at once."""
    state = next(s for seed in range(4, 12) for s in _threatened(seed) if _saved_elsewhere(s))
    b = state.board
    safe = [pid for pid in range(24 * b.cells_total) if state.fits(pid) and not _loses(state, pid)]
    zones = _threat_zones(state)
    assert all(not zone.isdisjoint(_columns(state, pid)) for pid in safe for zone in zones)
    heuristic = FlinkHeuristic()
    assert not _loses(state, heuristic.best_placement(state, None))
    orientation = safe[0] // b.cells_total
    assert not _loses(state, heuristic.best_placement(state, orientation))


def _columns(state: FlinkState, pid: int) -> tuple[int, ...]:
    p = state.board.placements[pid]
    assert p is not None
    return p.columns


def test_a_threat_nothing_stops_is_decided_within_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where no placement saves the game and more than SAVE_CAP of them reach every threat's
    zone, the heuristic judges SHORTLIST + SAVE_CAP placements exactly and no more, for the
    whole turn and for each orientation (work counted, not timed)."""
    state = _threatened(3)[0]
    zones = _threat_zones(state)
    hopeful = [
        pid
        for pid in range(24 * state.board.cells_total)
        if state.fits(pid) and all(not zone.isdisjoint(_columns(state, pid)) for zone in zones)
    ]
    cap = flink_heuristic.SHORTLIST + flink_heuristic.SAVE_CAP
    assert len(hopeful) > cap and all(_loses(state, pid) for pid in hopeful)
    judged: list[int] = []

    def counted(
        state: FlinkState,
        pid: int,
        first_win: Callable[..., int],
        quiet: bool = False,
        threat: bool = True,
    ) -> float:
        judged.append(pid)
        return _safe_value(state, pid, first_win, quiet, threat)

    monkeypatch.setattr(flink_heuristic, "_safe_value", counted)
    heuristic = FlinkHeuristic()
    heuristic.best_placement(state, None)
    assert len(judged) == cap
    for orientation in range(24):
        judged.clear()
        if state.fits_somewhere(orientation):
            heuristic.best_placement(state, orientation)
            assert 0 < len(judged) <= cap


def test_the_prior_has_no_preference_under_a_threat() -> None:
    state = _threatened(4)[0]
    legal = state.legal_actions()
    assert FlinkHeuristic().prior(state, legal) == [1.0] * len(legal)
