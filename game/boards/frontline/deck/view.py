"""Frontline's deck builder: the view the board delegates to while the phase is ``build``.

The army's pool as small cards (type badge, cost, line, defence, HP, best attack values, copies
left), filtered by type and sorted by type or cost; hover one for the full card face. Beside it
the deck: the running points total against 80-100, why it is not legal yet, the §3 warnings
(crews against crewed units, a deck that cannot start), the cards in it (click one to take it
out); the two prebuilt decks of the army, a random balanced deck (or a random completion of the
cards chosen so far), the player's saved decks, Save, Clear and Confirm.

Why the deck is composed here and submitted whole: the engine's build decisions only add (a
card of the pool, or DONE from 80 points; a prebuilt deck while the deck is empty). Taking a
card out is no engine action, and the other player sees each hidden add in the move log. So the
view keeps the deck locally, lets the player add, take out and clear freely (an undo needs no
replay and leaks nothing), and Confirm returns one list of add actions ending with DONE that
the match scene plays in order. A prebuilt deck is submitted card by card too, not as the
engine's one-action shortcut: a single hidden add followed by DONE would tell the other player
that a prebuilt deck was taken, and the deck's size would then name it. Cards already in the
engine's deck (a match saved half-way through a submission) are kept and cannot be taken out.

Every rule is asked of :mod:`game.engines.frontline.building`; the view counts nothing itself.
Saved decks live in ``decks.json`` in the data folder (``BoardContext.data_dir``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable

import pygame

from game import i18n
from game.boards.base import BoardContext, Decision, Obs
from game.boards.frontline.deck import draw as deck_draw
from game.boards.frontline.deck.draw import ERROR, OK, WARN
from game.decks import DeckBook
from game.engines.frontline.actions import CARD, DONE, PREBUILT_DECK
from game.engines.frontline.building import addable, deck_errors, random_deck
from game.engines.frontline.cards import (
    AIRCRAFT,
    CREW,
    FIELD_GUN,
    INFANTRY,
    PREBUILT,
    SIDES,
    TANK,
    UNITS,
    VEHICLE,
    army_pool,
)
from game.engines.frontline.options import DECK_MAX_POINTS
from game.engines.frontline.words import card_name
from game.ui.draw import Colour
from game.ui.layout import split_columns
from game.ui.text import MIN_TEXT_PX, render, text_width
from game.ui.widgets import Button, text_of

# Filters of the pool: name -> the unit types shown.
FILTERS: dict[str, tuple[int, ...]] = {
    "all": (TANK, VEHICLE, FIELD_GUN, INFANTRY, AIRCRAFT, CREW),
    "armour": (TANK, VEHICLE),
    "guns": (FIELD_GUN,),
    "infantry": (INFANTRY,),
    "air": (AIRCRAFT,),
    "crews": (CREW,),
}
SORTS = ("type", "cost")
NOTICE_SECONDS = 4.0


class DeckView:
    """The deck builder for the seat whose build decision it is (see the module docstring)."""

    def __init__(self, ctx: BoardContext) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 800, 540)
        self.rng = random.Random()
        self.viewer = 0
        self.side = 0
        self.legal: list[int] = []
        self.locked: list[int] = []  # cards already in the engine's deck
        self.cards: list[int] = []  # the deck being built, in the order the cards were added
        self.filter = "all"
        self.sort = "type"
        self.mouse: tuple[int, int] | None = None
        self.saved_open = False  # the list of saved decks shown over the pool
        self.notice = ("", OK)
        self.notice_left = 0.0
        self.waiting_for = ""  # the name of who builds now, when it is not the viewer
        self.waiting_army = SIDES[0]  # and the army whose deck is being built
        self._book: DeckBook | None = None
        self._decision: Decision = None
        self.filter_buttons = {
            name: Button(self._label(f"frontline.builder.filter_{name}"), self._set_filter(name))
            for name in FILTERS
        }
        self.sort_button = Button(self._sort_label, self._toggle_sort)
        self.prebuilt_buttons: list[Button] = []
        self._prebuilt_shown: list[str] = []
        self.random_button = Button(self._random_label, self._random)
        self.saved_button = Button(self._label("frontline.builder.saved"), self._toggle_saved)
        self.save_button = Button(
            self._label("frontline.builder.save"), self._save, enabled=self._valid
        )
        self.clear_button = Button(self._label("frontline.builder.clear"), self._clear)
        self.confirm_button = Button(
            self._label("frontline.builder.confirm"),
            self._confirm,
            style="primary",
            enabled=self._valid,
        )
        self._layout_parts()

    # --- the board's delegate calls -----------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._layout_parts()

    def show(self, obs: Obs, viewer: int, legal: list[int]) -> None:
        seat = obs["seats"][viewer]
        side = SIDES.index(seat["army"])
        locked = list(seat["deck"] or [])
        same = viewer == self.viewer and side == self.side
        if not same or Counter(locked) - Counter(self.cards):
            self.cards = list(locked)  # another builder, or a deck changed elsewhere (undo, load)
            self.saved_open = False
        self.viewer, self.side, self.locked, self.legal = viewer, side, locked, list(legal)
        mover, seats = obs.get("current_player", -1), self.ctx.seat_names
        self.waiting_for = seats[mover] if not legal and 0 <= mover < len(seats) else ""
        self.waiting_army = obs["seats"][mover]["army"] if 0 <= mover < 2 else seat["army"]
        names = self._prebuilt_names()
        if names != self._prebuilt_shown:
            self._prebuilt_shown = names
            self.prebuilt_buttons = [
                Button(self._label(f"frontline.builder.deck.{n}"), self._load_prebuilt(n))
                for n in names
            ]
        self._layout_parts()

    def update(self, dt: float) -> None:
        self.notice_left = max(0.0, self.notice_left - dt)
        for button in self.buttons():
            button.update(dt)
        for name, button in self.filter_buttons.items():
            button.style = "primary" if name == self.filter else "normal"

    def handle_event(self, event: pygame.event.Event) -> Decision:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if not self.legal:
            return None
        self._decision = None
        if self.saved_open and event.type == pygame.MOUSEBUTTONDOWN:
            self._click_saved(event.pos)
            return None
        if self._confirm_refused(event):
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self._valid():
                return self.submission()
            self._refuse_confirm()
            return None
        for button in self.buttons():
            if button.handle_event(event):
                decision, self._decision = self._decision, None
                return decision
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            card = self._tile_at(event.pos)
            if card is not None:
                self._add(card) if event.button == 1 else self._remove(card)
                return None
            card = self._row_at(event.pos)
            if card is not None:
                self._remove(card)
        return None

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        """DONE: Clear (if cards were added here) and Confirm. A card: that card (after All, if
        the filter hides it, and Clear, if cards were added here), filled up at random and
        confirmed, so it is the first add of the list; its tile comes first when nothing is in
        the way, which is where a hint rings it. A prebuilt deck (the engine's shortcut): that
        deck's button and Confirm (submitted card by card, see above)."""
        clear = [self.clear_button.rect.center] if self.additions() else []
        confirm = self.confirm_button.rect.center
        if action == DONE:
            return [*clear, confirm]
        if action >= PREBUILT_DECK:
            name = list(PREBUILT)[action - PREBUILT_DECK]
            button = self.prebuilt_buttons[self._prebuilt_names().index(name)]
            return [button.rect.center, confirm]
        card = action - CARD
        shown = card in self.tiles()
        tiles = self.tiles(self.filter if shown else "all")
        show_all = [] if shown else [self.filter_buttons["all"].rect.center]
        return [*show_all, *clear, tiles[card].center, self.random_button.rect.center, confirm]

    # --- the deck -----------------------------------------------------------------------------
    def additions(self) -> list[int]:
        """The cards added here beyond the engine's deck, in the order they were added."""
        left = Counter(self.locked)
        out = []
        for card in self.cards:
            if left[card]:
                left[card] -= 1
            else:
                out.append(card)
        return out

    def submission(self) -> list[int]:
        return [CARD + card for card in self.additions()] + [DONE]

    def errors(self) -> list[tuple[str, dict]]:
        return deck_errors(self.side, self.cards)

    def _prebuilt_names(self) -> list[str]:
        return [n for n in PREBUILT if n.startswith(SIDES[self.side].lower() + "_")]

    def _valid(self) -> bool:
        return bool(self.legal) and not self.errors()

    def _add(self, card: int) -> None:
        if card in addable(self.side, self.cards):
            self.cards.append(card)
            return
        codes = dict(deck_errors(self.side, [*self.cards, card]))
        copies = codes.get("copies")
        words = ("frontline.builder.no_copies", {"n": copies["limit"]}) if copies else (
            "frontline.builder.over_points", {"max": DECK_MAX_POINTS})  # fmt: skip
        self._say(i18n.t(words[0], card=card_name(card), **words[1]), ERROR)

    def _remove(self, card: int) -> None:
        if self.cards.count(card) <= self.locked.count(card):
            if card in self.cards:
                self._say(i18n.t("frontline.builder.locked", card=card_name(card)), WARN)
            return
        at = len(self.cards) - 1 - self.cards[::-1].index(card)
        del self.cards[at]

    def _replace(self, cards: list[int]) -> None:
        """A whole deck (prebuilt, saved): kept on top of the cards the engine already holds."""
        held, extra = Counter(self.locked), []
        for card in cards:
            if held[card]:
                held[card] -= 1
            else:
                extra.append(card)
        self.cards = list(self.locked) + extra

    # --- buttons ------------------------------------------------------------------------------
    def _set_filter(self, name: str) -> Callable[[], None]:
        def pick() -> None:
            self.filter = name
            self._layout_parts()

        return pick

    def _toggle_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]

    def _load_prebuilt(self, name: str) -> Callable[[], None]:
        def load() -> None:
            self._replace(list(PREBUILT[name]))
            self._say(
                i18n.t("frontline.builder.loaded", name=i18n.t(f"frontline.builder.deck.{name}")),
                OK,
            )

        return load

    def _random(self) -> None:
        self.cards = random_deck(self.side, self.rng, self.cards)

    def _clear(self) -> None:
        self.cards = list(self.locked)
        self.saved_open = False

    def _confirm(self) -> None:
        self._decision = self.submission()

    def _confirm_refused(self, event: pygame.event.Event) -> bool:
        """A click on Confirm while the deck is not legal says why (instead of nothing)."""
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if not clicked or not self.confirm_button.rect.collidepoint(event.pos) or self._valid():
            return False
        self._refuse_confirm()
        return True

    def _refuse_confirm(self) -> None:
        self.ctx.feedback(
            i18n.t("frontline.builder.cannot_confirm", why=self.error_text(self.errors()[0]))
        )

    def book(self) -> DeckBook:
        if self._book is None:
            self._book = DeckBook.load(self.ctx.data_dir)
            if self._book.problem is not None:
                self._say(i18n.t("frontline.builder.file_damaged"), WARN)
        return self._book

    def _toggle_saved(self) -> None:
        self.saved_open = not self.saved_open
        self.book()

    def _save(self) -> None:
        book, army = self.book(), SIDES[self.side]
        name = book.next_name(army, i18n.t("frontline.builder.saved_stem", army=army))
        if book.save(army, name, list(self.cards)):
            self._say(i18n.t("frontline.builder.saved_as", name=name), OK)
        else:
            self._say(i18n.t("frontline.builder.save_failed", why=book.write_error or ""), ERROR)

    def _click_saved(self, pos: tuple[int, int]) -> None:
        book, army = self.book(), SIDES[self.side]
        for name, row, cross in self.saved_rows():
            if cross.collidepoint(pos):
                if not book.delete(army, name):
                    self._say(
                        i18n.t("frontline.builder.save_failed", why=book.write_error or ""), ERROR
                    )
                return
            if row.collidepoint(pos):
                self._replace(book.get(army, name))
                self._say(i18n.t("frontline.builder.loaded", name=name), OK)
                self.saved_open = False
                return
        if not self.saved_box().collidepoint(pos):
            self.saved_open = False

    def _say(self, text: str, colour: Colour) -> None:
        self.notice, self.notice_left = (text, colour), NOTICE_SECONDS

    # --- geometry -----------------------------------------------------------------------------
    @property
    def unit(self) -> int:
        return max(4, min(self.rect.h // 80, self.rect.w // 110))

    @property
    def px(self) -> int:
        return max(12, min(self.rect.h // 34, self.rect.w // 52))

    def buttons(self) -> list[Button]:
        return [
            *self.filter_buttons.values(),
            self.sort_button,
            *self.prebuilt_buttons,
            self.random_button,
            self.saved_button,
            self.save_button,
            self.clear_button,
            self.confirm_button,
        ]

    def _layout_parts(self) -> None:
        r, u, px = self.rect, self.unit, self.px
        self.pool_rect = pygame.Rect(r.x + u, r.y + u, round(r.w * 0.6) - 2 * u, r.h - 2 * u)
        self.deck_rect = pygame.Rect(self.pool_rect.right + u, r.y + u, 0, r.h - 2 * u)
        self.deck_rect.w = r.right - u - self.deck_rect.x
        # The filters and the sort toggle in one row, or in two when they would not be legible;
        # each button as wide as its label asks, the row stretched to the pool's width.
        bar = [*self.filter_buttons.values(), self.sort_button]
        label_px = round(px * 0.8)
        natural = [text_width(text_of(b.label), label_px, bold=True) + label_px for b in bar]
        per_row = len(bar) if sum(natural) + len(bar) * u <= self.pool_rect.w else 4
        bar_h, y = round(px * 2.0), self.pool_rect.y
        for start in range(0, len(bar), per_row):
            row, wants = bar[start : start + per_row], natural[start : start + per_row]
            room = self.pool_rect.w - (len(row) - 1) * (u // 2)
            x = self.pool_rect.x
            for button, want in zip(row, wants, strict=True):
                w = room * want // sum(wants)
                button.place(pygame.Rect(x, y, w, bar_h), label_px)
                x += w + u // 2
            y += bar_h + u // 2
        self.grid_rect = pygame.Rect(
            self.pool_rect.x, y + u // 2, self.pool_rect.w, self.pool_rect.bottom - y - u // 2
        )
        d = self.deck_rect.inflate(-2 * u, -2 * u)
        h, label_px = round(px * 2.1), round(px * 0.85)
        rows = [
            self.prebuilt_buttons,
            [self.random_button, self.saved_button, self.save_button],
            [self.clear_button, self.confirm_button],
        ]
        lines = [line for row in rows for line in _lines(row, d.w, h, u)]
        y = d.bottom - len(lines) * h - (len(lines) - 1) * u
        self.buttons_top = y
        for line in lines:
            wants = [want for _, want in line]
            for (button, _), rect in zip(
                line, split_columns(pygame.Rect(d.x, y, d.w, h), wants, u), strict=True
            ):
                button.place(rect, label_px)
            y += h + u

    def _pool_cards(self, name: str) -> list[int]:
        types = FILTERS[name]
        cards = [c for c in army_pool(self.side) if UNITS[c].type in types]
        if self.sort == "cost":
            return sorted(cards, key=lambda c: (-UNITS[c].cost, UNITS[c].name))
        return sorted(cards, key=lambda c: (UNITS[c].type, -UNITS[c].cost, UNITS[c].name))

    def tiles(self, name: str | None = None) -> dict[int, pygame.Rect]:
        """Where each pool card of filter ``name`` (the current one by default) is drawn."""
        cards = self._pool_cards(name or self.filter)
        g, area = self.unit, self.grid_rect
        best: tuple[float, int, int, int] = (0.0, 1, area.w, area.h)
        for cols in range(2, 7):
            rows = max(1, math.ceil(len(cards) / cols))
            w = (area.w - (cols - 1) * g) // cols
            h = min((area.h - (rows - 1) * g) // rows, round(w * 0.8))
            score = w * h * min(1.0, 2.2 * h / max(1, w))  # card-like tiles, not strips
            if w > 0 and h > 0 and score > best[0]:
                best = (score, cols, w, h)
        _, cols, w, h = best
        return {
            card: pygame.Rect(area.x + n % cols * (w + g), area.y + n // cols * (h + g), w, h)
            for n, card in enumerate(cards)
        }

    def _tile_at(self, pos: tuple[int, int]) -> int | None:
        if not self.grid_rect.collidepoint(pos):
            return None
        return next((c for c, r in self.tiles().items() if r.collidepoint(pos)), None)

    def rows(self) -> dict[int, pygame.Rect]:
        """The deck's list: one row per card type in it."""
        d = self.deck_rect.inflate(-2 * self.unit, -2 * self.unit)
        top = self.header()[3]
        counts = Counter(self.cards)
        cards = sorted(counts, key=lambda c: (UNITS[c].type, -UNITS[c].cost, UNITS[c].name))
        room = self.buttons_top - self.unit - top
        h = min(round(self.px * 1.45), room // max(1, len(cards)))
        return {card: pygame.Rect(d.x, top + n * h, d.w, h) for n, card in enumerate(cards)}

    def header(self) -> tuple[int, int, int, int]:
        """Tops of the deck panel's parts: the points, the bar, the status lines, the rows."""
        px, u = self.px, self.unit
        points_top = self.deck_rect.y + u + round(px * 1.3)
        bar_top = points_top + render("0", round(px * 1.6), (0, 0, 0), True).get_height()
        lines_top = bar_top + max(4, u) + u
        rows_top = lines_top + 2 * round(max(11, round(px * 0.8)) * 1.25) + u
        return points_top, bar_top, lines_top, rows_top

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        return next((c for c, r in self.rows().items() if r.collidepoint(pos)), None)

    def saved_box(self) -> pygame.Rect:
        box = self.grid_rect.inflate(-self.grid_rect.w // 4, -self.grid_rect.h // 6)
        return box

    def saved_rows(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        box, px = self.saved_box(), self.px
        h = round(px * 1.7)
        out = []
        for n, name in enumerate(self.book().names(SIDES[self.side])):
            row = pygame.Rect(box.x + px, box.y + round(px * 2.4) + n * h, box.w - 2 * px, h - 2)
            if row.bottom > box.bottom - px:
                break
            out.append((name, row, pygame.Rect(row.right - h, row.y, h, row.h)))
        return out

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        deck_draw.draw(self, surface)

    # --- words --------------------------------------------------------------------------------
    def _label(self, key: str) -> Callable[[], str]:
        return lambda: i18n.t(key)

    def _sort_label(self) -> str:
        return i18n.t("frontline.builder.sort", by=i18n.t(f"frontline.builder.sort_{self.sort}"))

    def _random_label(self) -> str:
        return i18n.t(
            "frontline.builder.random_fill" if self.additions() else "frontline.builder.random"
        )

    def error_text(self, issue: tuple[str, dict]) -> str:
        code, args = issue
        if "card" in args:
            args = {**args, "card": card_name(args["card"])}
        return i18n.t(f"frontline.builder.error.{code}", **args)

    def warning_text(self, issue: tuple[str, dict]) -> str:
        code, args = issue
        if "kind" in args:
            args = {**args, "kind": i18n.t(f"frontline.builder.crew_kind.{args['kind']}")}
        return i18n.t(f"frontline.builder.warning.{code}", **args)


def _lines(row: list[Button], width: int, height: int, gap: int) -> list[list[tuple[Button, int]]]:
    """A row of buttons as lines of (button, the width its label asks at the smallest type): one
    line, or a line per button where they do not fit side by side (prebuilt names at 800x540)."""
    pad = height // 2  # what a button keeps clear of its label (``Button.text_room``)
    wants = [(b, text_width(text_of(b.label), MIN_TEXT_PX, bold=True) + pad) for b in row]
    if sum(want for _, want in wants) + (len(row) - 1) * gap > width:
        return [[entry] for entry in wants]
    return [wants] if wants else []
