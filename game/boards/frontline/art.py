"""The pictures of the Frontline table beyond the cards themselves (``cards``): a unit
as a landscape tile in the Battle Area (type badge, name, cost, compact weapon values, DEF, the
HP bar with its ½HP mark, the crew tucked under, effect and command markers), face-down cards,
the d10s, arrows from attackers to targets, and the table under them all (its rows and air
spaces).
"""

from __future__ import annotations

import math

import pygame

from game import i18n
from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.engines.frontline import words as fw
from game.engines.frontline.cards import AIR, ARM, COMMANDS, INF, UNITS
from game.engines.frontline.observation import UnitView
from game.engines.frontline.preview import defense_now
from game.turns import Step
from game.ui.draw import MIN_READABLE_PX as MIN_PX
from game.ui.draw import Art, Colour, blit_center, darker, lighter, mix, supersampled
from game.ui.text import render

Counts = tuple[int, int]  # a hand's unit and command cards


def initials(command: int) -> str:
    """A command card's short tag on a unit in the player's language ("HD" for Hull Down;
    Smoke Screen is "SM", not "SS", in a war game)."""
    return i18n.t(f"frontline.cmd_tag.{COMMANDS[command].id}")


def tile_pad(h: int) -> int:
    """A unit tile's margin, for a tile ``h`` pixels high."""
    return max(3, h // 14)


def tile_footer(h: int) -> int:
    """The height of a unit tile's footer (DEF in its shield, the HP bar): what a label laid
    over the tile keeps clear of."""
    return max(9, round(h * 0.2))


def tile_header(h: int) -> int:
    """The height of a unit tile's name and line under it (``_tile``: the name at 15 % of the
    tile, its line at 11 %): what a label laid over the tile keeps clear of."""
    return tile_pad(h) + round(h * 0.15 * 1.3 + h * 0.11 * 1.3) - 2


class FrontlineArt(Art):
    """Cached pictures for one palette and language."""

    def __init__(self, palette: dict[str, Colour], lang: str) -> None:
        super().__init__(palette, ("us", "ge"))
        self.lang = lang

    def army(self, side: int) -> Colour:
        return self.p["us" if side == 0 else "ge"]

    def table(
        self, size: tuple[int, int], u: int, rows: dict[str, pygame.Rect], sides: tuple[int, int]
    ) -> pygame.Surface:
        """The bare table ``size`` big: each army's (``sides``: the top's, the bottom's) lines as
        bands in its colour with their names, its air space, and the hand's tray. ``rows``: the
        rectangles of "opp_ground", "opp_rear", "opp_air", the same for "own", and "hand" within
        it; ``u``: the board's length unit. Drawn once per size, sides and language."""
        boxes = tuple((k, tuple(r)) for k, r in sorted(rows.items()))
        key = ("table", size, u, sides, i18n.get_language(), boxes)
        return self.cached(key, lambda: self._table(size, u, rows, sides))

    def _table(
        self, size: tuple[int, int], u: int, rows: dict[str, pygame.Rect], sides: tuple[int, int]
    ) -> pygame.Surface:
        p = self.p
        surface = pygame.Surface(size)
        surface.fill(p["table"])
        for who, side in zip(("opp", "own"), sides, strict=True):
            colour, pale = self.army(side), lighter(self.army(side), 0.35)
            for name in ("ground", "rear"):
                band = rows[f"{who}_{name}"].inflate(-u, -u // 2)
                pygame.draw.rect(surface, darker(p["table"], 0.12), band, border_radius=u)
                edge = lighter(colour, 0.1) if who == "own" else colour
                pygame.draw.rect(surface, edge, band, max(1, u // 4), border_radius=u)
                label = i18n.t("frontline.row.front" if name == "ground" else "frontline.row.rear")
                image = pygame.transform.rotate(
                    render(label, max(9, round(u * 1.5)), pale, True), 90
                )
                surface.blit(image, image.get_rect(midleft=(band.x + u // 3, band.centery)))
            air = rows[f"{who}_air"].inflate(-u, -u // 2)
            pygame.draw.rect(surface, mix(p["table"], (120, 140, 160), 0.25), air, border_radius=u)
            pygame.draw.rect(surface, colour, air, max(1, u // 4), border_radius=u)
            tag = render(
                "✈ " + i18n.t("frontline.row.air"), max(9, round(u * 1.4)), pale, bold=True
            )
            surface.blit(tag, (air.x + u // 2, air.y + u // 4))
        hand = rows["hand"]
        pygame.draw.rect(surface, darker(p["table"], 0.3), hand)
        pygame.draw.line(surface, p["table_line"], hand.topleft, hand.topright, max(1, u // 4))
        return surface

    def tile(self, view: UnitView, w: int, h: int) -> pygame.Surface:
        """A unit in the Battle Area from its public view (``Unit.view``)."""
        effect = view["effect"]
        key = (
            "tile",
            view["card"],
            w,
            h,
            view["crew"],
            view["hp_max"],
            view["damage"],
            view["damage_card"],
            None if effect is None else tuple(sorted(effect.items())),
            tuple(view["commands"]),
            view["flight_left"],
            view["bomb_used"],
            view["line"],
        )
        return self.cached(key, lambda: self._tile(view, w, h))

    def _tile(self, view: UnitView, w: int, h: int) -> pygame.Surface:
        printed = UNITS[view["card"]]
        p = self.p
        frame = self.army(printed.side)
        paper, ink, dim = p["paper"], p["ink"], p["ink_dim"]
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, h // 10)

        def paint(b: pygame.Surface, k: float) -> None:
            r = b.get_rect()
            pygame.draw.rect(b, darker(frame, 0.5), r, border_radius=round(radius * k))
            pygame.draw.rect(b, frame, r.inflate(-2 * k, -2 * k), border_radius=round(radius * k))
            pygame.draw.rect(
                b, paper, r.inflate(-5 * k, -5 * k), border_radius=round(radius * k * 0.7)
            )

        body = supersampled(w, h, paint)
        s.blit(body, (0, 0))
        pad = tile_pad(h)
        icon = max(10, round(h * 0.3))
        s.blit(fc.type_icon(printed.type, icon, p), (pad, pad))
        # Cost badge, top right.
        cr = max(6, round(h * 0.12))
        cc = (w - pad - cr, pad + cr)
        pygame.draw.circle(s, darker(frame, 0.35), cc, cr)
        cost = render(str(printed.cost), max(MIN_PX, round(cr * 1.2)), (250, 246, 236), bold=True)
        s.blit(cost, cost.get_rect(center=cc))
        # Name and line.
        nx = pad + icon + pad // 2
        name_w = cc[0] - cr - nx - 2
        named = fw.unit_name(view["card"], self.lang)
        name = fc.fit(named, max(MIN_PX, round(h * 0.15)), ink, name_w, bold=True)
        s.blit(name, (nx, pad - 1))
        sub = fc.line_now(view, self.lang)
        if printed.flight_turns:
            sub = i18n.t_in(self.lang, "frontline.flight_left", n=view["flight_left"])
        sub_img = fc.fit(sub, max(MIN_PX, round(h * 0.11)), dim, name_w)
        s.blit(sub_img, (nx, pad + name.get_height() - 2))
        # Weapons: one compact line each (INF/ARM/AIR and the damage modifier), if room.
        top = pad + icon + 1
        foot_h = tile_footer(h)
        space = h - pad - foot_h - top
        weapons = printed.weapons
        if weapons and w >= 140 and space >= 3 * len(weapons) + 3:
            row_h = space / len(weapons)
            cols_w = round(w * 0.46)
            px = max(MIN_PX, min(round(row_h * 0.85), round(h * 0.12), round(cols_w / 4 / 1.6)))
            for i, weapon in enumerate(weapons):
                y = round(top + i * row_h + row_h / 2)
                disabled = (
                    view["effect"] is not None
                    and view["effect"]["kind"] == "weapon_disabled"
                    and view["effect"]["row"] == i + 1
                ) or (weapon.bomb and view["bomb_used"])
                colour = mix(dim, paper, 0.4) if disabled else ink
                rof = f" {weapon.rof}X" if weapon.rof > 1 else ""
                label = fw.weapon_name(weapon, self.lang) + rof
                img = fc.fit(label, px, colour, w - cols_w - 2 * pad)
                s.blit(img, img.get_rect(midleft=(pad, y)))
                for j, col in enumerate((INF, ARM, AIR)):
                    value = weapon.attack[col]
                    text = "–" if value is None else str(value)
                    x = w - pad - cols_w + round(cols_w * (j + 0.5) / 4)
                    img = render(text, px, colour if value is not None else dim, bold=True)
                    r = s.blit(img, img.get_rect(center=(x, y)))
                    if value is not None and weapon.bullet and col == ARM:
                        pygame.draw.line(s, colour, r.bottomleft, r.bottomright)
                img = render(f"+{weapon.damage_mod}", px, colour)
                s.blit(img, img.get_rect(center=(w - pad - round(cols_w * 0.5 / 4), y)))
                if disabled:
                    pygame.draw.line(s, p["hit"], (pad, y), (w - pad, y), max(1, h // 40))
        if printed.is_crew:  # a crew set aside alone: its badge, no weapons, no HP
            size = max(10, h - pad - top)
            s.blit(fc.crew_icon(printed.crew_kind, size, p), ((w - size) // 2, top))
            return s
        # Footer: DEF in a shield, the HP bar with its ½HP tick.
        fy = h - pad - foot_h
        shield = pygame.Rect(pad, fy, foot_h, foot_h)
        # The DEF that stands now (Dig In, Hull Down, a Damage card): its shield lit when it is
        # not the printed one (Dig In left the card at its printed 0).
        now = defense_now(view)
        lit = p["legal"] if now > printed.defense else p["hit"]
        fc.draw_shield(s, shield, darker(paper, 0.3) if now == printed.defense else lit)
        d = render(str(now), max(MIN_PX, round(foot_h * 0.8)), ink, bold=True)
        s.blit(d, d.get_rect(center=(shield.centerx, shield.centery - 1)))
        self._hp_bar(
            s,
            view,
            pygame.Rect(
                shield.right + pad, fy + foot_h // 6, w - shield.right - 2 * pad, foot_h * 2 // 3
            ),
        )
        return s

    def _hp_bar(self, s: pygame.Surface, view: UnitView, bar: pygame.Rect) -> None:
        printed = UNITS[view["card"]]
        p = self.p
        hp = printed.hp
        left = max(0, view["hp_max"] - view["damage"])
        pygame.draw.rect(s, darker(p["paper"], 0.45), bar, border_radius=bar.h // 3)
        fill = bar.copy()
        fill.w = round(bar.w * left / max(1, hp))
        colour = p["hp"] if left > printed.half_hp else p["hp_low"]
        if fill.w:
            pygame.draw.rect(s, colour, fill, border_radius=bar.h // 3)
        if view["hp_max"] < hp:  # a Damage card: the top half is gone for good
            lost = pygame.Rect(bar.x + round(bar.w * view["hp_max"] / hp), bar.y, 0, bar.h)
            lost.w = bar.right - lost.x
            pygame.draw.rect(s, darker(p["damage"], 0.2), lost, border_radius=bar.h // 3)
        tick = bar.x + round(bar.w * printed.half_hp / hp)
        pygame.draw.line(s, p["ink"], (tick, bar.y - 2), (tick, bar.bottom + 1), 2)
        text = render(f"{left}/{hp}", max(MIN_PX, round(bar.h * 0.95)), p["ink"], bold=True)
        s.blit(text, text.get_rect(center=bar.center))

    def opp_bar(
        self,
        size: tuple[int, int],
        u: int,
        side: int,
        name: str,
        counts: tuple[int, int],
        state: str,
    ) -> pygame.Surface:
        """The other side's bar ``size`` big: its army's mark and ``name``, its hand as card
        backs (``counts``: unit and command cards) with their counts, whether it decided."""
        p, (w, h) = self.p, size
        bar = pygame.Surface(size)
        bar.fill(darker(p["table"], 0.3))
        mark = fc.army_mark(side, h - u, p)
        bar.blit(mark, (u, u // 2))
        title = self.fitted(name, max(10, round(h * 0.5)), p["text"], w // 3, bold=True)
        bar.blit(title, title.get_rect(midleft=(2 * u + mark.get_width(), h // 2)))
        back_w, x = max(8, round((h - u) / fc.RATIO)), w // 2
        for kind, count in zip(("US" if side == 0 else "GE", "command"), counts, strict=True):
            back = other.card_back(kind, back_w, p, self.lang)
            for i in range(count):
                bar.blit(back, (x + i * back_w // 3, u // 2))
            label = render(f"×{count}", max(9, round(h * 0.45)), p["text_dim"], bold=True)
            lx = x + max(0, count - 1) * back_w // 3 + back_w + u // 2
            bar.blit(label, label.get_rect(midleft=(lx, h // 2)))
            x = lx + label.get_width() + 2 * u
        if state:
            chip = render(state, max(9, round(h * 0.42)), p["gold"], bold=True)
            bar.blit(chip, chip.get_rect(midright=(w - u, h // 2)))
        return bar

    def chips(self, view: UnitView, px: int) -> pygame.Surface | None:
        """The chips along a unit's top edge, ``px`` letters: its Damage card's effect with
        the turns left, the command cards in effect on it, captured (None: none)."""
        p, chips = self.p, list[tuple[str, Colour]]()
        effect = view["effect"]
        if effect is not None and effect["left"] != 0 and effect["kind"] != "none":
            chips.append(("⚠" + fw.effect_short(effect), p["hp_low"]))
        chips += [(initials(c), p["command"]) for c in view["commands"]]
        if view["captured_from"] >= 0:
            chips.append(("⛓", p["gold"]))
        if not chips:
            return None
        images = [
            render(text, px, p["text"], bold=True, symbol=text[0] in "⚠⛓") for text, _ in chips
        ]
        rects, x, h = [], 0, max(image.get_height() for image in images)
        for image in images:  # each centred on the edge
            y = h // 2 - image.get_height() // 2
            rects.append(pygame.Rect(x, y, image.get_width() + px // 2, image.get_height()))
            x = rects[-1].right + 2
        out = pygame.Surface((x - 2, h), pygame.SRCALPHA)
        for (_, colour), image, r in zip(chips, images, rects, strict=True):
            pygame.draw.rect(out, darker(colour, 0.25), r, border_radius=r.h // 2)
            blit_center(out, image, r.center)
        return out

    def log_icons(self, steps: list[Step], px: int, sides: tuple[int, int]) -> list[pygame.Surface]:
        """Small pictures of a turn for its log row, ``px`` high: dice (in the army's colour of
        the seat, ``sides``: each seat's), unit types, command card backs."""
        icons = list[pygame.Surface]()
        for step in steps:
            key, args = step.phrase
            if "die" in args or "dice" in args:  # a die, or the two of an attack roll
                side = sides[int(args.get("player", 0))]
                faces = str(args["dice"]).split("+") if "dice" in args else [args["die"]]
                icons += [self.die(int(face), px, side) for face in faces]
            elif "card" in args and key in ("commit", "commit_rear", "pick", "draws_unit"):
                icons.append(fc.type_icon(UNITS[int(args["card"])].type, px, self.p))
            elif "command" in args:
                width = max(4, int(px / fc.RATIO))  # no taller than the row
                icons.append(other.card_back("command", width, self.p, self.lang))
        return icons[:8]

    def face_down(self, side: int, w: int, h: int, card: int | None) -> pygame.Surface:
        """A card set aside face down: the back for the other player, the owner's own card under
        a veil for its owner (``card`` known)."""

        def build() -> pygame.Surface:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            back = other.card_back("US" if side == 0 else "GE", h, self.p, self.lang)
            back = pygame.transform.rotate(back, 90)
            s.blit(pygame.transform.smoothscale(back, (w, h)), (0, 0))
            if card is not None:  # its owner sees the unit it will be, set aside
                printed = UNITS[card]
                view: UnitView = {
                    "card": card,
                    "crew": 0,
                    "hp_max": printed.hp,
                    "damage": 0,
                    "damage_card": -1,
                    "effect": None,
                    "commands": [],
                    "flight_left": printed.flight_turns,
                    "bomb_used": False,
                    "line": printed.lines[0] if printed.lines else 0,
                    "owner": side,
                    "pos": -1,
                    "captured_from": -1,
                }
                tile = self.tile(view, w, h)
                inner = pygame.transform.smoothscale(tile, (round(w * 0.86), round(h * 0.86)))
                s.blit(inner, inner.get_rect(center=(w // 2, h // 2)))
                veil = pygame.Surface((w, h), pygame.SRCALPHA)
                veil.fill((0, 0, 0, 80))
                s.blit(veil, (0, 0))
                tag = render(
                    i18n.t_in(self.lang, "frontline.face_down"),
                    max(MIN_PX, h // 7),
                    (250, 244, 230),
                    bold=True,
                )
                band = tag.get_rect(center=(w // 2, h // 2)).inflate(h // 6, 2)
                pygame.draw.rect(s, darker(self.army(side), 0.4), band, border_radius=band.h // 2)
                s.blit(tag, tag.get_rect(center=band.center))
            return s

        return self.cached(("down", side, w, h, card), build)

    def die(self, face: int, size: int, side: int, angle: float = 0.0) -> pygame.Surface:
        """A d10 drawn as a kite showing the number it counts (10, not the die's 0), in the
        army's colour (rules §1: each army has its own pair of dice)."""

        def build() -> pygame.Surface:
            colour = self.army(side)

            def paint(s: pygame.Surface, k: float) -> None:
                n = s.get_width()
                pts = [
                    (n * 0.5, n * 0.04),
                    (n * 0.96, n * 0.42),
                    (n * 0.5, n * 0.96),
                    (n * 0.04, n * 0.42),
                ]
                pygame.draw.polygon(s, lighter(colour, 0.2), pts)
                pygame.draw.polygon(s, darker(colour, 0.5), pts, max(1, round(1.5 * k)))
                pygame.draw.line(s, darker(colour, 0.25), pts[1], pts[3], max(1, round(k)))

            image = supersampled(size, size, paint)
            if face:
                text = render(str(face), round(size * 0.4), darker(colour, 0.75), bold=True)
                image.blit(text, text.get_rect(center=(size // 2, round(size * 0.5))))
            if angle:
                image = pygame.transform.rotozoom(image, angle, 1.0)
            return image

        return self.cached(("die", face, size, side, round(angle) % 360), build)

    @staticmethod
    def arrow(
        surface: pygame.Surface,
        start: tuple[int, int],
        end: tuple[int, int],
        colour: Colour,
        width: int,
        dashed: bool = False,
    ) -> None:
        """An arrow from an attacker to its target (dashed while it is only declared)."""
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = math.hypot(dx, dy)
        if length < 4:
            return
        ux, uy = dx / length, dy / length
        head = max(8, width * 4)
        tip = end
        base = (end[0] - ux * head, end[1] - uy * head)
        if dashed:
            step = max(6, width * 4)
            n = int((length - head) // step)
            for i in range(0, n, 2):
                a = (start[0] + ux * step * i, start[1] + uy * step * i)
                b = (start[0] + ux * step * (i + 1), start[1] + uy * step * (i + 1))
                pygame.draw.line(surface, colour, a, b, width)
        else:
            pygame.draw.line(surface, darker(colour, 0.5), start, base, width + 2)
            pygame.draw.line(surface, colour, start, base, width)
        left = (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55)
        right = (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)
        pygame.draw.polygon(surface, colour, [tip, left, right])
        pygame.draw.polygon(surface, darker(colour, 0.5), [tip, left, right], 1)


def edge_toward(rect: pygame.Rect, start: tuple[int, int]) -> tuple[int, int]:
    """The point on ``rect``'s edge facing ``start`` (an arrow stops at its target's edge)."""
    cx, cy = rect.center
    dx, dy = start[0] - cx, start[1] - cy
    if dx == 0 and dy == 0:
        return rect.center
    sx = (rect.w / 2) / abs(dx) if dx else float("inf")
    sy = (rect.h / 2) / abs(dy) if dy else float("inf")
    s = min(sx, sy)
    return (round(cx + dx * s), round(cy + dy * s))


# --- the game's emblem ---------------------------------------------------------------------
# The emblem's olive drab and sand.
EMBLEM_OLIVE, EMBLEM_SAND = (118, 136, 78), (206, 186, 136)


def draw_emblem(s: pygame.Surface, n: int) -> None:
    """The game's emblem on the gallery and set-up screens, filling the ``n``-square ``s``
    (drawn at four times its size, then scaled down)."""
    c, r = n // 2, n * 44 // 100
    hexagon = [
        (c + r * math.cos(math.radians(60 * i + 30)), c + r * math.sin(math.radians(60 * i + 30)))
        for i in range(6)
    ]
    pygame.draw.polygon(s, mix(EMBLEM_OLIVE, (0, 0, 0), 0.35), hexagon)
    pygame.draw.polygon(s, EMBLEM_SAND, hexagon, 6)
    body = pygame.Rect(0, 0, n * 46 // 100, n * 13 // 100)
    body.center = (c, c + n // 12)
    tracks = body.inflate(n // 16, 0).move(0, body.height * 3 // 4)
    pygame.draw.rect(s, (58, 64, 44), tracks, border_radius=tracks.height // 2)
    for i in range(5):
        x = tracks.x + tracks.height // 2 + i * (tracks.width - tracks.height) // 4
        pygame.draw.circle(s, EMBLEM_SAND, (x, tracks.centery), tracks.height // 4)
    pygame.draw.rect(s, EMBLEM_OLIVE, body, border_radius=n // 50)
    turret = pygame.Rect(0, 0, n * 20 // 100, n * 10 // 100)
    turret.midbottom = (c - n // 30, body.y + 2)
    pygame.draw.rect(s, mix(EMBLEM_OLIVE, (255, 255, 255), 0.15), turret, border_radius=n // 40)
    pygame.draw.line(
        s,
        mix(EMBLEM_OLIVE, (255, 255, 255), 0.15),
        turret.midright,
        (c + n * 30 // 100, turret.centery - n // 40),
        n // 28,
    )
    star_c, star_r = (c, c - n * 25 // 100), n // 12
    star = [
        (
            star_c[0] + (star_r if i % 2 == 0 else star_r * 0.42) * math.sin(math.pi * i / 5),
            star_c[1] - (star_r if i % 2 == 0 else star_r * 0.42) * math.cos(math.pi * i / 5),
        )
        for i in range(10)
    ]
    pygame.draw.polygon(s, EMBLEM_SAND, star)
