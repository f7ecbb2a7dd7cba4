"""The Flat Front board: the field of tiles, the pile, both players' supplies.

It draws only from the observation and says where things rest: each tile and each piece on it
is a key of the kit's layer (``resting_places``), and ``choreography`` says how a change plays:
a tile turned up flips off the pile, a tile placed flies from the face-up slot, pieces drop in,
an attack pulses its attackers, strikes the target and knocks its pieces over; the field pans
as it grows. One click is one action: a cell in placement, an option in the piece chooser, an
opposing tile in combat.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, cast

import pygame

from game import i18n
from game.boards.base import Board, BoardContext, Things
from game.boards.decision import Choice
from game.boards.flatfront.art import FlatFrontArt
from game.boards.flatfront.column import Column
from game.boards.flatfront.emblem import draw_emblem
from game.boards.flatfront.layout import GAP, PIECE_HEIGHT, Geometry, camera_target
from game.boards.flatfront.motion import T_CAMERA, T_FLASH_HOLD, plan
from game.boards.flatfront.palette import PALETTES
from game.boards.layer import Motion, Place, Sprite, blit_sprite
from game.engines.base import State
from game.engines.flatfront import (
    MAX_SPAN,
    attack_action,
    decode_attack,
    decode_place,
    is_attack,
    is_pieces,
    is_place,
    pieces_action,
    place_action,
)
from game.engines.flatfront.observation import FlatFrontObservation, TileView
from game.engines.flatfront.previews import attackers, piece_mixes, plays_on
from game.engines.flatfront.words import BannerWords, FlatFrontWords, side_name
from game.turns import Step
from game.ui import overlays
from game.ui.draw import Colour, blit_at, blit_center, dashed_rect, lighter
from game.ui.overlays import Banner
from game.ui.tween import EASINGS


def _banner(words: BannerWords | None) -> Banner | None:
    return None if words is None else Banner(*words)


class FlatFrontBoard(Board[FlatFrontObservation]):
    """Board view for Flat Front (see the module docstring)."""

    ACCENT = (86, 140, 226)
    PALETTES = PALETTES
    words: FlatFrontWords
    SEAT_ROLES = ("blue", "red")
    draw_emblem = staticmethod(draw_emblem)

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.words = FlatFrontWords()
        self.art = FlatFrontArt(ctx.palette)
        self.banner: Banner | None = None
        self.flash: Banner | None = None  # a short-lived banner (a pass) over the main one
        self.camera = pygame.Vector2(0.5, 0.5)  # the field cell at the centre of the area
        self._clicked_cell: tuple[int, int] | None = None
        self._settle = 0.0  # when the latest change's motions end (banners wait for them)
        self.geo = Geometry(self.rect)
        self.column = Column(self.geo, self.art, self._seat, self.breathing)

    # --- geometry -----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.geo = self.column.geo = Geometry(pygame.Rect(rect))
        self.art.clear()
        super().layout(rect)

    def cell_center(self, cell: Sequence[float]) -> tuple[float, float]:
        """Where a cell is drawn now."""
        return self.geo.cell_center(cell, (self.camera.x, self.camera.y))

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int]:
        return self.geo.cell_at(pos, (self.camera.x, self.camera.y))

    def tile_rect(self, cell: Sequence[float]) -> pygame.Rect:
        return self.geo.tile_rect(cell, (self.camera.x, self.camera.y))

    # --- the kit's keyed layer ------------------------------------------------------------------
    def things(self, obs: FlatFrontObservation) -> Things:
        """Each tile by id: where it lies and which of its pieces stand."""
        return {
            ("tile", t["id"]): (tuple(t["cell"]), tuple(p["standing"] for p in t["pieces"]))
            for t in obs["tiles"]
        }

    def resting_places(self, obs: FlatFrontObservation) -> Mapping[Hashable, Place]:
        """Every tile in its cell as the camera will show the field, every piece on its square,
        and the face-up tile in its slot (keyed by the pile it came off)."""
        camera, geo = camera_target(obs), self.geo
        places: dict[Hashable, Place] = {}
        for tile in obs["tiles"]:
            places[("tile", tile["id"])] = geo.tile_rect(tile["cell"], camera)
            centre = geo.cell_center(tile["cell"], camera)
            bases = geo.piece_bases(tile["squares"], len(tile["pieces"]), centre)
            for i, base in enumerate(bases):
                places[("piece", tile["id"], i)] = geo.piece_rect(base)
        if obs["face_up"] is not None:
            places[("face_up", obs["pile"])] = geo.slot
        return places

    def follows(self, previous: FlatFrontObservation, obs: FlatFrontObservation) -> bool:
        return plays_on(previous, obs)  # not an undo or a new game

    def choreography(
        self, previous: FlatFrontObservation, obs: FlatFrontObservation
    ) -> Mapping[Hashable, Motion]:
        """As ``motion.plan`` says; the banners wait for it (``_settle``)."""
        places, shown = self.resting_places(obs), self.layer.sprites
        motions, self._settle = plan(self.geo, previous, obs, places, shown, self._clicked_cell)
        return motions

    def on_observation(
        self, previous: FlatFrontObservation | None, obs: FlatFrontObservation, animate: bool
    ) -> None:
        """The layer moves (``choreography``); the camera, the banners and the chooser follow."""
        self._settle = 0.0
        super().on_observation(previous, obs, animate)
        camera = camera_target(obs)
        moving = animate and previous is not None and self.follows(previous, obs)
        if not moving or previous is None:
            self.camera.x, self.camera.y = camera
            self.banner, self.flash = _banner(self.words.banner(obs)), None
        else:
            self.tweens.animate(self.camera, T_CAMERA, "in_out_quad", x=camera[0], y=camera[1])
            t = self._settle
            for side in (0, 1):  # a pass flashes briefly; the main banner changes with its title
                if obs["passed"][side] and not previous["passed"][side]:
                    flash = Banner(*self.words.passes(side))
                    overlays.flash_banner(self, flash, t, T_FLASH_HOLD, "flash")
                    t += T_FLASH_HOLD
            overlays.set_banner(self, _banner(self.words.banner(obs)), t)
        self._clicked_cell = None

    def _seat(self, side: int) -> overlays.Seat:
        obs = self.obs
        return self.seat(side, side_name(side), obs["phase"] == "over", _winner(obs))

    # --- what the viewer may do now -----------------------------------------------------------
    def legal_cells(self) -> dict[tuple[int, int], int]:
        """The cells the viewer may place the face-up tile on, with their actions."""
        return {decode_place(a): a for a in self.legal if is_place(a)}

    def legal_targets(self) -> dict[int, int]:
        """The tiles the viewer may attack now (by id), with their actions."""
        return {decode_attack(a): a for a in self.legal if is_attack(a)}

    def options(self) -> list[tuple[int, tuple[int, int, int]]]:
        """The piece mixes the viewer may choose now with their actions, cheapest first."""
        if not any(map(is_pieces, self.legal)):
            return []
        return [(pieces_action(*mix), mix) for mix in piece_mixes(self.obs)]

    def decision(self) -> tuple[str, list[Choice]]:
        """The piece mixes the viewer may set on the tile just placed, on the kit's bar."""
        choices = [Choice(a, *self.words.mix(mix), key=mix) for a, mix in self.options()]
        return (i18n.t("flatfront.choose"), choices) if choices else ("", [])

    def bar_area(self) -> pygame.Rect:
        """Beside the tile just placed (where it will rest), off the other tiles, on the mat."""
        u, n = max(6, round(self.rect.h / 60)), len(self.options())  # the bar's unit
        pending = self.obs["pending_tile"] if n else None
        if pending is None:
            return pygame.Rect(0, 0, 0, 0)
        camera = camera_target(self.obs)
        tiles = [self.geo.tile_rect(t["cell"], camera) for t in self.obs["tiles"]]
        size = (round(14 * u), round((3.0 + 3.4 * n) * u))  # a column of short buttons
        return overlays.popup_beside(size, tiles[pending], self.geo.mat, tiles, u)

    def _tile_at(self, pos: tuple[int, int]) -> TileView | None:
        key = self.key_at(pos) if self.geo.area.collidepoint(pos) else None
        return None if key is None else self.obs["tiles"][cast(tuple[str, int], key)[1]]

    def label_regions(self) -> list[pygame.Rect]:
        """The kit's tag and hint caption stay on the field, off the banner and the column, and
        off the cells between a two-tile turn's tiles (a tag there read as a move of its own)."""
        regions = [self.geo.banner, self.geo.column]
        marked = [r for r in map(self.thing_rect, self.marked) if r is not None]
        if len(marked) > 1:
            regions.append(marked[0].unionall(marked[1:]))
        return regions

    def spot_at(self, pos: tuple[int, int]) -> pygame.Rect:
        """The field's cell under ``pos``, empty or not (a hinted cell is ringed whole, not as
        the kit's small square round its centre); the kit's elsewhere."""
        if self.geo.area.collidepoint(pos):
            return self.tile_rect(self.cell_at(pos))
        return super().spot_at(pos)

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        if is_place(action):
            x, y = self.cell_center(decode_place(action))
            return [(round(x), round(y))]
        if is_pieces(action):
            return super().clicks_for(action)  # the bar's button
        rect = self.thing_rect(("tile", decode_attack(action)))
        return [rect.center] if rect is not None else []

    # --- input ----------------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> int | None:
        if not self.legal or not self.obs:
            return None
        if self.bar.choices:  # a click on the bar goes to the bar
            return self.refuse("flatfront.feedback.choose")
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

    # --- words (beside the engine: game/engines/flatfront/words.py) ---------------------------
    def turn_words(self, steps: list[Step]) -> list[str]:
        return self.words.turn_words(steps)

    def action_words(self, state: State, action: int) -> str:
        return self.words.action_words(state, action)

    def status_text(self) -> str:
        """The status line; the viewer is told what to do only when it may act."""
        viewer = self.viewer if self.legal else -1
        return self.words.status(self.obs, viewer, self.ctx.seat_names) if self.obs else ""

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        return self.art.log_icons((step.phrase for step in steps), px)

    # --- drawing --------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        if self.art.p != self.ctx.palette:  # the colour-blind setting changed
            self.art = self.column.art = FlatFrontArt(self.ctx.palette)
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
        self.column.draw(surface, self.obs, self.face_up())

    def paint_overlays(self, surface: pygame.Surface) -> None:
        """Above the kit's last-move marks: flights and the combat info (readable over a marked
        tile), the banner, the chooser."""
        self._draw_arrivals(surface)
        g, clip = self.geo, surface.get_clip()
        surface.set_clip(g.mat)
        self._draw_combat_info(surface)
        surface.set_clip(clip)
        px = (g.fs(3.0), g.fs(1.8))
        overlays.draw_banner(surface, self.art, self.flash or self.banner, g.banner, px, self._mark)

    def _mark(self, side: int, size: int, colour: Colour) -> pygame.Surface:
        return self.art.side_icon(side, size)

    def _tiles(self, moving: bool) -> list[tuple[TileView, Sprite]]:
        """The tiles on the layer with their sprites: those in their cells, or those in flight."""
        tiles = self.obs["tiles"]
        return [(tiles[key[1]], s) for key, s in self._sprites("tile") if s.moving == moving]

    def face_up(self) -> Sprite | None:
        """The face-up tile on the layer (flipping off the pile), if one is turned up."""
        return next((sprite for _, sprite in self._sprites("face_up")), None)

    def _sprites(self, kind: str) -> list[tuple[tuple[Any, ...], Sprite]]:
        """The layer's sprites of one kind ("tile", "piece", "face_up") with their keys."""
        keyed = cast(dict[tuple[Any, ...], Sprite], self.layer.sprites)
        return [(key, sprite) for key, sprite in keyed.items() if key[0] == kind]

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
        label = self.art.text(i18n.t("flatfront.limit", n=MAX_SPAN), g.fs(1.5), colour)
        surface.blit(label, (visible.x + round(g.unit), visible.y + round(0.5 * g.unit)))

    def _draw_cells(self, surface: pygame.Surface) -> None:
        """The empty cells the viewer may place on, breathing."""
        marker = self.art.cell_marker(*self.geo.tile, self.ctx.palette["legal"])
        for cell in self.legal_cells():
            blit_center(surface, marker, self.cell_center(cell), self.breathing())

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        obs, p = self.obs, self.ctx.palette
        w, h = self.geo.tile
        targets = self.legal_targets()
        hovered = self.hovered_target()
        joining = attackers(obs, hovered, obs["to_move"]) if hovered else []
        lit = {t["id"] for t in joining}
        shadow = self.art.tile_shadow(w, h)
        settled = self._tiles(moving=False)
        for tile, _ in settled:
            c = self.cell_center(tile["cell"])
            blit_center(surface, shadow, (c[0] + h * 0.03, c[1] + h * 0.06))
        for tile, sprite in settled:
            surface.blit(self.art.tile(tile["owner"], tile["squares"], w, h), sprite.rect)
            if obs["phase"] == "over" and not any(pc["standing"] for pc in tile["pieces"]):
                fill = (*p["bg"], 110)
                self.art.veil(surface, sprite.rect.center, sprite.rect.size, fill, round(h * 0.08))
        thick = max(3, round(self.geo.unit * 0.5))  # highlights over the tiles
        for tile, sprite in settled:
            rect, pulse = sprite.rect, _progress(sprite, "pulse")
            if tile["id"] in targets:
                alpha = 255 if hovered and hovered["id"] == tile["id"] else self.breathing(True)
                self.art.ring(surface, rect, p["target"], thick, alpha)
                mark = self.art.crosshair(round(h * 0.3), p["target"])
                surface.blit(mark, mark.get_rect(center=(rect.right - h * 0.1, rect.top + h * 0.1)))
            if tile["id"] in lit or pulse > 0:
                glow = max(1 - abs(1 - 2 * pulse), 0.85 * (tile["id"] in lit))
                self.art.ring(surface, rect, p["attacker"], thick, round(255 * glow))
            if tile["id"] == obs["pending_tile"]:
                self.art.ring(surface, rect, self.art.side(tile["owner"]), thick, self.breathing())

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        """Every piece on a tile in its cell, nearer (lower) ones over farther ones, and the
        strike on a tile attacked."""
        tiles, sprites = self.obs["tiles"], self.layer.sprites
        placed = []
        for key, sprite in self._sprites("piece"):
            tile = sprites.get(("tile", key[1]))
            if tile is None or tile.moving or sprite.alpha <= 0:
                continue
            view = tiles[key[1]]
            centre = self.cell_center(view["cell"])  # the tile's, as the camera shows it now
            base = self.geo.piece_bases(view["squares"], len(view["pieces"]), centre)[key[2]]
            placed.append((base, view, key[2], sprite))
        placed.sort(key=lambda item: item[0][1])
        for base, view, i, sprite in placed:
            self._draw_piece(surface, view, i, sprite, base)
        for _, sprite in self._tiles(moving=False):
            if sprite.effect == "strike":
                self.art.strike(surface, sprite.rect, EASINGS["out_cubic"](sprite.effect_k))

    def _draw_piece(
        self,
        surface: pygame.Surface,
        tile: TileView,
        i: int,
        sprite: Sprite,
        base: tuple[float, float],
    ) -> None:
        """Piece ``i`` of ``tile`` standing on ``base`` (its sprite dropping in from above),
        falling over (its effect) or lying there, alternately to the right and the left."""
        tile_h, owner, piece = self.geo.tile[1], tile["owner"], tile["pieces"][i]
        height = round(tile_h * PIECE_HEIGHT)
        above = self.geo.piece_rect(base).bottom - sprite.rect.bottom  # while it drops in
        drop = 1.0 - min(1.0, max(0.0, above / (tile_h * 0.9)))
        bx, by = base[0], base[1] - (1.0 - drop) * tile_h * 0.9
        fall = 0.0 if piece["standing"] else 1.0
        if sprite.effect == "fall":
            fall = EASINGS["out_bounce"](sprite.effect_k)
        if fall <= 0.0:
            shadow_at = (bx + height * 0.08, base[1] + height * 0.02)
            blit_center(surface, self.art.piece_shadow(height), shadow_at, round(255 * drop))
            image, anchor = self.art.piece(owner, piece["power"], height)
            blit_at(surface, image, anchor, (bx, by), round(255 * min(1.0, drop * 2)))
            return
        for image, anchor, (dx, dy), alpha in self.art.falling_piece(
            owner, piece["power"], height, fall, 1 - i % 2 * 2, tile_h
        ):
            blit_at(surface, image, anchor, (bx + dx, by + dy), alpha)

    def hovered_target(self) -> TileView | None:
        """In combat, the opposing tile with standing pieces under the mouse."""
        combat, mover = self.obs["phase"] == "combat", self.obs["to_move"]
        tile = self._tile_at(self.mouse) if combat and self.mouse and mover >= 0 else None
        ok = tile is not None and tile["owner"] != mover and str(tile["id"]) in self.obs["attacks"]
        return tile if ok else None

    def _draw_combat_info(self, surface: pygame.Surface) -> None:
        """The hovered target's attack against its defence, and whether it is enough."""
        tile = self.hovered_target()
        anchor = None if tile is None else self.thing_rect(("tile", tile["id"]))
        if tile is None or anchor is None:
            return
        p, g = self.ctx.palette, self.geo
        ok, said, verdict = self.words.odds(self.obs, tile["id"])
        colour, sign = (p["legal"], "✔") if ok else (p["illegal"], "✘")
        head = self.art.text(said, g.fs(1.9), p["text"], bold=True)
        mark = self.art.text(sign, g.fs(1.5), colour, symbol=True)
        rows = [[head], [mark, self.art.text(verdict, g.fs(1.6), colour, bold=True)]]
        overlays.info_box(surface, self.art, rows, anchor, g.mat, g.unit)

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        """The face-up tile under the pointer, snapped to the empty cell there."""
        cells, fu, mouse = self.legal_cells(), self.obs["face_up"], self.mouse
        if not cells or fu is None or mouse is None or not self.geo.area.collidepoint(mouse):
            return
        cell = self.cell_at(mouse)
        if any(tuple(t["cell"]) == cell for t in self.obs["tiles"]):
            return
        ghost = self.art.ghost(fu["owner"], fu["squares"], *self.geo.tile, cell in cells)
        blit_center(surface, ghost, self.cell_center(cell))

    def _draw_arrivals(self, surface: pygame.Surface) -> None:
        """Tiles on their way to the field (kit flights), above everything."""
        w, h = self.geo.tile
        for tile, flight in self._tiles(moving=True):
            rise = 1.0 - flight.flight
            shadow_size = (round(flight.w * 1.2), round(flight.h * 1.3))
            shadow = pygame.transform.smoothscale(self.art.tile_shadow(w, h), shadow_size)
            (cx, cy), lift = flight.center, (h * (0.05 + 0.2 * rise), h * (0.08 + 0.25 * rise))
            blit_center(surface, shadow, (cx + lift[0], cy + lift[1]))
            image = self.art.tile(tile["owner"], tile["squares"], w, h)
            blit_sprite(surface, flight, image, image)


def _progress(sprite: Sprite, effect: str) -> float:
    """How far ``sprite`` is through ``effect`` (0 when it plays another or none)."""
    return sprite.effect_k if sprite.effect == effect else 0.0


def _winner(obs: FlatFrontObservation) -> int | None:
    winner = obs["winner"]
    return winner if isinstance(winner, int) else None
