"""Battle Line's tactics parity in the AI (issue 8): the first tactics card a player plays hands
the opponent the only free tactics play, so the estimate charges it and Hard keeps a tactics card
that gains little, but still spends one that saves the game."""

from __future__ import annotations

from ai.agents import make_agent
from ai.heuristics.battleline import PARITY_VALUE, BattleLineHeuristic
from game.engines.battleline.cards import DESERTER, NUM_TROOPS
from tests.test_battleline_support import position

HEURISTIC = BattleLineHeuristic()
SIDES = {0: ("R8 R9", "B1"), 4: ("", "Y10")}


def test_the_player_a_tactics_card_ahead_is_valued_lower_by_the_parity() -> None:
    even = HEURISTIC.estimate(position(("P1", "B10"), SIDES))
    ahead = HEURISTIC.estimate(position(("P1", "B10"), SIDES, tactics_played=(1, 0)))
    behind = HEURISTIC.estimate(position(("P1", "B10"), SIDES, tactics_played=(1, 2)))
    answered = HEURISTIC.estimate(position(("P1", "B10"), SIDES, tactics_played=(1, 1)))
    assert abs(even[0] - ahead[0] - PARITY_VALUE) < 1e-9
    assert abs(behind[0] - even[0] - PARITY_VALUE) < 1e-9
    assert answered == even
    assert ahead[1] == -ahead[0]


def test_tactics_off_has_no_parity_term() -> None:
    on = HEURISTIC.estimate(position(("P1", "B10"), SIDES))
    off = HEURISTIC.estimate(position(("P1", "B10"), SIDES, tactics="off"))
    assert on == off


def _hard_choice(hands: tuple[str, str], sides: dict[int, tuple[str, str]], **kw: object) -> int:
    state = position(hands, sides, **kw)
    return make_agent("battleline", "hard", seed=0, timed=False).choose(state)


def test_hard_keeps_an_early_scout_or_mud_that_gains_little() -> None:
    """Turn 2 of recorded games (tune seeds 501 and 502): Hard used to play Scout and Mud here
    for a search value 0.015 and 0.003 above its best troop card, and then could not answer."""
    scout = _hard_choice(
        ("B9 Y3 O10 Y8 R2 O2 Scout", "O5 Y1 B4 P8 Y4 B7 O4"), {4: ("", "Y10"), 8: ("G8", "")}
    )
    mud = _hard_choice(
        ("O1 B9 R10 P2 R5 G9 Mud", "Y2 B2 P4 R3 Y4 O10 Y6"), {0: ("G8", ""), 4: ("", "R8")}
    )
    assert scout < NUM_TROOPS and mud < NUM_TROOPS


def test_hard_spends_its_first_tactics_card_when_it_saves_the_game() -> None:
    """The opponent holds flags 3 and 4 and its Wedge at flag 5 is provable: it wins by claiming
    next turn unless our Deserter breaks it now."""
    sides = {5: ("B2", "R8 R9 R10"), 0: ("G5 G6", "P1"), 1: ("O3", "Y2")}
    hands = ("B3 B4 G7 O9 Y9 P9 Deserter", "R1 O1 Y1 G1 B1 P2 P3")
    assert _hard_choice(hands, sides, claimed={3: 1, 4: 1}) == DESERTER
