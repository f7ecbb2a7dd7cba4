"""Bundled fonts, cached per size: M+ 1 for Latin and Japanese text, DejaVu Sans for symbols."""

from __future__ import annotations

from functools import cache

import pygame

from game.resources import resource_path

_TEXT = {False: "Mplus1-Regular.otf", True: "Mplus1-Bold.otf"}
_SYMBOLS = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@cache
def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The text font (Latin + Japanese) at a pixel size."""
    return pygame.font.Font(str(resource_path("assets", "fonts", _TEXT[bold])), max(6, size))


@cache
def get_symbol_font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans, for symbols M+ lacks (card suits, arrows, dice pips)."""
    return pygame.font.Font(str(resource_path("assets", "fonts", _SYMBOLS[bold])), max(6, size))
