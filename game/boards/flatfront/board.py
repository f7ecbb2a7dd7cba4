"""The Flat Front board: the field of tiles, the pile, both players' supplies, and every animation.

It draws only from the observation. Between two observations it animates what changed: a tile
turned up (flips off the pile), a tile placed (slides from the face-up slot), pieces set (drop
in), an attack (attackers pulse, the target is struck, its pieces fall over), a pass or the start
of combat (a banner). One click is one action: a cell in placement, an option in the piece
chooser, an opposing tile in combat.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import cast

import pygame

from game import i18n
from game.boards.base import Board, BoardContext, Obs, Things, hit
from game.boards.flatfront.art import SQUARE_SPACING, FlatFrontArt, draw_emblem, square_offsets
from game.boards.layer import Sprite, blit_sprite
from game.engines.base import State
from game.engines.flatfront import (
    CELL_XY,
    MAX_SPAN,
    POWERS,
    RED,
    SUPPLY,
    TOUCHING_MASKS,
    attack_action,
    decode_attack,
    decode_pieces,
    decode_place,
    is_attack,
    is_pieces,
    is_place,
    pieces_power,
    place_action,
)
from game.turns import Step
from game.ui import overlays
from game.ui.draw import Colour, blit_at, blit_center, blit_row, dashed_rect, lighter, row_width
from game.ui.overlays import Banner

# Named colour roles over the kit's (text, panels, hint, legal, the table's wood and felt:
# ``base.palette_of``); the scene passes one palette as ctx.palette.
PALETTES: dict[str, dict[str, Colour]] = {
    "normal": {
        "parchment": (232, 219, 189),
        "back": (58, 66, 80),
        "gold": (216, 176, 92),
        "blue": (56, 94, 148),
        "red": (168, 58, 44),
        "fallen": (150, 146, 140),
        "target": (250, 176, 60),
        "attacker": (255, 244, 214),
    },
    # Okabe-Ito colours: blue and vermillion stay apart for every common colour deficiency.
    "colorblind": {
        "parchment": (236, 228, 206),
        "back": (60, 60, 66),
        "gold": (240, 228, 66),
        "blue": (0, 114, 178),
        "red": (213, 94, 0),
        "fallen": (150, 150, 150),
        "target": (240, 228, 66),
        "attacker": (255, 255, 255),
    },
}


def side_name(side: int) -> str:
    return i18n.t(f"side.flatfront.{side}")


def _named(key: str, args: dict) -> str:
    """Text ``key`` with the phrase's sides (``side``, ``target``) said by name."""
    sides = {k: side_name(v) for k, v in args.items() if k in ("side", "target")}
    return i18n.t(key, **{**args, **sides})


def squares_label(n: int) -> str:
    key = "no_squares" if n == 0 else "squares_one" if n == 1 else "squares"
    return i18n.t(f"flatfront.{key}", n=n)


# --- timings (seconds at animation speed 1) ---------------------------------------------------
T_FLIP = 0.55
T_SLIDE = 0.45
T_DROP = 0.35
T_PULSE = 0.35
T_STRIKE = 0.3
T_FALL = 0.55
T_FLASH_HOLD = 1.1
T_CAMERA = 0.5

VIEW_CELLS = 6.25  # cells visible across and down: a 4-wide field plus a free cell each side
TILE_ASPECT = 1.5
GAP = 0.06  # gap between neighbouring tiles, relative to the tile height
FACE_UP = "face_up"  # the face-up tile's key on the kit's sprite layer
MAX_OPTION_COLUMNS = 3  # chooser cards per row (a 3-square tile has at most six mixes)


# --- sprites: the animated state of what is drawn -----------------------------------------------
@dataclass
class PieceSprite:
    power: int
    standing: bool
    drop: float = 1.0  # 0: above the tile, 1: landed
    fall: float = 0.0  # 0: upright, 1: lying flat
    direction: int = 1  # falls to the right (+1) or the left (-1)


@dataclass
class TileSprite:
    id: int
    owner: int
    squares: int
    cell: tuple[int, int]
    pieces: list[PieceSprite]
    pulse: float = 0.0  # attacker glow
    strike: float = 0.0  # strike effect progress on a target (0 = none)


def label_px(unit: float) -> int:
    """The size of the PILE / FACE UP labels (never below 9 px, as every board text)."""
    return max(9, round(1.45 * unit))


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


def _can_attack(obs: dict) -> bool:
    """In combat, whether the player to move has an attack that beats its target's defence."""
    return any(power > obs["defence"][key] for key, power in obs["attacks"].items())


