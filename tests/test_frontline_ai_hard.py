"""Frontline's Hard search (issue 12): the memoised folds, where rollouts stop, and the model of
the opponent's hidden declarations the search plays against."""

from __future__ import annotations

import random

from ai.heuristics import HEURISTICS
from ai.heuristics.frontline import BEST
from ai.heuristics.frontline_plan import Planner, _fold, fold_value, model_declarations
from game.engines.frontline import FrontlineGame, FrontlineState
from game.engines.frontline.actions import CARD, DONE, PREBUILT_DECK, WEAPONS, kind_of
from game.engines.frontline.building import deck_errors, deck_warnings
from game.engines.frontline.cards import PREBUILT
from game.engines.frontline.phases import (
    PH_BUILD,
    PH_COMMIT,
    PH_DECLARE,
    PH_DRAW_CHOICE,
    PH_FIRST_WEAPON,
)
from game.engines.frontline.probability import attack_odds
from game.engines.frontline.state import NORMAL
from tests.test_frontline_ai_search import _until

HEURISTIC = HEURISTICS["frontline"]


def _second_declarer(seed: int) -> FrontlineState:
    """Seat 1 to declare after seat 0 declared at least one attack."""
    return _until(seed, lambda s: s.phase == PH_DECLARE and s.player == 1 and bool(s.decls[0]))


def test_the_fold_of_one_weapon_is_its_attack_odds() -> None:
    for value, rof, mod, defense, hp, half in ((12, 1, 6, 4, 13, 6), (13, 3, 1, 0, 8, 4)):
        odds = attack_odds(value, rof, mod, defense, hp, half)
        destroyed, locked = _fold(hp, half, ((value, 0, mod, defense, rof),))
        assert abs(destroyed - odds.destroyed) < 1e-12
        assert abs(locked - (odds.lock - odds.destroyed)) < 1e-12


def test_the_fold_does_not_depend_on_the_order_of_the_shots() -> None:
    shots = ((12, 0, 6, 3, 1), (13, 2, 1, 3, 3), (11, -1, 5, 3, 2))
    first = _fold(12, 6, shots)
    second = _fold(12, 6, shots[::-1])
    assert all(abs(a - b) < 1e-12 for a, b in zip(first, second, strict=True))
    assert 0.0 < first[0] < 1.0 and 0.0 < first[1] < 1.0


def test_fold_value_grows_with_the_shots_at_a_target() -> None:
    state = _second_declarer(1)
    planner = Planner(state, 1, list(state.queue))
    plan = planner.greedy()
    assert plan, "the policy aims at something"
    target = state.board[next(iter(plan.values()))[0]]
    values = planner.values(target.pos)
    shots = [(state.board[pos], row) for pos, (aimed, mask) in plan.items() if aimed == target.pos
             for row in range(3) if mask >> row & 1]  # fmt: skip
    assert fold_value(state, target, shots, values) >= fold_value(state, target, shots[:1], values)
    assert fold_value(state, target, shots, values) > 0.0


def test_rollouts_stop_at_the_draw_after_combat() -> None:
    drawing = _until(0, lambda s: s.phase == PH_DRAW_CHOICE)
    assert HEURISTIC.evaluate(drawing) == HEURISTIC.estimate(drawing)
    for phase in (PH_COMMIT, PH_DECLARE):
        assert HEURISTIC.evaluate(_until(0, lambda s, p=phase: s.phase == p)) is None


def test_the_opponents_hidden_declarations_are_the_policys_plan() -> None:
    """The engine draws seat 0's hidden declarations uniformly (HOLD included); the search's
    resampler replaces them by the §12.4 plan on the public board, and keeps what seat 1
    sees."""
    for seed in range(3):
        state = _second_declarer(seed)
        view = state.observation(1)
        modelled = state.clone()
        model_declarations(modelled, 0)
        planned = modelled.decls[0]
        assert planned and all(kind == NORMAL for kind, *_ in planned)
        rng = random.Random(seed)
        for _ in range(5):
            sampled = HEURISTIC.resample(state, 1, rng)
            assert sampled is not None
            assert sampled.decls[0] == planned
            assert sampled.observation(1) == view
            assert sampled.legal_actions() == state.legal_actions()
        uniform = [state.determinize(1, rng).decls[0] for _ in range(20)]
        assert any(decls != planned for decls in uniform)


def test_the_first_declarer_is_not_resampled_by_the_model() -> None:
    state = _until(0, lambda s: s.phase == PH_DECLARE and s.player == 0)
    assert HEURISTIC.resample(state, 0, random.Random(0)) is None


def test_the_heavier_weapon_fires_first_without_a_search_branch() -> None:
    state = _until(0, lambda s: s.phase == PH_FIRST_WEAPON)
    legal = state.legal_actions()
    weapons = state.board[state.atk_pos].printed.weapons
    chosen = HEURISTIC.auto_action(state)
    assert chosen in legal and len(legal) == 2
    heaviest = max(weapons[(a - WEAPONS).bit_length() - 1].damage_mod for a in legal)
    assert weapons[(chosen - WEAPONS).bit_length() - 1].damage_mod == heaviest


def test_both_armies_build_with_their_validated_prebuilt_deck() -> None:
    state = FrontlineGame().new_state(decks="build")
    rng = random.Random(0)
    for _ in range(2):
        assert state.phase == PH_BUILD
        army = "us_" if state.army[state.player] == 0 else "ge_"
        action = HEURISTIC.policy(state, rng)
        assert kind_of(action) == "prebuilt"
        name = list(PREBUILT)[action - PREBUILT_DECK]
        assert name.startswith(army) and name in BEST
        state.apply_action(action)
        while state.phase == PH_BUILD and state.player == 0:  # the deck is taken whole
            state.apply_action(DONE)


def test_the_search_prior_while_building_is_the_policys_move_alone() -> None:
    state = FrontlineGame().new_state(decks="build")
    legal = state.legal_actions()
    weights = HEURISTIC.prior(state, legal)
    assert weights is not None and len(legal) > 2
    assert [w > 0 for w in weights].count(True) == 1
    assert legal[weights.index(max(weights))] == HEURISTIC.policy(state, random.Random(0))


def test_a_determinization_invents_no_declarations_for_the_second_declarer() -> None:
    """While seat 0 declares, seat 1 has declared nothing: a determinization for seat 0 must
    not draw declarations for it (seat 1 then declared twice in every rollout of seat 0's
    search: the random set and its own)."""
    for seed in range(3):
        state = _until(seed, lambda s: s.phase == PH_DECLARE and s.player == 0)
        rng = random.Random(seed)
        assert all(state.determinize(0, rng).decls[1] == [] for _ in range(10))
        later = _second_declarer(seed)
        assert any(later.determinize(1, rng).decls[0] != [] for _ in range(10))


def test_a_deck_already_begun_is_completed_to_a_legal_balanced_deck() -> None:
    """A hint while the player builds: the policy adds the engine's random balanced deck's
    cards to the ones chosen (no prebuilt deck is on offer then) until the deck is legal."""
    state = FrontlineGame().new_state(decks="build")
    side = state.army[state.player]
    start = next(a for a in state.legal_actions() if kind_of(a) == "card")
    state.apply_action(start)
    rng = random.Random(4)
    while state.phase == PH_BUILD and state.player == 0:
        action = HEURISTIC.policy(state, rng)
        assert action in state.legal_actions()
        if action == DONE:
            break
        assert kind_of(action) == "card"
        state.apply_action(action)
    deck = state.deck[0]
    assert start - CARD in deck and not deck_errors(side, deck)
    assert not [code for code, _ in deck_warnings(deck) if code == "crews_short"]
