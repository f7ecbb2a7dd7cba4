"""Battle Line's emblem on the gallery and set-up screens: three cards fanned under a gold
pennant."""

from __future__ import annotations

import pygame

EMBLEM_GOLD = (226, 178, 86)  # the emblem's flag


def draw_emblem(s: pygame.Surface, n: int) -> None:
    """The game's emblem on the gallery and set-up screens, filling the ``n``-square ``s``
    (drawn at four times its size, then scaled down)."""
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
        EMBLEM_GOLD,
        [(pole_x, n // 10), (pole_x + n // 5, n // 10 + n // 20), (pole_x, n // 10 + n // 10)],
    )
