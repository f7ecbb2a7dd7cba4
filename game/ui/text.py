"""Text rendering with a cache, and line wrapping that works for English and Japanese.

Rendering a string with a font costs far more than blitting the result, and most labels are the
same every frame, so rendered surfaces are cached (in the bounded store of :mod:`game.ui.cache`).
Any ``str`` can be drawn: what the font refuses is replaced first (see ``drawable``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from weakref import WeakKeyDictionary

import pygame

from game.ui.cache import SurfaceCache
from game.ui.fonts import get_font, get_symbol_font

_CACHE = SurfaceCache()  # the boards draw their labels through it too
MAX_DRAWN = 1000  # characters in a line: more than a window shows, far fewer than the font fails at
# Control characters (NUL raises, the others draw as boxes; a newline is the font's line break)
# and lone surrogates, which cannot be encoded for the font: a hand-edited file may hold both.
_UNDRAWABLE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
REPLACEMENT = "\ufffd"

# Characters a line must not start with (Japanese kinsoku: closing brackets, small kana, marks).
_NO_LINE_START = set("、。，．,.!?！？)）]］」』〉》・ーぁぃぅぇぉっゃゅょァィゥェォッャュョ：:；;")
# Characters a line must not end with (opening brackets): they go down with what they open.
_NO_LINE_END = set("（［「『〈《【〔｛“‘")


def render(
    text: str, px: int, colour: tuple[int, int, int], bold: bool = False, symbol: bool = False
) -> pygame.Surface:
    """``text`` rendered anti-aliased at ``px`` pixels (cached); ``symbol`` uses DejaVu Sans for
    the arrows and pictographs M+ lacks. Never raises on a ``str`` (see ``drawable``)."""

    def build() -> pygame.Surface:
        shown = drawable(text)
        if symbol:
            return _render_run(get_symbol_font(px, bold), shown, colour)
        return _render_mixed(shown, px, colour, bold)

    return _CACHE.get((text, px, colour, bold, symbol), build)


def drawable(text: str) -> str:
    """``text`` as the font can take it: control characters but the newline and lone surrogates
    replaced by U+FFFD, and no longer than ``MAX_DRAWN`` characters."""
    return _UNDRAWABLE.sub(REPLACEMENT, text[:MAX_DRAWN])


def _render_run(font: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """One font's rendering of ``text``; text of no width (only joiners or a soft hyphen, which
    the font refuses with an error) gives an empty line."""
    if font.size(text)[0] == 0:
        text = ""
    return font.render(text, True, colour)


def _is_symbol(char: str) -> bool:
    """Arrows, technical and geometric shapes, suits, stars, dingbats: M+ lacks most of them.
    The middle dot too: M+ draws it against the next letter ("Front ·You"), eating the space
    after it, where the dot's separator " · " needs it."""
    return 0x2190 <= ord(char) <= 0x2BFF or char == "\u00b7"


def _runs(text: str) -> list[tuple[bool, str]]:
    """``text`` cut into runs of symbols (True) and ordinary text (False)."""
    runs: list[tuple[bool, str]] = []
    for char in text:
        kind = _is_symbol(char)
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + char)
        else:
            runs.append((kind, char))
    return runs


def text_width(text: str, px: int, bold: bool = False) -> int:
    """The width ``render`` gives ``text`` (symbols measured in the font that draws them)."""
    text = drawable(text)
    font = get_font(px, bold)
    if not any(_is_symbol(c) for c in text):
        return font.size(text)[0]
    symbols = get_symbol_font(px, bold)
    return sum((symbols if kind else font).size(part)[0] for kind, part in _runs(text))


def _render_mixed(text: str, px: int, colour: tuple[int, int, int], bold: bool) -> pygame.Surface:
    """``text`` in M+, with runs of symbols in DejaVu Sans on the same baseline, so a card such as
    "♛5" in a sentence shows its suit instead of a missing-glyph box."""
    font = get_font(px, bold)
    if not any(_is_symbol(c) for c in text):
        return _render_run(font, text, colour)
    runs = _runs(text)
    symbols = get_symbol_font(px, bold)
    parts = [((symbols if kind else font), part) for kind, part in runs]
    ascent = max(f.get_ascent() for f, _ in parts)
    descent = max(-f.get_descent() for f, _ in parts)
    images = [(f.get_ascent(), _render_run(f, part, colour)) for f, part in parts]
    surf = pygame.Surface(
        (sum(img.get_width() for _, img in images), ascent + descent), pygame.SRCALPHA
    )
    x = 0
    for top, img in images:
        surf.blit(img, (x, ascent - top))
        x += img.get_width()
    return surf


def blit_text(
    surface: pygame.Surface,
    text: str,
    px: int,
    colour: tuple[int, int, int],
    bold: bool = False,
    symbol: bool = False,
    **anchor: tuple[int, int] | int,
) -> pygame.Rect:
    """Draw text positioned by one rect anchor, e.g. ``center=(x, y)`` or ``midleft=(x, y)``."""
    surf = render(text, px, colour, bold, symbol)
    rect = surf.get_rect(**anchor)
    surface.blit(surf, rect)
    return rect


