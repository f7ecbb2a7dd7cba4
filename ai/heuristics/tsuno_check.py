"""Tsuno Senki Hard: the team policy's every candidate move checked by policy rollouts on common
dice (flat Monte Carlo, one ply).

Each rollout j plays each legal move and then the policy to the end. The dice of rollout j are
fixed by *which* roll they belong to, not by how many dice came before: the appearance roll of
day d and the attack roll of area a on day d always show the same faces in rollout j, whatever
move was tried. A move that skips an attack roll (Wait) therefore meets the same Ichijo
appearances as one that rolls (Attack), and the comparison between moves sees their own effect
rather than different luck (common random numbers), which a tree search over sampled dice does
not: there, every iteration meets other dice.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ai.checked import Checked
from game.engines.tsuno.rules import AREAS, DAYS
from game.engines.tsuno.state import APPEARANCE, ROLL, TsunoState

Policy = Callable[[TsunoState], int]
MAX_ROLL = 9  # most dice in one roll (6 black and 3 yellow)


class CommonDice:
    """The faces of one rollout: every roll the game can make (a day's appearance, each area's
    attack on each day) drawn up front, so a roll's faces never depend on which rolls came
    before it. Shared by the moves compared in that rollout (read only)."""

    __slots__ = ("faces",)

    def __init__(self, seed: float) -> None:
        draw = random.Random(seed).random
        rolls = DAYS * (len(AREAS) + 1)
        self.faces = [[int(draw() * 6) for _ in range(MAX_ROLL)] for _ in range(rolls)]

    def face(self, state: TsunoState) -> int:
        """The chance action for the next die of the roll under way in ``state``."""
        slot = 0 if state.roll_kind == APPEARANCE else state.area
        return self.faces[(state.day - 1) * (len(AREAS) + 1) + slot][len(state.dice)]


def rollout_wins(state: TsunoState, dice: CommonDice, policy: Policy) -> bool:
    """Whether the team wins from ``state`` (mutated) playing ``policy`` on ``dice``."""
    apply = state.apply_unchecked
    while not state.is_terminal():
        apply(dice.face(state) if state.phase == ROLL else policy(state))
    return state.result > 0


def check(
    state: TsunoState,
    rng: random.Random,
    rollouts: int,
    policy: Policy,
    seconds: float | None = None,
) -> tuple[int, dict[int, int]]:
    """The legal move that won most of ``rollouts`` policy rollouts (each move meets the same
    dice in rollout j), ties to the policy's own move; and each move's wins. With ``seconds``,
    stops after the rollout round that runs out of time (at least one round)."""
    checked = check_moves(state, rng, rollouts, policy, seconds)
    return checked.action, {a: int(w) for a, w in zip(checked.moves, checked.totals, strict=True)}


def check_moves(
    state: TsunoState,
    rng: random.Random,
    rollouts: int,
    policy: Policy,
    seconds: float | None = None,
) -> Checked:
    """``check``'s statistics: every legal move a candidate, its wins its total (so checks of
    the same position in several processes add up, ``ai.checked.merge``)."""
    legal = state.legal_actions()
    wins = [0] * len(legal)
    deadline = None if seconds is None else time.perf_counter() + seconds
    rounds = 0
    while rounds < rollouts:
        dice = CommonDice(rng.random())
        for index, action in enumerate(legal):
            after = state.clone()
            after.apply_unchecked(action)
            wins[index] += rollout_wins(after, dice, policy)
        rounds += 1
        if deadline is not None and time.perf_counter() >= deadline:
            break
    own = legal.index(policy(state))
    return Checked(tuple(legal), tuple(float(w) for w in wins), rounds, own)
