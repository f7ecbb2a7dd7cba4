"""Frontline's rules text in English and Japanese, and the worked combat example the program
draws for it."""

from __future__ import annotations

import pygame
import pytest

from game.boards.frontline.pictures import picture
from game.i18n import set_language
from game.resources import resource_path
from game.ui.markdown import parse

# Terms each language's text must explain (set-up, the turn, combat, the draw, victory).
TERMS = {
    "en": ["80 to 100 points", "Commitment", "Initiative", "two dice", "rate of fire",
           "friendly fire", "half HP", "Close assault", "Crews", "Flight Turns", "Draw phase",
           "51 victory points", "Overrun", "Inspired by"],
    "ja": ["80〜100ポイント", "参戦フェイズ", "イニシアティブ", "2D10", "発射率", "誤射",
           "半耐久値", "白兵戦", "クルー", "飛行ターン", "ドローフェイズ", "51勝利ポイント", "蹂躙",
           "着想"],
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_text_is_complete_and_shows_the_combat_picture(lang: str) -> None:
    text = resource_path("assets", "rules", f"frontline.{lang}.md").read_text(encoding="utf-8")
    for term in TERMS[lang]:
        assert term in text, term
    pictures = [b.marker for b in parse(text) if b.kind == "picture"]
    assert pictures == ["combat"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [400, 760, 1400])
def test_the_combat_example_is_drawn_at_any_width(lang: str, width: int) -> None:
    pygame.font.init()
    set_language(lang)
    try:
        image = picture("combat", width)
    finally:
        set_language("en")
    assert image is not None and image.get_width() == width
    assert image.get_bounding_rect().height > image.get_height() * 0.8  # cards and steps drawn
    assert picture("no such picture", width) is None
