"""The pointer over the table, as an object owning its state (the press under way, the odds
shown for this observation): what the viewer may click and what it would do — the breathing
glows, the odds on targets, a hand card dragged to a line and dropped there, why a thing with no
action refuses, and the tooltip with the damage formula (the engine's words)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from game import i18n
from game.boards.base import Decision
from game.boards.cards import dragging
from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.art import tile_footer, tile_header, tile_pad
from game.boards.frontline.host import Host
from game.boards.frontline.layout import split_key
from game.boards.notes import label_over
from game.engines.frontline import preview
from game.engines.frontline import words as fw
from game.engines.frontline.actions import CARD, REAR_CARD, UNIT, WEAPONS, kind_of
from game.engines.frontline.cards import COMMANDS, UNITS
from game.ui import overlays
from game.ui.draw import MIN_READABLE_PX as MIN_PX
from game.ui.draw import Colour, blit_center
from game.ui.text import text_width

DRAG = 8  # pixels the mouse moves before a press becomes a drag


class Aim:
    def __init__(self, board: Host) -> None:
        self.board = board
        self.press: tuple[tuple[int, int], Hashable | None] | None = None  # where, on what
        self.odds: dict[Hashable, Any] = {}  # odds shown for this observation
        self.on_tiles: list[pygame.Rect] = []  # labels the last paint laid over tiles

    def target_preview(self, key: Hashable) -> tuple[int, preview.Preview] | None:
        """The odds a target shows while the attacker picks it: its best weapon set."""
        board = self.board
        attacker = board.attacker()
        kind, target = split_key(key)
        if attacker is None or kind != "unit" or UNIT + target not in board.spots.get(key, []):
            return None
        cache_key = ("best", attacker["pos"], target)
        if cache_key not in self.odds:
            self.odds[cache_key] = preview.best_preview(board.obs, attacker["pos"], target)
        return self.odds[cache_key]

    def weapons_preview(self, mask: int) -> preview.Preview | None:
        """The odds of the weapons ``mask`` at the declared target (the weapons decision)."""
        board = self.board
        attacker, target = board.attacker(), board.obs.get("pending_target")
        if attacker is None or target is None:
            return None
        cache_key = ("set", attacker["pos"], target, mask)
        if cache_key not in self.odds:
            self.odds[cache_key] = preview.preview(board.obs, attacker["pos"], target, mask)
        return self.odds[cache_key]

    def dragged(self) -> int | None:
        """The hand card being dragged to a line, if any."""
        board = self.board
        if self.press is None or board.mouse is None or board.obs.get("phase") != "commit":
            return None
        start, key = self.press
        kind, card = split_key(key)
        if kind != "hand" or not dragging(start, board.mouse, DRAG):
            return None
        return int(card)

    def drop(self, key: Hashable | None, pos: tuple[int, int]) -> Decision:
        """A hand card dragged to a line: commit it there."""
        board = self.board
        kind, card = split_key(key)
        if kind != "hand":
            return None
        if board.geo.rows["own_rear"].collidepoint(pos):
            choice = REAR_CARD + card
        elif board.geo.rows["own_front"].collidepoint(pos):
            choice = CARD + card
        else:
            return None
        return choice if choice in board.legal or board.obs["phase"] == "commit" else None

    def refused(self, key: Hashable) -> Decision:
        """A thing with no legal action: in the commitment, offer the card anyway so the engine
        says why it may not go (a crew without its unit); else say nothing happens there."""
        board = self.board
        if not board.legal:
            return None
        kind, what = split_key(key)
        if kind == "hand" and board.obs["phase"] in ("commit", "discard_unit"):
            return CARD + what
        choosing_units = ("declare", "card_target", "crew_to", "friendly_fire", "choose_attack")
        if kind == "unit" and board.obs["phase"] in choosing_units:
            return board.refuse("frontline.refuse.not_here")
        if kind == "cmd":
            card = COMMANDS[what]
            window = other.WINDOW_OF_TIMING.get(card.timing, "")
            lang = board.ctx.lang
            return board.refuse(
                "frontline.refuse.not_now",
                command=i18n.t_in(lang, f"frontline.cmd.{card.id}"),
                window=f"{window} · {i18n.t_in(lang, f'frontline.window.{window}')}",
            )
        return None

    def paint_skipped(self, surface: pygame.Surface) -> None:
        """While targets are declared, each of the viewer's units that can declare none says why
        on its tile (the engine passes it over silently)."""
        board = self.board
        obs = board.obs
        if fw.step_of(obs) != "declare":
            return
        p = board.ctx.palette
        for view in obs["board"]:
            if view["owner"] != board.me or UNITS[view["card"]].is_crew:
                continue
            reason = fw.no_target_reason(obs, view["pos"])
            rect = board.layer.rect(("unit", view["pos"]))
            if reason is None or rect is None:
                continue
            lines = [i18n.t("frontline.skip"), reason]
            self.on_tiles.append(self._tile_label(surface, lines, rect, p["text_dim"]))

    def paint_glows(self, surface: pygame.Surface) -> None:
        """Things the viewer may click breathe; targets show their odds (in the weapons
        decision, the odds of the weapons under the mouse, else of the best ones)."""
        board = self.board
        self.paint_skipped(surface)
        if not board.legal:
            return
        u = board.geo.unit
        p = board.ctx.palette
        alpha = board.breathing(urgent=True)
        for key in board.spots:
            rect = board.layer.rect(key)
            if rect is None:
                continue
            board.art.ring(surface, rect, p["legal"], max(2, u // 2), alpha)
        attacker = board.attacker()
        if attacker is not None and board.obs["phase"] in ("declare", "weapons"):
            rect = board.layer.rect(("unit", attacker["pos"]))
            if rect is not None:
                overlays.pill(
                    surface,
                    i18n.t("frontline.attacker"),
                    rect,
                    p["gold"],
                    max(10, round(u * 1.6)),
                    board.geo.table,
                )
            for key in board.spots:
                shown = self.target_preview(key)
                rect = board.layer.rect(key)
                if rect is None:
                    continue
                if shown is not None:
                    self._odds_label(surface, shown[1], rect)
                elif board.obs["phase"] == "declare":  # only a close assault or Surrender!
                    words = " / ".join(board.option_words(a) for a in board.spots[key])
                    overlays.pill(
                        surface,
                        words,
                        rect.move(0, rect.h // 2),
                        p["legal"],
                        max(9, round(u * 1.3)),
                        board.geo.table,
                    )
        if board.obs["phase"] == "weapons":
            target = board.obs["pending_target"]
            rect = None if target is None else board.layer.rect(("unit", target))
            hovered = board.hovered_button()
            masks = [b[0] - WEAPONS for b in board.buttons if kind_of(b[0]) == "weapons"]
            if hovered is not None and kind_of(hovered) == "weapons":
                masks = [hovered - WEAPONS]
            offered = [o for o in map(self.weapons_preview, masks) if o is not None]
            if rect is not None and offered:
                board.art.ring(surface, rect, p["hit"], max(2, u // 2), alpha)
                best = max(offered, key=lambda o: (o.destroyed, o.half, o.hit))
                self._odds_label(surface, best, rect)

    def _odds_label(
        self, surface: pygame.Surface, shown: preview.Preview, rect: pygame.Rect
    ) -> None:
        """The odds on a target, in two lines laid over its tile (``_tile_label``); on a tile too
        narrow for them (a crowded row at 800×540), the chances to hit and to destroy alone."""
        board = self.board
        lines = fw.odds_lines(shown)
        u = board.geo.unit
        top, bottom = _label_room(rect)
        too_narrow = max(text_width(line, MIN_PX, bold=True) for line in lines) > rect.w - u
        if too_narrow or len(lines) * MIN_PX * 1.3 > bottom - top - u // 2:
            lines = [fw.odds_tiny(shown)]
        self.on_tiles.append(self._tile_label(surface, lines, rect, board.ctx.palette["legal"]))

    def _tile_label(
        self, surface: pygame.Surface, lines: list[str], rect: pygame.Rect, edge: Colour
    ) -> pygame.Rect:
        """Short lines laid over a tile just above its footer (a target's odds, why a unit
        declares nothing): its HP bar, defence and name stay in sight (in a row of five the
        odds hid the names); on the smallest tiles they cover the line under the name."""
        p, u = self.board.ctx.palette, self.board.geo.unit
        px = max(MIN_PX, round(u * 1.35))
        return label_over(surface, lines, rect, _label_room(rect), (p["text"], edge), px, u)

    def paint_tooltip(self, surface: pygame.Surface) -> None:
        """Over the dice tray, a weapon button or a unit: how damage is worked out."""
        board = self.board
        if board.mouse is None or board.choosing is not None:
            return
        text = self.tooltip_text()
        if not text:
            return
        u = board.geo.unit
        mouse = board.mouse

        side = board.geo.side

        table, floating = board.geo.table, board.geo.zoom.h == 0

        def place(box: pygame.Rect) -> None:
            if side.collidepoint(mouse):  # beside the panel, not over its buttons
                box.midright = (side.x - u, mouse[1])
            elif floating:  # the card floats beside the mouse: the words go to the foot
                box.midbottom = (table.centerx, table.bottom - u)
            else:
                box.bottomleft = (mouse[0] + u, mouse[1] - u)

        overlays.note(
            surface,
            board.art,
            text,
            max(160, board.rect.w // 4),
            place,
            board.rect,
            board.ctx.palette["gold"],
            max(10, round(u * 1.4)),
        )

    def tooltip_text(self) -> str:
        """The damage formula, with the numbers of the attack or the weapon under the mouse."""
        board = self.board
        if board.mouse is None or not board.obs:
            return ""
        hovered = board.hovered_button()
        attacker = board.attacker()
        if hovered is not None and kind_of(hovered) == "weapons" and attacker is not None:
            target = board.obs["pending_target"]
            if target is None:
                return ""
            return fw.formula(board.obs, attacker, target, hovered - WEAPONS)
        if board.tray.hit(board.mouse) and attacker is not None:
            target = board.obs["attack"]["target"]
            row = board.obs["attack"]["row"]
            if target is not None and target >= 0 and row is not None and row >= 0:
                return fw.formula(board.obs, attacker, target, 1 << row)
        key = board.hovered
        kind, target = split_key(key)
        if kind == "unit" and key in board.views:
            best = self.target_preview(key) if board.obs["phase"] == "declare" else None
            if best is not None and attacker is not None:  # a target: how its odds come about
                return fw.formula(board.obs, attacker, target, best[0])
            return fw.unit_words(board.views[key], board.ctx.lang)
        return ""

    def paint_drag(self, surface: pygame.Surface) -> None:
        """The card under the mouse, and the lines it may be dropped on lit."""
        board = self.board
        card = self.dragged()
        if card is None or board.mouse is None:
            return
        p, u = board.ctx.palette, board.geo.unit
        lines = []
        if CARD + card in board.legal:
            lines.append(board.geo.rows["own_front"])
        if REAR_CARD + card in board.legal:
            lines.append(board.geo.rows["own_rear"])
        for row in lines:
            lit = row.inflate(-2 * u, -u)
            board.art.ring(surface, lit, p["legal"], max(2, u // 2), board.breathing(urgent=True))
        rect = board.layer.rect(("hand", card, 0))
        w = rect.w if rect is not None else round(board.geo.rows["hand"].h / fc.RATIO)
        blit_center(surface, fc.unit_face(card, w, p, board.ctx.lang), board.mouse, 220)


def _label_room(rect: pygame.Rect) -> tuple[int, int]:
    """The top and bottom of a tile's space for a label: under its name, above its footer."""
    return rect.y + tile_header(rect.h), rect.bottom - tile_pad(rect.h) - tile_footer(rect.h)
