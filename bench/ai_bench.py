"""AI benchmarks: engine speed, search speed (ours and OpenSpiel's on the same engine), latency.

Section contract: ``run(quick) -> list[dict]`` with keys game, metric, value, unit, target.

Positions come from seeded games of the heuristic policy, so every run measures the same ones:
decision points with a real choice, spread over the whole game.
"""

from __future__ import annotations

import random
import statistics
import time

from ai.agents import BUDGETS, LEVELS, make_agent
from ai.heuristics import HEURISTICS
from ai.mcts import MCTS
from bench.openspiel_adapter import openspiel_search
from game.engines import GAMES
from game.engines.base import State

SPEEDUP_TARGET = 3.0  # our iterations/s over OpenSpiel's MCTSBot, both with random rollouts
SEED = 2024


def sample_positions(game_id: str, count: int, seed: int = SEED) -> list[State]:
    """``count`` decision points with more than one legal move, evenly spread over policy games."""
    game = GAMES[game_id]
    heuristic = HEURISTICS.get(game_id)
    policy = heuristic.policy if heuristic is not None else None
    rng = random.Random(seed)
    points: list[State] = []
    while len(points) < 4 * count:
        state = game.new_state()
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                if len(legal) > 1:
                    points.append(state.determinize(player, rng))
                action = policy(state, rng) if policy is not None else rng.choice(legal)
            state.apply_action(action)
    step = len(points) / count
    return [points[int(i * step)] for i in range(count)]


def random_playouts_per_second(game_id: str, seconds: float) -> float:
    game = GAMES[game_id]
    rng = random.Random(SEED)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_unchecked(action)
        done += 1
    return done / (time.perf_counter() - start)


# Our search configurations: (label, uses the heuristic, heuristic rollouts). The first plays
# exactly like OpenSpiel's bot (random moves to the end of the game), so its ratio is like for
# like; the others are what Normal and Hard run (exact evaluation ends each rollout).
SEARCH_CONFIGS = (
    ("random rollouts to the end", False, False),
    ("normal: random rollouts + evaluation", True, False),
    ("hard: heuristic rollouts + evaluation", True, True),
)


def mcts_rate(state: State, use_heuristic: bool, heuristic_rollouts: bool, seconds: float) -> float:
    """Our iterations/s from ``state``."""
    heuristic = HEURISTICS.get(state.game.id) if use_heuristic else None
    mcts = MCTS(heuristic, seed=0, heuristic_rollouts=heuristic_rollouts, reuse_tree=False)
    result = mcts.search(state, seconds=seconds)
    return result.iterations / result.seconds


def openspiel_rate(state: State, simulations: int) -> float:
    """OpenSpiel MCTSBot's iterations/s from ``state`` (one random rollout per leaf)."""
    start = time.perf_counter()
    done = openspiel_search(state, simulations, seed=0)[1]
    return done / (time.perf_counter() - start)


def move_latencies(game_id: str, level: str, positions: list[State]) -> list[float]:
    """Seconds per ``choose`` on the level's real (timed) budget, one fresh agent per position."""
    times = []
    for i, state in enumerate(positions):
        agent = make_agent(game_id, level, seed=i)
        start = time.perf_counter()
        agent.choose(state)
        times.append(time.perf_counter() - start)
    return times


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _row(game: str, metric: str, value: float, unit: str, target: str | None = None) -> dict:
    row = {"game": game, "metric": metric, "value": round(value, 1 if value >= 100 else 3)}
    row["unit"] = unit
    if target is not None:
        row["target"] = target
    return row


def search_speed_rows(game_id: str, quick: bool) -> list[dict]:
    """Our iterations/s per configuration and, for perfect information, OpenSpiel's.

    Other processes share the machine, so each position is measured in several interleaved
    rounds and the best rate of each contender counts.
    """
    positions = sample_positions(game_id, 4 if quick else 12)
    rounds, seconds, simulations = (2, 0.2, 150) if quick else (3, 0.3, 300)
    with_openspiel = GAMES[game_id].perfect_information  # else OpenSpiel would see hidden cards
    ours: dict[str, list[float]] = {label: [] for label, _, _ in SEARCH_CONFIGS}
    theirs: list[float] = []
    for state in positions:
        best = dict.fromkeys(ours, 0.0)
        best_theirs = 0.0
        for _ in range(rounds):
            for label, use_heuristic, heuristic_rollouts in SEARCH_CONFIGS:
                rate = mcts_rate(state, use_heuristic, heuristic_rollouts, seconds)
                best[label] = max(best[label], rate)
            if with_openspiel:
                best_theirs = max(best_theirs, openspiel_rate(state, simulations))
        for label, rate in best.items():
            ours[label].append(rate)
        theirs.append(best_theirs)
    rows = []
    for label, rates in ours.items():
        median = statistics.median(rates)
        rows.append(_row(game_id, f"MCTS iterations/s ({label}), median", median, "1/s"))
    if not with_openspiel:
        return rows
    median = statistics.median(theirs)
    rows.append(_row(game_id, "OpenSpiel MCTSBot iterations/s, median", median, "1/s"))
    for label, rates in ours.items():
        # Ratios per position, so that cheap and dear positions weigh alike.
        ratios = [a / b for a, b in zip(rates, theirs, strict=True)]
        what = f"MCTS / OpenSpiel iterations/s ({label})"
        target = f">= {SPEEDUP_TARGET:g}x" if label == SEARCH_CONFIGS[0][0] else None
        mean = statistics.geometric_mean(ratios)
        rows.append(_row(game_id, f"{what}, geo. mean", mean, "x", target))
        rows.append(_row(game_id, f"{what}, worst position", min(ratios), "x"))
    return rows


def latency_rows(game_id: str, quick: bool) -> list[dict]:
    """Per level, the time a move takes on the real (timed) budget."""
    positions = sample_positions(game_id, 3 if quick else 12, seed=SEED + 1)
    rows = []
    for level in LEVELS:
        times_ms = [1000 * t for t in move_latencies(game_id, level, positions)]
        budget = BUDGETS[level].seconds
        target = None if budget is None else f"about {1000 * budget:g}"
        median = statistics.median(times_ms)
        rows.append(_row(game_id, f"{level} move latency median", median, "ms", target))
        rows.append(_row(game_id, f"{level} move latency p95", _p95(times_ms), "ms"))
    return rows


def run(quick: bool) -> list[dict]:
    rows = []
    for game_id in GAMES:
        rate = random_playouts_per_second(game_id, 1.0 if quick else 3.0)
        rows.append(_row(game_id, "random playouts/s", rate, "1/s"))
        rows.extend(search_speed_rows(game_id, quick))
        rows.extend(latency_rows(game_id, quick))
    return rows
