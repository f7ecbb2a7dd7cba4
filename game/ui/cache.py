"""Drawn pictures kept for the next frames: one store for all of them, bounded in bytes.

Most pictures are cached by their size in pixels, so every step of a window drag makes new ones
of a size never seen again; a limit on each cache's number of entries kept hundreds of
window-sized surfaces (a 1920×1080 backdrop alone is 8 MB). Every cache here is a part of one
store with one budget, a few windows' worth of pixels: the least recently drawn picture, of
whichever cache, goes first, so memory stays flat however the window is dragged while whatever
the current frames draw stays.

Freed pictures must also go back to the system. glibc's malloc serves blocks below its mmap
threshold from the heap, and it raises that threshold to the size of every large block freed, so
after a drag the window-sized surfaces came from the heap and their freed space stayed with the
process: ``return_large_blocks`` pins the threshold. Small pictures (labels, tiles) still leave
holes in the heap between longer-lived objects, so once a budget's worth has been evicted the
store hands the free pages back (``malloc_trim``, a few milliseconds).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable
from itertools import count
from typing import ParamSpec

import pygame

P = ParamSpec("P")
MB = 1024 * 1024
MIN_BUDGET = 24 * MB
WINDOWS_KEPT = 3  # the budget in window-sized surfaces: a settled frame draws about 1.4
ENTRY_OVERHEAD = 256  # bytes a cached entry costs beyond its pixels (key, object headers)
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value, kept from rising
_M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)


def surface_bytes(surf: pygame.Surface) -> int:
    """The memory a cached surface takes (rows are padded to the pitch)."""
    return surf.get_pitch() * surf.get_height() + ENTRY_OVERHEAD


def budget() -> int:
    """Bytes all cached pictures may take: ``WINDOWS_KEPT`` windows' worth, at least
    ``MIN_BUDGET`` (so a large window gets room for its large pictures)."""
    window = pygame.display.get_surface() if pygame.display.get_init() else None
    if window is None:
        return MIN_BUDGET
    return max(MIN_BUDGET, WINDOWS_KEPT * window.get_pitch() * window.get_height())


class _Store:
    """Every cached picture, least recently used first, by (cache number, key)."""

    def __init__(self) -> None:
        self.items: OrderedDict[tuple[int, Hashable], tuple[pygame.Surface, int]] = OrderedDict()
        self.held = 0
        self.freed = 0  # bytes evicted since the free pages were last handed back

    def get(self, key: tuple[int, Hashable]) -> pygame.Surface | None:
        found = self.items.get(key)
        if found is None:
            return None
        self.items.move_to_end(key)
        return found[0]

    def put(self, key: tuple[int, Hashable], surf: pygame.Surface) -> None:
        cost = surface_bytes(surf)
        self.items[key] = (surf, cost)
        self.held += cost
        limit = budget()
        while self.held > limit and len(self.items) > 1:  # the newest stays: it is being drawn
            _, (_, freed) = self.items.popitem(last=False)
            self.held -= freed
            self.freed += freed
        if self.freed > limit:
            self.freed = 0
            _hand_back_free_pages()

    def drop(self, keys: list[tuple[int, Hashable]]) -> None:
        for key in keys:
            self.held -= self.items.pop(key)[1]


_STORE = _Store()
_numbers = count()


class SurfaceCache:
    """One cache's part of the store: surfaces built once per key."""

    def __init__(self) -> None:
        self.number = next(_numbers)

    def get(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = _STORE.get((self.number, key))
        if surf is None:
            surf = build()
            _STORE.put((self.number, key), surf)
        return surf

    def entries(self) -> list[tuple[int, Hashable]]:
        return [k for k in _STORE.items if k[0] == self.number]

    def clear(self) -> None:
        _STORE.drop(self.entries())


def held() -> int:
    """Bytes the cached pictures take now."""
    return _STORE.held


def cached_surfaces(func: Callable[P, pygame.Surface]) -> Callable[P, pygame.Surface]:
    """Memoise a function that draws a surface from hashable arguments in the store
    (``lru_cache`` for pictures; its cache is the function's ``cache``)."""
    store = SurfaceCache()

    @functools.wraps(func)
    def cached(*args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        return store.get(key, lambda: func(*args, **kwargs))

    cached.cache = store  # type: ignore[attr-defined]
    return cached


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    """The C library when it is glibc (Linux); None elsewhere, where the allocator returns
    large blocks itself (and musl has neither call)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        libc.mallopt, libc.malloc_trim  # noqa: B018 (both exist: glibc)
    except (OSError, AttributeError):
        return None
    return libc


def return_large_blocks() -> None:
    """Pin glibc's mmap threshold, so large freed pictures go back to the system at once."""
    libc = _glibc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def _hand_back_free_pages() -> None:
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)
