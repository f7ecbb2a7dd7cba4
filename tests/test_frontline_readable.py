"""Frontline as a player reads it (issue 38, issue 34's play-test): keys in a chooser, the log's
rolls in words, the tray's weapons, the review's marks, the starting-hand warning, commitment
clicks."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engines.frontline import FrontlineGame, FrontlineState
from game.engines.frontline.actions import BOOST, COMMAND, DONE
from tests.test_frontline_board import _advance, _board, _click, _show
from tests.test_frontline_support import attack_with, die, pass_windows, place, setup, to_combat


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _key(board, key: int):
    return board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _roll_window(play: bool) -> FrontlineState:
    """Seat 0 before its roll with a command card it may discard for +1 and, as ``play``
    says, may or may not play: the first such moment of heuristic games."""

    def found(state: FrontlineState) -> bool:
        if state.is_terminal():
            return True
        if state.current_player() != 0 or state.observation(0)["phase"] != "roll_window":
            return False
        legal = state.legal_actions()
        return any(BOOST + c in legal and (COMMAND + c in legal) == play for c in range(64))

    for seed in range(80):
        state = _advance(FrontlineGame().new_state(), random.Random(seed), found)
        if not state.is_terminal():
            return state
    raise AssertionError("no such roll window")


def test_number_keys_pick_an_open_choosers_options_not_the_panels_buttons() -> None:
    """Key 1 with "1 Play it / 2 Discard for +1" open played the panel's first button (Roll)."""
    state = _roll_window(play=True)
    board = _board()
    _show(board, state, 0)
    assert board.numbered()[0] == DONE  # the panel's Roll
    key = next(k for k, actions in board.spots.items() if k[0] == "cmd" and len(actions) > 1)
    assert _click(board, board.point_on(key, board.key_at)) is None  # the chooser opens
    assert board.choosing == key
    options = board.spots[key]
    assert _key(board, pygame.K_1) == options[0]
    assert options[0] != DONE and board.choosing is None
    assert _click(board, board.point_on(key, board.key_at)) is None
    assert _key(board, pygame.K_2) == options[1]
    assert _key(board, pygame.K_1) == DONE  # closed again: the keys press the buttons


def test_only_move_marks_the_forced_step_not_a_turn_of_choices() -> None:
    """ "(only move)" said of a whole turn whose roll the player chose (three cards playable)
    because one other step of the turn was forced."""
    from game.engines.frontline import words as fw
    from game.turns import Step, all_forced

    steps = [
        Step(1, 0, ("boost", {"player": 0, "command": 0}), "", forced=False),
        Step(2, 0, ("first_me", {"player": 0}), "", forced=True),
    ]
    assert not all_forced(steps)
    lines = fw.turn_lines(steps, lambda key, args: key)
    assert lines == ["boost", "first_me (only move)"]
    assert all_forced(steps[1:]) and fw.turn_lines(steps[1:], lambda k, a: k) == ["first_me"]


def _said(board, state: FrontlineState, action: int) -> str:
    """The log's words for ``action`` in ``state`` (then applied)."""
    key, args = board.log_phrase(state, action, 0)
    state.apply_action(action)
    return board.log_text(key, args)


def _sherman_at_panzer() -> tuple[FrontlineState, object]:
    """A Sherman's 75mm (needs 12 against armour) about to roll at a PzKpfw IV (DEF 4, 13 HP)."""
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    panzer = place(state, 1, "ge_pz4h")
    to_combat(state)
    attack_with(state, sherman, panzer, 1)
    return state, panzer


def test_each_roll_says_hit_or_miss_against_the_value_needed_and_the_damage_against_hp() -> None:
    """The log showed bare dice ("rolls 9 7 3"): a unit vanished and only the VP told."""
    board = _board()
    state, _ = _sherman_at_panzer()
    assert _said(board, state, die(5)) == "rolls 5"  # the first die decides nothing alone
    said = _said(board, state, die(6))
    assert said == "75mm M3 Gun at PzKpfw IV Ausf. H: 5+6 = 11, needs 12: miss"
    state, _ = _sherman_at_panzer()
    state.apply_action(die(6))
    assert _said(board, state, die(6)).endswith("6+6 = 12, needs 12: hit")
    pass_windows(state)
    said = _said(board, state, die(5))
    assert said == (
        "power 5 +6 − DEF 4 = 7 damage: PzKpfw IV Ausf. H at 6/13 HP, ½HP reached: a Damage card"
    )


