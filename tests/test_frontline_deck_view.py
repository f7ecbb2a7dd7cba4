"""Frontline's deck builder by mouse alone: a custom deck, a prebuilt one, a random one and a
saved one reach the engine as adds + DONE; an illegal deck cannot be confirmed and says why;
every build decision is reachable by the clicks the view names."""

from __future__ import annotations

import random

import pygame
import pytest

from game.boards.base import Board, BoardContext
from game.boards.frontline import cards as faces
from game.boards.frontline.deck.view import DeckView
from game.boards.palette import palette_of
from game.decks import DECKS_FILE
from game.engines import GAMES
from game.engines.frontline.actions import CARD, DONE, PREBUILT_DECK
from game.engines.frontline.building import deck_errors
from game.engines.frontline.cards import PREBUILT, UNIT_INDEX, UNITS, deck_points
from game.engines.frontline.phases import PH_PICK

SIZES = [(800, 540), (1280, 800)]


def make_view(tmp_path, size=(800, 540), said: list[str] | None = None) -> DeckView:
    pygame.font.init()
    ctx = BoardContext(
        game=GAMES["frontline"],
        options={"decks": "build"},
        num_players=2,
        seat_names=["You", "Hard AI"],
        palette={**palette_of(Board, False), **faces.PALETTES["normal"]},
        lang="en",
        feedback=(said if said is not None else []).append,
        play_sound=lambda name: None,
        anim_speed=lambda: 0.0,
        data_dir=tmp_path,
    )
    view = DeckView(ctx)
    view.rng = random.Random(5)
    view.layout(pygame.Rect((0, 0), size))
    return view


def click(view: DeckView, pos: tuple[int, int], button: int = 1):
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    down = view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    up = view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    return down if down is not None else up


def add(view: DeckView, card_id: str, times: int = 1, button: int = 1):
    """Click the pool's tile of ``card_id`` ``times`` times; returns the last click's decision."""
    decision = None
    for _ in range(times):
        decision = click(view, view.tiles()[UNIT_INDEX[card_id]].center, button)
    return decision


def building(seat0_army: str = "US"):
    return GAMES["frontline"].new_state(decks="build", seat0_army=seat0_army)


def show(view: DeckView, state, viewer: int = 0) -> None:
    legal = state.legal_actions() if state.current_player() == viewer else []
    view.show(state.observation(viewer), viewer, legal)


def play(state, actions: list[int]) -> None:
    for action in actions:
        state.apply_action(action)


def test_a_custom_deck_by_mouse(tmp_path) -> None:
    view, state = make_view(tmp_path), building()
    show(view, state)
    wanted = ["us_m4a1_sherman"] * 2 + ["us_tank_crew"] * 2 + ["us_rifle_squad"] * 5
    wanted += ["us_bazooka_team"] * 4 + ["us_105mm_howitzer", "us_artillery_crew"]
    wanted += ["us_30cal_mg_team"] * 3
    click(view, view.filter_buttons["infantry"].rect.center)  # filters change where cards lie
    click(view, view.filter_buttons["all"].rect.center)
    for card_id in wanted:
        assert add(view, card_id) is None
    assert deck_points(view.cards) == 24 + 4 + 20 + 16 + 10 + 12 == 86
    decision = click(view, view.confirm_button.rect.center)
    assert decision == [CARD + UNIT_INDEX[c] for c in wanted] + [DONE]
    play(state, decision)
    assert state.current_player() == 1 and sorted(state.deck[0]) == sorted(view.cards)


def test_removing_cards_by_clicking_the_deck_or_right_clicking_the_pool(tmp_path) -> None:
    view, state = make_view(tmp_path), building()
    show(view, state)
    sherman = UNIT_INDEX["us_m4a1_sherman"]
    add(view, "us_m4a1_sherman", 3)
    click(view, view.rows()[sherman].center)
    add(view, "us_m4a1_sherman", button=3)
    assert view.cards == [sherman]
    click(view, view.clear_button.rect.center)
    assert view.cards == []


def test_copies_and_points_are_refused_with_a_reason(tmp_path) -> None:
    view, state = make_view(tmp_path), building()
    show(view, state)
    stuart = UNIT_INDEX["us_m5a1_stuart"]
    add(view, "us_m5a1_stuart", 3)
    assert view.cards == [stuart, stuart] and "only 2" in view.notice[0]


def test_an_illegal_deck_cannot_be_confirmed_and_says_why(tmp_path) -> None:
    said: list[str] = []
    view, state = make_view(tmp_path, said=said), building()
    show(view, state)
    add(view, "us_rifle_squad")
    assert click(view, view.confirm_button.rect.center) is None
    assert said and "4 points, at least 80 needed" in said[-1]
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert view.handle_event(enter) is None and len(said) == 2
    click(view, view.random_button.rect.center)
    assert view.handle_event(enter)[-1] == DONE
    surface = pygame.Surface((800, 540))
    view.update(0.1)
    view.draw(surface)  # the reason is on the panel too (drawn without error)


@pytest.mark.parametrize("army", ["US", "GE"])
def test_prebuilt_decks_by_mouse_go_card_by_card(tmp_path, army: str) -> None:
    view, state = make_view(tmp_path, SIZES[1]), building(army)
    show(view, state)
    names = [n for n in PREBUILT if n.startswith(army.lower() + "_")]
    click(view, view.prebuilt_buttons[1].rect.center)
    decision = click(view, view.confirm_button.rect.center)
    assert decision[-1] == DONE and all(a < PREBUILT_DECK for a in decision)
    play(state, decision)
    assert sorted(state.deck[0]) == sorted(PREBUILT[names[1]])


