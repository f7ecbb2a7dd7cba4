"""Flink's board: the cube stacks in isometric 3D, turnable in 90° steps, with a picker of the 24
ways to turn the F, a ghost of the piece under the cursor (green, or red with the reason), a drop
animation, each player's best path on demand and the winning path lit at the end.

A turn is two engine decisions (orientation, then the cell under the centre cube), but the player
makes one: the picker (or R / F / S) only changes the piece held, and a click on the board sends
both, in order (the kit's several actions of one click). The board composes its
views: the camera (projection, turning, picking), the stage (the painted board and stacks), the
picker; what a placement would be comes from the engine's ``preview``, words from its ``words``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from game.boards.base import Board, BoardContext, Decision, Things, hit
from game.boards.flink.art import FlinkArt
from game.boards.flink.camera import Camera
from game.boards.flink.emblems import draw_emblem
from game.boards.flink.palette import PALETTES, SEAT_ROLES
from game.boards.flink.picker import Picker
from game.boards.flink.pictures import Stage, picture
from game.boards.flink.projection import Cell, Cube, Projection, box_of
from game.engines.flink import ANCHOR, PASS
from game.engines.flink.geometry import NUM_ORIENTATIONS
from game.engines.flink.observation import FlinkObservation
from game.engines.flink.preview import Preview, anchor, cell_of, preview, stacks_by_cell, turned
from game.engines.flink.words import WORDS
from game.turns import Step
from game.ui import overlays
from game.ui.draw import Colour
from game.ui.layout import split_columns

T_TURN = 0.3  # seconds the view takes to turn a quarter
T_DROP = 0.35  # seconds a placed piece takes to fall into place
DROP_FROM = 3.0  # cubes above its resting place a piece falls from
TURN_KEYS = {pygame.K_r: "rotate", pygame.K_f: "flip", pygame.K_s: "stand"}
VIEW_KEYS = {pygame.K_q: "left", pygame.K_e: "right", pygame.K_p: "paths"}


class FlinkBoard(Board[FlinkObservation]):
    ACCENT = (190, 184, 168)
    PALETTES = PALETTES
    SEAT_ROLES = SEAT_ROLES
    draw_emblem = staticmethod(draw_emblem)

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.art = FlinkArt(ctx.palette, SEAT_ROLES)
        self.camera = Camera()
        self.stage = Stage()
        self.picker = Picker()
        self.held = 0  # the orientation in hand
        self.aimed: Cell | None = None  # the cell of the ghost under the pointer (see ``aim``)
        self.refusal_note: pygame.Rect | None = None  # where the last refusal note was drawn
        self.tag_box: pygame.Rect | None = None  # the last move's tag: the refusal keeps off it
        self.show_paths = False
        self.cubes: dict[Cube, int] = {}  # player by cube
        self.dropping: list[Cube] = []
        self.lift = 0.0  # cubes above its rest the falling piece is now
        self.over_since: float | None = None
        self.layout(self.rect)

    # --- geometry -----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = r = pygame.Rect(rect)
        self.unit = u = max(12, min(r.w // 50, r.h // 34))
        picker_w = max(150, min(r.w // 4, 330))
        self.picker.layout(pygame.Rect(r.right - picker_w, r.y, picker_w, r.h), u)
        self.view = pygame.Rect(r.x, r.y, r.w - picker_w, r.h)
        size = round(u * 2.4)  # the view's buttons: turn left, turn right, show the paths
        row = pygame.Rect(self.view.x + u // 2, self.view.bottom - size - u // 2, 0, size)
        row.w = 4 * size + 2 * (u // 3)
        names = ("left", "right", "paths")
        self.buttons = dict(zip(names, split_columns(row, [1, 1, 2], u // 3), strict=True))
        area = pygame.Rect(self.view.x + u, self.view.y + int(u * 2.4), self.view.w - 2 * u, 0)
        area.h = self.buttons["left"].top - area.y - u // 2
        self.camera.area = area

    def fs(self, k: float) -> int:
        return max(11, round(self.unit * k))

    @property
    def heights(self) -> dict[Cell, int]:
        return self.camera.heights

    def aim(self, pos: tuple[int, int]) -> Cell | None:
        """The cell the piece goes to for a click at ``pos`` in the view at rest."""
        if not self.obs or not self.view.collidepoint(pos):
            return None
        orientation = self._orientation()
        want = (self.aimed, self._hint_cell(orientation), orientation)
        return self.camera.aim(pos, self.camera.at_rest(), want)

    def _hinted(self) -> tuple[int, Cell] | None:
        """The hinted placement: the line's orientation (or the one held while placing) and
        the line's cell; None when the line has no cell."""
        cells = [cell_of(self.obs, a) for a in self.hint_line if a >= ANCHOR]
        turns = [a for a in self.hint_line if a < NUM_ORIENTATIONS]
        orientation = turns[0] if turns else self.obs["orientation"]
        if not cells or orientation < 0 or cells[0] not in self.heights:
            return None
        return orientation, cells[0]

    def _hint_cell(self, orientation: int) -> Cell | None:
        """The hinted placement's cell, while the piece in hand is the hinted one."""
        hinted = self._hinted()
        return hinted[1] if hinted and hinted[0] == orientation else None

    # --- the observation ----------------------------------------------------------------------
    def on_observation(
        self, previous: FlinkObservation | None, obs: FlinkObservation, animate: bool
    ) -> None:
        self.camera.observe(obs)
        stacks = stacks_by_cell(obs)
        self.cubes = {(x, y, z): who for (x, y), s in stacks.items() for z, who in enumerate(s)}
        if obs["orientation"] >= 0:
            self.held = obs["orientation"]
        self.aimed = None
        landed = animate and previous is not None and previous["last_piece"] != obs["last_piece"]
        self.dropping = [(c[0], c[1], c[2]) for c in obs["last_piece"]] if landed else []
        if self.dropping:
            self.lift = DROP_FROM

            def done() -> None:
                self.dropping = []
                self.ctx.play_sound("place")

            self.tweens.animate(self, T_DROP, "in_quad", lift=0.0, on_finish=done)
        self.over_since = self.clock if obs["winner"] is not None else None

    def things(self, obs: FlinkObservation) -> Things:
        """Each column by cell: its colours bottom first (a landing piece changes 3 to 5)."""
        return {("stack", *c): tuple(s) for c, s in zip(obs["cells"], obs["stacks"], strict=True)}

    def thing_rect(self, key: Hashable) -> pygame.Rect | None:
        if not isinstance(key, tuple) or key[0] != "stack" or (key[1], key[2]) not in self.heights:
            return None
        cell = (key[1], key[2])
        proj = self.camera.projection()
        return box_of(proj.top(*cell, self.heights[cell]) + proj.top(*cell, 0))

    def draw_marks(self, surface: pygame.Surface) -> None:
        """The last piece and a highlighted turn: the tops of their columns outlined."""
        self.tag_box = None
        proj = self.camera.projection()
        for keys, colour in ((self.highlighted, "highlight"), (self.marked, "last_move")):
            for key in keys:
                cell = (key[1], key[2]) if isinstance(key, tuple) else None
                if cell in self.heights:
                    tint = self.ctx.palette[colour]
                    self.art.glow_cell(surface, proj, cell, self.heights[cell], tint)
        rects = [r for r in map(self.thing_rect, self.marked) if r is not None]
        label, tint = self._last_label(), self.ctx.palette["last_move"]
        if rects and label:
            top = min(rects, key=lambda r: (r.top, r.left))  # ties: the leftmost, every run
            self.tag_box = overlays.pill(surface, label, top, tint, self.fs(0.9), self.view)

    # --- clicks -----------------------------------------------------------------------------
    def _placing(self) -> bool:
        return self.obs.get("phase") == "place"

    def _orientation(self) -> int:
        return self.obs["orientation"] if self._placing() else self.held

    def ghost_at(self, cell: Cell) -> Preview:
        """The piece in hand centred on ``cell``, where it would rest and why it may not."""
        return preview(self.obs, self._orientation(), cell, self.heights)

    def clicks_to(self, cell: Cell, orientation: int | None = None) -> list[tuple[int, int]]:
        """Turn the view (button clicks) until ``cell`` shows, then click it, off the buttons
        (holding the piece turned as ``orientation``, the one in hand by default)."""
        turned_as = self._orientation() if orientation is None else orientation
        want = (self.aimed, self._hint_cell(turned_as), turned_as)
        for quarter in range(4):
            buttons = list(self.buttons.values())
            pt = self.camera.point_for(cell, quarter, want, self.view, buttons)
            if pt is not None:
                return [self.buttons["right"].center] * quarter + [pt]
            want = (None, *want[1:])  # the ghost shown is the view at rest's
        return []

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        cell = cell_of(self.obs, action)
        if cell is not None:
            return self.clicks_to(cell)
        if action == PASS:
            return []
        fits = (
            c for c in self.heights if preview(self.obs, action, c, self.heights).reason is None
        )
        clicks = next(filter(None, (self.clicks_to(c, action) for c in fits)), [])
        return [self.picker.icon_rects()[action].center, *clicks]

    def show_hint(self, line: int | Sequence[int], words: Sequence[str] = ()) -> None:
        """A suggested way to turn the piece is put in hand, so its ghost follows the mouse;
        the whole placement is drawn where it would rest (``hinted_piece``)."""
        super().show_hint(line, words)
        if self.hint is not None and self.hint < NUM_ORIENTATIONS and not self._placing():
            self.held = self.hint

    def hinted_piece(self) -> list[Cube]:
        """The cubes of the hinted placement (``_hinted``) where it would rest."""
        hinted = self._hinted() if self.obs else None
        return [] if hinted is None else preview(self.obs, *hinted, self.heights).cubes

    def label_regions(self) -> list[pygame.Rect]:
        """The hint's caption keeps off the picker (it hid the icons beside the hinted one),
        the pieces-left line and the view's buttons."""
        header = pygame.Rect(self.view.x, self.view.y, self.view.w, round(self.unit * 2.4))
        return [self.picker.rect, header, *self.buttons.values()]

    def draw_hint_caption(
        self, surface: pygame.Surface, shown: list[pygame.Rect], colour: Colour, unit: int
    ) -> pygame.Rect:
        """The kit's caption, beside the picker's edge where the hinted part is one of its
        icons: beside the icon itself, it hid the icons next to it."""
        pk = self.picker.rect
        edge = [pygame.Rect(pk.x - 1, r.y, 1, r.h) for r in shown if r.colliderect(pk)]
        rest = [r for r in shown if not r.colliderect(pk)]
        return super().draw_hint_caption(surface, edge + rest, colour, unit)

    def hint_rect(self, action: int) -> pygame.Rect | None:
        """The orientation's icon in the picker; the cell's part is the hinted piece itself."""
        if action < NUM_ORIENTATIONS:
            return self.picker.icon_rects()[action].inflate(4, 4)
        cubes = self.hinted_piece() if action >= ANCHOR else []
        if cubes:
            proj = self.camera.projection()
            return box_of(
                [p for x, y, z in cubes for p in proj.top(x, y, z + 1) + proj.top(x, y, z)]
            )
        return super().hint_rect(action)

    def handle_event(self, event: pygame.event.Event) -> Decision:
        """The kit's routing (``click``, ``key``), but the right button and the wheel turn the
        piece in hand as R does rather than drop a half-made decision."""
        right = event.type == pygame.MOUSEBUTTONDOWN and event.button == 3
        if event.type == pygame.MOUSEWHEEL or right:
            return self.key(pygame.K_r)
        return super().handle_event(event)

    def key(self, key: int) -> int | None:
        if key in TURN_KEYS and not self._placing():
            self.held = turned(self.held, TURN_KEYS[key])
        else:
            self._view(VIEW_KEYS.get(key))
        return None

    def handle_idle_event(self, event: pygame.event.Event) -> bool:
        """While the other player moves, the view may still turn and the paths show."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._view(hit(event.pos, self.buttons.items()))
        if event.type == pygame.KEYDOWN:
            return self._view(VIEW_KEYS.get(event.key))
        return super().handle_idle_event(event)

    def _view(self, name: str | None) -> bool:
        """Turn the view a quarter ("left", "right") or show the paths or hide them; False for
        no button or key of the view (None)."""
        if name is None:
            return False
        if name == "paths":
            self.show_paths = not self.show_paths
        else:
            self.aimed = None
            angle = self.camera.turn_to(1 if name == "right" else -1)
            self.tweens.animate(self.camera, T_TURN, "out_cubic", angle=angle)
        return True

    def click(self, pos: tuple[int, int]) -> Decision:
        if self._view(hit(pos, self.buttons.items())) or not self.obs:
            return None
        if self.picker.rect.collidepoint(pos):
            o = self.picker.hit(pos)
            if o is not None and self._placing():
                return self.refuse("flink.feedback.held")
            self.held = self.held if o is None else o
            return None
        cell = self.aimed = self.aim(pos)
        if cell is None or not self.legal:
            return None
        shadow = self.ghost_at(cell)
        if shadow.reason is not None:
            return self.refuse(shadow.reason[0], **shadow.reason[1])
        if self._placing():
            return anchor(self.obs, cell)
        if self.held not in self.legal:
            return self.refuse("flink.feedback.fits_nowhere")
        return [self.held, anchor(self.obs, cell)]

    def move(self, pos: tuple[int, int]) -> None:
        self.aimed = self.aim(pos)

    def reset_input(self) -> None:
        self.aimed = None

    @classmethod
    def rules_picture(cls, name: str, width: int) -> pygame.Surface | None:
        return picture(name, width)

    # --- words (game/engines/flink/words.py) ------------------------------------------------
    def status_text(self) -> str:
        """Waiting while the viewer has nothing to play (an animation, a spectator)."""
        obs, names = self.obs, self.ctx.seat_names
        return WORDS.status(obs, self.viewer, names, self.legal) if obs else ""

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        return self.art.log_icons([step.phrase for step in steps], px)

    # --- drawing --------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        if self.art.p != self.ctx.palette:
            self.art = FlinkArt(self.ctx.palette, SEAT_ROLES)
            self.stage.forget()
        if not self.obs:
            surface.fill(self.ctx.palette["bg"], self.rect)
            return
        clip = surface.get_clip()
        surface.set_clip(self.view)
        surface.blit(self.scene(), self.view)
        proj = self.camera.projection()
        if self.dropping:
            falling = {c: self.cubes[c] for c in self.dropping}
            self.art.paint_pieces(surface, proj, falling, lift=self.lift)
        if self.show_paths:
            self.art.paths(surface, proj, self.obs["best_paths"], self.heights)
        self._draw_win(surface, proj)
        if self.threat():
            edge = self.breathing(urgent=True)
            self.art.threat(surface, proj, self.threat(), 1 - self.obs["to_move"], edge)
        self.art.hinted(surface, proj, self.hinted_piece())
        shadow = self._ghost_shown()
        if shadow is not None:
            self.art.ghost(surface, proj, shadow.cubes, shadow.reason is None)
        surface.set_clip(clip)
        self._draw_header(surface)
        labels = WORDS.buttons()
        for name, rect in self.buttons.items():
            on = name == "paths" and self.show_paths
            self.art.button(surface, rect, labels[name], on, self.fs(1.1), name != "paths")
        mover = self.obs["to_move"] if self.obs["to_move"] in (0, 1) else self.viewer
        every = not self.legal or self._placing()
        fits = tuple(o for o in range(NUM_ORIENTATIONS) if every or o in self.legal)
        self.picker.draw(surface, self.art, mover, self._orientation(), fits)

    def paint_overlays(self, surface: pygame.Surface) -> None:
        self._draw_stack_tip(surface)
        self._draw_refusal(surface)

    def scene(self) -> pygame.Surface:
        """The board and the resting stacks as the view shows them now (``Stage``)."""
        proj = self.camera.projection()
        proj.ox, proj.oy = proj.ox - self.view.x, proj.oy - self.view.y
        return self.stage.picture(
            self.art, proj, self.view.size, self.obs, self.cubes, self.dropping
        )

    def _ghost_shown(self) -> Preview | None:
        """The piece under the pointer while the player may place it and nothing moves."""
        if not self.legal or self.mouse is None or self.tweens.busy:
            return None
        cell = self.aim(self.mouse)
        return None if cell is None else self.ghost_at(cell)

    def _draw_refusal(self, surface: pygame.Surface) -> None:
        """Why the piece under the pointer does not fit, above the pointer, or below it where
        the last move's tag is (drawn after the board: the note must not hide it)."""
        self.refusal_note = None
        shadow = self._ghost_shown()
        if shadow is None or shadow.reason is None or self.mouse is None:
            return
        (x, y), tag = self.mouse, self.tag_box

        def place(box: pygame.Rect) -> None:
            box.midbottom = (x, y - self.unit)
            box.clamp_ip(self.view)
            if tag is not None and box.colliderect(tag):
                box.midtop = (x, y + 2 * self.unit)

        text, red = WORDS.refusal(shadow.reason), self.ctx.palette["illegal"]
        self.refusal_note = overlays.note(surface, self.art, text, self.view.w // 2, place,
                                         self.view, red, self.fs(0.95))  # fmt: skip

    def _draw_win(self, surface: pygame.Surface, proj: Projection) -> None:
        """The winning walk lit cube by cube, eight cubes a second."""
        if self.over_since is None or not self.obs["winning_path"]:
            return
        path = self.obs["winning_path"]
        speed = self.ctx.anim_speed()
        lit = len(path) if speed <= 0 else int((self.clock - self.over_since) * 8 * speed) + 1
        for x, y, z in path[:lit]:
            self.art.lit_cube(surface, proj, (x, y, z), self.ctx.palette["win"])

    def threat(self) -> list[Cube]:
        """The piece with which the other player would connect next turn, shown to the player
        who may still block it."""
        if not self.legal or self.obs["winner"] is not None:
            return []
        return [(c[0], c[1], c[2]) for c in self.obs["threat"]]

    def _draw_header(self, surface: pygame.Surface) -> None:
        """Each player's pieces left (the mover's in bold), then the threat's warning if any."""
        left, warning = WORDS.header(self.obs, bool(self.threat()))
        top_left = (self.view.x + self.unit, self.view.y + self.unit // 2)
        sizes = (self.fs(1.6), self.fs(1.0), self.unit)
        self.art.header(
            surface, top_left, self.view.right, left, self.obs["to_move"], warning, sizes
        )

    def _draw_stack_tip(self, surface: pygame.Surface) -> None:
        """Hovering a stack tells its height and colours, bottom first, beside the buttons (out
        of the ghost's way)."""
        if self.mouse is None or not self.obs or not self.view.collidepoint(self.mouse):
            return
        under = self.camera.under(self.mouse)
        if under is None or not self.heights[under[1]]:  # the column drawn there, if any
            return
        text = WORDS.stack(stacks_by_cell(self.obs)[under[1]])
        paths = self.buttons["paths"]
        left = paths.right + self.unit // 2

        def beside(box: pygame.Rect) -> None:
            box.midleft = (left, paths.centery)

        overlays.note(surface, self.art, text, self.view.right - left - 2 * self.unit, beside,
                      self.view, self.ctx.palette["panel_edge"], self.fs(0.9))  # fmt: skip
