"""The independent Battle Line baselines of bench/: legal, as described, and blind to what their
player cannot see."""

from __future__ import annotations

import random

import pytest

from ai.agents import play_out
from bench.baselines.battleline import ColourToFlag, FormationBuilder
from game.engines.battleline.actions import PASS, flag_action
from tests.test_battleline_support import GAME, cards, position


@pytest.mark.parametrize("tactics", ["on", "off"])
def test_baselines_play_whole_games_legally(tactics: str) -> None:
    """``play_out`` applies every move checked: an illegal one raises."""
    makers = [lambda s: FormationBuilder(s), lambda s: FormationBuilder(s, tactics=True)]
    makers.append(lambda s: ColourToFlag(s))
    for seed in range(3):
        first, second = makers[seed % 3], makers[(seed + 1) % 3]
        state = GAME.new_state(tactics=tactics)
        returns = play_out(state, [first(seed), second(seed)], random.Random(seed))
        assert state.is_terminal() and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def _turn(agent: FormationBuilder | ColourToFlag, state) -> tuple[int, int]:
    """The card and the flag ``agent`` plays."""
    card = agent.choose(state)
    state.apply_action(card)
    return card, agent.choose(state)


def test_formation_builder_plays_the_best_reachable_formation() -> None:
    # R10 completes a Wedge at flag 6; everything else only hopes for one.
    state = position(("B2 Y5 R10 G1", "P1"), {6: ("R8 R9", "")}, tactics_deck="")
    assert _turn(FormationBuilder(0), state) == (cards("R10")[0], flag_action(6))


def test_formation_builder_breaks_ties_towards_the_centre() -> None:
    # A lone O9 reaches the same Wedge anywhere: it goes to the centre flag (5th of 9).
    state = position(("O9", "P1"), {}, tactics_deck="")
    assert _turn(FormationBuilder(0), state) == (cards("O9")[0], flag_action(4))


def test_tactics_variant_plays_a_tactics_card_only_to_win_at_once() -> None:
    # Flags 0 and 1 are won; Alexander completes an unbeatable side at flag 2: Breakthrough.
    sides = {2: ("G9 G10", "B1 B2")}
    state = position(("Leader Y2", "P1"), sides, claimed={0: 0, 1: 0})
    assert FormationBuilder(0, tactics=True).choose(state) == cards("Leader")[0]
    assert FormationBuilder(0).choose(state.clone()) == cards("Y2")[0]
    # Without the two won flags the same card wins nothing: the troop card is played.
    state = position(("Leader Y2", "P1"), sides)
    assert FormationBuilder(0, tactics=True).choose(state) == cards("Y2")[0]


def test_colour_goes_to_its_flag() -> None:
    # Colour index: R0 O1 Y2 G3 B4 P5. The highest card whose colour's flag has room goes there.
    state = position(("R3 Y7 B2", "P1"), {2: ("Y1 Y2 Y3", "")}, tactics_deck="")
    assert _turn(ColourToFlag(0), state) == (cards("R3")[0], flag_action(0))


def test_baselines_do_not_see_hidden_cards() -> None:
    """Two states that differ only in the opponent's hand and the deck: the same moves."""
    rng = random.Random(5)
    state = GAME.new_state()
    while state.current_player() < 0 or len(state.history) < 40:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(FormationBuilder(0, tactics=True).choose(state))
    player = state.current_player()
    other = state.determinize(player, random.Random(99))
    assert other.hands[1 - player] != state.hands[1 - player]
    for make in (lambda: FormationBuilder(1, tactics=True), lambda: ColourToFlag(1)):
        assert make().choose(state) == make().choose(other)


def test_pass_only_without_a_troop_card() -> None:
    state = position(("Fog", "P1"), {}, tactics_deck="")
    assert FormationBuilder(0, tactics=True).choose(state) == PASS


def test_a_seat_swapped_pair_deals_each_seat_the_same_cards() -> None:
    """With tactics off a pair is a duplicate: one chance stream and one troop card drawn a
    turn give each seat the same cards in both games, so the formation builder against itself
    (a deterministic player) wins with the same seat twice and every pair splits."""
    for seed in range(12):
        results = [
            play_out(
                GAME.new_state(tactics="off"),
                [FormationBuilder(seed * 10), FormationBuilder(seed * 10 + 1)],
                random.Random(seed),
            )
            for _ in range(2)
        ]
        assert results[0] == results[1] and results[0][0] != 0.0
