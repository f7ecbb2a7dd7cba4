"""Frontline's hidden decisions: the face-down commitment and the target declarations never
show through ``observation``, the move log or ``observed_action`` before the reveal, and
``determinize`` re-samples them."""

from __future__ import annotations

import json
import random

from game.engines.frontline.actions import (
    CARD,
    DONE,
    HIDDEN_COMMIT,
    HIDDEN_DECLARE,
    UNIT,
    WEAPONS,
)
from game.engines.frontline.phases import PH_COMMIT, PH_DECLARE, PH_INITIATIVE
from tests.test_frontline_support import card, place, setup, to_combat


def _committed(choice: str) -> object:
    state = setup()
    state.hand_units[0] = sorted([card("us_rifle_squad"), card("us_bazooka_team")])
    action = CARD + card(choice)
    assert state.observed_action(1, action) == HIDDEN_COMMIT
    assert choice.split("_")[1] not in state.action_to_string(action).lower()
    state.apply_action(action)
    state.apply_action(DONE)
    return state


def test_the_face_down_commitment_never_leaks() -> None:
    rifles, bazooka = _committed("us_rifle_squad"), _committed("us_bazooka_team")
    assert rifles.phase == PH_COMMIT and rifles.current_player() == 1
    seen = rifles.observation(1)
    assert seen == bazooka.observation(1)
    assert seen["seats"][0]["face_down"] is None and seen["seats"][0]["units"] is None
    assert seen["seats"][0]["face_down_count"] == 1 and seen["seats"][0]["decided"]
    assert json.dumps(seen).count("face_down_rear") == 2
    # The reveal shows it to both.
    rifles.apply_action(DONE)
    assert any(u["card"] == card("us_rifle_squad") for u in rifles.observation(1)["board"])


def test_determinize_resamples_the_face_down_cards() -> None:
    state = setup()
    state.hand_units[0] = sorted([card("us_rifle_squad")] + [card("us_bazooka_team")] * 2)
    state.apply_action(CARD + card("us_rifle_squad"))
    state.apply_action(DONE)
    rng = random.Random(3)
    seen = state.observation(1)
    commits = set()
    for _ in range(30):
        guess = state.determinize(1, rng)
        assert guess.observation(1) == seen
        assert len(guess.commit[0]) == 1
        commits.add(guess.commit[0][0])
    assert len(commits) > 1


def _declared(target: str) -> tuple[object, object]:
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    targets = {name: place(state, 1, name) for name in ("ge_pz4h", "ge_stug3g")}
    place(state, 1, "ge_grenadier_squad")
    to_combat(state)
    assert state.phase == PH_DECLARE and state.queue == [sherman.pos]
    action = UNIT + targets[target].pos
    assert state.observed_action(1, action) == HIDDEN_DECLARE
    assert "StuG" not in state.action_to_string(action)
    state.apply_action(action)
    state.apply_action(WEAPONS + 1) if state.phase != PH_DECLARE else None
    return state, targets


def test_target_declarations_never_leak_until_both_declared() -> None:
    (pz_state, _), (stug_state, _) = _declared("ge_pz4h"), _declared("ge_stug3g")
    assert pz_state.current_player() == 1 and pz_state.phase == PH_DECLARE
    assert pz_state.observation(1) == stug_state.observation(1)
    assert pz_state.observation(1)["seats"][0]["declarations"] is None
    assert pz_state.observation(0)["seats"][0]["declarations"]  # the declarer sees its own
    guesses = {
        tuple(map(tuple, pz_state.determinize(1, random.Random(s)).decls[0])) for s in range(20)
    }
    assert len(guesses) > 1
    while pz_state.phase == PH_DECLARE:
        pz_state.apply_action(pz_state.legal_actions()[0])
    assert pz_state.phase == PH_INITIATIVE
    assert (
        pz_state.observation(1)["seats"][0]["declarations"]
        == pz_state.observation(0)["seats"][0]["declarations"]
    )
