"""The small Markdown subset of the rules files, parsed into blocks for the rules screen.

Supported: ``#``/``##``/``###`` headings, paragraphs (lines joined until a blank line), ``- ``
or ``* `` bullets and ``1. `` numbered items (indented continuation lines join the item), and
table rows (cells joined with " · "), and pictures the game's board draws,
``![caption](picture:name)`` alone on a line. Inline emphasis, code marks and links are reduced
to their text, because the screen shows one font weight per block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MARKS = re.compile(r"(\*\*|__|`|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w))")
_NUMBERED = re.compile(r"^(\d+)[.)]\s+(.*)")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}")
_PICTURE = re.compile(r"^!\[([^\]]*)\]\(picture:([\w-]+)\)$")


@dataclass(frozen=True)
class Block:
    kind: str  # "h1" | "h2" | "h3" | "p" | "bullet" | "picture"
    text: str
    marker: str = ""  # "•" or "3." for list items; a picture's name


def inline(text: str) -> str:
    """Inline Markdown reduced to plain text."""
    return _MARKS.sub("", _LINK.sub(r"\1", text)).strip()


def _join(a: str, b: str) -> str:
    """Join wrapped source lines: a space between Latin words, nothing between Japanese."""
    if not a:
        return b
    if a[-1].isascii() or b[:1].isascii():
        return f"{a} {b}"
    return a + b


def parse(source: str) -> list[Block]:
    blocks: list[Block] = []
    kind, text, marker = "", "", ""

    def flush() -> None:
        nonlocal kind, text, marker
        if kind and text.strip():
            blocks.append(Block(kind, inline(text), marker))
        kind, text, marker = "", "", ""

    for raw in source.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("```"):
            flush()
            continue
        if stripped.startswith("#"):
            flush()
            level = min(3, len(stripped) - len(stripped.lstrip("#")))
            blocks.append(Block(f"h{level}", inline(stripped.lstrip("#"))))
            continue
        picture = _PICTURE.match(stripped)
        if picture:
            flush()
            blocks.append(Block("picture", inline(picture.group(1)), picture.group(2)))
            continue
        if stripped.startswith("|"):
            flush()
            if not _TABLE_RULE.match(stripped):
                cells = [c.strip() for c in stripped.strip("|").split("|")]
                blocks.append(Block("p", inline(" · ".join(c for c in cells if c))))
            continue
        numbered = _NUMBERED.match(stripped)
        if stripped[:2] in ("- ", "* ") or numbered:
            flush()
            kind = "bullet"
            marker = f"{numbered.group(1)}." if numbered else "•"
            text = numbered.group(2) if numbered else stripped[2:]
            continue
        if kind == "bullet" and not line.startswith((" ", "\t")):
            flush()
        if not kind:
            kind = "p"
        text = _join(text, stripped)
    flush()
    return blocks
