"""Tsuno Senki as players see it: the observation, the move log, refusals in words."""

from __future__ import annotations

import json

import pytest

from game.engines import GAMES
from game.engines.base import IllegalActionError
from game.engines.tsuno import actions as act
from tests.tsuno_helpers import acting, roll


def test_log_names_dice_and_actions() -> None:
    state = GAMES["tsuno"].new_state(2, difficulty="beginner")
    assert state.action_to_string(act.face_action(3)) == "black die (appearance roll): 3"
    roll(state, 1, 1, 5, 6)
    assert state.action_to_string(act.face_action(2)) == "yellow die (appearance roll): 2"
    state = acting(3)
    state.chips = [0, 1, 0, 0, 0, 0]
    assert state.action_to_string(act.relief_action(2)) == "Area 3 relieves area 2"
    assert state.action_to_string(act.replenish_action(4)) == "Area 3 sends a soldier to area 4"
    assert state.action_to_string(act.lure_action(2)) == "Area 3 lures a chip from area 2"
    assert state.action_to_string(act.WAIT) == "Area 3 waits"
    assert state.action_phrase(act.ATTACK) == ("attack", {"area": 3, "seat": 0})
    state.home[2] = False
    assert state.action_to_string(act.ATTACK) == "Area 3 returns from the castle"
    assert state.action_phrase(999)[0] == "unknown"


def test_observation_is_public_and_json_able() -> None:
    state = GAMES["tsuno"].new_state(3, difficulty="advanced")
    roll(state, 2, 2, 2, 4, 5, 6, 1)
    seen = state.observation(0)
    assert seen == state.observation(2)
    assert json.loads(json.dumps(seen)) == seen
    assert seen["last_roll"]["triples"] == [2] and seen["phase"] == "action"
    assert seen["areas"][1]["reinforcements"] == 1 and seen["areas"][3]["chips"] == 2
    assert seen["to_move"] == 0 and seen["roll"] is None
    assert seen["adjacent"][0] == [2, 6]


@pytest.mark.parametrize(
    ("setup", "action", "words"),
    [
        ({"chips": [0, 0, 3, 0, 0, 0]}, act.ATTACK, "must defend"),
        ({"chips": [0, 0, 1, 0, 0, 0]}, act.DEFEND, "only with 2 or more"),
        ({"chips": [0, 1, 1, 0, 0, 0]}, act.relief_action(2), "free of chips"),
        ({}, act.relief_action(2), "no chips"),
        ({}, act.REST_1, "soldiers beside it"),
        ({}, act.HEAL, "only area 4"),
        ({}, act.absorb_action(0, 0), "choose its action"),
        ({}, 77, "not an action"),
    ],
)
def test_refusals_say_why(setup: dict, action: int, words: str) -> None:
    state = acting(3)
    for name, value in setup.items():
        setattr(state, name, value)
    before = state.observation(0)
    with pytest.raises(IllegalActionError, match=words):
        state.apply_action(action)
    assert state.observation(0) == before and state.history == []


def test_dice_refuse_decisions() -> None:
    state = GAMES["tsuno"].new_state(1)
    with pytest.raises(IllegalActionError, match="dice are rolling"):
        state.apply_action(act.WAIT)


def test_custom_area_splits_have_words_in_both_languages() -> None:
    from game import i18n
    from game.scenes.setup import value_label

    game = GAMES["tsuno"]
    assert game.option_phrase("areas", "default") is None
    assert game.option_phrase("areas", "12|3|456") == (
        "option.tsuno.areas.custom",
        {"groups": "1–2 · 3 · 4–6"},
    )
    words = {}
    before = i18n.get_language()
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        try:
            words[lang] = value_label(game, "areas", "12|34|56")
            assert value_label(game, "areas", "default") != "default"
            assert value_label(game, "active_areas", "per_player") != "per_player"
        finally:
            i18n.set_language(before)
    assert words == {"en": "In turn: 1–2 · 3–4 · 5–6", "ja": "順に担当: 1–2 · 3–4 · 5–6"}
