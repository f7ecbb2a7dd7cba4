"""How strong are Flink's levels against the independent baselines and each other?

``python -m research.flink_strength [--pairs N] [--first-seed S] [--board B] [--only NAME ...]``
plays seat-swapped pairs (each seed twice, seats swapped) in parallel processes, the matches'
pairs
interleaved, and prints one row per match: score of the first-named side with its standard
error. The levels play on their iteration caps (``timed=False``), so results reproduce from
their seeds; OpenSpiel's MCTSBot gets, per decision, half the time Hard has taken per turn so
far in that game, in the same process (a turn is two decisions for the bot).

``--opening K``: the first K placements of each player are drawn uniformly at random among the
legal placements, from the seed alone, so both seatings of a pair start from the same position
and every seed from its own (the levels search without random rollouts: from the empty board
Hard vs Normal plays the same two games on every seed). The default 0 is the empty board.

Tune on seeds 0-9,999, report on seeds from 100_000 (``--first-seed``, the default). Every
finished pair is appended to ``PAIR_LOG`` as it ends, so a long run can be followed (and a run
stopped early still reports what finished: ``--summarise``), with the first-named side's
time per turn when it is a level (median and 95th percentile, wall clock and process time).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ai.agents import Agent, SearchAgent, budget_for, make_agent
from ai.heuristics.flink import FlinkHeuristic
from bench.baselines.flink import OpenSpielTimed, ShortestPathGreedy
from game.engines import GAMES
from game.engines.flink import ANCHOR, FlinkState
from game.engines.flink.geometry import NUM_ORIENTATIONS

GAME = "flink"
GREEDY, OPENSPIEL = "greedy", "openspiel"
SQUARE = "square"
CELLS = "-cells"  # a level whose search chooses the cell too (``FlinkHeuristic(search_cells)``)
MATCHES = {
    "hard-greedy": ("hard", GREEDY),
    "hard-openspiel": ("hard", OPENSPIEL),
    "hard-normal": ("hard", "normal"),
    "normal-easy": ("normal", "easy"),
    "easy-greedy": ("easy", GREEDY),
    "hardcells-greedy": ("hard" + CELLS, GREEDY),
    "normal-greedy": ("normal", GREEDY),
    "normalcells-greedy": ("normal" + CELLS, GREEDY),
    "hardcells-hard": ("hard" + CELLS, "hard"),
}
TARGETS = {"hard-greedy": 0.80, "hard-openspiel": 0.75, "hard-normal": 0.60, "normal-easy": 0.60}
LOG = Path("/tmp/flink-strength/rows.jsonl")
PAIR_LOG = Path("/tmp/flink-strength/pairs.jsonl")  # every finished pair, to follow a long run


def _agent(name: str, seed: int) -> Agent:
    if name == GREEDY:
        return ShortestPathGreedy(seed)
    if name == OPENSPIEL:
        return OpenSpielTimed(1.0, seed)
    if name.endswith(CELLS):
        level = name.removesuffix(CELLS)
        heuristic = FlinkHeuristic(search_cells=True)
        return SearchAgent(heuristic, budget_for(GAME, level), seed, timed=False)
    return make_agent(GAME, name, seed, timed=False)


def opening(seed: int, board: str = SQUARE, placements: int = 0) -> FlinkState:
    """The start of game ``seed``: ``placements`` random legal placements per player (drawn
    uniformly among all legal placements, from the seed alone), White first."""
    state = GAMES[GAME].new_state(**({} if board == SQUARE else {"board": board}))
    assert isinstance(state, FlinkState)
    rng = random.Random(f"flink opening {seed}")
    total = state.board.cells_total
    for _ in range(2 * placements):
        legal = [pid for pid in range(NUM_ORIENTATIONS * total) if state.fits(pid)]
        pid = rng.choice(legal)
        state.apply_action(pid // total)
        state.apply_action(ANCHOR + pid % total)
    return state


def play(
    names: tuple[str, str],
    seed: int,
    board: str = SQUARE,
    timing: list | None = None,
    timed_seat: int = 0,
    placements: int = 0,
    history: list[int] | None = None,
) -> list[float]:
    """One game, seat order ``names``, from ``opening(seed, board, placements)``; OpenSpiel's
    clock follows its opponent's. ``timing`` receives ``[wall, process]`` seconds of each
    turn of ``timed_seat``; ``history`` the game's actions, the opening's included."""
    agents = [_agent(name, seed * 10 + seat) for seat, name in enumerate(names)]
    state = opening(seed, board, placements)
    spent = [0.0, 0.0]
    turns = [0, 0]
    while not state.is_terminal():
        player = state.current_player()
        agent = agents[player]
        if isinstance(agent, OpenSpielTimed):
            other = 1 - player
            agent.seconds = 0.5 * spent[other] / turns[other] if turns[other] else 0.5
        start, cpu = time.perf_counter(), time.process_time()
        action = agent.choose(state.clone())
        wall = time.perf_counter() - start
        spent[player] += wall
        if action < 24:  # an orientation starts a turn
            turns[player] += 1
            if timing is not None and player == timed_seat:
                timing.append([0.0, 0.0])
        if timing is not None and player == timed_seat and timing:
            timing[-1][0] += wall
            timing[-1][1] += time.process_time() - cpu
        state.apply_action(action)
    if history is not None:
        history.extend(state.history)
    return state.returns()


def pair(
    names: tuple[str, str], seed: int, board: str = SQUARE, placements: int = 0
) -> tuple[float, float]:
    """The first-named side's returns in both seatings of ``seed`` (the same opening)."""
    timing: list[list[float]] = []
    games: list[list[int]] = [[], []]  # each seating's actions, to read a loss move by move
    first = play(names, seed, board, timing, 0, placements, games[0])[0]
    second = play((names[1], names[0]), seed, board, timing, 1, placements, games[1])[1]
    PAIR_LOG.parent.mkdir(parents=True, exist_ok=True)
    entry = {"names": names, "seed": seed, "board": board, "returns": [first, second]}
    if placements:
        entry["opening"] = placements
    with PAIR_LOG.open("a") as log:
        log.write(json.dumps({**entry, "turns": timing, "games": games}) + "\n")
    return first, second


