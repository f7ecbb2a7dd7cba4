"""A thing's chooser, a sub-view the board composes: the small menu a thing with several actions
opens beside it (a unit fired at or assaulted, a command card played or discarded for +1, a
mobile gun sent to either line). It owns the thing it is open on, its options, its rects,
its drawing and its hit test; the board says what the options are."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game import i18n
from game.boards.frontline.art import FrontlineArt
from game.ui import overlays
from game.ui.text import text_width

Option = tuple[int | None, str]  # the action (None: greyed, its words say why) and its words


def option_rects(
    options: list[Option], anchor: pygame.Rect, bounds: pygame.Rect, unit: int
) -> list[pygame.Rect]:
    """``[popup, option 1, option 2, …]`` beside ``anchor``, wide enough for every option."""
    px = max(9, round(1.4 * unit))  # the chooser's label size
    width = max([unit * 16, *(text_width(text, px) + 3 * unit for _, text in options)])
    return overlays.chooser_rects(len(options), (width, unit * 5), anchor, bounds, [], unit, 1)


class Chooser:
    def __init__(self, art: FrontlineArt, gold: tuple[int, int, int]) -> None:
        self.art, self.gold = art, gold
        self.key: Hashable | None = None  # the thing it is open on
        self.options: list[Option] = []
        self.rects: list[pygame.Rect] = []
        self.unit = 8

    def open(
        self, key: Hashable, options: list[Option], anchor: pygame.Rect, bounds: pygame.Rect,
        unit: int,
    ) -> None:  # fmt: skip
        self.key, self.options, self.unit = key, options, unit
        self.rects = option_rects(options, anchor, bounds, unit)

    def close(self) -> None:
        self.key, self.options, self.rects = None, [], []

    def numbered(self) -> list[int]:
        """What keys 1.. pick: its options in order (their badges), greyed ones included."""
        return [a for a, _ in self.options]  # type: ignore[misc]

    def release(self, pos: tuple[int, int], say: Callable[[str], None]) -> int | None:
        """A release at ``pos``: the option under it (a greyed one says why and keeps the
        chooser open); anywhere else closes it."""
        for rect, (action, words) in zip(self.rects[1:], self.options, strict=False):
            if rect.collidepoint(pos):
                if action is None:
                    say(words)
                    return None
                self.close()
                return action
        self.close()
        return None

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int] | None) -> None:
        if self.key is None:
            return
        options: list[tuple[str, Callable[[pygame.Surface, pygame.Rect], None]]] = [
            (words, _words_only if a is not None else _greyed) for a, words in self.options
        ]
        title = i18n.t("frontline.choose")
        overlays.draw_chooser(
            surface, self.art, self.rects, title, options, self.gold, mouse, None, 1.0, self.unit
        )


def _words_only(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Chooser options are words only."""


def _greyed(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An option that cannot be taken now: veiled, its words say why."""
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 120))
    surface.blit(veil, rect)
