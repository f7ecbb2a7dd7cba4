"""Where everything of the Tsuno Senki board lies, for any window from 800x540 up.

The field (the six areas round 半山城) takes the left of the board, the side panel the right: the
date marker's dice and the dice tray on top, the acting area's action buttons under them. The
areas stand in a ring (a flat-topped hexagon round the castle) or in the 2x3 grid of the layout
option, with the castle between the grid's two rows.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import pygame

from game.engines.tsuno.rules import GRID
from game.ui.draw import MIN_READABLE_PX


@dataclass
class AreaGeo:
    """One area's box and the places inside it."""

    box: pygame.Rect
    header: pygame.Rect  # number, ability icon, seat colour
    chips: pygame.Rect  # the pile of Ichijo chips
    unit: pygame.Rect  # the unit chip with its morale die
    slots: tuple[pygame.Rect, pygame.Rect]  # the two side slots


@dataclass
class Geo:
    rect: pygame.Rect
    unit: int  # a text/line unit that scales with the window
    field: pygame.Rect
    panel: pygame.Rect
    castle: pygame.Rect
    castle_units: pygame.Rect  # where units in the castle stand
    pool: pygame.Rect  # the castle's soldiers
    wounded: pygame.Rect
    supply: pygame.Rect
    date: pygame.Rect  # the date marker's two dice
    tray: pygame.Rect  # the dice tray
    actions: pygame.Rect  # the action buttons
    areas: dict[int, AreaGeo] = dataclasses.field(default_factory=dict)
    foot_rows: bool = False  # the castle's counts one under another (a narrow, tall foot)


def area_geo(box: pygame.Rect) -> AreaGeo:
    pad = max(3, box.w // 30)
    header = pygame.Rect(box.x + pad, box.y + pad, box.w - 2 * pad, round(box.h * 0.24))
    body = pygame.Rect(
        box.x + pad, header.bottom + pad, box.w - 2 * pad, box.bottom - header.bottom - 2 * pad
    )
    chips = pygame.Rect(body.x, body.y, round(body.w * 0.34), body.h)
    side = min(body.h * 0.62, body.w * 0.36)
    centre = (round(body.x + body.w * 0.56), round(body.y + body.h * 0.42))
    unit = pygame.Rect(0, 0, round(side), round(side)).move_to(center=centre)
    slot = max(8, round(side * 0.5))
    right = body.right - slot // 2 - 1
    s1, s2 = (pygame.Rect(0, 0, slot, slot).move_to(center=(right, round(body.y + body.h * k)))
              for k in (0.27, 0.73))  # fmt: skip
    return AreaGeo(box, header, chips, unit, (s1, s2))


def compute(rect: pygame.Rect, layout: str) -> Geo:
    rect = pygame.Rect(rect)
    unit = max(8, min(rect.w // 90, rect.h // 56))
    gap = max(4, unit // 2)
    panel_w = max(230, min(round(rect.w * 0.36), 460))
    panel = pygame.Rect(rect.right - panel_w - gap, rect.y + gap, panel_w, rect.h - 2 * gap)
    field = pygame.Rect(rect.x + gap, rect.y + gap, panel.x - rect.x - 2 * gap, rect.h - 2 * gap)
    boxes, castle = (_grid if layout == GRID else _ring)(field, gap)
    date_h = round(panel.h * 0.13)
    date = pygame.Rect(panel.x, panel.y, panel.w, date_h)
    tray = pygame.Rect(panel.x, date.bottom + gap, panel.w, round(panel.h * 0.27))
    actions = pygame.Rect(panel.x, tray.bottom + gap, panel.w, panel.bottom - tray.bottom - gap)
    # Inside the castle: the keep on top, the units that fell back below it, counts at the foot.
    keep_h = round(castle.h * 0.42)
    strip_h = min(round(castle.h * 0.28), castle.w // 7)
    castle_units = pygame.Rect(0, castle.y + keep_h, min(castle.w, round(strip_h * 6.6)), strip_h)
    castle_units.centerx = castle.centerx
    foot = pygame.Rect(castle.x, castle_units.bottom, castle.w, castle.bottom - castle_units.bottom)
    # Three columns, label over count; where the foot is narrow and tall (the ring) three
    # rows, label beside count, so that the labels keep a readable size.
    rows = foot.h >= foot.w * 0.75
    third = (foot.h if rows else foot.w) // 3
    if rows:
        pool, wounded, supply = (pygame.Rect(foot.x, foot.y + k * third, foot.w, third)
                                 for k in range(3))  # fmt: skip
    else:
        pool, wounded, supply = (pygame.Rect(foot.x + k * third, foot.y, third, foot.h)
                                 for k in range(3))  # fmt: skip
    geo = Geo(rect, unit, field, panel, castle, castle_units, pool, wounded, supply, date, tray,
              actions, foot_rows=rows)  # fmt: skip
    geo.areas = {a: area_geo(box) for a, box in boxes.items()}
    return geo


def _ring(field: pygame.Rect, gap: int) -> tuple[dict[int, pygame.Rect], pygame.Rect]:
    """A flat-topped hexagon: 1 top left, then clockwise; the castle in the middle."""
    aw = round(min(field.w * 0.31, field.h * 0.42))
    ah = round(min(field.h * 0.29, aw * 0.86))
    rx = (field.w - aw) / 2
    ry = (field.h - ah) / 2
    cx, cy = field.center
    boxes = {}
    for a in range(1, 7):
        angle = math.radians(-120 + 60 * (a - 1))
        centre = (round(cx + rx * math.cos(angle)), round(cy + ry * math.sin(angle)))
        boxes[a] = pygame.Rect(0, 0, aw, ah).move_to(center=centre)
    inner_w = round(2 * rx - aw - 2 * gap)
    inner_h = round(2 * ry * math.sin(math.radians(60)) - ah - 2 * gap)
    return boxes, pygame.Rect(0, 0, max(60, inner_w), max(60, inner_h)).move_to(center=(cx, cy))


def _grid(field: pygame.Rect, gap: int) -> tuple[dict[int, pygame.Rect], pygame.Rect]:
    """Areas 1-2-3 over 4-5-6 with the castle between the rows."""
    aw = (field.w - 2 * gap) // 3
    ah = round(min(field.h * 0.36, aw * 0.95))
    castle_h = field.h - 2 * ah - 2 * gap
    boxes = {}
    for a in range(1, 7):
        row, col = divmod(a - 1, 3)
        y = field.y if row == 0 else field.bottom - ah
        boxes[a] = pygame.Rect(field.x + col * (aw + gap), y, aw, ah)
    castle = pygame.Rect(0, 0, min(field.w, round(castle_h * 2.2)), castle_h)
    return boxes, castle.move_to(center=field.center)


def text_px(unit: int, k: float) -> int:
    """Type of ``k`` units, never under the readable floor."""
    return max(MIN_READABLE_PX, round(unit * k))
