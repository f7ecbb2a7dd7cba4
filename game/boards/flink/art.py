"""Flink's pictures: shaded cubes, the board with each player's sides coloured along its frame,
and small 3D icons of the 24 orientations. Everything is drawn through a :class:`Projection`, so
the same code paints the board, the ghost, the picker icons and the log icons."""

from __future__ import annotations

import math

import pygame

from game.boards.flink.palette import SEAT_ROLES
from game.boards.flink.projection import (
    SIDE_CORNERS,
    SIDES,
    Cell,
    Cube,
    Point,
    Projection,
    box_of,
)
from game.engines.flink.geometry import NUM_ORIENTATIONS, orientations
from game.engines.flink.observation import XY
from game.turns import Phrase
from game.ui.draw import Art, Colour, blit_at, blit_center, darker, lighter
from game.ui.text import fit_px, render

DIRECTIONS = {0: (1, 0), 1: (-1, 0), 2: (0, 1), 3: (0, -1)}  # the observation's edge directions
LABEL_ROOM = 1.1  # cells of room kept round the board for the labels
HINT_ALPHA = 190  # the hinted piece is drawn see-through, like the ghost, but stronger
GHOST_ALPHA = 170  # a piece that fits, under the pointer
REFUSED_ALPHA = 70  # a piece that does not fit: a faint body and its outline
THREAT_ALPHA = 110
ICONS_PER_FRAME = 4  # picker icons drawn ahead of need per frame
MIN_LABEL_PX = 9  # the smallest text a player must read

Poly = list[tuple[float, float]]


def light(proj: Projection, normal: Cell) -> float:
    """Brightness of a side face: the light comes from the viewer's left."""
    nu, nv = proj.turn(proj.cx + normal[0], proj.cy + normal[1])
    return 0.7 - 0.16 * (nu - nv) / math.sqrt(2)


def cube_outline(proj: Projection, cube: Cube) -> Poly:
    """The outline (convex) of ``cube`` as ``proj`` draws it: its top and the sides facing the
    viewer together."""
    x, y, z = cube
    return _hull(proj.top(x, y, z + 1) + proj.top(x, y, z))


def _hull(points: list[Point]) -> list[Point]:
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _poly(surface: pygame.Surface, colour: Colour, pts: Poly, edge: Colour | None) -> None:
    pygame.draw.polygon(surface, colour, pts)
    if edge is not None:
        pygame.draw.lines(surface, edge, True, pts)


