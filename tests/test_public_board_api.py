"""Tests speak to boards through the board contract and public views, so a refactor that keeps
behaviour keeps the tests (the board kit's issue allows at most ten private reads in all)."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# A board by the names tests give it: board, b, scene.board, self.board, <game>_board.
PRIVATE_READ = re.compile(r"\b(?:board|b|\w+_board|scene\.board|self\.board)\._[a-z]\w*")


def test_tests_read_few_private_attributes_of_boards() -> None:
    reads = [
        f"{path.name}:{n}: {match.group(0)}"
        for path in sorted(TESTS.glob("*.py"))
        if path.name != Path(__file__).name
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in PRIVATE_READ.finditer(line)
    ]
    assert len(reads) <= 10, "\n".join(reads)


def test_the_pattern_finds_a_private_read() -> None:
    assert PRIVATE_READ.search("x = board._options[0]")
    assert PRIVATE_READ.search("scene.board._sprite_rect(k)")
    assert not PRIVATE_READ.search("board.options()")
