"""Buttons, choice controls, a scrolling list and toasts, drawn in the theme's style.

Widgets get their rect (and type size) from the scene's ``layout`` on every resize; labels are
callables so a language change shows at once. Clicks act on release over the widget that was
pressed, as players expect from desktop software.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import t
from game.ui import art, theme
from game.ui.text import MIN_TEXT_PX, blit_text, ellipsized, fit_px, render, text_width

Label = str | Callable[[], str]

_click_sound: Callable[[], None] = lambda: None  # noqa: E731


def set_click_sound(play: Callable[[], None]) -> None:
    """Installed by the app so every widget clicks audibly without knowing about sound."""
    global _click_sound
    _click_sound = play


def text_of(label: Label) -> str:
    return label() if callable(label) else label


def _is_click(event: pygame.event.Event) -> bool:
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1


class Widget:
    """Something with a rect that can take events and draw itself."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.px = 18
        self.visible = True

    def place(self, rect: pygame.Rect, px: int) -> None:
        self.rect, self.px = pygame.Rect(rect), px

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class Button(Widget):
    """A rounded button; styles: "normal", "primary" (gold), "ghost" (outline only)."""

    def __init__(
        self,
        label: Label,
        on_click: Callable[[], Any],
        *,
        style: str = "normal",
        enabled: Callable[[], bool] | None = None,
        hotkeys: Sequence[int] = (),
        icon: str = "",
    ) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.style = style
        self.enabled_fn = enabled
        self.hotkeys = tuple(hotkeys)
        self.icon = icon
        self.hovered = False
        self.pressed = False
        self.glow = 0.0  # hover highlight, eased towards 0 or 1

    @property
    def enabled(self) -> bool:
        return self.enabled_fn() if self.enabled_fn else True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.KEYDOWN and event.key in self.hotkeys and self.enabled:
            self._fire()
            return True
        if not _is_click(event) or not self.rect.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP:
                self.pressed = False
            return False
        if not self.enabled:
            return True  # a disabled button still swallows the click
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed = True
        elif self.pressed:
            self.pressed = False
            self._fire()
        return True

    def _fire(self) -> None:
        _click_sound()
        self.on_click()

    def update(self, dt: float) -> None:
        target = 1.0 if self.hovered and self.enabled else 0.0
        self.glow += (target - self.glow) * min(1.0, dt * 14)

    def _icon_width(self) -> int:
        """Room the icon takes beside the words (0 without one)."""
        if not self.icon:
            return 0
        icon = render(self.icon, round(self.px * 1.15), theme.TEXT, True, symbol=True)
        return icon.get_width() + self.px // 2

    def shows_icon(self) -> bool:
        """The icon is drawn unless the words would not fit beside it: words carry the meaning,
        so a narrow button (Japanese at 800x540) drops its icon first."""
        if not self.icon:
            return False
        text = text_of(self.label)
        room = self.rect.width - self.rect.height // 2 - self._icon_width()
        return not text or text_width(text, fit_px(text, self.px, room, bold=True), True) <= room

    def text_room(self) -> int:
        """Pixels across that the label may take, beside its icon if that is shown."""
        room = self.rect.width - self.rect.height // 2
        return room - self._icon_width() if self.shows_icon() else room

    def label_fits(self) -> bool:
        """Whether the label fits its button at a size the shrinking allows (else the layout
        or the words must change)."""
        text, room = text_of(self.label), self.text_room()
        return text_width(text, fit_px(text, self.px, room, bold=True), True) <= room

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        enabled = self.enabled
        glow = round(self.glow * 6) / 6  # a few steps, so the cached panel surfaces are reused
        radius = min(self.rect.height // 2, max(6, self.rect.height // 4))
        if self.style == "primary":
            base = theme.GOLD if enabled else theme.mix(theme.GOLD_DARK, theme.BUTTON_DISABLED, 0.6)
            fill = theme.mix(base, (255, 240, 210), 0.18 * glow)
            ink = theme.ON_GOLD if enabled else theme.TEXT_FAINT
            edge = theme.mix(theme.GOLD, (255, 255, 255), 0.3)
        elif self.style == "ghost":
            fill = theme.mix(theme.PANEL, theme.BUTTON_HOVER, glow)
            ink = theme.TEXT if enabled else theme.TEXT_FAINT
            edge = theme.mix(theme.PANEL_EDGE, theme.GOLD, 0.5 * glow)
        else:
            fill = (
                theme.mix(theme.BUTTON, theme.BUTTON_HOVER, glow)
                if enabled
                else theme.BUTTON_DISABLED
            )
            ink = theme.TEXT if enabled else theme.TEXT_FAINT
            edge = theme.mix(theme.PANEL_EDGE, theme.GOLD, 0.45 * glow)
        if self.pressed and enabled:
            fill = theme.mix(fill, (0, 0, 0), 0.18)
        body = self.rect.move(0, 1 if self.pressed else 0)
        art.panel(
            surface,
            body,
            fill=(*fill, 255),
            edge=edge,
            radius=radius,
            shadow=0 if self.style == "ghost" else max(2, self.rect.height // 8),
        )
        text = text_of(self.label)
        if not self.shows_icon():
            px = fit_px(text, self.px, self.text_room(), bold=True)
            text = ellipsized(text, px, self.text_room(), bold=True)  # too long even at min size
            blit_text(surface, text, px, ink, True, center=body.center)
            return
        icon = render(self.icon, round(self.px * 1.15), ink, True, symbol=True)
        if not text:
            surface.blit(icon, icon.get_rect(center=body.center))
            return
        gap = self.px // 2
        px = fit_px(text, self.px, self.text_room(), bold=True)
        label = render(ellipsized(text, px, self.text_room(), bold=True), px, ink, True)
        x = body.centerx - (icon.get_width() + gap + label.get_width()) // 2
        surface.blit(icon, icon.get_rect(midleft=(x, body.centery)))
        surface.blit(label, label.get_rect(midleft=(x + icon.get_width() + gap, body.centery)))


SEGMENT_PAD = 12  # pixels of a segment beside its label


class Segmented(Widget):
    """One choice out of a few, shown side by side (animation speed, seat kind, language)."""

    def __init__(
        self,
        choices: Sequence[tuple[Any, Label]],
        get: Callable[[], Any],
        set: Callable[[Any], None],
    ) -> None:
        super().__init__()
        self.choices = list(choices)
        self.get, self.set = get, set
        self.hover_index = -1

    @staticmethod
    def fits(labels: Sequence[str], width: int) -> bool:
        """Whether ``labels`` read side by side in ``width`` pixels at the smallest legible size
        (else a :class:`Stepper` shows them: むずかしい beside リモート in a narrow seat row)."""
        return Segmented._fit_at(labels, MIN_TEXT_PX, width)

    def _segments(self) -> list[pygame.Rect]:
        """Equal segments where every label fits one at the widget's size; else each as wide as
        its label at the size where they all fit, plus an equal share of what is left."""
        texts = [text_of(label) for _value, label in self.choices]
        n = len(texts)
        px = self.px
        while px > MIN_TEXT_PX and not self._fit_at(texts, px, self.rect.width):
            px -= 1
        widths = [text_width(s, px, True) + SEGMENT_PAD for s in texts]
        if max(widths) <= self.rect.width / n:
            widths = [self.rect.width // n] * n
        spare = (self.rect.width - sum(widths)) / n
        rects, x = [], float(self.rect.x)
        for w in widths:
            left, x = round(x), x + w + spare
            rects.append(pygame.Rect(left, self.rect.y, round(x) - left, self.rect.height))
        return rects

    @staticmethod
    def _fit_at(texts: Sequence[str], px: int, width: int) -> bool:
        return sum(text_width(s, px, True) + SEGMENT_PAD for s in texts) <= width

    def rect_of(self, value: Any) -> pygame.Rect:
        """Where the choice ``value`` is (KeyError if it is not one)."""
        for (choice, _label), seg in zip(self.choices, self._segments(), strict=True):
            if choice == value:
                return seg
        raise KeyError(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_index = next(
                (i for i, r in enumerate(self._segments()) if r.collidepoint(event.pos)), -1
            )
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for (value, _label), seg in zip(self.choices, self._segments(), strict=True):
            if seg.collidepoint(event.pos):
                if value != self.get():
                    _click_sound()
                    self.set(value)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        radius = self.rect.height // 2
        art.panel(surface, self.rect, fill=(*theme.INK, 255), edge=theme.PANEL_EDGE, radius=radius)
        current = self.get()
        for i, ((value, label), seg) in enumerate(zip(self.choices, self._segments(), strict=True)):
            selected = value == current
            if selected:
                art.panel(
                    surface,
                    seg.inflate(-6, -6),
                    fill=(*theme.GOLD, 255),
                    edge=None,
                    radius=max(4, radius - 3),
                )
            elif i == self.hover_index:
                art.panel(
                    surface,
                    seg.inflate(-6, -6),
                    fill=(*theme.BUTTON_HOVER, 255),
                    edge=None,
                    radius=max(4, radius - 3),
                )
            text = text_of(label)
            px = fit_px(text, self.px, seg.width - SEGMENT_PAD, bold=selected)
            ink = theme.ON_GOLD if selected else theme.TEXT_DIM
            blit_text(surface, text, px, ink, selected, center=seg.center)


class Toggle(Widget):
    """An on/off switch."""

    def __init__(self, get: Callable[[], bool], set: Callable[[bool], None]) -> None:
        super().__init__()
        self.get, self.set = get, set
        self.knob = 1.0 if get() else 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            _click_sound()
            self.set(not self.get())
            return True
        return False

    def update(self, dt: float) -> None:
        target = 1.0 if self.get() else 0.0
        self.knob += (target - self.knob) * min(1.0, dt * 16)

    def draw(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(0, 0, self.rect.height * 2, self.rect.height)
        track.midleft = self.rect.midleft
        on = self.get()
        fill = theme.mix(theme.BUTTON, theme.GOLD, self.knob)
        art.panel(
            surface, track, fill=(*fill, 255), edge=theme.PANEL_EDGE, radius=track.height // 2
        )
        r = track.height // 2 - 4
        x = track.x + 4 + r + round(self.knob * (track.width - 8 - 2 * r))
        pygame.draw.circle(surface, theme.TEXT, (x, track.centery), r)
        blit_text(
            surface,
            t("common.on") if on else t("common.off"),
            self.px,
            theme.TEXT if on else theme.TEXT_DIM,
            midleft=(track.right + track.height // 2, track.centery),
        )


class Stepper(Widget):
    """◀ value ▶ for a choice among many values (option lists that do not fit side by side)."""

    def __init__(
        self,
        choices: Sequence[tuple[Any, Label]],
        get: Callable[[], Any],
        set: Callable[[Any], None],
    ) -> None:
        super().__init__()
        self.choices = list(choices)
        self.get, self.set = get, set

    def _step(self, delta: int) -> None:
        values = [v for v, _ in self.choices]
        i = values.index(self.get()) if self.get() in values else 0
        _click_sound()
        self.set(values[(i + delta) % len(values)])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type != pygame.MOUSEBUTTONDOWN
            or event.button != 1
            or not self.rect.collidepoint(event.pos)
        ):
            return False
        self._step(-1 if event.pos[0] < self.rect.centerx else 1)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        art.panel(
            surface,
            self.rect,
            fill=(*theme.INK, 255),
            edge=theme.PANEL_EDGE,
            radius=self.rect.height // 2,
        )
        label = next((text_of(lbl) for v, lbl in self.choices if v == self.get()), str(self.get()))
        blit_text(
            surface,
            label,
            fit_px(label, self.px, self.rect.width - 3 * self.rect.height, True),
            theme.TEXT,
            True,
            center=self.rect.center,
        )
        h = self.rect.height
        for sign, x in ((-1, self.rect.x + h // 2), (1, self.rect.right - h // 2)):
            a = h // 5
            pts = [
                (x + sign * a, self.rect.centery),
                (x - sign * a // 2, self.rect.centery - a),
                (x - sign * a // 2, self.rect.centery + a),
            ]
            pygame.draw.polygon(surface, theme.GOLD, pts)


@dataclass(frozen=True)
class Row:
    """One line of a ScrollList: a small heading (number, name) over the main text."""

    heading: str
    text: str
    colour: theme.Colour = theme.TEXT_DIM  # the heading's marker (seat colour)
    icons: Callable[[int], list[pygame.Surface]] | None = None  # small pictures, px high


class ScrollList(Widget):
    """A scrollable list of two-line rows that sticks to the bottom as rows are added."""

    def __init__(self, rows: Callable[[], list[Row]], on_pick: Callable[[int], None]) -> None:
        super().__init__()
        self.rows = rows
        self.on_pick = on_pick
        self.selected: int | None = None
        self.offset = 0  # pixels scrolled from the top
        self.follow = True  # keep the newest row in view
        self.hover: int | None = None
        self._mouse = (0, 0)

    @property
    def row_h(self) -> int:
        return round(self.px * 2.9)

    def _max_offset(self, count: int) -> int:
        return max(0, count * self.row_h - self.rect.height)

    def scroll(self, pixels: int) -> None:
        limit = self._max_offset(len(self.rows()))
        self.offset = max(0, min(limit, self.offset + pixels))
        self.follow = self.offset >= limit

    def scroll_to(self, index: int) -> None:
        top = index * self.row_h
        if top < self.offset:
            self.offset = top
        elif top + self.row_h > self.offset + self.rect.height:
            self.offset = top + self.row_h - self.rect.height
        self.follow = False

    def _index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = (pos[1] - self.rect.y + self.offset) // self.row_h
        return i if 0 <= i < len(self.rows()) else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self.hover = self._index_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self._mouse):
            self.scroll(-event.y * self.row_h)
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._index_at(event.pos)
            if index is not None:
                _click_sound()
                self.on_pick(index)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rows = self.rows()
        if self.follow:
            self.offset = self._max_offset(len(rows))
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        h = self.row_h
        first = self.offset // h
        small = max(11, round(self.px * 0.8))
        for i in range(first, min(len(rows), first + self.rect.height // h + 2)):
            row = rows[i]
            r = pygame.Rect(self.rect.x, self.rect.y + i * h - self.offset, self.rect.width - 8, h)
            if i == self.selected:
                art.panel(
                    surface, r.inflate(-2, -3), fill=(*theme.GOLD, 60), edge=theme.GOLD, radius=6
                )
            elif i == self.hover:
                art.panel(
                    surface, r.inflate(-2, -3), fill=(*theme.BUTTON_HOVER, 140), edge=None, radius=6
                )
            dot = max(3, small // 3)
            pygame.draw.circle(surface, row.colour, (r.x + dot + 6, r.y + h // 3), dot)
            head = blit_text(
                surface,
                row.heading,
                small,
                theme.TEXT_FAINT,
                midleft=(r.x + 2 * dot + 12, r.y + h // 3),
            )
            if row.icons is not None:
                x = max(head.right + 8, r.right - 8)
                for icon in reversed(row.icons(round(small * 1.5))):
                    x -= icon.get_width() + 3
                    if x < head.right + 4:
                        break
                    surface.blit(icon, icon.get_rect(midleft=(x, r.y + h // 3)))
            px = fit_px(row.text, self.px, r.width - 20, min_px=max(11, self.px - 4))
            surf = render(ellipsized(row.text, px, r.width - 20), px, theme.TEXT)
            surface.blit(surf, (r.x + 12, r.y + h // 3 + small // 2 + 2))
        surface.set_clip(clip)
        total = len(rows) * h
        if total > self.rect.height:
            bar_h = max(20, self.rect.height * self.rect.height // total)
            bar_y = self.rect.y + (self.rect.height - bar_h) * self.offset // max(
                1, total - self.rect.height
            )
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (self.rect.right - 4, bar_y, 4, bar_h), border_radius=2
            )


class Toasts:
    """Short messages that fade out (illegal moves explained, hints, save notices)."""

    DURATION = 3.2

    def __init__(self) -> None:
        self.items: list[list[Any]] = []  # [text, kind, age, place]

    def show(
        self,
        text: str,
        kind: str = "info",
        place: Callable[[tuple[int, int]], pygame.Rect] | None = None,
    ) -> None:
        """Add a message; ``place(size)`` puts its box (beside what it is about), else the boxes
        stack up from the point ``draw`` is given."""
        self.items = [i for i in self.items if i[0] != text][-2:]
        self.items.append([text, kind, 0.0, place])

    def update(self, dt: float) -> None:
        for item in self.items:
            item[2] += dt
        self.items = [i for i in self.items if i[2] < self.DURATION]

    def draw(self, surface: pygame.Surface, midbottom: tuple[int, int], px: int) -> None:
        x, y = midbottom
        for text, kind, age, place in reversed(self.items):
            alpha = round(min(1.0, age * 8, (self.DURATION - age) * 2.5) * 10) / 10
            surf = render(text, px, theme.TEXT, bold=kind == "error").copy()
            box = surf.get_rect().inflate(px * 3, px)
            if place is not None:
                box = place(box.size)
            else:
                box.midbottom = (x, y)
                y = box.y - px // 2
            colour = theme.DANGER if kind == "error" else theme.GOLD
            art.panel(
                surface,
                box,
                fill=(*theme.PANEL_HI, round(235 * alpha)),
                edge=colour,
                radius=box.height // 2,
                shadow=0,
            )
            pygame.draw.circle(surface, colour, (box.x + px, box.centery), max(3, px // 4))
            surf.set_alpha(round(255 * alpha))
            surface.blit(surf, surf.get_rect(midleft=(box.x + px * 2, box.centery)))