class FlatFrontBoard(Board):
    """Board view for Flat Front (see the module docstring)."""

    ACCENT = (86, 140, 226)
    PALETTES = PALETTES
    SEAT_ROLES = ("blue", "red")
    draw_emblem = staticmethod(draw_emblem)

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.art = FlatFrontArt(ctx.palette)
        self.tiles: dict[int, TileSprite] = {}
        self.banner: Banner | None = None
        self.flash: Banner | None = None  # a short-lived banner (a pass) over the main one
        self.camera = pygame.Vector2(0.5, 0.5)  # the field cell at the centre of the area
        self.chooser_appear = 1.0  # the piece chooser fading in, 0..1
        self._clicked_cell: tuple[int, int] | None = None
        self.geo = Geometry(self.rect)

    # --- geometry -----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.geo = Geometry(self.rect)
        self.art.clear()
        self._face_up(self.obs)

    def fs(self, size: float) -> int:
        """A font size in layout units."""
        return max(9, round(size * self.geo.unit))

    def cell_center(
        self, cell: tuple[float, float], camera: tuple[float, float] | None = None
    ) -> tuple[float, float]:
        """Where a cell is drawn now (or once the camera reaches ``camera``)."""
        g, (cx, cy) = self.geo, camera or self.camera
        return (
            g.area.centerx + (cell[0] + 0.5 - cx) * g.pitch[0],
            g.area.centery + (cell[1] + 0.5 - cy) * g.pitch[1],
        )

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int]:
        g = self.geo
        return (
            math.floor((pos[0] - g.area.centerx) / g.pitch[0] + self.camera.x),
            math.floor((pos[1] - g.area.centery) / g.pitch[1] + self.camera.y),
        )

    def tile_rect(self, cell: tuple[float, float]) -> pygame.Rect:
        x, y = self.cell_center(cell)
        rect = pygame.Rect(0, 0, *self.geo.tile)
        rect.center = (round(x), round(y))
        return rect

    # --- observation diff ---------------------------------------------------------------------
    def on_observation(self, previous: dict | None, obs: dict, animate: bool) -> None:
        super().on_observation(previous, obs, animate)
        self._clicked_cell = None

    def follows(self, previous: dict, obs: dict) -> bool:
        """True if ``obs`` follows ``previous`` by playing forward (not an undo or a new game)."""

        def kept(a: dict, b: dict) -> bool:  # the same tile, with no piece lost or stood up
            pairs = zip(a["pieces"], b["pieces"], strict=False)
            raised = any(not pa["standing"] and pb["standing"] for pa, pb in pairs)
            same = (a["cell"], a["owner"]) == (b["cell"], b["owner"])
            return same and len(b["pieces"]) >= len(a["pieces"]) and not raised

        old, new = previous["tiles"], obs["tiles"]
        return len(new) >= len(old) and all(map(kept, old, new))

    @staticmethod
    def _sprite(tile: dict) -> TileSprite:
        """A tile at rest: in its cell, pieces standing or lying (alternately left and right)."""
        pieces = [
            PieceSprite(
                p["power"], p["standing"], fall=float(not p["standing"]), direction=1 - i % 2 * 2
            )
            for i, p in enumerate(tile["pieces"])
        ]
        return TileSprite(tile["id"], tile["owner"], tile["squares"], tuple(tile["cell"]), pieces)

    def rebuild(self, obs: dict) -> None:
        self.tiles = {t["id"]: self._sprite(t) for t in obs["tiles"]}
        self._face_up(obs)
        self.banner = self._banner_for(obs)
        self.flash = None
        self.chooser_appear = 1.0
        self.camera.x, self.camera.y = self._camera_target(obs)

    def _face_up(self, obs: Obs) -> None:
        """The face-up tile in its slot, on the kit's layer (none once it is placed)."""
        self.layer.drop(FACE_UP)
        if obs and obs["face_up"] is not None:
            self.layer.add(Sprite(FACE_UP, *self.geo.slot.center, *self.geo.slot.size))

    def animate_change(self, prev: dict, obs: dict) -> None:
        t, camera, clicked = 0.0, self._camera_target(obs), self._clicked_cell
        old_tiles = {tile["id"]: tile for tile in prev["tiles"]}
        # 1. tiles placed: slide from the face-up slot (or land where the viewer clicked)
        for tile in obs["tiles"]:
            if tile["id"] in old_tiles:
                continue
            sprite = self.tiles[tile["id"]] = self._sprite(tile)
            t = self._arrive(sprite, tuple(tile["cell"]) == clicked, camera, t)
        if obs["face_up"] is None:
            self.layer.drop(FACE_UP)
        # 2. pieces set on a tile: they drop in one after another
        for tile in obs["tiles"]:
            old = old_tiles.get(tile["id"])
            if old is not None and len(old["pieces"]) == len(tile["pieces"]):
                continue
            sprite = self.tiles[tile["id"]]
            sprite.pieces = self._sprite(tile).pieces
            for i, piece in enumerate(sprite.pieces):
                piece.drop = 0.0
                self.tweens.animate(piece, T_DROP, "out_bounce", drop=1.0, delay=t + i * 0.09)
            if sprite.pieces:
                self.tweens.sound(t + T_DROP * 0.5, "place")
                t += T_DROP + 0.09 * len(sprite.pieces)
        # 3. attacks: the attacker's touching tiles pulse, the target is struck, its pieces fall
        for tile in obs["tiles"]:
            old = old_tiles.get(tile["id"])
            if old is None:
                continue
            fell = [
                i
                for i, (a, b) in enumerate(zip(old["pieces"], tile["pieces"], strict=False))
                if a["standing"] and not b["standing"]
            ]
            if fell:
                t = self._animate_attack(prev, tile, fell, t)
        # 4. a tile turned up: it flips off the pile into the face-up slot
        fu = obs["face_up"]
        if fu is not None and (prev["face_up"] is None or obs["pile"] < prev["pile"]):
            g = self.geo
            face = self.layer.add(Sprite(FACE_UP, *g.pile.center, *g.slot.size, face=0.0))
            to, arc = (*g.slot.center, *g.slot.size), g.slot.size[1] * 0.35
            self.layer.fly(face, to, T_FLIP, t, "in_out_sine", face=1.0, arc=arc)
            self.tweens.sound(t, "flip")
            t += T_FLIP * 0.6
        # 5. banners: a pass flashes briefly; otherwise the main banner changes when its title does
        for side in (0, 1):
            if obs["passed"][side] and not prev["passed"][side]:
                title = i18n.t("flatfront.banner.passes", side=side_name(side))
                flash = Banner(title, i18n.t("flatfront.banner.passes_sub"), side, ("pass", side))
                overlays.flash_banner(self, flash, t, T_FLASH_HOLD, "flash")
                t += T_FLASH_HOLD
        overlays.set_banner(self, self._banner_for(obs), t)
        if obs["phase"] == "pieces" and self.legal:
            self.chooser_appear = 0.0
            self.tweens.animate(self, 0.25, "out_back", chooser_appear=1.0, delay=t)
        if camera != self.camera:
            self.tweens.animate(self.camera, T_CAMERA, "in_out_quad", x=camera[0], y=camera[1])

    def _arrive(
        self, sprite: TileSprite, clicked: bool, camera: tuple[float, float], t: float
    ) -> float:
        """A tile placed flies on the kit's layer from the face-up slot on an arc, or, placed by
        this viewer's click, lands where it was clicked; to its cell as the camera will show it."""
        g, (w, h) = self.geo, self.geo.tile
        x, y = self.cell_center(sprite.cell, camera)
        start = (x, y, w * 1.15, h * 1.15) if clicked else (*g.slot.center, *g.slot.size)
        flight = self.layer.add(Sprite(("tile", sprite.id), *start))
        duration = T_SLIDE * (0.6 if clicked else 1.0)
        self.layer.fly(flight, (x, y, w, h), duration, t, arc=0.0 if clicked else h * 0.4)
        self.tweens.sound(t + T_SLIDE * 0.5, "place")
        return t + duration

    def _settled(self) -> list[TileSprite]:
        """The tiles in their cells (not in flight)."""
        flying = {flight.key for flight in self.layer.flying()}
        return [s for s in self.tiles.values() if ("tile", s.id) not in flying]

    def _animate_attack(self, prev: dict, target: dict, fell: list[int], t: float) -> float:
        attacker_side = 1 - target["owner"]
        sprite = self.tiles[target["id"]]
        attackers = self._touching_attackers(prev, target, attacker_side)
        self.tweens.sound(t, "attack")
        for a in attackers:
            lit = self.tiles[a["id"]]

            def fade(lit: TileSprite = lit) -> None:
                self.tweens.animate(lit, T_PULSE, "in_quad", pulse=0.0)

            self.tweens.animate(lit, T_PULSE, "out_quad", pulse=1.0, delay=t, on_finish=fade)
        t += T_PULSE * 0.8
        sprite.strike, clear = 0.0, partial(setattr, sprite, "strike", 0.0)
        self.tweens.animate(sprite, T_STRIKE, "out_cubic", strike=1.0, delay=t, on_finish=clear)
        # pieces fall away from the attackers' side of the target
        ax = sum(a["cell"][0] for a in attackers) / len(attackers) if attackers else -math.inf
        away = 1 if target["cell"][0] >= ax else -1
        for n, i in enumerate(fell):
            piece, delay = sprite.pieces[i], t + T_STRIKE * 0.5 + n * 0.07
            piece.standing, piece.fall, piece.direction = False, 0.0, away * (1 - n % 2 * 2)
            self.tweens.animate(piece, T_FALL, "out_bounce", fall=1.0, delay=delay)
        self.tweens.sound(t + T_STRIKE * 0.5, "knock")
        return t + T_STRIKE * 0.5 + T_FALL + 0.07 * len(fell)

    @staticmethod
    def _touching_attackers(obs: dict, target: dict, side: int) -> list[dict]:
        """``side``'s tiles with standing pieces that touch ``target`` (they all join an attack)."""
        touching = TOUCHING_MASKS[obs["adjacency"]][CELL_XY.index(tuple(target["cell"]))]
        near = {cell for i, cell in enumerate(CELL_XY) if touching >> i & 1}
        return [
            t
            for t in obs["tiles"]
            if t["owner"] == side
            and tuple(t["cell"]) in near
            and any(p["standing"] for p in t["pieces"])
        ]

    def _banner_for(self, obs: dict) -> Banner | None:
        """The main banner for an observation: whose tile came up, who attacks, who won."""
        phase, tiles, fu = obs["phase"], obs["tiles"], obs["face_up"]
        if phase == "over":
            winner = obs["winner"]
            # The winner's numbers first ("Red wins! Tiles 5 to 4"), Blue's first on a draw.
            b, r = obs["score"][::-1] if winner == RED else obs["score"]
            numbers = {"blue": b["tiles"], "red": r["tiles"], "bp": b["power"], "rp": r["power"]}
            result = i18n.t("flatfront.banner.result", **numbers)
            if winner == "draw":
                return Banner(i18n.t("flatfront.banner.draw"), result, None, "over")
            return Banner(
                i18n.t("flatfront.banner.wins", side=side_name(winner)), result, winner, "over"
            )
        if phase == "placement" and fu is None:
            return None
        side = fu["owner"] if phase == "placement" else obs["to_move"]
        title, n = i18n.t("flatfront.banner.tile", side=side_name(side)), len(tiles)
        if phase == "combat":
            title, key = i18n.t("flatfront.banner.combat"), ("combat", side)
            fallen = any(not p["standing"] for t in tiles for p in t["pieces"])
            first = side == obs["first_attacker"] and not fallen
            sub = "attacks_first" if first else "attacks"
            sub = sub if _can_attack(obs) else "cannot"
        elif phase == "pieces":
            key, n = ("turn", obs["pending_tile"]), tiles[obs["pending_tile"]]["squares"]
            sub = "piece_one" if n == 1 else "pieces"
        else:
            key = ("turn", n)
            sub = "first" if not tiles else "again" if tiles[-1]["owner"] == side else "places"
        return Banner(
            title, i18n.t(f"flatfront.banner.{sub}", side=side_name(side), n=n), side, key
        )

    def _camera_target(self, obs: dict) -> tuple[float, float]:
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

    # --- what the viewer may do now -----------------------------------------------------------
    def _legal_cells(self) -> dict[tuple[int, int], int]:
        return {decode_place(a): a for a in self.legal if is_place(a)}

    def _legal_targets(self) -> dict[int, int]:
        return {decode_attack(a): a for a in self.legal if is_attack(a)}

    def _options(self) -> list[tuple[int, tuple[int, int, int]]]:
        """The piece mixes the viewer may choose, cheapest first (keys 1..n in this order)."""
        opts = [(a, decode_pieces(a)) for a in self.legal if is_pieces(a)]
        return sorted(opts, key=lambda o: (pieces_power(o[1]), o[1]))

    def _option_icon_height(self) -> int:
        return max(round(self.geo.tile[1] * 0.5), round(3.6 * self.geo.unit))

    def _option_rects(self) -> list[pygame.Rect]:
        """Chooser cards beside the tile just placed, kept inside the mat."""
        options = self._options()
        if not options or not self.obs or self.obs["pending_tile"] is None:
            return []
        g = self.geo
        icon_h = self._option_icon_height()
        card_w = max(round(icon_h * (0.62 * sum(options[0][1]) + 0.5)), round(9 * g.unit))
        card = (card_w, round(icon_h * 1.05 + 3.2 * g.unit))
        tile = self.tiles.get(self.obs["pending_tile"])
        anchor = self.tile_rect(tile.cell) if tile else g.area
        tiles = [self.tile_rect(sp.cell) for sp in self.tiles.values()]
        columns = MAX_OPTION_COLUMNS
        return overlays.chooser_rects(len(options), card, anchor, g.mat, tiles, g.unit, columns)

    def _tile_at(self, pos: tuple[int, int]) -> dict | None:
        key = self.key_at(pos) if self.geo.area.collidepoint(pos) else None
        return None if key is None else self.obs["tiles"][cast(tuple[str, int], key)[1]]

    def label_regions(self) -> list[pygame.Rect]:
        """The kit's last-move tag and hint caption stay on the field: off the banner and the
        column of pile, face-up tile and player cards (a tag beside a tile at the field's edge
        sat on a player card's tile and power counts), and off the cells between the tiles of
        a two-tile turn: the tag goes about them all, not into an empty cell between them
        where it read as a move of its own."""
        regions = [self.geo.banner, self.geo.column]
        marked = [r for r in map(self.thing_rect, self.marked) if r is not None]
        if len(marked) > 1:
            regions.append(marked[0].unionall(marked[1:]))
        return regions

    # --- the kit's keyed layer and click points -----------------------------------------------
    def things(self, obs: Obs) -> Things:
        """Each tile by id: where it lies and which of its pieces stand."""
        return {
            ("tile", t["id"]): (tuple(t["cell"]), tuple(p["standing"] for p in t["pieces"]))
            for t in obs["tiles"]
        }

    def thing_rect(self, key: Hashable) -> pygame.Rect | None:
        sprite = self.tiles.get(key[1]) if isinstance(key, tuple) else None
        return None if sprite is None else self.tile_rect(sprite.cell)

    def spot_at(self, pos: tuple[int, int]) -> pygame.Rect:
        """A chooser card, else the field's cell under ``pos``, empty or not (a hinted cell is
        ringed whole, not as the kit's small square round its centre); the kit's elsewhere."""
        card = hit(pos, ((rect, rect) for rect in self._option_rects()[1:]))
        if card is not None:
            return card
        if self.geo.area.collidepoint(pos):
            return self.tile_rect(self.cell_at(pos))
        return super().spot_at(pos)

    def keep_clear(self) -> list[pygame.Rect]:
        """The piece chooser while it is open."""
        return self._option_rects()[:1]

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        if is_place(action):
            x, y = self.cell_center(decode_place(action))
            return [(round(x), round(y))]
        if is_pieces(action):
            rects = self._option_rects()[1:]
            index = [a for a, _ in self._options()].index(action)
            return [rects[index].center]
        return [self.tile_rect(self.tiles[decode_attack(action)].cell).center]

    # --- input ----------------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> int | None:
        if not self.legal or not self.obs:
            return None
        rects = self._option_rects()
        if rects:
            chosen = hit(pos, zip(self.numbered(), rects[1:], strict=True))
            return chosen if chosen is not None else self.refuse("flatfront.feedback.choose")
        if not self.geo.area.collidepoint(pos):
            return None
        if any(is_place(a) for a in self.legal):
            x, y = self.cell_at(pos)
            if max(abs(x), abs(y)) >= MAX_SPAN:  # no encoding: it would break the limit anyway
                return self.refuse("flatfront.feedback.limit", n=MAX_SPAN)
            self._clicked_cell = (x, y)
            return place_action(x, y)
        tile = self._tile_at(pos) if any(map(is_attack, self.legal)) else None
        if tile is not None and tile["owner"] == self.obs["to_move"]:
            return self.refuse("flatfront.feedback.own_tile")
        return None if tile is None else attack_action(tile["id"])

    def numbered(self) -> list[int]:
        """Keys 1..9 pick the piece mixes, cheapest first."""
        return [action for action, _ in self._options()]

    def turn_words(self, steps: list[Step]) -> list[str]:
        """Each step without its subject or coordinates (hovering the row marks the tile)."""
        out = []
        for i, step in enumerate(steps):
            key, args = step.phrase
            if key == "place" and i and steps[i - 1].phrase[0] == "turn_up":
                continue  # "places a 2-square tile" said it
            if key == "turn_up" and i + 1 < len(steps) and steps[i + 1].phrase[0] == "place":
                key = "places_tile"
            out.append(_named(f"log.turn.flatfront.{key}", args))
        return out

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        """The tile turned up (or placed) and the pieces set on it."""
        icons = []
        for step in steps:
            key, args = step.phrase
            if key == "turn_up":
                icons.append(self.art.tile(args["side"], args["squares"], round(px * 1.5), px))
            elif key == "pieces" and args["pieces"]:
                for power in str(args["pieces"]).split("+"):
                    icons.append(self.art.piece(args["side"], int(power), px)[0])
        return icons

    def log_text(self, key: str, args: dict) -> str | None:
        return _named(f"log.flatfront.{key}", args)

    def action_words(self, state: State, action: int) -> str:
        """The side, then the log's words for the action: no coordinates ("Blue places the
        tile")."""
        phrase = state.action_phrase(action)
        step = Step(len(state.history), state.current_player(), phrase, "")
        side = side_name(int(phrase[1].get("side", state.current_player())))
        return i18n.t("flatfront.said", side=side, words=self.turn_words([step])[0])

    def status_text(self) -> str:
        obs = self.obs
        if not obs:
            return ""
        phase, mover = obs["phase"], obs["to_move"]
        if phase == "over":
            return i18n.t("flatfront.status.over", result=self.banner.title if self.banner else "")
        if mover < 0:
            return i18n.t("flatfront.status.turn_up")
        mine = bool(self.legal)
        if phase == "placement":
            key = "place" if mine else "placing"
        elif phase == "pieces":
            key = "pieces" if mine else "choosing"
        else:
            key = "pass" if not _can_attack(obs) else "attack" if mine else "attacking"
        return i18n.t(f"flatfront.status.{key}", side=side_name(mover), n=len(self._options()))

    # --- drawing --------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        if self.art.p != self.ctx.palette:  # the colour-blind setting changed
            self.art = FlatFrontArt(self.ctx.palette)
        g, origin = self.geo, (-self.rect.x, -self.rect.y)
        surface.blit(self.art.background(self.rect.size, g.mat.move(origin)), self.rect)
        if not self.obs:
            return
        clip = surface.get_clip()
        surface.set_clip(g.mat)
        self._draw_limit(surface)
        self._draw_cells(surface)
        self._draw_tiles(surface)
        self._draw_pieces(surface)
        self._draw_ghost(surface)
        surface.set_clip(clip)
        self._draw_column(surface)

    def paint_overlays(self, surface: pygame.Surface) -> None:
        """Above the kit's last-move marks: flights, the hint's tag and the combat info (both
        readable over a marked tile), the banner, the chooser."""
        self._draw_arrivals(surface)
        g, clip = self.geo, surface.get_clip()
        surface.set_clip(g.mat)
        self._draw_board_hint(surface)
        self._draw_combat_info(surface)
        surface.set_clip(clip)
        px = (self.fs(3.0), self.fs(1.8))
        overlays.draw_banner(surface, self.art, self.flash or self.banner, g.banner, px, self._mark)
        self._draw_chooser(surface)

    def _mark(self, side: int, size: int, colour: Colour) -> pygame.Surface:
        return self.art.side_icon(side, size)

    def _draw_limit(self, surface: pygame.Surface) -> None:
        """Once the field spans 5 tiles either way, frame the cells it may still grow into."""
        obs, g = self.obs, self.geo
        if obs["phase"] not in ("placement", "pieces") or not obs["tiles"]:
            return
        xs, ys = [t["cell"][0] for t in obs["tiles"]], [t["cell"][1] for t in obs["tiles"]]
        if max(max(xs) - min(xs), max(ys) - min(ys)) + 1 < MAX_SPAN:
            return  # below the limit the highlighted cells say enough
        top_left = self.tile_rect((max(xs) - MAX_SPAN + 1, max(ys) - MAX_SPAN + 1))
        bottom_right = self.tile_rect((min(xs) + MAX_SPAN - 1, min(ys) + MAX_SPAN - 1))
        margin = round(g.tile[1] * GAP)
        frame = top_left.union(bottom_right).inflate(2 * margin, 2 * margin)
        colour = lighter(self.ctx.palette["felt"], 0.45)
        clip = surface.get_clip()
        surface.set_clip(g.area.clip(clip))  # never across the banner
        dashed_rect(surface, colour, frame, max(2, round(g.unit * 0.25)), round(g.unit * 1.2))
        surface.set_clip(clip)
        visible = frame.clip(g.area.inflate(-2 * round(g.unit), -2 * round(g.unit)))
        label = self.art.text(i18n.t("flatfront.limit", n=MAX_SPAN), self.fs(1.5), colour)
        surface.blit(label, (visible.x + round(g.unit), visible.y + round(0.5 * g.unit)))

    def _draw_cells(self, surface: pygame.Surface) -> None:
        """The empty cells the viewer may place on, breathing."""
        marker = self.art.cell_marker(*self.geo.tile, self.ctx.palette["legal"])
        for cell in self._legal_cells():
            blit_center(surface, marker, self.cell_center(cell), self.breathing())

    def _draw_board_hint(self, surface: pygame.Surface) -> None:
        """A suggested cell or target (a suggested piece mix is marked in the chooser)."""
        hint = self.hint
        if hint is not None and is_place(hint):
            rect = self.tile_rect(decode_place(hint))
        elif hint is not None and is_attack(hint) and decode_attack(hint) in self.tiles:
            rect = self.tile_rect(self.tiles[decode_attack(hint)].cell)
        else:
            return
        label = i18n.t("flatfront.hint")
        overlays.hint_marker(surface, self.art, rect, label, self.clock, self.geo.unit)

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        obs, p = self.obs, self.ctx.palette
        w, h = self.geo.tile
        targets = self._legal_targets()
        hovered = self._hovered_target()
        joining = self._touching_attackers(obs, hovered, obs["to_move"]) if hovered else []
        attackers = {t["id"] for t in joining}
        shadow = self.art.tile_shadow(w, h)
        settled = self._settled()
        for sprite in settled:
            c = self.cell_center(sprite.cell)
            blit_center(surface, shadow, (c[0] + h * 0.03, c[1] + h * 0.06))
        for sprite in settled:
            rect = self.tile_rect(sprite.cell)
            surface.blit(self.art.tile(sprite.owner, sprite.squares, w, h), rect)
            if obs["phase"] == "over" and not any(pc.standing for pc in sprite.pieces):
                fill = (*p["bg"], 110)
                self.art.veil(surface, rect.center, rect.size, fill, round(rect.h * 0.08))
        # highlights over the tiles
        thick = max(3, round(self.geo.unit * 0.5))
        pending = obs["pending_tile"]
        for sprite in settled:
            rect = self.tile_rect(sprite.cell)
            if sprite.id in targets:
                alpha = 255 if hovered and hovered["id"] == sprite.id else self.breathing(True)
                self.art.ring(surface, rect, p["target"], thick, alpha)
                mark = self.art.crosshair(round(h * 0.3), p["target"])
                surface.blit(mark, mark.get_rect(center=(rect.right - h * 0.1, rect.top + h * 0.1)))
            if sprite.id in attackers or sprite.pulse > 0:
                alpha = round(255 * max(sprite.pulse, 0.85 if sprite.id in attackers else 0))
                self.art.ring(surface, rect, p["attacker"], thick, alpha)
            if sprite.id == pending:
                self.art.ring(surface, rect, self.art.side(sprite.owner), thick, self.breathing())

    def _piece_positions(
        self, sprite: TileSprite, center: tuple[float, float]
    ) -> list[tuple[PieceSprite, tuple[float, float]]]:
        """Each piece with the point its base stands on: pieces stand on the printed squares."""
        h = self.geo.tile[1]
        offsets = square_offsets(max(sprite.squares, len(sprite.pieces)), h)
        return [
            (piece, (center[0] + dx, center[1] + dy + 0.1 * h))
            for piece, (dx, dy) in zip(sprite.pieces, offsets, strict=False)
        ]

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        placed = [
            (base, sprite.owner, piece)
            for sprite in self._settled()
            for piece, base in self._piece_positions(sprite, self.cell_center(sprite.cell))
        ]
        placed.sort(key=lambda item: item[0][1])  # nearer (lower) pieces overlap farther ones
        for base, owner, piece in placed:
            self._draw_piece(surface, owner, piece, base)
        for sprite in self.tiles.values():
            if sprite.strike > 0:
                self.art.strike(surface, self.tile_rect(sprite.cell), sprite.strike)

    def _draw_piece(
        self, surface: pygame.Surface, owner: int, piece: PieceSprite, base: tuple[float, float]
    ) -> None:
        """A piece standing on ``base`` (dropping in from above), falling or lying there."""
        tile_h = self.geo.tile[1]
        height = round(tile_h * 0.58)
        bx, by = base[0], base[1] - (1.0 - piece.drop) * tile_h * 0.9
        if piece.fall <= 0.0:
            shadow_at = (bx + height * 0.08, base[1] + height * 0.02)
            blit_center(surface, self.art.piece_shadow(height), shadow_at, round(255 * piece.drop))
            image, anchor = self.art.piece(owner, piece.power, height)
            blit_at(surface, image, anchor, (bx, by), round(255 * min(1.0, piece.drop * 2)))
            return
        # Falling or lying: turn about the base and slide so the lying piece rests on its square,
        # shrinking to the squares' spacing so three lying pieces stay apart, not a heap.
        k = min(1.0, piece.fall)
        height = round(height + (min(height, SQUARE_SPACING * tile_h * 0.92) - height) * k)
        angle = -90.0 * k * piece.direction
        px, py = bx - piece.direction * k * height * 0.42, by + k * height * 0.06
        for fallen, alpha in ((False, round(255 * (1 - k))), (True, round(230 * k))):
            if alpha <= 0:
                continue
            image, anchor = self.art.piece_pose(owner, piece.power, height, fallen, angle)
            blit_at(surface, image, anchor, (px, py), alpha)

    def _hovered_target(self) -> dict | None:
        """In combat, the opposing tile with standing pieces under the mouse."""
        obs = self.obs
        if obs["phase"] != "combat" or self.mouse is None or obs["to_move"] < 0:
            return None
        tile = self._tile_at(self.mouse)
        ok = (
            tile is not None
            and tile["owner"] != obs["to_move"]
            and str(tile["id"]) in obs["attacks"]
        )
        return tile if ok else None

    def _draw_combat_info(self, surface: pygame.Surface) -> None:
        """The hovered target's attack against its defence, and whether it is enough."""
        tile = self._hovered_target()
        if tile is None:
            return
        obs, p, g = self.obs, self.ctx.palette, self.geo
        attack, defence = obs["attacks"][str(tile["id"])], obs["defence"][str(tile["id"])]
        ok, said = attack > defence, i18n.t("flatfront.attack_vs", attack=attack, defence=defence)
        colour, sign = (p["legal"], "✔") if ok else (p["illegal"], "✘")
        verdict = i18n.t("flatfront.attack_ok" if ok else "flatfront.attack_short")
        head = self.art.text(said, self.fs(1.9), p["text"], bold=True)
        mark = self.art.text(sign, self.fs(1.5), colour, symbol=True)
        rows = [[head], [mark, self.art.text(verdict, self.fs(1.6), colour, bold=True)]]
        anchor = self.tile_rect(tuple(tile["cell"]))
        overlays.info_box(surface, self.art, rows, anchor, g.mat, g.unit)

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        """The face-up tile under the pointer, snapped to the empty cell there."""
        cells, fu, mouse = self._legal_cells(), self.obs["face_up"], self.mouse
        if not cells or fu is None or mouse is None or not self.geo.area.collidepoint(mouse):
            return
        cell = self.cell_at(mouse)
        if any(tuple(t["cell"]) == cell for t in self.obs["tiles"]):
            return
        ghost = self.art.ghost(fu["owner"], fu["squares"], *self.geo.tile, cell in cells)
        blit_center(surface, ghost, self.cell_center(cell))

    # --- the side column ------------------------------------------------------------------------
    def _draw_column(self, surface: pygame.Surface) -> None:
        p, g = self.ctx.palette, self.geo
        for key, rect in (("pile", g.pile), ("face_up", g.slot)):  # labelled dashed outlines
            text = i18n.t(f"flatfront.{key}").upper()
            img = self.art.text(text, label_px(g.unit), p["text_dim"], bold=True)
            surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.top - 3)))
            dashed_rect(surface, lighter(p["table"], 0.18), rect.inflate(6, 6), 1, 4)
        self._draw_pile(surface)
        for side in (0, 1):
            self._draw_card(surface, side, g.cards[side])
        self._draw_legend(surface)

    def _pile_layers(self) -> int:
        """Tile backs drawn in the pile (a tile being flipped still counts until it turns)."""
        face = self.layer.sprites.get(FACE_UP)
        flipping = face is not None and face.face < 0.5
        return min(self.obs["pile"] + flipping, 8)

    def _draw_pile(self, surface: pygame.Surface) -> None:
        """The pile of tile backs with its count, and the face-up tile flipping off it."""
        p, g = self.ctx.palette, self.geo
        sw, sh = g.slot.size
        back, shadow = self.art.tile_back(sw, sh), self.art.tile_shadow(sw, sh)
        n, layers = self.obs["pile"], self._pile_layers()
        overlays.stack(surface, self.art, g.pile, back, shadow, layers, n, self.fs(1.6), 0.5)
        if not n:
            empty = self.art.text(i18n.t("flatfront.pile_empty"), self.fs(1.5), p["text_dim"])
            surface.blit(empty, empty.get_rect(center=g.pile.center))
        face, fu = self.layer.sprites.get(FACE_UP), self.obs["face_up"]
        if face is None or fu is None:
            return
        if not face.moving:
            blit_center(surface, shadow, (face.x + 2, face.y + sh * 0.05))
        blit_sprite(surface, face, self.art.tile(fu["owner"], fu["squares"], sw, sh), back)
        if not face.moving:
            owner, gap = fu["owner"], round(0.6 * g.unit)
            ink = lighter(self.art.side(owner), 0.55)
            name = self.art.text(side_name(owner), self.fs(1.5), ink, True)
            squares = self.art.text(squares_label(fu["squares"]), self.fs(1.5), p["text"])
            parts = [self.art.side_icon(owner, self.fs(1.6)), name, squares]
            y = g.slot.bottom + round(2.0 * g.unit)
            blit_row(surface, parts, (g.slot.centerx - row_width(parts, gap) // 2, y), gap)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        p, g = self.ctx.palette, self.geo
        rule = i18n.t(f"flatfront.touch.{self.obs['adjacency']}")  # which tiles touch
        touch = self.art.text(rule, self.fs(1.35), p["text_dim"])
        surface.blit(touch, touch.get_rect(midbottom=(g.legend.centerx, g.legend.bottom)))
        gap, px, parts = round(0.6 * g.unit), self.fs(1.5), []
        for side, name in enumerate((side_name(0) + "   ", side_name(1))):  # wider apart
            parts += [self.art.side_icon(side, px), self.art.text(name, px, p["text"], True)]
        y = g.legend.bottom - touch.get_height() - round(1.2 * g.unit)
        blit_row(surface, parts, (g.legend.centerx - row_width(parts, gap) // 2, y), gap)

    def _draw_card(self, surface: pygame.Surface, side: int, rect: pygame.Rect) -> None:
        """A player's panel: the kit's seat panel round the pieces left and the score."""
        obs, g, p = self.obs, self.geo, self.ctx.palette
        supply, score = obs["supply"][side], obs["score"][side]
        numbers = (score["tiles"], score["power"])
        words = (i18n.t("flatfront.supply"), i18n.t("flatfront.tiles"), i18n.t("flatfront.power"))
        icon_h = round(g.tile[1] * 0.42)

        def body(card: pygame.Surface, area: pygame.Rect) -> None:
            """Every piece (placed ones as faint grey figures, eight 1s on the first row) and the
            score (tiles with standing pieces, then standing power: the winner rules, in order)."""
            label = self.art.text(words[0], self.fs(1.35), p["text_dim"])
            card.blit(label, area.topleft)
            powers, have, step = sorted(SUPPLY), list(supply), area.w / SUPPLY[1]
            full = [power for power in powers for _ in range(SUPPLY[power])]
            h = round(min(icon_h, step * 2))
            x, y = area.x + step / 2, area.y + label.get_height() + round(0.4 * g.unit) + h
            for i, power in enumerate(full):
                if i == SUPPLY[1]:
                    x, y = area.x + step / 2, y + round(h * 1.08)
                k = powers.index(power)
                present = have[k] > 0
                have[k] -= present
                image, anchor = self.art.piece(side, power, h, fallen=not present)
                blit_at(card, image, anchor, (x, y), 255 if present else 70)
                x += step * (1.0 if i < SUPPLY[1] else 1.25)
            x = area.x
            for value, word in zip(numbers, words[1:], strict=True):
                big = self.art.text(str(value), self.fs(3.4), p["text"], bold=True)
                small = self.art.text(word, self.fs(1.5), p["text_dim"])
                card.blit(big, big.get_rect(bottomleft=(x, area.bottom - round(0.3 * g.unit))))
                at = (x + big.get_width() + round(0.5 * g.unit), area.bottom - round(1.0 * g.unit))
                card.blit(small, small.get_rect(bottomleft=at))
                x = area.centerx

        seat = self.seat(side, side_name(side), obs["phase"] == "over", obs["winner"])
        key = (tuple(supply), numbers, words, icon_h)
        overlays.draw_seat(
            surface, self.art, rect, seat, g.unit, self.breathing(), self.art.side_icon, body, key
        )

    def _draw_arrivals(self, surface: pygame.Surface) -> None:
        """Tiles on their way to the field (kit flights) with their pieces, above everything."""
        w, h = self.geo.tile
        for flight in self.layer.flying():
            if flight.key == FACE_UP:
                continue
            sprite, rise = self.tiles[cast(tuple[str, int], flight.key)[1]], 1.0 - flight.flight
            shadow_size = (round(flight.w * 1.2), round(flight.h * 1.3))
            shadow = pygame.transform.smoothscale(self.art.tile_shadow(w, h), shadow_size)
            (cx, cy), lift = flight.center, (h * (0.05 + 0.2 * rise), h * (0.08 + 0.25 * rise))
            blit_center(surface, shadow, (cx + lift[0], cy + lift[1]))
            image = self.art.tile(sprite.owner, sprite.squares, w, h)
            blit_sprite(surface, flight, image, image)
            for piece, base in self._piece_positions(sprite, flight.center):
                self._draw_piece(surface, sprite.owner, piece, base)

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        rects = self._option_rects()
        if not rects or not self.obs:
            return
        owner = self.obs["to_move"]
        options: list[tuple[str, Callable[[pygame.Surface, pygame.Rect], None]]] = [
            (i18n.t("flatfront.option_power", n=pieces_power(m)), partial(self._paint_mix, m))
            for _, m in self._options()
        ]
        actions = self.numbered()
        hinted = actions.index(self.hint) if self.hint in actions else None
        title, colour, k = i18n.t("flatfront.choose"), self.art.side(owner), self.chooser_appear
        overlays.draw_chooser(
            surface, self.art, rects, title, options, colour, self.mouse, hinted, k, self.geo.unit
        )

    def _paint_mix(
        self, mix: tuple[int, int, int], surface: pygame.Surface, card: pygame.Rect
    ) -> None:
        """A chooser card's picture: the mix's pieces side by side, the strongest in front."""
        icon_h = self._option_icon_height()
        powers = sorted(power for power, n in zip(POWERS, mix, strict=True) for _ in range(n))
        step = icon_h * 0.62
        x = card.centerx - step * (len(powers) - 1) / 2
        y = card.y + round(0.6 * self.geo.unit) + icon_h
        for power in reversed(powers):
            blit_at(surface, *self.art.piece(self.obs["to_move"], power, icon_h), (x, y))
            x += step
