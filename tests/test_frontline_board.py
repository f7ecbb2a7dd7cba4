"""The Frontline board: card faces, the board's readings of the observation, the odds preview,
privacy of hidden decisions."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.boards import frontline_cards as fc
from game.engines.frontline.cards import COMMANDS, DAMAGES, EDGES, UNITS


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_card_face_draws_at_its_ratio_and_is_cached(lang: str) -> None:
    for width in (60, 130):
        size = fc.card_size(width)
        assert size == (width, round(width * fc.RATIO))
        faces = [fc.unit_face(c.index, width, fc.NORMAL, lang) for c in UNITS]
        faces += [fc.command_face(c.index, width, fc.NORMAL, lang) for c in COMMANDS]
        faces += [fc.damage_face(d.index, width, fc.NORMAL, lang) for d in DAMAGES]
        faces += [
            fc.card_back(k, width, fc.NORMAL, lang) for k in ("US", "GE", "command", "damage")
        ]
        assert all(f.get_size() == size for f in faces)
    assert fc.unit_face(0, 130, fc.NORMAL, lang) is fc.unit_face(0, 130, fc.NORMAL, lang)
    assert fc.unit_face(0, 130, fc.COLORBLIND, lang) is not fc.unit_face(0, 130, fc.NORMAL, lang)


def _grey(image: pygame.Surface) -> np.ndarray:
    """The picture in luminance, over white: what is left when colour is not seen."""
    rgb = pygame.surfarray.array3d(image).astype(float)
    alpha = pygame.surfarray.array_alpha(image).astype(float)[..., None] / 255
    return ((rgb * alpha + 255 * (1 - alpha)) @ np.array([0.299, 0.587, 0.114])).round()


def test_type_icons_differ_in_grey_not_only_by_colour() -> None:
    icons = [_grey(fc.type_icon(t, 40, fc.NORMAL)) for t in range(6)]
    for a in range(6):
        for b in range(a + 1, 6):
            assert (abs(icons[a] - icons[b]) > 40).mean() > 0.08, (a, b)


def test_army_marks_differ_in_grey() -> None:
    star, cross = (_grey(fc.army_mark(s, 40, fc.COLORBLIND)) for s in (0, 1))
    assert (abs(star - cross) > 40).mean() > 0.15


def test_damage_edge_strip_and_words_name_each_edge() -> None:
    for damage in DAMAGES:
        for edge in range(len(EDGES)):
            words = fc.damage_words(damage.index, edge, "en")
            assert words and "frontline." not in words
            strip = fc.damage_face(damage.index, 120, fc.NORMAL, "en", edge)
            assert strip.get_width() == 120 and strip.get_height() < 60


def test_line_labels() -> None:
    by_name = {c.name: c.index for c in UNITS if not c.is_crew}
    assert fc.line_label(by_name["M4A1 Sherman"], "en") == "Frontline"
    assert fc.line_label(by_name["M7 Priest"], "en") == "Front or Rear"
    assert fc.line_label(by_name["P-47D Thunderbolt"], "en").startswith("Flight Turns")
