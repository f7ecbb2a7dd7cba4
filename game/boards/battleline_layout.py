"""Where Battle Line's things are drawn: the geometry derived from the board rect (recomputed
on resize), the fan of a hand, and the sprites that carry each card, flag and banner between
the places an observation gives them."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.boards.battleline_art import STRIP, card_height
from game.engines.battleline.actions import NUM_FLAGS

Z_MOVING = 10_000  # sprites in flight are drawn above everything at rest


# --- sprites: the animated state of what is drawn ----------------------------------------------
@dataclass
class CardSprite:
    """A card the viewer can see (``card``), or an anonymous back in flight (``card`` None)."""

    card: int | None
    deck: int
    x: float  # centre
    y: float
    w: float  # width in pixels (height follows the card aspect)
    angle: float = 0.0
    face: float = 1.0  # 0 back up, 1 face up (a flip turns it over halfway)
    z: int = 0
    moving: bool = False
    alpha: float = 1.0


@dataclass
class FlagSprite:
    owner: int = -1
    offset: float = 0.0  # -1 moved to the opponent's side (top), +1 to the viewer's, 0 centre
    burst: float = 0.0  # a claim's ring (0 none, grows to 1)


@dataclass
class Place:
    x: float
    y: float
    w: float
    angle: float
    z: int


@dataclass
class Drag:
    card: int
    start: tuple[int, int]
    active: bool = False


@dataclass
class Geometry:
    """Every rectangle and size derived from the board rect (recomputed on resize)."""

    unit: float
    felt: pygame.Rect
    column: pygame.Rect
    ridge: pygame.Rect  # the flag row across the felt
    xs: list[float]  # flag column centres
    pitch: float
    cw: int  # a card at a flag
    ch: int
    step: int  # the visible strip of a covered card
    label_h: int
    opp_label_y: int
    opp_stack_bottom: int  # the bottom of the opponent's first card at each flag
    my_stack_top: int
    my_label_y: int
    flag_size: tuple[int, int]
    hand_w: int
    hand_top: int
    hand_span: int  # the widest the hand fan may be
    back_w: int
    back_top: int
    opp_plate: pygame.Rect
    opp_discard: pygame.Rect
    decks: tuple[pygame.Rect, pygame.Rect]  # troop, tactics
    action: pygame.Rect
    toggle: pygame.Rect
    step_panel: pygame.Rect  # the tactics card being resolved (empty when there is no room)
    my_discard: pygame.Rect
    my_plate: pygame.Rect
    mini_w: int  # a card in a discard pile

    @property
    def hand_h(self) -> int:
        return card_height(self.hand_w)

    @property
    def back_h(self) -> int:
        return card_height(self.back_w)

    @property
    def field_top(self) -> int:
        return self.opp_label_y - self.label_h // 2

    @property
    def field_bottom(self) -> int:
        return self.my_label_y + self.label_h // 2


# Heights in card heights (ch) of the parts of the felt, top to bottom.
OPP_HAND = 0.78
RIDGE = 0.72
HAND = 1.3
LABEL = 0.19


def compute_geometry(r: pygame.Rect) -> Geometry:
    """The felt with the flag columns on the left; the opponent, decks, buttons and the viewer
    in a column on the right."""
    u = max(4.5, min(r.w / 112, r.h / 74))
    pad = round(u)
    col_w = int(min(max(r.w * 0.17, 14 * u), 24 * u))
    column = pygame.Rect(r.right - pad - col_w, r.y + pad, col_w, r.h - 2 * pad)
    felt = pygame.Rect(r.x + pad, r.y + pad, column.x - r.x - 2 * pad, r.h - 2 * pad)
    pitch = (felt.w - pad) / NUM_FLAGS
    xs = [felt.x + pad / 2 + pitch * (i + 0.5) for i in range(NUM_FLAGS)]
    stack = 1 + 3 * STRIP  # four cards (a Mud flag), each covering all but a strip of the last
    rows = OPP_HAND + 2 * (LABEL + stack) + RIDGE + HAND
    ch = min((felt.h - 2.5 * pad) / rows, pitch * 0.84 * 1.4)
    cw = max(16, int(ch / 1.4))
    ch = card_height(cw)
    step = round(ch * STRIP)
    label_h = max(round(ch * LABEL), 12)
    stack_h = ch + 3 * step
    hand_w = min(round(cw * 1.22), round((felt.w - 2 * pad) / 5.5))
    back_w = round(cw * 0.74)
    hand_h = card_height(hand_w) * 1.12  # the fan's arc and tilt need a little more
    used = card_height(back_w) * 1.08 + 2 * (label_h + stack_h) + ch * RIDGE + hand_h
    spare = max(0.0, felt.h - pad - used)
    gap = spare / 6
    y = felt.y + pad / 2
    back_top = round(y)
    y += card_height(back_w) * 1.08 + gap
    opp_label_y = round(y + label_h / 2)
    y += label_h + gap * 0.4
    opp_stack_bottom = round(y + stack_h)
    y += stack_h + gap * 0.6
    ridge = pygame.Rect(felt.x, round(y), felt.w, round(ch * RIDGE + gap * 1.2))
    y = ridge.bottom + gap * 0.6
    my_stack_top = round(y)
    y += stack_h + gap * 0.4
    my_label_y = round(y + label_h / 2)
    y += label_h + gap * 0.8
    hand_top = round(y)
    fh = round(ch * RIDGE * 0.95)
    # the side column
    ip = max(4, round(0.8 * u))
    inner_w = col_w - 2 * ip
    plate_h = round(max(5.2 * u, 30))
    lh = max(12, round(1.8 * u))
    mini_w = min(round(inner_w / 2.4), round(cw * 0.8))
    discard_h = lh + card_height(mini_w)
    opp_plate = pygame.Rect(column.x + ip, column.y + ip, inner_w, plate_h)
    opp_discard = pygame.Rect(column.x + ip, opp_plate.bottom + ip, inner_w, discard_h)
    my_plate = pygame.Rect(column.x + ip, column.bottom - ip - plate_h, inner_w, plate_h)
    my_discard = pygame.Rect(column.x + ip, my_plate.top - ip - discard_h, inner_w, discard_h)
    bh = round(max(3.4 * u, 20))
    th = round(bh * 0.8)
    kw = min((inner_w - ip) // 2, cw)
    kh = card_height(kw)
    block = lh + kh + round(kw * 0.1) + ip + bh + ip // 2 + th
    free_top, free_bottom = opp_discard.bottom + ip, my_discard.top - ip
    deck_y = round(ridge.centery - (lh + kh) / 2)
    deck_y = max(free_top, min(deck_y, free_bottom - block))
    gap_x = (inner_w - 2 * kw) // 3
    decks = (
        pygame.Rect(column.x + ip + gap_x, deck_y + lh, kw, kh),
        pygame.Rect(column.x + ip + 2 * gap_x + kw, deck_y + lh, kw, kh),
    )
    action = pygame.Rect(column.x + ip, decks[0].bottom + round(kw * 0.1) + ip, inner_w, bh)
    toggle = pygame.Rect(column.x + ip, action.bottom + ip // 2, inner_w, th)
    step_top = opp_discard.bottom + ip
    step_h = deck_y - ip - step_top
    step_panel = pygame.Rect(column.x + ip, step_top, inner_w, step_h if step_h > 3 * lh else 0)
    return Geometry(
        unit=u,
        felt=felt,
        column=column,
        ridge=ridge,
        xs=xs,
        pitch=pitch,
        cw=cw,
        ch=ch,
        step=step,
        label_h=label_h,
        opp_label_y=opp_label_y,
        opp_stack_bottom=opp_stack_bottom,
        my_stack_top=my_stack_top,
        my_label_y=my_label_y,
        flag_size=(round(fh * 0.9), fh),
        hand_w=hand_w,
        hand_top=hand_top,
        hand_span=felt.w - 2 * pad,
        back_w=back_w,
        back_top=back_top,
        opp_plate=opp_plate,
        opp_discard=opp_discard,
        decks=decks,
        action=action,
        toggle=toggle,
        step_panel=step_panel,
        my_discard=my_discard,
        my_plate=my_plate,
        mini_w=mini_w,
    )


def fan_arc(i: int, mid: float) -> float:
    """0 in the middle of a fan, 1 at its ends."""
    return ((i - mid) / mid) ** 2 if mid else 0.0


def fan_offsets(n: int, width: int, span: int, overlap: float) -> list[float]:
    """Horizontal offsets of ``n`` cards of ``width`` fanned within ``span``."""
    if n <= 1:
        return [0.0] * n
    spacing = min(width * overlap, (span - width) / (n - 1))
    return [(i - (n - 1) / 2) * spacing for i in range(n)]
