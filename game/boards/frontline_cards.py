"""Frontline's cards drawn by the program: unit and crew faces, command faces, Damage cards, and
the backs of each deck. "Inspired by" the published game: our names and numbers from
``cards.json``, our own layout (rules §2.1), no original artwork.

The stable interface (the board and the deck builder call these; every image is cached):

    card_size(width) -> (w, h)                       the card's size: h = round(w * RATIO)
    unit_face(card, width, palette, lang)            a unit or crew card (index in cards.UNITS)
    command_face(command, width, palette, lang)      a command card (index in cards.COMMANDS)
    damage_face(damage, width, palette, lang, edge)  a Damage card (index in cards.DAMAGES);
                                                     ``edge`` (cards.EDGES index) or -1 for all
    card_back(kind, width, palette, lang)            kind: "US", "GE", "command" or "damage"
    type_icon(unit_type, size, palette)              the type badge (cards.TANK ... CREW)
    crew_icon(crew_kind, size, palette)              the crew badge (cards.TANK_CREW ...)
    army_mark(side, size, palette)                   the US star / German cross (side 0 / 1)

``palette`` is a board palette (``PALETTES["normal"]`` below, or the colour-blind one); keys it
lacks fall back to the normal palette. ``lang`` is "en" or "ja" (labels only; card and weapon
names are proper names and stay as printed). Sizes are in pixels; faces are readable from about
90 px wide, and lay the weapons table out for the width they get.

Identity never rests on colour alone: each unit type has its own silhouette in a badge of its
own shape (tank: turret and tracks in a square; vehicle: wheels and a half-track in a hexagon;
field gun: barrel and wheel in a triangle-topped shield; infantry: a rifleman in a circle;
aircraft: a plane in a diamond; crews: a head and shoulders with the kind's emblem), and each
army's cards carry its mark (a five-pointed star for the US, a cross for Germany) beside its
frame colour.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.engines.frontline.cards import (
    AIR,
    AIRCRAFT,
    AIRLINE,
    ARM,
    ARTILLERY_CREW,
    COMMANDS,
    CREW,
    DAMAGES,
    EDGES,
    FIELD_GUN,
    FRONT,
    INF,
    INFANTRY,
    NO_CREW,
    REAR,
    TANK,
    TANK_CREW,
    UNITS,
    VEHICLE,
)
from game.i18n import DEFAULT_LANGUAGE, table
from game.ui.draw import Colour, darker, lighter, mix, supersampled
from game.ui.fonts import get_font
from game.ui.text import fit_px, render, wrap

RATIO = 1.4  # card height / width (a poker card is 1.4)

NORMAL: dict[str, Colour] = {
    "bg": (34, 36, 26),
    "panel": (44, 46, 34),
    "panel_edge": (150, 140, 96),
    "table": (70, 74, 50),
    "table_line": (112, 112, 76),
    "paper": (232, 222, 190),
    "paper_dim": (204, 192, 156),
    "ink": (34, 32, 24),
    "ink_dim": (96, 90, 70),
    "us": (196, 150, 72),  # US: warm sand / khaki (and the star)
    "ge": (92, 118, 156),  # Germany: blue field grey (and the cross)
    "command": (118, 56, 44),
    "damage": (150, 40, 36),
    "hp": (96, 168, 84),
    "hp_low": (214, 160, 48),
    "hit": (226, 70, 52),
    "gold": (222, 182, 96),
    "last_move": (255, 236, 150),
    "highlight": (190, 150, 255),
    "hint": (104, 222, 246),
    "text": (240, 234, 214),
    "text_dim": (196, 188, 160),
    "legal": (132, 220, 120),
}
# Colour-blind: the two armies as orange against blue (told apart under every common form of
# colour blindness), health as blue against orange rather than green against red.
COLORBLIND: dict[str, Colour] = {
    **NORMAL,
    "us": (222, 146, 40),
    "ge": (74, 120, 200),
    "hp": (86, 150, 226),
    "hp_low": (230, 140, 40),
    "legal": (120, 200, 240),
}
PALETTES = {"normal": NORMAL, "colorblind": COLORBLIND}

# Tints of the type badges (the silhouette and the badge shape carry the type, the tint helps).
_TYPE_TINT: dict[int, Colour] = {
    TANK: (120, 128, 84),
    VEHICLE: (138, 120, 80),
    FIELD_GUN: (150, 104, 70),
    INFANTRY: (98, 126, 96),
    AIRCRAFT: (96, 120, 150),
    CREW: (128, 116, 104),
}

_LABELS = {
    "en": {
        "line_front": "Frontline",
        "line_rear": "Rear Line",
        "line_either": "Front or Rear",
        "flight": "Flight Turns {n}",
        "nc": "N/C",
        "crew_for": "Crew",
        "def": "DEF",
        "hp": "HP",
        "half": "½ {n}",
        "dmg": "DMG",
        "weapon": "Weapon",
        "command": "COMMAND",
        "damage": "DAMAGE",
        "US": "U.S. ARMY",
        "GE": "WEHRMACHT",
    },
    "ja": {
        "line_front": "前線",
        "line_rear": "後方ライン",
        "line_either": "前線か後方",
        "flight": "飛行ターン {n}",
        "nc": "N/C",
        "crew_for": "クルー",
        "def": "防御",
        "hp": "HP",
        "half": "½ {n}",
        "dmg": "DMG",
        "weapon": "武器",
        "command": "指揮",
        "damage": "損害",
        "US": "アメリカ軍",
        "GE": "ドイツ軍",
    },
}
_COLUMN_LABEL = {"en": ("INF", "ARM", "AIR"), "ja": ("歩兵", "装甲", "航空")}

_CACHE: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
_CACHE_LIMIT = 400


def _label(lang: str, key: str, **fmt: object) -> str:
    text = _LABELS.get(lang, _LABELS["en"]).get(key, _LABELS["en"][key])
    return text.format(**fmt) if fmt else text


def text_of(lang: str, key: str, **fmt: object) -> str:
    """A string of the UI tables in ``lang`` (not the active language): the faces are drawn for
    the language they are asked in."""
    text = table(lang).get(key) or table(DEFAULT_LANGUAGE).get(key) or key
    return text.format(**fmt) if fmt else text


def _colour(palette: dict[str, Colour], key: str) -> Colour:
    return palette.get(key, NORMAL[key])


_PALETTE_KEYS: dict[int, tuple[dict[str, Colour], tuple]] = {}


def _palette_key(palette: dict[str, Colour]) -> tuple:
    """The colours a face uses, as a cache key (remembered per palette object: faces are asked
    for many times a frame)."""
    known = _PALETTE_KEYS.get(id(palette))
    if known is not None and known[0] is palette:
        return known[1]
    key = tuple(_colour(palette, k) for k in NORMAL)
    if len(_PALETTE_KEYS) > 16:
        _PALETTE_KEYS.clear()
    _PALETTE_KEYS[id(palette)] = (palette, key)
    return key


def _cached(key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
    image = _CACHE.get(key)
    if image is None:
        image = _CACHE[key] = build()
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return image


def card_size(width: int) -> tuple[int, int]:
    width = max(24, int(width))
    return width, round(width * RATIO)


def line_label(card: int, lang: str) -> str:
    """The deployment text under a unit's name: its line(s), or its flight turns."""
    printed = UNITS[card]
    if printed.type == AIRCRAFT:
        return _label(lang, "flight", n=printed.flight_turns)
    if FRONT in printed.lines and REAR in printed.lines:
        return _label(lang, "line_either")
    if REAR in printed.lines:
        return _label(lang, "line_rear")
    if AIRLINE in printed.lines:
        return _label(lang, "flight", n=printed.flight_turns)
    return _label(lang, "line_front")


