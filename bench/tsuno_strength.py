"""Tsuno Senki win rates: each AI level, the crude greedy baseline and OpenSpiel's MCTSBot.

A co-operative game has no opponent to duel, so strength is the team's win rate in solitaire
(one seat commanding all six areas; every seat of a game is one kind of agent). Every player
plays the same seeds, and a seed fixes the sequence of dice, so players meet the same luck as
long as their moves allow (common random numbers); a difference between two players is
therefore reported with the standard error of the paired per-seed differences, which is
smaller than the two rates' errors combined.

Levels run on their caps (``timed=False``: Hard's rollouts a move, the searches' iterations) so
a row can be reproduced from its seeds on any machine. The rows against OpenSpiel run Hard's
check and OpenSpiel's ``MCTSBot`` (random rollouts, ``bench/openspiel_adapter.py``) on the same
wall clock, the bot's: ``CLOCK_SECONDS`` for each turn of decisions in a row
(``ClockedCheck``); they depend on the machine and its load. Heuristic constants were tuned on
seeds below ``REPORT_SEED``; the section plays seeds from there on. ``run(quick)`` is the bench
section of ``python -m bench --strength``; ``research/tsuno_study.py`` tunes the search with
the same machinery.
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor

from ai.agents import Agent, PolicyAgent, make_agent, obvious_move, play_out
from ai.heuristics import HEURISTICS
from ai.heuristics.tsuno import greedy_action
from ai.heuristics.tsuno_check import check
from ai.turn_clock import TurnClock
from bench.baselines.tsuno import TsunoGreedyBaseline
from game.engines import GAMES
from game.engines.base import State
from game.engines.tsuno import rules
from game.engines.tsuno.state import TsunoState

BASELINE = "baseline"  # the rules file's crude greedy policy (§12)
OPENSPIEL = "openspiel"  # OpenSpiel's MCTSBot with random rollouts, on a clock
POLICY = "policy"  # the heuristic policy alone: what Hard checks, Easy without its random moves
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
    """How a run's players are made: the levels on their caps, or Hard and OpenSpiel's bot on
    a wall clock. ``research/tsuno_study.py`` subclasses it to tune the search."""

    seconds: float | None = None  # Hard and OpenSpiel on this wall clock per decision

    def note(self, player: str) -> str:
        if player in ("hard", OPENSPIEL) and self.seconds is not None:
            return f" ({self.seconds:g} s a decision)"
        return ""

    def agent(self, player: str, seed: int) -> Agent:
        """The agent a player name stands for."""
        if player == BASELINE:
            return PolicyAgent(TsunoGreedyBaseline(), 0.0, seed)
        if player == POLICY:
            return PolicyAgent(HEURISTICS["tsuno"], 0.0, seed)
        if player == OPENSPIEL:
            from bench.openspiel_adapter import OpenSpielAgent  # needs the bench extra

            assert self.seconds is not None, "OpenSpiel's bot plays on a clock"
            return OpenSpielAgent(self.seconds, seed)
        if player == "hard" and self.seconds is not None:
            return ClockedCheck(self.seconds, seed)
        return make_agent("tsuno", player, seed, timed=False)


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
    won = []
    times: list[float] = []
    for seed in seeds:
        state = GAMES["tsuno"].new_state(1, difficulty=difficulty)
        agent = Timed(setting.agent(player, seed))
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
