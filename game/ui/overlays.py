"""Overlays every board shows over its table: the banner, the hint marker, the "last move" ring,
a tooltip note, and the placement of a chooser popup beside what it is about.

Each takes the surface, a rectangle and colours; none knows a game. Banners animate through a
board's Timeline (:func:`set_banner`, :func:`flash_banner`), so they obey the speed setting.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game import i18n
from game.ui.draw import Art, Colour, blit_center, blit_row, darker, lighter, mix
from game.ui.fonts import get_font
from game.ui.text import render, wrap

T_BANNER = 0.35  # seconds a banner takes to slide in or out (speed 1)


@dataclass
class Banner:
    """A headline over the board: what happens now, or who won."""

    title: str
    subtitle: str
    side: int | None  # whose colour and mark it wears; None for a neutral (gold) banner
    key: Hashable = None  # what it announces: a new key slides a new banner in
    appear: float = 1.0


def set_banner(owner: Any, banner: Banner | None, delay: float, attr: str = "banner") -> None:
    """Make ``banner`` the owner's banner at ``delay``: a new key slides in; the same key only
    updates its subtitle."""
    if banner is None:
        return
    current: Banner | None = getattr(owner, attr)
    if current is not None and banner.key is not None and current.key == banner.key:
        current.subtitle = banner.subtitle
        return
    banner.appear = 0.0
    owner.tweens.call(delay, lambda: setattr(owner, attr, banner))
    owner.tweens.animate(banner, T_BANNER, "out_back", appear=1.0, delay=delay)


def flash_banner(owner: Any, banner: Banner, delay: float, hold: float, attr: str) -> None:
    """Show ``banner`` as ``owner.<attr>`` from ``delay`` for ``hold`` seconds, then remove it."""
    banner.appear = 0.0

    def gone() -> None:
        if getattr(owner, attr) is banner:
            setattr(owner, attr, None)

    def hide() -> None:
        owner.tweens.animate(
            banner, T_BANNER, "in_quad", appear=0.0, delay=max(0.0, hold - T_BANNER), on_finish=gone
        )

    owner.tweens.call(delay, lambda: setattr(owner, attr, banner))
    owner.tweens.animate(banner, T_BANNER, "out_back", appear=1.0, delay=delay, on_finish=hide)


def draw_banner(
    surface: pygame.Surface,
    art: Art,
    banner: Banner | None,
    rect: pygame.Rect,
    px: tuple[int, int],
    mark: Callable[[int, int, Colour], pygame.Surface] | None = None,
) -> None:
    """The banner sliding in over ``rect``: a panel in the side's colour, the title and subtitle
    (``px`` their sizes), the side's ``mark(side, size, colour)`` at both ends."""
    if banner is None or banner.appear <= 0:
        return
    k = min(1.0, banner.appear)
    rect = rect.move(0, -round((1 - k) * rect.h * 0.5))
    colour = art.side(banner.side) if banner.side is not None else art.p["gold"]
    img = art.panel(
        rect.w, rect.h, (*darker(colour, 0.28), 245), lighter(colour, 0.38), rect.h // 4
    )
    blit_center(surface, img, rect.center, round(255 * k))
    text = art.p["text"]
    title = art.fitted(banner.title, px[0], text, rect.w - 4 * rect.h // 3, bold=True)
    sub = art.fitted(banner.subtitle, px[1], lighter(colour, 0.7), rect.w - rect.h // 2)
    if banner.side is not None and mark is not None:
        icon = mark(banner.side, round(rect.h * 0.5), lighter(colour, 0.2))
        blit_center(surface, icon, (rect.x + rect.h * 0.55, rect.centery))
        blit_center(surface, icon, (rect.right - rect.h * 0.55, rect.centery))
    top = rect.centery - (title.get_height() + sub.get_height()) // 2
    surface.blit(title, title.get_rect(midtop=(rect.centerx, top)))
    surface.blit(sub, sub.get_rect(midtop=(rect.centerx, top + title.get_height())))


def pill(
    surface: pygame.Surface,
    label: str,
    above: pygame.Rect,
    colour: Colour,
    px: int,
    bounds: pygame.Rect | None = None,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """A small rounded tag with ``label`` just above ``above`` (dark ink on ``colour``), kept
    inside ``bounds`` (the surface's clip by default) and off ``avoid`` where it can be: it
    slides to line up with either side of ``above``, or goes below it, before covering them."""
    img = render(label, px, darker(colour, 0.75), bold=True)
    rect = pygame.Rect(0, 0, img.get_width() + px, img.get_height())
    rect = tag_spot(rect.size, above, bounds or surface.get_clip(), avoid)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
    blit_center(surface, img, rect.center)
    return rect


Box = tuple[int, int, int, int]  # a Rect as a hashable value: x, y, width, height


def _box(rect: pygame.Rect) -> Box:
    return rect.x, rect.y, rect.w, rect.h


def tag_spot(
    size: tuple[int, int], above: pygame.Rect, bounds: pygame.Rect, avoid: Sequence[pygame.Rect]
) -> pygame.Rect:
    """Where a tag of ``size`` about ``above`` goes: the first of above (centred, then flush
    with its right or left edge) and below (likewise) that covers none of ``avoid`` once kept
    inside ``bounds``, else the nearest place that covers none, else the one covering fewest.
    Memoised: a tag is drawn every frame, and the search for a free place grows with the square
    of what it avoids (a board's every clickable cell)."""
    spot = _tag_spot(size, _box(above), _box(bounds), tuple(map(_box, avoid)))
    return pygame.Rect(spot)


@lru_cache(maxsize=64)
def _tag_spot(size: tuple[int, int], anchor: Box, limits: Box, avoided: tuple[Box, ...]) -> Box:
    above, bounds = pygame.Rect(anchor), pygame.Rect(limits)
    avoid = [pygame.Rect(r) for r in avoided]
    best: tuple[int, pygame.Rect] | None = None
    for y_point, y in (("bottom", above.top - 2), ("top", above.bottom + 2)):
        for x_point, x in (("centerx", above.centerx), ("right", above.right), ("x", above.x)):
            rect = pygame.Rect((0, 0), size)
            setattr(rect, y_point, y)
            setattr(rect, x_point, x)
            rect.clamp_ip(bounds)
            covered = sum(rect.colliderect(r) for r in avoid)
            if best is None or covered < best[0]:
                best = (covered, rect)
            if not covered:
                return _box(rect)
    assert best is not None
    return _box(nearest_clear(size, above, bounds, avoid) or best[1])


def mark_ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, unit: int) -> None:
    """A crisp ring with dark edging round something marked (the last move, a log row)."""
    outer = rect.inflate(unit, unit)
    radius = max(3, min(rect.w, rect.h) // 8)
    pygame.draw.rect(surface, darker(colour, 0.7), outer.inflate(2, 2), max(2, unit // 2) + 2,
                     radius + 2)  # fmt: skip
    pygame.draw.rect(surface, colour, outer, max(2, unit // 2), radius)


def note(
    surface: pygame.Surface,
    art: Art,
    text: str,
    width: int,
    place: Callable[[pygame.Rect], None],
    bounds: pygame.Rect,
    accent: Colour,
    px: int,
) -> pygame.Rect:
    """A tooltip: ``text`` wrapped to ``width``, in a box that ``place`` positions (it sets the
    box's anchor point) and ``bounds`` keeps inside, with an ``accent`` bar on its left."""
    p = art.p
    images = _note_lines(art, text, width, px)
    pad, line_h = _note_metrics(px)
    box = pygame.Rect((0, 0), _note_box(images, px))
    place(box)
    box.clamp_ip(bounds)
    surface.blit(art.panel(box.w, box.h, (*p["panel"], 240), accent, pad), box)
    pygame.draw.rect(surface, accent, (box.x, box.y + 6, 3, box.h - 12))
    for i, image in enumerate(images):
        surface.blit(
            image, (box.x + pad, box.y + pad + i * line_h + (line_h - image.get_height()) // 2)
        )
    return box


def _note_metrics(px: int) -> tuple[int, int]:
    """A note's padding and line height for text of ``px``."""
    return max(4, round(px * 0.6)), round(px * 1.3)


def _note_lines(art: Art, text: str, width: int, px: int) -> list[pygame.Surface]:
    """``text`` wrapped to ``width`` and rendered, once per note drawn (wrapping measures every
    word, and a hovered note is drawn every frame)."""
    return [art.text(line, px, art.p["text"]) for line in wrap(text, get_font(px), width)]


def _note_box(images: list[pygame.Surface], px: int) -> tuple[int, int]:
    pad, line_h = _note_metrics(px)
    return max(i.get_width() for i in images) + 2 * pad, line_h * len(images) + 2 * pad


def note_size(art: Art, text: str, width: int, px: int) -> tuple[int, int]:
    """The size of :func:`note`'s box for ``text`` wrapped to ``width``: a board that must find
    room for a note tries a few widths before it draws one."""
    return _note_box(_note_lines(art, text, width, px), px)


def info_box(
    surface: pygame.Surface,
    art: Art,
    rows: list[list[pygame.Surface]],
    anchor: pygame.Rect,
    bounds: pygame.Rect,
    unit: float,
) -> pygame.Rect:
    """A small panel of ``rows`` (each pictures left to right: words, a symbol) just above
    ``anchor``, below it when there is no room above, inside ``bounds``: what a hovered thing
    would do (an attack against its defence)."""
    gap, pad = round(0.5 * unit), round(unit)
    heights = [max(i.get_height() for i in row) for row in rows]
    width = max(sum(i.get_width() for i in row) + gap * (len(row) - 1) for row in rows)
    box = pygame.Rect(0, 0, width + 2 * pad, sum(heights) + pad)
    box.midbottom = (anchor.centerx, anchor.top - round(0.4 * unit))
    if box.top < bounds.top:
        box.midtop = (anchor.centerx, anchor.bottom + round(0.4 * unit))
    box.clamp_ip(bounds)
    p = art.p
    surface.blit(art.panel(box.w, box.h, (*p["panel"], 235), p["panel_edge"], round(unit)), box)
    y = box.y + pad // 2
    for row, h in zip(rows, heights, strict=True):
        blit_row(surface, row, (box.x + pad, y + h // 2), gap)
        y += h
    return box


def stack(
    surface: pygame.Surface,
    art: Art,
    rect: pygame.Rect,
    back: pygame.Surface,
    shadow: pygame.Surface,
    layers: int,
    count: int,
    px: int,
    slant: float = 0.0,
) -> None:
    """A pile face down at ``rect`` (a deck, the tiles to turn up): ``layers`` backs stacked
    downwards (and ``slant`` of a step to the right each), their ``shadow`` under them, and the
    ``count`` on a gold badge at the corner."""
    step = max(1.0, rect.h * 0.035)
    if layers:
        blit_center(
            surface, shadow, (rect.centerx + 2, rect.centery + rect.h * 0.05 + layers * step)
        )
    for i in reversed(range(layers)):
        surface.blit(back, (round(rect.x + i * step * slant), round(rect.y + i * step)))
    if count:
        art.badge(surface, str(count), (rect.right, rect.bottom + layers * step / 2), px)


def popup_beside(
    size: tuple[int, int],
    anchor: pygame.Rect,
    bounds: pygame.Rect,
    avoid: list[pygame.Rect],
    gap: int,
) -> pygame.Rect:
    """Where a chooser popup of ``size`` goes: beside ``anchor`` (never over it), inside
    ``bounds``, hiding the fewest of ``avoid``; beside first, then off the corners."""
    best: tuple[int, int, pygame.Rect] | None = None
    spots = (
        ("midleft", "midright", (gap, 0)),
        ("midright", "midleft", (-gap, 0)),
        ("midtop", "midbottom", (0, gap)),
        ("midbottom", "midtop", (0, -gap)),
        ("bottomright", "topleft", (-gap, -gap)),
        ("bottomleft", "topright", (gap, -gap)),
        ("topright", "bottomleft", (-gap, gap)),
        ("topleft", "bottomright", (gap, gap)),
    )
    for order, (point, at, (dx, dy)) in enumerate(spots):
        popup = pygame.Rect((0, 0), size)
        x, y = getattr(anchor, at)
        setattr(popup, point, (x + dx, y + dy))
        popup.clamp_ip(bounds)
        hidden = sum(popup.colliderect(r) for r in avoid) + 100 * popup.colliderect(anchor)
        if best is None or (hidden, order) < best[:2]:
            best = (hidden, order, popup)
    assert best is not None
    return best[2]


def gap_between(a: pygame.Rect, b: pygame.Rect) -> float:
    """How far apart two rectangles are (0 when they touch or overlap)."""
    dx = max(0, b.left - a.right, a.left - b.right)
    dy = max(0, b.top - a.bottom, a.top - b.bottom)
    return math.hypot(dx, dy)


def nearest_clear(
    size: tuple[int, int],
    anchor: pygame.Rect,
    bounds: pygame.Rect,
    avoid: Sequence[pygame.Rect],
) -> pygame.Rect | None:
    """The place for a box of ``size`` inside ``bounds`` that covers none of ``avoid`` and lies
    nearest ``anchor``, or None when there is none: a label that must leave the whole table
    readable, however the table is laid out. Only places flush with an edge of ``bounds``, of
    something avoided or of ``anchor`` are tried: any free place slides into one of them."""
    w, h = size
    xs = {bounds.left, bounds.right - w, anchor.left - w, anchor.right, anchor.centerx - w // 2}
    ys = {bounds.top, bounds.bottom - h, anchor.top - h, anchor.bottom, anchor.centery - h // 2}
    for r in avoid:
        xs.update((r.right, r.left - w))
        ys.update((r.bottom, r.top - h))
    best: tuple[float, float, pygame.Rect] | None = None
    cx, cy = anchor.center
    for y in sorted(ys):
        for x in sorted(xs):
            rect = pygame.Rect(x, y, w, h)
            if not bounds.contains(rect) or rect.collidelist(avoid) >= 0:
                continue
            # Nearest first; of places as near, the one most in line with the anchor.
            key = (gap_between(rect, anchor), math.hypot(rect.centerx - cx, rect.centery - cy))
            if best is None or key < best[:2]:
                best = (*key, rect)
    return None if best is None else best[2]


def chooser_rects(
    count: int,
    card: tuple[int, int],
    anchor: pygame.Rect,
    bounds: pygame.Rect,
    avoid: list[pygame.Rect],
    unit: float,
    columns: int = 3,
) -> list[pygame.Rect]:
    """A chooser popup beside ``anchor``: ``[popup, card 1, card 2, …]``, ``count`` option
    cards of size ``card`` in rows of ``columns`` under a heading."""
    gap, head, pad = round(0.8 * unit), round(3.6 * unit), round(1.2 * unit)
    cols = min(columns, count)
    rows = math.ceil(count / cols)
    w = cols * card[0] + (cols - 1) * gap + 2 * pad
    h = head + rows * card[1] + (rows - 1) * gap + pad
    popup = popup_beside((w, h), anchor, bounds.inflate(-2 * gap, -2 * gap), avoid, 2 * gap)
    rects = [popup]
    for i in range(count):
        r, c = divmod(i, cols)
        x, y = popup.x + pad + c * (card[0] + gap), popup.y + head + r * (card[1] + gap)
        rects.append(pygame.Rect(x, y, *card))
    return rects


def draw_chooser(
    surface: pygame.Surface,
    art: Art,
    rects: list[pygame.Rect],
    title: str,
    options: list[tuple[str, Callable[[pygame.Surface, pygame.Rect], None]]],
    colour: Colour,
    mouse: tuple[int, int] | None,
    hinted: int | None,
    appear: float,
    unit: float,
) -> None:
    """The chooser popup fading in (``appear`` 0..1): a heading, and per option a card with its
    picture (``paint(surface, card)``), its label, its key number; hover and hint glow."""
    p, popup, cards = art.p, rects[0], rects[1:]
    panel = art.panel(popup.w, popup.h, (*p["panel"], 240), lighter(colour, 0.3), round(1.2 * unit))
    blit_center(surface, panel, popup.center, round(255 * min(1.0, max(0.0, appear))))
    if appear < 0.6:
        return
    px = max(9, round(1.8 * unit))
    head = art.text(title, px, p["text"], bold=True)
    surface.blit(head, (popup.x + round(1.2 * unit), popup.y + round(0.8 * unit)))
    for n, ((label, paint), card) in enumerate(zip(options, cards, strict=True), start=1):
        hover = mouse is not None and card.collidepoint(mouse)
        hint = hinted == n - 1
        fill = lighter(p["panel"], 0.16 if hover else 0.07)
        edge = (
            p["hint"]
            if hint
            else lighter(colour, 0.45)
            if hover
            else mix(p["panel_edge"], colour, 0.4)
        )
        surface.blit(art.panel(card.w, card.h, (*fill, 255), edge, round(0.8 * unit)), card)
        if hover or hint:
            ring = art.glow(card.w, card.h, p["hint"] if hint else lighter(colour, 0.3),
                            max(2, round(unit * 0.35)))  # fmt: skip
            blit_center(surface, ring, card.center, 255 if hint else 180)
        paint(surface, card)
        text = art.text(label, max(9, round(1.4 * unit)), p["text"] if hover else p["text_dim"])
        surface.blit(text, text.get_rect(midbottom=(card.centerx, card.bottom - round(0.4 * unit))))
        key = art.text(str(n), max(9, round(1.2 * unit)), p["panel"], bold=True)
        badge = pygame.Rect(card.x + round(0.4 * unit), card.y + round(0.4 * unit), 0, 0)
        badge.size = (key.get_height(), key.get_height())
        pygame.draw.rect(surface, p["text_dim"], badge, border_radius=round(0.3 * unit))
        blit_center(surface, key, badge.center)


@dataclass(frozen=True)
class Seat:
    """What a player's panel says: the side, who plays it, whose turn it is, a few counters."""

    side: int  # the seat (its colour is ``art.side(side)``)
    name: str  # the side's name ("Blue", "Player 1")
    player: str  # who plays it ("You", "Hard AI"); "" to leave it out
    state: str = ""  # "active" (to move), "thinking" (an AI to move), "winner" or ""
    counters: tuple[str, ...] = ()  # short counts on the panel's last line ("Flags 2")


SEAT_TAGS = {"active": "kit.to_move", "thinking": "kit.thinking", "winner": "kit.winner"}


def seat_panel(
    art: Art,
    size: tuple[int, int],
    seat: Seat,
    unit: float,
    mark: Callable[[int, int], pygame.Surface],
    body: Callable[[pygame.Surface, pygame.Rect], None] | None = None,
    body_key: Hashable = None,
) -> pygame.Surface:
    """A player's panel, drawn once per content: a strip in the side's colour with its
    ``mark(side, px)``, name and a tag (whose turn, the winner, else who plays it), who plays it
    under the strip while the tag says the state, the game's own ``body(surface, rect)`` (pieces
    left, score) below, and the ``counters`` on the last line; ``body_key`` is what the body
    shows, for the cache."""

    def build() -> pygame.Surface:
        p, (w, h) = art.p, size
        image = pygame.Surface(size, pygame.SRCALPHA)
        colour, radius = art.side(seat.side), round(1.2 * unit)
        image.blit(art.panel(w, h, (*p["panel"], 215), mix(p["panel_edge"], colour, 0.5), radius),
                   (0, 0))  # fmt: skip
        strip = pygame.Rect(0, 0, w, min(round(5.2 * unit), h // 2 if seat.counters else h))
        image.blit(art.panel(w, strip.h, (*darker(colour, 0.15), 255), colour, radius), strip)
        pad, px = round(1.2 * unit), max(9, round(min(2.2 * unit, strip.h * 0.6)))
        tag_px = max(9, round(px * 0.7))
        if seat.state:
            words = i18n.t(SEAT_TAGS[seat.state])
            tag = art.fitted(words, tag_px, p["panel"], w * 2 // 5 - pad, bold=True)
        else:
            tag = art.fitted(seat.player, tag_px, lighter(colour, 0.7), w // 2 - pad)
        tag_rect = tag.get_rect(midright=(w - pad, strip.centery))
        if seat.state:
            back = tag_rect.inflate(round(1.2 * unit), round(0.3 * unit))
            colour_back = p["gold"] if seat.state == "winner" else p["text"]
            pygame.draw.rect(image, colour_back, back, border_radius=back.h // 2)
        image.blit(tag, tag_rect)
        icon = mark(seat.side, round(px * 1.2))
        left = tag_rect.x - (round(1.2 * unit) if seat.state else 0)  # where its pill begins
        room = left - 2 * pad - icon.get_width()
        name = art.fitted(seat.name, px, p["text"], room, bold=True)
        blit_row(image, [icon, name], (pad, strip.centery), pad // 2)
        small, below = max(9, round(1.4 * unit)), strip.bottom + round(0.4 * unit)
        if seat.state and seat.player and h - strip.h > 3 * small:
            who = art.fitted(seat.player, small, p["text_dim"], w - 2 * pad)
            image.blit(who, who.get_rect(topright=(w - pad, below)))
        bottom = h
        if seat.counters:
            line = art.fitted("   ".join(seat.counters), small, p["text_dim"], w - 2 * pad)
            bottom = h - line.get_height() - (round(0.3 * unit) if body else 0)
            y = bottom if body else (strip.bottom + h - line.get_height()) // 2
            image.blit(line, (pad, y))
        if body is not None:
            body(image, pygame.Rect(pad, below, w - 2 * pad, bottom - below - round(0.4 * unit)))
        return image

    return art.cached(("seat_panel", size, seat, unit, body_key), build)


def draw_seat(
    surface: pygame.Surface,
    art: Art,
    rect: pygame.Rect,
    seat: Seat,
    unit: float,
    breathing: int,
    mark: Callable[[int, int], pygame.Surface],
    body: Callable[[pygame.Surface, pygame.Rect], None] | None = None,
    body_key: Hashable = None,
) -> None:
    """The panel at ``rect`` with a glow round it while the seat is to move (``breathing`` its
    alpha) or has won (gold, steady)."""
    if seat.state:
        winner = seat.state == "winner"
        colour = art.p["gold"] if winner else lighter(art.side(seat.side), 0.2)
        glow = art.glow(rect.w, rect.h, colour, max(3, round(unit * 0.5)))
        blit_center(surface, glow, rect.center, 255 if winner else breathing)
    surface.blit(seat_panel(art, rect.size, seat, unit, mark, body, body_key), rect)


def button(
    surface: pygame.Surface, art: Art, rect: pygame.Rect, label: str, hot: bool = False
) -> None:
    """A rounded gold button, lighter while hovered (``hot``)."""
    p = art.p
    fill = lighter(p["gold"], 0.18) if hot else p["gold"]
    surface.blit(art.panel(rect.w, rect.h, (*fill, 255), lighter(fill, 0.35), rect.h // 2), rect)
    ink = darker(p["gold"], 0.8)
    text = art.fitted(label, max(8, round(rect.h * 0.55)), ink, rect.w - 8, bold=True)
    blit_center(surface, text, rect.center)


def switch(
    surface: pygame.Surface, art: Art, rect: pygame.Rect, label: str, on: bool, px: int
) -> None:
    """An on/off switch at the left of ``rect`` with its ``label`` beside it (a player setting);
    ``art.p["legal"]`` lights it when on."""
    p = art.p
    knob_h = round(rect.h * 0.7)
    track = pygame.Rect(rect.x, 0, round(knob_h * 1.9), knob_h)
    track.centery = rect.centery
    fill = p["legal"] if on else lighter(p["panel"], 0.25)
    surface.blit(art.panel(track.w, track.h, (*fill, 255), lighter(fill, 0.3), track.h // 2), track)
    knob_x = track.right - knob_h // 2 if on else track.x + knob_h // 2
    pygame.draw.circle(surface, p["text"], (knob_x, track.centery), knob_h // 2 - 2)
    ink = p["text"] if on else p["text_dim"]
    text = art.fitted(label, px, ink, rect.w - track.w - 8)
    surface.blit(text, text.get_rect(midleft=(track.right + knob_h // 3, rect.centery)))


def hint_rings(
    surface: pygame.Surface,
    rects: Sequence[pygame.Rect | None],
    colour: Colour,
    unit: int,
    alpha: int,
) -> None:
    """A ring ``unit`` off each part of a hinted move (None: not shown yet), numbered when the
    move has several parts."""
    for n, rect in enumerate(rects, 1):
        if rect is None:
            continue
        ring = pygame.Surface(rect.inflate(2 * unit, 2 * unit).size, pygame.SRCALPHA)
        pygame.draw.rect(ring, (*colour, alpha), ring.get_rect(), max(2, unit // 2) + 1,
                         max(4, min(rect.w, rect.h) // 6))  # fmt: skip
        surface.blit(ring, rect.inflate(2 * unit, 2 * unit))
        if len(rects) > 1:
            radius = max(9, round(unit * 1.6))
            centre = (rect.left - unit // 2, rect.top - unit // 2)
            pygame.draw.circle(surface, darker(colour, 0.7), centre, radius + 2)
            pygame.draw.circle(surface, colour, centre, radius)
            label = render(str(n), round(radius * 1.3), darker(colour, 0.8), bold=True)
            surface.blit(label, label.get_rect(center=centre))
