"""The viewer's hand: its fan of cards lifted under the mouse, the card chosen (its targets glow
on the board), a card dragged to its flag, and the note over a hovered card (a tactics card's
effect, why a greyed-out card cannot be played)."""

from __future__ import annotations

import pygame

from game.boards.base import Board
from game.boards.battleline.layout import Part, Table
from game.boards.hand import HandView
from game.engines.battleline import words
from game.engines.battleline.cards import GUILE, NUM_TROOPS
from game.engines.battleline.observation import BattleLineObservation
from game.refusals import phrase_text


class Hand(Part, HandView[int]):
    """The viewer's hand and the card chosen from it (the kit's ``HandView``), placed by the
    table (see the module docstring)."""

    def __init__(self, board: Board[BattleLineObservation], table: Table) -> None:
        Part.__init__(self, board, table)
        HandView.__init__(self)
        self.height = table.geo.hand_h

    @property
    def cards(self) -> list[int]:
        return (self.obs["hands"][self.me]["cards"] or []) if self.obs else []

    def rests(self) -> dict[int, pygame.Rect]:
        """Each card of the hand where it rests (unlifted), in drawing order."""
        return {c: r for c in self.cards if (r := self.sprite_rect(c)) is not None}

    def follow(self) -> None:
        """A new observation: the choice lasts while the card may still be played."""
        chosen = self.selected
        self.keep(self.phase == "play" and chosen in self.cards and chosen in self.board.legal)

    def rect_of(self, card: int) -> pygame.Rect | None:
        """Where a hand card is drawn now, lifted as it is."""
        rect = self.sprite_rect(card)
        return None if rect is None else self.lifted(card, rect)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card of the viewer's hand under ``pos`` (lifted cards as drawn)."""
        return self.under(pos, self.rests())

    def play(self, card: int, pos: tuple[int, int]) -> None:
        """Choose (or, chosen again, put down) a playable card; a troop or Fog/Mud may be
        dragged to its flag from here."""
        if self.choose(card, pos, draggable=card not in GUILE):
            self.board.ctx.play_sound("click")

    # --- drawing --------------------------------------------------------------------------------
    def draw_drag(self, surface: pygame.Surface, slot: pygame.Rect | None) -> None:
        """The dragged card under the mouse, ``slot`` ringed where it would go."""
        sprite = self.drag_sprite(self.board.mouse, self.geo.hand_w)
        if sprite is None:
            return
        if slot is not None:
            self.art.ring(surface, slot, self.p["selected"], max(3, self.geo.cw // 12))
        self.blit_sprite(surface, sprite)

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
        place = self.above(rect, round(0.9 * g.unit))
        accent = self.p["danger"] if reason else self.p["gold"]
        self.note(surface, "\n".join(lines), width, place, accent)
