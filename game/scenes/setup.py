"""Match set-up: who sits at each seat (human or an AI level) and the game's options.

One row per seat from ``Game.min_players``; seats can be added up to ``max_players``. Every
option in ``Game.options`` is offered with its allowed values; labels come from i18n keys
``option.<game>.<name>`` and ``option.<game>.<name>.<value>`` and fall back to the raw names.
The last set-up of each game is remembered in the settings.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engines.base import Game
from game.i18n import get_language, t, t_or
from game.match import side_caption, side_name
from game.scenes.base import Scene
from game.schema import NAME_MAX
from game.seats import HUMAN, REMOTE
from game.ui import art, emblems, theme
from game.ui.fonts import get_font
from game.ui.layout import stack_rows
from game.ui.text import blit_text, clip_lines, ellipsized, fit_px, text_width, wrap
from game.ui.widgets import Button, Segmented, Stepper, Widget

if TYPE_CHECKING:
    from game.scenes.base import App

SEGMENTED_MAX = 4  # more values than this get a ◀ value ▶ stepper


class NameField(Widget):
    """A one-line text box for a player's name: click to type, Enter / Esc / Tab to finish.

    Typed text arrives as TEXTINPUT events (so Japanese input methods work); the placeholder
    shows the default name that an empty field keeps.
    """

    def __init__(
        self,
        get: Callable[[], str],
        set: Callable[[str], None],
        placeholder: Callable[[], str],
        *,
        limit: int = NAME_MAX,
        on_enter: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.get, self.set, self.placeholder = get, set, placeholder
        self.limit, self.on_enter = limit, on_enter
        self.focused = False
        self.clock = 0.0

    def focus(self, on: bool) -> None:
        if on == self.focused:
            return
        self.focused = on
        self.clock = 0.0
        if on:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        else:
            pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            self.focus(inside)
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.set(self.get()[:-1])
            elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.type(clipboard_text())
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.focus(False)
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter:
                    self.on_enter()
        else:
            return False
        return True  # while typing, keys are text, not shortcuts

    def type(self, text: str) -> None:
        """Add typed or pasted text: printable only (as the saves require), one line."""
        typed = "".join(c if c.isprintable() else " " for c in text.replace("\n", " "))
        self.set((self.get() + typed)[: self.limit])

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        edge = theme.GOLD if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, theme.INK, self.rect, border_radius=self.rect.height // 4)
        pygame.draw.rect(surface, edge, self.rect, width=1, border_radius=self.rect.height // 4)
        text = self.get()
        pad = self.rect.height // 3
        room = self.rect.width - 2 * pad
        if text:  # a text too long even in small type shows its end, where one types
            px = fit_px(text, self.px, room)
            x = self.rect.x + pad + min(0, room - text_width(text, px))
            before = surface.get_clip()
            surface.set_clip(self.rect.inflate(-pad, 0).clip(before))
            r = blit_text(surface, text, px, theme.TEXT, midleft=(x, self.rect.centery))
            surface.set_clip(before)
        else:
            hint = self.placeholder()
            px = fit_px(hint, self.px, room)
            hint = ellipsized(hint, px, room)
            r = blit_text(
                surface, hint, px, theme.TEXT_FAINT, midleft=(self.rect.x + pad, self.rect.centery)
            )
        if self.focused and int(self.clock * 2) % 2 == 0:
            x = r.right + 1 if text else self.rect.x + pad
            pygame.draw.line(
                surface, theme.TEXT, (x, self.rect.y + pad // 2), (x, self.rect.bottom - pad // 2)
            )


def clipboard_text() -> str:
    """The clipboard's text, or nothing where there is no clipboard (pygame-ce's SDL clipboard
    works under every video driver we know, a headless dummy included)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, UnicodeError):
        return ""


def seat_kinds() -> tuple[str, ...]:
    from ai.agents import LEVELS

    return (HUMAN, *LEVELS, REMOTE)


def level_about(game: Game, level: str) -> str:
    """What a level does in this game (the levels' budgets differ per game), else in general."""
    return t_or(f"level.{game.id}.{level}.about", t(f"level.{level}.about"))


