"""How the deck builder (``view.DeckView``) looks: the pool as small cards with their
copies left, the deck beside it with its points bar, errors and warnings, the card under the
mouse at full size, the saved decks' list, and the waiting screen the other builder sees."""

from __future__ import annotations

from collections import Counter
from typing import Protocol

import pygame

from game import i18n
from game.boards.base import BoardContext
from game.boards.frontline import cards as faces
from game.boards.frontline import faces as other
from game.decks import DeckBook
from game.engines.frontline.building import addable, deck_warnings
from game.engines.frontline.cards import AIR, ARM, INF, SIDES, UNITS, army_pool, deck_points
from game.engines.frontline.options import DECK_MAX_POINTS, DECK_MIN_POINTS
from game.engines.frontline.words import unit_name, weapon_name
from game.ui import overlays
from game.ui.draw import Colour, mix
from game.ui.fonts import get_font
from game.ui.text import blit_text, ellipsized, fit_px, render, wrap
from game.ui.widgets import Button

ERROR: Colour = (232, 104, 92)  # the notices' and the deck's words: refused, done, a warning
OK: Colour = (126, 204, 132)
WARN: Colour = (232, 186, 86)


class DeckView(Protocol):
    """What the look reads of the deck builder's view (``view.DeckView``), named here so the
    two files import one way."""

    ctx: BoardContext
    rect: pygame.Rect
    deck_rect: pygame.Rect
    mouse: tuple[int, int] | None
    side: int
    cards: list[int]
    legal: list[int]
    locked: list[int]
    saved_open: bool
    notice: tuple[str, Colour]
    notice_left: float
    waiting_for: str
    waiting_army: str

    @property
    def unit(self) -> int: ...
    @property
    def px(self) -> int: ...
    def book(self) -> DeckBook: ...
    def buttons(self) -> list[Button]: ...
    def errors(self) -> list[tuple[str, dict]]: ...
    def tiles(self, name: str | None = None) -> dict[int, pygame.Rect]: ...
    def rows(self) -> dict[int, pygame.Rect]: ...
    def header(self) -> tuple[int, int, int, int]: ...
    def saved_box(self) -> pygame.Rect: ...
    def saved_rows(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]: ...
    def error_text(self, issue: tuple[str, dict]) -> str: ...
    def warning_text(self, issue: tuple[str, dict]) -> str: ...


