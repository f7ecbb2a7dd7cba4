"""Flat Front AI: the exact combat solver against plain minimax, evaluation and policy."""

from __future__ import annotations

import random

import pytest

from ai.heuristics import HEURISTICS
from ai.heuristics.flatfront import (
    CONTACT_CAP,
    NOISE,
    RESERVE_COST,
    RIM_WEIGHT,
    SHIELD_WEIGHT,
    SURVIVE_BONUS,
    CombatSolver,
    FlatFrontHeuristic,
)
from game.engines.flatfront import (
    BLUE,
    PASS,
    FlatFrontGame,
    FlatFrontState,
    attack_action,
    decode_pieces,
    decode_place,
    is_place,
)
from tests.test_flatfront_engine import GOLDEN_COMBAT, golden_state

GAME = FlatFrontGame()


class TooBig(Exception):
    """The brute-force tree outgrew its budget."""


def minimax(state: FlatFrontState, budget: list[int]) -> float:
    """Blue's result by plain minimax over the engine's own moves: no memo, no solver code."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    if state.is_terminal():
        return state.returns()[BLUE]
    results = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        results.append(minimax(child, budget))
    return max(results) if state.current_player() == BLUE else min(results)


def random_combat_state(rng: random.Random, adjacency: str, attacks: int = 0) -> FlatFrontState:
    """A random end of placement, optionally followed by ``attacks`` random combat moves."""
    state = GAME.new_state(adjacency=adjacency)
    while state.combat_position() is None:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for _ in range(attacks):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def check_against_minimax(heuristic: FlatFrontHeuristic, state: FlatFrontState, budget: int):
    """Compare value and best move with brute force; False if the tree was too big to check."""
    try:
        exact = minimax(state, [budget])
        if not state.is_terminal():
            child = state.clone()
            child.apply_action(heuristic.best_combat_action(state))
            best_child = minimax(child, [budget])
    except TooBig:
        return False
    assert heuristic.solve_combat(state) == [exact, -exact]
    if not state.is_terminal():
        assert best_child == exact, "the solver's move must keep the game value"
    return True


@pytest.mark.parametrize(
    ("adjacency", "attacks", "count", "must_check"),
    [
        ("edge", 0, 120, 115),
        ("edge", 3, 80, 80),
        ("edge+corner", 0, 60, 35),
        ("edge+corner", 4, 80, 60),
    ],
)
def test_solver_matches_brute_force(adjacency: str, attacks: int, count: int, must_check: int):
    heuristic = FlatFrontHeuristic()
    rng = random.Random(f"{adjacency}-{attacks}")
    checked = 0
    for _ in range(count):
        state = random_combat_state(rng, adjacency, attacks)
        checked += check_against_minimax(heuristic, state, budget=20_000)
    assert checked >= must_check


def test_solver_value_along_the_golden_narrative() -> None:
    """Red opens and wins with best play; its third move in the manual throws the win away."""
    heuristic = FlatFrontHeuristic()
    state = golden_state()
    values = []
    for _, target, _, _ in GOLDEN_COMBAT:
        values.append(heuristic.solve_combat(state)[BLUE])
        state.apply_action(PASS if target is None else attack_action(target))
    values.append(heuristic.solve_combat(state)[BLUE])
    assert values == [-1, -1, -1, 1, 1, 1, 1, 1, 1, 1]
    assert check_against_minimax(heuristic, golden_state(), budget=200_000)
    # Red's winning start: knock out Blue's lone 4 (tile 7) before it can strike.
    assert heuristic.best_combat_action(golden_state()) == attack_action(7)


def test_solver_survives_memo_eviction() -> None:
    solver = CombatSolver(max_layouts=2)
    rng = random.Random(5)
    states = [random_combat_state(rng, "edge") for _ in range(6)]
    first = [solver.value(*s.combat_position()) for s in states]
    again = [solver.value(*s.combat_position()) for s in states]
    assert first == again == [CombatSolver().value(*s.combat_position()) for s in states]


def test_evaluate_is_exact_after_placement_and_silent_before() -> None:
    heuristic = HEURISTICS["flatfront"]
    rng = random.Random(2)
    for _ in range(30):
        state = GAME.new_state()
        while state.combat_position() is None:
            assert heuristic.evaluate(state) is None
            with pytest.raises(ValueError):
                heuristic.solve_combat(state)
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(heuristic.policy(state, rng))
        value = heuristic.evaluate(state)
        while not state.is_terminal():  # best play keeps the value to the end
            state.apply_action(heuristic.policy(state, rng))
            assert heuristic.evaluate(state) == value
        assert state.returns() == value


@pytest.mark.parametrize("adjacency", ["edge", "edge+corner"])
def test_policy_always_picks_a_legal_action(adjacency: str) -> None:
    heuristic = FlatFrontHeuristic()
    rng = random.Random(adjacency)
    for _ in range(100):
        state = GAME.new_state(adjacency=adjacency)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            action = heuristic.policy(state, rng)
            assert action in state.legal_actions()
            state.apply_action(action)


def test_policy_varies_among_near_equal_choices() -> None:
    heuristic = FlatFrontHeuristic()
    state = GAME.new_state()
    state.apply_action(0)  # Blue's empty tile
    state.apply_action(state.legal_actions()[0])
    state.apply_action(1 + 4)  # a Red 1-square tile: four equal cells around the first
    choices = {heuristic.policy(state, random.Random(seed)) for seed in range(40)}
    assert len(choices) > 1


def test_greedy_placement_beats_random_placement() -> None:
    """Both sides fight perfectly; only the placement differs."""
    heuristic = FlatFrontHeuristic()
    rng = random.Random(8)
    score = 0.0
    games = 200
    for game in range(games):
        greedy = game % 2
        state = GAME.new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            elif state.current_player() == greedy or state.combat_position() is not None:
                action = heuristic.policy(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        score += state.returns()[greedy]
    assert score / games > 0.5  # measured about +0.75 (wins minus losses per game)


# --- the mask-based policy against a plain reading of the field -------------------------------
OFFSETS = {
    "edge": ((0, -1), (-1, 0), (1, 0), (0, 1)),
    "edge+corner": ((0, -1), (-1, 0), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)),
}


def reference_policy(state: FlatFrontState, rng: random.Random) -> int:
    """The placement policy's scoring written plainly over the observation, cell by cell.

    Neighbours outside the encodable cells ([-4, 4] on both axes) count as nothing, as in the
    engine's tables: no tile can ever lie there.
    """
    obs = state.observation(BLUE)
    me = state.current_player()
    legal = state.legal_actions()
    tiles = {tuple(t["cell"]): t for t in obs["tiles"]}
    power = {cell: sum(p["power"] for p in t["pieces"]) for cell, t in tiles.items()}

    def around(cell: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = cell
        near = [(x + dx, y + dy) for dx, dy in OFFSETS[obs["adjacency"]]]
        return [(a, b) for a, b in near if -4 <= a <= 4 and -4 <= b <= 4]

    def clamp(value: float) -> float:
        return max(-CONTACT_CAP, min(CONTACT_CAP, value))

    scores = []
    if is_place(legal[0]):
        squares = obs["face_up"]["squares"]
        n1, n2, n4 = obs["supply"][me]
        expected = squares * (n1 + 2 * n2 + 4 * n4) / (n1 + n2 + n4) if squares else 0.0
        for action in legal:
            score = rng.random() * NOISE
            enemy_power = 0
            for cell in around(decode_place(action)):
                if cell not in tiles:
                    score += RIM_WEIGHT * (2 - expected)
                elif not squares and power[cell] == 1:
                    mine = tiles[cell]["owner"] == me
                    score += SHIELD_WEIGHT if mine else -SHIELD_WEIGHT
                elif squares and power[cell] and tiles[cell]["owner"] != me:
                    score += clamp(expected - power[cell])
                    enemy_power += power[cell]
            scores.append(score + (SURVIVE_BONUS if squares and expected > enemy_power else 0))
    else:
        tile = obs["tiles"][-1]
        near = around(tuple(tile["cell"]))
        enemies = [power[c] for c in near if c in tiles and tiles[c]["owner"] != me and power[c]]
        open_cells = sum(c not in tiles for c in near)
        more_to_come = sum(obs["supply"][me]) > tile["squares"]
        for action in legal:
            n1, n2, n4 = decode_pieces(action)
            mine = n1 + 2 * n2 + 4 * n4
            score = rng.random() * NOISE + RIM_WEIGHT * open_cells * (2 - mine)
            score += sum(clamp(mine - other) for other in enemies)
            score += SURVIVE_BONUS if mine > sum(enemies) else 0
            score -= RESERVE_COST * (mine - tile["squares"]) if more_to_come else 0
            scores.append(score)
    return legal[scores.index(max(scores))]


@pytest.mark.parametrize("adjacency", ["edge", "edge+corner"])
def test_policy_scores_as_the_plain_reference(adjacency: str) -> None:
    heuristic = FlatFrontHeuristic()
    rng = random.Random(f"reference-{adjacency}")
    checked = 0
    for _ in range(40):
        state = GAME.new_state(adjacency=adjacency)
        while state.combat_position() is None:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1:
                seed = rng.random()
                expected = reference_policy(state, random.Random(seed))
                assert heuristic.policy(state, random.Random(seed)) == expected
                checked += 1
            state.apply_action(heuristic.policy(state, rng))
    assert checked > 40 * 20
