"""Tsuno Senki win rates: each AI level and the crude greedy baseline, per difficulty.

A co-operative game has no opponent to duel, so strength is the team's win rate in solitaire
(one seat commanding all six areas). Every player plays the same seeds, and a seed fixes the
sequence of dice, so players meet the same luck as long as their moves allow (common random
numbers). Search levels run on their iteration caps (``timed=False``) so a row can be
reproduced from its seeds on any machine.

``python -m bench.tsuno_strength [--games N] [--players baseline,easy,...] [--difficulty D]
[--hard-iterations N] [--morale M] [--workers W]`` prints one line per (difficulty, player):
wins / games, the rate and its standard error. ``run(quick)`` is the bench section used by
``python -m bench --strength``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor

from ai.agents import Agent, Budget, PolicyAgent, SearchAgent, budget_for, make_agent, play_out
from ai.heuristics import HEURISTICS
from bench.tsuno_baseline import TsunoGreedyBaseline
from game.engines import GAMES
from game.engines.tsuno import rules

BASELINE = "baseline"  # the rules file's crude greedy policy (§12)
PLAYERS = (BASELINE, "easy", "normal", "hard")
DIFFICULTIES = tuple(rules.PRESETS)
FULL_GAMES = 200
QUICK_GAMES = 20


def _agent(player: str, seed: int, hard_iterations: int | None) -> Agent:
    if player == BASELINE:
        return PolicyAgent(TsunoGreedyBaseline(), 0.0, seed)
    if player == "hard" and hard_iterations is not None:
        budget: Budget = budget_for("tsuno", "hard")
        return SearchAgent(
            HEURISTICS["tsuno"],
            Budget(
                search=True,
                iterations=hard_iterations,
                heuristic_rollouts=budget.heuristic_rollouts,
                rollout_depth=budget.rollout_depth,
                exploration=budget.exploration,
            ),
            seed,
            timed=False,
        )
    return make_agent("tsuno", player, seed, timed=False)


def play(
    player: str, difficulty: str, seeds: range, hard_iterations: int | None, morale: int | None
) -> int:
    """Wins of ``player`` in solitaire games of ``difficulty`` over ``seeds``."""
    if morale is not None:
        rules.PRESETS[difficulty] = rules.PRESETS[difficulty]._replace(morale=morale)
    wins = 0
    for seed in seeds:
        state = GAMES["tsuno"].new_state(1, difficulty=difficulty)
        agent = _agent(player, seed, hard_iterations)
        wins += play_out(state, [agent], random.Random(seed))[0] > 0
    return wins


def win_rate(
    player: str,
    difficulty: str,
    games: int,
    *,
    workers: int = 2,
    hard_iterations: int | None = None,
    morale: int | None = None,
) -> tuple[int, float]:
    """(wins, seconds) over seeds 0..games-1, split over ``workers`` processes."""
    start = time.perf_counter()
    chunks = [range(w, games, workers) for w in range(workers)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = [
            pool.submit(play, player, difficulty, chunk, hard_iterations, morale)
            for chunk in chunks
        ]
        wins = sum(f.result() for f in futures)
    return wins, time.perf_counter() - start


def standard_error(rate: float, games: int) -> float:
    return math.sqrt(rate * (1 - rate) / games)


def row(player: str, difficulty: str, wins: int, games: int, seconds: float, note: str) -> dict:
    rate = wins / games
    return {
        "game": "tsuno",
        "metric": (
            f"{difficulty} solitaire win rate, {player}{note} "
            f"({wins}/{games}, ± {100 * standard_error(rate, games):.1f}, {seconds:.0f} s)"
        ),
        "value": round(100 * rate, 1),
        "unit": "%",
    }


def run(quick: bool) -> list[dict]:
    """Bench section (``python -m bench --strength``): every level and the baseline."""
    games = QUICK_GAMES if quick else FULL_GAMES
    rows = []
    for difficulty in DIFFICULTIES:
        for player in PLAYERS:
            wins, seconds = win_rate(player, difficulty, games)
            rows.append(row(player, difficulty, wins, games, seconds, ""))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tsuno_strength", description=__doc__)
    parser.add_argument("--games", type=int, default=FULL_GAMES)
    parser.add_argument("--players", default=",".join(PLAYERS))
    parser.add_argument("--difficulty", default=",".join(DIFFICULTIES))
    parser.add_argument("--hard-iterations", type=int, default=None)
    parser.add_argument("--morale", type=int, default=None, help="override starting morale")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for difficulty in args.difficulty.split(","):
        for player in args.players.split(","):
            wins, seconds = win_rate(
                player,
                difficulty,
                args.games,
                workers=args.workers,
                hard_iterations=args.hard_iterations,
                morale=args.morale,
            )
            note = ""
            if player == "hard" and args.hard_iterations is not None:
                note = f" @{args.hard_iterations} iterations"
            if args.morale is not None:
                note += f", morale {args.morale}"
            print(row(player, difficulty, wins, args.games, seconds, note)["metric"], flush=True)


if __name__ == "__main__":
    main()
