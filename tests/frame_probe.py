"""Counts the costly drawing a frame does, so a test can say "a settled frame only blits"
without a clock (speed targets live in ``bench/ui_bench.py``)."""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from game.ui import draw, text

COSTLY_TRANSFORMS = ("rotate", "rotozoom", "smoothscale", "scale", "gaussian_blur", "box_blur")


class _CountingCache(OrderedDict):
    """The text cache, counting the strings rendered afresh (a store is a cache miss)."""

    def __init__(self, seen: Counter[str], items: OrderedDict) -> None:
        self.seen = seen
        super().__init__(items)
        seen.clear()  # copying the cache is not rendering

    def __setitem__(self, key: Any, value: Any) -> None:
        self.seen["text"] += 1
        super().__setitem__(key, value)


@contextmanager
def costly_work() -> Iterator[Counter[str]]:
    """Inside the block, count text rendered past the cache ("text"), pictures built past an
    ``Art`` cache ("art") and image transforms ("rotate", "smoothscale", ...)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        yield from _counting(monkeypatch)


def _counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    seen: Counter[str] = Counter()
    monkeypatch.setattr(text, "_CACHE", _CountingCache(seen, text._CACHE))
    cached = draw.Art.cached

    def counting_cached(
        self: draw.Art, key: Hashable, build: Callable[[], pygame.Surface]
    ) -> pygame.Surface:
        def counted() -> pygame.Surface:
            seen["art"] += 1
            return build()

        return cached(self, key, counted)

    monkeypatch.setattr(draw.Art, "cached", counting_cached)
    for name in COSTLY_TRANSFORMS:
        original = getattr(pygame.transform, name)

        def counting(*args: Any, _name: str = name, _original: Any = original, **kw: Any) -> Any:
            seen[_name] += 1
            return _original(*args, **kw)

        monkeypatch.setattr(pygame.transform, name, counting)
    yield seen
