"""Every board's colours that carry identity stay apart, also with a colour-vision deficiency.

For each board, the seat colours (``SEAT_ROLES``) and every group in ``DISTINCT`` (Battle Line's
six troop colours) are compared pairwise by CIEDE2000 after the Machado et al. (2009) simulation
of protanopia, deuteranopia and tritanopia at full severity (``tests/cvd.py``).

The threshold, 20: CIEDE2000 1 is a just-noticeable difference between large patches side by
side; colours that must be *named* at a glance on small marks (a card's corner, a seat's token)
need many times that (the noticeable difference grows several-fold as marks shrink: Stone, Szafir
and Setlur 2014). The pair players reported as confusable — Okabe-Ito vermillion against orange,
"burnt orange vs amber" — measured 18.2 (deuteranopia) and 15.5 (tritanopia); 20 keeps such
pairs out with a margin. The colour-blind palette must pass under all three simulations and
normal vision; the normal palette under normal vision.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from game.boards import board_class, board_ids
from game.boards.palette import palette_of
from tests.cvd import MACHADO, difference

THRESHOLD = 20.0


def groups(board_id: str) -> list[tuple[str, ...]]:
    cls = board_class(board_id)
    return [g for g in (cls.SEAT_ROLES, *cls.DISTINCT) if len(g) > 1]


def closest(board_id: str, colorblind: bool, vision: str) -> tuple[float, str, str]:
    """The least distinct pair of the board's groups under ``vision``."""
    palette = palette_of(board_class(board_id), colorblind)
    return min(
        (difference(palette[a], palette[b], vision), a, b)
        for group in groups(board_id)
        for a, b in itertools.combinations(group, 2)
    )


@pytest.mark.parametrize("board_id", board_ids())
def test_every_board_declares_colours_to_keep_apart(board_id: str) -> None:
    cls = board_class(board_id)
    assert groups(board_id), "a board's seats (or other roles) need colours that differ"
    for colorblind in (False, True):
        palette = palette_of(cls, colorblind)
        assert all(key in palette for group in groups(board_id) for key in group)


@pytest.mark.parametrize("board_id", board_ids())
@pytest.mark.parametrize("vision", ["normal", *MACHADO])
def test_colorblind_palette_stays_apart_under_every_simulation(board_id: str, vision: str) -> None:
    worst, a, b = closest(board_id, True, vision)
    assert worst >= THRESHOLD, f"{board_id}: {a} vs {b} only {worst:.1f} apart with {vision}"


@pytest.mark.parametrize("board_id", board_ids())
def test_normal_palette_stays_apart_for_normal_vision(board_id: str) -> None:
    worst, a, b = closest(board_id, False, "normal")
    assert worst >= THRESHOLD, f"{board_id}: {a} vs {b} only {worst:.1f} apart"


def test_the_simulation_and_difference_match_published_values() -> None:
    from tests.cvd import ciede2000, simulate

    # Sharma, Wu and Dalal (2005), test pairs 1, 7 and 17.
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # Red and green collapse for deuteranopes; blue and green stay apart.
    red, green, blue = (200, 60, 40), (90, 140, 40), (40, 80, 200)
    assert difference(red, green, "deuteranopia") < difference(red, green, "normal") / 3
    assert difference(blue, green, "deuteranopia") > THRESHOLD
    assert simulate((255, 255, 255), "protanopia") == pytest.approx((255, 255, 255), abs=1)


def test_the_reported_confusable_pair_fails_the_threshold() -> None:
    vermillion, orange = (213, 94, 0), (230, 159, 0)  # the former colour-blind Red and Orange
    assert min(difference(vermillion, orange, v) for v in MACHADO) < THRESHOLD


def test_battle_line_corner_suit_symbols_are_as_large_as_the_numerals(monkeypatch) -> None:
    """The corner symbol is what a stack shows of a card beside its number, so it names the
    colour in every palette: it is drawn at least 0.2 of the card's height at any card size
    (it was 0.16, a few pixels at 800×540)."""
    from game.boards.battleline.art import BattleLineArt, card_height
    from game.boards.battleline.board import BattleLineBoard
    from game.engines.battleline.words import SUIT_SYMBOLS
    from game.ui.draw import Art

    drawn: list[tuple[str, int]] = []
    real_text = Art.text

    def spy(text: str, px: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append((text, px))
        return real_text(text, px, *args, **kwargs)

    monkeypatch.setattr(Art, "text", staticmethod(spy))
    pygame.font.init()
    art = BattleLineArt(palette_of(BattleLineBoard, True), str)
    for w in (35, 60, 120):  # a flag's card at 800×540 is 35 px wide
        for colour, symbol in enumerate(SUIT_SYMBOLS):
            drawn.clear()
            art.card(colour * 10 + 9, w)
            sizes = [px for text, px in drawn if text == symbol]
            assert min(sizes) >= 0.2 * card_height(w), (w, symbol, sizes)
