"""AI benchmarks: engine speed, search speed (ours and OpenSpiel's on the same engine), and the
turns a player waits for, measured on the shipped path.

OpenSpiel's Python bots search our engines through ``bench/openspiel_adapter.py``: ``MCTSBot``
for perfect information, ``ISMCTSBot`` for hidden information (it keys its nodes by information
state, so it never sees hidden cards either). Without the bench extra their rows say so.

Turn times are whole AI turns of seeded matches through ``Match`` + ``AIWorker`` (the app's own
path, ``ai.turn_times``), the level against itself, on the level's own clock and the app's
processes. A level whose Hard does not search (a checked policy) says so in words where a
search's rates would be, and reports its check's rollouts instead.

Section contract: ``run(quick) -> list[dict]`` with keys game, metric, value, unit, target.

Positions come from seeded games of the heuristic policy, so every run measures the same ones:
decision points with a real choice, spread over the whole game.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from ai.agents import LEVELS, Budget, budget_for
from ai.checked import Checked
from ai.heuristics import HEURISTICS
from ai.mcts import MCTS
from ai.turn_times import TimedClient
from ai.worker import AIMove, AIWorker, search_processes
from game.engines import GAMES
from game.engines.base import State
from game.match import Match

SPEEDUP_TARGET = 3.0  # our iterations/s over OpenSpiel's bot, both with random rollouts
SEED = 2024
HARD_MEDIAN_TARGET = 3.0  # seconds: Hard's whole turn, median (issue 32)
HARD_MAX_TARGET = 3.5  # seconds: Hard's longest whole turn


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
    from bench.openspiel_adapter import openspiel_ismcts_search, openspiel_search

    start = time.perf_counter()
    if state.game.perfect_information:
        done = openspiel_search(state, simulations, seed=0)[1]
    else:
        openspiel_ismcts_search(state, simulations, seed=0)
        done = simulations
    return done / (time.perf_counter() - start)


def openspiel_missing() -> str | None:
    """Why OpenSpiel's bots cannot run here, or None."""
    try:
        import bench.openspiel_adapter  # noqa: F401
    except ImportError as err:
        return f"not measured: OpenSpiel is not installed (make .venv/.installed-bench): {err}"
    return None


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _row(
    game: str, metric: str, value: float | str, unit: str = "", target: str | None = None
) -> dict:
    """A result row; ``value`` in words where there is no number to give (and why)."""
    if not isinstance(value, str):
        value = round(value, 1 if value >= 100 else 3)
    row: dict = {"game": game, "metric": metric, "value": value, "unit": unit}
    if target is not None:
        row["target"] = target
    return row


def _no_search(budget: Budget) -> str:
    """A level that runs no tree search, in words."""
    if budget.checks:
        return f"no tree search: the policy checked by {budget.checks} rollouts a candidate"
    return "no tree search: the heuristic policy"


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
    missing = openspiel_missing()
    configs = search_configs(game_id)
    ours: dict[str, list[float]] = {label: [] for label in configs}
    theirs: list[float] = []
    for state in positions:
        best = dict.fromkeys(ours, 0.0)
        best_theirs = 0.0
        for _ in range(rounds):
            for label, budget in configs.items():
                best[label] = max(best[label], mcts_rate(state, budget, seconds))
            if missing is None:
                best_theirs = max(best_theirs, openspiel_rate(state, simulations))
        for label, rate in best.items():
            ours[label].append(rate)
        theirs.append(best_theirs)
    search = "MCTS" if perfect else "ISMCTS"
    rows = []
    for label, rates in ours.items():
        median = statistics.median(rates)
        rows.append(_row(game_id, f"{search} iterations/s ({label}), median", median, "1/s"))
    for level in ("normal", "hard"):
        budget = budget_for(game_id, level)
        if not budget.search:
            rows.append(_row(game_id, f"{search} iterations/s ({level})", _no_search(budget)))
    rows.append(
        _row(
            game_id,
            f"OpenSpiel {bot} iterations/s, median",
            missing or statistics.median(theirs),
            "1/s",
        )
    )
    for label, rates in ours.items():
        what = f"{search} / OpenSpiel iterations/s ({label})"
        target = f">= {SPEEDUP_TARGET:g}x" if label == LIKE_FOR_LIKE else None
        if missing is not None:
            rows.append(_row(game_id, what, missing, "x", target))
            continue
        # Ratios per position, so that cheap and dear positions weigh alike.
        ratios = [a / b for a, b in zip(rates, theirs, strict=True)]
        mean = statistics.geometric_mean(ratios)
        rows.append(_row(game_id, f"{what}, geo. mean", mean, "x", target))
        rows.append(_row(game_id, f"{what}, worst position", min(ratios), "x"))
    return rows


