"""Flink strength: the levels against the independent baselines and against each other.

``python -m bench.flink_strength [--pairs N] [--first-seed S] [--only NAME ...]`` plays
seat-swapped pairs (each seed twice, seats swapped) in parallel processes and prints one row
per match: score of the first-named side with its standard error. The levels play on their
iteration caps (``timed=False``), so results reproduce from their seeds; OpenSpiel's MCTSBot
gets, per decision, half the time Hard has taken per turn so far in that game (Hard spends its
turn on the orientation and plays the cell at once; the bot searches both decisions).

Tune on seeds 0-999, report on seeds from 10_000 (``--first-seed``).
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

from ai.agents import Agent, make_agent
from bench.baselines.flink import OpenSpielTimed, ShortestPathGreedy
from game.engines import GAMES

GAME = "flink"
GREEDY, OPENSPIEL = "greedy", "openspiel"
MATCHES = {
    "hard-greedy": ("hard", GREEDY),
    "hard-openspiel": ("hard", OPENSPIEL),
    "hard-normal": ("hard", "normal"),
    "normal-easy": ("normal", "easy"),
    "easy-greedy": ("easy", GREEDY),
}
TARGETS = {"hard-greedy": 0.80, "hard-openspiel": 0.75, "hard-normal": 0.60, "normal-easy": 0.60}
LOG = Path("/tmp/flink-strength.jsonl")
PAIR_LOG = Path("/tmp/flink-pairs.jsonl")  # every finished pair, to follow a long run


def _agent(name: str, seed: int) -> Agent:
    if name == GREEDY:
        return ShortestPathGreedy(seed)
    if name == OPENSPIEL:
        return OpenSpielTimed(1.0, seed)
    return make_agent(GAME, name, seed, timed=False)


def play(names: tuple[str, str], seed: int) -> list[float]:
    """One game, seat order ``names``; OpenSpiel's clock follows its opponent's."""
    agents = [_agent(name, seed * 10 + seat) for seat, name in enumerate(names)]
    state = GAMES[GAME].new_state()
    spent = [0.0, 0.0]
    turns = [0, 0]
    while not state.is_terminal():
        player = state.current_player()
        agent = agents[player]
        if isinstance(agent, OpenSpielTimed):
            other = 1 - player
            agent.seconds = 0.5 * spent[other] / turns[other] if turns[other] else 0.5
        start = time.perf_counter()
        action = agent.choose(state.clone())
        spent[player] += time.perf_counter() - start
        if action < 24:  # an orientation starts a turn
            turns[player] += 1
        state.apply_action(action)
    return state.returns()


def pair(names: tuple[str, str], seed: int) -> tuple[float, float]:
    """The first-named side's returns in both seatings of ``seed``."""
    first = play(names, seed)[0]
    second = play((names[1], names[0]), seed)[1]
    with PAIR_LOG.open("a") as log:
        log.write(json.dumps({"names": names, "seed": seed, "returns": [first, second]}) + "\n")
    return first, second


def score(results: list[float]) -> tuple[float, float]:
    """Share of points (a draw counts half) and its standard error."""
    points = [(r + 1) / 2 for r in results]
    mean = sum(points) / len(points)
    var = sum((p - mean) ** 2 for p in points) / max(1, len(points) - 1)
    return mean, math.sqrt(var / len(points))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.flink_strength", description=__doc__)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", nargs="*", choices=list(MATCHES), default=list(MATCHES))
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    for name in args.only:
        names = MATCHES[name]
        start = time.perf_counter()
        with ProcessPoolExecutor(args.workers, mp_context=context) as pool:
            seeds = range(args.first_seed, args.first_seed + args.pairs)
            futures = [pool.submit(pair, names, seed) for seed in seeds]
            results = [r for future in futures for r in future.result()]
        mean, error = score(results)
        wins = sum(r > 0 for r in results)
        draws = sum(r == 0 for r in results)
        row = {
            "match": name,
            "games": len(results),
            "W-D-L": f"{wins}-{draws}-{len(results) - wins - draws}",
            "score": round(100 * mean, 1),
            "stderr": round(100 * error, 1),
            "target": TARGETS.get(name),
            "first_seed": args.first_seed,
            "seconds": round(time.perf_counter() - start),
        }
        print(json.dumps(row), flush=True)
        with LOG.open("a") as log:
            log.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    random.seed(0)
    raise SystemExit(main())
