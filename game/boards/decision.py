"""The kit's decision bar: a prompt and the choices a player may make now, as one widget.

Every board that asks "what now?" (Tsuno's actions, Flat Front's pieces, Frontline's orders)
offers ``(prompt, choices)``; the bar sizes itself in the area the board gives it (a column in a
side panel, a row along the bottom, a grid where neither fits), numbers the choices it can play
1..9, draws them with a second line (cost, odds), greys a refused one and says why on hover and
on click, and turns clicks and keys into actions. It owns its rect, hover state, drawing and hit
test (a Tuxemon-style widget), so the look and the keyboard are the same in every game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

import pygame

from game.ui import overlays
from game.ui.draw import MIN_READABLE_PX, Art, Colour, darker, lighter, mix

Decision = int | list[int] | None  # what a click decides: nothing, an action, or several in order
Axis = Literal["auto", "row", "column"]
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)
}
# Sizes in units of the bar (about a sixtieth of the board's height).
TITLE_H, BUTTON_H, MIN_BUTTON_W, MAX_BUTTON_W = 2.6, 4.2, 11.0, 22.0
LABEL_PX, DETAIL_PX, TITLE_PX = 1.3, 1.05, 1.4


class Lent(Protocol):
    """What the bar uses of the match scene's loan to its board (``BoardContext``)."""

    @property
    def palette(self) -> dict[str, Colour]: ...
    @property
    def feedback(self) -> Callable[[str], None]: ...


class Host(Protocol):
    """What the bar needs of its board (``Board``; a protocol, so the kit's modules import
    each other one way)."""

    @property
    def rect(self) -> pygame.Rect: ...
    @property
    def ctx(self) -> Lent: ...


@dataclass(frozen=True)
class Choice:
    """One button of the bar."""

    action: int | None  # what picking it plays; None = cannot be picked now
    label: str  # first line
    detail: str = ""  # second line (cost, odds, what it does)
    refusal: str = ""  # why not (shown on hover, said on click); set => disabled
    key: Hashable = None  # the board's own name for it (hint ring, tests)

    @property
    def enabled(self) -> bool:
        return self.action is not None and not self.refusal


