"""The Battle Line board: nine flags between two lines of cards, both hands, the decks and the
discard piles. One class composed of views that each own their state, drawing and hit test: the
viewer's ``Hand`` (the card chosen, a drag), the ``FlagRow`` (pennants, Fog and Mud, slots,
formations, claims), the ``SideColumn`` (plates, decks, the button of the moment, the auto-claim
switch, the tactics card being resolved) and the ``Flights`` of the cards between observations;
the ``Table`` (layout.py) says where each card rests.

It draws only from ``observation(viewer)``, the viewer's side at the bottom. Every card the viewer
can see is a sprite on the kit's layer resting at its place (hand fan, flag slot, discard pile).

One click is one decision. In the play phase a card is first chosen on the board alone (lifted,
its targets glowing) and played by clicking a target or by dragging it there: that click returns
both decisions, ``[card, target]``, which the match scene plays in order.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import cast

import pygame

from game.boards.base import Board, BoardContext, Decision, Things
from game.boards.battleline.column import SideColumn
from game.boards.battleline.emblems import draw_emblem
from game.boards.battleline.flags import FlagRow
from game.boards.battleline.flights import Flights
from game.boards.battleline.hand import Hand
from game.boards.battleline.layout import Geometry, Table
from game.boards.battleline.palette import PALETTES
from game.boards.clicks import ClickTable, Point, Route
from game.boards.decision import Choice
from game.boards.layer import Motion, Rest, Sprite
from game.engines.base import State
from game.engines.battleline import words as battleline_words
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DONE,
    DRAW_BASE,
    FLAG_BASE,
    claim_action,
    draw_action,
    flag_action,
    is_card,
    is_claim,
    is_draw,
    is_flag,
)
from game.engines.battleline.cards import DESERTER, REDEPLOY, SCOUT, TRAITOR
from game.engines.battleline.observation import BattleLineObservation
from game.engines.battleline.placing import refusal, side_of, stacks, takeable, targets
from game.engines.battleline.words import BUTTONS, BattleLineWords, button_label, result_words
from game.turns import Phrase, Step
from game.ui import overlays
from game.ui.overlays import Banner, set_banner
from game.words import words_of


class BattleLineBoard(Board[BattleLineObservation]):
    """Board view for Battle Line (see the module docstring)."""

    ACCENT = (196, 138, 70)
    PALETTES = PALETTES
    SEAT_ROLES = ("side0", "side1")
    draw_emblem = staticmethod(draw_emblem)
    DISTINCT = (tuple(f"suit{c}" for c in range(6)),)  # the six troop colours
    summary = staticmethod(battleline_words.summary)

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.table = Table(self.rect, ctx.palette)
        self.hand = Hand(self, self.table)
        self.flags = FlagRow(self, self.table, hand=self.hand)
        self.column = SideColumn(self, self.table, hand=self.hand)
        self.flights = Flights(self, self.table, hand=self.hand)
        self.banner: Banner | None = None
        self.clicks = ClickTable(self._routes())

    @property
    def sprites(self) -> dict[Hashable, Sprite]:
        """The cards on the kit's sprite layer: by card id, or ``("back", deck, n)`` for the
        opponent's unknown cards (``layout.shows``)."""
        return self.layer.sprites

    @property
    def selected(self) -> int | None:
        """The hand card chosen, waiting for its target."""
        return self.hand.selected

    @property
    def auto_claim(self) -> bool:
        return self.column.auto_claim

    @property
    def names(self) -> list[str]:
        return [self.seat_name(seat) for seat in (0, 1)]

    def layout(self, rect: pygame.Rect) -> None:
        self.table.resize(pygame.Rect(rect))
        self.hand.height = self.geo.hand_h
        self.tweens.finish_all()
        super().layout(rect)
        if bool(self.obs):
            self.flags.rebuild(self.obs)
            self.banner = self._over_banner(self.obs)

    # --- observations and animation --------------------------------------------------------
    def on_observation(
        self, previous: BattleLineObservation | None, obs: BattleLineObservation, animate: bool
    ) -> None:
        self.table.me = self.viewer
        self.hand.follow()
        flies = animate and previous is not None and self.follows(previous, obs)
        if flies and previous is not None:
            self.tweens.finish_all()
            self._lift_pending(previous, obs)
        super().on_observation(previous, obs, animate)
        if not flies:
            self.table.home = None
            self.flags.rebuild(obs)
            self.banner = self._over_banner(obs)
        elif obs["pending"]["card"] is None or obs["turn"] != self.viewer:
            self.table.home = None

    def _lift_pending(self, previous: BattleLineObservation, obs: BattleLineObservation) -> None:
        """The viewer's card played from the hand waits there, lifted, for its target."""
        card = obs["pending"]["card"]
        sprite = None if card is None else self.layer.sprites.get(card)
        mine = (
            card in (previous["hands"][self.viewer]["cards"] or []) and obs["turn"] == self.viewer
        )
        if sprite is not None and mine:
            self.table.home = (sprite.x, sprite.y - self.geo.hand_h * self.hand.rise)

    def follows(self, previous: BattleLineObservation, obs: BattleLineObservation) -> bool:
        """The same viewer's view of the same game (a new game of the match is rebuilt)."""
        shown = (previous["viewer"], previous["match"]["game"])
        return shown == (obs["viewer"], obs["match"]["game"])

    def resting_places(self, obs: BattleLineObservation) -> Mapping[Hashable, Rest]:
        """Every card and back the viewer sees (the keyed layer's ``things`` are the table's
        cards only: the last-move marks)."""
        return self.table.places(obs)

    def choreography(
        self, previous: BattleLineObservation, obs: BattleLineObservation
    ) -> Mapping[Hashable, Motion]:
        """The cards' flights (``flights.py``), then claimed flags move to their winner one after
        another, then the result's banner."""
        motions, t = self.flights.motions(previous, obs)
        t = self.flags.claim(obs, t)
        if self.banner is None:
            set_banner(self, self._over_banner(obs), t)
        return motions

    def _over_banner(self, obs: BattleLineObservation) -> Banner | None:
        """The result over the finished board (``words.result_words``)."""
        result = result_words(obs, self.viewer, self.names)
        return None if result is None else Banner(*result)

    @property
    def phase(self) -> str:
        return self.obs["phase"] if self.obs else ""

    def _deciding(self) -> bool:
        return bool(self.legal) and bool(self.obs)

    # --- input --------------------------------------------------------------------------------
    def move(self, pos: tuple[int, int]) -> None:
        self.hand.move(pos)

    def decision(self) -> tuple[str, Sequence[Choice]]:
        """The choice of the moment beside the table's own (a card, a flag, a deck): Pass, Done
        claiming, or Redeploy's discard, on the kit's bar in the side column."""
        legal = self.legal if self._deciding() else []
        return "", [Choice(a, button_label(a)) for a in BUTTONS if a in legal][:1]

    def bar_area(self) -> pygame.Rect:
        """The column's place for a button, with the bar's margin at its sides and foot (the
        bar has none above its buttons without a prompt: it stays off the deck's count)."""
        pad, action = max(3, max(6, round(self.rect.h / 60)) // 2), self.geo.action
        return pygame.Rect(action.x - pad, action.y, action.w + 2 * pad, action.h + pad)

    def key(self, key: int) -> Decision:
        """Enter presses the button of the moment (Pass, Done, Discard), as its 1 does."""
        enter = key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.numbered()
        return self.numbered()[0] if enter else super().key(key)

    def handle_idle_event(self, event: pygame.event.Event) -> bool:
        super().handle_idle_event(event)
        down = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        return down and self.column.toggle(event.pos)

    def click(self, pos: tuple[int, int]) -> Decision:
        if self.column.toggle(pos) or not self._deciding():
            return None
        if self.phase == "play":
            return self._click_play(pos)
        action, refusal = self.clicks.click(self.phase, pos)
        return self.refuse(refusal) if refusal else action

    @property
    def geo(self) -> Geometry:
        return self.table.geo

    def _click_play(self, pos: tuple[int, int]) -> Decision:
        """The play phase: choose a card, then its target (both decisions are returned)."""
        card = self.hand.card_at(pos)
        if card is not None:
            if card not in self.legal:
                return card  # the engine says why it cannot be played
            self.hand.play(card, pos)
            return None
        selected = self.hand.selected
        if selected is None:
            flag = self.flags.flag_at(pos)
            on_token = flag is not None and self.flags.token_rect(flag).collidepoint(pos)
            if flag is not None and on_token and self.obs["flags"][flag]["claim"] is not None:
                return claim_action(flag)  # the engine explains when claims may be made
            if flag is not None or self.column.deck_at(pos) is not None:
                return self.refuse("battleline.feedback.pick_card")
            return None
        if selected == SCOUT:
            deck = self.column.deck_at(pos)
            return self._deselect(pos) if deck is None else self._play(SCOUT, draw_action(deck))
        if selected in (REDEPLOY, DESERTER, TRAITOR):
            card = self.flights.card_at(pos)
            return self._deselect(pos) if card is None else self._play(selected, card, card)
        flag = self.flags.flag_at(pos)
        return self._deselect(pos) if flag is None else self._place_selected(flag)

    def _deselect(self, pos: tuple[int, int]) -> Decision:
        """A click beside every target puts the chosen card down (on the felt only)."""
        if self.geo.felt.collidepoint(pos):
            self.hand.selected = None
        return None

    def _play(self, card: int, then: int, target: int | None = None) -> Decision:
        """Play the chosen ``card`` with its next decision ``then`` if ``target`` (a flag, or
        the card a guile tactic takes) takes it; else say why not (``placing.refusal``)."""
        why = None if target is None else refusal(self.obs, self.viewer, card, target)
        if why is not None:
            return self.refuse(why[0], **why[1])
        self.hand.reset()
        return [card, then]

    def _place_selected(self, flag: int) -> Decision:
        card = self.hand.selected
        return None if card is None else self._play(card, flag_action(flag), flag)

    def release(self, pos: tuple[int, int]) -> Decision:
        if self.hand.release() is None:
            return None
        flag = self.flags.flag_at(pos)
        if flag is None or not self._deciding():
            return None
        return self._place_selected(flag)

    def reset_input(self) -> None:
        self.hand.reset()

    def skip_animation(self) -> None:
        super().skip_animation()
        self.hand.drag = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.hand.update(dt, self.hand.rests(), self.mouse if self.obs else None)

    def auto_action(self) -> int | None:
        """The auto-claim setting: the claim phase is reached after the opponent's move or a
        draw, not after a click of the viewer's, so the scene polls for it."""
        if not self._deciding() or not self.auto_claim or self.phase != "claim":
            return None
        claims = [a for a in self.legal if is_claim(a)]
        return claims[0] if claims else DONE

    # --- the kit's keyed layer and click points -----------------------------------------------
    def mover(self, obs: BattleLineObservation) -> int:
        turn = obs["turn"]
        return -1 if turn is None else turn

    def things(self, obs: BattleLineObservation) -> Things:
        """Cards at the flags and in the discard piles by id (where they lie), and each flag
        (its claim, Fog and Mud)."""
        flags = obs["flags"]
        out: Things = {
            ("flag", f): (g["claimed_by"], g["fog"], g["mud"]) for f, g in enumerate(flags)
        }
        out |= {card: (f, side) for f, side, cards in stacks(obs) for card in cards}
        return out | {card: ("discard", side) for side in (0, 1) for card in obs["discards"][side]}

    def thing_rect(self, key: Hashable) -> pygame.Rect | None:
        if isinstance(key, tuple):
            return self.flags.token_rect(key[1])
        where = side_of(self.obs, key) if self.obs and isinstance(key, int) else None
        if where is not None:
            stack = self.obs["flags"][where[0]]["cards"][where[1]]
            return self.table.visible_rect(*where, stack.index(cast(int, key)), len(stack))
        return self.hand.sprite_rect(key)

    def rect_of(self, card: int) -> pygame.Rect | None:
        """Where a card is drawn now: its visible part at a flag, a hand card as lifted."""
        if card in self.hand.cards:
            return self.hand.rect_of(card)
        return self.thing_rect(card)

    def spot_at(self, pos: tuple[int, int]) -> pygame.Rect:
        """A card of the viewer's hand as drawn, a deck, a flag's column, else the kit's spot."""
        card = self.hand.card_at(pos)
        if card is not None:
            return cast(pygame.Rect, self.hand.rect_of(card))
        deck = self.column.deck_at(pos)
        if deck is not None:
            return self.geo.decks[deck]
        flag = self.flags.flag_at(pos) if self.key_at(pos) is None else None
        return self.table.column_rect(flag) if flag is not None else super().spot_at(pos)

    def tag_avoids(self) -> list[pygame.Rect]:
        """The formation pills of the marked columns too: the last-move tag of a full column's
        newest card went over its pill (the kit keeps off the things nearest the tag only, so
        all nine columns' pills would push cards out of that list)."""
        marked = [r for r in map(self.thing_rect, self.marked) if r is not None]
        pills = [
            p for p, _, _ in self.flags.pills() if any(r.left < p.centerx < r.right for r in marked)
        ]
        return [*super().tag_avoids(), *pills]

    def keep_clear(self) -> list[pygame.Rect]:
        """The viewer's hand, lifted cards included."""
        g = self.geo
        top = g.hand_top - round(0.2 * g.hand_h)
        return [*super().keep_clear(), pygame.Rect(g.felt.x, top, g.felt.w, g.felt.bottom - top)]

    def _routes(self) -> list[Route]:
        """The clicks of every phase but the play (``_click_play``), and where each is made (a
        flag, a deck or a claim in any phase: the second click of a card played; cards last)."""
        hand, table, flags = self.hand.card_at, self.flights.card_at, self.flags

        def on(finder: Callable[[Point], int | None]) -> Callable[[int], Point]:
            return lambda card: self.point_on(card, finder)

        return [
            Route(("scout_draw", "draw"), self.column.deck_at,
                  lambda a: self.geo.decks[a - DRAW_BASE].center if is_draw(a) else None,
                  draw_action, "battleline.feedback.pick_deck"),
            Route(("redeploy_to",),
                  lambda pos: DISCARD if self.geo.my_discard.collidepoint(pos) else None,
                  lambda a: self.geo.my_discard.center if a == DISCARD else None),
            Route(("flag", "redeploy_to", "traitor_to"), flags.flag_at,
                  lambda a: self.table.column_rect(a - FLAG_BASE).center if is_flag(a) else None,
                  flag_action),
            Route(("claim",), flags.claim_at,
                  lambda a: flags.button_rect(a - CLAIM_BASE).center if is_claim(a) else None,
                  claim_action),
            Route(("scout_return",), hand, on(hand), refusal="battleline.feedback.pick_card"),
            Route(("redeploy_from",), table, on(table), refusal="battleline.feedback.own_card"),
            Route(("deserter", "traitor_from"), table, on(table),
                  refusal="battleline.feedback.opposing_card"),
        ]  # fmt: skip

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        g, button = self.geo, self.bar.choice_rect(action)
        if button is not None:
            return [button.center]
        if self.phase != "play" or not is_card(action):
            at = self.clicks.point(action, None if self.phase == "play" else self.phase)
            return [] if at is None else [at]
        first = self.point_on(action, self.hand.card_at)
        if action == SCOUT:
            deck = next(d for d, n in enumerate(self.column.counts()) if n)
            return [first, g.decks[deck].center]
        if action in (REDEPLOY, DESERTER, TRAITOR):
            taken = takeable(self.obs, self.viewer, action)[0]
            return [first, self.point_on(taken, self.flights.card_at)]
        return [first, self.table.column_rect(targets(self.obs, self.viewer, action)[0]).center]

    # --- drawing --------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        self.table.repaint(self.ctx.palette)
        g, to, art = self.geo, (-self.rect.x, -self.rect.y), self.table.art
        table = art.table(self.rect.size, g.felt.move(to), g.ridge.move(to), g.column.move(to))
        surface.blit(table, self.rect)
        if not self.obs:
            return
        self.flags.draw_slots(surface)
        self.column.draw(surface)
        self.flags.draw(surface)
        self.flags.draw_ghosts(surface)
        self.flights.draw_waiting_glow(surface)
        self.flights.draw_resting(surface)
        self.flags.draw_labels(surface)
        self.flights.ring_targets(surface, self.flights.targets())
        self.flags.draw_buttons(surface)
        self.flags.draw_claim_view(surface)

    def paint_overlays(self, surface: pygame.Surface) -> None:
        """Above the last-move marks: cards in flight, the dragged card, notes, the banner."""
        for sprite in self.layer.flying():
            self.flights.blit_sprite(surface, sprite)
        drag = self.hand.dragged()
        flag = self.flags.flag_at(self.mouse) if drag is not None and self.mouse else None
        ok = flag is not None and drag is not None and flag in targets(self.obs, self.viewer, drag)
        self.hand.draw_drag(surface, self.flags.slot_for(flag) if ok and flag is not None else None)
        if self.mouse is not None and self.hand.drag is None and self.flags.hovered_claim() is None:
            card = self.hand.card_at(self.mouse)
            if card is not None:
                self.hand.draw_tooltip(surface, card)
            else:
                self.flags.draw_env_tooltip(surface, self.mouse)
        g, art = self.geo, self.table.art
        rect = pygame.Rect(0, 0, round(g.felt.w * 0.62), round(max(g.back_h * 0.95, 8 * g.unit)))
        rect.midtop = (g.felt.centerx, g.back_top + (g.back_h - rect.h) // 2)  # over the hand
        px = (self.hand.fs(3.0), self.hand.fs(1.7))
        overlays.draw_banner(surface, art, self.banner, rect, px, art.side_mark)

    # --- words (beside the engine: game/engines/battleline/words.py) and pictures -------------
    # The scenes still ask the board for these words; they live beside the engine.
    @classmethod
    def log_phrase(cls, state: State, action: int, viewer: int) -> Phrase:
        return words_of("battleline").log_phrase(state, action, viewer)

    def status_text(self) -> str:
        words = cast(BattleLineWords, self.words)
        return words.status(self.obs, self.viewer, self.names, self.legal, self.selected)

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        return self.table.art.log_icons([step.phrase for step in steps], px)
