"""The table under the things: the rows and air spaces (drawn once per size), the opponent's
bar with its hand's backs, the set-up panels, and the attack arrows; an object drawing from
the board (through ``host.Host``)."""

from __future__ import annotations

import pygame

from game import i18n
from game.boards.frontline.art import edge_toward
from game.boards.frontline.deck.draw import WARN
from game.boards.frontline.host import Host
from game.boards.frontline.layout import split_key
from game.engines.frontline import words as fw
from game.ui.draw import lighter

TABLE_ROWS = ("opp_ground", "opp_rear", "own_ground", "own_rear", "hand")  # named lines, then hand


class Table:
    def __init__(self, board: Host) -> None:
        self.board = board

    def paint(self, surface: pygame.Surface) -> None:
        """The table and the other side's bar (their pictures)."""
        board = self.board
        geo, me = board.geo, board.me
        at = (-geo.table.x, -geo.table.y)  # the picture's rows: from the table's corner
        rows = {name: geo.rows[name].move(at) for name in (*TABLE_ROWS, "opp_air", "own_air")}
        sides = (board.side_of(1 - me), board.side_of(me))
        surface.blit(board.art.table(geo.table.size, geo.unit, rows, sides), geo.table)
        opp, bar = 1 - me, geo.rows["opp_bar"]  # the other side's hand and name
        info = board.obs["seats"][opp]
        counts, state = (
            (info["unit_count"], info["command_count"]),
            fw.decided_words(board.obs, opp),
        )
        name = board.seat_name(opp)
        surface.blit(
            board.art.opp_bar(bar.size, geo.unit, board.side_of(opp), name, counts, state), bar
        )

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