class DecisionBar:
    """A prompt and a row (or column) of buttons with second lines, numbered keys 1..9, disabled
    reasons and refusals; owns its rect, hover state, drawing and hit test."""

    def __init__(self, board: Host) -> None:
        self.board = board
        self.prompt = ""
        self.choices: tuple[Choice, ...] = ()
        self.area = pygame.Rect(0, 0, 0, 0)
        self.unit = 8
        # How the board wants it (set once): its measure (None: a sixtieth of the board's
        # height), its buttons' direction ("auto": a column where the area is taller than wide,
        # else a row, wrapped where the buttons would be too narrow), whether its panel
        # fills its whole area (a side panel of its own) or only what it shows, and then
        # whether that stands at the area's foot (under the board's own words) or its top.
        self.measure: int | None = None
        self.axis: Axis = "auto"
        self.backdrop = False
        self.foot = False
        self.hovered: int | None = None  # index of the choice under the mouse
        self._title = pygame.Rect(0, 0, 0, 0)
        self._rects: list[pygame.Rect] = []
        self._rect = pygame.Rect(0, 0, 0, 0)
        self._art: Art | None = None

    # --- what is offered and where ---------------------------------------------------------
    def offer(self, prompt: str, choices: Sequence[Choice]) -> None:
        """Show ``prompt`` over ``choices``; ``offer("", ())`` hides the bar."""
        choices = tuple(choices)
        if choices != self.choices:
            self.hovered = None
        self.prompt, self.choices = prompt, choices
        self._place()

    def layout(self, area: pygame.Rect) -> None:
        """The space the bar may use (it sizes itself inside, as ``measure``, ``axis`` and
        ``backdrop`` say)."""
        self.area = pygame.Rect(area)
        self.unit = self.measure or max(6, round(self.board.rect.h / 60))
        self._place()

    @property
    def rect(self) -> pygame.Rect:
        """The bar's panel; empty when nothing is offered."""
        return pygame.Rect(self._rect)

    @property
    def two_lines(self) -> bool:
        """Whether the buttons say label and detail on two lines (the same for all, so the bar
        reads as one list): where both fit at full size; else one line, label first."""
        if not self._rects or not any(c.detail for c in self.choices):
            return False
        label = self.art.text("Ag", self.px(LABEL_PX), (0, 0, 0), bold=True).get_height()
        detail = self.art.text("Ag", self.px(DETAIL_PX), (0, 0, 0)).get_height()
        return (label + detail) * 4 // 5 + self.unit // 2 <= self._rects[0].h

    def choice_rect(self, key_or_action: Hashable) -> pygame.Rect | None:
        """Where the choice named ``key_or_action`` (its key, else its action) is drawn."""
        for choice, rect in zip(self.choices, self._rects, strict=False):
            if key_or_action in (choice.key, choice.action) and key_or_action is not None:
                return pygame.Rect(rect)
        return None

    def rects(self) -> list[tuple[Choice, pygame.Rect]]:
        """Each choice with its button."""
        return list(zip(self.choices, map(pygame.Rect, self._rects), strict=False))

    def readable(self) -> list[pygame.Rect]:
        """What a label must not cover: the prompt's line and the buttons, in order."""
        return ([pygame.Rect(self._title)] if self.prompt else []) + list(
            map(pygame.Rect, self._rects)
        )

    def numbered(self) -> list[int]:
        """What keys 1..9 pick: the choices that may be picked, in order (their badges)."""
        return [c.action for c in self.choices if c.enabled and c.action is not None][:9]

    # --- input -------------------------------------------------------------------------------
    def move(self, pos: tuple[int, int]) -> None:
        """The mouse is at ``pos``: the button under it is lit (a refused one says why)."""
        self.hovered = self._index_at(pos)

    def click(self, pos: tuple[int, int]) -> Decision:
        """A click at ``pos``: the action of the button under it; a refused one is explained."""
        index = self._index_at(pos)
        return None if index is None else self._pick(self.choices[index])

    def key(self, key: int) -> Decision:
        """Number key ``n`` picks the ``n``-th choice that may be picked."""
        n = NUMBER_KEYS.get(key, 0)
        playable = [c for c in self.choices if c.enabled]
        return self._pick(playable[n - 1]) if 0 < n <= len(playable) else None

    def _pick(self, choice: Choice) -> Decision:
        if choice.enabled:
            return choice.action
        self.board.ctx.feedback(choice.refusal or choice.label)
        return None

    def _index_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in enumerate(self._rects) if r.collidepoint(pos)), None)

    # --- geometry ----------------------------------------------------------------------------
    def px(self, k: float) -> int:
        return max(MIN_READABLE_PX, round(self.unit * k))

    def _place(self) -> None:
        """Find the prompt's line and each button's rectangle inside the area."""
        self._rects, self._title = [], pygame.Rect(self.area.x, self.area.y, self.area.w, 0)
        if not (self.prompt or self.choices) or self.area.w <= 0 or self.area.h <= 0:
            self._rect = pygame.Rect(0, 0, 0, 0)
            return
        u, area = self.unit, self.area
        pad, gap = max(3, u // 2), max(2, u // 3)
        if self.prompt:
            self._title.h = round(u * TITLE_H)
        inner = pygame.Rect(area.x + pad, self._title.bottom, area.w - 2 * pad, 0)
        inner.h = area.bottom - pad - inner.y
        n = len(self.choices)
        if n:
            columns = self._columns(inner, n, gap)
            rows = -(-n // columns)
            fit = (inner.h - gap * (rows - 1)) // rows
            h = max(self.px(LABEL_PX) + 4, min(round(u * BUTTON_H), fit))  # one line at least
            w = (inner.w - gap * (columns - 1)) // columns
            if columns > 1:
                w = min(w, round(u * MAX_BUTTON_W))
            self._rects = [
                pygame.Rect(inner.x + (i % columns) * (w + gap), inner.y + i // columns * (h + gap),
                            w, h)
                for i in range(n)
            ]  # fmt: skip
        bottom = max([self._title.bottom, *(r.bottom for r in self._rects)]) + pad
        self._rect = pygame.Rect(area)
        if not self.backdrop:  # as tall as its contents, at the area's top (or foot)
            self._rect.h = min(area.h, bottom - area.y)
            if self.foot:
                self._rect.bottom = area.bottom
                for rect in (self._title, *self._rects):
                    rect.y += self._rect.y - area.y

    def _columns(self, inner: pygame.Rect, n: int, gap: int) -> int:
        """How many buttons stand side by side: one (a column) where the area is taller than
        wide and they fit stacked (more where they do not), else as many as keep a readable
        width."""
        if self.axis == "column" or (self.axis == "auto" and inner.h >= inner.w):
            stacked = (inner.h + gap) // (self.px(LABEL_PX) + 4 + gap)  # at their least height
            return 1 if self.axis == "column" else max(1, -(-n // max(1, stacked)))
        fit = max(1, (inner.w + gap) // (round(self.unit * MIN_BUTTON_W) + gap))
        return min(n, fit)

    # --- drawing -----------------------------------------------------------------------------
    @property
    def art(self) -> Art:
        """The bar's pictures in the board's palette (made anew when the palette changes)."""
        if self._art is None or self._art.p is not self.board.ctx.palette:
            self._art = Art(self.board.ctx.palette)
        return self._art

    def colour(self, role: str) -> Colour:
        """The bar's colours from the board's palette: ``button``, ``button_text`` and
        ``button_detail`` where the game has its own, else from its panel and gold."""
        p = self.board.ctx.palette
        fallback = {
            "button": lighter(p["panel"], 0.12),
            "button_text": p["text"],
            "button_detail": lighter(p["gold"], 0.4),
        }
        return p.get(role) or fallback.get(role) or p[role]

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the prompt, the buttons; the hovered refused choice's reason last."""
        if not self._rect.w:
            return
        p, art, u = self.board.ctx.palette, self.art, self.unit
        panel = art.panel(self._rect.w, self._rect.h, (*p["panel"], 255), p["panel_edge"], u)
        surface.blit(panel, self._rect)
        if self.prompt:
            room = self._title.w - 2 * max(3, u // 2)
            head = art.fitted(self.prompt, self.px(TITLE_PX), p["gold"], room, bold=True)
            surface.blit(head, head.get_rect(midleft=(self._title.x + 8, self._title.centery)))
        two, number = self.two_lines, 0
        for i, (choice, rect) in enumerate(zip(self.choices, self._rects, strict=False)):
            if choice.enabled:
                number += 1
            self._draw_button(surface, choice, rect, i == self.hovered, number, two)
        self._draw_reason(surface)

    def _draw_button(
        self, surface: pygame.Surface, choice: Choice, rect: pygame.Rect, lit: bool, number: int,
        two: bool,
    ) -> None:  # fmt: skip
        p, art, u = self.board.ctx.palette, self.art, self.unit
        fill, edge = self.colour("button"), p["gold"]
        text, detail = self.colour("button_text"), self.colour("button_detail")
        if not choice.enabled:
            fill, edge = mix(fill, p["panel"], 0.6), p["panel_edge"]
            text, detail = p["text_dim"], darker(p["text_dim"], 0.2)
        elif lit:
            fill = lighter(fill, 0.15)
        surface.blit(art.panel(rect.w, rect.h, (*fill, 255), edge, rect.h // 4), rect)
        left = rect.x + 8
        if choice.enabled and number <= 9:
            radius = max(6, min(rect.h // 2 - 3, round(u * 0.85)))
            centre = (rect.x + 6 + radius, rect.centery)
            pygame.draw.circle(surface, darker(edge, 0.45), centre, radius)
            badge = art.text(str(number), self.px(radius * 1.3 / u), edge, bold=True)
            surface.blit(badge, badge.get_rect(center=centre))
            left = centre[0] + radius + max(4, u // 2)
        room = rect.right - 8 - left
        if two:
            big = art.fitted(choice.label, self.px(LABEL_PX), text, room, bold=True)
            small = art.fitted(choice.detail, self.px(DETAIL_PX), detail, room)
            step = big.get_height() * 4 // 5  # a line's image has a fifth of leading
            top = rect.centery - (step + small.get_height()) // 2
            surface.blit(big, (left, top))
            surface.blit(small, (left, top + step))
            return
        share = room if not choice.detail else room * 3 // 5
        head = art.fitted(choice.label, self.px(1.1), text, share, bold=True)
        x = surface.blit(head, head.get_rect(midleft=(left, rect.centery))).right
        if choice.detail:
            rest = art.fitted(choice.detail, self.px(1.0), detail, rect.right - 8 - x - u)
            surface.blit(rest, rest.get_rect(midleft=(x + u, rect.centery)))

    def _draw_reason(self, surface: pygame.Surface) -> None:
        """A refused choice under the mouse says why, beside the bar (never over it)."""
        if self.hovered is None or self.hovered >= len(self.choices):
            return
        choice = self.choices[self.hovered]
        if choice.enabled or not choice.refusal:
            return
        rect, bounds = self._rects[self.hovered], self.board.rect
        width = min(bounds.w // 2, round(self.unit * 26))

        def place(box: pygame.Rect) -> None:
            bar = self._rect  # beside the bar, level with the button: its row, else its column
            spans = (
                pygame.Rect(bar.x, rect.y, bar.w, rect.h),
                pygame.Rect(rect.x, bar.y, rect.w, bar.h),
            )
            spots = [overlays.popup_beside(box.size, s, bounds, [], self.unit // 2) for s in spans]
            box.topleft = min(spots, key=lambda spot: spot.colliderect(bar)).topleft

        accent, px = self.board.ctx.palette["illegal"], self.px(DETAIL_PX)
        overlays.note(surface, self.art, choice.refusal, width, place, bounds, accent, px)
