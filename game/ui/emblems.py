"""Each game's emblem, for the gallery and set-up screens, drawn by its board
(``Board.draw_emblem``).

Drawn with primitives at four times the size and scaled down smoothly (cheap anti-aliasing),
then cached. A "coming soon" game (no board yet) gets a sealed crate, desaturated and dimmed,
never another game's emblem.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme

_SS = 4  # supersampling factor


def _crate(s: pygame.Surface, n: int) -> None:
    """A game still in its crate: a box with a lid and a band across it."""
    box = pygame.Rect(0, 0, n * 64 // 100, n * 48 // 100)
    box.midbottom = (n // 2, n * 82 // 100)
    lid = box.inflate(n // 14, 0)
    lid.height = n * 12 // 100
    lid.bottom = box.y + n // 40
    radius = n // 40
    pygame.draw.rect(s, theme.PANEL_EDGE, box, border_radius=radius)
    pygame.draw.rect(s, theme.TEXT_FAINT, lid, border_radius=radius)
    band = pygame.Rect(0, lid.y, n // 10, box.bottom - lid.y)
    band.centerx = box.centerx
    pygame.draw.rect(s, theme.TEXT_DIM, band)


@lru_cache(maxsize=32)
def emblem(game_id: str, size: int, muted: bool = False) -> pygame.Surface:
    """The game's emblem as a ``size``×``size`` surface with transparency."""
    from game.boards import board_class, has_board  # lazy: the registry imports the boards

    n = size * _SS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    if has_board(game_id):
        board_class(game_id).draw_emblem(big, n)
    else:
        _crate(big, n)
    small = pygame.transform.smoothscale(big, (size, size))
    if muted:
        small = pygame.transform.grayscale(small)
        small.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
    return small
