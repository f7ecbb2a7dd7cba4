"""Frontline's colours (the normal and colour-blind palettes every card and the board draw
with) and the cache every card picture is kept in, keyed by the colours it uses."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.ui.cache import SurfaceCache
from game.ui.draw import Colour

RATIO = 1.4  # card height / width (a poker card is 1.4)

NORMAL: dict[str, Colour] = {
    "bg": (34, 36, 26),
    "panel": (44, 46, 34),
    "panel_edge": (150, 140, 96),
    "table": (70, 74, 50),
    "table_line": (112, 112, 76),
    "paper": (232, 222, 190),
    "paper_dim": (204, 192, 156),
    "ink": (34, 32, 24),
    "ink_dim": (96, 90, 70),
    "us": (196, 150, 72),  # US: warm sand / khaki (and the star)
    "ge": (92, 118, 156),  # Germany: blue field grey (and the cross)
    "command": (118, 56, 44),
    "damage": (150, 40, 36),
    "hp": (96, 168, 84),
    "hp_low": (214, 160, 48),
    "hit": (226, 70, 52),
    "gold": (222, 182, 96),
    "last_move": (255, 236, 150),
    "highlight": (190, 150, 255),
    "hint": (104, 222, 246),
    "text": (240, 234, 214),
    "text_dim": (196, 188, 160),
    "legal": (132, 220, 120),
}
# Colour-blind: the two armies as orange against blue (told apart under every common form of
# colour blindness), health as blue against orange rather than green against red.
COLORBLIND: dict[str, Colour] = {
    **NORMAL,
    "us": (222, 146, 40),
    "ge": (74, 120, 200),
    "hp": (86, 150, 226),
    "hp_low": (230, 140, 40),
    "legal": (120, 200, 240),
}
PALETTES = {"normal": NORMAL, "colorblind": COLORBLIND}


_CACHE = SurfaceCache()


def colour_of(palette: dict[str, Colour], key: str) -> Colour:
    """The palette's colour ``key``, or the normal palette's where it lacks it."""
    return palette.get(key, NORMAL[key])


_PALETTE_KEYS: dict[int, tuple[dict[str, Colour], tuple]] = {}


def palette_key(palette: dict[str, Colour]) -> tuple:
    """The colours a face uses, as a cache key (remembered per palette object: faces are asked
    for many times a frame)."""
    known = _PALETTE_KEYS.get(id(palette))
    if known is not None and known[0] is palette:
        return known[1]
    key = tuple(colour_of(palette, k) for k in NORMAL)
    if len(_PALETTE_KEYS) > 16:
        _PALETTE_KEYS.clear()
    _PALETTE_KEYS[id(palette)] = (palette, key)
    return key


def cached(key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
    """The picture ``key`` (sizes and ``palette_key`` in it), built once."""
    return _CACHE.get(key, build)