def app_turns(
    game_id: str, level: str, turns: int, worker: AIWorker, seed: int = SEED
) -> TimedClient:
    """At least ``turns`` whole AI turns of ``level`` against itself, through ``Match`` and
    ``worker`` as the match scene drives them (the board's animations aside), over as many
    seeded games as that takes."""
    client = TimedClient(worker)
    game = GAMES[game_id]
    while len(client.turns()) < turns:
        match = Match(game, [level, level], seed=seed, client=client)
        seed += 1
        while not match.is_over and len(client.turns()) < turns:
            if match.advance() is None:
                time.sleep(0.002)
        match.cancel_ai()
    return client


def latency_rows(game_id: str, quick: bool) -> list[dict]:
    """Per level, whole AI turns as the player waits for them (the app's path and clock)."""
    rows = []
    worker = AIWorker()
    try:
        worker.warm_up()  # as a match opens: the processes start while the board appears
        _answer(worker, game_id, sample_positions(game_id, 1)[0], budget_for(game_id, "easy"))
        for level in LEVELS:
            client = app_turns(game_id, level, 4 if quick else 16, worker)
            times = client.turns()
            clock = budget_for(game_id, level).seconds
            hard = level == "hard"
            what = f"{level} whole turn (Match + AIWorker, {worker.processes} process"
            what += "es)" if worker.processes > 1 else ")"
            median_target = f"<= {HARD_MEDIAN_TARGET:g}" if hard else None
            max_target = f"<= {HARD_MAX_TARGET:g}" if hard else None
            if clock is not None and not hard:
                median_target = max_target = f"<= {clock:g} clock"
            rows += [
                _row(game_id, f"{what}, median", statistics.median(times), "s", median_target),
                _row(game_id, f"{what}, p95", _percentile(times, 0.95), "s"),
                _row(game_id, f"{what}, max", max(times), "s", max_target),
                _row(game_id, f"{level} turns timed", len(times), ""),
                _row(game_id, f"{level} moves that fell back", client.fell_back, "", "0"),
            ]
    finally:
        worker.close()
    return rows


def parallel_rows(game_id: str, quick: bool) -> list[dict]:
    """Hard's thinking rate through ``AIWorker`` (the app's way) on 1 and on 2 root-parallel
    processes, this process only waiting (no UI), on the clock with no cap: search iterations/s,
    or for a checked policy its rollouts/s (rollouts of every candidate), timed from request to
    answer of the decisions that thought."""
    hard = budget_for(game_id, "hard")
    seconds = 0.5 if quick else 1.0
    if hard.search:
        budget, unit = replace(hard, seconds=seconds, iterations=10**9), "iterations/s"
    else:
        budget, unit = replace(hard, seconds=seconds, checks=10**9), "check rollouts/s"
    positions = _thinking_positions(game_id, 2 if quick else 6)
    rates: dict[int, float] = {}
    fell_back = 0
    for processes in (1, 2):
        worker = AIWorker(processes=processes)
        try:
            worker.warm_up()
            _answer(worker, game_id, positions[0], budget)  # start-up, warm-up
            done = elapsed = 0.0
            for state in positions:
                start = time.monotonic()
                answer = _answer(worker, game_id, state, budget)
                elapsed += time.monotonic() - start
                done += answer.iterations
                fell_back += answer.fell_back
        finally:
            worker.close()
        rates[processes] = done / elapsed
    what = f"hard {unit} (AIWorker)"
    speedup: float | str = "not measured: no decision thought"
    if rates[1] > 0:
        speedup = rates[2] / rates[1]
    return [
        _row(game_id, f"{what}, 1 process", rates[1], "1/s"),
        _row(game_id, f"{what}, 2 processes", rates[2], "1/s"),
        _row(game_id, "root-parallel speed-up, 2 processes / 1", speedup, "x"),
        _row(game_id, "processes the app's search uses", search_processes(), ""),
        _row(game_id, "speed-up decisions that fell back", fell_back, "", "0"),
    ]


def _thinking_positions(game_id: str, count: int) -> list[State]:
    """``count`` positions where Hard thinks: any real choice for a search, and where the game
    checks its policy (Frontline: a seat's first declaration of a Combat Phase) for a check."""
    hard = budget_for(game_id, "hard")
    candidates = sample_positions(game_id, 8 * count, seed=SEED + 2)
    heuristic = HEURISTICS.get(game_id)
    if hard.search or heuristic is None:
        return candidates[:count]
    checked = [
        state
        for state in candidates
        if isinstance(
            heuristic.checked_policy(state.clone(), random.Random(0), 1, {}, 0.0), Checked
        )
    ]
    return (checked or candidates)[:count]


def _answer(worker: AIWorker, game_id: str, state: State, budget: Budget) -> AIMove:
    """Ask ``worker`` for a move on ``budget`` and wait for it."""
    ticket = worker.request(game_id, "hard", 0, state, budget=budget)
    while (answer := worker.poll()) is None:
        time.sleep(0.002)
    assert answer.ticket == ticket
    return answer


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
