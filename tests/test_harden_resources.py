"""Resources stay bounded however long the game runs: fonts over many window sizes."""

from __future__ import annotations

import os
import sys

import pygame
import pytest

from game.ui import fonts


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts /proc/self/fd")
def test_fonts_keep_no_open_file_per_size_and_a_bounded_cache() -> None:
    pygame.font.init()
    fonts.get_font(17)
    before = open_files()
    for size in range(6, 300, 2):
        for bold in (False, True):
            assert fonts.get_font(size, bold).size("Ag")[1] > 0
            fonts.get_symbol_font(size, bold).render("♠", True, (0, 0, 0))
    assert open_files() - before <= 2
    assert fonts.get_font.cache_info().currsize <= fonts.SIZES_KEPT
    assert fonts.get_symbol_font.cache_info().currsize <= fonts.SIZES_KEPT