class FlinkArt(Art):
    def __init__(self, palette: dict[str, Colour], seat_roles: tuple[str, ...]) -> None:
        super().__init__(palette, seat_roles)
        self._ahead_px = 0
        self._due: list[tuple[int, int]] = []  # icons not drawn ahead yet: (orientation, player)

    def piece_colour(self, player: int) -> Colour:
        return self.p[SEAT_ROLES[player]]

    def paint_board(
        self, surface: pygame.Surface, proj: Projection, cells: set[Cell], edges: list[list[XY]]
    ) -> None:
        """The felt cells, the slab under them and the four sides in their owners' colours
        (``edges`` by player as the observation gives them)."""
        p = self.p
        for x, y in sorted(cells, key=lambda c: proj.depth(c[0] + 0.5, c[1] + 0.5)):
            for normal in SIDES:
                if (x + normal[0], y + normal[1]) in cells:
                    continue
                face = proj.side(x, y, -0.45, 0, normal)
                if face is not None:
                    _poly(surface, darker(p["slab"], 1 - light(proj, normal)), face, None)
        for x, y in cells:
            tint = p["felt"] if (x + y) % 2 else p["felt_alt"]
            _poly(surface, tint, proj.top(x, y, 0), darker(tint, 0.18))
        for player, own in enumerate(edges):
            colour = p["white_side" if player == 0 else "black_side"]
            for x, y, d, _side in own:
                nx, ny = DIRECTIONS[d]
                strip = self._strip(proj, x, y, nx, ny)
                _poly(surface, colour, strip, (190, 190, 210) if player else None)

    @staticmethod
    def _strip(proj: Projection, x: int, y: int, nx: int, ny: int) -> Poly:
        """A band just outside the edge of cell (x, y) facing (nx, ny), flat at board level."""
        w = 0.45
        if nx:
            ex = x + (1 if nx > 0 else 0)
            return [
                proj.point(ex, y, 0),
                proj.point(ex, y + 1, 0),
                proj.point(ex + nx * w, y + 1, 0),
                proj.point(ex + nx * w, y, 0),
            ]
        ey = y + (1 if ny > 0 else 0)
        return [
            proj.point(x, ey, 0),
            proj.point(x + 1, ey, 0),
            proj.point(x + 1, ey + ny * w, 0),
            proj.point(x, ey + ny * w, 0),
        ]

    def paint_pieces(
        self, surface: pygame.Surface, proj: Projection, cubes: dict[Cube, int], lift: float = 0.0
    ) -> None:
        """Cubes by position and player, in the players' colours, Black's dotted."""
        colours, marks = self.colours(cubes)
        self.paint_cubes(surface, proj, colours, marks, lift=lift)

    def colours(self, cubes: dict[Cube, int]) -> tuple[dict[Cube, Colour], dict[Cube, bool]]:
        """Each cube's colour by its player, and whether it carries the colour-blind dot."""
        colours = {c: self.piece_colour(who) for c, who in cubes.items()}
        return colours, {c: who == 1 for c, who in cubes.items()}

    def paint_cubes(
        self,
        surface: pygame.Surface,
        proj: Projection,
        cubes: dict[Cube, Colour],
        marks: dict[Cube, bool] | None = None,
        alpha: int = 255,
        lift: float = 0.0,
    ) -> None:
        """Cubes by position and colour, back to front, with the faces a neighbour hides left out;
        ``marks`` puts the colour-blind dot on the tops of those cubes; ``lift`` raises them all
        (the drop animation)."""
        target = surface
        if alpha < 255:
            target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        painter = _CubePainter(target, proj, cubes, marks, lift)
        for cube in painter.back_to_front():
            painter.paint(cube)
        if target is not surface:
            target.set_alpha(alpha)
            surface.blit(target, (0, 0))

    def paint_added(
        self,
        surface: pygame.Surface,
        proj: Projection,
        cubes: dict[Cube, Colour],
        marks: dict[Cube, bool],
        added: set[Cube],
    ) -> None:
        """Brings a picture of ``cubes`` without ``added`` up to date, as ``paint_cubes`` of all
        of them would paint it: within the box round the added cubes (the only place the
        picture changes), they and the cubes painted after them there are painted again. A
        landing piece costs its own cubes and a few in front, not the whole board."""
        painter = _CubePainter(surface, proj, cubes, marks, 0.0)
        boxes = [painter.box(c) for c in added]
        if not boxes:
            return
        area = boxes[0].unionall(boxes[1:]).inflate(4, 4)
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        started = False
        for cube in painter.back_to_front():
            started = started or cube in added
            if started and (cube in added or painter.box(cube).colliderect(area)):
                painter.paint(cube)
        surface.set_clip(clip)

    def piece_icon(self, orientation: int, player: int, px: int) -> pygame.Surface:
        """A small 3D picture of the piece turned as ``orientation``, ``px`` square."""

        def build() -> pygame.Surface:
            surf = pygame.Surface((px, px), pygame.SRCALPHA)
            o = orientations()[orientation]
            cubes = {(dx + 2, dy + 2, dz): self.piece_colour(player) for dx, dy, dz in o.cubes}
            proj = Projection(2.5, 2.5, 0.0, px / 6.2, px / 2, px * 0.62)
            marks = dict.fromkeys(cubes, player == 1)
            self.paint_cubes(surf, proj, cubes, marks)
            return surf

        return self.cached(("icon", orientation, player, px), build)

    def icons_ahead(self, px: int) -> None:
        """Both players' ``px`` icons, a few a frame ahead of need (call it every frame), so the
        frame in which the mover changes only puts the picker together (24 new icons took 4-5
        ms there)."""
        if px != self._ahead_px:
            self._ahead_px = px
            self._due = [(o, p) for p in (0, 1) for o in range(NUM_ORIENTATIONS)]
        for o, player in self._due[-ICONS_PER_FRAME:]:
            self.piece_icon(o, player, px)
        del self._due[-ICONS_PER_FRAME:]

    def tiled_icon(self, orientation: int, player: int, px: int) -> pygame.Surface:
        """``piece_icon`` on a light tile: Black's dark pieces stand out on a dark panel (the
        move log)."""

        def build() -> pygame.Surface:
            tile = lighter(self.p["panel"], 0.14)
            image = self.panel(px, px, (*tile, 255), None, max(2, px // 5)).copy()
            image.blit(self.piece_icon(orientation, player, px), (0, 0))
            return image

        return self.cached(("tiled", orientation, player, px), build)

    def ghost(
        self, surface: pygame.Surface, proj: Projection, cubes: list[Cube], fits: bool
    ) -> None:
        """The piece under the pointer: green where it fits; where it does not, a faint red body
        and its outline, so the pieces it overlaps (often the player's own last one) still
        show through."""
        colour = self.p["legal" if fits else "illegal"]
        alpha = GHOST_ALPHA if fits else REFUSED_ALPHA
        self.paint_cubes(surface, proj, dict.fromkeys(cubes, colour), alpha=alpha)
        if not fits:
            for cube in cubes:
                self.outline(surface, cube_outline(proj, cube), colour, proj.a)

    def hinted(self, surface: pygame.Surface, proj: Projection, cubes: list[Cube]) -> None:
        """The hinted placement where it would rest: see-through, like the ghost, but stronger."""
        if cubes:
            self.paint_cubes(surface, proj, dict.fromkeys(cubes, self.p["hint"]), alpha=HINT_ALPHA)

    def threat(
        self, surface: pygame.Surface, proj: Projection, cubes: list[Cube], player: int, edge: int
    ) -> None:
        """The piece with which ``player`` would connect next turn: see-through in their colour,
        outlined in the warning colour at alpha ``edge`` (it breathes)."""
        colour = self.piece_colour(player)
        self.paint_cubes(surface, proj, dict.fromkeys(cubes, colour), alpha=THREAT_ALPHA)
        for cube in cubes:
            self.outline(surface, cube_outline(proj, cube), (*self.p["threat"], edge), proj.a)

    def paths(
        self,
        surface: pygame.Surface,
        proj: Projection,
        paths: list[list[XY]],
        heights: dict[Cell, int],
    ) -> None:
        """Each player's best path (cells, by player) over the cells' surfaces, in their side's
        colour, edged."""
        width = max(3, round(proj.a / 5))
        for player, path in enumerate(paths):
            points = [proj.point(x + 0.5, y + 0.5, heights.get((x, y), 0)) for x, y in path]
            if len(points) < 2:
                continue
            colour = self.p["white_side" if player == 0 else "black_side"]
            edge = darker(colour, 0.5) if player == 0 else (200, 200, 210)
            pygame.draw.lines(surface, edge, False, points, width + 4)
            pygame.draw.lines(surface, colour, False, points, width)

    def log_icons(self, phrases: list[Phrase], px: int) -> list[pygame.Surface]:
        """The way a turn's piece was turned (its "orient" phrase), on a tile, ``px`` high."""
        for key, args in phrases:
            if key == "orient":
                return [self.tiled_icon(int(args["orientation"]) - 1, int(args["player"]), px)]
        return []

    def button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        label: str,
        on: bool,
        px: int,
        symbol: bool,
    ) -> None:
        """A view button (turn left, turn right, paths), filled while ``on``."""
        p = self.p
        pygame.draw.rect(surface, p["panel_edge"] if on else p["panel"], rect, border_radius=6)
        pygame.draw.rect(surface, p["panel_edge"], rect, 2, border_radius=6)
        blit_center(surface, render(label, px, p["text"], symbol=symbol), rect.center)

    def picker(
        self,
        size: tuple[int, int],
        icons: list[pygame.Rect],
        words: tuple[str, ...],
        unit: int,
        mover: int,
        held: int,
        fits: tuple[int, ...],
    ) -> pygame.Surface:
        """The picker panel: its title, the keys that turn the piece and the view, and the 24
        icons (``icons`` in the panel's coordinates) grouped lying flat / standing, ``mover``'s
        colour, the one ``held`` framed, those not in ``fits`` greyed. ``words``: the title,
        the two key lines and the two group names."""
        p, u = self.p, unit
        surface = pygame.Surface(size)
        surface.fill(p["panel"])
        pk = surface.get_rect()
        pygame.draw.line(surface, p["panel_edge"], pk.topleft, pk.bottomleft, 2)
        title, keys, view_keys, flat, standing = words
        big, small, group = (max(11, round(u * k)) for k in (1.05, 0.8, 0.85))
        surface.blit(render(title, big, p["text"], bold=True), (u // 2, u // 2))
        for line, text in enumerate((keys, view_keys)):
            img = render(text, fit_px(text, small, pk.w - u, min_px=10), p["text_dim"])
            surface.blit(img, (u // 2, round(u * (1.9 + 1.1 * line))))
        for label, first in ((flat, 0), (standing, 8)):
            img = render(label, group, p["text_dim"])
            surface.blit(img, (icons[first].x, icons[first].y - img.get_height() - 2))
        tile = lighter(p["panel"], 0.12)  # under every icon: Black's dark pieces stand out
        for o, rect in enumerate(icons):
            pygame.draw.rect(surface, p["panel_edge"] if o == held else tile, rect, border_radius=6)
            icon = self.piece_icon(o, mover, rect.h)
            blit_at(surface, icon, (0, 0), rect.topleft, None if o in fits else 90)
            if o == held:
                pygame.draw.rect(surface, p["legal"], rect, 2, border_radius=6)
        return surface

    def header(
        self,
        surface: pygame.Surface,
        top_left: tuple[int, int],
        right: int,
        left: list[str],
        mover: int,
        warning: str,
        sizes: tuple[int, int, int],
    ) -> None:
        """The line over the board: each player's icon and pieces ``left`` (the ``mover``'s in
        bold), then the ``warning`` in the threat colour, fitted before ``right``. ``sizes``: the
        icon's and the text's pixels and the gap between entries."""
        p, (x, y), (icon_px, text_px, gap) = self.p, top_left, sizes
        for player, text in enumerate(left):
            icon = self.piece_icon(0, player, icon_px)
            surface.blit(icon, (x, y))
            img = render(text, text_px, p["text"], bold=mover == player)
            surface.blit(img, (x + icon.get_width() + 4, y + (icon_px - img.get_height()) // 2))
            x += icon.get_width() + img.get_width() + gap * 2
        if warning:
            px = fit_px(warning, text_px, right - x - gap, min_px=MIN_LABEL_PX)
            img = render(warning, px, p["threat"], bold=True)
            surface.blit(img, (x, y + (icon_px - img.get_height()) // 2))

    def glow_cell(
        self,
        surface: pygame.Surface,
        proj: Projection,
        cell: Cell,
        z: float,
        colour: Colour,
        fill: int = 0,
    ) -> None:
        """An outline round the top of ``cell`` at height ``z``, filled with ``fill`` alpha."""
        pts = proj.top(cell[0], cell[1], z)
        self.shade(surface, pts, colour, fill)
        pygame.draw.polygon(surface, lighter(colour, 0.2), pts, max(2, round(proj.a / 8)))

    def lit_cube(
        self, surface: pygame.Surface, proj: Projection, cube: Cube, colour: Colour
    ) -> None:
        """A cube of the winning walk: its outline filled with light, seen through any cover."""
        pts = cube_outline(proj, cube)
        self.shade(surface, pts, colour, 140)
        pygame.draw.polygon(surface, lighter(colour, 0.3), pts, max(2, round(proj.a / 10)))

    @staticmethod
    def outline(
        surface: pygame.Surface, pts: Poly, colour: Colour | tuple[int, int, int, int], a: float
    ) -> None:
        """The outline of ``pts`` (a cube's), as thick as a cell of half-width ``a`` calls for,
        see-through when ``colour`` carries an alpha."""
        width = max(2, round(a / 10))
        box = box_of(pts).inflate(2 * width, 2 * width)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, colour, [(x - box.x, y - box.y) for x, y in pts], width)
        surface.blit(layer, box)

    @staticmethod
    def shade(surface: pygame.Surface, pts: Poly, colour: Colour, fill: int) -> None:
        """Polygon ``pts`` filled with ``colour`` at alpha ``fill`` (nothing if 0)."""
        if fill:
            box = box_of(pts)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*colour, fill), [(x - box.x, y - box.y) for x, y in pts])
            surface.blit(layer, box)


class _CubePainter:
    """Paints cubes in one projection. What the cubes share is worked out once, not per face:
    which sides face the viewer and their light, each cell's corners, each colour's shades (a
    whole board repaints while the view turns, every frame)."""

    def __init__(
        self,
        surface: pygame.Surface,
        proj: Projection,
        cubes: dict[Cube, Colour],
        marks: dict[Cube, bool] | None,
        lift: float,
    ) -> None:
        self.surface, self.proj, self.cubes = surface, proj, cubes
        self.marks, self.lift = marks, lift
        facing = [n for n in SIDES if proj.faces(n)]
        self.sides = [(n, SIDE_CORNERS[n]) for n in facing]
        self.darkness = [1 - light(proj, n) for n in facing]
        self.corners: dict[Cell, list[tuple[float, float]]] = {}
        self.shades: dict[Colour, tuple[Colour, list[Colour]]] = {}
        self.dot = max(2, round(proj.a * 0.2))

    def back_to_front(self) -> list[Cube]:
        """The painting order: by depth of the column, then upwards."""
        depth = self.proj.depth
        return sorted(self.cubes, key=lambda c: (round(depth(c[0] + 0.5, c[1] + 0.5), 3), c[2]))

    def _plan(self, x: int, y: int) -> list[tuple[float, float]]:
        """The corners of cell (x, y) at height 0 (``Projection.top``)."""
        plan = self.corners.get((x, y))
        if plan is None:
            plan = self.corners[(x, y)] = self.proj.top(x, y, 0)
        return plan

    def box(self, cube: Cube) -> pygame.Rect:
        """The screen box round a cube, with a pixel to spare for its edge lines."""
        x, y, z = cube
        plan = self._plan(x, y)
        rise = self.proj.rise
        xs, ys = [p[0] for p in plan], [p[1] for p in plan]
        left, top = math.floor(min(xs)) - 1, math.floor(min(ys) - (z + 1) * rise) - 1
        right, bottom = math.ceil(max(xs)) + 1, math.ceil(max(ys) - z * rise) + 1
        return pygame.Rect(left, top, right - left, bottom - top)

    def paint(self, cube: Cube) -> None:
        x, y, z = cube
        cubes, surface = self.cubes, self.surface
        colour = cubes[cube]
        shades = self.shades.get(colour)
        if shades is None:
            shades = (darker(colour, 0.45), [darker(colour, k) for k in self.darkness])
            self.shades[colour] = shades
        edge, side_colours = shades
        plan = self._plan(x, y)
        z0 = z + self.lift
        low, high = z0 * self.proj.rise, (z0 + 1) * self.proj.rise
        for ((nx, ny), (a, b)), shade in zip(self.sides, side_colours, strict=True):
            if (x + nx, y + ny, z) in cubes:
                continue
            (ax, ay), (bx, by) = plan[a], plan[b]
            _poly(
                surface,
                shade,
                [(ax, ay - high), (bx, by - high), (bx, by - low), (ax, ay - low)],
                edge,
            )
        if (x, y, z + 1) not in cubes:
            top = [(px, py - high) for px, py in plan]
            _poly(surface, colour, top, edge)
            if self.marks and self.marks.get(cube):
                cx = sum(q[0] for q in top) / 4
                cy = sum(q[1] for q in top) / 4
                r = self.dot
                pygame.draw.ellipse(
                    surface, lighter(colour, 0.55), (cx - r, cy - r / 2, 2 * r, r), 0
                )
