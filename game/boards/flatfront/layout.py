"""Where things go on the Flat Front board: the mat with the field on the left, the column of
pile, face-up tile and player cards on the right, and the field's cells as a camera shows them."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.boards.flatfront.art import square_offsets
from game.engines.flatfront import MAX_SPAN
from game.engines.flatfront.observation import FlatFrontObservation

VIEW_CELLS = 6.25  # cells visible across and down: a 4-wide field plus a free cell each side
TILE_ASPECT = 1.5
GAP = 0.06  # gap between neighbouring tiles, relative to the tile height
PIECE_HEIGHT = 0.58  # a standing piece, relative to the tile height
Camera = tuple[float, float]  # the field cell at the centre of the area


def label_px(unit: float) -> int:
    """The size of the PILE / FACE UP labels (never below 9 px, as every board text)."""
    return max(9, round(1.45 * unit))


def camera_target(obs: FlatFrontObservation) -> Camera:
    """Centre of the field plus every cell a tile could still go to (within the 5x5 limit)."""
    tiles = obs["tiles"]
    if not tiles:
        return 0.5, 0.5
    xs, ys = [t["cell"][0] for t in tiles], [t["cell"][1] for t in tiles]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    to_come = obs["pile"] + (obs["face_up"] is not None)
    if to_come and obs["phase"] in ("placement", "pieces"):
        x0, x1 = max(x0 - 1, x1 - MAX_SPAN + 1), min(x1 + 1, x0 + MAX_SPAN - 1)
        y0, y1 = max(y0 - 1, y1 - MAX_SPAN + 1), min(y1 + 1, y0 + MAX_SPAN - 1)
    return (x0 + x1 + 1) / 2, (y0 + y1 + 1) / 2


class Geometry:
    """Every rectangle and size derived from the board rect (recomputed on resize): the mat with
    the field on the left; pile, face-up tile and cards in a column on the right.

    ``area`` is where tiles go (the mat below the banner); ``unit`` scales text and margins.
    """

    def __init__(self, r: pygame.Rect) -> None:
        u = self.unit = max(5.0, min(r.w / 112, r.h / 74))
        pad = round(1.6 * u)
        col_w = int(min(max(r.w * 0.21, 170), 320))
        column = self.column = pygame.Rect(r.right - pad - col_w, r.y + pad, col_w, r.h - 2 * pad)
        mat = self.mat = pygame.Rect(r.x + pad, r.y + pad, column.x - r.x - 2 * pad, r.h - 2 * pad)
        banner = self.banner = pygame.Rect(
            0, 0, round(mat.w * 0.72), round(max(6.5 * u, mat.h * 0.1))
        )
        banner.midtop = (mat.centerx, mat.y + round(1.2 * u))
        self.area = pygame.Rect(mat.x, banner.bottom, mat.w, mat.bottom - banner.bottom)
        th = min(self.area.h / VIEW_CELLS, self.area.w / (VIEW_CELLS * TILE_ASPECT))
        self.tile = (round(th * TILE_ASPECT), round(th))
        self.pitch = (th * TILE_ASPECT + th * GAP, th + th * GAP)
        # the column: pile and face-up slot side by side, then the two player cards, then a legend
        inner = column.inflate(-2 * pad, 0)
        sw = min(round(th * TILE_ASPECT), (inner.w - pad) // 2)
        slot_tile = (sw, round(sw / TILE_ASPECT))
        # room for the PILE / FACE UP labels above the slots' dashed outlines (M+ lines ~1.5 em)
        top = column.y + max(round(2.6 * u), round(1.5 * label_px(u)) + 4)
        self.pile = pygame.Rect(inner.x, top, *slot_tile)
        self.slot = pygame.Rect(inner.right - sw, top, *slot_tile)
        cards_top = top + slot_tile[1] + round(5.6 * u)
        legend_h = round(4.5 * u)
        card_h = min(round(24 * u), (column.bottom - legend_h - cards_top - pad) // 2)
        self.cards = (
            pygame.Rect(column.x, cards_top, col_w, card_h),
            pygame.Rect(column.x, cards_top + card_h + pad, col_w, card_h),
        )
        self.legend = pygame.Rect(column.x, column.bottom - legend_h, col_w, legend_h)

    def fs(self, size: float) -> int:
        """A font size in layout units (never below 9 px)."""
        return max(9, round(size * self.unit))

    def cell_center(self, cell: Sequence[float], camera: Camera) -> tuple[float, float]:
        """Where a cell is drawn with the camera at ``camera``."""
        return (
            self.area.centerx + (cell[0] + 0.5 - camera[0]) * self.pitch[0],
            self.area.centery + (cell[1] + 0.5 - camera[1]) * self.pitch[1],
        )

    def cell_at(self, pos: tuple[int, int], camera: Camera) -> tuple[int, int]:
        return (
            math.floor((pos[0] - self.area.centerx) / self.pitch[0] + camera[0]),
            math.floor((pos[1] - self.area.centery) / self.pitch[1] + camera[1]),
        )

    def tile_rect(self, cell: Sequence[float], camera: Camera) -> pygame.Rect:
        x, y = self.cell_center(cell, camera)
        rect = pygame.Rect(0, 0, *self.tile)
        rect.center = (round(x), round(y))
        return rect

    def piece_bases(
        self, squares: int, pieces: int, center: Sequence[float]
    ) -> list[tuple[float, float]]:
        """The points the pieces of a tile centred at ``center`` stand on: its printed squares."""
        h = self.tile[1]
        offsets = square_offsets(max(squares, pieces), h)[:pieces]
        return [(center[0] + dx, center[1] + dy + 0.1 * h) for dx, dy in offsets]

    def piece_rect(self, base: tuple[float, float]) -> pygame.Rect:
        """A standing piece's box on ``base`` (where the layer keeps it)."""
        height = round(self.tile[1] * PIECE_HEIGHT)
        rect = pygame.Rect(0, 0, max(1, height // 2), height)
        rect.midbottom = (round(base[0]), round(base[1]))
        return rect
