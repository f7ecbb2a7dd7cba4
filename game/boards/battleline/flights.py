"""Battle Line's cards on the kit's keyed layer: where each rests, how it is drawn (glowing when
it may be picked, greyed when it may not be played), and how it flies between two observations
(the kit's choreography, ``layer.Motion``): cards dealt and drawn from a deck into a hand
(turning face up on the way for the viewer), played from the opponent's hand (a back that turns
face up; a guile card is shown first), moved by Redeploy, Deserter or Traitor, laid across a flag
(Fog, Mud), put back on a deck with Scout (turning face down), and the opponent's backs flying in
and out of its hand. One after another: each flight starts a little after the one before."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

import pygame

from game.boards.base import Board
from game.boards.battleline.art import card_height
from game.boards.battleline.hand import Hand
from game.boards.battleline.layout import Z_MOVING, Part, Table, back_key, backs, masked, shows
from game.boards.cards import card_rect
from game.boards.layer import Motion, Rest
from game.boards.targets import Target
from game.engines.battleline.actions import is_card
from game.engines.battleline.cards import (
    DESERTER,
    ENVIRONMENT,
    GUILE,
    REDEPLOY,
    TACTICS_DECK,
    TRAITOR,
    TROOP_DECK,
    deck_of,
)
from game.engines.battleline.observation import BattleLineObservation
from game.engines.battleline.placing import laid, side_of, takeable
from game.ui.draw import Colour

T_DEAL = 0.2  # one card of the deal
T_DRAW = 0.42  # a card drawn into a hand
T_PLAY = 0.36  # a card sliding to its place
T_REVEAL = 0.45  # an opposing card leaving the hand and turning face up
T_HOLD = 0.55  # an opposing tactics card shown before it takes effect
T_MOVE = 0.45  # a card moved by Redeploy, Deserter or Traitor
DECKS = (TROOP_DECK, TACTICS_DECK)
GUILE_TARGETS = ("redeploy_from", "deserter", "traitor_from")  # phases that pick a table card


@dataclass
class Change:
    """Two observations in a row, as the flights read them."""

    prev: BattleLineObservation
    obs: BattleLineObservation
    dealing: bool  # the deal: cards leave the decks faster
    # Cards played from a hand of backs, by side then deck.
    played: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])


class Flights(Part):
    """Where every card and back rests, in drawing order, and its flight from the last
    observation (see the module docstring)."""

    def __init__(self, board: Board[BattleLineObservation], table: Table, hand: Hand) -> None:
        super().__init__(board, table)
        self.hand = hand

    def _deck(self, deck: int) -> pygame.Rect:
        return self.geo.decks[deck]

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """A card at a flag under ``pos`` (the kit's keyed layer holds them by id)."""
        key = self.board.key_at(pos)
        return key if isinstance(key, int) and side_of(self.obs, key) is not None else None

    def draw_resting(self, surface: pygame.Surface) -> None:
        """Every card at rest, in stacking order (hover lift for the viewer's hand): a hand card
        chosen, hinted or to put back glows; one that cannot be played now is greyed out
        (hovering it says why)."""
        hand, art = set(self.hand.cards), self.art
        dragged, p = self.hand.dragged(), self.p
        glows: dict[int | None, Colour] = dict.fromkeys(
            self.board.legal if self.phase == "scout_return" else (), p["legal"]
        )
        glows |= {self.board.hint: p["hint"], self.hand.selected: p["selected"]}
        dim = self.phase == "play" and self.deciding
        flags = self.obs["flags"]
        lying = {c for c in ENVIRONMENT if any(laid(flag, c) >= 0 for flag in flags)}
        for sprite in self.board.layer.resting():
            card, deck = shows(sprite.key)
            if card is None:  # a back in a hand
                art.fanned_back(surface, deck, (sprite.x, sprite.y), round(sprite.w), sprite.angle)
                continue
            if card == dragged or card in lying:  # the flag row draws Fog and Mud as bands
                continue
            in_hand = card in hand
            lift = self.hand.lift(card) if in_hand else 0.0
            w, at = round(sprite.w), (sprite.x, sprite.y - lift)
            glow = glows.get(card) if in_hand else None
            if glow is not None:
                art.card_glow(surface, at, w, sprite.angle, glow)
            self.blit_sprite(surface, sprite, lift, shadow=in_hand)
            if in_hand and dim and card not in self.board.legal:
                size, radius = (w, card_height(w)), art.radius(w)
                art.veil(surface, at, size, (0, 0, 0, 150), radius, sprite.angle)

    def draw_waiting_glow(self, surface: pygame.Surface) -> None:
        """The viewer's card waiting for its flag (or the discard) glows like a chosen card."""
        pending = self.obs["pending"]["card"]
        sprite = self.board.layer.sprites.get(pending) if pending is not None else None
        rect = self.sprite_rect(pending)
        if sprite is None or rect is None or sprite.moving or not self.deciding:
            return
        colour = self.p["selected"]
        self.art.ring(surface, rect, colour, max(3, round(sprite.w) // 14), self.board.breathing())

    def targets(self) -> list[Target]:
        """The cards at flags that may be clicked now (Redeploy, Deserter, Traitor)."""
        if not self.deciding:
            return []
        if self.phase in GUILE_TARGETS:
            cards = {a for a in self.board.legal if is_card(a)}
        elif self.phase == "play" and self.hand.selected in (REDEPLOY, DESERTER, TRAITOR):
            cards = set(takeable(self.obs, self.me, self.hand.selected))
        else:  # most frames: no hit test over the whole table
            return []
        width, rects = max(2, self.geo.cw // 18), self.board.thing_rect
        things = [c for c in self.board.things(self.obs) if c in cards]
        return [Target(c, r, width) for c in things if (r := rects(c))]

    def motions(
        self, prev: BattleLineObservation, obs: BattleLineObservation
    ) -> tuple[dict[Hashable, Motion], float]:
        """Each key's flight from ``prev`` to ``obs``, and when the last is mostly done."""
        sprites, places = self.board.layer.sprites, self.table.places(obs)
        change = Change(prev, obs, "deal" in (prev["phase"], obs["phase"]))
        out: dict[Hashable, Motion] = {}
        t = 0.0
        for key, place in places.items():
            card = shows(key)[0]
            if card is None:
                continue
            sprite = sprites.get(key)
            if sprite is None:
                out[key], t = self._arrive(card, place, change, t)
            elif sprite.rect != place.rect or sprite.angle != place.angle:
                out[key], t = self._move(card, place, change, t)
        for key in [k for k in sprites if k not in places and shows(k)[0] is not None]:
            out[key], t = self._to_deck(shows(key)[1], t, turn=True)
        for side in (s for s in (0, 1) if masked(obs, s)):
            t = self._backs(change, side, out, t)
        return out, t

    def _backs(self, change: Change, side: int, out: dict[Hashable, Motion], t: float) -> float:
        """The flights of ``side``'s backs (its hand shown as backs) into ``out``."""
        played, dealing, own = change.played[side], change.dealing, side == self.me
        for deck in DECKS:
            before, now = (backs(o["hands"][side], deck) for o in (change.prev, change.obs))
            for n in range(now):
                out[back_key(deck, n, own)] = Motion(duration=0.0)  # the fan closes up at once
            for n in range(before, now):  # drawn: from the deck, one after another
                out[back_key(deck, n, own)], t = self._from_deck(deck, Z_MOVING, dealing, t, False)
            for n in range(now, before - played[deck]):  # put back with Scout
                out[back_key(deck, n, own)], t = self._to_deck(deck, t, turn=False)
            for n in range(max(now, before - played[deck]), before):
                out[back_key(deck, n, own)] = Motion(duration=0.0)  # played: the card starts there
        return t

    def _from_deck(
        self, deck: int, z: int | None, dealing: bool, t: float, turn: bool = True
    ) -> tuple[Motion, float]:
        """A card dealt or drawn from its deck (face up on the way if ``turn``); the next one
        leaves soon after."""
        duration = T_DEAL if dealing else T_DRAW
        motion = Motion(enter_from=self._deck(deck), delay=t, duration=duration, turn=turn,
                        sound="flip", z=z, easing="out_quad")  # fmt: skip
        return motion, t + (duration * 0.8 if dealing else duration * 0.3)

    def _to_deck(self, deck: int, t: float, turn: bool) -> tuple[Motion, float]:
        """A card put back on (or, unseen, gone to) its deck; the next one leaves soon after."""
        motion = Motion(exit_to=self._deck(deck), delay=t, duration=T_DRAW, turn=turn, sound="flip")
        return motion, t + T_DRAW * 0.5

    def _arrive(self, card: int, place: Rest, change: Change, t: float) -> tuple[Motion, float]:
        """A card the viewer did not see before: drawn from a deck into a hand, or played from
        the opponent's hand (a back that turns face up on its way, from the last back of its
        deck; a guile card is shown in the middle first)."""
        deck, prev, obs, played = deck_of(card), change.prev, change.obs, change.played
        mine, known = obs["hands"][self.me]["cards"] or [], obs["hands"][1 - self.me]["known"]
        if card in mine or card in known:
            return self._from_deck(deck, place.z, change.dealing, t)
        # From the hand of backs of the player on turn (the opponent's, unless the viewer's
        # own hand shows as backs too).
        side = prev["turn"] if masked(prev, self.me) and prev["turn"] is not None else 1 - self.me
        n = backs(prev["hands"][side], deck) - 1 - played[side][deck]
        played[side][deck] += 1
        back = self.board.layer.rect(back_key(deck, n, side == self.me))
        start = back if back is not None else card_rect(*self.table.opp_focus(), self.geo.back_w)
        if card in GUILE:
            shown = card_rect(*self.table.opp_focus(), self.geo.hand_w)
            motion = Motion(enter_from=start, via=shown, hold=T_HOLD, delay=t, duration=T_REVEAL,
                            turn=True, sound="flip", z=place.z)  # fmt: skip
            return motion, t + T_REVEAL + T_HOLD + T_PLAY
        lands = obs["pending"]["card"] != card and card not in ENVIRONMENT
        motion = Motion(enter_from=start, delay=t, duration=T_REVEAL, turn=True, sound="flip",
                        landing="place" if lands else None, z=place.z)  # fmt: skip
        return motion, t + T_REVEAL

    def _move(self, card: int, place: Rest, change: Change, t: float) -> tuple[Motion, float]:
        """A visible card changed place: played from a hand, moved by a tactics card, laid across
        a flag, a hand or pile closing up."""
        table, prev, obs = self.table, change.prev, change.obs
        if table.zone(prev, card) == table.zone(obs, card) and card not in ENVIRONMENT:
            # the same hand, pile or stack closing up: everything shifts together at once
            return Motion(duration=T_PLAY * 0.7, z=place.z), t
        if self.table.home is not None and obs["pending"]["card"] == card:
            # the viewer's card waits, lifted in the hand, for its target
            return Motion(duration=T_PLAY * 0.5, delay=t, z=place.z), t
        if card in ENVIRONMENT:
            return Motion(duration=T_PLAY, delay=t, landing="place", z=place.z), t + T_PLAY
        was = side_of(prev, card)  # taken from a flag: discarded or moved to another
        discarded = card in obs["discards"][0] or card in obs["discards"][1]
        taken = was is not None and (discarded or side_of(obs, card) != was)
        duration = T_MOVE if taken else T_PLAY
        landing = "place" if side_of(obs, card) is not None else None
        easing = "in_out_quad" if taken else "out_cubic"
        motion = Motion(delay=t, duration=duration, easing=easing, z=place.z, landing=landing,
                        sound="attack" if taken else None)  # fmt: skip
        return motion, t + duration * 0.5
