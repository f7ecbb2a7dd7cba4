"""The side panel: each seat's score line, the decks, the card under the mouse at full size (on
a narrow board it floats over the table instead), and the prompt with its buttons."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.layout import split_key
from game.engines.frontline import words as fw
from game.ui.draw import blit_center, darker
from game.ui.text import render

if TYPE_CHECKING:
    from game.boards.frontline.board import FrontlineBoard


def paint_side(board: FrontlineBoard, surface: pygame.Surface) -> None:
    p, geo = board.ctx.palette, board.geo
    pygame.draw.rect(surface, p["panel"], geo.side)
    pygame.draw.line(surface, p["panel_edge"], geo.side.topleft, geo.side.bottomleft, 2)
    for seat in (1 - board.me, board.me):
        _paint_score(board, surface, seat)
    _paint_decks(board, surface)
    _paint_zoom(board, surface)
    _paint_prompt(board, surface)


def score_rect(board: FrontlineBoard, seat: int) -> pygame.Rect:
    box = board.geo.score
    h = box.h * 2 // 5
    top = box.y if seat != board.viewer else box.y + h
    return pygame.Rect(box.x, top, box.w, h)


def _paint_score(board: FrontlineBoard, surface: pygame.Surface, seat: int) -> None:
    """A seat's line: mark, name, VP towards 51, overrun pips, hand and Reserves counts."""
    p, u = board.ctx.palette, board.geo.unit
    rect = score_rect(board, seat)
    info = board.obs["seats"][seat]
    side = board.side_of(seat)
    colour = board.art.army(side)
    mark = fc.army_mark(side, rect.h // 2, p)
    surface.blit(mark, (rect.x, rect.y + u // 3))
    px = max(9, round(rect.h * 0.3))
    vp = render(f"{info['vp']}/51 VP", px, p["gold"], bold=True)
    room = rect.w - mark.get_width() - vp.get_width() - 2 * u
    name = board.art.fitted(board.seat_name(seat), px, p["text"], room, bold=True)
    at = (rect.x + mark.get_width() + u // 2, rect.y + u // 3)
    board.texts.append(surface.blit(name, at))
    board.texts.append(surface.blit(vp, vp.get_rect(topright=(rect.right, rect.y + u // 3))))
    bar = pygame.Rect(rect.x, rect.y + rect.h // 2 + u // 3, rect.w * 3 // 5, max(4, u))
    pygame.draw.rect(surface, darker(colour, 0.6), bar, border_radius=bar.h // 2)
    filled = bar.copy()
    filled.w = round(bar.w * min(1.0, info["vp"] / 51))
    if filled.w:
        pygame.draw.rect(surface, colour, filled, border_radius=bar.h // 2)
    # Overrun: three pips (three end-of-combat checks with no Frontline).
    x = bar.right + u
    for i in range(3):
        lit = i < info["overrun"]
        c = (x + u + i * 2 * u, bar.centery)
        pygame.draw.circle(
            surface, p["hit"] if lit else darker(p["text_dim"], 0.5), c, max(3, u * 2 // 3)
        )
    small = max(9, round(rect.h * 0.24))
    counts = i18n.t(
        "frontline.counts",
        units=info["unit_count"],
        commands=info["command_count"],
        reserves=info["reserves"],
    )
    image = board.art.fitted(counts, small, p["text_dim"], rect.w)
    board.texts.append(surface.blit(image, (rect.x, bar.bottom + u // 3)))


def deck_spots(board: FrontlineBoard) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
    """The shared decks under the score: each deck's kind, the rectangle of its back and the
    box its count is written in, side by side."""
    u, box = board.geo.unit, board.geo.score
    y = box.y + box.h * 4 // 5
    h = box.bottom - y
    back_w = max(8, round(h / fc.RATIO))
    spots = []
    for i, kind in enumerate(("command", "damage")):
        x = box.x + i * (box.w // 2)
        back = pygame.Rect(x, y, back_w, round(back_w * fc.RATIO))
        label = pygame.Rect(back.right + u // 2, y, box.w // 2 - back_w - u, h)
        spots.append((kind, back, label))
    return spots


def _paint_decks(board: FrontlineBoard, surface: pygame.Surface) -> None:
    p = board.ctx.palette
    for kind, back, box in deck_spots(board):
        surface.blit(other.card_back(kind, back.w, p, board.ctx.lang), back)
        label = i18n.t(
            f"frontline.deck.{kind}",
            n=board.obs["command_deck" if kind == "command" else "damage_deck"],
        )
        image = board.art.fitted(label, max(9, round(box.h * 0.42)), p["text_dim"], box.w)
        board.texts.append(surface.blit(image, image.get_rect(midleft=box.midleft)))


def _zoom_image(board: FrontlineBoard, key: Hashable | None, w: int) -> pygame.Surface | None:
    """The card of thing ``key`` at full size (a face-down card of the other side: its
    back)."""
    p, lang = board.ctx.palette, board.ctx.lang
    if key is None:
        return None
    kind, what = split_key(key)
    if kind == "unit" and key in board.views:
        return fc.unit_face(board.views[key]["card"], w, p, lang)
    if kind in ("hand", "pick"):
        return fc.unit_face(what, w, p, lang)
    if kind == "cmd":
        return other.command_face(what, w, p, lang)
    if kind == "down":
        card = board.down_card(key)
        if card is not None:
            return fc.unit_face(card, w, p, lang)
        side = board.side_of(what)
        return other.card_back("US" if side == 0 else "GE", w, p, lang)
    return None


def _paint_zoom(board: FrontlineBoard, surface: pygame.Surface) -> None:
    box = board.geo.zoom
    if box.h == 0:
        return
    w = min(box.w, round(box.h / fc.RATIO))
    image = _zoom_image(board, board.zoomed(), w)
    if image is None:
        back = "US" if board.side_of(board.me) == 0 else "GE"
        image = other.card_back(back, w, board.ctx.palette, board.ctx.lang)
        image.set_alpha(90)
        blit_center(surface, image, box.center)
        image.set_alpha(255)
        return
    blit_center(surface, image, box.center)


def paint_floating_zoom(board: FrontlineBoard, surface: pygame.Surface) -> None:
    """A narrow board: the card under the mouse, large, on the far side of the table."""
    if board.geo.zoom.h or board.mouse is None or board.choosing is not None:
        return
    table = board.geo.table
    w = round(table.h * 0.46 / fc.RATIO)
    image = _zoom_image(board, board.hovered, w)
    if image is None:
        return
    rect = image.get_rect()
    rect.top = board.mouse[1] - rect.h // 2
    if board.mouse[0] < table.centerx:
        rect.right = table.right - board.geo.unit
    else:
        rect.left = table.x + board.geo.unit
    rect.clamp_ip(table)
    surface.blit(image, rect)


def _paint_prompt(board: FrontlineBoard, surface: pygame.Surface) -> None:
    """What the viewer is asked, wrapped over the decision bar's buttons."""
    p, box, u = board.ctx.palette, board.geo.prompt, board.geo.unit
    text = fw.prompt_text(board.obs, board.me, board.legal, board.ctx.seat_names, board.tray_words)
    px = max(9, round(u * 1.5))
    bottom = board.bar.rect.top - u // 2 if board.bar.rect.h else box.bottom
    y = box.y
    for line in fc.wrap_px(text, px, box.w):
        if y + px > bottom:
            break
        image = render(line, px, p["text"])
        surface.blit(image, (box.x, y))
        y += image.get_height()
