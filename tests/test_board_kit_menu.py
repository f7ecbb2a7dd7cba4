"""The kit's menu beside a thing (game/boards/menu.py): it opens beside the thing within the
board, a click on an option plays it and closes it, a greyed option says why and stays open,
keys pick the options by their badges, Escape or a click elsewhere closes it, and it draws."""

from __future__ import annotations

import pygame
import pytest

from game.boards.menu import Menu, clicks, place
from game.boards.palette import BASE_PALETTE
from game.ui.draw import Art

BOUNDS = pygame.Rect(0, 0, 600, 400)
THING = pygame.Rect(500, 300, 60, 80)
OPTIONS: list[tuple[int | None, str]] = [(None, "Not now: later"), (7, "Fire"), (9, "Assault")]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def opened() -> Menu:
    menu = Menu(Art(BASE_PALETTE), (230, 190, 90), "board.menu-title")
    menu.open("unit", OPTIONS, THING, BOUNDS, 8)
    return menu


def test_the_menu_stands_beside_the_thing_inside_the_board_one_option_under_another() -> None:
    popup, *rows = place(OPTIONS, THING, BOUNDS, 8)
    assert BOUNDS.contains(popup) and not popup.colliderect(THING)
    assert all(popup.contains(r) for r in rows)
    assert [r.y for r in rows] == sorted(r.y for r in rows) and len({r.x for r in rows}) == 1
    long = place([(1, "a much longer option's words than the others " * 2)], THING, BOUNDS, 8)
    assert long[1].w > rows[0].w  # wide enough for its words


def test_a_click_on_an_option_plays_it_and_closes_the_menu() -> None:
    menu, said = opened(), []
    assert menu.release(menu.rects[2].center, said.append) == 7
    assert menu.key is None and menu.rects == [] and said == []


def test_a_greyed_option_says_why_and_keeps_the_menu_open() -> None:
    menu, said = opened(), []
    assert menu.release(menu.rects[1].center, said.append) is None
    assert said == ["Not now: later"] and menu.key == "unit"


def test_a_click_elsewhere_closes_it_and_plays_nothing() -> None:
    menu = opened()
    assert menu.release((5, 5), print) is None and menu.key is None


def test_keys_pick_by_badge_greyed_ones_pick_nothing_and_escape_closes() -> None:
    menu = opened()
    assert menu.numbered() == [None, 7, 9]
    assert menu.press(pygame.K_1) is None and menu.key == "unit"  # greyed: stays open
    assert menu.press(pygame.K_4) is None and menu.key == "unit"  # no fourth option
    assert menu.press(pygame.K_KP3) == 9 and menu.key is None
    menu = opened()
    assert menu.press(pygame.K_ESCAPE) is None and menu.key is None


def test_it_draws_its_popup_and_greys_the_option_that_cannot_be_taken() -> None:
    menu = opened()
    surface = pygame.Surface(BOUNDS.size)
    menu.draw(surface, None)
    popup, greyed, fire, _ = menu.rects
    assert surface.get_at(popup.center)[:3] != (0, 0, 0)
    grey, fire_ = (surface.get_at((r.right - 8, r.y + 8)) for r in (greyed, fire))
    assert sum(grey[:3]) < sum(fire_[:3])  # veiled
    shut = pygame.Surface(BOUNDS.size)
    menu.close()
    menu.draw(shut, None)
    assert pygame.transform.average_color(shut)[:3] == (0, 0, 0)  # a shut menu draws nothing


def test_a_thing_with_one_option_takes_it_at_once_and_with_several_opens_the_menu() -> None:
    menu = Menu(Art(BASE_PALETTE), (230, 190, 90), "board.menu-title")
    assert menu.take("card", [(4, "Play it")], THING, BOUNDS, 8) == 4 and menu.key is None
    assert menu.take("unit", OPTIONS, THING, BOUNDS, 8) is None and menu.key == "unit"
    assert menu.rects == place(OPTIONS, THING, BOUNDS, 8)


def test_the_clicks_that_take_an_action_are_the_thing_then_its_option_in_the_menu() -> None:
    point = THING.center
    assert clicks(point, [(4, "Play it")], 4, THING, BOUNDS, 8) == [point]
    taken = clicks(point, OPTIONS, 9, THING, BOUNDS, 8)
    assert taken == [point, place(OPTIONS, THING, BOUNDS, 8)[3].center]
    menu = opened()
    assert menu.release(taken[1], lambda words: None) == 9  # the option a click there takes
