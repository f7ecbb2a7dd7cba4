"""Does Battle Line's Hard lose games to how it plays tactics cards? Game by game against
formation+tactics.

    python -m research.battleline_tactics record FIRST PAIRS OUT.jsonl   # append pair by pair
    python -m research.battleline_tactics study OUT.jsonl ...             # the first tactics card
    python -m research.battleline_tactics score BEFORE.jsonl [AFTER.jsonl]  # ± SE, paired A/B

``record`` plays Hard against the formation builder with tactics, both seatings of each seed, as
``bench.strength`` does (same agents and seeds, iteration caps), and writes each game's history
with Hard's root statistics at every searched decision: a run can stop at any pair and every
finished pair counts. ``study`` replays the games: who played the first tactics card, in which
of their turns, which card, where it went and whether that flag was won, the search's value of
it over the best troop card (the gain it saw), and whether a losing game ended on the
opponent's tactics card while Hard was a tactics card ahead (could not answer), and Hard's
process time per search and per turn. ``score`` gives each file's score over pairs (a pair's
two games are not independent) and, for two files, the per-seed difference with its standard
error.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections import Counter, defaultdict
from typing import Any

from ai.agents import SearchAgent, budget_for, play_out
from ai.heuristics import HEURISTICS
from ai.mcts import SearchResult
from bench.strength import make_opponent
from game.engines import GAMES
from game.engines.base import State
from game.engines.battleline.actions import FLAG_BASE, PASS
from game.engines.battleline.cards import ENVIRONMENT, MORALE, NUM_TROOPS
from game.engines.battleline.cards import TACTICS_NAMES as NAMES
from game.engines.battleline.phases import PH_PLAY

GAME = "battleline"
OPPONENT = "formation+tactics"


class RecordingAgent(SearchAgent):
    """Hard, keeping each search's root statistics (history length, move, visits, values) and
    its process time (the machine's load does not count)."""

    def __init__(self, seed: int) -> None:
        super().__init__(HEURISTICS[GAME], budget_for(GAME, "hard"), seed, timed=False)
        self.records: list[dict[str, Any]] = []

    def _search(self, state: State, allotted: float) -> tuple[SearchResult, bool]:
        start = time.process_time()
        result, clear = super()._search(state, allotted)
        cpu = time.process_time() - start
        top = sorted(result.visits, key=lambda a: -result.visits[a])[:6]
        self.records.append(
            {
                "h": len(state.history),
                "a": result.action,
                "top": [(a, result.visits[a], round(result.values[a], 3)) for a in top],
                "cpu": round(cpu, 3),
            }
        )
        return result, clear


def record(first: int, pairs: int, out: str) -> None:
    with open(out, "a") as log:
        for seed in range(first, first + pairs):
            for seat in (0, 1):
                hard = RecordingAgent(seed * 10 + seat)
                other = make_opponent(GAME, OPPONENT, seed * 10 + 1 - seat)
                agents = [hard, other] if seat == 0 else [other, hard]
                state = GAMES[GAME].new_state(2)
                returns = play_out(state, agents, random.Random(seed))
                row = {"seed": seed, "seat": seat, "r": returns[seat], "hist": state.history}
                log.write(json.dumps({**row, "rec": hard.records}) + "\n")
                log.flush()


def _games(paths: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for path in paths for line in open(path)]


def study(paths: list[str]) -> None:
    counts: Counter[tuple[str, ...]] = Counter()
    gains = []
    for game in _games(paths):
        hard, hist = game["seat"], game["hist"]
        searched = {r["h"]: r for r in game["rec"]}
        state = GAMES[GAME].new_state(2)
        turns = [0, 0]
        plays = []  # (player, turn, card, where it went or -1, gain the search saw or None)
        last: tuple[int, int, bool] | None = None  # (player, card, Hard a tactics card ahead)
        for i, action in enumerate(hist):
            player = state.current_player()
            if player in (0, 1) and state.phase == PH_PLAY and action != PASS:
                turns[player] += 1
                ahead = state.tactics_played[hard] > state.tactics_played[1 - hard]
                last = (player, action, ahead)
                if action >= NUM_TROOPS:
                    placed = action in MORALE or action in ENVIRONMENT
                    flag = hist[i + 1] - FLAG_BASE if placed else -1
                    gain = _gain(searched.get(i), action)
                    plays.append((player, turns[player], action, flag, gain))
            state.apply_action(action)
        result = "won" if game["r"] > 0 else "lost" if game["r"] < 0 else "drawn"
        words = []
        for player, turn, card, flag, gain in plays:
            who = "Hard" if player == hard else "base"
            where = ""
            if flag >= 0:
                owner = state.claimed[flag]
                held = "won" if owner == player else "lost" if owner >= 0 else "open"
                where = f" at flag {flag} ({held})"
            seen = "" if gain is None else f" gain {gain:+.3f}"
            words.append(f"{who} turn {turn}: {NAMES[card]}{where}{seen}")
        if plays:
            who = "Hard" if plays[0][0] == hard else "base"
            counts[("first tactics card by", who)] += 1
            counts[
                ("first tactics card by", who, "turn <= 3" if plays[0][1] <= 3 else "later")
            ] += 1
            counts[("first card", who, NAMES[plays[0][2]])] += 1
            if who == "Hard" and plays[0][4] is not None:
                gains.append(plays[0][4])
        else:
            counts[("no tactics card played",)] += 1
        ended = "a troop card"
        if last is not None and last[1] >= NUM_TROOPS:
            ended = ("Hard's " if last[0] == hard else "base's ") + NAMES[last[1]]
            if last[0] != hard:
                counts[("base's tactics card ended it; Hard ahead", str(last[2]))] += 1
        counts[(result, "ended by", ended)] += 1
        print(game["seed"], game["seat"], result, "; ".join(words) or "-", "| ended by", ended)
    for key, n in sorted(counts.items()):
        print(n, " ".join(key))
    _latency(paths)
    if gains:
        gains.sort()
        median = gains[len(gains) // 2]
        print(f"Hard's first tactics card over its best troop card: median {median:+.3f}")


def _latency(paths: list[str]) -> None:
    """Hard's process time per search and per turn (a card's search and its flag's, which
    follows at the next history length, are one turn)."""
    searches, turns = [], []
    for game in _games(paths):
        last = -2
        for searched in game["rec"]:
            if "cpu" not in searched:
                continue
            searches.append(searched["cpu"])
            if searched["h"] == last + 1:
                turns[-1] += searched["cpu"]
            else:
                turns.append(searched["cpu"])
            last = searched["h"]
    for name, times in (("search", searches), ("turn", turns)):
        if times:
            times.sort()
            p95 = times[int(0.95 * (len(times) - 1))]
            print(
                f"Hard's process time per {name}: median {times[len(times) // 2]:.2f} s, ", end=""
            )
            print(f"p95 {p95:.2f} s, max {times[-1]:.2f} s ({len(times)})")


def _gain(searched: dict[str, Any] | None, card: int) -> float | None:
    """The search's value of ``card`` less that of its most visited troop card, if any."""
    if searched is None:
        return None
    values = {a: v for a, _n, v in searched["top"]}
    troops = [(n, a) for a, n, _v in searched["top"] if a < NUM_TROOPS]
    return values[card] - values[max(troops)[1]] if troops else None


def _pair_scores(path: str) -> dict[int, float]:
    """Per seed with both games: Hard's share of the points (a draw half)."""
    games: defaultdict[int, dict[int, float]] = defaultdict(dict)
    for game in _games([path]):
        games[game["seed"]][game["seat"]] = (1 + game["r"]) / 2
    return {seed: sum(g.values()) / 2 for seed, g in games.items() if len(g) == 2}


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else math.nan
    return mean, math.sqrt(var / n)


def score(paths: list[str]) -> None:
    scores = [_pair_scores(path) for path in paths]
    for path, pairs in zip(paths, scores, strict=True):
        if pairs:
            mean, se = _mean_se(list(pairs.values()))
            won = sum(game["r"] > 0 for game in _games([path]) if game["seed"] in pairs)
            lost = sum(game["r"] < 0 for game in _games([path]) if game["seed"] in pairs)
            span = f"seeds {min(pairs)}-{max(pairs)}"
            print(f"{path}: {100 * mean:.1f} % ± {100 * se:.1f}, {len(pairs)} pairs", end="")
            print(f" ({won}-{lost}-{2 * len(pairs) - won - lost}), {span}")
    if len(scores) == 2:
        common = sorted(set(scores[0]) & set(scores[1]))
        if len(common) > 1:
            mean, se = _mean_se([scores[1][s] - scores[0][s] for s in common])
            print(
                f"paired, second - first, {len(common)} seeds: {100 * mean:+.1f} ± {100 * se:.1f}"
            )


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "record":
        record(int(args[0]), int(args[1]), args[2])
    elif command == "study":
        study(args)
    elif command == "score":
        score(args)
    else:
        raise SystemExit(__doc__)
