"""The application icon, drawn by the program: a polygon of wedges, one per game (a pentagon).

Drawn once with primitives at four times the size and scaled down smoothly, like the emblems.
The same picture is the window icon at run time and, written to PNG/ICO/ICNS by
``build/make_icons.py``, the executable's icon on Windows and macOS, so no artwork file exists to
drift from it.
"""

from __future__ import annotations

import math

import pygame

from game.engines import GAMES
from game.ui import theme

_SS = 4  # supersampling factor
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)


def app_icon(size: int) -> pygame.Surface:
    """The icon as a ``size``×``size`` surface with transparency (no display needed)."""
    n = size * _SS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    radius = n // 5
    pygame.draw.rect(big, theme.BG_TOP, big.get_rect(), border_radius=radius)
    edge = max(1, n // 24)
    pygame.draw.rect(big, theme.GOLD_DARK, big.get_rect(), width=edge, border_radius=radius)
    centre = (n / 2, n * 0.53)
    outer = n * 0.40
    count = len(GAMES)
    corners = [
        (centre[0] + outer * math.cos(a), centre[1] + outer * math.sin(a))
        for a in (-math.pi / 2 + i * 2 * math.pi / count for i in range(count))
    ]
    for i, game_id in enumerate(GAMES):
        colour = theme.accent(game_id)
        wedge = [centre, corners[i], corners[(i + 1) % count]]
        pygame.draw.polygon(big, colour, wedge)
        pygame.draw.polygon(big, theme.INK, wedge, width=max(1, n // 64))
    pygame.draw.circle(big, theme.GOLD, centre, n * 0.11)
    pygame.draw.circle(big, theme.INK, centre, n * 0.11, width=max(1, n // 64))
    return pygame.transform.smoothscale(big, (size, size))
