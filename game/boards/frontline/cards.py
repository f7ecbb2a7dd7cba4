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

The palettes and the picture cache live in ``palette``, the marks and badges in
``emblems``; they are named here too, as part of this interface.
"""

from __future__ import annotations

import pygame

from game.boards.frontline.emblems import TYPE_TINT, crew_emblem, silhouette
from game.boards.frontline.emblems import army_mark as army_mark  # part of this interface
from game.boards.frontline.emblems import crew_icon as crew_icon
from game.boards.frontline.emblems import type_icon as type_icon
from game.boards.frontline.palette import COLORBLIND as COLORBLIND
from game.boards.frontline.palette import NORMAL as NORMAL
from game.boards.frontline.palette import PALETTES as PALETTES
from game.boards.frontline.palette import RATIO, cached, colour_of, palette_key
from game.engines.frontline.cards import (
    AIR,
    AIRCRAFT,
    AIRLINE,
    ARM,
    CREW,
    FRONT,
    INF,
    NO_CREW,
    REAR,
    UNITS,
)
from game.engines.frontline.observation import UnitView
from game.engines.frontline.words import unit_name, weapon_name
from game.i18n import t_in
from game.ui.draw import MIN_READABLE_PX as MIN_PX
from game.ui.draw import Colour, darker, lighter, mix, supersampled
from game.ui.fonts import get_font
from game.ui.text import clip_lines, ellipsized, fit_px, render, text_width, wrap

_LABELS = {
    "en": {
        "line_front": "Frontline",
        "line_rear": "Rear Line",
        "line_either": "Front or Rear",
        "line_moved_up": "Frontline (moved up)",
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
        "line_moved_up": "前線（繰り上げ）",
        "flight": "飛行ターン {n}",
        "nc": "N/C",
        "crew_for": "クルー",
        "def": "防御",
        "hp": "HP",
        "half": "½ {n}",
        "dmg": "指数",
        "weapon": "武器",
        "command": "指揮",
        "damage": "損害",
        "US": "アメリカ軍",
        "GE": "ドイツ軍",
    },
}
_COLUMN_LABEL = {"en": ("INF", "ARM", "AIR"), "ja": ("歩兵", "装甲", "航空")}


def _label(lang: str, key: str, **fmt: object) -> str:
    text = _LABELS.get(lang, _LABELS["en"]).get(key, _LABELS["en"][key])
    return text.format(**fmt) if fmt else text


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


def line_now(view: UnitView, lang: str) -> str:
    """Where a unit on the table stands: its line now, not the card's deployment text (a Rear
    Line unit moved up by a frontline collapse still read "Rear Line")."""
    printed = UNITS[view["card"]]
    if view["line"] == REAR:
        return _label(lang, "line_rear")
    if view["line"] == FRONT:
        return _label(lang, "line_front" if FRONT in printed.lines else "line_moved_up")
    return line_label(view["card"], lang)


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
    """``text`` rendered at ``px``, smaller (down to the least readable size) where it would not
    fit ``width``, and cut with "…" where even that is too wide (a small card's name must not
    run under its cost)."""
    width = max(4, width)
    size = max(MIN_PX, fit_px(text, px, width, bold, min_px=MIN_PX))
    return render(ellipsized(text, size, width, bold), size, colour, bold)


def unit_face(card: int, width: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    """The face of unit or crew card ``card`` (index in ``cards.UNITS``), ``width`` wide."""
    w, h = card_size(width)
    key = ("unit", card, w, palette_key(palette), lang)
    return cached(key, lambda: _draw_unit(card, w, h, palette, lang))


def _icon_size(w: int) -> tuple[int, int]:
    """A unit face's padding and type-icon size at width ``w``."""
    return max(3, w // 16), max(12, round(w * 0.2))


def _footer_h(h: int) -> int:
    return max(10, round(h * 0.12))


def art_band(card: int, w: int, h: int) -> pygame.Rect:
    """Where unit ``card``'s face of ``w`` × ``h`` draws its faint silhouette: the one band with
    nothing to read, so the board may lay a badge (copies left) over it. It gives up height to
    the weapons table where a small card would otherwise print its rows over each other (two
    lines a weapon under one line of column heads)."""
    pad, icon = _icon_size(w)
    x = pad + icon + pad // 2
    y = pad + icon + pad // 3
    line = render("Ag", max(MIN_PX, round(w * 0.075)), (0, 0, 0)).get_height()
    table_h = line + 2 * line * len(UNITS[card].weapons)
    room = h - pad - _footer_h(h) - pad // 2 - y - table_h
    return pygame.Rect(x, y, w - pad - x, max(0, min(round(h * 0.2), room)))


def _draw_unit(card: int, w: int, h: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    printed = UNITS[card]
    side = "us" if printed.side == 0 else "ge"
    frame = colour_of(palette, side)
    paper, ink = colour_of(palette, "paper"), colour_of(palette, "ink")
    dim = colour_of(palette, "ink_dim")
    s = _frame(w, h, frame, paper)
    pad, icon = _icon_size(w)
    inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    s.blit(type_icon(printed.type, icon, palette), (inner.x, inner.y))
    cost_r = round(icon * 0.5)
    cost_c = (inner.right - cost_r, inner.y + cost_r)
    pygame.draw.circle(s, darker(frame, 0.35), cost_c, cost_r)
    pygame.draw.circle(s, lighter(frame, 0.5), cost_c, cost_r, max(1, w // 90))
    cost = render(str(printed.cost), max(MIN_PX, round(cost_r * 1.15)), (250, 246, 236), bold=True)
    s.blit(cost, cost.get_rect(center=cost_c))
    name_x = inner.x + icon + pad // 2
    name_w = cost_c[0] - cost_r - name_x - pad // 3
    name_px = max(MIN_PX, round(w * 0.085))
    name = fit(unit_name(card, lang), name_px, ink, name_w, bold=True)
    s.blit(name, (name_x, inner.y + max(0, icon // 2 - name.get_height() + icon // 10)))
    # The crew row: the crew needed (or N/C) and the deployment text.
    sub_y = inner.y + icon // 2 + icon // 8
    small = max(MIN_PX, round(w * 0.062))
    if printed.is_crew:
        s.blit(crew_icon(printed.crew_kind, icon, palette), (inner.x, inner.y + icon + pad // 2))
        words = fit(_label(lang, "crew_for"), small, dim, name_w)  # its kind is its name
        s.blit(words, (name_x, sub_y))
        _draw_crew_body(s, printed.crew_kind, inner, icon, palette, lang, w)
        _army_corner(s, printed.side, inner, w, palette)
        return s
    s.blit(fit(line_label(card, lang), small, dim, name_w), (name_x, sub_y))
    crew_size = round(icon * 0.7)
    crew_y = inner.y + icon + pad // 3
    if printed.crew == NO_CREW:
        nc = render(_label(lang, "nc"), max(MIN_PX, round(crew_size * 0.5)), dim, bold=True)
        s.blit(nc, nc.get_rect(center=(inner.x + icon // 2, crew_y + crew_size // 2)))
    else:
        s.blit(
            crew_icon(printed.crew, crew_size, palette), (inner.x + (icon - crew_size) // 2, crew_y)
        )
    # The art: the type's silhouette, large and faint, beside the crew icon.
    art = art_band(card, w, h)
    silhouette(
        s,
        printed.type,
        mix(paper, TYPE_TINT[printed.type], 0.45),
        art.inflate(-art.w * 0.15, -art.h * 0.05),
    )
    top = max(art.bottom, crew_y + crew_size) + pad // 2
    footer_h = _footer_h(h)
    _draw_weapons(
        s, card, pygame.Rect(inner.x, top, inner.w, inner.bottom - footer_h - top), palette, lang, w
    )
    _draw_footer(
        s, card, pygame.Rect(inner.x, inner.bottom - footer_h, inner.w, footer_h), palette, lang
    )
    mark = max(7, round(w * 0.1))
    if art.h >= mark:  # on the art only (the frame's colour says the army too)
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
    ink, paper = colour_of(palette, "ink"), colour_of(palette, "paper")
    art = pygame.Rect(inner.x, inner.y + 2 * icon, inner.w, round(inner.h * 0.4))
    crew_emblem(s, crew_kind, mix(paper, TYPE_TINT[CREW], 0.5), art.inflate(-art.w * 0.3, 0))
    words = t_in(lang, f"frontline.crew_serves.{crew_kind}")
    size = max(7, round(w * 0.1))
    box = pygame.Rect(inner.x, art.bottom + 2, inner.w, inner.bottom - art.bottom - 4 - size)
    paragraph(s, words, box, max(MIN_PX, round(w * 0.068)), ink)


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
    paper, ink, dim = (colour_of(palette, k) for k in ("paper", "ink", "ink_dim"))
    rows = len(printed.weapons)
    head_h = max(7, round(box.h * 0.14))
    row_h = max(10, (box.h - head_h) // max(1, rows))
    px = max(MIN_PX, min(round(w * 0.075), round(row_h * 0.4)))
    labels = [*_COLUMN_LABEL.get(lang, _COLUMN_LABEL["en"]), _label(lang, "dmg")]
    head_px = max(MIN_PX, round(px * 0.8))
    # A small card (the hand at the least window) keeps its values readable: a line a weapon,
    # its name (and heads that do not fit) left to the zoomed card.
    line_h = render("Ag", px, ink).get_height()
    head_h = max(head_h, render("Ag", head_px, dim).get_height())
    named = 2 * line_h <= (box.h - head_h) // max(1, rows)
    row_h = max(line_h if not named else 10, (box.h - head_h) // max(1, rows))
    # The values have their own line under the weapon's name, so on a small card the columns
    # may widen (up to a quarter each) until their heads fit side by side.
    widest = max(text_width(text, head_px, True) for text in labels) + 2
    col_w = max(10, min(box.w // 4, max(round(box.w * 0.16), widest)))
    if not named:
        col_w = box.w // 4
    heads = all(text_width(text, head_px, True) < col_w for text in labels)  # else: zoom
    cols_x = [box.right - col_w * (4 - i) for i in range(4)]  # INF ARM AIR DMG
    pygame.draw.line(s, mix(dim, paper, 0.5), (box.x, box.y), (box.right, box.y))
    for x, text in zip(cols_x, labels, strict=True) if heads else ():
        image = fit(text, head_px, dim, col_w - 1, bold=True)
        s.blit(image, image.get_rect(midtop=(x + col_w // 2, box.y + 1)))
    for i, weapon in enumerate(printed.weapons):
        top = box.y + head_h + i * row_h
        if i % 2 == 0:
            pygame.draw.rect(s, darker(paper, 0.06), pygame.Rect(box.x, top, box.w, row_h))
        mid = top + row_h // 2
        if named:
            rof = f"  {weapon.rof}X" if weapon.rof > 1 else ""
            bomb = "  ●" if weapon.bomb else ""
            named_as = weapon_name(weapon, lang)
            label = fit(named_as + rof + bomb, max(MIN_PX, round(px * 0.85)), ink, box.w - 2)
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
    """``text`` wrapped into ``box``, its size shrunk (to the least readable size) until it
    fits, else cut with "…" (the zoomed card says it whole); returns the y under the last
    line."""
    px = max(MIN_PX, px)
    while True:
        lines = wrap_px(text, px, box.w)
        height = sum(render(line, px, colour).get_height() for line in lines)
        if height <= box.h or px <= MIN_PX:
            break
        px -= 1
    line_h = render("Ag", px, colour).get_height()
    lines = clip_lines(lines, max(1, box.h // line_h), px, box.w)  # still too long
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
    ink = colour_of(palette, "ink")
    px = max(MIN_PX, round(box.h * 0.62))
    shield = pygame.Rect(box.x, box.y + 1, box.h - 2, box.h - 2)
    draw_shield(s, shield, darker(colour_of(palette, "paper"), 0.25))
    value = render(str(printed.defense), px, ink, bold=True)
    s.blit(value, value.get_rect(center=(shield.centerx, shield.centery - 1)))
    label = render(_label(lang, "def"), max(MIN_PX, round(px * 0.7)), ink)
    hp = render(f"{_label(lang, 'hp')} {printed.hp}", px, ink, bold=True)
    x = box.centerx - box.w // 10
    if shield.right + 2 + label.get_width() < x - 1:  # on a small card the shield says it
        s.blit(label, label.get_rect(midleft=(shield.right + 2, box.centery)))
    else:
        x = shield.right + 3
    s.blit(hp, hp.get_rect(midleft=(x, box.centery)))
    half = render(
        _label(lang, "half", n=printed.half_hp),
        max(MIN_PX, round(px * 0.75)),
        colour_of(palette, "ink_dim"),
    )
    if x + hp.get_width() + 3 + half.get_width() <= box.right:
        s.blit(half, half.get_rect(midleft=(x + hp.get_width() + 3, box.centery)))
