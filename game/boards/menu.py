"""A small menu opened beside a thing on the table: the kit's answer to a thing that may do
several things (a unit fired at or assaulted, a card played or discarded, a piece sent to either
line). One click on the thing opens it; a click on an option plays it, anywhere else closes it;
keys 1..9 pick the options in order (their badges), Escape closes it. An option without an
action is greyed and its words say why — a click says them and keeps the menu open.

It owns the thing it is open on, its options, its rects, its drawing and its hit test; the board
says what the options are, where the thing is and how large a unit of measure is. A thing with
one option takes it at once (``take``); ``clicks`` answers which clicks take an action without
opening the menu (a test's or a hint's clicks).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game import i18n
from game.boards.decision import NUMBER_KEYS
from game.ui import overlays
from game.ui.draw import Art, Colour
from game.ui.text import text_width

Option = tuple[int | None, str]  # the action (None: greyed, its words say why) and its words


def place(
    options: list[Option], anchor: pygame.Rect, bounds: pygame.Rect, unit: int
) -> list[pygame.Rect]:
    """``[popup, option 1, option 2, …]`` beside ``anchor`` within ``bounds``, one option under
    another, wide enough for every option's words."""
    px = max(9, round(1.4 * unit))  # the options' label size (``overlays.draw_chooser``)
    width = max([unit * 16, *(text_width(text, px) + 3 * unit for _, text in options)])
    return overlays.chooser_rects(len(options), (width, unit * 5), anchor, bounds, [], unit, 1)


def clicks(
    point: tuple[int, int], options: list[Option], action: int, anchor: pygame.Rect,
    bounds: pygame.Rect, unit: int,
) -> list[tuple[int, int]]:  # fmt: skip
    """The clicks that take ``action`` on a thing clicked at ``point``: the thing alone when it
    has one option, else the thing and then the option in its menu (``place``)."""
    actions = [a for a, _ in options]
    if len(actions) == 1:
        return [point]
    return [point, place(options, anchor, bounds, unit)[1 + actions.index(action)].center]


class Menu:
    def __init__(self, art: Art, colour: Colour, title: str) -> None:
        self.art, self.colour, self.title = art, colour, title  # title: an i18n key
        self.key: Hashable | None = None  # the thing it is open on
        self.options: list[Option] = []
        self.rects: list[pygame.Rect] = []
        self.unit = 8

    def open(
        self, key: Hashable, options: list[Option], anchor: pygame.Rect, bounds: pygame.Rect,
        unit: int,
    ) -> None:  # fmt: skip
        self.key, self.options, self.unit = key, options, unit
        self.rects = place(options, anchor, bounds, unit)

    def take(
        self, key: Hashable, options: list[Option], anchor: pygame.Rect, bounds: pygame.Rect,
        unit: int,
    ) -> int | None:  # fmt: skip
        """A click on thing ``key``: its one option is taken at once; with several, the menu
        opens beside it."""
        if len(options) == 1:
            return options[0][0]
        self.open(key, options, anchor, bounds, unit)
        return None

    def close(self) -> None:
        self.key, self.options, self.rects = None, [], []

    def numbered(self) -> list[int | None]:
        """What keys 1.. pick: its options in order (their badges), greyed ones included."""
        return [action for action, _ in self.options]

    def press(self, key: int) -> int | None:
        """A key while it is open: Escape closes it; 1..9 play that option (a greyed one,
        nothing) and close it."""
        if key == pygame.K_ESCAPE:
            self.close()
            return None
        n = NUMBER_KEYS.get(key, 0)
        chosen = self.options[n - 1][0] if 0 < n <= len(self.options) else None
        if chosen is not None:
            self.close()
        return chosen

    def release(self, pos: tuple[int, int], say: Callable[[str], None]) -> int | None:
        """A release at ``pos``: the option under it (a greyed one says why and keeps the
        menu open); anywhere else closes it."""
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
        overlays.draw_chooser(
            surface,
            self.art,
            self.rects,
            i18n.t(self.title),
            options,
            self.colour,
            mouse,
            None,
            1.0,
            self.unit,
        )


def _words_only(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Options are words only."""


def _greyed(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An option that cannot be taken now: veiled, its words say why."""
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 120))
    surface.blit(veil, rect)
