"""The viewer's hand: its fan of cards lifted under the mouse, the card chosen (its targets glow
on the board), a card dragged to its flag, and the note over a hovered card (a tactics card's
effect, why a greyed-out card cannot be played)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.boards.base import Board
from game.boards.battleline.layout import Part, Table
from game.boards.cards import card_at, card_height, dragging
from game.boards.layer import Sprite
from game.engines.battleline import words
from game.engines.battleline.cards import GUILE, NUM_TROOPS
from game.engines.battleline.observation import BattleLineObservation
from game.refusals import phrase_text
from game.ui.draw import approach

LIFT = 0.2  # hover lift, relative to the hand card height
LIFT_RATE = 14.0  # how fast a hovered card rises (per second, exponential)


@dataclass
class Drag:
    card: int
    start: tuple[int, int]
    active: bool = False  # moved far enough (``cards.dragging``)


class Hand(Part):
    """The viewer's hand and the card chosen from it (see the module docstring)."""

    def __init__(self, board: Board[BattleLineObservation], table: Table) -> None:
        super().__init__(board, table)
        self.selected: int | None = None
        self.drag: Drag | None = None
        self.lifts: dict[int, float] = {}

    @property
    def cards(self) -> list[int]:
        return (self.obs["hands"][self.me]["cards"] or []) if self.obs else []

    def reset(self) -> None:
        """Forget the chosen card and any drag."""
        self.selected, self.drag = None, None

    def follow(self) -> None:
        """A new observation: the choice lasts while the card may still be played."""
        hand, legal = self.cards, self.board.legal
        if self.phase != "play" or self.selected not in hand or self.selected not in legal:
            self.reset()

    def lift(self, card: int | None) -> float:
        """How far ``card`` is lifted, in hand card heights."""
        return 0.0 if card is None else self.lifts.get(card, 0.0) * LIFT

    def rect_of(self, card: int) -> pygame.Rect | None:
        """Where a hand card is drawn now, lifted as it is."""
        rect = self.sprite_rect(card)
        return None if rect is None else rect.move(0, -round(self.lift(card) * self.geo.hand_h))

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card of the viewer's hand under ``pos`` (lifted cards as drawn)."""
        h = self.geo.hand_h
        rest = [(c, r, round(self.lift(c) * h)) for c in self.cards if (r := self.sprite_rect(c))]
        return card_at(pos, rest)

    def update(self, dt: float, mouse: tuple[int, int] | None) -> None:
        hovered = self.card_at(mouse) if mouse is not None and self.drag is None else None
        self.lifts = approach(self.lifts, self.cards, {hovered, self.selected}, LIFT_RATE, dt)

    def choose(self, card: int, pos: tuple[int, int]) -> None:
        """Choose (or, chosen again, put down) a playable card; a troop or Fog/Mud may be
        dragged to its flag from here."""
        if card == self.selected:
            self.selected = None
            return
        self.selected = card
        self.board.ctx.play_sound("click")
        if card not in GUILE:
            self.drag = Drag(card, pos)

    def move(self, pos: tuple[int, int]) -> None:
        if self.drag is not None and not self.drag.active:
            self.drag.active = dragging(self.drag.start, pos)

    def dragged(self) -> int | None:
        return self.drag.card if self.drag is not None and self.drag.active else None

    # --- drawing --------------------------------------------------------------------------------
    def draw_drag(self, surface: pygame.Surface, slot: pygame.Rect | None) -> None:
        """The dragged card under the mouse, ``slot`` ringed where it would go."""
        card, mouse = self.dragged(), self.board.mouse
        if card is None or mouse is None:
            return
        if slot is not None:
            self.art.ring(surface, slot, self.p["selected"], max(3, self.geo.cw // 12))
        w = round(self.geo.hand_w * 0.9)
        self.blit_sprite(surface, Sprite(card, *mouse, w, card_height(w), moving=True))

    def unplayable_reason(self, card: int) -> str | None:
        """Why the viewer's hand card is greyed out, in the engine's words (its observation
        lists the viewer's unplayable cards with their refusals); None if it may be played."""
        if self.phase != "play" or not self.deciding or card in self.board.legal:
            return None
        why = dict(self.obs["hands"][self.me].get("unplayable", ())).get(card)
        return None if why is None else phrase_text(self.board.ctx.game, why)

    def draw_tooltip(self, surface: pygame.Surface, card: int) -> None:
        """A hovered hand card: a tactics card's name and effect, and why it cannot be played
        now if it is greyed out, above it."""
        reason = self.unplayable_reason(card)
        rect = self.rect_of(card)
        if (card < NUM_TROOPS and reason is None) or rect is None:
            return
        g = self.geo
        lines = [words.explained(card)] if card >= NUM_TROOPS else []
        lines += [reason] if reason else []
        width = round(max(g.hand_w * 2.6, 20 * g.unit))

        def place(box: pygame.Rect) -> None:
            box.midbottom = (rect.centerx, rect.top - round(0.9 * g.unit))

        accent = self.p["danger"] if reason else self.p["gold"]
        self.note(surface, "\n".join(lines), width, place, accent)
