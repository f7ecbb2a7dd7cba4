"""The side column: both players' plates, the discard piles' labels, the two decks (glowing
when one is to be drawn from), the auto-claim switch, and the panel of the tactics card being
resolved; the kit's decision bar sits in it for the choice of the moment (Pass, Done,
Discard: ``BattleLineBoard.decision``)."""

from __future__ import annotations

from typing import cast

import pygame

from game import i18n
from game.boards.base import Board
from game.boards.battleline.art import card_height
from game.boards.battleline.hand import Hand
from game.boards.battleline.layout import Part, Table
from game.boards.targets import Target, target_at
from game.engines.battleline import words
from game.engines.battleline.actions import DRAW_BASE, is_draw
from game.engines.battleline.cards import SCOUT, TACTICS_DECK, TROOP_DECK
from game.engines.battleline.observation import BattleLineObservation
from game.ui import overlays
from game.ui.draw import lighter


class SideColumn(Part):
    """The column beside the felt (see the module docstring)."""

    def __init__(self, board: Board[BattleLineObservation], table: Table, hand: Hand) -> None:
        super().__init__(board, table)
        self.hand = hand
        self.auto_claim = bool(self.board.ctx.extra.get("auto_claim", False))

    # --- hit tests ------------------------------------------------------------------------------
    def decks(self) -> list[Target]:
        """Both decks, each taking clicks a little beyond its edge."""
        return [
            Target(d, r, max(3, r.w // 12), hit=r.inflate(r.w // 5, r.h // 5))
            for d, r in enumerate(self.geo.decks)
        ]

    def deck_at(self, pos: tuple[int, int]) -> int | None:
        return cast(int | None, target_at(self.decks(), pos))

    def counts(self) -> tuple[int, int]:
        decks = self.obs["decks"]
        return decks["troop"], decks["tactics"]

    def target_decks(self) -> list[int]:
        """The decks that may be drawn from now (Scout's too, once chosen)."""
        if not self.deciding:
            return []
        if self.phase == "play" and self.hand.selected == SCOUT:
            return [d for d, n in enumerate(self.counts()) if n]
        return [a - DRAW_BASE for a in self.board.legal if is_draw(a)]

    def toggle(self, pos: tuple[int, int]) -> bool:
        """The auto-claim switch is a player setting: it works whoever is to move."""
        if not self.geo.toggle.collidepoint(pos):
            return False
        self.auto_claim = not self.auto_claim
        self.board.ctx.extra["auto_claim"] = self.auto_claim
        self.board.ctx.play_sound("click")
        return True

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        g = self.geo
        self._draw_plate(surface, 1 - self.me, g.opp_plate)
        self._draw_plate(surface, self.me, g.my_plate)
        for rect in (g.opp_discard, g.my_discard):
            self._draw_pile_label(surface, i18n.t("battleline.discard"), rect)
        self._draw_decks(surface)
        label = i18n.t("battleline.auto_claim")
        overlays.switch(surface, self.art, g.toggle, label, self.auto_claim, self.fs(1.3))
        self._draw_step(surface)

    def _draw_step(self, surface: pygame.Surface) -> None:
        """A panel: who resolves which tactics card, and the step reached."""
        area = self.geo.step_panel
        resolving = words.resolving(self.obs, self.hand.selected)
        if resolving is None or not area.h:
            return
        card, step = resolving
        mover, name = self.board.mover(self.obs), i18n.t(f"battleline.tactic.{card}")
        edge = self.p["gold"] if mover == self.me else self.art.side(mover)
        lines = (name, step, self.board.seat_name(mover))
        self.art.step_panel(surface, area, card, lines, edge, self.geo.unit, self.geo.mini_w)

    def _draw_pile_label(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        p, g = self.p, self.geo
        img = self.art.text(text.upper(), g.pile_px, p["text_dim"], bold=True)
        surface.blit(img, img.get_rect(topleft=(rect.x, rect.y)))
        h = card_height(g.mini_w)
        pile = pygame.Rect(rect.x, rect.bottom - h, rect.w, h)
        surface.blit(self.art.slot(g.mini_w, h, lighter(p["panel"], 0.3), False), pile)
        if self.phase == "redeploy_to" and self.deciding and rect is g.my_discard:
            surface.blit(self.art.slot(pile.w, pile.h, p["legal"], True), pile)

    def _draw_plate(self, surface: pygame.Surface, side: int, rect: pygame.Rect) -> None:
        obs, name = self.obs, self.board.seat_name(side)
        counters = words.plate_counters(obs, side)
        seat = self.board.seat(side, name, obs["phase"] == "over", obs["winner"], counters)
        mark, breath = self.art.side_mark, self.board.breathing()
        overlays.draw_seat(surface, self.art, rect, seat, self.geo.unit, breath, mark)

    def _draw_decks(self, surface: pygame.Surface) -> None:
        p, g = self.p, self.geo
        counts = self.counts()
        targets = set(self.target_decks())
        tactics_on = self.obs["options"].get("tactics", "on") == "on"
        names = (i18n.t("battleline.deck.troop"), i18n.t("battleline.deck.tactics"))
        for deck, rect in enumerate(g.decks):
            if deck == TACTICS_DECK and not tactics_on:
                continue
            px = g.pile_px
            label = self.art.fitted(names[deck].upper(), px, p["text_dim"], rect.w + 8, True)
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.top - 2)))
            n = counts[deck]
            if deck in targets:
                self.ring_targets(surface, [self.decks()[deck]])
            if not n:
                surface.blit(self.art.slot(rect.w, rect.h, lighter(p["panel"], 0.4), False), rect)
                continue
            back, shadow = self.art.back(deck, rect.w), self.art.shadow(rect.w, rect.h)
            layers = min(6, (n + 4) // 5)
            overlays.stack(surface, self.art, rect, back, shadow, layers, n, self.fs(1.35))
            top = self.obs["deck_tops"]["troop" if deck == TROOP_DECK else "tactics"]
            if top and top[0] is not None:  # the viewer put this card back with Scout
                spot = self.table.top_card_rect(deck)
                surface.blit(self.art.card(top[0], spot.w), spot)
                tag = self.art.text(i18n.t("battleline.deck.top"), self.fs(1.0), p["text"], True)
                surface.blit(tag, tag.get_rect(midtop=(spot.centerx, spot.bottom)))
            if deck in targets and self.board.is_animating():  # a click now only ends the flight
                self.art.veil(surface, rect.center, rect.size, (0, 0, 0, 110), rect.w // 10)
