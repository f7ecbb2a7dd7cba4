"""The kit's table picture (game/ui/table.py): wood round a felt cloth, textures drawn once."""

from __future__ import annotations

import pygame

from game.ui import table

PALETTE = {
    "table": (92, 64, 44),
    "table_grain": (72, 49, 33),
    "bg": (22, 17, 14),
    "felt": (46, 72, 62),
}


def _near(a: tuple[int, ...], b: tuple[int, ...], by: int) -> bool:
    return all(abs(x - y) <= by for x, y in zip(a[:3], b[:3], strict=True))


def test_the_felt_lies_on_the_wood_with_its_rim():
    felt = pygame.Rect(40, 30, 300, 200)
    surf = table.picture((400, 260), PALETTE, felt, rim=(200, 0, 0))
    assert surf.get_size() == (400, 260)
    assert _near(surf.get_at(felt.center), PALETTE["felt"], 12)  # the cloth, speckled and lit
    assert surf.get_at((20, 130)) == table.wood((400, 260), PALETTE).get_at((20, 130))  # wood
    assert surf.get_at((20, 130))[0] > surf.get_at((20, 130))[2]  # brown, shaded to the corners
    assert surf.get_at((felt.centerx, felt.y))[0] > 150  # the rim along its edge


def test_markings_are_printed_on_the_cloth_and_the_seam_is_optional():
    felt = pygame.Rect(0, 0, 300, 200)

    def stripe(cloth: pygame.Surface) -> None:
        pygame.draw.rect(cloth, (250, 250, 250), (0, 95, 300, 10))

    plain = table.cloth(felt.size, PALETTE["felt"], stitched=False)
    marked = table.cloth(felt.size, PALETTE["felt"], stripe, stitched=False)
    assert marked.get_at((150, 100))[0] > 200 and plain.get_at((150, 100))[0] < 100
    sewn = table.cloth(felt.size, PALETTE["felt"])
    inset = round(200 * 0.02)
    seam = [(x, inset) for x in range(20, 280)]
    assert any(sewn.get_at(p) != plain.get_at(p) for p in seam)
    assert plain.get_at((0, 0)).a == 0  # rounded corners


def test_textures_are_drawn_once_whatever_the_size():
    """A resize scales or tiles the grain and specks: drawing them per size cost half a second."""
    table.picture((300, 200), PALETTE, pygame.Rect(10, 10, 200, 150))
    drawn = (table._grain.cache_info().misses, table._specks.cache_info().misses)
    for size in ((800, 540), (1280, 800)):
        table.picture(size, PALETTE, pygame.Rect(20, 20, size[0] // 2, size[1] // 2))
    assert (table._grain.cache_info().misses, table._specks.cache_info().misses) == drawn


def test_the_corners_of_the_wood_darken_as_asked():
    dark, light = table.wood((320, 200), PALETTE), table.wood((320, 200), PALETTE, corners=60)
    assert sum(dark.get_at((1, 1))[:3]) < sum(light.get_at((1, 1))[:3])
    assert dark.get_at((160, 100)) == light.get_at((160, 100))  # the middle is left as it is