def test_a_random_deck_by_mouse_for_both_seats(tmp_path) -> None:
    state = building()
    for seat in (0, 1):
        view = make_view(tmp_path)
        show(view, state, seat)
        click(view, view.random_button.rect.center)
        decision = click(view, view.confirm_button.rect.center)
        assert decision is not None
        play(state, decision)
    assert state.phase == PH_PICK
    assert deck_errors(0, state.deck[0]) == [] and deck_errors(1, state.deck[1]) == []


def test_saved_decks_by_mouse_survive_a_new_view(tmp_path) -> None:
    view, state = make_view(tmp_path), building()
    show(view, state)
    click(view, view.random_button.rect.center)
    deck = list(view.cards)
    click(view, view.save_button.rect.center)
    assert (tmp_path / DECKS_FILE).exists() and "US deck 1" in view.notice[0]
    again = make_view(tmp_path, SIZES[1])
    show(again, state)
    click(again, again.saved_button.rect.center)
    name, row, _ = again.saved_rows()[0]
    assert name == "US deck 1"
    click(again, row.center)
    assert again.cards == deck and not again.saved_open
    click(again, again.saved_button.rect.center)
    click(again, again.saved_rows()[0][2].center)  # the cross deletes it
    assert again.saved_rows() == [] and again.book().names("US") == []


def test_a_damaged_deck_file_is_reported_and_building_goes_on(tmp_path) -> None:
    (tmp_path / DECKS_FILE).write_text("{oops", encoding="utf-8")
    view, state = make_view(tmp_path), building()
    show(view, state)
    click(view, view.saved_button.rect.center)
    assert "damaged" in view.notice[0] and view.saved_rows() == []
    click(view, (2, 2))  # outside the list: it closes
    click(view, view.random_button.rect.center)
    assert click(view, view.confirm_button.rect.center)[-1] == DONE


@pytest.mark.parametrize("size", SIZES)
def test_every_build_decision_is_reached_by_its_clicks(tmp_path, size) -> None:
    view, state = make_view(tmp_path, size), building()
    show(view, state)
    surface = pygame.Surface(size)
    for action in state.legal_actions():
        points = view.clicks_for(action)
        assert all(view.rect.collidepoint(p) for p in points)
        got = None
        for pos in points:
            got = click(view, pos) or got
        view.update(0.05)
        view.draw(surface)
        if action >= PREBUILT_DECK:  # the shortcut is played as that deck's cards
            name = list(PREBUILT)[action - PREBUILT_DECK]
            assert sorted(a - CARD for a in got[:-1]) == sorted(PREBUILT[name])
        else:
            assert got[0] == action and got[-1] == DONE
        trial = state.clone()
        play(trial, got)
        assert trial.current_player() == 1


def test_a_half_submitted_deck_keeps_its_cards(tmp_path) -> None:
    """A match saved in the middle of a submission: the engine's cards stay, DONE completes."""
    view, state = make_view(tmp_path), building()
    deck = list(PREBUILT["us_armored_task_force"])
    play(state, [CARD + c for c in deck[:5]])
    show(view, state)
    assert sorted(view.cards) == sorted(deck[:5])
    click(view, view.rows()[deck[0]].center)  # cannot be taken out
    assert sorted(view.cards) == sorted(deck[:5]) and view.notice[0]
    click(view, view.prebuilt_buttons[0].rect.center)
    decision = click(view, view.confirm_button.rect.center)
    assert decision == [CARD + c for c in deck[5:]] + [DONE]
    play(state, decision)
    assert sorted(state.deck[0]) == sorted(deck)


def test_done_alone_when_the_engine_already_holds_a_legal_deck(tmp_path) -> None:
    view, state = make_view(tmp_path), building()
    play(state, [CARD + c for c in PREBUILT["us_armored_task_force"]])
    show(view, state)
    add(view, "us_pilot")
    got = None
    for pos in view.clicks_for(DONE):
        got = click(view, pos) or got
    assert got == [DONE]


def test_the_other_seat_waits_while_a_deck_is_built(tmp_path) -> None:
    view, state = make_view(tmp_path), building()
    show(view, state, viewer=1)
    assert not view.legal and view.waiting_for == "You"
    assert view.side == 1 and view.waiting_army == "US"  # the back of the deck being built
    assert click(view, view.confirm_button.rect.center) is None
    view.draw(pygame.Surface((800, 540)))


def test_clicks_for_a_card_work_from_any_filter_and_deck(tmp_path) -> None:
    """A filter that hides the card and cards already added: All and Clear come first."""
    view, state = make_view(tmp_path), building()
    show(view, state)
    sherman = UNIT_INDEX["us_m4a1_sherman"]
    assert view.clicks_for(CARD + sherman)[0] == view.tiles()[sherman].center  # the hint's spot
    click(view, view.filter_buttons["crews"].rect.center)
    add(view, "us_tank_crew")
    got = None
    for pos in view.clicks_for(CARD + sherman):
        got = click(view, pos) or got
    assert got[0] == CARD + sherman and got[-1] == DONE
    click(view, view.filter_buttons["crews"].rect.center)
    add(view, "us_tank_crew")
    got = None
    for pos in view.clicks_for(DONE):
        got = click(view, pos) or got
    assert got is None and view.cards == []  # DONE is not legal at 0 points: Confirm refuses


def test_hot_seat_the_second_builder_sees_nothing_of_the_first_deck(tmp_path) -> None:
    view, state = make_view(tmp_path), building()
    show(view, state, 0)
    click(view, view.random_button.rect.center)
    play(state, click(view, view.confirm_button.rect.center))
    show(view, state, 1)
    assert view.cards == [] and view.side == 1 and view.legal
    assert all(UNITS[c].side == 1 for c in view.tiles())
    surface = pygame.Surface((800, 540))
    view.draw(surface)
