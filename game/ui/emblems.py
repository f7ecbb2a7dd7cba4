"""A small drawn emblem for each game of the collection, for the gallery and set-up screens.

Drawn with primitives at four times the size and scaled down smoothly (cheap anti-aliasing),
then cached. A "coming soon" game gets a desaturated, dimmed version.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui import theme

_SS = 4  # supersampling factor
BLUE, RED = (78, 132, 222), (214, 84, 76)
WHITE, BLACK = (236, 232, 220), (40, 42, 50)
OLIVE, SAND = (118, 136, 78), (206, 186, 136)
CRIMSON, GOLDEN, STONE = (196, 60, 56), (226, 178, 86), (120, 118, 116)


def _tile(s: pygame.Surface, rect: pygame.Rect, colour: theme.Colour, marks: int) -> None:
    r = rect.height // 6
    pygame.draw.rect(s, theme.mix(colour, (0, 0, 0), 0.45), rect.move(0, r // 2), border_radius=r)
    pygame.draw.rect(s, colour, rect, border_radius=r)
    pygame.draw.rect(
        s, theme.mix(colour, (255, 255, 255), 0.35), rect, width=max(2, r // 3), border_radius=r
    )
    size = rect.height // 3
    for i in range(marks):
        cx = rect.centerx + (i - (marks - 1) / 2) * size * 1.3
        mark = pygame.Rect(0, 0, size, size)
        mark.center = (round(cx), rect.centery)
        pygame.draw.rect(s, theme.mix(colour, (255, 255, 255), 0.75), mark, border_radius=size // 5)


def _flatfront(s: pygame.Surface, n: int) -> None:
    tw, th = n * 30 // 100, n * 20 // 100
    cells = [
        ((0, 0), BLUE, 2),
        ((1, 0), RED, 1),
        ((-1, 0), RED, 3),
        ((0, 1), RED, 2),
        ((0, -1), BLUE, 1),
        ((1, 1), BLUE, 0),
        ((-1, -1), RED, 1),
    ]
    for (x, y), colour, marks in cells:
        rect = pygame.Rect(0, 0, tw - n // 60, th - n // 60)
        rect.center = (n // 2 + x * tw, n // 2 + y * th)
        _tile(s, rect, colour, marks)


_F_PENTOMINO = ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2))


def _flink(s: pygame.Surface, n: int) -> None:
    cell = n // 8
    origin = n // 2 - 3 * cell
    grid = pygame.Rect(origin, origin, 6 * cell, 6 * cell)
    pygame.draw.rect(s, (58, 62, 72), grid, border_radius=cell // 3)
    for i in range(7):
        pygame.draw.line(
            s, (84, 88, 100), (grid.x + i * cell, grid.y), (grid.x + i * cell, grid.bottom), 3
        )
        pygame.draw.line(
            s, (84, 88, 100), (grid.x, grid.y + i * cell), (grid.right, grid.y + i * cell), 3
        )
    bar = cell // 3
    for x in (grid.x - bar - 4, grid.right + 4):
        pygame.draw.rect(s, WHITE, (x, grid.y, bar, grid.height), border_radius=bar // 2)
    for y in (grid.y - bar - 4, grid.bottom + 4):
        edge = pygame.Rect(grid.x, y, grid.width, bar)
        pygame.draw.rect(s, BLACK, edge, border_radius=bar // 2)
        pygame.draw.rect(s, (120, 124, 136), edge, width=3, border_radius=bar // 2)
    for (dx, dy), colour in (((0, 0), WHITE), ((3, 2), BLACK)):
        for cx, cy in _F_PENTOMINO:
            r = pygame.Rect(
                grid.x + (cx + dx) * cell + 3, grid.y + (cy + dy + 1) * cell + 3, cell - 6, cell - 6
            )
            pygame.draw.rect(s, colour, r, border_radius=cell // 6)
            pygame.draw.rect(
                s, theme.mix(colour, (128, 128, 128), 0.5), r, 3, border_radius=cell // 6
            )


def _battleline(s: pygame.Surface, n: int) -> None:
    cw, ch = n * 30 // 100, n * 44 // 100
    colours = [(196, 72, 64), (70, 120, 196), (214, 170, 70)]
    for i, (angle, colour) in enumerate(zip((-18, 0, 18), colours, strict=True)):
        card = pygame.Surface((cw, ch), pygame.SRCALPHA)
        body = card.get_rect()
        pygame.draw.rect(card, (244, 238, 224), body, border_radius=cw // 8)
        pygame.draw.rect(card, colour, body.inflate(-cw // 6, -ch // 6), border_radius=cw // 12)
        for k in range(3):
            y = ch // 4 + k * ch // 4
            pygame.draw.circle(card, (244, 238, 224), (cw // 2, y), cw // 10)
        pygame.draw.rect(card, (90, 80, 60), body, width=3, border_radius=cw // 8)
        rotated = pygame.transform.rotate(card, -angle)
        pivot = (n // 2 + (i - 1) * n // 7, n * 60 // 100)
        s.blit(rotated, rotated.get_rect(center=pivot))
    pole_x = n // 2
    pygame.draw.line(s, (150, 130, 100), (pole_x, n // 10), (pole_x, n * 36 // 100), 6)
    pygame.draw.polygon(
        s,
        GOLDEN,
        [(pole_x, n // 10), (pole_x + n // 5, n // 10 + n // 20), (pole_x, n // 10 + n // 10)],
    )


def _frontline(s: pygame.Surface, n: int) -> None:
    c, r = n // 2, n * 44 // 100
    hexagon = [
        (c + r * math.cos(math.radians(60 * i + 30)), c + r * math.sin(math.radians(60 * i + 30)))
        for i in range(6)
    ]
    pygame.draw.polygon(s, theme.mix(OLIVE, (0, 0, 0), 0.35), hexagon)
    pygame.draw.polygon(s, SAND, hexagon, 6)
    body = pygame.Rect(0, 0, n * 46 // 100, n * 13 // 100)
    body.center = (c, c + n // 12)
    tracks = body.inflate(n // 16, 0).move(0, body.height * 3 // 4)
    pygame.draw.rect(s, (58, 64, 44), tracks, border_radius=tracks.height // 2)
    for i in range(5):
        x = tracks.x + tracks.height // 2 + i * (tracks.width - tracks.height) // 4
        pygame.draw.circle(s, SAND, (x, tracks.centery), tracks.height // 4)
    pygame.draw.rect(s, OLIVE, body, border_radius=n // 50)
    turret = pygame.Rect(0, 0, n * 20 // 100, n * 10 // 100)
    turret.midbottom = (c - n // 30, body.y + 2)
    pygame.draw.rect(s, theme.mix(OLIVE, (255, 255, 255), 0.15), turret, border_radius=n // 40)
    pygame.draw.line(
        s,
        theme.mix(OLIVE, (255, 255, 255), 0.15),
        turret.midright,
        (c + n * 30 // 100, turret.centery - n // 40),
        n // 28,
    )
    star_c, star_r = (c, c - n * 25 // 100), n // 12
    star = [
        (
            star_c[0] + (star_r if i % 2 == 0 else star_r * 0.42) * math.sin(math.pi * i / 5),
            star_c[1] - (star_r if i % 2 == 0 else star_r * 0.42) * math.cos(math.pi * i / 5),
        )
        for i in range(10)
    ]
    pygame.draw.polygon(s, SAND, star)


def _tsuno(s: pygame.Surface, n: int) -> None:
    c = n // 2
    pygame.draw.circle(s, CRIMSON, (c, n * 40 // 100), n * 34 // 100)
    base = pygame.Rect(0, 0, n * 54 // 100, n * 16 // 100)
    base.midbottom = (c, n * 86 // 100)
    pygame.draw.polygon(
        s,
        STONE,
        [
            (base.x + n // 20, base.y),
            (base.right - n // 20, base.y),
            base.bottomright,
            base.bottomleft,
        ],
    )
    y = base.y
    for width, height in ((46, 14), (34, 12), (22, 12)):
        w, h = n * width // 100, n * height // 100
        wall = pygame.Rect(0, 0, w * 8 // 10, h)
        wall.midbottom = (c, y)
        pygame.draw.rect(s, WHITE, wall)
        roof = [
            (c - w // 2 - n // 30, wall.y + n // 60),
            (c + w // 2 + n // 30, wall.y + n // 60),
            (c + w // 3, wall.y - h // 2),
            (c - w // 3, wall.y - h // 2),
        ]
        pygame.draw.polygon(s, BLACK, roof)
        y = wall.y - h // 2
    pygame.draw.line(s, GOLDEN, (c, y), (c, y - n // 16), n // 40)
    for dx in (-1, 1):
        die = pygame.Rect(0, 0, n // 8, n // 8)
        die.center = (c + dx * n * 36 // 100, n * 80 // 100)
        pygame.draw.rect(s, BLACK if dx < 0 else GOLDEN, die, border_radius=n // 50)
        pygame.draw.circle(s, WHITE if dx < 0 else BLACK, die.center, n // 60)


_DRAWERS: dict[str, Callable[[pygame.Surface, int], None]] = {
    "flatfront": _flatfront,
    "flink": _flink,
    "battleline": _battleline,
    "frontline": _frontline,
    "tsuno": _tsuno,
}


@lru_cache(maxsize=32)
def emblem(game_id: str, size: int, muted: bool = False) -> pygame.Surface:
    """The game's emblem as a ``size``×``size`` surface with transparency."""
    n = size * _SS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    _DRAWERS.get(game_id, _flatfront)(big, n)
    small = pygame.transform.smoothscale(big, (size, size))
    if muted:
        small = pygame.transform.grayscale(small)
        small.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
    return small
