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

Every rule (copies, points, legality, warnings, the random deck) is asked of
:mod:`game.engines.frontline.building`; the view counts nothing itself. Saved decks live in
``decks.json`` in the data folder (:mod:`game.decks`), reached through ``BoardContext.data_dir``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable

import pygame

from game import i18n
from game.boards import frontline_cards as faces
from game.boards.base import BoardContext, Decision, Obs
from game.decks import DeckBook
from game.engines.frontline.actions import CARD, DONE, PREBUILT_DECK
from game.engines.frontline.building import addable, deck_errors, deck_warnings, random_deck
from game.engines.frontline.cards import (
    AIR,
    AIRCRAFT,
    ARM,
    CREW,
    FIELD_GUN,
    INF,
    INFANTRY,
    PREBUILT,
    SIDES,
    TANK,
    UNITS,
    VEHICLE,
    army_pool,
    deck_points,
)
from game.engines.frontline.options import DECK_MAX_POINTS, DECK_MIN_POINTS
from game.ui import overlays
from game.ui.draw import Colour, mix
from game.ui.text import blit_text, fit_px, render, text_width
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
ERROR: Colour = (232, 104, 92)
OK: Colour = (126, 204, 132)
WARN: Colour = (232, 186, 86)
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
            name: Button(self._label(f"fldeck.filter_{name}"), self._set_filter(name))
            for name in FILTERS
        }
        self.sort_button = Button(self._sort_label, self._toggle_sort)
        self.prebuilt_buttons: list[Button] = []
        self._prebuilt_shown: list[str] = []
        self.random_button = Button(self._random_label, self._random)
        self.saved_button = Button(self._label("fldeck.saved"), self._toggle_saved)
        self.save_button = Button(self._label("fldeck.save"), self._save, enabled=self._valid)
        self.clear_button = Button(self._label("fldeck.clear"), self._clear)
        self.confirm_button = Button(
            self._label("fldeck.confirm"), self._confirm, style="primary", enabled=self._valid
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
                Button(self._label(f"fldeck.deck.{n}"), self._load_prebuilt(n)) for n in names
            ]
        self._layout_parts()

    def update(self, dt: float) -> None:
        self.notice_left = max(0.0, self.notice_left - dt)
        for button in self._buttons():
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
        for button in self._buttons():
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
        shown = card in self._tiles()
        tiles = self._tiles(self.filter if shown else "all")
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
        if "copies" in codes:
            limit = codes["copies"]["limit"]
            self._say(i18n.t("fldeck.no_copies", card=UNITS[card].name, n=limit), ERROR)
        else:
            self._say(i18n.t("fldeck.over_points", card=UNITS[card].name,
                             max=DECK_MAX_POINTS), ERROR)  # fmt: skip

    def _remove(self, card: int) -> None:
        if self.cards.count(card) <= self.locked.count(card):
            if card in self.cards:
                self._say(i18n.t("fldeck.locked", card=UNITS[card].name), WARN)
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
            self._say(i18n.t("fldeck.loaded", name=i18n.t(f"fldeck.deck.{name}")), OK)

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
        self.ctx.feedback(i18n.t("fldeck.cannot_confirm", why=self._error_text(self.errors()[0])))

    def book(self) -> DeckBook:
        if self._book is None:
            self._book = DeckBook.load(self.ctx.data_dir)
            if self._book.problem is not None:
                self._say(i18n.t("fldeck.file_damaged"), WARN)
        return self._book

    def _toggle_saved(self) -> None:
        self.saved_open = not self.saved_open
        self.book()

    def _save(self) -> None:
        book, army = self.book(), SIDES[self.side]
        name = book.next_name(army, i18n.t("fldeck.saved_stem", army=army))
        if book.save(army, name, list(self.cards)):
            self._say(i18n.t("fldeck.saved_as", name=name), OK)
        else:
            self._say(i18n.t("fldeck.save_failed", why=book.write_error or ""), ERROR)

    def _click_saved(self, pos: tuple[int, int]) -> None:
        book, army = self.book(), SIDES[self.side]
        for name, row, cross in self._saved_rows():
            if cross.collidepoint(pos):
                if not book.delete(army, name):
                    self._say(i18n.t("fldeck.save_failed", why=book.write_error or ""), ERROR)
                return
            if row.collidepoint(pos):
                self._replace(book.get(army, name))
                self._say(i18n.t("fldeck.loaded", name=name), OK)
                self.saved_open = False
                return
        if not self._saved_box().collidepoint(pos):
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

    def _buttons(self) -> list[Button]:
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
        h = round(px * 2.1)
        rows = [
            self.prebuilt_buttons,
            [self.random_button, self.saved_button, self.save_button],
            [self.clear_button, self.confirm_button],
        ]
        y = d.bottom - len(rows) * h - (len(rows) - 1) * u
        self.buttons_top = y
        for row in rows:
            if row:
                w = (d.w - (len(row) - 1) * u) // len(row)
                for n, button in enumerate(row):
                    button.place(pygame.Rect(d.x + n * (w + u), y, w, h), round(px * 0.85))
            y += h + u

    def _pool_cards(self, name: str) -> list[int]:
        types = FILTERS[name]
        cards = [c for c in army_pool(self.side) if UNITS[c].type in types]
        if self.sort == "cost":
            return sorted(cards, key=lambda c: (-UNITS[c].cost, UNITS[c].name))
        return sorted(cards, key=lambda c: (UNITS[c].type, -UNITS[c].cost, UNITS[c].name))

    def _tiles(self, name: str | None = None) -> dict[int, pygame.Rect]:
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
        return next((c for c, r in self._tiles().items() if r.collidepoint(pos)), None)

    def _rows(self) -> dict[int, pygame.Rect]:
        """The deck's list: one row per card type in it."""
        d = self.deck_rect.inflate(-2 * self.unit, -2 * self.unit)
        top = self._header()[3]
        counts = Counter(self.cards)
        cards = sorted(counts, key=lambda c: (UNITS[c].type, -UNITS[c].cost, UNITS[c].name))
        room = self.buttons_top - self.unit - top
        h = min(round(self.px * 1.45), room // max(1, len(cards)))
        return {card: pygame.Rect(d.x, top + n * h, d.w, h) for n, card in enumerate(cards)}

    def _header(self) -> tuple[int, int, int, int]:
        """Tops of the deck panel's parts: the points, the bar, the status lines, the rows."""
        px, u = self.px, self.unit
        points_top = self.deck_rect.y + u + round(px * 1.3)
        bar_top = points_top + render("0", round(px * 1.6), (0, 0, 0), True).get_height()
        lines_top = bar_top + max(4, u) + u
        rows_top = lines_top + 2 * round(max(11, round(px * 0.8)) * 1.25) + u
        return points_top, bar_top, lines_top, rows_top

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        return next((c for c, r in self._rows().items() if r.collidepoint(pos)), None)

    def _saved_box(self) -> pygame.Rect:
        box = self.grid_rect.inflate(-self.grid_rect.w // 4, -self.grid_rect.h // 6)
        return box

    def _saved_rows(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        box, px = self._saved_box(), self.px
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
        p = self.ctx.palette
        if not self.legal:
            self._draw_waiting(surface)
            return
        panel = p.get("panel", (24, 20, 17))
        edge = p.get("panel_edge", (118, 96, 72))
        pygame.draw.rect(surface, panel, self.deck_rect, border_radius=self.unit * 2)
        pygame.draw.rect(surface, edge, self.deck_rect, max(1, self.unit // 3),
                         border_radius=self.unit * 2)  # fmt: skip
        tiles = self._tiles()
        can = set(addable(self.side, self.cards))
        counts = Counter(self.cards)
        for card, rect in tiles.items():
            self._draw_tile(surface, card, rect, card in can, counts[card])
        self._draw_deck(surface, counts)
        for button in self._buttons():
            button.draw(surface)
        if self.saved_open:
            self._draw_saved(surface)
        else:
            self._draw_preview(surface, tiles)

    def _draw_waiting(self, surface: pygame.Surface) -> None:
        p, px = self.ctx.palette, self.px
        back = faces.card_back(self.waiting_army, max(60, self.rect.h // 4), p, self.ctx.lang)
        rect = back.get_rect(center=(self.rect.centerx, self.rect.centery - px * 2))
        surface.blit(back, rect)
        text = i18n.t("fldeck.waiting", name=self.waiting_for)
        size = fit_px(text, round(px * 1.2), self.rect.w - 4 * px)
        blit_text(surface, text, size, p.get("text", (246, 239, 226)),
                  midtop=(self.rect.centerx, rect.bottom + px))  # fmt: skip

    def _draw_tile(
        self, surface: pygame.Surface, card: int, rect: pygame.Rect, can: bool, count: int
    ) -> None:
        """A small card: type badge, name and cost; line, defence and HP; the weapons (attack
        values INF/ARM/AIR, damage, rate of fire) as far as they fit; the copies as pips."""
        p, printed = self.ctx.palette, UNITS[card]
        hovered = self.mouse is not None and rect.collidepoint(self.mouse)
        text = p.get("text", (246, 239, 226))
        dim = p.get("text_dim", (196, 184, 164))
        paper = mix(p.get("panel", (24, 20, 17)), (90, 84, 70), 0.35 if can else 0.12)
        radius = max(3, rect.h // 12)
        pygame.draw.rect(surface, paper, rect, border_radius=radius)
        ring = p.get("gold", (222, 182, 96)) if hovered else p.get("panel_edge", (118, 96, 72))
        pygame.draw.rect(surface, ring, rect, 2 if hovered else 1, border_radius=radius)
        pad = max(3, rect.h // 14)
        f = max(9, min(round(rect.h * 0.19), round(rect.w * 0.075)))
        small = max(9, round(f * 0.85))
        icon_px = round(f * 1.25 + small * 1.2)
        surface.blit(faces.type_icon(printed.type, icon_px, p), (rect.x + pad, rect.y + pad))
        cost = render(str(printed.cost), f, text, bold=True)
        badge = cost.get_rect(topright=(rect.right - pad - 2, rect.y + pad))
        pygame.draw.circle(surface, mix(paper, (0, 0, 0), 0.4), badge.center,
                           max(badge.w, badge.h) // 2 + 1)  # fmt: skip
        surface.blit(cost, badge)
        x0 = rect.x + 2 * pad + icon_px
        name = fit_line(printed.name, f, badge.left - pad - x0)
        blit_text(surface, name, f, text if can else dim, True, topleft=(x0, rect.y + pad))
        second = self._tile_second_line(card)
        blit_text(surface, fit_line(second, small, rect.right - pad - x0), small, dim,
                  topleft=(x0, rect.y + pad + round(f * 1.25)))  # fmt: skip
        y, bottom = rect.y + 2 * pad + icon_px, rect.bottom - pad - max(4, rect.h // 10)
        lines = self._weapon_lines(card)
        room = max(0, (bottom - y) // round(small * 1.15))
        if 0 < room - 1 < len(lines):
            lines = [" | ".join(w.split("  ", 1)[-1] for w in lines)]
        if not printed.is_crew:
            stats = i18n.t("fldeck.def_hp", d=printed.defense, hp=printed.hp, half=printed.half_hp)
            lines.insert(0, stats)
        for words in lines[:room]:
            blit_text(surface, fit_line(words, small, rect.w - 2 * pad), small, dim,
                      topleft=(rect.x + pad, y))  # fmt: skip
            y += round(small * 1.15)
        self._draw_copies(surface, rect, pad, count, army_pool(self.side)[card])

    def _tile_second_line(self, card: int) -> str:
        printed = UNITS[card]
        if printed.is_crew:
            return i18n.t("fldeck.crew_of", kind=i18n.t(f"fldeck.crew_kind.{printed.crew_kind}"))
        return faces.line_label(card, self.ctx.lang)

    def _weapon_lines(self, card: int) -> list[str]:
        """Each weapon: its name, attack values INF/ARM/AIR, damage modifier, rate of fire."""
        lines = []
        for w in UNITS[card].weapons:
            values = "/".join("–" if w.attack[c] is None else str(w.attack[c])
                              for c in (INF, ARM, AIR))  # fmt: skip
            rof = f" {w.rof}X" if w.rof > 1 else ""
            lines.append(f"{w.name}  {values} {w.damage_mod:+d}{rof}")
        return lines

    def _draw_copies(
        self, surface: pygame.Surface, rect: pygame.Rect, pad: int, count: int, limit: int
    ) -> None:
        """One pip per copy in the pool, filled for each copy in the deck."""
        r = max(2, rect.h // 28)
        gold = self.ctx.palette.get("gold", (222, 182, 96))
        y = rect.bottom - pad - r
        for n in range(limit):
            centre = (rect.right - pad - r - n * (2 * r + r), y)
            if n < count:
                pygame.draw.circle(surface, gold, centre, r)
            else:
                pygame.draw.circle(surface, gold, centre, r, 1)

    def _draw_deck(self, surface: pygame.Surface, counts: Counter[int]) -> None:
        p, px, u = self.ctx.palette, self.px, self.unit
        text = p.get("text", (246, 239, 226))
        dim = p.get("text_dim", (196, 184, 164))
        d = self.deck_rect.inflate(-2 * u, -2 * u)
        title = i18n.t("fldeck.title", army=i18n.t(f"fldeck.army.{SIDES[self.side]}"))
        blit_text(surface, title, fit_px(title, px, d.w, True), text, True, topleft=d.topleft)
        points = deck_points(self.cards)
        errors, warnings = self.errors(), deck_warnings(self.cards)
        points_top, bar_top, y, _ = self._header()
        shown = blit_text(surface, str(points), round(px * 1.6), OK if not errors else ERROR,
                          True, topleft=(d.x, points_top))  # fmt: skip
        rng = i18n.t("fldeck.range", lo=DECK_MIN_POINTS, hi=DECK_MAX_POINTS, n=len(self.cards))
        blit_text(surface, fit_line(rng, px, d.right - shown.right - px), px, dim,
                  midleft=(shown.right + px // 2, shown.centery))  # fmt: skip
        self._draw_bar(surface, pygame.Rect(d.x, bar_top, d.w, max(4, u)), points)
        small = max(11, round(px * 0.8))
        lines = [("✗ " + self._error_text(e), ERROR) for e in errors[:2]]
        if not errors:
            lines.append(("✓ " + i18n.t("fldeck.ready"), OK))
        lines += [("⚠ " + self._warning_text(w), WARN) for w in warnings[:1]]
        if self.notice_left > 0:
            lines = [self.notice, *lines][:3]
        for words, colour in lines[:2]:
            blit_text(surface, fit_line(words, small, d.w), small, colour, topleft=(d.x, y))
            y += round(small * 1.25)
        for card, row in self._rows().items():
            hovered = self.mouse is not None and row.collidepoint(self.mouse)
            if hovered:
                pygame.draw.rect(surface, mix(p.get("panel", (24, 20, 17)), text, 0.12), row)
            h = max(9, round(row.h * 0.7))
            left = blit_text(surface, f"{counts[card]}×", h, dim, midleft=(row.x, row.centery))
            removable = counts[card] > self.locked.count(card)
            mark = "−" if removable else "·"
            sign = render(mark, h, ERROR if hovered and removable else dim, True, symbol=True)
            surface.blit(sign, sign.get_rect(midright=(row.right, row.centery)))
            cost = render(str(UNITS[card].cost * counts[card]), h, dim)
            cost_rect = cost.get_rect(midright=(row.right - sign.get_width() - h, row.centery))
            surface.blit(cost, cost_rect)
            name = UNITS[card].name
            room = cost_rect.left - left.right - h
            blit_text(surface, fit_line(name, h, room), h, text,
                      midleft=(left.right + h // 3, row.centery))  # fmt: skip
        if not self.cards:
            blit_text(surface, fit_line(i18n.t("fldeck.empty"), small, d.w), small, dim,
                      topleft=(d.x, y + small))  # fmt: skip

    def _draw_bar(self, surface: pygame.Surface, bar: pygame.Rect, points: int) -> None:
        """The points against the legal band: the band marked, the fill up to the total."""
        scale = bar.w / (DECK_MAX_POINTS + 10)
        pygame.draw.rect(surface, (60, 56, 50), bar)
        band = pygame.Rect(bar.x + round(DECK_MIN_POINTS * scale), bar.y,
                           round((DECK_MAX_POINTS - DECK_MIN_POINTS) * scale), bar.h)  # fmt: skip
        pygame.draw.rect(surface, mix(OK, (60, 56, 50), 0.6), band)
        fill = pygame.Rect(bar.x, bar.y, min(bar.w, round(points * scale)), bar.h)
        ok = DECK_MIN_POINTS <= points <= DECK_MAX_POINTS
        pygame.draw.rect(surface, OK if ok else WARN, fill)

    def _draw_preview(self, surface: pygame.Surface, tiles: dict[int, pygame.Rect]) -> None:
        """The hovered card (in the pool or in the deck) at full size beside it."""
        if self.mouse is None:
            return
        hovered = [(c, r) for c, r in tiles.items() if r.collidepoint(self.mouse)]
        hovered += [(c, r) for c, r in self._rows().items() if r.collidepoint(self.mouse)]
        if not hovered:
            return
        card, anchor = hovered[0]
        width = max(90, min(round(self.rect.h * 0.62 / faces.RATIO), self.rect.w // 4))
        face = faces.unit_face(card, width, self.ctx.palette, self.ctx.lang)
        box = overlays.popup_beside(face.get_size(), anchor, self.rect, [self.deck_rect], 0)
        surface.blit(face, box)

    def _draw_saved(self, surface: pygame.Surface) -> None:
        p, px = self.ctx.palette, self.px
        box = self._saved_box()
        pygame.draw.rect(surface, p.get("panel", (24, 20, 17)), box, border_radius=px // 2)
        pygame.draw.rect(surface, p.get("gold", (222, 182, 96)), box, 2, border_radius=px // 2)
        text, dim = p.get("text", (246, 239, 226)), p.get("text_dim", (196, 184, 164))
        army = i18n.t(f"fldeck.army.{SIDES[self.side]}")
        blit_text(surface, i18n.t("fldeck.saved_title", army=army), px, text, True,
                  topleft=(box.x + px, box.y + px // 2))  # fmt: skip
        rows = self._saved_rows()
        if not rows:
            blit_text(surface, i18n.t("fldeck.saved_none"), px, dim,
                      topleft=(box.x + px, box.y + round(px * 2.4)))  # fmt: skip
        for name, row, cross in rows:
            hovered = self.mouse is not None and row.collidepoint(self.mouse)
            pygame.draw.rect(surface, mix(p.get("panel", (24, 20, 17)), text, 0.15 if hovered
                                          else 0.06), row, border_radius=4)  # fmt: skip
            cards = self.book().get(SIDES[self.side], name)
            label = f"{name}  ·  {deck_points(cards)}"
            blit_text(surface, fit_line(label, px, row.w - cross.w - px), px, text,
                      midleft=(row.x + px // 2, row.centery))  # fmt: skip
            sign = render("✕", px, ERROR, True, symbol=True)
            surface.blit(sign, sign.get_rect(center=cross.center))

    # --- words --------------------------------------------------------------------------------
    def _label(self, key: str) -> Callable[[], str]:
        return lambda: i18n.t(key)

    def _sort_label(self) -> str:
        return i18n.t("fldeck.sort", by=i18n.t(f"fldeck.sort_{self.sort}"))

    def _random_label(self) -> str:
        return i18n.t("fldeck.random_fill" if self.additions() else "fldeck.random")

    def _error_text(self, issue: tuple[str, dict]) -> str:
        code, args = issue
        if "card" in args:
            args = {**args, "card": UNITS[args["card"]].name}
        return i18n.t(f"fldeck.error.{code}", **args)

    def _warning_text(self, issue: tuple[str, dict]) -> str:
        code, args = issue
        if "kind" in args:
            args = {**args, "kind": i18n.t(f"fldeck.crew_kind.{args['kind']}")}
        return i18n.t(f"fldeck.warning.{code}", **args)


def fit_line(text: str, px: int, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` at ``px``."""
    if width <= 0:
        return ""
    if text_width(text, px) <= width:
        return text
    while text and text_width(text + "…", px) > width:
        text = text[:-1]
    return text + "…"
