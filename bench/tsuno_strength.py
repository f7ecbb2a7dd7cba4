"""Tsuno Senki win rates: each AI level, the crude greedy baseline and OpenSpiel's MCTSBot.

A co-operative game has no opponent to duel, so strength is the team's win rate in solitaire
(one seat commanding all six areas; every seat of a game is one kind of agent). Every player
plays the same seeds, and a seed fixes the sequence of dice, so players meet the same luck as
long as their moves allow (common random numbers); a difference between two players is
therefore reported with the standard error of the paired per-seed differences, which is
smaller than the two rates' errors combined.

Levels run on their caps (``timed=False``: Hard's rollouts a move, the searches' iterations) so
a row can be reproduced from its seeds on any machine. ``search`` is the hint's search (open-loop
PUCT on the fitted estimate, 200 iterations: Hard until Hard checked its policy by rollouts);
``--iterations``, ``--rollout-depth``, ``--exploration`` and ``--loop`` tune it, ``--checks``
Hard's rollouts a move. Rows against OpenSpiel (``--seconds S``) run Hard's check and
OpenSpiel's ``MCTSBot`` (random rollouts, ``bench/openspiel_adapter.py``) on the same wall clock,
the bot's: ``S`` seconds for each turn of decisions in a row (``ClockedCheck``); they depend on
the machine and its load. Heuristic constants were
tuned on seeds below ``REPORT_SEED``; the bench section plays seeds from there on.

``python -m bench.tsuno_strength [--games N] [--first-seed N] [--players baseline,easy,...]
[--difficulty D] [--iterations N] [--rollout-depth N] [--exploration C] [--loop open|keyed]
[--checks N] [--seconds S] [--morale M] [--workers W] [--save FILE]`` prints one line per
(difficulty, player): wins / games, the rate and its standard error, then the paired
difference of every pair of players that includes Hard. ``run(quick)`` is the bench section
used by ``python -m bench --strength``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ai.agents import (
    Agent,
    PolicyAgent,
    SearchAgent,
    agent_for,
    budget_for,
    make_agent,
    obvious_move,
    play_out,
)
from ai.heuristics import HEURISTICS
from ai.heuristics.tsuno import greedy_action
from ai.heuristics.tsuno_check import check
from ai.turn_clock import TurnClock
from bench.tsuno_baseline import TsunoGreedyBaseline
from game.engines import GAMES
from game.engines.base import State
from game.engines.tsuno import rules
from game.engines.tsuno.state import TsunoState

BASELINE = "baseline"  # the rules file's crude greedy policy (§12)
OPENSPIEL = "openspiel"  # OpenSpiel's MCTSBot with random rollouts, on a clock
POLICY = "policy"  # the heuristic policy alone: what Hard checks, Easy without its random moves
SEARCH = "search"  # the hint's search: open-loop PUCT on the estimate (Hard until it checked)
PLAYERS = (BASELINE, POLICY, "easy", "normal", "hard")
DIFFICULTIES = tuple(rules.PRESETS)
FULL_GAMES = 500  # issue 10: at least 500 games a row
QUICK_GAMES = 20
REPORT_SEED = 100_000  # tuning used seeds 0-9,999
# The equal-clock row: seconds a turn for both players, and its game count (OpenSpiel's
# Python search makes these games slow).
CLOCK_SECONDS = 0.25
CLOCK_GAMES = 100
CLOCK_DIFFICULTY = rules.INTERMEDIATE


@dataclasses.dataclass(frozen=True)
class Setting:
    """How the searching players are set up for a run."""

    iterations: int | None = None  # override the search's iteration cap
    rollout_depth: int | None = None  # override the search's policy decisions before the estimate
    exploration: float | None = None  # override the search's PUCT constant
    loop: str | None = None  # "open" / "keyed": override the heuristic's open_loop_chance
    seconds: float | None = None  # Hard and OpenSpiel on this wall clock per decision
    morale: int | None = None  # override the starting morale
    checks: int | None = None  # override Hard's rollouts per move

    @property
    def tuned(self) -> bool:
        """Whether the search's budget is overridden."""
        return (self.iterations, self.rollout_depth, self.exploration) != (None,) * 3

    def note(self, player: str) -> str:
        parts = []
        if player == SEARCH and self.iterations is not None:
            parts.append(f"@{self.iterations} iterations")
        if player == SEARCH and self.rollout_depth is not None:
            parts.append(f"rollout depth {self.rollout_depth}")
        if player == SEARCH and self.exploration is not None:
            parts.append(f"exploration {self.exploration:g}")
        if player in (SEARCH, "normal") and self.loop is not None:
            parts.append(f"{self.loop} loop")
        if player == "hard" and self.checks is not None:
            parts.append(f"{self.checks} rollouts a move")
        if player in ("hard", OPENSPIEL) and self.seconds is not None:
            parts.append(f"{self.seconds:g} s a decision")
        if self.morale is not None:
            parts.append(f"morale {self.morale}")
        return f" ({', '.join(parts)})" if parts else ""


