"""A level's budget is one clock for a whole turn, and a search stops when its choice is clear."""

from __future__ import annotations

from ai.agents import Budget, SearchAgent
from ai.heuristics import HEURISTICS
from ai.turn_clock import TurnClock
from game.engines.battleline import BattleLineState
from game.engines.battleline.cards import parse_card
from tests.test_battleline_support import position

HEURISTIC = HEURISTICS["battleline"]
BUDGET = Budget(search=True, seconds=3.0, iterations=400, rollout_depth=0, exploration=0.4)


class CountingAgent(SearchAgent):
    """Records the iterations each decision searched."""

    def __init__(self, budget: Budget, timed: bool = False) -> None:
        super().__init__(HEURISTIC, budget, seed=1, timed=timed)
        self.spent: list[float] = []
        self.allotted: list[float] = []

    def _search(self, state, allotted):  # type: ignore[no-untyped-def]
        self.allotted.append(allotted)
        result, clear = super()._search(state, allotted)
        self.spent.append(result.seconds if self.seconds is not None else result.iterations)
        return result, clear


def _open_position():
    sides = {0: ("R3", "B5"), 4: ("G7", "Y2"), 7: ("", "P9 P8")}
    return position(("R4 G2 Y8 O5 B9 P1 O10", "R1 R2"), sides, tactics_deck="")


def test_the_card_and_its_flag_share_one_turn_budget() -> None:
    state = _open_position()
    agent = CountingAgent(BUDGET)
    state.apply_action(agent.choose(state))
    state.apply_action(agent.choose(state))
    card, flag = agent.spent
    assert card <= TurnClock.FIRST_SHARE * BUDGET.iterations + 1
    assert card + flag <= BUDGET.iterations + 1


def test_a_timed_turn_stays_within_its_clock() -> None:
    budget = Budget(search=True, seconds=0.6, iterations=10**9, rollout_depth=0)
    state = _open_position()
    agent = CountingAgent(budget, timed=True)
    state.apply_action(agent.choose(state))
    state.apply_action(agent.choose(state))
    first, second = agent.allotted
    assert first == TurnClock.FIRST_SHARE * 0.6
    # The flag gets what the card left of the turn's clock (or the floor when it overran),
    # less the hand-over between them (the card applied, the flag asked): the whole turn keeps
    # the clock, not only its searches.
    left = max(0.6 - agent.spent[0], TurnClock.FLOOR_SHARE * 0.6)
    assert left - 0.05 < second < left
    # Each search stops at its allotment, give or take a chunk (generous: a loaded machine
    # may preempt the search for a while; the benchmarks time it properly).
    assert all(s <= a + 1.0 for s, a in zip(agent.spent, agent.allotted, strict=True))


def _breakthrough_in_one(claim_timing: str = "basic") -> BattleLineState:
    # Flags 0 and 1 are won; R10 completes an unbeatable Wedge at flag 2: a Breakthrough.
    hands = ("R10 B2 Y5 G1 P3 O6 O4", "P1")
    return position(hands, {2: ("R8 R9", "B1 B2")}, claimed={0: 0, 1: 0}, claim_timing=claim_timing)


def test_a_clear_choice_is_answered_early() -> None:
    # In advanced timing the claim waits for the next turn: the search still has to see it.
    state = _breakthrough_in_one(claim_timing="advanced")
    agent = CountingAgent(BUDGET)
    assert agent.choose(state) == parse_card("R10")
    assert agent.spent[0] < 0.75 * TurnClock.FIRST_SHARE * BUDGET.iterations


def test_a_win_on_the_spot_needs_no_search() -> None:
    # In basic timing the claims follow the card at once: the decisive-move check plays it.
    agent = CountingAgent(BUDGET)
    assert agent.choose(_breakthrough_in_one()) == parse_card("R10")
    assert agent.spent == []
