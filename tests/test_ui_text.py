"""Text rendering: symbols inside a sentence come from the symbol font, not as missing glyphs."""

from __future__ import annotations

import pygame
import pytest

from game.ui.fonts import get_font, get_symbol_font
from game.ui.text import clip_lines, ellipsized, fit_px, render, text_width, wrap

WHITE = (255, 255, 255)


@pytest.fixture(autouse=True, scope="module")
def fonts():
    pygame.font.init()
    yield


def _ink_columns(surface: pygame.Surface) -> int:
    """How many pixel columns carry any ink: a missing-glyph box and a suit differ here."""
    mask = pygame.mask.from_surface(surface)
    return sum(
        any(mask.get_at((x, y)) for y in range(surface.get_height()))
        for x in range(surface.get_width())
    )


def test_a_suit_in_a_sentence_is_drawn_by_the_symbol_font() -> None:
    mixed = render("♛5 and ★", 24, WHITE)
    plain_part = get_font(24).render("5 and ", True, WHITE)
    suit = get_symbol_font(24).render("♛", True, WHITE)
    star = get_symbol_font(24).render("★", True, WHITE)
    expected = suit.get_width() + plain_part.get_width() + star.get_width()
    assert mixed.get_width() == expected
    # the suit drawn at the left is the symbol font's crown, pixel for pixel
    crown = mixed.subsurface((0, 0, suit.get_width(), mixed.get_height()))
    assert _ink_columns(crown) == _ink_columns(suit)


def test_text_without_symbols_is_the_plain_font() -> None:
    assert render("Flag 5 あいう", 20, WHITE).get_size() == get_font(20).size("Flag 5 あいう")


def test_wrap_fits_the_width_keeps_the_words_and_the_kinsoku_rule() -> None:
    font = get_font(16)
    text = "Claim flag five now, then play a card from your hand."
    width = font.size("Claim flag five")[0]
    lines = wrap(text, font, width)
    assert len(lines) > 2 and all(font.size(line)[0] <= width for line in lines)
    assert " ".join(lines).split() == text.split()
    ja = "カードを出してください。フラッグを獲得できます。"
    lines = wrap(ja, font, font.size("カードを出して")[0])
    assert "".join(lines) == ja and len(lines) > 2
    assert not any(line.startswith(("。", "、")) for line in lines)


class _CountingFont:
    """A monospace stand-in that counts how often it is asked to measure."""

    def __init__(self) -> None:
        self.measured = 0

    def size(self, text: str) -> tuple[int, int]:
        self.measured += 1
        return 7 * len(text), 12


def test_wrap_measures_a_text_once_and_hands_out_its_own_list() -> None:
    font = _CountingFont()
    text = "The deck is empty: take cards from the pool on the left."
    first = wrap(text, font, 90)  # type: ignore[arg-type]
    measured = font.measured
    assert measured > 0 and len(first) > 2
    first.append("scribbled on by a caller")
    again = wrap(text, font, 90)  # type: ignore[arg-type]
    assert font.measured == measured  # drawn again next frame: no font work
    assert again == first[:-1]
    assert wrap(text, font, 200) != again and font.measured > measured  # another width measures


def test_fitting_measures_symbols_in_the_font_that_draws_them() -> None:
    text = "♛5 ♦7 ★ ♣3 ♠9 — click a flag"
    assert text_width(text, 20) == render(text, 20, WHITE).get_width()
    width = render(text, 20, WHITE).get_width() - 1  # one pixel short at 20 px
    px = fit_px(text, 20, width)
    assert px < 20 and render(text, px, WHITE).get_width() <= width


def _ink_runs(surface: pygame.Surface) -> list[tuple[int, int]]:
    """The (first, last) columns of each stretch of inked columns, left to right."""
    mask = pygame.mask.from_surface(surface)
    inked = [
        any(mask.get_at((x, y)) for y in range(surface.get_height()))
        for x in range(surface.get_width())
    ]
    runs: list[tuple[int, int]] = []
    for x, ink in enumerate(inked):
        if ink and (not runs or runs[-1][1] != x - 1):
            runs.append((x, x))
        elif ink:
            runs[-1] = (runs[-1][0], x)
    return runs


def test_the_separator_dot_keeps_a_space_on_both_sides() -> None:
    """The separator " · " once rendered as "Front ·You": the dot touched the next word."""
    left, dot, right = _ink_runs(render("l · l", 32, WHITE))
    before, after = dot[0] - left[1], right[0] - dot[1]
    assert after >= 0.6 * before and before >= 0.6 * after


@pytest.mark.parametrize(
    "text", ["Area 1 relieves area 6 · Attack roll 3 hits", "第1区画が第6区画を救援・攻撃の目 3"]
)
def test_a_cut_line_ends_with_an_ellipsis_and_fits(text: str) -> None:
    width = text_width(text, 16) // 2
    cut = ellipsized(text, 16, width)
    assert cut.endswith("…") and text.startswith(cut[:-1])
    assert text_width(cut, 16) <= width
    # The longest such cut: one more character would not fit.
    longer = text[: len(cut)].rstrip() + "…"
    assert text_width(longer, 16) > width
    assert ellipsized(text, 16, text_width(text, 16)) == text
    assert ellipsized(text, 16, 0) == ""  # not even the mark fits


def test_a_long_game_title_gives_way_to_its_name_before_the_subtitle() -> None:
    from game.scenes.match_panel import fitted_title

    title = "Frontline General: Spearpoint 1943"
    assert fitted_title(title, 19, 1000) == (title, 19)
    short, px = fitted_title(title, 19, text_width("Frontline General", 11, bold=True) + 2)
    assert short == "Frontline General" and px == 11
    tiny, px = fitted_title(title, 19, 60)
    assert tiny.endswith("…") and text_width(tiny, px, bold=True) <= 60


def test_clipped_lines_end_with_a_mark_where_text_was_cut() -> None:
    lines = ["Keep the most", "tiles standing", "to win."]
    assert clip_lines(lines, 3, 16, 400) == lines
    cut = clip_lines(lines, 2, 16, 400)
    assert cut[0] == "Keep the most" and cut[1] == "tiles standing to win.…"
    narrow = clip_lines(lines, 2, 16, text_width("tiles sta…", 16))
    assert narrow[1].endswith("…") and narrow[1].startswith("tiles")
    assert clip_lines(["城を", "守れ"], 1, 16, 400) == ["城を守れ…"]  # no space between kanji
    assert clip_lines(lines, 0, 16, 400) == []


def test_japanese_lines_keep_kinsoku_no_opening_bracket_at_an_end_no_lone_last_syllable() -> None:
    """No "（" at a line's end, no line starting with a closing mark, and a paragraph does not
    end on a line holding only "す。": at every width from two to twenty characters."""
    font = get_font(16)
    texts = [
        "ダイスを振って攻撃します。",
        "部隊は城へ退きます（士気が0になったとき）。次の朝に戻ります。",
        "カードを出してください。「防御」を選べます。",
    ]
    em = font.size("あ")[0]
    for text in texts:
        for chars in range(2, 21):
            lines = wrap(text, font, em * chars)
            assert "".join(lines) == text
            assert not any(line.endswith(("（", "「")) for line in lines), lines
            assert not any(line.startswith(("。", "、", "）", "」")) for line in lines), lines
            if len(lines) > 1 and chars > 3:
                assert len(lines[-1]) > 2, lines
