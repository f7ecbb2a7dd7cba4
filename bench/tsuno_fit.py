"""Fit the weights of Tsuno Senki's win estimate (``ai/heuristics/tsuno.py``, ESTIMATE_WEIGHTS).

``python -m bench.tsuno_fit [games]``: plays seeded games of the heuristic policy on every
difficulty (and 4-player Advanced with 3 yellow dice), takes the features at every decision
point, labels them with the game's result, fits a logistic regression by Newton's method and
prints the weights and the log loss (against a constant model) on held-out games.
"""

from __future__ import annotations

import random
import sys

import numpy as np

from ai.heuristics.tsuno import features, greedy_action
from game.engines import GAMES

SETTINGS = ((1, "beginner"), (1, "intermediate"), (1, "advanced"), (4, "advanced"))


def samples(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    rows: list[tuple[float, ...]] = []
    labels: list[float] = []
    for g in range(games):
        players, difficulty = SETTINGS[g % len(SETTINGS)]
        state = GAMES["tsuno"].new_state(players, difficulty=difficulty)
        seen = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
                continue
            seen.append(features(state))
            state.apply_unchecked(greedy_action(state))
        won = float(state.returns()[0] > 0)
        rows += seen
        labels += [won] * len(seen)
    return np.array(rows), np.array(labels)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 25) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(games: int = 4000) -> None:
    x, y = samples(games, seed=1)
    w = fit(x, y)
    tx, ty = samples(games // 4, seed=2)
    base = np.array([np.log(ty.mean() / (1 - ty.mean()))] + [0.0] * (x.shape[1] - 1))
    print("ESTIMATE_WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    print(f"held-out log loss {log_loss(tx, ty, w):.4f} (constant {log_loss(tx, ty, base):.4f})")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