class ClockedCheck:
    """Hard on a wall clock: rounds of its check's rollouts until its share of the clock runs
    out. The clock is the one OpenSpiel's bot and our searching levels keep
    (``ai.turn_clock.TurnClock``: ``seconds`` for each turn of decisions in a row), so both
    sides think equally long. (With ``seconds`` for every decision instead, Hard thought
    249 ms a decision against the bot's 80 ms.)"""

    def __init__(self, seconds: float, seed: int) -> None:
        self.clock = TurnClock(seconds)
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def choose(self, state: State) -> int:
        assert isinstance(state, TsunoState)
        allotted = self.clock.allot(state)
        obvious = obvious_move(HEURISTICS["tsuno"], state)
        if obvious is not None:
            return obvious
        start = time.perf_counter()
        action = check(state, self.rng, 10**9, greedy_action, allotted)[0]
        self.clock.spend(time.perf_counter() - start)
        return action


def _agent(name: str, seed: int, setting: Setting) -> Agent:
    """The agent a player name stands for; "search:keyed" / "normal:open" names a search with
    its tree keyed by dice outcomes or open-loop (overriding ``setting.loop``)."""
    player, _, loop = name.partition(":")
    loop = loop or setting.loop or ""
    if player == BASELINE:
        return PolicyAgent(TsunoGreedyBaseline(), 0.0, seed)
    if player == POLICY:
        return PolicyAgent(HEURISTICS["tsuno"], 0.0, seed)
    if player == OPENSPIEL:
        from bench.openspiel_adapter import OpenSpielAgent  # needs the bench extra

        assert setting.seconds is not None, "OpenSpiel's bot plays on a clock"
        return OpenSpielAgent(setting.seconds, seed)
    if player == "hard" and setting.seconds is not None:
        return ClockedCheck(setting.seconds, seed)
    if player == "hard" and setting.checks is not None:
        budget = dataclasses.replace(budget_for("tsuno", "hard"), checks=setting.checks)
        return agent_for("tsuno", budget, seed, timed=False)
    if player == SEARCH:
        budget = budget_for("tsuno", "hint")
        if setting.iterations is not None:
            budget = dataclasses.replace(budget, iterations=setting.iterations)
        if setting.rollout_depth is not None:
            budget = dataclasses.replace(
                budget, rollout_depth=setting.rollout_depth, heuristic_rollouts=True
            )
        if setting.exploration is not None:
            budget = dataclasses.replace(budget, exploration=setting.exploration)
        agent: Agent = SearchAgent(HEURISTICS["tsuno"], budget, seed, timed=False)
    else:
        agent = make_agent("tsuno", player, seed, timed=False)
    if loop and isinstance(agent, SearchAgent):
        agent.mcts.open_loop = loop == "open"
    return agent


