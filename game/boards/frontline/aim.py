"""What the viewer may click and what it would do, as one object owning its state: the legal
actions spread over the things they are on (a unit, each copy of a card in the hand, a card of
the deck at set-up), the rest as the panel's buttons, a thing's chooser — the rules side (the
engine's ``offer``) says what each action is on, in which words, and why a thing refuses; the
press under way (a click, or a hand card carried to a line: the kit's ``drag``), the odds shown
for this observation; drawn as the kit's target rings, the odds laid over targets, the reasons
units declare nothing, and the tooltip with the damage formula (the engine's words). The board
rebuilds the index for each observation (``index``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game import i18n
from game.boards.base import Decision
from game.boards.drag import Press, draw_carried, zone_at
from game.boards.frontline import cards as fc
from game.boards.frontline.art import tile_footer, tile_header, tile_pad
from game.boards.frontline.host import Host
from game.boards.frontline.layout import split_key
from game.boards.notes import label_over
from game.boards.targets import Target, draw_targets
from game.engines.frontline import offer, preview
from game.engines.frontline import words as fw
from game.engines.frontline.actions import (
    CARD,
    REAR_CARD,
    UNIT,
    WEAPONS,
    kind_of,
)
from game.engines.frontline.cards import UNITS
from game.ui import overlays
from game.ui.draw import MIN_READABLE_PX as MIN_PX
from game.ui.draw import Colour
from game.ui.text import text_width

DRAG = 8  # pixels the mouse moves before a press becomes a drag


class Aim:
    def __init__(self, board: Host) -> None:
        self.board = board
        self.spots: dict[Hashable, list[int]] = {}  # legal actions by the thing they are on
        self.buttons: list[tuple[int, str, str]] = []  # the rest: (action, label, detail)
        self.press: Press[Hashable] = Press(DRAG)  # a click, or a hand card dragged to a line
        self.odds: dict[Hashable, Any] = {}  # odds shown for this observation
        self.on_tiles: list[pygame.Rect] = []  # labels the last paint laid over tiles

    # --- what may be clicked ------------------------------------------------------------------
    def index(self, offered: bool) -> None:
        """Forget the last observation's offer; when ``offered``, spread the legal actions over
        the things they are on, the rest as buttons (a weapons set's button says its odds on
        its second line)."""
        self.spots, self.buttons = {}, []
        board = self.board
        for action in board.legal if offered else []:
            on = offer.subject(board.obs, board.me, action)
            if on is None:
                words = fw.button_words(board.obs, board.me, action, self.weapons_preview)
                self.buttons.append((action, *words))
            for spot in [] if on is None else self._copies(on):
                self.spots.setdefault(spot, []).append(action)

    def _copies(self, on: tuple[str, int]) -> list[Hashable]:
        """Every copy in hand of a hand card: an action names a card, not a copy, so either of
        two Steady Aims plays it (the second copy used to refuse the click)."""
        kind, card = on
        if kind not in ("hand", "cmd"):
            return [on]
        mine = self.board.obs["seats"][self.board.me]
        cards = (mine["units"] if kind == "hand" else mine["commands"]) or []
        return [(kind, card, n) for n in range(max(1, cards.count(card)))]

    def options(self, key: Hashable) -> list[tuple[int | None, str]]:
        """A thing's chooser (the engine's words, ``offer.chooser``)."""
        kind, card = split_key(key)
        command = card if kind == "cmd" else None
        return offer.chooser(self.board.obs, self.spots.get(key, []), command)

    def refused(self, key: Hashable) -> Decision:
        """A thing with no legal action: in the commitment, offer the card anyway so the engine
        says why it may not go (a crew without its unit); else say why nothing happens there."""
        board = self.board
        kind, what = split_key(key)
        if not board.legal:
            return None
        if kind == "hand" and board.obs["phase"] in ("commit", "discard_unit"):
            return CARD + what
        said = offer.refusal(board.obs, kind, what, board.ctx.lang)
        return None if said is None else board.refuse(said[0], **said[1])

    # --- a hand card dragged to a line --------------------------------------------------------
    def dragged(self) -> int | None:
        """The hand card being dragged to a line, if any."""
        board = self.board
        kind, card = split_key(self.press.dragged(board.mouse))
        return int(card) if kind == "hand" and board.obs.get("phase") == "commit" else None

    def _lines(self) -> list[tuple[int, pygame.Rect]]:
        """Where a hand card may be dropped: each line (the action its card adds to) and row."""
        rows = self.board.geo.rows
        return [(CARD, rows["own_front"]), (REAR_CARD, rows["own_rear"])]

    def drop(self, key: Hashable | None, pos: tuple[int, int]) -> Decision:
        """A hand card dragged to a line: commit it there."""
        board = self.board
        kind, card = split_key(key)
        line = zone_at(self._lines(), pos)
        if kind != "hand" or line is None:
            return None
        choice = line + card
        return choice if choice in board.legal or board.obs["phase"] == "commit" else None

    def paint_drag(self, surface: pygame.Surface) -> None:
        """The card under the mouse, and the lines it may be dropped on lit."""
        board = self.board
        card = self.dragged()
        if card is None or board.mouse is None:
            return
        p, u = board.ctx.palette, board.geo.unit
        lit = [(n, row.inflate(-2 * u, -u)) for n, row in self._lines() if n + card in board.legal]
        rect = board.layer.rect(("hand", card, 0))
        w = rect.w if rect is not None else round(board.geo.rows["hand"].h / fc.RATIO)
        image = fc.unit_face(card, w, p, board.ctx.lang)
        alpha = board.breathing(urgent=True)
        draw_carried(surface, board.art, p, lit, image, board.mouse, max(2, u // 2), alpha)

    # --- odds -----------------------------------------------------------------------------------
    def _cached(self, key: Hashable, work: Callable[[], Any]) -> Any:
        if key not in self.odds:
            self.odds[key] = work()
        return self.odds[key]

    def target_preview(self, key: Hashable) -> tuple[int, preview.Preview] | None:
        """The odds a target shows while the attacker picks it: its best weapon set."""
        board = self.board
        attacker = board.attacker()
        kind, target = split_key(key)
        if attacker is None or kind != "unit" or UNIT + target not in self.spots.get(key, []):
            return None
        at = attacker["pos"]
        return self._cached(
            ("best", at, target), lambda: preview.best_preview(board.obs, at, target)
        )

    def weapons_preview(self, mask: int) -> preview.Preview | None:
        """The odds of the weapons ``mask`` at the declared target (the weapons decision)."""
        board = self.board
        attacker, target = board.attacker(), board.obs.get("pending_target")
        if attacker is None or target is None:
            return None
        at = attacker["pos"]
        return self._cached(
            ("set", at, target, mask), lambda: preview.preview(board.obs, at, target, mask)
        )

    # --- drawing --------------------------------------------------------------------------------
    def paint_glows(self, surface: pygame.Surface) -> None:
        """Why units declare nothing; things the viewer may click breathe (the kit's target
        rings); targets show their odds (in the weapons decision, the odds of the weapons under
        the mouse, else of the best ones)."""
        board = self.board
        self.paint_skipped(surface)
        if not board.legal:
            return
        obs, u, p, table = board.obs, board.geo.unit, board.ctx.palette, board.geo.table
        alpha, width = board.breathing(urgent=True), max(2, u // 2)
        rects = {key: rect for key in self.spots if (rect := board.layer.rect(key)) is not None}
        rings = [Target(key, rect, width, lights=False) for key, rect in rects.items()]
        draw_targets(surface, board.art, p, rings, None, alpha)
        attacker = board.attacker()
        if attacker is not None and obs["phase"] in ("declare", "weapons"):
            rect = board.layer.rect(("unit", attacker["pos"]))
            if rect is not None:
                tag = i18n.t("frontline.attacker")
                overlays.pill(surface, tag, rect, p["gold"], max(10, round(u * 1.6)), table)
            for key, rect in rects.items():
                shown = self.target_preview(key)
                if shown is not None:
                    self._odds_label(surface, shown[1], rect)
                elif obs["phase"] == "declare":  # only a close assault or Surrender!
                    words = " / ".join(offer.option_words(obs, a) for a in self.spots[key])
                    below = rect.move(0, rect.h // 2)
                    overlays.pill(surface, words, below, p["legal"], max(9, round(u * 1.3)), table)
        if obs["phase"] == "weapons":
            target = obs["pending_target"]
            rect = None if target is None else board.layer.rect(("unit", target))
            hovered = board.hovered_button()
            masks = [b[0] - WEAPONS for b in self.buttons if kind_of(b[0]) == "weapons"]
            if hovered is not None and kind_of(hovered) == "weapons":
                masks = [hovered - WEAPONS]
            offered = [o for o in map(self.weapons_preview, masks) if o is not None]
            if rect is not None and offered:
                board.art.ring(surface, rect, p["hit"], width, alpha)  # the declared target
                best = max(offered, key=lambda o: (o.destroyed, o.half, o.hit))
                self._odds_label(surface, best, rect)

    def paint_skipped(self, surface: pygame.Surface) -> None:
        """While targets are declared, each of the viewer's units that can declare none says why
        on its tile (the engine passes it over silently)."""
        board = self.board
        obs = board.obs
        if fw.step_of(obs) != "declare":
            return
        for view in obs["board"]:
            if view["owner"] != board.me or UNITS[view["card"]].is_crew:
                continue
            reason = fw.no_target_reason(obs, view["pos"])
            rect = board.layer.rect(("unit", view["pos"]))
            if reason is not None and rect is not None:
                lines = [i18n.t("frontline.skip"), reason]
                self._tile_label(surface, lines, rect, board.ctx.palette["text_dim"])

    def _odds_label(
        self, surface: pygame.Surface, shown: preview.Preview, rect: pygame.Rect
    ) -> None:
        """The odds on a target, in two lines laid over its tile; on a tile too narrow for them
        (a crowded row at 800×540), the chances to hit and to destroy alone."""
        lines, u = fw.odds_lines(shown), self.board.geo.unit
        top, bottom = _label_room(rect)
        too_narrow = max(text_width(line, MIN_PX, bold=True) for line in lines) > rect.w - u
        if too_narrow or len(lines) * MIN_PX * 1.3 > bottom - top - u // 2:
            lines = [fw.odds_tiny(shown)]
        self._tile_label(surface, lines, rect, self.board.ctx.palette["legal"])

    def _tile_label(
        self, surface: pygame.Surface, lines: list[str], rect: pygame.Rect, edge: Colour
    ) -> None:
        """Short lines laid over a tile just above its footer (a target's odds, why a unit
        declares nothing): its HP bar, defence and name stay in sight (in a row of five the
        odds hid the names); on the smallest tiles they cover the line under the name."""
        p, u = self.board.ctx.palette, self.board.geo.unit
        px = max(MIN_PX, round(u * 1.35))
        self.on_tiles.append(
            label_over(surface, lines, rect, _label_room(rect), (p["text"], edge), px, u)
        )

    def paint_tooltip(self, surface: pygame.Surface) -> None:
        """Over the dice tray, a weapon button or a unit: how damage is worked out."""
        board = self.board
        mouse, text = board.mouse, self.tooltip_text()
        if mouse is None or board.choosing is not None or not text:
            return
        u, side, table = board.geo.unit, board.geo.side, board.geo.table

        def place(box: pygame.Rect) -> None:
            if side.collidepoint(mouse):  # beside the panel, not over its buttons
                box.midright = (side.x - u, mouse[1])
            elif board.geo.zoom.h == 0:  # the card floats beside the mouse: words at the foot
                box.midbottom = (table.centerx, table.bottom - u)
            else:
                box.bottomleft = (mouse[0] + u, mouse[1] - u)

        gold, width = board.ctx.palette["gold"], max(160, board.rect.w // 4)
        overlays.note(
            surface, board.art, text, width, place, board.rect, gold, max(10, round(u * 1.4))
        )

    def tooltip_text(self) -> str:
        """The damage formula, with the numbers of the attack or the weapon under the mouse."""
        board = self.board
        if board.mouse is None or not board.obs:
            return ""
        obs, hovered, attacker = board.obs, board.hovered_button(), board.attacker()
        if hovered is not None and kind_of(hovered) == "weapons" and attacker is not None:
            target = obs["pending_target"]
            return "" if target is None else fw.formula(obs, attacker, target, hovered - WEAPONS)
        if board.tray.hit(board.mouse) and attacker is not None:
            target, row = obs["attack"]["target"], obs["attack"]["row"]
            if target is not None and target >= 0 and row is not None and row >= 0:
                return fw.formula(obs, attacker, target, 1 << row)
        key = board.hovered
        kind, target = split_key(key)
        if kind == "unit" and key in board.views:
            best = self.target_preview(key) if obs["phase"] == "declare" else None
            if best is not None and attacker is not None:  # a target: how its odds come about
                return fw.formula(obs, attacker, target, best[0])
            return fw.unit_words(board.views[key], board.ctx.lang)
        return ""


def _label_room(rect: pygame.Rect) -> tuple[int, int]:
    """The top and bottom of a tile's space for a label: under its name, above its footer."""
    return rect.y + tile_header(rect.h), rect.bottom - tile_pad(rect.h) - tile_footer(rect.h)
