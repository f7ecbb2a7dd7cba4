"""Heuristics are found by convention (ai/heuristics/<game id>.py) and bring their budgets."""

from __future__ import annotations

import random
import sys
import types

import pytest

from ai.agents import BUDGETS, budget_for
from ai.budgets import Budget
from ai.heuristics import HEURISTICS, Heuristic, heuristic_class
from ai.heuristics.battleline import BattleLineHeuristic
from ai.heuristics.flatfront import FlatFrontHeuristic
from game.engines.base import State


def test_each_game_module_gives_its_one_heuristic() -> None:
    assert type(HEURISTICS["flatfront"]) is FlatFrontHeuristic
    assert type(HEURISTICS["battleline"]) is BattleLineHeuristic
    assert heuristic_class("no-such-game") is None


def _module_with(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    module = types.ModuleType("ai.heuristics.toyreg")
    for name in names:
        cls = type(name, (Heuristic,), {"__module__": module.__name__})
        setattr(module, name, cls)
    module.Heuristic = Heuristic  # an imported base class is not the game's heuristic
    monkeypatch.setitem(sys.modules, module.__name__, module)


def test_a_module_must_define_exactly_one_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    _module_with(monkeypatch, "ToyHeuristic")
    cls = heuristic_class("toyreg")
    assert cls is not None and cls.__name__ == "ToyHeuristic"
    _module_with(monkeypatch, "First", "Second")
    with pytest.raises(TypeError, match="exactly one"):
        heuristic_class("toyreg")


class _Budgeted(Heuristic[State]):
    budgets = {"hard": Budget(search=True, seconds=2.0, iterations=77)}  # noqa: RUF012

    def policy(self, state: State, rng: random.Random) -> int:
        return state.legal_actions()[0]


def test_levels_take_the_heuristics_budgets_over_the_defaults(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(HEURISTICS, "toyreg", _Budgeted())
    assert budget_for("toyreg", "hard").iterations == 77
    assert budget_for("toyreg", "normal") == BUDGETS["normal"]
    assert budget_for("battleline", "hard") == BattleLineHeuristic.budgets["hard"]
    with pytest.raises(ValueError, match="level"):
        budget_for("toyreg", "grandmaster")
