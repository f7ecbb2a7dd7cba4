"""Counts the costly drawing a frame does, so a test can say "a settled frame only blits"
without a clock (speed targets live in ``bench/ui_bench.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from game.ui import draw, text

COSTLY_TRANSFORMS = ("rotate", "rotozoom", "smoothscale", "scale", "gaussian_blur", "box_blur")


@contextmanager
def costly_work() -> Iterator[Counter[str]]:
    """Inside the block, count text rendered past the cache ("text"), pictures built past an
    ``Art`` cache ("art") and image transforms ("rotate", "smoothscale", ...)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        yield from _counting(monkeypatch)


def _counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    seen: Counter[str] = Counter()

    def counted(kind: str, build: Callable[[], pygame.Surface]) -> Callable[[], pygame.Surface]:
        def build_counted() -> pygame.Surface:
            seen[kind] += 1  # a build is a cache miss: a string rendered, a picture drawn afresh
            return build()

        return build_counted

    texts, pictures = text._CACHE.get, draw.Art.cached
    monkeypatch.setattr(text._CACHE, "get", lambda key, build: texts(key, counted("text", build)))
    monkeypatch.setattr(
        draw.Art, "cached", lambda art, key, build: pictures(art, key, counted("art", build))
    )
    for name in COSTLY_TRANSFORMS:
        original = getattr(pygame.transform, name)

        def counting(*args: Any, _name: str = name, _original: Any = original, **kw: Any) -> Any:
            seen[_name] += 1
            return _original(*args, **kw)

        monkeypatch.setattr(pygame.transform, name, counting)
    yield seen