def test_a_destroyed_unit_says_its_vp_and_its_crews_fate() -> None:
    board = _board()
    state, panzer = _sherman_at_panzer()
    state.apply_action(die(9))
    said = _said(board, state, die(9))
    assert said.endswith("natural 18 (9+9 = 18), needs 12: hit, power doubled")
    pass_windows(state)
    cost, crew = panzer.printed.cost, 2
    said = _said(board, state, die(6))  # 6: the crew roll captures (4-6)
    assert said == (
        f"power 6×2 +6 − DEF 4 = 14 damage: PzKpfw IV Ausf. H destroyed (+{cost} VP); "
        f"its crew is captured (+{2 * crew} VP)"
    )
    assert state.vp[0] == cost + 2 * crew


@pytest.mark.parametrize("seed", [1, 2])
def test_every_roll_of_whole_games_is_worded_in_both_languages(seed: int) -> None:
    """Every die of whole games worded, in English and Japanese, by its own key or as a die
    that decides nothing alone (the first of a 2d10, a close assault's dice before the last)."""
    from ai.heuristics.frontline import FrontlineHeuristic
    from game import i18n

    board = _board()
    rng, policy = random.Random(seed), FrontlineHeuristic()
    state = FrontlineGame().new_state()
    keys: set[str] = set()
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
            key, args = board.log_phrase(state, action, 0)
            keys.add(key)
            for lang in ("en", "ja"):
                i18n.set_language(lang)
                words = board.log_text(key, args)
                assert words and "{" not in words
            i18n.set_language("en")
        else:
            action = policy.policy(state, rng)
        state.apply_action(action)
    assert {"roll_hit", "roll_miss", "initiative_won"} <= keys
    assert keys & {"hit_hurt", "hit_half", "hit_destroyed"}


def _tray(board, state: FrontlineState) -> str:

    _show(board, state, 0)
    return board.tray_words()


def test_the_tray_names_the_weapons_about_to_fire() -> None:
    """Declared "75mm M3 Gun + .50 cal AA MG", the tray named the last attack's .30 cal MGs."""
    from game.engines.frontline.actions import UNIT
    from tests.test_frontline_support import declare, initiative

    board = _board()
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    squad = place(state, 1, "ge_grenadier_squad")
    to_combat(state)
    declare(state, {sherman.pos: (UNIT + squad.pos, 0b101)})
    initiative(state, 9, 2)
    state.atk_row = 1  # the row of an earlier attack, as the engine keeps it
    state.apply_action(UNIT + sherman.pos)
    assert state.observation(0)["phase"] == "first_weapon"
    both = "75mm M3 Gun + .50 cal AA MG"
    assert _tray(board, state) == f"M4A1 Sherman attacks Grenadier Squad with {both}"
    state.apply_action(state.legal_actions()[0])  # the 75mm first
    pass_windows(state)
    assert _tray(board, state).endswith("with 75mm M3 Gun, then .50 cal AA MG")


def test_the_tray_shows_the_initiative_with_its_modifiers_not_the_last_attack() -> None:
    """At initiative the tray showed the previous attack, its 2d10 and "natural 19"."""
    from game.engines.frontline.actions import UNIT
    from tests.test_frontline_support import declare, finish_turn

    board = _board(("You", "Hard AI"))
    state, _ = _sherman_at_panzer()
    state.apply_action(die(9))
    state.apply_action(die(10))  # natural 19: the Panzer is destroyed outright
    panzer = place(state, 1, "ge_pz4h")
    sherman = next(u for u in state.board.values() if u.owner == 0)
    finish_turn(state)
    to_combat(state)
    declare(state, {sherman.pos: (UNIT + panzer.pos, 1), panzer.pos: (UNIT + sherman.pos, 1)})
    state.init_mods[0] = 3  # Ambush! played in C2
    assert state.natural == 19  # the engine keeps the last attack's dice
    state.apply_action(die(5))
    pass_windows(state)
    assert _tray(board, state) == "Initiative: You 5 +3 Ambush! = 8"
    state.apply_action(die(4))
    said = _tray(board, state)
    assert said == "Initiative: You 5 +3 Ambush! = 8 · Hard AI 4 → you choose who attacks first"
    assert not board.tray.attacked  # no attack dice, no "natural 19" in the tray


