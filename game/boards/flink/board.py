"""Flink's board: the cube stacks in isometric 3D, turnable in 90° steps, with a picker of the 24
ways to turn the F, a ghost of the piece under the cursor (green, or red with the reason), a drop
animation, each player's best path on demand and the winning path lit at the end.

A turn is two engine decisions (orientation, then the cell under the centre cube), but the player
makes one: the picker (or R / F / S) only changes the piece held, and a click on the board sends
the orientation and queues the cell, which ``auto_action`` sends next. The static board and the
stacks are painted once into a surface, rebuilt only when a piece lands or the view turns or
resizes: a frame blits it and draws the ghost.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import pygame

from game import i18n
from game.boards.base import Board, BoardContext, Decision, Obs, Things
from game.boards.flink.art import LABEL_ROOM, PALETTES, SEAT_ROLES, FlinkArt, box_of, draw_emblem
from game.boards.flink.pictures import picture
from game.boards.flink.view import (
    Cell,
    Cube,
    Ghost,
    Projection,
    Region,
    covers,
    fit,
    ghost,
    half_extent,
    pick,
    regions,
    stacks_by_cell,
    surface_at,
    turned,
)
from game.engines.flink import ANCHOR, PASS
from game.engines.flink.geometry import NUM_ORIENTATIONS
from game.turns import Step
from game.ui import overlays
from game.ui.draw import Colour, blit_at, blit_center, darker, lighter
from game.ui.text import fit_px, render

T_TURN = 0.3  # seconds the view takes to turn a quarter
T_DROP = 0.35  # seconds a placed piece takes to fall into place
DROP_FROM = 3.0  # cubes above its resting place a piece falls from
PICKER_COLS = 4
HINT_ALPHA = 190  # the hinted piece is drawn see-through, like the ghost, but stronger
GHOST_ALPHA = 170  # a piece that fits, under the pointer
REFUSED_ALPHA = 70  # a piece that does not fit: a faint body and its outline, so the pieces it
# overlaps (often the player's own last one) still show through
THREAT_ALPHA = 110
ICONS_PER_FRAME = 4  # picker icons drawn ahead of need per frame
TURN_KEYS = {pygame.K_r: "rotate", pygame.K_f: "flip", pygame.K_s: "stand"}


class _Motion:
    """Numbers the timeline animates: the view angle and the height of the falling piece."""

    def __init__(self) -> None:
        self.angle = 0.0
        self.lift = 0.0


class FlinkBoard(Board):
    ACCENT = (190, 184, 168)
    PALETTES = PALETTES
    SEAT_ROLES = SEAT_ROLES
    draw_emblem = staticmethod(draw_emblem)

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.art = FlinkArt(ctx.palette, SEAT_ROLES)
        self.turns = 0  # quarter turns of the view
        self.motion = _Motion()
        self.held = 0  # the orientation in hand
        self.queued: Cell | None = None  # the cell clicked with the orientation just sent
        self.aimed: Cell | None = None  # the cell of the ghost under the pointer (see ``aim``)
        self.refusal_note: pygame.Rect | None = None  # where the last refusal note was drawn
        # The last move's tag (every cell is a thing here, so the kit's ``mark_tag_box``, kept
        # off things, stays unset): the refusal's note keeps off it.
        self.tag_box: pygame.Rect | None = None
        self._aim_key: Hashable = None
        self._aim_cell: Cell | None = None
        self.show_paths = False
        self.heights: dict[Cell, int] = {}
        self.cubes: dict[Cube, int] = {}  # player by cube
        self.dropping: list[Cube] = []
        self.over_since: float | None = None
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple = ()
        self._painted: dict[Cube, int] = {}  # the cubes painted into _cache, by player
        self._stacks_key: Hashable = None
        self._base = pygame.Surface((1, 1))
        self._base_key: Hashable = None
        self._heights_key: Hashable = None
        self._board_key: Hashable = None
        self.extent = 10.0  # half the board's extent on screen, in cells (see half_extent)
        self._regions_key: Hashable = None
        self._regions_list: list[Region] = []
        self._picker_key: Hashable = None
        self._picker_surface = pygame.Surface((1, 1))
        self._icons_key: Hashable = None
        self._icons_due: list[tuple[int, int]] = []  # picker icons not drawn yet: (o, player)
        self._icons_px = 0
        self.layout(self.rect)

    # --- geometry -----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        r = self.rect
        self.unit = max(12, min(r.w // 50, r.h // 34))
        picker_w = max(150, min(r.w // 4, 330))
        self.picker = pygame.Rect(r.right - picker_w, r.y, picker_w, r.h)
        self.view = pygame.Rect(r.x, r.y, r.w - picker_w, r.h)
        u = self.unit
        size = round(u * 2.4)
        y = self.view.bottom - size - u // 2
        self.buttons = {
            "left": pygame.Rect(self.view.x + u // 2, y, size, size),
            "right": pygame.Rect(self.view.x + u // 2 + size + u // 3, y, size, size),
            "paths": pygame.Rect(self.view.x + u // 2 + 2 * (size + u // 3), y, size * 2, size),
        }
        self._cache = None

    def fs(self, k: float) -> int:
        return max(11, round(self.unit * k))

    def projection(self, angle: float | None = None) -> Projection:
        obs = self.obs
        top = max(self.heights.values(), default=0)
        u = self.unit
        area = pygame.Rect(self.view.x + u, self.view.y + u * 2.4, self.view.w - 2 * u, 0)
        area.h = self.buttons["left"].top - area.y - u // 2
        turn = self.motion.angle if angle is None else angle
        quarter = abs(turn / (math.pi / 2) - round(turn / (math.pi / 2))) < 1e-6
        extent = (
            self.extent
            if quarter
            else half_extent(list(self.heights), obs["width"], obs["height"], turn) + LABEL_ROOM
        )
        return fit(
            extent,
            obs.get("width", 10),
            obs.get("height", 10),
            (area.x, area.y, area.w, area.h),
            max(3, top + 1),
            turn,
        )

    def rest_projection(self) -> Projection:
        """The view at rest at its target turn: clicks map through this one."""
        return self.projection(self.turns * math.pi / 2)

    def cell_at(self, pos: tuple[int, int], proj: Projection | None = None) -> Cell | None:
        """The surface under the mouse: a column's top, or the space in front of a wall."""
        if not self.obs or not self.view.collidepoint(pos):
            return None
        return pick(self._regions(proj or self.rest_projection()), pos)

    def aim(self, pos: tuple[int, int]) -> Cell | None:
        """The cell the piece goes to for a click at ``pos`` in the view at rest."""
        return self._aim_at(pos, self.rest_projection(), self.aimed, self._orientation())

    def _aim_at(
        self, pos: tuple[int, int], proj: Projection, held: Cell | None, orientation: int
    ) -> Cell | None:
        """The placement whose ghost is drawn under the pointer, at whatever height it rests.
        In order: the ghost already shown (``held``), while the pointer stays on its centre column
        (a ghost raised on a stack hides the floor behind it: moving onto it must not make it
        jump away); the hinted piece, anywhere on it; the ghost resting on the surface under
        the pointer; a fitting ghost raised above that surface whose centre column is under the
        pointer (the nearest); else the surface's cell, refused or not."""
        if not self.obs or not self.view.collidepoint(pos):
            return None
        hint = self._hint_cell(orientation)
        key = (pos, held, hint, orientation, self._heights_key, *self._proj_key(proj))
        if key != self._aim_key:
            self._aim_key, self._aim_cell = key, self._aim(pos, proj, held, hint, orientation)
        return self._aim_cell

    def _aim(
        self,
        pos: tuple[int, int],
        proj: Projection,
        held: Cell | None,
        hint: Cell | None,
        orientation: int,
    ) -> Cell | None:
        def cubes(cell: Cell) -> list[Cube]:
            return ghost(self.obs, self.heights, orientation, cell).cubes

        def centre(cell: Cell, piece: list[Cube]) -> list[Cube]:
            return [c for c in piece if (c[0], c[1]) == cell] or piece

        if held in self.heights and covers(proj, centre(held, cubes(held)), pos):
            return held
        if hint is not None and covers(proj, cubes(hint), pos):
            return hint
        under = surface_at(self._regions(proj), pos)
        if under is not None and covers(proj, cubes(under[0]), pos):
            return under[0]
        floor = -1 if under is None else self.heights[under[1]]
        raised = []
        for cell in self.heights:
            shadow = ghost(self.obs, self.heights, orientation, cell)
            middle = centre(cell, shadow.cubes)
            low = min((c[2] for c in middle), default=0)
            if shadow.reason is None and low > floor and covers(proj, middle, pos):
                raised.append((low, proj.depth(cell[0] + 0.5, cell[1] + 0.5), cell))
        if raised:
            return max(raised)[2]
        return None if under is None else under[0]

    def _hint_cell(self, orientation: int) -> Cell | None:
        """The hinted placement's cell, while the piece in hand is the hinted one."""
        cells = [a - ANCHOR for a in self.hint_line if a >= ANCHOR]
        turns = [a for a in self.hint_line if a < NUM_ORIENTATIONS]
        if not cells or (turns and turns[0] != orientation):
            return None
        cell = (cells[0] % self.obs["width"], cells[0] // self.obs["width"])
        return cell if cell in self.heights else None

    def column_at(self, pos: tuple[int, int]) -> Cell | None:
        """The column drawn under ``pos`` (for the stack tooltip)."""
        if not self.obs or not self.view.collidepoint(pos):
            return None
        return pick(self._regions(self.rest_projection()), pos, column=True)

    @staticmethod
    def _proj_key(proj: Projection) -> tuple[float, ...]:
        return round(proj.angle, 4), proj.a, proj.ox, proj.oy

    def _regions(self, proj: Projection) -> list[Region]:
        key = (*self._proj_key(proj), self._heights_key)
        if key != self._regions_key:
            self._regions_key, self._regions_list = key, regions(proj, self.heights)
        return self._regions_list

    def icon_rects(self) -> list[pygame.Rect]:
        """The picker's 24 icons: two rows lying flat, then four rows standing."""
        pk, u = self.picker, self.unit
        top = pk.y + u * 5.8
        size = min((pk.w - u) // PICKER_COLS, int(pk.h - (top - pk.y) - u * 2.4) // 6)
        rects = []
        for i in range(NUM_ORIENTATIONS):
            row, col = divmod(i, PICKER_COLS)
            y = top + row * size + (u * 1.6 if row >= 2 else 0)
            rects.append(pygame.Rect(pk.x + u // 2 + col * size, round(y), size - 2, size - 2))
        return rects

    # --- the observation ----------------------------------------------------------------------
    def on_observation(self, previous: Obs | None, obs: Obs, animate: bool) -> None:
        stacks = stacks_by_cell(obs)
        self.heights = {c: len(s) for c, s in stacks.items()}
        self._heights_key = tuple(self.heights.values())
        self._stacks_key = tuple(map(tuple, obs["stacks"]))
        if (obs["board"], obs["size"]) != self._board_key:
            self._board_key = (obs["board"], obs["size"])
            self.extent = half_extent(list(self.heights), obs["width"], obs["height"]) + LABEL_ROOM
        self.cubes = {(x, y, z): who for (x, y), s in stacks.items() for z, who in enumerate(s)}
        if obs.get("orientation", -1) >= 0:
            self.held = obs["orientation"]
        if obs.get("phase") != "place":
            self.queued = None  # played (or forced: a lone fitting cell is played for us)
        self.aimed = None
        self.dropping = []
        landed = previous is not None and previous.get("last_piece") != obs.get("last_piece")
        if animate and landed and obs["last_piece"]:
            self.dropping = [(c[0], c[1], c[2]) for c in obs["last_piece"]]
            self.motion.lift = DROP_FROM

            def done() -> None:
                self.dropping = []
                self.ctx.play_sound("place")

            self.tweens.animate(self.motion, T_DROP, "in_quad", lift=0.0, on_finish=done)
        self.over_since = self.clock if obs.get("winner") is not None else None

    def things(self, obs: Obs) -> Things:
        """Each column by cell: its colours bottom first (a landing piece changes 3 to 5)."""
        return {("stack", *c): tuple(s) for c, s in zip(obs["cells"], obs["stacks"], strict=True)}

    def thing_rect(self, key: Hashable) -> pygame.Rect | None:
        if not isinstance(key, tuple) or key[0] != "stack" or (key[1], key[2]) not in self.heights:
            return None
        cell = (key[1], key[2])
        return box_of(self.projection().column(*cell, self.heights[cell]))

    def draw_marks(self, surface: pygame.Surface) -> None:
        """The last piece and a highlighted turn: the tops of their columns outlined."""
        self.tag_box = None
        proj = self.projection()
        for keys, colour in ((self.highlighted, "highlight"), (self.marked, "last_move")):
            for key in keys:
                cell = (key[1], key[2]) if isinstance(key, tuple) else None
                if cell in self.heights:
                    self.art.glow_cell(
                        surface, proj, cell, self.heights[cell], self.ctx.palette[colour]
                    )
        if self.marked:
            rects = [r for r in map(self.thing_rect, self.marked) if r is not None]
            label = self._last_label()
            if rects and label:
                top = min(rects, key=lambda r: r.top)
                tint = self.ctx.palette["last_move"]
                self.tag_box = overlays.pill(surface, label, top, tint, self.fs(0.9), self.view)

    # --- clicks -----------------------------------------------------------------------------
    def _placing(self) -> bool:
        return self.obs.get("phase") == "place"

    def _orientation(self) -> int:
        return self.obs["orientation"] if self._placing() else self.held

    def ghost_at(self, cell: Cell) -> Ghost:
        return ghost(self.obs, self.heights, self._orientation(), cell)

    def anchor(self, cell: Cell) -> int:
        return ANCHOR + cell[1] * self.obs["width"] + cell[0]

    def _point_for(
        self, cell: Cell, proj: Projection, held: Cell | None, orientation: int
    ) -> tuple[int, int] | None:
        """A screen point that aims at ``cell`` in ``proj`` with the piece turned as
        ``orientation`` (on its ghost's centre column, or on the surface meaning it), away from
        the buttons."""
        piece = ghost(self.obs, self.heights, orientation, cell).cubes
        middle = [c for c in piece if (c[0], c[1]) == cell]
        polys = [proj.top(cell[0], cell[1], z + 1) for *_, z in middle]
        polys += [poly for poly, _box, target, _drawn in self._regions(proj) if target == cell]
        for poly in polys:
            cx = sum(p[0] for p in poly) / len(poly)
            cy = sum(p[1] for p in poly) / len(poly)
            for k in (0.0, 0.4, 0.75):
                for px, py in poly:
                    pt = (round(cx + (px - cx) * k), round(cy + (py - cy) * k))
                    busy = any(b.collidepoint(pt) for b in self.buttons.values())
                    if busy or not self.view.collidepoint(pt):
                        continue
                    if self._aim_at(pt, proj, held, orientation) == cell:
                        return pt
        return None

    def _clicks_to(self, cell: Cell, orientation: int | None = None) -> list[tuple[int, int]]:
        """Turn the view (button clicks) until ``cell`` shows, then click it (holding the piece
        turned as ``orientation``, the one in hand by default)."""
        turned_as = self._orientation() if orientation is None else orientation
        for quarter in range(4):
            proj = self.projection((self.turns + quarter) * math.pi / 2)
            pt = self._point_for(cell, proj, None if quarter else self.aimed, turned_as)
            if pt is not None:
                return [self.buttons["right"].center] * quarter + [pt]
        return []

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        width = self.obs["width"]
        if action >= ANCHOR:
            i = action - ANCHOR
            return self._clicks_to((i % width, i // width))
        if action == PASS:
            return []
        icon = self.icon_rects()[action].center
        for cell in self.heights:
            if ghost(self.obs, self.heights, action, cell).reason is None:
                clicks = self._clicks_to(cell, action)
                if clicks:
                    return [icon, *clicks]
        return [icon]

    def show_hint(self, line: int | Sequence[int], words: Sequence[str] = ()) -> None:
        """A suggested way to turn the piece is put in hand, so its ghost follows the mouse;
        the whole placement is drawn where it would rest (``hinted_piece``)."""
        super().show_hint(line, words)
        if self.hint is not None and self.hint < NUM_ORIENTATIONS and not self._placing():
            self.held = self.hint

    def hinted_piece(self) -> list[Cube]:
        """The cubes of the hinted placement at rest: the line's orientation (or the one held
        while placing) centred on the line's cell; empty when the line has no cell."""
        if not self.obs:
            return []
        cells = [a for a in self.hint_line if a >= ANCHOR]
        turns = [a for a in self.hint_line if a < NUM_ORIENTATIONS]
        orientation = turns[0] if turns else self.obs.get("orientation", -1)
        if not cells or orientation < 0:
            return []
        i = cells[0] - ANCHOR
        cell = (i % self.obs["width"], i // self.obs["width"])
        if cell not in self.heights:
            return []
        return ghost(self.obs, self.heights, orientation, cell).cubes

    def label_regions(self) -> list[pygame.Rect]:
        """The hint's caption keeps off the picker (it hid the icons beside the hinted one),
        the pieces-left line and the view's buttons."""
        header = pygame.Rect(self.view.x, self.view.y, self.view.w, round(self.unit * 2.4))
        return [self.picker, header, *self.buttons.values()]

    def draw_hint_caption(
        self, surface: pygame.Surface, shown: list[pygame.Rect], colour: Colour, unit: int
    ) -> pygame.Rect:
        """The kit's caption, beside the picker's edge where the hinted part is one of its
        icons: beside the icon itself, it hid the icons next to it."""
        edge = [
            pygame.Rect(self.picker.x - 1, r.y, 1, r.h) for r in shown if r.colliderect(self.picker)
        ]
        rest = [r for r in shown if not r.colliderect(self.picker)]
        return super().draw_hint_caption(surface, edge + rest, colour, unit)

    def hint_rect(self, action: int) -> pygame.Rect | None:
        """The orientation's icon in the picker; the cell's part is the hinted piece itself."""
        if action < NUM_ORIENTATIONS:
            return self.icon_rects()[action].inflate(4, 4)
        if action >= ANCHOR:
            cubes = self.hinted_piece()
            if cubes:
                proj = self.projection()
                return box_of([pt for x, y, z in cubes for pt in proj.column(x, y, z + 1, z)])
        return super().hint_rect(action)

    def handle_event(self, event: pygame.event.Event) -> Decision:
        """The kit's routing (``click``, ``key``), but the right button and the wheel turn the
        piece in hand rather than drop a half-made decision."""
        turning = event.type == pygame.MOUSEWHEEL
        turning = turning or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3)
        if not turning:
            return super().handle_event(event)
        if not self._placing():
            self.held = turned(self.held, "rotate")
        return None

    def key(self, key: int) -> int | None:
        if key in TURN_KEYS:
            if not self._placing():
                self.held = turned(self.held, TURN_KEYS[key])
        else:
            self._view_key(key)
        return None

    def handle_idle_event(self, event: pygame.event.Event) -> bool:
        """While the other player moves, the view may still turn and the paths show."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._view_button(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._view_key(event.key)
        return super().handle_idle_event(event)

    def _view_key(self, key: int) -> bool:
        if key in (pygame.K_q, pygame.K_e):
            self._turn_view(1 if key == pygame.K_e else -1)
        elif key == pygame.K_p:
            self.show_paths = not self.show_paths
        else:
            return False
        return True

    def _view_button(self, pos: tuple[int, int]) -> bool:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                if name == "paths":
                    self.show_paths = not self.show_paths
                else:
                    self._turn_view(1 if name == "right" else -1)
                return True
        return False

    def _turn_view(self, step: int) -> None:
        self.turns += step
        self.aimed = None
        self.tweens.animate(self.motion, T_TURN, "out_cubic", angle=self.turns * math.pi / 2)

    def click(self, pos: tuple[int, int]) -> int | None:
        if self._view_button(pos) or not self.obs:
            return None
        if self.picker.collidepoint(pos):
            for o, rect in enumerate(self.icon_rects()):
                if rect.collidepoint(pos):
                    if self._placing():
                        return self.refuse("flink.feedback.held")
                    self.held = o
            return None
        cell = self.aimed = self.aim(pos)
        if cell is None or not self.legal:
            return None
        shadow = self.ghost_at(cell)
        if shadow.reason is not None:
            return self.refuse(shadow.reason[0], **shadow.reason[1])
        if self._placing():
            return self.anchor(cell)
        if self.held not in self.legal:
            return self.refuse("flink.feedback.fits_nowhere")
        self.queued = cell
        return self.held

    def auto_action(self) -> int | None:
        if self.queued is None or not self._placing():
            return None
        action = self.anchor(self.queued)
        self.queued = None
        return action if action in self.legal else None

    def move(self, pos: tuple[int, int]) -> None:
        self.aimed = self.aim(pos)

    def reset_input(self) -> None:
        self.queued = None
        self.aimed = None

    @classmethod
    def rules_picture(cls, name: str, width: int) -> pygame.Surface | None:
        return picture(name, width)

    # --- words ----------------------------------------------------------------------------------
    def log_text(self, key: str, args: dict) -> str | None:
        words = dict(args)
        if "player" in words:
            words["player"] = i18n.t(f"flink.player.{words['player']}")
        if "kind" in words:
            words["kind"] = i18n.t(f"flink.kind.{words['kind']}")
        return i18n.t(f"log.flink.{key}", **words)

    def turn_words(self, steps: list[Step]) -> list[str]:
        """One line per turn: how the F lay and where it went ("lying flat on E5, height 2")."""
        kind = ""
        out = []
        for step in steps:
            key, args = step.phrase
            if key == "orient":
                kind = i18n.t(f"flink.kind.{args['kind']}")
            elif key in ("place", "place_high"):
                words = {**args, "kind": kind or i18n.t(f"flink.kind.{args['kind']}")}
                out.append(i18n.t(f"log.flink.turn.{key}", **words))
            elif key == "pass":
                out.append(i18n.t("log.flink.turn.pass"))
        return out

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        for step in steps:
            key, args = step.phrase
            if key == "orient":
                return [self.art.tiled_icon(int(args["orientation"]) - 1, int(args["player"]), px)]
        return []

    def status_text(self) -> str:
        obs = self.obs
        if not obs:
            return ""
        if obs.get("winner") is not None:
            return i18n.t("flink.status.won", player=i18n.t(f"flink.player.{obs['winner']}"))
        if obs.get("draw"):
            return i18n.t("flink.status.draw")
        who = i18n.t(f"flink.player.{obs['to_move']}")
        if not self.legal:
            return i18n.t("flink.status.waiting", player=who)
        return i18n.t("flink.status.yours", player=who)

    # --- drawing --------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        if self.art.p != self.ctx.palette:
            self.art = FlinkArt(self.ctx.palette, SEAT_ROLES)
            self._cache = None
        if not self.obs:
            surface.fill(self.ctx.palette["bg"], self.rect)
            return
        clip = surface.get_clip()
        surface.set_clip(self.view)
        surface.blit(self._scene(), self.view)
        proj = self.projection()
        if self.dropping:
            cubes = {c: self.art.piece_colour(self.cubes[c]) for c in self.dropping}
            marks = {c: self.cubes[c] == 1 for c in self.dropping}
            self.art.paint_cubes(surface, proj, cubes, marks, lift=self.motion.lift)
        if self.show_paths:
            self._draw_paths(surface, proj)
        self._draw_win(surface, proj)
        self._draw_threat(surface, proj)
        self._draw_hint(surface, proj)
        self._draw_ghost(surface, proj)
        surface.set_clip(clip)
        self._draw_header(surface)
        self._draw_buttons(surface)
        self._draw_picker(surface)
        self._draw_icons_ahead()

    def paint_overlays(self, surface: pygame.Surface) -> None:
        self._draw_stack_tip(surface)
        self._draw_refusal(surface)

    def _scene(self) -> pygame.Surface:
        """The board and the resting stacks, painted once per turn or size (the empty board
        itself only per turn or size); a piece that lands is painted into it (``paint_added``),
        once it has fallen: while it falls, the picture from before it landed is the right
        one."""
        key = (self.view.size, round(self.motion.angle, 4), id(self.art))
        if self._cache is not None and (key, self._stacks_key, self.dropping) == self._cache_key:
            return self._cache
        proj = self.projection()
        proj.ox -= self.view.x
        proj.oy -= self.view.y
        base_key = (*key, self._board_key, proj.a, proj.ox, proj.oy)
        still = {c: who for c, who in self.cubes.items() if c not in self.dropping}
        cubes = {c: self.art.piece_colour(who) for c, who in still.items()}
        marks = {c: who == 1 for c, who in still.items()}
        painted = self._painted.items()
        if self._cache is not None and base_key == self._base_key and painted <= still.items():
            self.art.paint_added(self._cache, proj, cubes, marks, still.keys() - self._painted)
        else:
            if base_key != self._base_key:
                base = pygame.Surface(self.view.size)
                base.fill(self.ctx.palette["bg"])
                self.art.paint_board(base, proj, self.obs)
                self.art.paint_coordinates(base, proj, self.obs)
                self._base, self._base_key = base, base_key
            self._cache = self._base.copy()
            self.art.paint_cubes(self._cache, proj, cubes, marks)
        self._painted = still
        self._cache_key = (key, self._stacks_key, list(self.dropping))
        return self._cache

    def _draw_ghost(self, surface: pygame.Surface, proj: Projection) -> None:
        if not self.legal or self.mouse is None or self.tweens.busy:
            return
        cell = self.aim(self.mouse)
        if cell is None:
            return
        shadow = self.ghost_at(cell)
        p = self.ctx.palette
        if shadow.reason is None:
            self.art.paint_cubes(surface, proj, dict.fromkeys(shadow.cubes, p["legal"]),
                                 alpha=GHOST_ALPHA)  # fmt: skip
            return
        self.art.paint_cubes(surface, proj, dict.fromkeys(shadow.cubes, p["illegal"]),
                             alpha=REFUSED_ALPHA)  # fmt: skip
        for x, y, z in shadow.cubes:
            self.art.outline(surface, proj.column(x, y, z + 1, z), p["illegal"], proj.a)

    def _draw_refusal(self, surface: pygame.Surface) -> None:
        """Why the piece under the pointer does not fit, above the pointer, or below it where
        the last move's tag is (drawn after the board: the note must not hide it)."""
        self.refusal_note = None
        if not self.legal or self.mouse is None or self.tweens.busy:
            return
        cell = self.aim(self.mouse)
        reason = None if cell is None else self.ghost_at(cell).reason
        if reason is None:
            return
        x, y = self.mouse
        text = i18n.t(reason[0], **reason[1])
        tag = self.tag_box
        p = self.ctx.palette

        def place(box: pygame.Rect) -> None:
            box.midbottom = (x, y - self.unit)
            box.clamp_ip(self.view)
            if tag is not None and box.colliderect(tag):
                box.midtop = (x, y + 2 * self.unit)

        self.refusal_note = overlays.note(surface, self.art, text, self.view.w // 2, place,
                                         self.view, p["illegal"], self.fs(0.95))  # fmt: skip

    def _surface_point(self, proj: Projection, cell: Cell) -> tuple[float, float]:
        return proj.point(cell[0] + 0.5, cell[1] + 0.5, self.heights.get(cell, 0))

    def _draw_paths(self, surface: pygame.Surface, proj: Projection) -> None:
        p = self.ctx.palette
        for player, path in enumerate(self.obs.get("best_paths", [])):
            pts = [self._surface_point(proj, (c[0], c[1])) for c in path]
            colour = p["white_side" if player == 0 else "black_side"]
            width = max(3, round(proj.a / 5))
            if len(pts) > 1:
                pygame.draw.lines(
                    surface,
                    darker(colour, 0.5) if player == 0 else (200, 200, 210),
                    False,
                    pts,
                    width + 4,
                )
                pygame.draw.lines(surface, colour, False, pts, width)

    def _draw_win(self, surface: pygame.Surface, proj: Projection) -> None:
        """The winning walk lit cube by cube, eight cubes a second."""
        if self.over_since is None or not self.obs.get("winning_path"):
            return
        path = self.obs["winning_path"]
        speed = self.ctx.anim_speed()
        lit = len(path) if speed <= 0 else int((self.clock - self.over_since) * 8 * speed) + 1
        colour = self.ctx.palette["win"]
        for x, y, z in path[:lit]:
            self.art.lit_cube(surface, proj, (x, y, z), colour)

    def _threat(self) -> list[Cube]:
        """The piece with which the other player would connect next turn, shown to the player
        who may still block it."""
        if not self.legal or self.obs.get("winner") is not None:
            return []
        return [(c[0], c[1], c[2]) for c in self.obs.get("threat", [])]

    def _draw_threat(self, surface: pygame.Surface, proj: Projection) -> None:
        """That piece in its player's colour, see-through, outlined in a breathing warning."""
        cubes = self._threat()
        if not cubes:
            return
        p = self.ctx.palette
        colour = self.art.piece_colour(1 - self.obs["to_move"])
        self.art.paint_cubes(surface, proj, dict.fromkeys(cubes, colour), alpha=THREAT_ALPHA)
        edge = (*p["threat"], self.breathing(urgent=True))
        for x, y, z in cubes:
            self.art.outline(surface, proj.column(x, y, z + 1, z), edge, proj.a)

    def _draw_hint(self, surface: pygame.Surface, proj: Projection) -> None:
        """The hinted piece, turned and resting where the hint puts it, in the hint colour."""
        cubes = self.hinted_piece()
        if cubes:
            colour = self.ctx.palette["hint"]
            self.art.paint_cubes(surface, proj, dict.fromkeys(cubes, colour), alpha=HINT_ALPHA)

    def _draw_header(self, surface: pygame.Surface) -> None:
        p, obs = self.ctx.palette, self.obs
        x, y = self.view.x + self.unit, self.view.y + self.unit // 2
        for player in (0, 1):
            name = i18n.t(f"flink.player.{player}")
            text = i18n.t("flink.pieces_left", player=name, n=obs["pieces_left"][player])
            icon = self.art.piece_icon(0, player, self.fs(1.6))
            surface.blit(icon, (x, y))
            img = render(text, self.fs(1.0), p["text"], bold=obs["to_move"] == player)
            surface.blit(
                img, (x + icon.get_width() + 4, y + (icon.get_height() - img.get_height()) // 2)
            )
            x += icon.get_width() + img.get_width() + self.unit * 2
        if self._threat():
            who = i18n.t(f"flink.player.{1 - obs['to_move']}")
            words = i18n.t("flink.threat", player=who)
            room = self.view.right - x - self.unit
            img = render(words, fit_px(words, self.fs(1.0), room, min_px=9), p["threat"], bold=True)
            surface.blit(img, (x, y + (self.fs(1.6) - img.get_height()) // 2))

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        p = self.ctx.palette
        labels = {"left": "⟲", "right": "⟳", "paths": i18n.t("flink.paths")}
        for name, rect in self.buttons.items():
            on = name == "paths" and self.show_paths
            pygame.draw.rect(surface, p["panel_edge"] if on else p["panel"], rect, border_radius=6)
            pygame.draw.rect(surface, p["panel_edge"], rect, 2, border_radius=6)
            img = render(labels[name], self.fs(1.1), p["text"], symbol=name != "paths")
            blit_center(surface, img, rect.center)

    def _draw_picker(self, surface: pygame.Surface) -> None:
        """The picker panel, painted again only when what it shows changes."""
        mover = self.obs.get("to_move", 0)
        mover = mover if mover in (0, 1) else self.viewer
        every = not self.legal or self._placing()
        fits = tuple(o for o in range(NUM_ORIENTATIONS) if every or o in self.legal)
        title = i18n.t("flink.picker.title")
        key = (self.picker.size, mover, self._orientation(), fits, title, id(self.art))
        if key != self._picker_key:
            panel = pygame.Surface(self.picker.size)
            self._paint_picker(panel, mover, set(fits))
            self._picker_key, self._picker_surface = key, panel
        surface.blit(self._picker_surface, self.picker)

    def _draw_icons_ahead(self) -> None:
        """Both players' picker icons, a few a frame ahead of need, so the frame in which the
        mover changes only puts the panel together (24 new icons took 4-5 ms there)."""
        key = (self.picker.size, self.unit, id(self.art))
        if key != self._icons_key:
            self._icons_key, self._icons_px = key, self.icon_rects()[0].h
            self._icons_due = [(o, p) for p in (0, 1) for o in range(NUM_ORIENTATIONS)]
        for o, player in self._icons_due[-ICONS_PER_FRAME:]:
            self.art.piece_icon(o, player, self._icons_px)
        del self._icons_due[-ICONS_PER_FRAME:]

    def _paint_picker(self, surface: pygame.Surface, mover: int, fits: set[int]) -> None:
        """The panel drawn at (0, 0): title, keys, and the icons grouped flat / standing."""
        p, u = self.ctx.palette, self.unit
        pk = surface.get_rect()
        surface.fill(p["panel"])
        pygame.draw.line(surface, p["panel_edge"], pk.topleft, pk.bottomleft, 2)
        rects = [r.move(-self.picker.x, -self.picker.y) for r in self.icon_rects()]
        title = render(i18n.t("flink.picker.title"), self.fs(1.05), p["text"], bold=True)
        surface.blit(title, (u // 2, u // 2))
        for line, key in enumerate(("flink.picker.keys", "flink.picker.view_keys")):
            words = i18n.t(key)
            img = render(words, fit_px(words, self.fs(0.8), pk.w - u, min_px=10), p["text_dim"])
            surface.blit(img, (u // 2, round(u * (1.9 + 1.1 * line))))
        for label, first in (("flink.picker.flat", 0), ("flink.picker.standing", 8)):
            img = render(i18n.t(label), self.fs(0.85), p["text_dim"])
            surface.blit(img, (rects[first].x, rects[first].y - img.get_height() - 2))
        current = self._orientation()
        tile = lighter(p["panel"], 0.12)  # under every icon: Black's dark pieces stand out
        for o, rect in enumerate(rects):
            held = p["panel_edge"] if o == current else tile
            pygame.draw.rect(surface, held, rect, border_radius=6)
            icon = self.art.piece_icon(o, mover, rect.h)
            blit_at(surface, icon, (0, 0), rect.topleft, None if o in fits else 90)
            if o == current:
                pygame.draw.rect(surface, p["legal"], rect, 2, border_radius=6)

    def _draw_stack_tip(self, surface: pygame.Surface) -> None:
        """Hovering a stack tells its height and colours, bottom first, beside the buttons (out
        of the ghost's way)."""
        if self.mouse is None:
            return
        cell = self.column_at(self.mouse)
        if cell is None or not self.heights.get(cell):
            return
        stack = [self.cubes[(cell[0], cell[1], z)] for z in range(self.heights[cell])]
        names = ", ".join(i18n.t(f"flink.player.{who}") for who in stack)
        text = i18n.t("flink.stack", n=len(stack), colours=names)
        paths = self.buttons["paths"]
        left = paths.right + self.unit // 2

        def beside(box: pygame.Rect) -> None:
            box.midleft = (left, paths.centery)

        overlays.note(surface, self.art, text, self.view.right - left - 2 * self.unit, beside,
                      self.view, self.ctx.palette["panel_edge"], self.fs(0.9))  # fmt: skip
