"""How do the Tsuno Senki search's settings change the solitaire win rate?

The tuning runner behind the Tsuno studies in ``docs/experiments/``: the bench section's
players (``bench/tsuno_strength.py``) plus ``search``, the hint's search (open-loop PUCT on the
fitted estimate, 200 iterations: Hard until Hard checked its policy by rollouts), with its
iterations, rollout depth, exploration and loop overridden, Hard's rollouts a move, and the
starting morale. Every player plays the same seeds, so differences are paired per seed.

``python -m research.tsuno_study [--games N] [--first-seed N] [--players baseline,easy,...]
[--difficulty D] [--iterations N] [--rollout-depth N] [--exploration C] [--loop open|keyed]
[--checks N] [--seconds S] [--morale M] [--workers W] [--save FILE]`` prints one line per
(difficulty, player), then the paired difference of every pair of players that includes Hard.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path

from ai.agents import Agent, SearchAgent, agent_for, budget_for
from ai.heuristics import HEURISTICS
from bench.tsuno_strength import (
    DIFFICULTIES,
    FULL_GAMES,
    PLAYERS,
    REPORT_SEED,
    Setting,
    difference_row,
    outcomes,
    paired_difference,
    row,
)
from game.engines.tsuno import rules

SEARCH = "search"  # the hint's search: open-loop PUCT on the estimate (Hard until it checked)


@dataclasses.dataclass(frozen=True)
class Tuned(Setting):
    """The bench's players with the search's budget, Hard's rollouts or the morale overridden;
    "search:keyed" / "normal:open" names a search keyed by dice outcomes or open-loop."""

    iterations: int | None = None
    rollout_depth: int | None = None
    exploration: float | None = None
    loop: str | None = None  # "open" / "keyed": override the heuristic's open_loop_chance
    morale: int | None = None
    checks: int | None = None

    def note(self, player: str) -> str:
        parts = [super().note(player).strip(" ()")]
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
        if self.morale is not None:
            parts.append(f"morale {self.morale}")
        parts = [part for part in parts if part]
        return f" ({', '.join(parts)})" if parts else ""

    def agent(self, player: str, seed: int) -> Agent:
        if self.morale is not None:  # each worker process sets it before its first game
            for difficulty, preset in rules.PRESETS.items():
                rules.PRESETS[difficulty] = preset._replace(morale=self.morale)
        player, _, loop = player.partition(":")
        loop = loop or self.loop or ""
        if player == "hard" and self.checks is not None and self.seconds is None:
            budget = dataclasses.replace(budget_for("tsuno", "hard"), checks=self.checks)
            agent = agent_for("tsuno", budget, seed, timed=False)
        elif player == SEARCH:
            budget = budget_for("tsuno", "hint")
            if self.iterations is not None:
                budget = dataclasses.replace(budget, iterations=self.iterations)
            if self.rollout_depth is not None:
                budget = dataclasses.replace(
                    budget, rollout_depth=self.rollout_depth, heuristic_rollouts=True
                )
            if self.exploration is not None:
                budget = dataclasses.replace(budget, exploration=self.exploration)
            agent = SearchAgent(HEURISTICS["tsuno"], budget, seed, timed=False)
        else:
            agent = super().agent(player, seed)
        if loop and isinstance(agent, SearchAgent):
            agent.mcts.open_loop = loop == "open"
        return agent


def _save(path: str, metric: str, first_seed: int, won: list[bool]) -> None:
    """Keep a row's per-seed outcomes, so runs on the same seeds can be paired later."""
    file = Path(path)
    saved = json.loads(file.read_text()) if file.exists() else {}
    saved[metric] = {"first_seed": first_seed, "won": [int(w) for w in won]}
    file.write_text(json.dumps(saved))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m research.tsuno_study", description=__doc__)
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
    setting = Tuned(
        seconds=args.seconds,
        iterations=args.iterations,
        rollout_depth=args.rollout_depth,
        exploration=args.exploration,
        loop=args.loop,
        morale=args.morale,
        checks=args.checks,
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