def test_the_starting_hand_picker_warns_of_units_it_leaves_without_a_crew() -> None:
    """A Sherman and an M10 with no crew among the four were dead cards (lost 8-0 on turn 1):
    the picker warns, as the deck builder does, and says why."""
    from game.engines.frontline import words as prompt
    from game.engines.frontline.actions import CARD
    from game.engines.frontline.cards import UNIT_INDEX

    sherman, m10 = UNIT_INDEX["us_m4a1_sherman"], UNIT_INDEX["us_m10_wolverine"]
    crew = UNIT_INDEX["us_tank_crew"]
    left = [crew, crew, UNIT_INDEX["us_rifle_squad"]]
    assert prompt.pick_notes([sherman], left, 3) == [
        (False, "Tank Crew needed for M4A1 Sherman: choose 1 among your picks")
    ]
    rifles = UNIT_INDEX["us_rifle_squad"]
    assert prompt.pick_notes([sherman, m10, rifles], left, 1) == [
        (
            True,
            "Tank Crew short for M4A1 Sherman, M10 Wolverine (0 picked): 1 of them cannot "
            "be committed until a crew is drawn",
        )
    ]
    assert prompt.pick_notes([sherman, m10], left, 2)[0][0] is False
    assert prompt.pick_notes([sherman, crew], left, 2) == []
    # On the board: the picker's panel draws them while the viewer picks.
    state = FrontlineGame().new_state()
    deck = state.observation(0)["seats"][0]["deck"]
    state.apply_action(CARD + next(c for c in deck if c in (sherman, m10)))
    _show(_board(), state, 0)


def test_committed_cards_leave_the_other_hand_cards_where_they_were() -> None:
    """After each committed card the hand re-centred: the next click at the same place hit a
    gap or another card. The hand stays put through the commitment; a gap says why."""
    from game.engines.frontline.actions import CARD, REAR_CARD
    from tests.test_frontline_board import _phase

    state = _advance(FrontlineGame().new_state(), random.Random(7), _phase("commit", 0))
    board = _board()
    said: list[str] = []
    board.ctx.feedback = said.append
    _show(board, state, 0)
    before = {k: board.thing_rect(k) for k in board.things(board.obs) if k[0] == "hand"}
    assert len(before) >= 3
    action = next(a for a in state.legal_actions() if CARD <= a < REAR_CARD)
    key = next(k for k in before if k[1] == action - CARD)
    spot = board.point_on(key, board.key_at)
    assert _click(board, spot) == action
    state.apply_action(action)
    _show(board, state, 0)
    after = {k: board.thing_rect(k) for k in board.things(board.obs) if k[0] == "hand"}
    assert after and {tuple(r) for r in after.values()} <= {tuple(r) for r in before.values()}
    if board.key_at(spot) is None:  # the card's own slot, now empty
        assert _click(board, spot) is None and said and "set aside" in said[-1]


def test_the_game_over_line_gives_the_true_score_and_a_you_form() -> None:
    """ "Hard AI wins (51 victory points)" when the score was 58."""

    board = _board(("You", "Hard AI"))
    obs = dict(setup().observation(0))
    seats = [dict(s) for s in obs["seats"]]
    seats[1]["vp"] = 58
    board.obs = {**obs, "seats": seats, "phase": "over", "winner": 1, "end_reason": "vp"}
    assert board.status_text() == "Hard AI wins (58 victory points, 51 to win)"
    seats[0]["vp"] = 53
    board.obs = {**board.obs, "winner": 0}
    assert board.status_text() == "You win (53 victory points, 51 to win)"