def option_label(game: Game, name: str) -> str:
    return t_or(f"option.{game.id}.{name}", name.replace("_", " ").capitalize())


def value_label(game: Game, name: str, value: object) -> str:
    phrase = game.option_phrase(name, value)
    if phrase is not None:
        return t(phrase[0], **phrase[1])
    return t_or(f"option.{game.id}.{name}.{value}", str(value))


class SetupScene(Scene):
    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        remembered = app.settings.last_setup.get(game.id, {})
        seats = remembered.get("seats") or [HUMAN] + ["normal"] * (game.min_players - 1)
        kinds = seat_kinds()
        if not game.min_players <= len(seats) <= game.max_players or any(
            s not in kinds for s in seats
        ):
            seats = [HUMAN] + ["normal"] * (game.min_players - 1)
        self.seats: list[str] = list(seats)
        names = remembered.get("names") or []
        self.names: list[str] = [(names[i] if i < len(names) else "") for i in range(len(seats))]
        try:
            self.options = game.resolve_options(remembered.get("options") or {})
        except ValueError:
            self.options = game.default_options()
        self.back = Button(
            lambda: t("common.back"),
            self.close,
            style="ghost",
            hotkeys=(pygame.K_ESCAPE,),
            icon="←",
        )
        self.rules = Button(lambda: t("title.rules"), self.open_rules)
        self.start_button = Button(
            lambda: t("setup.start"),
            self.start,
            style="primary",
            hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER),
        )
        self.add_seat = Button(
            lambda: t("setup.add_seat"),
            self._add_seat,
            style="ghost",
            icon="+",
            enabled=lambda: len(self.seats) < game.max_players,
        )
        self.add_seat.visible = game.max_players > game.min_players
        self.option_widgets = [
            self._option_widget(name, values) for name, values in game.options.items()
        ]
        from game.boards import board_class, has_board

        self.palette = (
            theme.board_palette(board_class(game.id), app.settings.colorblind)
            if has_board(game.id)
            else {}
        )
        self.compact_seats = False  # seat kinds as ◀ value ▶ where they do not fit side by side
        self._build_seat_widgets()

    # --- widgets -------------------------------------------------------------------------------
    def _option_widget(self, name: str, values: list) -> Widget:
        choices = [(v, lambda v=v: value_label(self.game, name, v)) for v in values]

        def set_value(value: object) -> None:
            self.options[name] = value

        kind = Segmented if len(values) <= SEGMENTED_MAX else Stepper
        return kind(choices, lambda: self.options[name], set_value)

    def _build_seat_widgets(self) -> None:
        self._make_seat_widgets()
        self.layout(self.app.size)

    def _make_seat_widgets(self) -> None:
        kinds = seat_kinds()
        self.seat_widgets: list[Widget] = []
        kind = Stepper if self.compact_seats else Segmented
        self.remove_buttons: list[Button] = []
        for i in range(len(self.seats)):
            choices = [(k, partial(t, f"level.{k}")) for k in kinds]
            self.seat_widgets.append(
                kind(choices, partial(self.seats.__getitem__, i), partial(self._set_seat, i))
            )
            remove = Button("", partial(self._remove_seat, i), style="ghost", icon="✕")
            remove.visible = i >= self.game.min_players
            self.remove_buttons.append(remove)
        self.name_fields = [self._name_field(i) for i in range(len(self.seats))]
        self._show_name_fields()
        self.widgets = [
            self.back,
            self.rules,
            self.start_button,
            self.add_seat,
            *self.seat_widgets,
            *self.remove_buttons,
            *self.option_widgets,
            *self.name_fields,  # last, so a field being typed in sees keys before the hotkeys
        ]

    def _name_field(self, index: int) -> NameField:
        def set_name(value: str) -> None:
            self.names[index] = value

        def placeholder() -> str:
            """The name the seat gets if none is typed, unless its label says that already."""
            if index == self._host_seat() and self.app.settings.player_name:
                return self.app.settings.player_name  # the name remembered for network play
            default = t("seat.player_n", n=index + 1)
            return t("setup.name_hint") if not side_caption(self.game, index, default) else default

        return NameField(lambda: self.names[index], set_name, placeholder)

    def _show_name_fields(self) -> None:
        """Own names are for hot-seat, and for the host of a networked table (its guests see
        it): every human seat gets a field when two or more play or a seat is remote."""
        named = self.seats.count(HUMAN) >= 2 or REMOTE in self.seats
        for field, kind in zip(self.name_fields, self.seats, strict=True):
            field.visible = named and kind == HUMAN
            if not field.visible:
                field.focus(False)

    def _set_seat(self, index: int, kind: str) -> None:
        self.seats[index] = kind
        self._show_name_fields()

    def leave(self) -> None:
        for field in self.name_fields:
            field.focus(False)

    def _add_seat(self) -> None:
        if len(self.seats) < self.game.max_players:
            self.seats.append("normal")
            self.names.append("")
            self._build_seat_widgets()

    def _remove_seat(self, index: int) -> None:
        if len(self.seats) > self.game.min_players:
            del self.seats[index]
            del self.names[index]
            self._build_seat_widgets()

    # --- actions -------------------------------------------------------------------------------
    def close(self) -> None:
        self.app.stack.pop()

    def open_rules(self) -> None:
        self.app.stack.open("rules", self.game.id)

    def start(self, seed: int | None = None) -> None:
        """Start the match, after asking if it would replace this game's match in progress."""
        from game.scenes.saved import confirm_new_match

        confirm_new_match(self.app, self.game, lambda: self._start(seed))

    def _start(self, seed: int | None) -> None:
        """Remember this set-up and replace this screen by the match."""
        from game.match import Match

        names = [
            n.strip() if f.visible else ""
            for n, f in zip(self.names, self.name_fields, strict=True)
        ]
        self._name_the_host(names)
        self.app.settings.last_setup[self.game.id] = {
            "seats": list(self.seats),
            "options": dict(self.options),
            "names": list(self.names),
        }
        self.app.save_settings()
        remote = frozenset(i for i, kind in enumerate(self.seats) if kind == REMOTE)
        match = Match(
            self.game,
            [HUMAN if kind == REMOTE else kind for kind in self.seats],
            options=self.options,
            seed=random.randrange(2**31) if seed is None else seed,
            client=self.app.ai,
            autosave=True,
            names=names,
            remote=remote,
        )
        if remote:
            from game.scenes.hosting import open_table

            self.app.stack.replace(open_table(self.app, match))
        else:
            self.app.stack.replace(self.app.stack.make("match", match))

    def _host_seat(self) -> int | None:
        """The host's own seat at a networked table: its first human seat."""
        if REMOTE not in self.seats or HUMAN not in self.seats:
            return None
        return self.seats.index(HUMAN)

    def _name_the_host(self, names: list[str]) -> None:
        """At a networked table the host's name is remembered (it fills the seat next time, and
        the join dialog's name); an empty field takes the remembered one."""
        seat = self._host_seat()
        if seat is None:
            return
        if names[seat]:
            self.app.settings.player_name = names[seat]
        else:
            names[seat] = self.app.settings.player_name

    # --- layout and drawing --------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        self.back.place(pygame.Rect(m.px(28), m.px(30), m.px(150), m.px(44)), m.font_px(16))
        seat_h = m.px(76) + len(self.seats) * m.px(78) + (m.px(56) if self.add_seat.visible else 0)
        option_h = m.px(76) + len(self.option_widgets) * m.px(88) + m.px(150)
        panel_h = min(max(seat_h, option_h, m.px(300)), m.height - m.px(330))
        width = min(m.px(1040), m.width - m.px(80))
        top = m.px(170) + max(0, (m.height - m.px(170) - panel_h - m.px(120)) // 3)
        half = (width - m.px(28)) // 2
        left = (m.width - width) // 2
        self.seat_panel = pygame.Rect(left, top, half, panel_h)
        self.option_panel = pygame.Rect(left + width - half, top, half, panel_h)
        inner = self.seat_panel.inflate(-m.px(48), 0)
        rows = stack_rows(
            pygame.Rect(inner.x, top + m.px(72), inner.width, 0),
            [m.px(44)] * len(self.seats),
            m.px(34),
        )
        # The seat's chip and name, no wider: the level names need the room (むずかしい).
        names = [side_name(self.game, i) for i in range(len(self.seats))]
        widest = max(text_width(name, m.font_px(16), True) for name in names)
        label_w = min(round(inner.width * 0.30), m.px(36) + widest)
        narrowest = inner.width - label_w - m.px(52)
        compact = not Segmented.fits([t(f"level.{k}") for k in seat_kinds()], narrowest)
        if compact != self.compact_seats:
            self.compact_seats = compact
            self._make_seat_widgets()  # placed below, at this size
        for row, seg, remove in zip(rows, self.seat_widgets, self.remove_buttons, strict=True):
            control = pygame.Rect(
                row.x + label_w, row.y, row.width - label_w - m.px(52), row.height
            )
            if not remove.visible:
                control.width += m.px(52)
            seg.place(control, m.font_px(15))
            remove.place(
                pygame.Rect(row.right - m.px(44), row.y, m.px(44), row.height), m.font_px(15)
            )
        for row, seg, field in zip(rows, self.seat_widgets, self.name_fields, strict=True):
            field.place(
                pygame.Rect(seg.rect.x, row.bottom + m.px(3), seg.rect.width, m.px(28)),
                m.font_px(14),
            )
        last_bottom = rows[-1].bottom + m.px(34) if rows else top + m.px(72)
        self.add_seat.place(pygame.Rect(inner.x, last_bottom, m.px(220), m.px(40)), m.font_px(15))
        inner = self.option_panel.inflate(-m.px(48), 0)
        # Rows (each under its label) close up where many options would overflow the panel;
        # where even that overflows (Frontline's seven), each label moves beside its row.
        count = len(self.option_widgets)
        room = panel_h - m.px(120) - count * m.px(44)
        gap = m.px(44) if count < 2 else max(m.px(30), min(m.px(44), room // (count - 1)))
        self.labels_beside = count > 1 and room < (count - 1) * m.px(30)
        first, label_w = top + m.px(100), 0
        if self.labels_beside:
            first, gap, label_w = top + m.px(72), m.px(12), round(inner.width * 0.36)
        rows = stack_rows(
            pygame.Rect(inner.x + label_w, first, inner.width - label_w, 0),
            [m.px(44)] * count,
            gap,
        )
        for row, widget in zip(rows, self.option_widgets, strict=True):
            widget.place(row, m.font_px(15))
        self.option_label_x = inner.x
        # The game's description goes under whichever column has more room left.
        options_bottom = (rows[-1].bottom if rows else top + m.px(70)) + m.px(30)
        seats_bottom = last_bottom + m.px(40) + m.px(36)
        panel = self.option_panel if options_bottom <= seats_bottom else self.seat_panel
        about_top = min(options_bottom, seats_bottom)
        self.about_rect = pygame.Rect(
            panel.x + m.px(24), about_top, panel.width - m.px(48), panel.bottom - about_top
        )
        bar_y = self.seat_panel.bottom + m.px(30)
        self.rules.place(pygame.Rect(left, bar_y, m.px(180), m.px(54)), m.font_px(17))
        self.start_button.place(
            pygame.Rect(left + width - m.px(260), bar_y, m.px(260), m.px(54)), m.font_px(19)
        )

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        accent = theme.accent(self.game.id)
        surface.blit(art.backdrop(self.app.size, accent), (0, 0))
        icon = emblems.emblem(self.game.id, m.px(96))
        title, subtitle = (
            (self.game.title_ja, self.game.title)
            if get_language() == "ja"
            else (self.game.title, self.game.title_ja)
        )
        head = pygame.Rect(0, 0, m.px(96), m.px(96))
        head.midtop = (m.width // 2, m.px(24))
        r = blit_text(
            surface, title, m.font_px(34), theme.TEXT, True, midtop=(m.width // 2, m.px(34))
        )
        surface.blit(icon, icon.get_rect(midright=(r.x - m.px(18), r.bottom)))
        blit_text(
            surface,
            subtitle,
            m.font_px(17),
            theme.TEXT_DIM,
            midtop=(m.width // 2, r.bottom + m.px(4)),
        )
        blit_text(
            surface,
            t("setup.title"),
            m.font_px(14),
            accent,
            True,
            midtop=(m.width // 2, r.bottom + m.px(36)),
        )
        for rect, heading in (
            (self.seat_panel, t("setup.players")),
            (self.option_panel, t("setup.options")),
        ):
            art.panel(surface, rect, fill=(*theme.PANEL, 232), radius=m.px(16), shadow=m.px(12))
            blit_text(
                surface,
                heading,
                m.font_px(20),
                theme.TEXT,
                True,
                topleft=(rect.x + m.px(24), rect.y + m.px(22)),
            )
        for i, seg in enumerate(self.seat_widgets):
            chip = pygame.Rect(0, 0, m.px(14), m.px(14))
            chip.midleft = (self.seat_panel.x + m.px(24), seg.rect.centery)
            pygame.draw.rect(
                surface,
                theme.seat_colour(self.game.id, self.palette, i, self.options),
                chip,
                border_radius=m.px(3),
            )
            pygame.draw.rect(surface, theme.TEXT, chip, width=1, border_radius=m.px(3))
            blit_text(
                surface,
                side_name(self.game, i),
                m.font_px(16),
                theme.TEXT,
                True,
                midleft=(chip.right + m.px(10), seg.rect.centery),
            )
            if self.seats[i] != HUMAN:
                about = level_about(self.game, self.seats[i])
                room = self.seat_panel.right - seg.rect.x - m.px(12)
                blit_text(
                    surface,
                    about,
                    fit_px(about, m.font_px(12), room, min_px=9),
                    theme.TEXT_FAINT,
                    topleft=(seg.rect.x + m.px(4), seg.rect.bottom + m.px(4)),
                )
        names = list(self.game.options)
        for name, widget in zip(names, self.option_widgets, strict=True):
            label = option_label(self.game, name)
            ink = theme.TEXT_DIM if self.option_applies(name) else theme.TEXT_FAINT
            if self.labels_beside:
                room = widget.rect.x - self.option_label_x - m.px(8)
                px = fit_px(label, m.font_px(15), room, min_px=9)
                midleft = (self.option_label_x, widget.rect.centery)
                blit_text(surface, label, px, ink, midleft=midleft)
                continue
            blit_text(
                surface,
                label,
                m.font_px(15),
                ink,
                bottomleft=(widget.rect.x, widget.rect.y - m.px(6)),
            )
        if not names:
            blit_text(
                surface,
                t("setup.no_options"),
                m.font_px(15),
                theme.TEXT_FAINT,
                topleft=(self.option_panel.x + m.px(24), self.option_panel.y + m.px(80)),
            )
        about = t_or(f"about.{self.game.id}", "")
        if about:
            box = self.about_rect
            x, width = box.x, box.width
            pygame.draw.line(
                surface, theme.PANEL_EDGE, (x, box.y - m.px(14)), (x + width, box.y - m.px(14))
            )
            px, leading = m.font_px(14), round(m.font_px(14) * 1.5)
            lines = wrap(about, get_font(px), width)
            free = box.bottom - m.px(16) - box.y - px
            room = free // leading + 1 if free >= 0 else 0
            for n, line in enumerate(clip_lines(lines, room, px, width)):
                blit_text(surface, line, px, theme.TEXT_DIM, topleft=(x, box.y + n * leading))
        super().draw(surface)
        for widget in self._idle_options():  # drawn, then veiled: it keeps its value
            r = widget.rect
            art.panel(surface, r, fill=(*theme.PANEL, 170), edge=None, radius=r.height // 2)

    def option_applies(self, name: str) -> bool:
        return self.game.option_applies(name, {**self.game.default_options(), **self.options})

    def _idle_options(self) -> list[Widget]:
        """The option rows that change nothing given the others (Flink's square size on the
        diamond board, Frontline's prebuilt decks when decks are built): dimmed, not clickable."""
        return [
            widget
            for name, widget in zip(self.game.options, self.option_widgets, strict=True)
            if not self.option_applies(name)
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        pos = getattr(event, "pos", None)
        pressed = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if pressed and pos and any(w.rect.collidepoint(pos) for w in self._idle_options()):
            return
        super().handle_event(event)
