"""The kit's targets (game/boards/targets.py): one list of what may be picked now answers the hit
test and is drawn alike — breathing rings, the hovered one steady in the selected colour, halos."""

from __future__ import annotations

import pygame

from game.boards.targets import Target, draw_targets, target_at
from game.ui.draw import Art

PALETTE = {"legal": (60, 200, 90), "selected": (250, 210, 60), "claim": (200, 60, 200)}
RECT = pygame.Rect(40, 40, 60, 80)


def drawn(targets: list[Target], mouse: tuple[int, int] | None, alpha: int = 255) -> pygame.Surface:
    surface = pygame.Surface((200, 200))
    draw_targets(surface, Art(PALETTE), PALETTE, targets, mouse, alpha)
    return surface


def test_the_last_listed_target_under_a_point_takes_the_click_and_hit_areas_reach_further():
    low, high = Target("low", RECT), Target("high", RECT.move(20, 0))
    assert target_at([low, high], (90, 60)) == "high"  # both: the one drawn on top
    assert target_at([low, high], (45, 60)) == "low"
    assert target_at([low, high], (5, 5)) is None
    wide = Target("deck", RECT, hit=RECT.inflate(20, 20))
    assert target_at([wide], (RECT.right + 5, RECT.centery)) == "deck"


def tint(surface: pygame.Surface, pos: tuple[int, int]) -> str:
    """The palette role whose colour the pixel at ``pos`` leans to (by direction, not
    brightness: a breathing ring is fainter)."""
    px = surface.get_at(pos)[:3]

    def cosine(role: str) -> float:
        c = PALETTE[role]
        dot = sum(a * b for a, b in zip(px, c, strict=True))
        return dot / (max(1, sum(a * a for a in px)) * sum(b * b for b in c)) ** 0.5

    return max(PALETTE, key=cosine)


def test_a_ring_in_its_role_then_steady_in_the_selected_colour_under_the_mouse():
    edge = (RECT.left - 3, RECT.centery)  # the ring stands just off the thing
    away = drawn([Target("a", RECT, 4)], mouse=None)
    assert tint(away, edge) == "legal"
    assert away.get_at(RECT.center)[:3] == (0, 0, 0)  # a ring, not a fill
    hovered = drawn([Target("a", RECT, 4)], mouse=RECT.center, alpha=90)
    assert tint(hovered, edge) == "selected"
    assert sum(hovered.get_at(edge)[:3]) > sum(
        drawn([Target("a", RECT, 4)], None, 90).get_at(edge)[:3]
    )
    claim = drawn([Target("a", RECT, 4, "claim", lights=False)], mouse=RECT.center)
    assert tint(claim, edge) == "claim"  # a target that does not light up keeps its role


def test_a_halo_glows_round_a_thing_with_no_edge_of_its_own():
    halo = drawn([Target("flag", RECT, 4, halo=True)], mouse=None)
    outside = (RECT.left - 3, RECT.centery)
    assert halo.get_at(outside)[:3] != (0, 0, 0)
    assert halo.get_at((RECT.left - 40, RECT.centery))[:3] == (0, 0, 0)
