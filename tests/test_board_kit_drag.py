"""The kit's drop zones (game/boards/drag.py): a press is a click until the mouse travels far
enough, then a drag whose release names the zone it fell on; the zones it may go to are ringed
and the carried thing follows the mouse."""

from __future__ import annotations

import pygame

from game.boards.drag import Press, draw_carried, zone_at
from game.ui.draw import Art

PALETTE = {"legal": (60, 200, 90), "selected": (250, 210, 60)}
FRONT, REAR = pygame.Rect(10, 10, 180, 40), pygame.Rect(10, 60, 180, 40)


def test_a_press_released_nearby_is_a_click_and_one_carried_far_enough_is_a_drop():
    press: Press[str] = Press(threshold=8)
    assert not press.held and press.up((5, 5)) == (None, False)  # nothing was pressed
    press.down((100, 100), "card")
    assert press.held and press.dragged((105, 100)) is None  # 5 px: still a click
    assert press.up((105, 100)) == ("card", False) and not press.held
    press.down((100, 100), "card")
    assert press.dragged((100, 110)) == "card" and press.dragged(None) is None
    assert press.up((100, 130)) == ("card", True) and press.dragged((100, 130)) is None


def test_a_thing_carried_away_and_brought_back_is_dropped_there_not_clicked():
    press: Press[str] = Press(threshold=8)
    press.down((100, 100), "card")
    press.follow((100, 103))
    assert press.dragged((100, 103)) is None  # not yet
    press.follow((100, 140))
    assert press.dragged((100, 101)) == "card"  # back over the thing: still carried
    assert press.up((100, 101)) == ("card", True)
    press.down((100, 100), "card")  # a new press starts as a click again
    assert press.up((101, 100)) == ("card", False)


def test_a_press_on_nothing_carries_nothing_and_a_cancelled_press_is_forgotten():
    press: Press[str] = Press()
    press.down((0, 0), None)
    assert press.dragged((50, 50)) is None and press.up((50, 50)) == (None, True)
    press.down((0, 0), "card")
    press.cancel()  # a new observation came between press and release
    assert not press.held and press.dragged((50, 50)) is None


def test_the_zone_under_the_drop_is_named_and_a_drop_between_zones_names_none():
    zones = [("front", FRONT), ("rear", REAR)]
    assert zone_at(zones, (20, 70)) == "rear"
    assert zone_at(zones, FRONT.center) == "front"
    assert zone_at(zones, (20, 55)) is None  # between the rows
    assert zone_at([], (20, 70)) is None


def test_the_lit_zones_are_ringed_and_the_carried_thing_shows_under_the_mouse():
    surface = pygame.Surface((200, 120))
    card = pygame.Surface((20, 20))
    card.fill((200, 40, 40))
    draw_carried(surface, Art(PALETTE), PALETTE, [("front", FRONT)], card, (100, 100), 3, 255)
    assert surface.get_at((FRONT.x + 1, FRONT.centery))[:3] != (0, 0, 0)  # the front is ringed
    assert surface.get_at((REAR.x + 1, REAR.centery))[:3] == (0, 0, 0)  # the rear is not
    red = surface.get_at((100, 100))[:3]  # the card, a little see-through over black
    assert red[0] > 150 and red[1] < 60 and red[2] < 60
    assert surface.get_at((115, 100))[:3] == (0, 0, 0)  # and no larger than itself