def score(results: list[float]) -> tuple[float, float]:
    """Share of points (a draw counts half) and its standard error."""
    points = [(r + 1) / 2 for r in results]
    mean = sum(points) / len(points)
    var = sum((p - mean) ** 2 for p in points) / max(1, len(points) - 1)
    return mean, math.sqrt(var / len(points))


def row(name: str, results: list[float], first_seed: int, seconds: float) -> dict:
    """One printed row: the first-named side's W-D-L and score with its standard error."""
    mean, error = score(results)
    wins = sum(r > 0 for r in results)
    draws = sum(r == 0 for r in results)
    return {
        "match": name,
        "games": len(results),
        "W-D-L": f"{wins}-{draws}-{len(results) - wins - draws}",
        "score": round(100 * mean, 1),
        "stderr": round(100 * error, 1),
        "target": TARGETS.get(name),
        "first_seed": first_seed,
        "seconds": round(seconds),
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summarise(first_seed: int, board: str = SQUARE, placements: int = 0) -> None:
    """Rows from the pairs logged so far with seeds from ``first_seed`` on ``board`` after
    ``placements`` random opening placements each (a run in progress), with the first-named
    side's time per turn."""
    by_match: dict[str, dict[int, list[float]]] = {}
    turns: dict[str, list[list[float]]] = {}
    names_of = {names: name for name, names in MATCHES.items()}
    for line in PAIR_LOG.read_text().splitlines():
        entry = json.loads(line)
        name = names_of.get(tuple(entry["names"]))
        if (
            name is None
            or entry["seed"] < first_seed
            or entry.get("board", SQUARE) != board
            or entry.get("opening", 0) != placements
        ):
            continue
        by_match.setdefault(name, {})[entry["seed"]] = entry["returns"]
        turns.setdefault(name, []).extend(entry.get("turns", []))
    for name, pairs in by_match.items():
        result = row(name, [r for p in pairs.values() for r in p], first_seed, 0)
        result["board"] = board
        result["opening"] = placements
        if turns.get(name):
            for kind, column in (("wall", 0), ("cpu", 1)):
                seconds = [t[column] for t in turns[name]]
                result[f"turn_{kind}_median"] = round(percentile(seconds, 0.5), 2)
                result[f"turn_{kind}_p95"] = round(percentile(seconds, 0.95), 2)
        print(json.dumps(result))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m research.flink_strength", description=__doc__)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--board", choices=[SQUARE, "diamond"], default=SQUARE)
    parser.add_argument("--only", nargs="*", choices=list(MATCHES), default=list(MATCHES))
    parser.add_argument(
        "--opening", type=int, default=0, help="random placements per player before play"
    )
    parser.add_argument("--summarise", action="store_true", help="summarise the pair log")
    args = parser.parse_args(argv)
    if args.summarise:
        summarise(args.first_seed, args.board, args.opening)
        return 0
    context = multiprocessing.get_context("spawn")
    seeds = range(args.first_seed, args.first_seed + args.pairs)
    # Several matches share one pool, their pairs interleaved, so that a run stopped early
    # (``--summarise``) has played each match about equally often.
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers, mp_context=context) as pool:
        futures: dict[str, list] = {name: [] for name in args.only}
        for seed in seeds:
            for name in args.only:
                job = pool.submit(pair, MATCHES[name], seed, args.board, args.opening)
                futures[name].append(job)
        for name, pending in futures.items():
            results = [r for future in pending for r in future.result()]
            result = row(name, results, args.first_seed, time.perf_counter() - start)
            result["opening"] = args.opening
            print(json.dumps(result), flush=True)
            LOG.parent.mkdir(parents=True, exist_ok=True)
            with LOG.open("a") as log:
                log.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    random.seed(0)
    raise SystemExit(main())
