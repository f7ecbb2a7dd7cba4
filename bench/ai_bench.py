"""AI benchmarks: engine speed, search speed (ours and OpenSpiel's on the same engine), latency.

OpenSpiel's Python bots search our engines through ``bench/openspiel_adapter.py``: ``MCTSBot``
for perfect information, ``ISMCTSBot`` for hidden information (it keys its nodes by information
state, so it never sees hidden cards either).

Section contract: ``run(quick) -> list[dict]`` with keys game, metric, value, unit, target.

Positions come from seeded games of the heuristic policy, so every run measures the same ones:
decision points with a real choice, spread over the whole game.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from ai.agents import LEVELS, Budget, budget_for, make_agent
from ai.heuristics import HEURISTICS
from ai.mcts import MCTS
from ai.worker import AIWorker
from bench.openspiel_adapter import openspiel_ismcts_search, openspiel_search
from game.engines import GAMES
from game.engines.base import State

SPEEDUP_TARGET = 3.0  # our iterations/s over OpenSpiel's bot, both with random rollouts
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


def random_playouts_per_second(game_id: str, seconds: float, *, policy: bool = False) -> float:
    """Whole games per second, with uniformly random moves or (``policy``) the heuristic's
    policy for both sides: the cost of a rollout, and of the Easy level's game."""
    game = GAMES[game_id]
    heuristic = HEURISTICS[game_id] if policy else None
    rng = random.Random(SEED)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            elif heuristic is not None:
                action = heuristic.policy(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_unchecked(action)
        done += 1
    return done / (time.perf_counter() - start)


# Random moves to the end of the game and no heuristic: what OpenSpiel's bots do with their
# RandomRolloutEvaluator, so this ratio is like for like.
LIKE_FOR_LIKE = "random rollouts to the end"


def describe_rollouts(budget: Budget) -> str:
    kind = "heuristic" if budget.heuristic_rollouts else "random"
    if budget.rollout_depth is None:
        return f"{kind} rollouts + evaluation"
    if budget.rollout_depth == 0:
        return "estimate at the leaf"
    return f"{budget.rollout_depth} {kind} moves + estimate"


def search_configs(game_id: str) -> dict[str, Budget | None]:
    """Our search configurations by label: like for like (None), then Normal's and Hard's."""
    configs: dict[str, Budget | None] = {LIKE_FOR_LIKE: None}
    for level in ("normal", "hard"):
        budget = budget_for(game_id, level)
        if budget.search:  # a level that plays its policy (checked or not) runs no MCTS
            configs[f"{level}: {describe_rollouts(budget)}"] = budget
    return configs


def mcts_rate(state: State, budget: Budget | None, seconds: float) -> float:
    """Our iterations/s from ``state`` searching as ``budget`` does (its rollouts, not its clock
    or cap); None: no heuristic, random rollouts to the end."""
    if budget is None:
        mcts = MCTS(seed=0, reuse_tree=False)
    else:
        mcts = MCTS(
            HEURISTICS.get(state.game.id),
            seed=0,
            heuristic_rollouts=budget.heuristic_rollouts,
            exploration=budget.exploration,
            reuse_tree=False,
            rollout_depth=budget.rollout_depth,
        )
    result = mcts.search(state, seconds=seconds)
    return result.iterations / result.seconds


def openspiel_rate(state: State, simulations: int) -> float:
    """OpenSpiel's iterations/s from ``state`` (one random rollout per leaf): MCTSBot, or
    ISMCTSBot for a game with hidden information."""
    start = time.perf_counter()
    if state.game.perfect_information:
        done = openspiel_search(state, simulations, seed=0)[1]
    else:
        openspiel_ismcts_search(state, simulations, seed=0)
        done = simulations
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
    """Our iterations/s per configuration, OpenSpiel's, and the ratios.

    Other processes share the machine, so each position is measured in several interleaved
    rounds and the best rate of each contender counts. OpenSpiel's ISMCTSBot manages a few dozen
    iterations a second on Battle Line, so it gets fewer simulations per measurement.
    """
    positions = sample_positions(game_id, 4 if quick else 12)
    perfect = GAMES[game_id].perfect_information
    rounds, seconds = (2, 0.2) if quick else (3, 0.3)
    if perfect:
        simulations, bot = (150 if quick else 300), "MCTSBot"
    else:
        simulations, bot = (10 if quick else 30), "ISMCTSBot"
    configs = search_configs(game_id)
    ours: dict[str, list[float]] = {label: [] for label in configs}
    theirs: list[float] = []
    for state in positions:
        best = dict.fromkeys(ours, 0.0)
        best_theirs = 0.0
        for _ in range(rounds):
            for label, budget in configs.items():
                best[label] = max(best[label], mcts_rate(state, budget, seconds))
            best_theirs = max(best_theirs, openspiel_rate(state, simulations))
        for label, rate in best.items():
            ours[label].append(rate)
        theirs.append(best_theirs)
    search = "MCTS" if perfect else "ISMCTS"
    rows = []
    for label, rates in ours.items():
        median = statistics.median(rates)
        rows.append(_row(game_id, f"{search} iterations/s ({label}), median", median, "1/s"))
    median = statistics.median(theirs)
    rows.append(_row(game_id, f"OpenSpiel {bot} iterations/s, median", median, "1/s"))
    for label, rates in ours.items():
        # Ratios per position, so that cheap and dear positions weigh alike.
        ratios = [a / b for a, b in zip(rates, theirs, strict=True)]
        what = f"{search} / OpenSpiel iterations/s ({label})"
        target = f">= {SPEEDUP_TARGET:g}x" if label == LIKE_FOR_LIKE else None
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
        budget = budget_for(game_id, level).seconds
        target = None if budget is None else f"<= {1000 * budget:g}"
        median = statistics.median(times_ms)
        rows.append(_row(game_id, f"{level} move latency median", median, "ms", target))
        rows.append(_row(game_id, f"{level} move latency p95", _p95(times_ms), "ms"))
    return rows


def parallel_rows(game_id: str, quick: bool) -> list[dict]:
    """Iterations/s of the Hard search through ``ai.worker.AIWorker`` (the app's way) on 1 and on
    2 root-parallel processes, this process only waiting (no UI); clock only, no cap."""
    positions = sample_positions(game_id, 2 if quick else 6, seed=SEED + 2)
    seconds = 0.5 if quick else 1.0
    budget = replace(budget_for(game_id, "hard"), seconds=seconds, iterations=10**9)
    rates = {}
    for processes in (1, 2):
        worker = AIWorker(processes=processes)
        try:
            worker.request(game_id, "hard", 0, positions[0], budget=budget)  # start-up, warm-up
            _answer(worker)
            done = sum(
                _answer(worker, worker.request(game_id, "hard", i, state, budget=budget))
                for i, state in enumerate(positions)
            )
        finally:
            worker.close()
        rates[processes] = done / (seconds * len(positions))
    return [
        _row(game_id, "hard search iterations/s, 1 process", rates[1], "1/s"),
        _row(game_id, "hard search iterations/s, 2 processes", rates[2], "1/s"),
        _row(game_id, "2 processes / 1, iterations/s", rates[2] / rates[1], "x", ">= 1.7x"),
    ]


def _answer(worker: AIWorker, ticket: int | None = None) -> int:
    """Wait for the worker's answer; its iterations."""
    while (answer := worker.poll()) is None:
        time.sleep(0.005)
    assert ticket is None or answer.ticket == ticket
    return answer.iterations


def run(quick: bool) -> list[dict]:
    rows = []
    for game_id in GAMES:
        rate = random_playouts_per_second(game_id, 1.0 if quick else 3.0)
        rows.append(_row(game_id, "random playouts/s", rate, "1/s"))
        if game_id in HEURISTICS:
            rate = random_playouts_per_second(game_id, 1.0 if quick else 3.0, policy=True)
            rows.append(_row(game_id, "heuristic self-play games/s", rate, "1/s"))
        rows.extend(search_speed_rows(game_id, quick))
        rows.extend(latency_rows(game_id, quick))
        rows.extend(parallel_rows(game_id, quick))
    return rows
