"""The rules side of the viewer's offer (game/engines/frontline/offer.py): every legal action is
taken on something the viewer can see — a unit on the table, a card in the hand — or is a
button; and the chooser's words say what each action does."""

from __future__ import annotations

import random

from ai.heuristics.frontline import FrontlineHeuristic
from game import i18n
from game.engines.frontline import FrontlineGame, offer
from game.engines.frontline.actions import BOOST, kind_of
from game.engines.frontline.cards import COMMANDS

BUTTON_KINDS = {"single", "weapons", "prebuilt"}  # Done/Roll/Hold…, a weapon set, a deck


def test_every_legal_action_is_on_a_thing_the_viewer_sees_or_is_a_button():
    rng, policy = random.Random(5), FrontlineHeuristic()
    state = FrontlineGame().new_state()
    seen: set[str] = set()
    for _ in range(1500):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        me = state.current_player()
        obs = state.observation(me)
        mine, units = obs["seats"][me], {view["pos"] for view in obs["board"]}
        for action in state.legal_actions():
            on = offer.subject(obs, me, action)
            if on is None:
                assert kind_of(action) in BUTTON_KINDS, (obs["phase"], kind_of(action))
                continue
            kind, what = on
            seen.add(kind)
            if kind == "unit":
                assert what in units, (obs["phase"], action)
            elif kind == "hand":
                assert what in (mine["units"] or []), (obs["phase"], action)
            elif kind == "cmd":
                assert what in (mine["commands"] or []), (obs["phase"], action)
            else:
                assert kind == "pick" and obs["phase"] == "pick"
        state.apply_action(policy.policy(state, rng))
    assert {"unit", "hand", "cmd"} <= seen


def test_a_command_card_only_discardable_for_plus_one_shows_play_it_greyed_with_why():
    obs = FrontlineGame().new_state().observation(0)
    late = next(c for c, card in enumerate(COMMANDS) if offer.window_of(c) == "C6")
    boost = BOOST + late
    assert [a for a, _ in offer.chooser(obs, [boost], None)] == [boost]  # not on a command card
    options = offer.chooser(obs, [boost], late)
    assert [a for a, _ in options] == [None, boost]
    window = i18n.t("frontline.window.C6")
    assert options[0][1] == i18n.t("frontline.opt.play_later", window=window)
    assert offer.refusal(obs, "hand", 0, "en") is None
