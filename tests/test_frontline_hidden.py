"""Frontline's hidden decisions: the face-down commitment and the target declarations never
show through ``observation``, the move log or ``observed_action`` before the reveal, and
``determinize`` re-samples them."""

from __future__ import annotations

import json
import random

from game.engines.base import UNSEEN
from game.engines.frontline.actions import (
    CARD,
    DONE,
    HIDDEN_DECLARE,
    HOLD,
    UNIT,
    WEAPONS,
)
from game.engines.frontline.knowledge import action_phrase
from game.engines.frontline.phases import PH_COMMIT, PH_DECLARE, PH_INITIATIVE
from tests.test_frontline_support import card, place, setup, to_combat


def _seen_by(state, viewer: int, actions: list[int]) -> tuple[list, list, list]:
    """What ``viewer`` sees while another seat plays ``actions``: its observations (a repeat
    of the one before is no change), the steps it sees and the log's phrases of them."""
    views, steps, log = [state.observation(viewer)], [], []
    for action in actions:
        seen = state.observed_action(viewer, action)
        if seen != UNSEEN:
            steps.append(seen)
            log.append(action_phrase(state, action, viewer))
        state.apply_action(action)
        if state.observation(viewer) != views[-1]:
            views.append(state.observation(viewer))
    return views, steps, log


def _committed(choice: list[str]) -> object:
    state = setup()
    state.hand_units[0] = sorted([card("us_rifle_squad"), card("us_bazooka_team")])
    for name in choice:
        assert choice and name.split("_")[1] not in state.action_to_string(CARD + card(name))
    return state, [CARD + card(name) for name in choice] + [DONE]


def test_the_face_down_commitment_never_leaks() -> None:
    """§4.1, §9 #25: neither which cards nor how many; the same steps, log and views whatever
    seat 0 set aside (it used to show the count of face-down cards and one step per card)."""
    seen = []
    for choice in (
        [],
        ["us_rifle_squad"],
        ["us_bazooka_team"],
        ["us_rifle_squad", "us_bazooka_team"],
    ):
        state, actions = _committed(choice)
        seen.append(_seen_by(state, 1, actions))
        assert state.phase == PH_COMMIT and state.current_player() == 1
        mine = state.observation(0)["seats"][0]
        assert len(mine["face_down"]) == mine["face_down_count"] == len(choice)
    assert all(s == seen[0] for s in seen)
    views, steps, log = seen[0]
    assert steps == [DONE] and [key for key, _ in log] == ["ready"]
    other = views[-1]["seats"][0]
    assert other["face_down"] is None and other["units"] is None
    assert other["face_down_count"] == 0 and other["unit_count"] == 2 and other["decided"]
    assert json.dumps(views[-1]).count("face_down_rear") == 2
    # The reveal shows it to both.
    state, actions = _committed(["us_rifle_squad"])
    for action in actions:
        state.apply_action(action)
    state.apply_action(DONE)
    assert any(u["card"] == card("us_rifle_squad") for u in state.observation(1)["board"])


def test_determinize_resamples_the_face_down_cards_and_their_number() -> None:
    """The viewer never saw how many: any valid set, and never the true one kept (§9 #25)."""
    state = setup()
    state.hand_units[0] = sorted([card("us_rifle_squad")] + [card("us_bazooka_team")] * 2)
    state.apply_action(CARD + card("us_rifle_squad"))
    state.apply_action(DONE)
    rng = random.Random(3)
    seen = state.observation(1)
    commits, sizes = set(), set()
    for _ in range(60):
        guess = state.determinize(1, rng)
        assert guess.observation(1) == seen
        assert len(guess.hand_units[0]) + len(guess.commit[0]) == 3
        commits.add(tuple(guess.commit[0]))
        sizes.add(len(guess.commit[0]))
    assert len(commits) > 2 and sizes >= {0, 1, 2}


def test_determinize_does_not_hand_the_true_face_down_set_back() -> None:
    """Three unseen cards of which only the true pair is a valid set of its size: a guess of
    the same size (the old way, keeping the true cards when no other was found) was always
    the truth; the number is not known, so the guesses vary."""
    state = setup()
    tank, crew = card("us_m4a1_sherman"), card("us_tank_crew")
    state.hand_units[0] = sorted([tank, crew, card("us_rifle_squad")])
    state.reserves[0] = []
    for action in (CARD + tank, CARD + crew, DONE):
        state.apply_action(action)
    truth = sorted(state.commit[0])
    kept = 0
    for seed in range(40):
        guess = state.determinize(1, random.Random(seed))
        kept += sorted(guess.commit[0]) == truth and guess.hand_units[0] == state.hand_units[0]
    assert kept < 40


def test_what_the_other_seat_sees_of_declarations_never_depends_on_them() -> None:
    """§4.2.1, §9 #25: holding, a target with one weapon set, or a target and then a choice
    of weapons: the same views, steps and log for seat 1 (it used to see the phase "weapons"
    and one more hidden step when a weapon choice followed)."""
    seen = []
    for plan in ("hold", "tank", "infantry"):
        state = setup()
        sherman = place(state, 0, "us_m4a1_sherman")
        rifles = place(state, 0, "us_rifle_squad")
        pz = place(state, 1, "ge_pz4h")
        grenadiers = place(state, 1, "ge_grenadier_squad")
        to_combat(state)
        assert state.phase == PH_DECLARE and state.queue == [sherman.pos, rifles.pos]
        actions = {
            "hold": [HOLD, HOLD],
            "tank": [UNIT + pz.pos, UNIT + grenadiers.pos, WEAPONS + 3],
            "infantry": [UNIT + grenadiers.pos, WEAPONS + 1, UNIT + grenadiers.pos, WEAPONS + 2],
        }[plan]
        seen.append(_seen_by(state, 1, actions))
        assert state.current_player() == 1 and state.phase == PH_DECLARE
    assert all(s == seen[0] for s in seen)
    views, steps, log = seen[0]
    assert steps == [HIDDEN_DECLARE] and [key for key, _ in log] == ["declare_hidden"]
    assert all(v["phase"] == "declare" and v["queue"] is None for v in views[:-1])


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
