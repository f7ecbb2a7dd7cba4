"""Frontline General's AI measured for ``python -m bench --strength`` (rules §10.6 and §12.8).

- latency: the time of one decision per level on positions from policy games (median, p95),
  with the clock on, as a player meets it;
- balance: the §12.8 Normal rule policy (``bench/baselines/frontline.py``, no search) against
  itself on the prebuilt decks, the rules' own simulation being 47% US, 6.8 turns, ~15% overrun,
  and Hard against itself (neither army above 55%);
- duels: seat-swapped games between levels, the rule policy ("rules") and OpenSpiel's ISMCTSBot
  ("ismcts", on the wall-clock of Hard), iteration-capped, with the standard error.

The studies built on these (loss analysis, first-turn study, per-unit ledger, deck study,
calibration) are in ``research/frontline_studies.py``.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ai.agents import (
    Agent,
    PolicyAgent,
    agent_for,
    budget_for,
    make_agent,
    obvious_move,
    play_out,
)
from ai.heuristics import HEURISTICS
from game.engines.base import State
from game.engines.frontline import FrontlineGame, FrontlineState
from game.engines.frontline.options import DECKS, GE_DECK, OPTIONS, TURN_LIMIT, US_DECK

HEURISTIC = HEURISTICS["frontline"]
# The turn limit every duel here is played with (the game has none by default, §9 #24).
DUEL_TURNS = 30


def sampled(
    count: int, seed: int, wanted: Callable[[FrontlineState], bool], share: float
) -> list[FrontlineState]:
    """``count`` decision positions where ``wanted`` holds, each kept with probability
    ``share`` and determinized for the seat to move, from policy self-play on the duels' deck
    pairings."""
    rng = random.Random(seed)
    found: list[FrontlineState] = []
    game = 0
    while len(found) < count:
        state = FrontlineGame().new_state(**setup(game))
        game += 1
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if wanted(state) and rng.random() < share:
                found.append(state.determinize(state.player, rng))
            action = obvious_move(HEURISTIC, state)
            state.apply_action(HEURISTIC.policy(state, rng) if action is None else action)
    return found


def _needs_thought(state: FrontlineState) -> bool:
    """More than one move and no automatic move."""
    return obvious_move(HEURISTIC, state) is None


def latency(levels: tuple[str, ...], count: int) -> dict[str, tuple[float, float, float]]:
    """Per level: median, p95 and max seconds of one timed decision."""
    states = sampled(count, 1, _needs_thought, 0.05)
    out = {}
    for level in levels:
        agent = (
            IsmctsAgent(ISMCTS_SIMULATIONS, 7)
            if level == "ismcts"
            else make_agent("frontline", level, 7)
        )
        times = []
        for state in states:
            start = time.perf_counter()
            agent.choose(state.clone())
            times.append(time.perf_counter() - start)
        times.sort()
        out[level] = (statistics.median(times), times[int(0.95 * (len(times) - 1))], times[-1])
    return out


# OpenSpiel's ISMCTSBot plays random rollouts to the end (~3,000 actions); this many
# simulations take about Hard's 2.5 s clock on the same machine (measured with --latency).
ISMCTS_SIMULATIONS = 10


class IsmctsAgent:
    """OpenSpiel's ISMCTSBot on our engine (obvious moves played at once, as every level does):
    on a simulation cap, or with ``clock`` on the wall time per decision that the clock's
    agent has spent so far on average, in the same process, so that a loaded machine slows
    both alike. The bot counts simulations, so its own rate (simulations per second over its
    searches so far, first measured on ``simulations``) turns that time into a count."""

    def __init__(self, simulations: int, seed: int, clock: Stopwatch | None = None) -> None:
        self.simulations = simulations
        self.rng = random.Random(seed)
        self.clock = clock
        self._done = 0
        self._seconds = 0.0

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def choose(self, state: State) -> int:
        from bench.openspiel_adapter import openspiel_ismcts_search

        obvious = obvious_move(HEURISTIC, state)
        if obvious is not None:
            return obvious
        count = self.simulations
        if self.clock is not None and self.clock.decisions and self._seconds > 0:
            count = max(2, round(self._done / self._seconds * self.clock.mean()))
        start = time.perf_counter()
        action = openspiel_ismcts_search(state, count, self.rng.getrandbits(31))
        self._seconds += time.perf_counter() - start
        self._done += count
        return action


class Stopwatch:
    """An agent whose decisions that need thought are timed (the clock of a matched bot)."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.decisions = 0

    def reseed(self, seed: int) -> None:
        self.inner.reseed(seed)

    def mean(self) -> float:
        return self.seconds / self.decisions

    def choose(self, state: State) -> int:
        if obvious_move(HEURISTIC, state) is not None:
            return self.inner.choose(state)
        start = time.perf_counter()
        action = self.inner.choose(state)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def agent(name: str, seed: int) -> Agent:
    if name == "rules":
        from bench.baselines.frontline import RulePolicyAgent

        return RulePolicyAgent(seed)
    if name == "ismcts":
        return IsmctsAgent(ISMCTS_SIMULATIONS, seed)
    if name == "random":
        return PolicyAgent(None, 1.0, seed)
    if name == "policy":  # the heuristic's policy alone, no randomness, no search
        return PolicyAgent(HEURISTIC, 0.0, seed)
    if "@" in name:  # a level on a stated cap: "normal@100" iterations, "hard@50" rollouts
        level, cap = name.split("@")
        budget = budget_for("frontline", level)
        if budget.search:
            budget = dataclasses.replace(budget, iterations=int(cap))
        else:
            budget = dataclasses.replace(budget, checks=int(cap))
        return agent_for("frontline", budget, seed, timed=False)
    return make_agent("frontline", name, seed, timed=False)