def test_the_commit_after_the_last_committable_card_waits_for_its_click() -> None:
    """Commitment was sent the moment the last committable card was set aside (a forced
    move): no chance to take the card back."""
    from game.boards.frontline.board import FrontlineBoard
    from game.engines import GAMES
    from game.engines.base import CHANCE
    from game.engines.frontline.actions import kind_of
    from game.match import FORCED, HUMAN, HUMAN_TURN, Match

    match = Match(GAMES["frontline"], [HUMAN, "easy"], seed=3)
    match.waits_for(FrontlineBoard.confirms)
    rng = random.Random(3)
    while True:
        state = match.state
        if match.to_move == CHANCE:
            match.advance()
            continue
        obs = state.observation(0)
        if match.to_move == 0 and obs["phase"] == "commit":
            legal = state.legal_actions()
            cards = [a for a in legal if kind_of(a) in ("card", "rear")]
            if not cards:
                break
            match._commit(cards[0])
            continue
        match._commit(rng.choice(state.legal_actions()))
    assert match.state.legal_actions() == [DONE]
    assert match.state.observation(0)["seats"][0]["face_down_count"] > 0
    assert match.phase.kind == HUMAN_TURN and match.phase.kind != FORCED
    match.waits_for(lambda state, action: False)  # the kit's default: played as forced
    assert match.phase.kind == FORCED


def test_a_command_card_that_cannot_be_played_opens_the_chooser_with_play_greyed() -> None:
    """Clicking it discarded it for +1 at once."""
    state = _roll_window(play=False)
    board = _board()
    said: list[str] = []
    board.ctx.feedback = said.append
    _show(board, state, 0)
    legal = state.legal_actions()
    key = next(
        k
        for k, actions in board.spots.items()
        if k[0] == "cmd" and actions == [BOOST + k[1]] and COMMAND + k[1] not in legal
    )
    assert _click(board, board.point_on(key, board.key_at)) is None  # no discard yet
    assert board.choosing == key
    options = board.chooser_options(key)
    assert options[0][0] is None and options[0][1].startswith("Play it: ")
    assert options[1][0] == BOOST + key[1]
    rects = board.chooser_rects(key)
    assert _click(board, rects[1].center) is None and said == [options[0][1]]
    assert board.choosing == key  # still open
    assert _key(board, pygame.K_2) == BOOST + key[1]
    board.draw(pygame.Surface((1280, 800)))


def test_a_dug_in_unit_shows_its_raised_def() -> None:
    """Dig In left the tile's DEF at 0; only the chip and the tooltip said +1."""
    from game.boards.frontline.art import defense_now
    from game.engines.frontline import commands

    state = setup()
    squad = place(state, 0, "us_rifle_squad")
    assert defense_now(squad.view()) == squad.printed.defense == 0
    squad.cmds |= 1 << commands.DIG_IN
    assert defense_now(squad.view()) == commands.DIG_IN_DEF
    board = _board()
    _show(board, state, 0)  # the tile draws it (its shield lit)


def test_a_unit_with_no_legal_target_says_why_while_targets_are_declared() -> None:
    """A unit with no legal target was passed over silently at declaration."""
    from game.engines.frontline import words as prompt

    state = setup()
    squad = place(state, 0, "us_rifle_squad")
    sherman = place(state, 0, "us_m4a1_sherman", crewed=False)
    bazooka = place(state, 0, "us_bazooka_team")
    place(state, 1, "ge_pz4h")
    obs = dict(state.observation(0))
    assert prompt.no_target_reason(obs, squad.pos) == "bullets cannot harm DEF ≥ 2"
    assert prompt.no_target_reason(obs, sherman.pos) == "it has no crew"
    assert prompt.no_target_reason(obs, bazooka.pos) is None
    to_combat(state)
    board = _board()
    _show(board, state, 0)  # drawn on the squad's tile while targets are declared