def blit_pair(
    surface: pygame.Surface,
    first: pygame.Surface,
    second: pygame.Surface,
    left: int,
    centery: int,
) -> None:
    """Two rendered lines (a name over its caption) centred as a block on ``centery``.

    M+ leaves generous space above and below its glyphs (capitals span about 30-80 % of a
    rendered line), so the lines are packed by their ink, not by their surface heights.
    """
    h1, h2 = first.get_height(), second.get_height()
    gap = round(h1 * 0.18)
    block = round(0.5 * h1 + 0.5 * h2) + gap
    top = centery - block // 2 - round(0.3 * h1)
    surface.blit(first, (left, top))
    surface.blit(second, (left, top + round(0.8 * h1) + gap - round(0.3 * h2)))


MIN_TEXT_PX = 11  # the smallest type a label shrinks to, still legible at 800x540


@lru_cache(maxsize=2048)
def fit_px(text: str, px: int, width: int, bold: bool = False, min_px: int = MIN_TEXT_PX) -> int:
    """The largest size <= ``px`` at which ``text`` fits in ``width`` pixels (cached: labels are
    measured every frame)."""
    while px > min_px and text_width(text, px, bold) > width:
        px -= 1
    return px


@lru_cache(maxsize=1024)
def ellipsized(text: str, px: int, width: int, bold: bool = False) -> str:
    """``text`` cut to fit ``width`` pixels at ``px`` with "…" where it was cut, so a reader
    sees that there is more (a hard clip reads as a word that ends there); nothing when not
    even the mark fits."""
    if text_width(text, px, bold) <= width:
        return text
    if text_width("…", px, bold) > width:
        return ""
    low, high = 0, len(text)  # the longest prefix that fits with the mark
    while low < high:
        mid = (low + high + 1) // 2
        if text_width(text[:mid].rstrip() + "…", px, bold) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def _is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _tokens(text: str) -> list[str]:
    """Break opportunities: words (with their trailing space) and single wide characters; a
    closing mark stays with what it closes, an opening bracket with what it opens."""
    tokens: list[str] = []
    word = ""
    for ch in text:
        opening = bool(word) and all(c in _NO_LINE_END for c in word)
        if ch in _NO_LINE_START:
            if word or not tokens:
                word += ch
            else:
                tokens[-1] += ch
        elif ch in _NO_LINE_END:
            if word and not opening:
                tokens.append(word)
                word = ""
            word += ch
        elif _is_wide(ch):
            if word and not opening:
                tokens.append(word)
                word = ""
            tokens.append(word + ch)
            word = ""
        elif ch == " ":
            tokens.append(word + " ")
            word = ""
        else:
            word += ch
    if word:
        tokens.append(word)
    return tokens


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Lines of ``text`` no wider than ``width`` (an over-long word gets a line of its own).
    Memoised: scenes wrap their texts as they draw, every frame, and measuring each token with
    the font is what costs. The memo is kept per font and goes with it, so it never keeps alive
    a font the font cache has let go (0.6 MB each: a window drag once kept hundreds)."""
    memo = _WRAPPED.setdefault(font, {})
    lines = memo.get((text, width))
    if lines is None:
        if len(memo) >= WRAPS_KEPT:
            memo.clear()
        lines = memo[text, width] = _wrapped(text, font, width)
    return list(lines)


_WRAPPED: WeakKeyDictionary[pygame.font.Font, dict[tuple[str, int], tuple[str, ...]]]
_WRAPPED = WeakKeyDictionary()
WRAPS_KEPT = 256  # texts and widths per font


def _wrapped(text: str, font: pygame.font.Font, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        rows: list[list[str]] = [[]]
        for token in _tokens(paragraph):
            line = "".join(rows[-1])
            if line and font.size((line + token).rstrip())[0] > width:
                rows.append([token])
            else:
                rows[-1].append(token)
        _no_widow(rows, font, width)
        lines += ["".join(row).rstrip() for row in rows]
    return tuple(lines)


def _no_widow(rows: list[list[str]], font: pygame.font.Font, width: int) -> None:
    """A Japanese paragraph does not end on a line of a character and its mark ("す。"): the
    line above gives it its last character, where that still fits."""
    if len(rows) < 2 or len(rows[-2]) < 2:
        return
    last = "".join(rows[-1]).strip()
    if not last or len(last) > 2 or not all(_is_wide(c) or c in _NO_LINE_START for c in last):
        return
    moved = [rows[-2][-1], *rows[-1]]
    if font.size("".join(moved).rstrip())[0] <= width:
        rows[-2].pop()
        rows[-1] = moved


def clip_lines(lines: list[str], room: int, px: int, width: int, bold: bool = False) -> list[str]:
    """Wrapped ``lines`` cut to ``room`` lines; the last one kept ends with "…" when text was
    cut, so a reader sees that there is more (the lines rejoin with a space only between words,
    not between Japanese characters)."""
    if len(lines) <= room:
        return lines
    if room <= 0:
        return []
    rest = lines[room - 1]
    for line in lines[room:]:
        wide = rest and line and (_is_wide(rest[-1]) or _is_wide(line[0]))
        rest += line if wide else " " + line
    return [*lines[: room - 1], ellipsized(rest + "…", px, width, bold)]
