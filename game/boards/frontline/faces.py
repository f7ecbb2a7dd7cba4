"""The other cards' faces: a command card, a Damage card (whole, or the edge tucked under a
unit) and the backs of the decks and of face-down units."""

from __future__ import annotations

import pygame

from game.boards.frontline.cards import _frame, _label, card_size, fit, paragraph
from game.boards.frontline.emblems import army_mark, type_icon
from game.boards.frontline.palette import RATIO, cached, colour_of, palette_key
from game.engines.frontline.cards import (
    AIRCRAFT,
    COMMANDS,
    EDGES,
    FIELD_GUN,
    INFANTRY,
    TANK,
)
from game.engines.frontline.offer import window_of
from game.engines.frontline.words import card_says, damage_name, damage_words
from game.i18n import t_in
from game.ui.draw import MIN_READABLE_PX as MIN_PX
from game.ui.draw import Colour, darker, lighter, mix
from game.ui.text import render


def command_face(command: int, width: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    """The face of command card ``command`` (index in ``cards.COMMANDS``): name, window, the
    unit types it may go on, and its effect in a few words."""
    w, h = card_size(width)
    key = ("command", command, w, palette_key(palette), lang)
    return cached(key, lambda: _draw_command(command, w, h, palette, lang))


def _draw_command(
    command: int, w: int, h: int, palette: dict[str, Colour], lang: str
) -> pygame.Surface:
    from game.engines.frontline.cards import RAW

    card = COMMANDS[command]
    frame = colour_of(palette, "command")
    paper, ink, dim = (colour_of(palette, k) for k in ("paper", "ink", "ink_dim"))
    s = _frame(w, h, frame, paper)
    pad = max(3, w // 16)
    inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    band = pygame.Rect(inner.x, inner.y, inner.w, max(12, round(h * 0.16)))
    pygame.draw.rect(s, frame, band, border_radius=max(2, w // 30))
    title = fit(
        t_in(lang, f"frontline.cmd.{card.id}"),
        max(MIN_PX, round(w * 0.095)),
        (250, 244, 230),
        band.w - 4,
        bold=True,
    )
    s.blit(title, title.get_rect(center=band.center))
    window = window_of(command)
    when = t_in(lang, f"frontline.window.{window}")
    small = max(MIN_PX, round(w * 0.066))
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
            image = fit(t_in(lang, "frontline.any_unit"), small, ink, inner.w, bold=True)
            s.blit(image, (x, y + (size - image.get_height()) // 2))
            break
        s.blit(type_icon(type_names.index(name), size, palette), (x, y))
        x += size + 2
    y += size + pad // 2
    pygame.draw.line(s, mix(dim, paper, 0.5), (inner.x, y), (inner.right, y))
    y += pad // 2
    box = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
    paragraph(s, t_in(lang, f"frontline.cmd_effect.{card.id}"), box, round(w * 0.075), ink)
    return s


def damage_face(
    damage: int, width: int, palette: dict[str, Colour], lang: str, edge: int = -1
) -> pygame.Surface:
    """Damage card ``damage`` (index in ``cards.DAMAGES``): its name and the effect on each
    unit-type edge; ``edge`` (an index of ``cards.EDGES``) draws that edge alone, as a strip
    (the part that shows when the card is tucked under a unit)."""
    w, h = card_size(width)
    key = ("damage", damage, w, palette_key(palette), lang, edge)
    return cached(key, lambda: _draw_damage(damage, w, h, palette, lang, edge))


def _draw_damage(
    damage: int, w: int, h: int, palette: dict[str, Colour], lang: str, edge: int
) -> pygame.Surface:
    frame = colour_of(palette, "damage")
    paper, ink = colour_of(palette, "paper"), colour_of(palette, "ink")
    small = max(MIN_PX, round(w * 0.07))
    if edge >= 0:
        strip_h = max(10, round(w * 0.16))
        s = _frame(w, strip_h, frame, lighter(frame, 0.75))
        text = card_says(damage_name(damage, lang), damage_words(damage, edge, lang), lang)
        image = fit(text, small, ink, w - 8)
        s.blit(image, image.get_rect(center=(w // 2, strip_h // 2)))
        return s
    s = _frame(w, h, frame, paper)
    pad = max(3, w // 16)
    inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    title = fit(damage_name(damage, lang), max(MIN_PX, round(w * 0.09)), frame, inner.w, bold=True)
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
    key = ("back", kind, w, palette_key(palette), lang)

    def build() -> pygame.Surface:
        image = _draw_back(kind, *card_size(w), palette, lang)
        return image if image.get_size() == (w, h) else pygame.transform.smoothscale(image, (w, h))

    return cached(key, build)


def _draw_back(kind: str, w: int, h: int, palette: dict[str, Colour], lang: str) -> pygame.Surface:
    colour = colour_of(palette, {"US": "us", "GE": "ge"}.get(kind, kind))
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
    text = fit(label, max(MIN_PX, round(w * 0.09)), (248, 242, 228), inner.w - 4, bold=True)
    s.blit(text, text.get_rect(center=(w // 2, centre[1] + size // 2 + text.get_height())))
    return s