def test_a_unit_moved_up_by_a_frontline_collapse_reads_frontline_and_is_no_last_move() -> None:
    """A promoted unit still read "Rear Line", and the last-move tag landed on it."""
    from game.boards.frontline import cards as fc
    from game.engines.frontline.cards import FRONT, REAR

    state = setup()  # seat 0 to play: the viewer (seat 1) sees the other side's turn marked
    howitzer = place(state, 1, "ge_lefh18", REAR)
    assert fc.line_now(howitzer.view(), "en") == "Rear Line"
    board = _board()
    key = ("unit", howitzer.pos)

    def seen() -> None:
        board.show(state.observation(1), 1, [], animate=True)
        board.update(0.0)

    board.show(state.observation(1), 1, [], animate=False)
    seen()
    howitzer.line = FRONT  # promoted at the end of a Combat Phase
    seen()
    assert fc.line_now(howitzer.view(), "en") == "Frontline (moved up)"
    assert key not in board.marked  # the viewer's own unit, moved up: no move of the other side
    howitzer.damage = 3
    seen()
    assert key in board.marked  # hit in the other side's turn: news


def test_hidden_builds_are_counted_in_words_not_as_a_repeat() -> None:
    """ "adds a card to the deck ×2 · has built a deck" read as a 2-card deck."""
    from game.turns import Step

    board = _board(("You", "Hard AI"))
    steps = [Step(i, 1, ("build_hidden", {"player": 1}), "") for i in range(40)]
    steps.append(Step(40, 1, ("built", {"player": 1}), ""))
    # A hidden step may be a whole prebuilt deck: no count of cards, which it is not.
    assert board.turn_words(steps) == ["builds its deck in secret", "has built a deck"]
    # (A commitment has no such steps: the other seat sees its last step alone, §4.1.)


@pytest.mark.parametrize("size", [(905, 720), (560, 470)])
def test_odds_on_a_crowded_row_leave_the_unit_names_readable(size: tuple[int, int]) -> None:
    """Five units in a row shrank the tiles until the odds badges covered the names."""
    from game.boards.frontline.art import tile_pad
    from game.engines.frontline.actions import UNIT
    from tests.test_board_contract import make_board

    state = setup()
    place(state, 0, "us_m4a1_sherman")
    for name in ["ge_pz4h", "ge_grenadier_squad", "ge_pak40", "ge_grenadier_squad", "ge_pz4h"]:
        place(state, 1, name)
    to_combat(state)
    board = make_board("frontline", [0.0], size)
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    board.draw(pygame.Surface(size))
    targets = [k for k, actions in board.spots.items() if UNIT + k[1] in actions]
    assert len(targets) == 5
    for key in targets:
        rect = board.thing_rect(key)
        name_bottom = rect.y + tile_pad(rect.h) + round(rect.h * 0.15 * 1.3) - 2
        over = [box for box in board.aim.on_tiles if box.colliderect(rect)]
        assert over and all(box.top >= name_bottom and box.w <= rect.w for box in over), key


def test_of_two_alike_hand_cards_the_one_not_set_aside_stays_where_it_lay() -> None:
    """Two Shermans: setting the first aside moved the second into its slot, so a click on
    the second one's place hit a gap."""
    from game.engines.frontline.actions import CARD
    from game.engines.frontline.cards import UNIT_INDEX

    state = setup()
    sherman, crew = UNIT_INDEX["us_m4a1_sherman"], UNIT_INDEX["us_tank_crew"]
    state.reserves[0] += state.hand_units[0]
    state.hand_units[0] = sorted([sherman, sherman, crew, crew])
    board = _board()
    _show(board, state, 0)
    first, second = ("hand", sherman, 0), ("hand", sherman, 1)
    spot = board.thing_rect(second).center
    assert _click(board, board.point_on(first, board.key_at)) == CARD + sherman
    state.apply_action(CARD + sherman)
    _show(board, state, 0)
    assert board.key_at(spot) is not None  # the other Sherman is still under the pointer
    assert _click(board, spot) == CARD + sherman


def test_a_command_card_played_on_a_unit_is_named_once() -> None:
    """ "plays Hull Down · plays Hull Down on M4A1 Sherman" in the log and the review."""
    from game.turns import Step

    board = _board(("You", "Hard AI"))
    steps = [
        Step(0, 0, ("play", {"player": 0, "command": 3}), ""),
        Step(1, 0, ("card_on", {"player": 0, "command": 3, "unit": 0}), ""),
    ]
    words = board.turn_words(steps)
    assert len(words) == 1 and words[0].endswith("on M4A1 Sherman")