# --- icons ------------------------------------------------------------------------------------
def _star(centre: tuple[float, float], r: float, inner: float = 0.4) -> list[tuple[float, float]]:
    return [
        (
            centre[0] + (r if i % 2 == 0 else r * inner) * math.sin(math.pi * i / 5),
            centre[1] - (r if i % 2 == 0 else r * inner) * math.cos(math.pi * i / 5),
        )
        for i in range(10)
    ]


def army_mark(side: int, size: int, palette: dict[str, Colour]) -> pygame.Surface:
    """The army's mark: a white star in a circle (US), a cross with a white border (Germany)."""
    size = max(6, int(size))

    def build() -> pygame.Surface:
        def paint(s: pygame.Surface, k: float) -> None:
            n = s.get_width()
            c = (n / 2, n / 2)
            white = (244, 240, 228)
            if side == 0:
                pygame.draw.circle(s, darker(_colour(palette, "us"), 0.45), c, n * 0.48)
                pygame.draw.polygon(s, white, _star(c, n * 0.42))
            else:
                arm, bar = n * 0.46, n * 0.13
                for w, colour in ((bar + n * 0.09, white), (bar, (24, 24, 24))):
                    pygame.draw.rect(s, colour, pygame.Rect(c[0] - w, c[1] - arm, 2 * w, 2 * arm))
                    pygame.draw.rect(s, colour, pygame.Rect(c[0] - arm, c[1] - w, 2 * arm, 2 * w))
                pygame.draw.rect(
                    s,
                    (24, 24, 24),
                    pygame.Rect(c[0] - bar, c[1] - arm + n * 0.05, 2 * bar, 2 * arm - n * 0.1),
                )

        return supersampled(size, size, paint)

    return _cached(("mark", side, size, _palette_key(palette)), build)


