"""The table under the things: the rows and air spaces (drawn once per size), the opponent's
bar with its hand's backs, the set-up panels, and the attack arrows; an object drawing from
the board (through ``host.Host``)."""

from __future__ import annotations

import pygame

from game import i18n
from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.art import edge_toward
from game.boards.frontline.deck.draw import WARN
from game.boards.frontline.host import Host
from game.boards.frontline.layout import Geo, split_key
from game.engines.frontline import words as fw
from game.ui.draw import Colour, darker, lighter, mix
from game.ui.text import render


class Table:
    def __init__(self, board: Host) -> None:
        self.board = board

    def paint(self, surface: pygame.Surface) -> None:
        """The rows and the air spaces (drawn once per size and sides), then the bars."""
        board = self.board
        geo = board.geo
        sides = (board.side_of(1 - board.me), board.side_of(board.me))
        key = ("table", geo.table.size, geo.unit, sides, i18n.get_language())
        table = board.art.cached(key, lambda: self._image(sides))
        surface.blit(table, geo.table)
        self._paint_bar(surface, 1 - board.me, geo.rows["opp_bar"])
        if board.obs["seats"][board.me]["units"] is None:  # a spectator's public view
            hand, bar = geo.rows["hand"], geo.rows["opp_bar"]
            self._paint_bar(surface, board.me, bar.move(0, hand.centery - bar.centery))

    def _image(self, sides: tuple[int, int]) -> pygame.Surface:
        board = self.board
        p, u = board.ctx.palette, board.geo.unit
        geo = _shifted(board.geo)
        surface = pygame.Surface(geo.table.size)
        pygame.draw.rect(surface, p["table"], geo.table)
        for who, side in zip(("opp", "own"), sides, strict=True):
            colour = board.art.army(side)
            for name in ("ground", "rear"):
                row = geo.rows[f"{who}_{name}"]
                band = row.inflate(-u, -u // 2)
                pygame.draw.rect(surface, darker(p["table"], 0.12), band, border_radius=u)
                pygame.draw.rect(
                    surface,
                    lighter(colour, 0.1) if who == "own" else colour,
                    band,
                    max(1, u // 4),
                    border_radius=u,
                )
                label = i18n.t("frontline.row.front" if name == "ground" else "frontline.row.rear")
                image = render(label, max(9, round(u * 1.5)), lighter(colour, 0.35), bold=True)
                image = pygame.transform.rotate(image, 90)
                surface.blit(image, image.get_rect(midleft=(band.x + u // 3, band.centery)))
            air = geo.air[who].inflate(-u, -u // 2)
            pygame.draw.rect(surface, mix_air(p), air, border_radius=u)
            pygame.draw.rect(surface, colour, air, max(1, u // 4), border_radius=u)
            tag = render(
                "✈ " + i18n.t("frontline.row.air"),
                max(9, round(u * 1.4)),
                lighter(colour, 0.35),
                bold=True,
            )
            surface.blit(tag, (air.x + u // 2, air.y + u // 4))
        hand = geo.rows["hand"]
        pygame.draw.rect(surface, darker(p["table"], 0.3), hand)
        pygame.draw.line(surface, p["table_line"], hand.topleft, hand.topright, max(1, u // 4))
        return surface

    def _paint_bar(self, surface: pygame.Surface, seat: int, bar: pygame.Rect) -> None:
        """A hand the viewer cannot see (the opponent's; in a spectator's view the viewer's
        own too) in ``bar``: card backs with its counts, its name, whether it decided."""
        board = self.board
        p, u = board.ctx.palette, board.geo.unit
        info = board.obs["seats"][seat]
        pygame.draw.rect(surface, darker(p["table"], 0.3), bar)
        side = board.side_of(seat)
        mark = fc.army_mark(side, bar.h - u, p)
        surface.blit(mark, (bar.x + u, bar.y + u // 2))
        name = board.art.fitted(
            board.seat_name(seat), max(10, round(bar.h * 0.5)), p["text"], bar.w // 3, bold=True
        )
        surface.blit(name, name.get_rect(midleft=(bar.x + 2 * u + mark.get_width(), bar.centery)))
        back_w = max(8, round((bar.h - u) / fc.RATIO))
        x = bar.x + bar.w // 2
        for kind, count in (
            ("US" if side == 0 else "GE", info["unit_count"]),
            ("command", info["command_count"]),
        ):
            back = other.card_back(kind, back_w, p, board.ctx.lang)
            for i in range(count):
                surface.blit(back, (x + i * back_w // 3, bar.y + u // 2))
            label = render(f"×{count}", max(9, round(bar.h * 0.45)), p["text_dim"], bold=True)
            lx = x + max(0, count - 1) * back_w // 3 + back_w + u // 2
            surface.blit(label, label.get_rect(midleft=(lx, bar.centery)))
            x = lx + label.get_width() + 2 * u
        state = fw.decided_words(board.obs, seat)
        if state:
            chip = render(state, max(9, round(bar.h * 0.42)), p["gold"], bold=True)
            surface.blit(chip, chip.get_rect(midright=(bar.right - u, bar.centery)))

    def paint_pick(self, surface: pygame.Surface) -> None:
        """Set-up: the viewer's deck laid out to choose the starting units from."""
        board = self.board
        p, u = board.ctx.palette, board.geo.unit
        picks = [r for k, r in board.resting_places(board.obs).items() if split_key(k)[0] == "pick"]
        if not picks:
            return
        area = picks[0].unionall(picks[1:]).inflate(3 * u, 3 * u)
        mine = board.obs["seats"][board.me]
        hand = mine["units"] or []
        title = i18n.t("frontline.your_deck", n=4 - len(hand))
        image = board.art.fitted(
            title, max(10, round(1.6 * u)), p["text"], area.w - 2 * u, bold=True
        )
        area.top -= image.get_height()  # the title's room above the cards
        notes = [
            board.art.fitted(
                ("⚠ " if stuck else "") + text,
                max(10, round(1.4 * u)),
                WARN if stuck else p["gold"],
                area.w - 2 * u,
                bold=stuck,
            )
            for stuck, text in fw.pick_notes(hand, fw.deck_left(mine), 4 - len(hand))
        ]
        area.h += image.get_height() + sum(n.get_height() for n in notes)  # the crews' notes below
        area = area.clip(board.geo.table)
        surface.blit(board.art.panel(area.w, area.h, (*p["panel"], 230), p["panel_edge"], u), area)
        board.texts.append(surface.blit(image, (area.x + u, area.y + u // 2)))
        y = max(r.bottom for r in picks) + u // 2  # under the cards (drawn over the panel)
        for note in notes:
            board.texts.append(surface.blit(note, (area.x + u, y)))
            y += note.get_height()

    def paint_arrows(self, surface: pygame.Surface) -> None:
        """Declared attacks: the viewer's own while declaring, both sides' after the reveal."""
        board = self.board
        obs, u = board.obs, board.geo.unit
        arrows: list[tuple[int, int, int, bool]] = []
        for seat in (0, 1):
            for attack in obs["attacks"][seat]:
                arrows.append((seat, attack[1], attack[2], False))
            decls = obs["seats"][seat]["declarations"]
            if decls and not obs["attacks"][seat] and fw.step_of(obs) == "declare":
                for decl in decls:
                    arrows.append((seat, decl[1], decl[2], True))
        current = obs["attack"]["attacker"]
        aimed = obs["attack"]["target"]
        units = {v["pos"]: v for v in obs["board"]}
        if fw.step_of(obs) == "combat" and current in units and aimed in units:
            arrows.append((units[current]["owner"], current, aimed, False))
        for seat, a, b, dashed in arrows:
            ra, rb = board.layer.rect(("unit", a)), board.layer.rect(("unit", b))
            if ra is None or rb is None:
                continue
            colour = lighter(board.art.army(board.side_of(seat)), 0.3)
            width = max(2, u // 2) + (2 if a == current else 0)
            start = edge_toward(ra.inflate(-ra.w // 3, -ra.h // 3), rb.center)  # off its own name
            board.art.arrow(surface, start, edge_toward(rb, ra.center), colour, width, dashed)


def _shifted(geo: Geo) -> Geo:
    """``geo`` with the table at the origin (to draw the table into its own image)."""
    dx, dy = -geo.table.x, -geo.table.y
    shifted = Geo(geo.rect.move(dx, dy), geo.unit, geo.table.move(dx, dy), geo.side.move(dx, dy))
    shifted.rows = {k: r.move(dx, dy) for k, r in geo.rows.items()}
    shifted.air = {k: r.move(dx, dy) for k, r in geo.air.items()}
    return shifted


def mix_air(p: dict[str, Colour]) -> Colour:
    """The air space: the table lightened towards the sky."""
    return mix(p["table"], (120, 140, 160), 0.25)
