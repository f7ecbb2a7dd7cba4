"""Bundled fonts: M+ 1 for Latin and Japanese text, DejaVu Sans for symbols.

Each font file is read into memory once and every pixel size is opened from those bytes, so no
file stays open per size (a window resized through hundreds of sizes once exhausted the
256-file limit of macOS); the opened sizes are kept in a small LRU, so memory stays bounded too.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache

import pygame

from game.resources import resource_path

_TEXT = {False: "Mplus1-Regular.otf", True: "Mplus1-Bold.otf"}
_SYMBOLS = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
SIZES_KEPT = 16  # sizes (either weight) per family: a screen uses about ten, ~0.5 MB each


@cache
def _font_bytes(name: str) -> bytes:
    return resource_path("assets", "fonts", name).read_bytes()


def _open(name: str, size: int) -> pygame.font.Font:
    return pygame.font.Font(io.BytesIO(_font_bytes(name)), max(6, size))


@lru_cache(maxsize=SIZES_KEPT)
def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The text font (Latin + Japanese) at a pixel size."""
    return _open(_TEXT[bold], size)


@lru_cache(maxsize=SIZES_KEPT)
def get_symbol_font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans, for symbols M+ lacks (card suits, arrows, dice pips)."""
    return _open(_SYMBOLS[bold], size)