class Timed:
    """An agent whose thinking is timed: wall-clock seconds of each decision with a choice."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.times: list[float] = []

    def reseed(self, seed: int) -> None:
        self.agent.reseed(seed)

    def choose(self, state: State) -> int:
        start = time.perf_counter()
        action = self.agent.choose(state)
        if len(state.legal_actions()) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def play(
    player: str, difficulty: str, seeds: list[int], setting: Setting
) -> tuple[list[bool], list[float]]:
    """Whether ``player`` won each solitaire game of ``difficulty`` over ``seeds``, and the
    seconds it thought on each decision with a choice."""
    if setting.morale is not None:
        rules.PRESETS[difficulty] = rules.PRESETS[difficulty]._replace(morale=setting.morale)
    won = []
    times: list[float] = []
    for seed in seeds:
        state = GAMES["tsuno"].new_state(1, difficulty=difficulty)
        agent = Timed(_agent(player, seed, setting))
        won.append(play_out(state, [agent], random.Random(seed))[0] > 0)
        times += agent.times
    return won, times


def outcomes(
    player: str,
    difficulty: str,
    games: int,
    *,
    first_seed: int = REPORT_SEED,
    workers: int = 2,
    setting: Setting | None = None,
) -> tuple[list[bool], list[float]]:
    """(won, times): the outcome of each seed first_seed.. in order (split over ``workers``
    processes), and the wall-clock seconds of every decision with a choice."""
    setting = setting or Setting()
    seeds = list(range(first_seed, first_seed + games))
    chunks = [seeds[w::workers] for w in range(workers)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = [pool.submit(play, player, difficulty, chunk, setting) for chunk in chunks]
        results = [f.result() for f in futures]
    won = [False] * games
    for w, (chunk_won, _) in enumerate(results):
        won[w::workers] = chunk_won
    return won, [t for _, times in results for t in times]


def standard_error(rate: float, games: int) -> float:
    return math.sqrt(rate * (1 - rate) / games)


def paired_difference(first: list[bool], second: list[bool]) -> tuple[float, float]:
    """Mean of first - second over the same seeds, and its standard error."""
    n = len(first)
    diffs = [int(a) - int(b) for a, b in zip(first, second, strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else math.nan
    return mean, math.sqrt(variance / n)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, int(share * len(ranked)))]


def row(player: str, difficulty: str, won: list[bool], times: list[float], note: str) -> dict:
    games = len(won)
    wins = sum(won)
    rate = wins / games
    thought = ""
    if times and player not in (BASELINE, POLICY):
        mean = 1000 * sum(times) / len(times)
        median, p95 = (1000 * percentile(times, q) for q in (0.5, 0.95))
        thought = f", a decision {mean:.0f} ms mean, {median:.0f} median, {p95:.0f} p95"
    return {
        "game": "tsuno",
        "metric": (f"{difficulty} solitaire win rate, {player}{note} ({wins}/{games}{thought})"),
        "value": round(100 * rate, 1),
        "error": round(100 * standard_error(rate, games), 1),
        "unit": "%",
    }


def difference_row(
    difficulty: str, first: str, second: str, diff: tuple[float, float], note: str
) -> dict:
    return {
        "game": "tsuno",
        "metric": f"{difficulty} solitaire, {first} minus {second}{note}, same seeds",
        "value": round(100 * diff[0], 1),
        "error": round(100 * diff[1], 1),
        "unit": "points",
    }


def run(quick: bool) -> list[dict]:
    """Bench section (``python -m bench --strength``): every level and the baseline, then Hard
    against OpenSpiel's MCTSBot on an equal clock."""
    games = QUICK_GAMES if quick else FULL_GAMES
    rows = []
    for difficulty in DIFFICULTIES:
        results = {}
        for player in PLAYERS:
            won, times = outcomes(player, difficulty, games)
            results[player] = won
            rows.append(row(player, difficulty, won, times, ""))
        diff = paired_difference(results["hard"], results[BASELINE])
        rows.append(difference_row(difficulty, "hard", BASELINE, diff, ""))
    clocked = Setting(seconds=CLOCK_SECONDS)
    clock_games = QUICK_GAMES // 4 if quick else CLOCK_GAMES
    results = {}
    for player in ("hard", OPENSPIEL):
        won, times = outcomes(player, CLOCK_DIFFICULTY, clock_games, setting=clocked)
        results[player] = won
        rows.append(row(player, CLOCK_DIFFICULTY, won, times, clocked.note(player)))
    diff = paired_difference(results["hard"], results[OPENSPIEL])
    note = f" (both {CLOCK_SECONDS:g} s a decision)"
    rows.append(difference_row(CLOCK_DIFFICULTY, "hard", OPENSPIEL, diff, note))
    return rows


def _save(path: str, metric: str, first_seed: int, won: list[bool]) -> None:
    """Keep a row's per-seed outcomes, so runs on the same seeds can be paired later."""
    file = Path(path)
    saved = json.loads(file.read_text()) if file.exists() else {}
    saved[metric] = {"first_seed": first_seed, "won": [int(w) for w in won]}
    file.write_text(json.dumps(saved))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tsuno_strength", description=__doc__)
    parser.add_argument("--games", type=int, default=FULL_GAMES)
    parser.add_argument("--first-seed", type=int, default=REPORT_SEED)
    parser.add_argument("--players", default=",".join(PLAYERS))
    parser.add_argument("--difficulty", default=",".join(DIFFICULTIES))
    parser.add_argument("--iterations", type=int, default=None, help="the search's cap")
    parser.add_argument("--rollout-depth", type=int, default=None)
    parser.add_argument("--exploration", type=float, default=None)
    parser.add_argument("--loop", choices=("open", "keyed"), default=None)
    parser.add_argument("--seconds", type=float, default=None, help="wall clock per decision")
    parser.add_argument("--morale", type=int, default=None, help="override starting morale")
    parser.add_argument("--checks", type=int, default=None, help="Hard's rollouts a move")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--save", help="append each row's per-seed outcomes to this JSON file")
    args = parser.parse_args()
    setting = Setting(
        args.iterations,
        args.rollout_depth,
        args.exploration,
        args.loop,
        args.seconds,
        args.morale,
        args.checks,
    )
    for difficulty in args.difficulty.split(","):
        results = {}
        for player in args.players.split(","):
            won, times = outcomes(
                player,
                difficulty,
                args.games,
                first_seed=args.first_seed,
                workers=args.workers,
                setting=setting,
            )
            results[player] = won
            r = row(player, difficulty, won, times, setting.note(player))
            if args.save:
                _save(args.save, r["metric"], args.first_seed, won)
            print(f"{r['metric']}: {r['value']} % ± {r['error']}", flush=True)
        names = sorted(results, key=lambda name: not name.startswith("hard"))  # Hard first
        for first in names:
            for other in names[names.index(first) + 1 :]:
                if first.startswith("hard"):
                    diff = paired_difference(results[first], results[other])
                    r = difference_row(difficulty, first, other, diff, "")
                    print(f"{r['metric']}: {r['value']:+} ± {r['error']}", flush=True)


if __name__ == "__main__":
    main()
