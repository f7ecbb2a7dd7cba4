"""Tsuno Senki's independent baseline: the rules file's "crude greedy policy" (§12).

Written from its description only (it produced the rules file's win rates of about 0.95 / 0.48
/ 0.21), never tuned against our AI. Each area looks at itself and its neighbours, one rule
after the other:

- absorb a loss with as many pieces as allowed, reinforcements before soldiers;
- defend when forced; a unit in the castle attacks (to come home) unless it must defend;
- with one chip, attack it;
- with none, relieve the reachable area with the most chips if it has 2 or more;
- else replenish its own unit (or the neighbour with the lowest morale) while morale < 6;
- else heal (area 4), else wait.
"""

from __future__ import annotations

import random

from ai.heuristics.base import Heuristic
from game.engines.base import State
from game.engines.tsuno import actions as act
from game.engines.tsuno.rules import MAX_MORALE
from game.engines.tsuno.state import ABSORB, TsunoState


def greedy_action(state: TsunoState) -> int:
    legal = state.legal_actions()
    if state.phase == ABSORB:
        return max(legal, key=lambda a: (sum(act.ABSORB_CHOICES[a - act.ABSORB_BASE]), a))
    if len(legal) == 1:
        return legal[0]
    i = state.area - 1
    if not state.home[i]:
        return act.ATTACK
    if state.chips[i] == 1:
        return act.ATTACK
    reliefs = [a for a in legal if act.is_relief(a)]
    if reliefs:
        best = max(reliefs, key=lambda a: state.chips[act.target_of(a) - 1])
        if state.chips[act.target_of(best) - 1] >= 2:
            return best
    replenish = [a for a in legal if act.is_replenish(a)]
    if replenish:
        best = min(
            replenish,
            key=lambda a: (
                state.morale[act.target_of(a) - 1],
                a != act.replenish_action(state.area),
            ),
        )
        if state.morale[act.target_of(best) - 1] < MAX_MORALE:
            return best
    if act.HEAL in legal:
        return act.HEAL
    return act.WAIT


class TsunoGreedyBaseline(Heuristic):
    """The baseline as a policy, so the agents' and bench machinery can play it."""

    def policy(self, state: State, rng: random.Random) -> int:
        assert isinstance(state, TsunoState)
        return greedy_action(state)
