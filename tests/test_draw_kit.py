"""The kit's drawing primitives (game/ui/draw.py) that boards share: what each promises."""

from __future__ import annotations

import pygame

from game.ui.draw import blit_at


def _dot_image() -> pygame.Surface:
    """A 6 x 8 picture, clear but for one opaque pixel at (2, 7): a piece's base."""
    image = pygame.Surface((6, 8), pygame.SRCALPHA)
    image.set_at((2, 7), (200, 10, 10, 255))
    return image


def test_blit_at_puts_the_images_anchor_on_the_point_and_restores_its_alpha() -> None:
    surface = pygame.Surface((40, 40))
    image = _dot_image()
    rect = blit_at(surface, image, (2.4, 7.0), (20.2, 30.0))
    assert rect.topleft == (18, 23)
    assert surface.get_at((20, 30))[:3] == (200, 10, 10)
    surface.fill((0, 0, 0))
    blit_at(surface, image, (2, 7), (10, 10), alpha=128)
    red = surface.get_at((10, 10))[0]
    assert 90 < red < 110  # half of 200 over black
    assert image.get_alpha() == 255  # the shared cached picture is left as it was
    surface.fill((0, 0, 0))
    blit_at(surface, image, (2, 7), (10, 10), alpha=0)
    assert surface.get_at((10, 10))[:3] == (0, 0, 0)
