"""Seat-swapped tournaments between AI levels, spread over processes.

Every seed is played twice with the seats swapped; the chance outcomes come from the seed, so
both games of a pair deal from the same pile as long as the moves allow, which cancels most of
the luck. Agents run on their iteration caps (``timed=False``) so a result can be reproduced
from its seeds on any machine, and the clock of a busy machine does not weaken one side.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ai.agents import Agent, PolicyAgent, make_agent, play_out
from game.engines import GAMES

RANDOM = "random"  # a uniformly random player, the floor every level is measured against


@dataclass(frozen=True)
class Pairing:
    strong: str
    weak: str
    target: float | None  # the minimum score the lead asks for, if any
    pairs: int  # seat-swapped pairs of games in a full run (a quick run plays 10)


# The pairings the lead's targets name. Battle Line's games are long, so its vs-random rows
# play fewer pairs.
PAIRINGS = (Pairing("normal", "easy", 0.70, 50), Pairing("hard", "normal", 0.60, 50))
GAME_PAIRINGS: dict[str, tuple[Pairing, ...]] = {
    "battleline": (
        Pairing("hard", "easy", 0.85, 100),
        Pairing("hard", "normal", 0.60, 100),
        Pairing("normal", "easy", None, 50),
        *(Pairing(level, RANDOM, None, 20) for level in ("easy", "normal", "hard")),
    ),
    "frontline": (),  # its own section: bench/frontline_strength.py
}
QUICK_PAIRS = 10
WORKERS = 2


@dataclass(frozen=True)
class DuelResult:
    strong: str
    weak: str
    wins: int
    draws: int
    losses: int
    seconds: float

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Share of points won by the stronger level, a draw counting half."""
        return (self.wins + 0.5 * self.draws) / self.games


def play_game(game_id: str, levels: tuple[str, ...], seed: int) -> list[float]:
    """One game between agents of ``levels`` (seat order); returns the final returns."""
    agents = [_agent(game_id, level, seed * 10 + seat) for seat, level in enumerate(levels)]
    return play_out(GAMES[game_id].new_state(len(levels)), agents, random.Random(seed))


def _agent(game_id: str, level: str, seed: int) -> Agent:
    if level == RANDOM:
        return PolicyAgent(None, 1.0, seed)
    return make_agent(game_id, level, seed, timed=False)


def _pair(game_id: str, strong: str, weak: str, seed: int) -> tuple[float, float]:
    """The stronger level's returns from both seatings of one seed."""
    first = play_game(game_id, (strong, weak), seed)[0]
    second = play_game(game_id, (weak, strong), seed)[1]
    return first, second


def duel(game_id: str, strong: str, weak: str, pairs: int, first_seed: int = 0) -> DuelResult:
    """``2 * pairs`` seat-swapped games of ``strong`` against ``weak``."""
    start = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(WORKERS, mp_context=context) as pool:
        futures = [
            pool.submit(_pair, game_id, strong, weak, seed)
            for seed in range(first_seed, first_seed + pairs)
        ]
        results = [value for future in futures for value in future.result()]
    return DuelResult(
        strong,
        weak,
        wins=sum(r > 0 for r in results),
        draws=sum(r == 0 for r in results),
        losses=sum(r < 0 for r in results),
        seconds=time.perf_counter() - start,
    )


def pairing_row(game_id: str, pairing: Pairing, result: DuelResult) -> dict:
    """One bench table row for a finished duel."""
    row = {
        "game": game_id,
        "metric": (
            f"{pairing.strong} vs {pairing.weak} score (W-D-L {result.wins}-{result.draws}-"
            f"{result.losses}, {result.seconds:.0f} s)"
        ),
        "value": round(100 * result.score, 1),
        "unit": "%",
    }
    if pairing.target is not None:
        row["target"] = f">= {pairing.target:.0%}"
    return row


def run(quick: bool) -> list[dict]:
    """Bench section: every pairing of every built two-player game."""
    rows = []
    for game_id, game in GAMES.items():
        if game.min_players > 2 or game.cooperative:
            continue
        for pairing in GAME_PAIRINGS.get(game_id, PAIRINGS):
            pairs = QUICK_PAIRS if quick else pairing.pairs
            result = duel(game_id, pairing.strong, pairing.weak, pairs)
            rows.append(pairing_row(game_id, pairing, result))
    return rows
