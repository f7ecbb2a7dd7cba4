"""The window opens at a size that fits the screen, and reopens at the size it was left."""

from __future__ import annotations

import pygame
import pytest

from game import saves
from game.app import App
from game.settings import Settings
from game.ui.layout import MIN_WINDOW, REFERENCE_SIZE, opening_size


@pytest.mark.parametrize(
    ("desktop", "expected"),
    [
        (None, REFERENCE_SIZE),  # SDL cannot tell: the design size
        ((2560, 1440), REFERENCE_SIZE),  # room to spare: never blown up
        ((1366, 768), (1082, 676)),  # the common laptop: 1280x800 would hang off the bottom
        ((1024, 600), (845, 540)),  # a netbook: no lower than the layouts support
    ],
)
def test_a_first_window_fits_its_desktop_in_the_design_proportions(desktop, expected) -> None:
    assert opening_size(desktop, None) == expected


def test_a_remembered_size_is_reopened_within_the_desktop_and_the_minimum() -> None:
    assert opening_size((1920, 1080), (1500, 700)) == (1500, 700)
    assert opening_size((1366, 768), (1366, 728)) == (1284, 676)  # maximised on a laptop
    assert opening_size((1920, 1080), (300, 200)) == MIN_WINDOW


def test_the_size_the_player_leaves_the_window_at_is_where_it_reopens(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    settings = Settings(animation="off", sound=False, language="en")
    app = App(settings)
    try:
        pygame.display.set_mode((900, 600), pygame.RESIZABLE)  # what the window manager does
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
        assert app.size == (900, 600)
    finally:
        app.close()
    stored = Settings.load()
    assert stored.window_size == [900, 600]
    again = App(stored, persist_settings=False)
    try:
        assert again.size == (900, 600)
    finally:
        again.close()