def draw(view: DeckView, surface: pygame.Surface) -> None:
    """The builder, or while the other seat builds, the back of the deck being built."""
    p = view.ctx.palette
    if not view.legal:
        _draw_waiting(view, surface)
        return
    panel = p.get("panel", (24, 20, 17))
    edge = p.get("panel_edge", (118, 96, 72))
    pygame.draw.rect(surface, panel, view.deck_rect, border_radius=view.unit * 2)
    pygame.draw.rect(surface, edge, view.deck_rect, max(1, view.unit // 3),
                     border_radius=view.unit * 2)  # fmt: skip
    tiles = view.tiles()
    can = set(addable(view.side, view.cards))
    counts = Counter(view.cards)
    for card, rect in tiles.items():
        _draw_tile(view, surface, card, rect, card in can, counts[card])
    _draw_deck(view, surface, counts)
    for button in view.buttons():
        button.draw(surface)
    if view.saved_open:
        _draw_saved(view, surface)
    else:
        _draw_preview(view, surface, tiles)


def _draw_waiting(view: DeckView, surface: pygame.Surface) -> None:
    p, px = view.ctx.palette, view.px
    back = other.card_back(view.waiting_army, max(60, view.rect.h // 4), p, view.ctx.lang)
    rect = back.get_rect(center=(view.rect.centerx, view.rect.centery - px * 2))
    surface.blit(back, rect)
    text = i18n.t("frontline.builder.waiting", name=view.waiting_for)
    size = fit_px(text, round(px * 1.2), view.rect.w - 4 * px)
    blit_text(surface, text, size, p.get("text", (246, 239, 226)),
              midtop=(view.rect.centerx, rect.bottom + px))  # fmt: skip


def _draw_tile(
    view: DeckView, surface: pygame.Surface, card: int, rect: pygame.Rect, can: bool, count: int
) -> None:
    """A small card: type badge, name and cost; line, defence and HP; the weapons (attack
    values INF/ARM/AIR, damage, rate of fire) as far as they fit; the copies as pips."""
    p, printed = view.ctx.palette, UNITS[card]
    hovered = view.mouse is not None and rect.collidepoint(view.mouse)
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
    name = ellipsized(unit_name(card, i18n.get_language()), f, badge.left - pad - x0, bold=True)
    blit_text(surface, name, f, text if can else dim, True, topleft=(x0, rect.y + pad))
    second = _tile_second_line(view, card)
    blit_text(surface, ellipsized(second, small, rect.right - pad - x0), small, dim,
              topleft=(x0, rect.y + pad + round(f * 1.25)))  # fmt: skip
    y, bottom = rect.y + 2 * pad + icon_px, rect.bottom - pad - max(4, rect.h // 10)
    lines = _weapon_lines(view, card)
    room = max(0, (bottom - y) // round(small * 1.15))
    if 0 < room - 1 < len(lines):
        lines = [" | ".join(w.split("  ", 1)[-1] for w in lines)]
    if not printed.is_crew:
        stats = i18n.t(
            "frontline.builder.def_hp", d=printed.defense, hp=printed.hp, half=printed.half_hp
        )
        lines.insert(0, stats)
    for words in lines[:room]:
        blit_text(surface, ellipsized(words, small, rect.w - 2 * pad), small, dim,
                  topleft=(rect.x + pad, y))  # fmt: skip
        y += round(small * 1.15)
    _draw_copies(view, surface, rect, pad, count, army_pool(view.side)[card])


def _tile_second_line(view: DeckView, card: int) -> str:
    printed = UNITS[card]
    if printed.is_crew:
        return i18n.t(
            "frontline.builder.crew_of",
            kind=i18n.t(f"frontline.builder.crew_kind.{printed.crew_kind}"),
        )
    return faces.line_label(card, view.ctx.lang)


def _weapon_lines(view: DeckView, card: int) -> list[str]:
    """Each weapon: its name, attack values INF/ARM/AIR, damage modifier, rate of fire."""
    lines = []
    for w in UNITS[card].weapons:
        values = "/".join("–" if w.attack[c] is None else str(w.attack[c])
                          for c in (INF, ARM, AIR))  # fmt: skip
        rof = f" {w.rof}X" if w.rof > 1 else ""
        name = weapon_name(w, view.ctx.lang)
        lines.append(f"{name}  {values} {w.damage_mod:+d}{rof}")
    return lines


def _draw_copies(
    view: DeckView, surface: pygame.Surface, rect: pygame.Rect, pad: int, count: int, limit: int
) -> None:
    """One pip per copy in the pool, filled for each copy in the deck."""
    r = max(2, rect.h // 28)
    gold = view.ctx.palette.get("gold", (222, 182, 96))
    y = rect.bottom - pad - r
    for n in range(limit):
        centre = (rect.right - pad - r - n * (2 * r + r), y)
        if n < count:
            pygame.draw.circle(surface, gold, centre, r)
        else:
            pygame.draw.circle(surface, gold, centre, r, 1)


def _draw_deck(view: DeckView, surface: pygame.Surface, counts: Counter[int]) -> None:
    p, px, u = view.ctx.palette, view.px, view.unit
    text = p.get("text", (246, 239, 226))
    dim = p.get("text_dim", (196, 184, 164))
    d = view.deck_rect.inflate(-2 * u, -2 * u)
    title = i18n.t(
        "frontline.builder.title", army=i18n.t(f"frontline.builder.army.{SIDES[view.side]}")
    )
    blit_text(surface, title, fit_px(title, px, d.w, True), text, True, topleft=d.topleft)
    points = deck_points(view.cards)
    errors, warnings = view.errors(), deck_warnings(view.cards)
    points_top, bar_top, y, _ = view.header()
    shown = blit_text(surface, str(points), round(px * 1.6), OK if not errors else ERROR,
                      True, topleft=(d.x, points_top))  # fmt: skip
    rng = i18n.t(
        "frontline.builder.range", lo=DECK_MIN_POINTS, hi=DECK_MAX_POINTS, n=len(view.cards)
    )
    blit_text(surface, ellipsized(rng, px, d.right - shown.right - px), px, dim,
              midleft=(shown.right + px // 2, shown.centery))  # fmt: skip
    _draw_bar(view, surface, pygame.Rect(d.x, bar_top, d.w, max(4, u)), points)
    small = max(11, round(px * 0.8))
    lines = [("✗ " + view.error_text(e), ERROR) for e in errors[:2]]
    if not errors:
        lines.append(("✓ " + i18n.t("frontline.builder.ready"), OK))
    lines += [("⚠ " + view.warning_text(w), WARN) for w in warnings[:1]]
    if view.notice_left > 0:
        lines = [view.notice, *lines][:3]
    for words, colour in lines[:2]:
        blit_text(surface, ellipsized(words, small, d.w), small, colour, topleft=(d.x, y))
        y += round(small * 1.25)
    for card, row in view.rows().items():
        hovered = view.mouse is not None and row.collidepoint(view.mouse)
        if hovered:
            pygame.draw.rect(surface, mix(p.get("panel", (24, 20, 17)), text, 0.12), row)
        h = max(9, round(row.h * 0.7))
        left = blit_text(surface, f"{counts[card]}×", h, dim, midleft=(row.x, row.centery))
        removable = counts[card] > view.locked.count(card)
        mark = "−" if removable else "·"
        sign = render(mark, h, ERROR if hovered and removable else dim, True, symbol=True)
        surface.blit(sign, sign.get_rect(midright=(row.right, row.centery)))
        cost = render(str(UNITS[card].cost * counts[card]), h, dim)
        cost_rect = cost.get_rect(midright=(row.right - sign.get_width() - h, row.centery))
        surface.blit(cost, cost_rect)
        name = unit_name(card, i18n.get_language())
        room = cost_rect.left - left.right - h
        blit_text(surface, ellipsized(name, h, room), h, text,
                  midleft=(left.right + h // 3, row.centery))  # fmt: skip
    if not view.cards:  # the how-to, wrapped: the deck list is empty and has the room
        for n, line in enumerate(wrap(i18n.t("frontline.builder.empty"), get_font(small), d.w)):
            blit_text(surface, line, small, dim, topleft=(d.x, y + small + n * round(small * 1.3)))


def _draw_bar(view: DeckView, surface: pygame.Surface, bar: pygame.Rect, points: int) -> None:
    """The points against the legal band: the band marked, the fill up to the total."""
    scale = bar.w / (DECK_MAX_POINTS + 10)
    pygame.draw.rect(surface, (60, 56, 50), bar)
    band = pygame.Rect(bar.x + round(DECK_MIN_POINTS * scale), bar.y,
                       round((DECK_MAX_POINTS - DECK_MIN_POINTS) * scale), bar.h)  # fmt: skip
    pygame.draw.rect(surface, mix(OK, (60, 56, 50), 0.6), band)
    fill = pygame.Rect(bar.x, bar.y, min(bar.w, round(points * scale)), bar.h)
    ok = DECK_MIN_POINTS <= points <= DECK_MAX_POINTS
    pygame.draw.rect(surface, OK if ok else WARN, fill)


def _draw_preview(view: DeckView, surface: pygame.Surface, tiles: dict[int, pygame.Rect]) -> None:
    """The hovered card (in the pool or in the deck) at full size beside it."""
    if view.mouse is None:
        return
    hovered = [(c, r) for c, r in tiles.items() if r.collidepoint(view.mouse)]
    hovered += [(c, r) for c, r in view.rows().items() if r.collidepoint(view.mouse)]
    if not hovered:
        return
    card, anchor = hovered[0]
    width = max(90, min(round(view.rect.h * 0.62 / faces.RATIO), view.rect.w // 4))
    face = faces.unit_face(card, width, view.ctx.palette, view.ctx.lang)
    box = overlays.popup_beside(face.get_size(), anchor, view.rect, [view.deck_rect], 0)
    surface.blit(face, box)


def _draw_saved(view: DeckView, surface: pygame.Surface) -> None:
    p, px = view.ctx.palette, view.px
    box = view.saved_box()
    pygame.draw.rect(surface, p.get("panel", (24, 20, 17)), box, border_radius=px // 2)
    pygame.draw.rect(surface, p.get("gold", (222, 182, 96)), box, 2, border_radius=px // 2)
    text, dim = p.get("text", (246, 239, 226)), p.get("text_dim", (196, 184, 164))
    army = i18n.t(f"frontline.builder.army.{SIDES[view.side]}")
    blit_text(surface, i18n.t("frontline.builder.saved_title", army=army), px, text, True,
              topleft=(box.x + px, box.y + px // 2))  # fmt: skip
    rows = view.saved_rows()
    if not rows:
        blit_text(surface, i18n.t("frontline.builder.saved_none"), px, dim,
                  topleft=(box.x + px, box.y + round(px * 2.4)))  # fmt: skip
    for name, row, cross in rows:
        hovered = view.mouse is not None and row.collidepoint(view.mouse)
        pygame.draw.rect(surface, mix(p.get("panel", (24, 20, 17)), text, 0.15 if hovered
                                      else 0.06), row, border_radius=4)  # fmt: skip
        cards = view.book().get(SIDES[view.side], name)
        label = f"{name}  ·  {deck_points(cards)}"
        blit_text(surface, ellipsized(label, px, row.w - cross.w - px), px, text,
                  midleft=(row.x + px // 2, row.centery))  # fmt: skip
        sign = render("✕", px, ERROR, True, symbol=True)
        surface.blit(sign, sign.get_rect(center=cross.center))
