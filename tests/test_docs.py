"""The README is a front door for players, and every relative link in it and in the docs leads
somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
# [text](target) and ![alt](target), the target up to a space (a title may follow) or ")".
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # https:, mailto:, picture:


def relative_links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    targets = (match.group(1) for match in LINK.finditer(text))
    return [t for t in targets if not EXTERNAL.match(t) and not t.startswith("#")]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    missing = [
        target
        for target in relative_links(page)
        if not (page.parent / target.split("#", 1)[0]).exists()
    ]
    assert not missing, f"{page.relative_to(ROOT)} links to missing {missing}"


def test_the_link_check_sees_links() -> None:
    page = ROOT / "README.md"
    assert "docs/architecture.md" in relative_links(page)
    assert "docs/title.png" in relative_links(page)


def test_the_readme_is_for_players() -> None:
    """Short, and free of the lab: no experiments, seed ranges, issue numbers or dates."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    assert "not kept" not in text.lower()
    assert not re.search(r"\bissue \d", text, re.IGNORECASE)
    assert not re.search(r"\bseeds? \d", text)
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text)