def agents_for(names: tuple[str, str], seed: int) -> list[Agent]:
    """The two agents of a game; ISMCTSBot against a searching level thinks as long per
    decision as that level does (equal wall-clock time, as OpenSpiel's bot has no other
    budget in common with ours)."""
    made = [agent(name, seed * 10 + seat) for seat, name in enumerate(names)]
    if "ismcts" in names and names[0] != names[1]:
        mine = 1 - names.index("ismcts")
        clock = Stopwatch(made[mine])
        made[mine] = clock
        made[1 - mine] = IsmctsAgent(ISMCTS_SIMULATIONS, seed * 10 + 1 - mine, clock)
    return made


def setup(seed: int) -> dict[str, Any]:
    """The options of a duel's game from its seed: the four pairings of prebuilt decks in
    turn, and every fourth pair of games with decks built in secret (§3) instead."""
    return {
        US_DECK: OPTIONS[US_DECK][seed % 2],
        GE_DECK: OPTIONS[GE_DECK][seed // 2 % 2],
        DECKS: "build" if seed % 4 == 3 else "prebuilt",
        TURN_LIMIT: DUEL_TURNS,
    }


def play(names: tuple[str, str], seed: int) -> FrontlineState:
    state = FrontlineGame().new_state(**setup(seed))
    play_out(state, agents_for(names, seed), random.Random(seed))
    return state


def duel(a: str, b: str, pairs: int, first_seed: int = 0) -> tuple[int, float, float]:
    """Seat-swapped pairs, printed as they finish: (games, ``a``'s score, standard error)."""
    scores: list[float] = []
    for seed in range(first_seed, first_seed + pairs):
        for names, seat in (((a, b), 0), ((b, a), 1)):
            result = play(names, seed).returns()[seat]
            scores.append(0.5 + 0.5 * result)
        mean = statistics.mean(scores)
        err = statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
        print(
            f"{a} vs {b}: {len(scores)} games, score {100 * mean:.1f}% +- {100 * err:.1f}",
            flush=True,
        )
    return len(scores), mean, err


def us_score(state: FrontlineState) -> float:
    """The US army's result of a finished game: 1 won, 0.5 drawn, 0 lost."""
    return 0.5 if state.winner < 0 else float(state.winner == state.seat_of_side(0))


def balance_state(seed: int) -> tuple[FrontlineState, tuple[str, str]]:
    """The balance game of ``seed``: the four pairings of prebuilt decks (§10.5) in turn, each
    army in each seat; and its (US, German) decks."""
    decks = (OPTIONS[US_DECK][seed % 2], OPTIONS[GE_DECK][seed // 2 % 2])
    state = FrontlineGame().new_state(
        us_deck=decks[0],
        ge_deck=decks[1],
        seat0_army=("US", "GE")[seed // 4 % 2],
        turn_limit=DUEL_TURNS,
    )
    return state, decks


def balance_record(seed: int, decks: tuple[str, str], state: FrontlineState) -> dict[str, Any]:
    """A finished balance game as ``balance_report`` reads it."""
    return {"seed": seed, "us_deck": decks[0], "ge_deck": decks[1],
            "us_seat": state.seat_of_side(0), "us": us_score(state), "turns": state.turn,
            "end": state.end_reason}  # fmt: skip


def balance(
    games: int, name: str = "rules", first_seed: int = 0
) -> tuple[float, float, float, float]:
    """Self-play of ``name`` (the rule policy, or a level: Hard vs Hard) over
    ``balance_state``'s games on seeds from ``first_seed``: the US share and its standard
    error, turns, overrun share (``balance_report``)."""
    games_played: list[dict[str, Any]] = []
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state, decks = balance_state(seed)
        play_out(state, [agent(name, 2 * seed), agent(name, 2 * seed + 1)], random.Random(seed))
        games_played.append(balance_record(seed, decks, state))
    print(f"balance ({name}): {games} games in {time.perf_counter() - start:.0f} s", flush=True)
    return balance_report(games_played)


def balance_report(games_played: list[dict[str, Any]]) -> tuple[float, float, float, float]:
    """Prints and returns a balance run's US share, its standard error, the mean turns and the
    overrun share, from its games (``balance``'s records), with the US share per pairing."""
    us = [g["us"] for g in games_played]
    turns = statistics.mean(g["turns"] for g in games_played)
    overrun = sum(g["end"] == "overrun" for g in games_played) / len(games_played)
    mean = statistics.mean(us)
    err = statistics.stdev(us) / math.sqrt(len(us)) if len(us) > 1 else 0.0
    print(
        f"{len(us)} games: US {100 * mean:.1f}% +- {100 * err:.1f} "
        f"(draws {us.count(0.5)}), {turns:.2f} turns, overrun {100 * overrun:.1f}%",
        flush=True,
    )
    pairing: dict[tuple[str, str], list[float]] = {}
    for g in games_played:
        pairing.setdefault((g["us_deck"], g["ge_deck"]), []).append(g["us"])
    for (us_deck, ge_deck), results in sorted(pairing.items()):
        spread = statistics.stdev(results) / math.sqrt(len(results)) if len(results) > 1 else 0
        print(f"  {us_deck} vs {ge_deck}: US {100 * statistics.mean(results):.1f}% "
              f"+- {100 * spread:.1f} ({len(results)} games)")  # fmt: skip
    return mean, err, turns, overrun


# Full runs: (A, B, seat-swapped pairs, target). Hard games take minutes each on a loaded
# machine, so a full run is hours. Tuning used seeds below 10,000; reports start here.
REPORT_SEED = 100_000
DUELS = (
    ("hard", "rules", 100, ">= 75%"),
    ("hard", "ismcts", 100, ">= 75%"),
    ("hard", "normal", 100, ">= 60%"),
    ("normal", "easy", 100, ">= 60%"),
    ("normal", "rules", 100, ""),
    ("policy", "rules", 100, ""),
)
HARD_BALANCE_GAMES = 200  # Hard against itself: neither army above 55%


def run(quick: bool) -> list[dict]:
    """Bench section (``python -m bench --strength``): latency, balance and duels."""
    rows: list[dict] = []
    for level, (median, p95, _) in latency(("normal", "hard"), 5 if quick else 20).items():
        rows.append(
            {"game": "frontline", "metric": f"{level} decision p95 (median {median:.2f} s)",
             "value": round(p95, 2), "unit": "s"}
        )  # fmt: skip
    us, err, turns, overrun = balance(20 if quick else 2000)
    rows.append(
        {"game": "frontline", "metric": f"rules self-play US wins (+- {100 * err:.1f}; "
         f"{turns:.1f} turns, {100 * overrun:.0f}% overrun)", "value": round(100 * us, 1),
         "unit": "%", "target": "~47% (rules §10.6)"}
    )  # fmt: skip
    for a, b, pairs, target in DUELS[-1:] if quick else DUELS:
        games, score, err = duel(a, b, 3 if quick else pairs, REPORT_SEED)
        rows.append(
            {"game": "frontline", "metric": f"{a} vs {b} score ({games} games, +- "
             f"{100 * err:.1f})", "value": round(100 * score, 1), "unit": "%", "target": target}
        )  # fmt: skip
    if not quick:
        us, err, turns, overrun = balance(HARD_BALANCE_GAMES, "hard")
        rows.append(
            {"game": "frontline", "metric": f"hard self-play US wins (+- {100 * err:.1f})",
             "value": round(100 * us, 1), "unit": "%", "target": "45-55%"}
        )  # fmt: skip
    return rows
