"""Battle Line's card flights between two observations: cards dealt and drawn from a deck
into a hand (turning face up on the way for the viewer), played from the opponent's hand (a
back that turns face up; a guile card is shown first), moved by Redeploy, Deserter or Traitor,
laid across a flag (Fog, Mud), put back on a deck with Scout (turning face down), and the
opponent's backs flying in and out of its hand."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

from game.boards.battleline.hand import LIFT
from game.boards.battleline.layout import (
    Z_MOVING,
    CardSprite,
    Part,
    Place,
    card_sprite,
    held,
    laid,
    side_of,
)
from game.boards.cards import Tilted
from game.boards.layer import Sprite
from game.engines.battleline.actions import NUM_FLAGS
from game.engines.battleline.cards import ENVIRONMENT, GUILE, TACTICS_DECK, TROOP_DECK, deck_of
from game.engines.battleline.observation import BattleLineObservation

T_DEAL = 0.2  # one card of the deal
T_DRAW = 0.42  # a card drawn into a hand
T_PLAY = 0.36  # a card sliding to its place
T_REVEAL = 0.45  # an opposing card leaving the hand and turning face up
T_HOLD = 0.55  # an opposing tactics card shown before it takes effect
T_MOVE = 0.45  # a card moved by Redeploy, Deserter or Traitor


class Flights(Part):
    """The cards' flights on the kit's layer (see the module docstring)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.incoming = [0, 0]  # backs flying into the opponent's hand, per deck
        self._anon = 0

    @property
    def sprites(self) -> dict[Any, CardSprite]:
        return cast(dict[Any, CardSprite], self.board.layer.sprites)

    def rebuild(self, obs: BattleLineObservation) -> None:
        """Every card the viewer sees at rest, nothing in flight."""
        for card, place in self.table.places(obs).items():
            sprite = card_sprite(card, card, deck_of(card), place.x, place.y, place.w)
            sprite.angle, sprite.z = place.angle, place.z
            self.board.layer.add(sprite)
        self.incoming = [0, 0]

    def _fly(
        self, sprite: Sprite, place: Place, duration: float, delay: float = 0.0, **how: Any
    ) -> None:
        """Fly a card to a place on the kit's layer (``how``: face, easing, drop, on_finish)."""
        self.board.layer.fly(
            sprite, place.spot, duration, delay, angle=place.angle, z=place.z, **how
        )

    def _from_deck(
        self, sprite: Sprite, place: Place, t: float, dealing: bool, **how: Any
    ) -> float:
        """Fly a card dealt or drawn from its deck; the next one leaves soon after."""
        duration = T_DEAL if dealing else T_DRAW
        self._fly(sprite, place, duration, t, **how)
        self.board.tweens.sound(t, "flip")
        return t + (duration * 0.8 if dealing else duration * 0.3)

    def _to_deck(self, sprite: CardSprite, t: float) -> float:
        """Fly a card back onto its deck (Scout), turning face down, and off the layer."""
        place = Place(
            *self.table.deck_center(sprite.deck), self.geo.decks[sprite.deck].w, 0.0, sprite.z
        )
        self._fly(sprite, place, T_DRAW, t, face=0.0, drop=True)
        self.board.tweens.sound(t, "flip")
        return t + T_DRAW * 0.5

    def animate(self, prev: BattleLineObservation, obs: BattleLineObservation) -> float:
        """Fly every card from where ``prev`` showed it to where ``obs`` puts it (see the module
        docstring); returns when the last flight is mostly done."""
        places = self.table.places(obs)
        prev_order = self.table.opp_order(prev)
        prev_opp_places = self.table.opp_places(len(prev_order))
        # backs that left the opponent's hand, per deck, nearest the end of the fan first
        leaving = {
            d: [
                i
                for i in range(len(prev_order) - 1, -1, -1)
                if prev_order[i] is None and self.table.order_deck(prev, i) == d
            ]
            for d in (TROOP_DECK, TACTICS_DECK)
        }
        t = 0.0
        dealing = prev["phase"] == "deal" or obs["phase"] == "deal"
        for card, place in places.items():
            sprite = self.sprites.get(card)
            if sprite is None:
                t = self._arrive(card, place, obs, leaving, prev_opp_places, dealing, t)
                continue
            if (sprite.x, sprite.y, sprite.w) == (place.x, place.y, place.w):
                sprite.z, sprite.angle = place.z, place.angle
                continue
            t = self._move(sprite, place, prev, obs, t)
        for key in [c for c in self.sprites if c not in places]:
            t = self._depart(key, prev, obs, t)
        t = self._opponent_backs(prev, obs, leaving, prev_opp_places, dealing, t)
        return t

    def _arrive(
        self,
        card: int,
        place: Place,
        obs: BattleLineObservation,
        leaving: dict[int, list[int]],
        prev_opp_places: list[Tilted],
        dealing: bool,
        t: float,
    ) -> float:
        """A card the viewer did not see before: drawn from a deck into a hand, or played from
        the opponent's hand (a back that turns face up on its way)."""
        g = self.geo
        hand = obs["hands"][self.me]["cards"] or []
        deck = deck_of(card)
        known_opp = card in obs["hands"][1 - self.me]["known"]
        if card in hand or known_opp:
            x, y = self.table.deck_center(deck)
            sprite = card_sprite(card, card, deck, x, y, g.decks[deck].w, face=0.0, z=place.z)
            self.board.layer.add(sprite)
            return self._from_deck(sprite, place, t, dealing, face=1.0, easing="out_quad")
        # from the opponent's hand: start where one of its backs was
        slots = leaving[deck]
        x, y, angle = prev_opp_places[slots.pop(0)] if slots else (*self.table.opp_focus(), 0.0)
        sprite = card_sprite(card, card, deck, x, y, g.back_w, angle=angle, face=0.0, z=place.z)
        self.board.layer.add(sprite)
        if card in GUILE:  # a guile card is shown in the middle before it goes to its pile
            shown = Place(*self.table.opp_focus(), g.hand_w, 0.0, place.z)

            def hold() -> None:
                self._fly(sprite, place, T_PLAY, T_HOLD)

            self._fly(sprite, shown, T_REVEAL, t, face=1.0, on_finish=hold)
            self.board.tweens.sound(t, "flip")
            return t + T_REVEAL + T_HOLD + T_PLAY
        self._fly(sprite, place, T_REVEAL, t, face=1.0)
        self.board.tweens.sound(t, "flip")
        waits = obs["pending"]["card"] == card  # it waits for its flag: it lands later
        if not waits and card not in ENVIRONMENT:
            self.board.tweens.sound(t + T_REVEAL, "place")
        return t + T_REVEAL

    def _move(
        self,
        sprite: CardSprite,
        place: Place,
        prev: BattleLineObservation,
        obs: BattleLineObservation,
        t: float,
    ) -> float:
        """A visible card changed place: played from a hand, moved by a tactics card, and so on."""
        card = sprite.card
        was = side_of(prev, card)  # taken from a flag: discarded or moved to another
        discarded = card in obs["discards"][0] or card in obs["discards"][1]
        taken = was is not None and (discarded or side_of(obs, card) != was)
        if self.table.zone(prev, card) == self.table.zone(obs, card):
            # the same hand, pile or stack closing up: everything shifts together at once
            self._fly(sprite, place, T_PLAY * 0.7)
            return t
        hand = prev["hands"][self.me]["cards"] or []
        if card in hand and obs["pending"]["card"] == card and obs["turn"] == self.me:
            # the viewer's card waits, lifted in the hand, for its target
            self.table.home = (sprite.x, sprite.y - self.geo.hand_h * LIFT)
            place.x, place.y = self.table.home
            self._fly(sprite, place, T_PLAY * 0.5, t)
            return t
        duration = T_MOVE if taken else T_PLAY
        if taken:
            self.board.tweens.sound(t, "attack")
        self._fly(sprite, place, duration, t, easing="in_out_quad" if taken else "out_cubic")
        if side_of(obs, card) is not None:
            self.board.tweens.sound(t + duration * 0.9, "place")
        return t + duration * 0.5

    def _depart(
        self, card: object, prev: BattleLineObservation, obs: BattleLineObservation, t: float
    ) -> float:
        """A sprite with no place any more: Fog or Mud laid at its flag, or a card put back on
        its deck (Scout), turning face down."""
        sprite = self.sprites[card]
        if sprite.card is None:
            return t
        if sprite.card in ENVIRONMENT:
            card = sprite.card
            lying = (
                f
                for f in range(NUM_FLAGS)
                if laid(obs["flags"][f], card) >= 0 > laid(prev["flags"][f], card)
            )
            flag = next(lying, None)
            if flag is not None:
                self._fly(sprite, self.table.env_place(flag, sprite.card), T_PLAY, t, drop=True)
                self.board.tweens.sound(t + T_PLAY, "place")
                return t + T_PLAY
        return self._to_deck(sprite, t)

    def _opponent_backs(
        self,
        prev: BattleLineObservation,
        obs: BattleLineObservation,
        leaving: dict[int, list[int]],
        prev_places: list[Tilted],
        dealing: bool,
        t: float,
    ) -> float:
        """Backs flying into the opponent's hand (deal, draw) or out of it to a deck (Scout); the
        hand draws its backs itself, so each leaves the layer on landing."""
        opp, g = 1 - self.me, self.geo
        order = self.table.opp_order(obs)
        places = self.table.opp_places(len(order))
        deck_at = partial(self.table.order_deck, obs)
        for deck in (TROOP_DECK, TACTICS_DECK):
            before, now = (
                held(hand, deck) - sum(deck_of(c) == deck for c in hand["known"])
                for hand in (prev["hands"][opp], obs["hands"][opp])
            )
            backs = [i for i, c in enumerate(order) if c is None and deck_at(i) == deck]
            for n in range(now - before):
                x, y, a = places[backs[-1 - n]] if backs else (*self.table.opp_focus(), 0.0)
                sprite = self._back(deck, (*self.table.deck_center(deck), 0.0), g.decks[deck].w)
                self.incoming[deck] += 1
                landed = partial(self.landed, deck)
                place = Place(x, y, g.back_w, a, 0)
                t = self._from_deck(sprite, place, t, dealing, drop=True, on_finish=landed)
            for i in leaving[deck][: max(0, before - now)]:
                t = self._to_deck(self._back(deck, prev_places[i], g.back_w), t)
        return t

    def _back(self, deck: int, at: Tilted, w: float) -> CardSprite:
        """An anonymous back in flight at ``at`` (centre and tilt)."""
        self._anon += 1
        sprite = card_sprite(("back", self._anon), None, deck, at[0], at[1], w, angle=at[2])
        sprite.face, sprite.z = 0.0, Z_MOVING
        return cast(CardSprite, self.board.layer.add(sprite))

    def landed(self, deck: int) -> None:
        self.incoming[deck] -= 1