def _badge_shape(s: pygame.Surface, kind: int, fill: Colour, edge: Colour, k: float) -> None:
    """The badge behind a type silhouette: its shape names the type as well as the tint."""
    n = s.get_width()
    r = s.get_rect().inflate(-2 * k, -2 * k)
    line = max(1, round(1.2 * k))
    if kind == TANK:
        pygame.draw.rect(s, fill, r, border_radius=round(n * 0.14))
        pygame.draw.rect(s, edge, r, line, border_radius=round(n * 0.14))
    elif kind == VEHICLE:
        pts = [
            (
                r.centerx + r.w / 2 * math.cos(math.radians(60 * i)),
                r.centery + r.h / 2 * math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        ]
        pygame.draw.polygon(s, fill, pts)
        pygame.draw.polygon(s, edge, pts, line)
    elif kind == FIELD_GUN:
        pts = [
            (r.left, r.top + r.h * 0.3),
            (r.centerx, r.top),
            (r.right, r.top + r.h * 0.3),
            (r.right, r.bottom),
            (r.left, r.bottom),
        ]
        pygame.draw.polygon(s, fill, pts)
        pygame.draw.polygon(s, edge, pts, line)
    elif kind == AIRCRAFT:
        pts = [(r.centerx, r.top), (r.right, r.centery), (r.centerx, r.bottom), (r.left, r.centery)]
        pygame.draw.polygon(s, fill, pts)
        pygame.draw.polygon(s, edge, pts, line)
    else:  # infantry and crews: round
        pygame.draw.ellipse(s, fill, r)
        pygame.draw.ellipse(s, edge, r, line)


def _silhouette(s: pygame.Surface, kind: int, ink: Colour, box: pygame.Rect) -> None:
    """A side view of the type (a plane seen from above) inside ``box``."""
    x, y, w, h = box.x, box.y, box.w, box.h

    def p(fx: float, fy: float) -> tuple[float, float]:
        return (x + fx * w, y + fy * h)

    def rect(fx: float, fy: float, fw: float, fh: float) -> pygame.Rect:
        return pygame.Rect(round(x + fx * w), round(y + fy * h), round(fw * w), round(fh * h))

    thick = max(1, round(w * 0.07))
    if kind == TANK:
        pygame.draw.rect(s, ink, rect(0.08, 0.58, 0.84, 0.22), border_radius=round(h * 0.11))
        pygame.draw.polygon(s, ink, [p(0.14, 0.6), p(0.22, 0.42), p(0.8, 0.42), p(0.88, 0.6)])
        pygame.draw.rect(s, ink, rect(0.3, 0.27, 0.34, 0.17), border_radius=round(h * 0.05))
        pygame.draw.line(s, ink, p(0.6, 0.34), p(0.98, 0.32), thick)
    elif kind == VEHICLE:
        pygame.draw.polygon(
            s,
            ink,
            [p(0.06, 0.62), p(0.1, 0.36), p(0.66, 0.36), p(0.8, 0.48), p(0.94, 0.5), p(0.94, 0.64)],
        )
        pygame.draw.circle(s, ink, p(0.8, 0.72), w * 0.1)
        pygame.draw.rect(s, ink, rect(0.06, 0.64, 0.5, 0.16), border_radius=round(h * 0.08))
    elif kind == FIELD_GUN:
        pygame.draw.line(s, ink, p(0.42, 0.52), p(0.96, 0.24), thick + 1)
        pygame.draw.polygon(s, ink, [p(0.34, 0.34), p(0.5, 0.3), p(0.54, 0.62), p(0.38, 0.64)])
        pygame.draw.line(s, ink, p(0.44, 0.6), p(0.04, 0.84), thick)
        pygame.draw.circle(s, ink, p(0.5, 0.7), w * 0.15, max(1, thick))
    elif kind == INFANTRY:
        pygame.draw.circle(s, ink, p(0.5, 0.22), w * 0.11)
        pygame.draw.ellipse(s, ink, rect(0.34, 0.1, 0.32, 0.12))  # helmet brim
        pygame.draw.polygon(s, ink, [p(0.36, 0.36), p(0.64, 0.36), p(0.6, 0.66), p(0.4, 0.66)])
        pygame.draw.line(s, ink, p(0.44, 0.64), p(0.36, 0.92), thick)
        pygame.draw.line(s, ink, p(0.56, 0.64), p(0.64, 0.92), thick)
        pygame.draw.line(s, ink, p(0.2, 0.7), p(0.84, 0.16), max(1, thick - 1))  # rifle
    elif kind == AIRCRAFT:
        pygame.draw.ellipse(s, ink, rect(0.44, 0.06, 0.12, 0.86))
        pygame.draw.polygon(s, ink, [p(0.04, 0.42), p(0.96, 0.42), p(0.92, 0.54), p(0.08, 0.54)])
        pygame.draw.polygon(s, ink, [p(0.3, 0.82), p(0.7, 0.82), p(0.66, 0.9), p(0.34, 0.9)])
    else:  # a crew: head and shoulders
        pygame.draw.circle(s, ink, p(0.5, 0.32), w * 0.16)
        pygame.draw.ellipse(s, ink, rect(0.18, 0.52, 0.64, 0.5))


def _crew_emblem(s: pygame.Surface, crew_kind: int, ink: Colour, box: pygame.Rect) -> None:
    """The crew kind's small emblem: tracks (tank crew), a wheel (artillery), wings (pilot)."""
    x, y, w, h = box.x, box.y, box.w, box.h
    if crew_kind == TANK_CREW:
        track = pygame.Rect(
            round(x + 0.12 * w), round(y + 0.36 * h), round(0.76 * w), round(0.3 * h)
        )
        pygame.draw.rect(s, ink, track, max(1, round(w * 0.08)), border_radius=track.h // 2)
        for i in range(3):
            pygame.draw.circle(s, ink, (x + (0.3 + 0.2 * i) * w, track.centery), w * 0.06)
    elif crew_kind == ARTILLERY_CREW:
        c = (x + w / 2, y + h / 2)
        pygame.draw.circle(s, ink, c, w * 0.36, max(1, round(w * 0.08)))
        for i in range(6):
            a = math.radians(60 * i)
            pygame.draw.line(
                s,
                ink,
                c,
                (c[0] + 0.36 * w * math.cos(a), c[1] + 0.36 * w * math.sin(a)),
                max(1, round(w * 0.05)),
            )
    else:
        c = (x + w / 2, y + h / 2)
        pygame.draw.circle(s, ink, c, w * 0.12)
        for sign in (-1, 1):
            pygame.draw.polygon(
                s,
                ink,
                [
                    (c[0], c[1] - h * 0.08),
                    (c[0] + sign * w * 0.46, c[1] - h * 0.2),
                    (c[0] + sign * w * 0.4, c[1] + h * 0.06),
                    (c[0], c[1] + h * 0.08),
                ],
            )


def type_icon(unit_type: int, size: int, palette: dict[str, Colour]) -> pygame.Surface:
    """The type badge: a silhouette in a badge whose shape and tint name the type."""
    size = max(8, int(size))

    def build() -> pygame.Surface:
        def paint(s: pygame.Surface, k: float) -> None:
            tint = _TYPE_TINT[unit_type]
            _badge_shape(s, unit_type, lighter(tint, 0.55), darker(tint, 0.5), k)
            inner = s.get_rect().inflate(-s.get_width() * 0.36, -s.get_height() * 0.36)
            _silhouette(s, unit_type, darker(tint, 0.6), inner)

        return supersampled(size, size, paint)

    return _cached(("type", unit_type, size, _palette_key(palette)), build)


def crew_icon(crew_kind: int, size: int, palette: dict[str, Colour]) -> pygame.Surface:
    """The crew badge: head and shoulders over the kind's emblem, in a round badge."""
    size = max(8, int(size))

    def build() -> pygame.Surface:
        def paint(s: pygame.Surface, k: float) -> None:
            tint = _TYPE_TINT[CREW]
            _badge_shape(s, CREW, lighter(tint, 0.6), darker(tint, 0.5), k)
            n = s.get_width()
            ink = darker(tint, 0.6)
            _silhouette(s, CREW, ink, pygame.Rect(n * 0.26, n * 0.1, n * 0.48, n * 0.5))
            _crew_emblem(s, crew_kind, ink, pygame.Rect(n * 0.22, n * 0.56, n * 0.56, n * 0.34))

        return supersampled(size, size, paint)

    return _cached(("crew", crew_kind, size, _palette_key(palette)), build)


# --- faces --------------------------------------------------------------------------------------
def _frame(w: int, h: int, frame: Colour, paper: Colour) -> pygame.Surface:
    """A card: rounded frame in ``frame`` with a paper face inside."""
    radius = max(3, w // 14)
    border = max(2, w // 28)

    def paint(s: pygame.Surface, k: float) -> None:
        r = s.get_rect()
        pygame.draw.rect(s, darker(frame, 0.55), r, border_radius=round(radius * k))
        pygame.draw.rect(s, frame, r.inflate(-2 * k, -2 * k), border_radius=round(radius * k))
        inner = r.inflate(-2 * border * k, -2 * border * k)
        pygame.draw.rect(s, paper, inner, border_radius=round(radius * k * 0.6))

    return supersampled(w, h, paint)


def fit(text: str, px: int, colour: Colour, width: int, bold: bool = False) -> pygame.Surface:
    """``text`` rendered at ``px``, smaller (down to 6 px) where it would not fit ``width``."""
    return render(text, fit_px(text, px, max(4, width), bold, min_px=6), colour, bold)


def unit_face(card: int, width: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    """The face of unit or crew card ``card`` (index in ``cards.UNITS``), ``width`` wide."""
    w, h = card_size(width)
    key = ("unit", card, w, _palette_key(palette), lang)
    return _cached(key, lambda: _draw_unit(card, w, h, palette, lang))


def _draw_unit(card: int, w: int, h: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    printed = UNITS[card]
    side = "us" if printed.side == 0 else "ge"
    frame = _colour(palette, side)
    paper, ink = _colour(palette, "paper"), _colour(palette, "ink")
    dim = _colour(palette, "ink_dim")
    s = _frame(w, h, frame, paper)
    pad = max(3, w // 16)
    inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    icon = max(12, round(w * 0.2))
    s.blit(type_icon(printed.type, icon, palette), (inner.x, inner.y))
    cost_r = round(icon * 0.5)
    cost_c = (inner.right - cost_r, inner.y + cost_r)
    pygame.draw.circle(s, darker(frame, 0.35), cost_c, cost_r)
    pygame.draw.circle(s, lighter(frame, 0.5), cost_c, cost_r, max(1, w // 90))
    cost = render(str(printed.cost), max(7, round(cost_r * 1.15)), (250, 246, 236), bold=True)
    s.blit(cost, cost.get_rect(center=cost_c))
    name_x = inner.x + icon + pad // 2
    name_w = cost_c[0] - cost_r - name_x - pad // 3
    name_px = max(7, round(w * 0.085))
    name = fit(printed.name, name_px, ink, name_w, bold=True)
    s.blit(name, (name_x, inner.y + max(0, icon // 2 - name.get_height() + icon // 10)))
    # The crew row: the crew needed (or N/C) and the deployment text.
    sub_y = inner.y + icon // 2 + icon // 8
    small = max(6, round(w * 0.062))
    if printed.is_crew:
        s.blit(crew_icon(printed.crew_kind, icon, palette), (inner.x, inner.y + icon + pad // 2))
        kind = text_of(lang, f"frontline.crew.{printed.crew_kind}")
        words = fit(kind, small, dim, name_w)
        s.blit(words, (name_x, sub_y))
        _draw_crew_body(s, printed.crew_kind, inner, icon, palette, lang, w)
        _army_corner(s, printed.side, inner, w, palette)
        return s
    s.blit(fit(line_label(card, lang), small, dim, name_w), (name_x, sub_y))
    crew_size = round(icon * 0.7)
    crew_y = inner.y + icon + pad // 3
    if printed.crew == NO_CREW:
        nc = render(_label(lang, "nc"), max(6, round(crew_size * 0.5)), dim, bold=True)
        s.blit(nc, nc.get_rect(center=(inner.x + icon // 2, crew_y + crew_size // 2)))
    else:
        s.blit(
            crew_icon(printed.crew, crew_size, palette), (inner.x + (icon - crew_size) // 2, crew_y)
        )
    # The art: the type's silhouette, large and faint, beside the crew icon.
    art = pygame.Rect(name_x, crew_y, inner.right - name_x, round(h * 0.2))
    _silhouette(
        s,
        printed.type,
        mix(paper, _TYPE_TINT[printed.type], 0.45),
        art.inflate(-art.w * 0.15, -art.h * 0.05),
    )
    top = max(art.bottom, crew_y + crew_size) + pad // 2
    footer_h = max(10, round(h * 0.12))
    _draw_weapons(
        s, card, pygame.Rect(inner.x, top, inner.w, inner.bottom - footer_h - top), palette, lang, w
    )
    _draw_footer(
        s, card, pygame.Rect(inner.x, inner.bottom - footer_h, inner.w, footer_h), palette, lang
    )
    mark = max(7, round(w * 0.1))
    s.blit(army_mark(printed.side, mark, palette), (inner.right - mark, art.bottom - mark))
    return s


def _army_corner(
    s: pygame.Surface, side: int, inner: pygame.Rect, w: int, palette: dict[str, Colour]
) -> None:
    size = max(7, round(w * 0.1))
    s.blit(army_mark(side, size, palette), (inner.right - size, inner.bottom - size))


def _draw_crew_body(
    s: pygame.Surface,
    crew_kind: int,
    inner: pygame.Rect,
    icon: int,
    palette: dict[str, Colour],
    lang: str,
    w: int,
) -> None:
    """A crew card: which units it serves, in words, under a large emblem."""
    ink, paper = _colour(palette, "ink"), _colour(palette, "paper")
    art = pygame.Rect(inner.x, inner.y + 2 * icon, inner.w, round(inner.h * 0.4))
    _crew_emblem(s, crew_kind, mix(paper, _TYPE_TINT[CREW], 0.5), art.inflate(-art.w * 0.3, 0))
    words = text_of(lang, f"frontline.crew_serves.{crew_kind}")
    size = max(7, round(w * 0.1))
    box = pygame.Rect(inner.x, art.bottom + 2, inner.w, inner.bottom - art.bottom - 4 - size)
    paragraph(s, words, box, max(6, round(w * 0.068)), ink)


def wrap_px(text: str, px: int, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` pixels at ``px`` (the faces and the board's
    prompt)."""
    return wrap(text, get_font(px), max(10, width))


def _draw_weapons(
    s: pygame.Surface, card: int, box: pygame.Rect, palette: dict[str, Colour], lang: str, w: int
) -> None:
    """The weapons table, a weapon per band: its name and rate of fire on the first line, its
    INF / ARM / AIR attack values and damage modifier under the column heads on the second;
    bullet values against armour are underlined, a blank is a dash."""
    printed = UNITS[card]
    paper, ink, dim = (_colour(palette, k) for k in ("paper", "ink", "ink_dim"))
    rows = len(printed.weapons)
    head_h = max(7, round(box.h * 0.14))
    row_h = max(10, (box.h - head_h) // max(1, rows))
    px = max(6, min(round(w * 0.075), round(row_h * 0.4)))
    col_w = max(10, round(box.w * 0.16))
    cols_x = [box.right - col_w * (4 - i) for i in range(4)]  # INF ARM AIR DMG
    pygame.draw.line(s, mix(dim, paper, 0.5), (box.x, box.y), (box.right, box.y))
    labels = [*_COLUMN_LABEL.get(lang, _COLUMN_LABEL["en"]), _label(lang, "dmg")]
    head_px = max(6, round(px * 0.8))
    for x, text in zip(cols_x, labels, strict=True):
        image = fit(text, head_px, dim, col_w - 1, bold=True)
        s.blit(image, image.get_rect(midtop=(x + col_w // 2, box.y + 1)))
    for i, weapon in enumerate(printed.weapons):
        top = box.y + head_h + i * row_h
        if i % 2 == 0:
            pygame.draw.rect(s, darker(paper, 0.06), pygame.Rect(box.x, top, box.w, row_h))
        rof = f"  {weapon.rof}X" if weapon.rof > 1 else ""
        bomb = "  ●" if weapon.bomb else ""
        label = fit(weapon.name + rof + bomb, max(6, round(px * 0.85)), ink, box.w - 2)
        s.blit(label, (box.x + 1, top + 1))
        mid = top + 1 + label.get_height() + (row_h - label.get_height() - 1) // 2
        for col in (INF, ARM, AIR):
            value = weapon.attack[col]
            x = cols_x[col] + col_w // 2
            text = "–" if value is None else str(value)
            image = render(text, px, ink if value is not None else dim, bold=value is not None)
            rect = s.blit(image, image.get_rect(center=(x, mid)))
            if value is not None and weapon.bullet and col == ARM:
                under = rect.bottom - 1
                pygame.draw.line(s, ink, (rect.left, under), (rect.right, under), max(1, w // 120))
        dmg = render(f"+{weapon.damage_mod}", px, ink, bold=True)
        s.blit(dmg, dmg.get_rect(center=(cols_x[3] + col_w // 2, mid)))


def paragraph(s: pygame.Surface, text: str, box: pygame.Rect, px: int, colour: Colour) -> int:
    """``text`` wrapped into ``box``, its size shrunk (to 6 px) until it fits; returns the y
    under the last line."""
    while True:
        lines = wrap_px(text, px, box.w)
        height = sum(render(line, px, colour).get_height() for line in lines)
        if height <= box.h or px <= 6:
            break
        px -= 1
    y = box.y
    for line in lines:
        image = render(line, px, colour)
        s.blit(image, (box.x, y))
        y += image.get_height()
    return y


def draw_shield(s: pygame.Surface, rect: pygame.Rect, fill: Colour) -> None:
    """The shield that holds a unit's DEF, on its card and on its tile."""
    points = [
        rect.topleft,
        rect.topright,
        (rect.right, rect.centery),
        rect.midbottom,
        (rect.left, rect.centery),
    ]
    pygame.draw.polygon(s, fill, points)


def _draw_footer(
    s: pygame.Surface, card: int, box: pygame.Rect, palette: dict[str, Colour], lang: str
) -> None:
    """Defence in a shield, HP with its half mark."""
    printed = UNITS[card]
    ink = _colour(palette, "ink")
    px = max(7, round(box.h * 0.62))
    shield = pygame.Rect(box.x, box.y + 1, box.h - 2, box.h - 2)
    draw_shield(s, shield, darker(_colour(palette, "paper"), 0.25))
    value = render(str(printed.defense), px, ink, bold=True)
    s.blit(value, value.get_rect(center=(shield.centerx, shield.centery - 1)))
    label = render(_label(lang, "def"), max(6, round(px * 0.7)), ink)
    s.blit(label, label.get_rect(midleft=(shield.right + 2, box.centery)))
    hp = render(f"{_label(lang, 'hp')} {printed.hp}", px, ink, bold=True)
    x = box.centerx - box.w // 10
    s.blit(hp, hp.get_rect(midleft=(x, box.centery)))
    half = render(
        _label(lang, "half", n=printed.half_hp),
        max(6, round(px * 0.75)),
        _colour(palette, "ink_dim"),
    )
    s.blit(half, half.get_rect(midleft=(x + hp.get_width() + 3, box.centery)))


WINDOW_OF_TIMING = {
    "COMMITMENT": "C1",
    "AFTER_TARGETS_DECLARED": "C2",
    "BEFORE_INITIATIVE_ROLL": "C2",
    "COMBAT_BEFORE_ATTACK_ROLL": "C3",
    "COMBAT_INSTEAD_OF_ATTACK": "C4",
    "END_OF_COMBAT_PHASE": "C5",
    "DRAW_PHASE": "C6",
}


def command_face(command: int, width: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    """The face of command card ``command`` (index in ``cards.COMMANDS``): name, window, the
    unit types it may go on, and its effect in a few words."""
    w, h = card_size(width)
    key = ("command", command, w, _palette_key(palette), lang)
    return _cached(key, lambda: _draw_command(command, w, h, palette, lang))


def _draw_command(
    command: int, w: int, h: int, palette: dict[str, Colour], lang: str
) -> pygame.Surface:
    from game.engines.frontline.cards import RAW

    card = COMMANDS[command]
    frame = _colour(palette, "command")
    paper, ink, dim = (_colour(palette, k) for k in ("paper", "ink", "ink_dim"))
    s = _frame(w, h, frame, paper)
    pad = max(3, w // 16)
    inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    band = pygame.Rect(inner.x, inner.y, inner.w, max(12, round(h * 0.16)))
    pygame.draw.rect(s, frame, band, border_radius=max(2, w // 30))
    title = fit(
        text_of(lang, f"frontline.cmd.{card.id}"),
        max(7, round(w * 0.095)),
        (250, 244, 230),
        band.w - 4,
        bold=True,
    )
    s.blit(title, title.get_rect(center=band.center))
    window = WINDOW_OF_TIMING.get(card.timing, "")
    when = text_of(lang, f"frontline.window.{window}")
    small = max(6, round(w * 0.066))
    y = band.bottom + pad // 2
    when_img = fit(f"{window} · {when}", small, dim, inner.w, bold=True)
    s.blit(when_img, (inner.x, y))
    y += when_img.get_height() + pad // 2
    icons = next(c["icons"] for c in RAW["command_cards"] if c["id"] == card.id)
    size = max(10, round(w * 0.15))
    x = inner.x
    type_names = ("TANK", "VEHICLE", "FIELD_GUN", "INFANTRY", "AIRCRAFT")
    for name in icons:
        if name == "ANY":
            image = fit(text_of(lang, "frontline.any_unit"), small, ink, inner.w, bold=True)
            s.blit(image, (x, y + (size - image.get_height()) // 2))
            break
        s.blit(type_icon(type_names.index(name), size, palette), (x, y))
        x += size + 2
    y += size + pad // 2
    pygame.draw.line(s, mix(dim, paper, 0.5), (inner.x, y), (inner.right, y))
    y += pad // 2
    box = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
    paragraph(s, text_of(lang, f"frontline.cmd_effect.{card.id}"), box, round(w * 0.075), ink)
    return s


def damage_face(
    damage: int, width: int, palette: dict[str, Colour], lang: str, edge: int = -1
) -> pygame.Surface:
    """Damage card ``damage`` (index in ``cards.DAMAGES``): its name and the effect on each
    unit-type edge; ``edge`` (an index of ``cards.EDGES``) draws that edge alone, as a strip
    (the part that shows when the card is tucked under a unit)."""
    w, h = card_size(width)
    key = ("damage", damage, w, _palette_key(palette), lang, edge)
    return _cached(key, lambda: _draw_damage(damage, w, h, palette, lang, edge))


def damage_words(damage: int, edge: int, lang: str) -> str:
    """One edge of a Damage card in words ("Immobilized", "−2 to attack rolls, 2 turns")."""
    e = DAMAGES[damage].edges[edge]
    text = text_of(lang, f"frontline.effect.{e.kind}", v=e.value, row=e.row)
    if e.duration.startswith("TURNS:"):
        text += text_of(lang, "frontline.effect.turns", n=e.duration.split(":")[1])
    elif e.duration == "FLIGHT":
        text += text_of(lang, "frontline.effect.flight")
    return text


def _draw_damage(
    damage: int, w: int, h: int, palette: dict[str, Colour], lang: str, edge: int
) -> pygame.Surface:
    frame = _colour(palette, "damage")
    paper, ink = _colour(palette, "paper"), _colour(palette, "ink")
    small = max(6, round(w * 0.07))
    if edge >= 0:
        strip_h = max(10, round(w * 0.16))
        s = _frame(w, strip_h, frame, lighter(frame, 0.75))
        text = f"{DAMAGES[damage].name}: {damage_words(damage, edge, lang)}"
        image = fit(text, small, ink, w - 8)
        s.blit(image, image.get_rect(center=(w // 2, strip_h // 2)))
        return s
    s = _frame(w, h, frame, paper)
    pad = max(3, w // 16)
    inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    title = fit(DAMAGES[damage].name, max(7, round(w * 0.09)), frame, inner.w, bold=True)
    s.blit(title, title.get_rect(midtop=(inner.centerx, inner.y)))
    y = inner.y + title.get_height() + pad
    icon = max(10, round(w * 0.13))
    kinds = (TANK, FIELD_GUN, INFANTRY, AIRCRAFT)
    slot = (inner.bottom - y) // len(EDGES)
    for i in range(len(EDGES)):
        top = y + i * slot
        s.blit(type_icon(kinds[i], icon, palette), (inner.x, top))
        tx = inner.x + icon + 3
        box = pygame.Rect(tx, top, inner.right - tx, slot - 2)
        paragraph(s, damage_words(damage, i, lang), box, small, ink)
    return s


def card_back(kind: str, width: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    """The back of a card: "US" or "GE" (a unit deck: the army's colour and mark), "command" or
    "damage" (the shared decks). Unlike a face it is exactly ``width`` wide however small (a
    deck in the panel, an icon in the log): drawn at a face's least size, then shrunk."""
    w = max(4, int(width))
    h = round(w * RATIO)
    key = ("back", kind, w, _palette_key(palette), lang)

    def build() -> pygame.Surface:
        image = _draw_back(kind, *card_size(w), palette, lang)
        return image if image.get_size() == (w, h) else pygame.transform.smoothscale(image, (w, h))

    return _cached(key, build)


def _draw_back(kind: str, w: int, h: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    colour = _colour(palette, {"US": "us", "GE": "ge"}.get(kind, kind))
    s = _frame(w, h, darker(colour, 0.3), colour)
    inner = s.get_rect().inflate(-w // 5, -w // 5)
    pygame.draw.rect(
        s, lighter(colour, 0.25), inner, max(1, w // 40), border_radius=max(2, w // 20)
    )
    # Diagonal hatching: a back reads as a back even when tiny.
    hatch = darker(colour, 0.12)
    step = max(4, w // 9)
    clip = s.get_clip()
    s.set_clip(inner.inflate(-w // 20, -w // 20))
    for x in range(-h, w, step):
        pygame.draw.line(s, hatch, (x, h), (x + h, 0), max(1, w // 50))
    s.set_clip(clip)
    size = round(w * 0.46)
    centre = (w // 2, h // 2 - h // 14)
    if kind in ("US", "GE"):
        s.blit(
            army_mark(0 if kind == "US" else 1, size, palette),
            (centre[0] - size // 2, centre[1] - size // 2),
        )
        label = _label(lang, kind)
    else:
        pygame.draw.circle(s, darker(colour, 0.4), centre, size // 2)
        glyph = "★" if kind == "command" else "✸"
        image = render(glyph, round(size * 0.7), lighter(colour, 0.7), symbol=True)
        s.blit(image, image.get_rect(center=centre))
        label = _label(lang, kind)
    if w < 48:  # too small for words: the mark says it
        return s
    text = fit(label, max(6, round(w * 0.09)), (248, 242, 228), inner.w - 4, bold=True)
    s.blit(text, text.get_rect(center=(w // 2, centre[1] + size // 2 + text.get_height())))
    return s
