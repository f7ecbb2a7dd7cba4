"""The app's AI (``Match`` driving ``AIWorker``) plays the level as ``make_agent`` plays it in
process: the same whole-turn clock (a short one injected here, so that this is no timing test
of a busy machine), the same moves from the same seed and budget, and root-parallel processes
whose statistics add up to what one process would have found."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

import ai.worker
from ai.agents import Budget, PolicyAgent, agent_for, budget_for
from ai.checked import Checked, merge
from ai.mcts import SearchResult, combine
from ai.turn_times import TimedClient
from ai.worker import SEED_STRIDE, AIMove, AIWorker, _share, search_processes
from game.engines import GAMES
from game.engines.base import CHANCE, State
from game.engines.frontline.actions import HOLD, UNIT
from game.match import Match
from tests.test_frontline_ai_hard import _second_declarer

CLOCK = 0.8  # seconds: the injected turn clock
# Beyond the clock, per turn: the hand-over of each decision (pickling, the poll loop), a search
# iteration or check rollout begun before the clock ran out, a busy machine's preemptions. Less
# than the clock, so that a worker thinking the level's clock at each decision of a turn (Battle
# Line's card and then its flag) fails.
MARGIN = 0.5
AI_TURNS = 6  # whole turns timed per game
TIMEOUT = 120.0  # seconds a game may take before the test gives up


@pytest.fixture(scope="module")
def worker() -> Iterator[AIWorker]:
    worker = AIWorker(processes=1, seconds=CLOCK)
    worker.warm_up()
    yield worker
    worker.close()


def _ready(worker: AIWorker) -> None:
    """Wait until the process has started and answered once (start-up is not a turn's time)."""
    worker.request("flatfront", "easy", 0, _decision("flatfront", 0))
    deadline = time.monotonic() + TIMEOUT
    while worker.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_app_turn_keeps_the_levels_clock_without_falling_back(
    worker: AIWorker, game_id: str
) -> None:
    _ready(worker)
    client = TimedClient(worker)
    seats = ["hard", "hard"]
    match = Match(GAMES[game_id], seats, seed=11, client=client)
    deadline = time.monotonic() + TIMEOUT
    while not match.is_over and len(client.turns()) < AI_TURNS:
        assert time.monotonic() < deadline, "the match did not get on"
        if match.advance() is None:
            time.sleep(0.002)
    turns = client.turns()
    assert turns and client.fell_back == 0
    assert max(turns) <= CLOCK + MARGIN, [round(t, 2) for t in turns]


def _decision(game_id: str, seed: int) -> State:
    """A position of ``game_id`` where the player to move has a real choice, some moves in."""
    if game_id == "frontline":
        return _second_declarer(seed)  # where Hard checks its plans by rollouts
    rng = random.Random(seed)
    state = GAMES[game_id].new_state()
    moves = 0
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and moves >= 6:
            return state.determinize(player, rng)
        state.apply_action(rng.choice(legal))
        moves += 1


def _untimed(game_id: str, share: int = 1) -> Budget:
    """Hard's budget without its clock, small enough for a test: a search's iterations or a
    check's rollouts, ``share`` processes' worth."""
    budget = budget_for(game_id, "hard")
    if budget.search:
        return dataclasses.replace(budget, seconds=None, iterations=60 * share)
    return dataclasses.replace(budget, seconds=None, checks=4 * share)


def _ask(worker: AIWorker, game_id: str, seed: int, state: State, budget: Budget) -> AIMove:
    worker.request(game_id, "hard", seed, state, budget=budget)
    deadline = time.monotonic() + TIMEOUT
    while (answer := worker.poll()) is None:
        assert time.monotonic() < deadline, "the worker never answered"
        time.sleep(0.005)
    assert not answer.fell_back
    return answer


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_app_and_the_agent_in_process_play_the_same_move(game_id: str) -> None:
    state, budget = _decision(game_id, 3), _untimed(game_id)
    worker = AIWorker(processes=1, timeout_margin=TIMEOUT)
    try:
        answer = _ask(worker, game_id, 7, state, budget)
    finally:
        worker.close()
    assert answer.action == agent_for(game_id, budget, 7, timed=False).choose(state.clone())


def _in_two_processes(game_id: str, seed: int, state: State, budget: Budget) -> list[Any]:
    """What the two processes of a root-parallel worker decide, worked out in process: each
    its share of ``budget`` on its own seed."""
    return [
        agent_for(game_id, _share(budget, 2), seed + index * SEED_STRIDE).decide(state.clone())
        for index in range(2)
    ]


@pytest.mark.parametrize("game_id", ["battleline", "frontline", "tsuno"])
def test_two_processes_add_up_their_statistics(game_id: str) -> None:
    """Each process searches (or checks) its share on its own seed; the move is the sum's
    choice, as one longer search (or check) would choose it."""
    state, budget = _decision(game_id, 3), _untimed(game_id, share=2)
    worker = AIWorker(processes=2, timeout_margin=TIMEOUT)
    try:
        answer = _ask(worker, game_id, 7, state, budget)
    finally:
        worker.close()
    decisions = _in_two_processes(game_id, 7, state, budget)
    if budget.search:
        assert all(isinstance(d, SearchResult) for d in decisions)
        assert answer.iterations == sum(d.iterations for d in decisions) > 0
        assert answer.action == combine(decisions).action
    else:
        assert all(isinstance(d, Checked) for d in decisions)
        assert merge(decisions).rollouts == budget.checks
        assert answer.action == merge(decisions).action


def test_searches_leave_the_window_a_core(monkeypatch: pytest.MonkeyPatch) -> None:
    for cores, processes in ((1, 1), (2, 1), (4, 3), (16, 15)):
        monkeypatch.setattr(ai.worker, "available_cores", lambda cores=cores: cores)
        assert search_processes() == AIWorker().processes == processes


def test_a_turns_later_declarations_follow_the_merged_check() -> None:
    """Frontline's Hard checks its plans at a seat's first declaration and follows the winner
    through the turn; with processes added up, the winner is the sum's, handed back to each
    process (``adopt``) before its next decision."""
    state = _second_declarer(2)
    assert len(state.queue) > 1
    budget = _untimed("frontline")
    followed = set()
    for index in range(3):
        agent = agent_for("frontline", budget, 7)
        assert isinstance(agent, PolicyAgent)
        checked = agent.decide(state.clone())
        if not isinstance(checked, Checked) or index >= len(checked.moves):
            continue
        agent.adopt(index)
        after = state.clone()
        after.apply_action(checked.moves[index])
        plan = agent.memo["candidates"][index]
        aimed = plan.get(after.queue[0])
        expected = HOLD if aimed is None else UNIT + aimed[0]
        if expected in after.legal_actions():
            assert agent.decide(after.clone()) == expected
            followed.add(expected)
    assert len(followed) > 1  # the adopted plan, not the process's own, chose
