"""The kit's notes on a thing: words rising from it and fading, lines boxed over its band."""

from __future__ import annotations

import pygame
import pytest

from game.boards.notes import T_RISE, Risers, label_over
from game.ui.draw import MIN_READABLE_PX
from game.ui.tween import Timeline


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _lit(surface: pygame.Surface, area: pygame.Rect) -> int:
    return sum(
        surface.get_at((x, y))[:3] != (0, 0, 0)
        for x in range(area.x, area.right)
        for y in range(area.y, area.bottom)
    )


def test_words_rise_from_a_thing_fade_and_leave() -> None:
    timeline = Timeline(lambda: 1.0, lambda name: None)
    risers = Risers(timeline)
    thing = pygame.Rect(100, 100, 60, 40)
    item = risers.rise("-3", thing, (220, 40, 40), delay=0.2)
    assert (item.x, item.y) == thing.center and item.alpha == 1.0
    surface = pygame.Surface((300, 300))
    timeline.update(0.2 + T_RISE / 2)
    risers.draw(surface, 14, 60, 4)
    assert 0 < item.alpha < 1 and item.rise > 0.5
    assert _lit(surface, pygame.Rect(110, 40, 40, 55)) > 0  # above the thing, on its way up
    timeline.update(T_RISE)
    assert risers.items == []  # gone once faded
    risers.rise("+2 VP", thing, (200, 170, 60))
    timeline.update(T_RISE * 2)
    risers.settle()
    assert risers.items == []


def test_lines_over_a_thing_sit_at_the_foot_of_its_band_within_its_width() -> None:
    surface = pygame.Surface((300, 300))
    thing = pygame.Rect(50, 50, 90, 70)
    band = (70, 105)  # under its name, above its footer
    lines = ["73% to hit · 40%", "2 HP left"]
    box = label_over(surface, lines, thing, band, ((240, 240, 240), (90, 200, 90)), 14, 6)
    assert box.bottom == band[1] and box.centerx == thing.centerx
    assert thing.x <= box.x and box.right <= thing.right  # a long line shrinks to the width
    assert box.h >= 2 * MIN_READABLE_PX  # never below the readable size
    assert _lit(surface, box) > 0 and _lit(surface, pygame.Rect(0, 0, 300, band[0] - 1)) == 0
