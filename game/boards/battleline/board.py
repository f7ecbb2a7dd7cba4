"""The Battle Line board: nine flags between two lines of cards, both hands, the decks, the
discard piles, and every animation. This module holds the board's state, animation and input;
how it looks is ``battleline_draw.py``, where things go is ``battleline_layout.py``, and the card
and flag pictures are ``battleline_art.py``.

It draws only from ``observation(viewer)``, the viewer's side at the bottom. Every card the viewer
can see is a sprite resting at its place (hand fan, flag slot, discard pile); a new observation
moves each sprite to its new place, brings new cards in from a deck or from the opponent's hand
(turning face up on the way), sends cards put back with Scout to their deck, flies card backs
into and out of the opponent's hand, and moves claimed flags towards their winner.

One click is one decision. In the play phase a card is first chosen on the board alone (lifted,
its targets glowing) and played by clicking a target or by dragging it there: that click returns
both decisions, ``[card, target]``, which the match scene plays in order.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Any, cast

import pygame

from game.boards.base import Decision, Things
from game.boards.battleline.art import draw_emblem
from game.boards.battleline.draw import BattleLineDrawing
from game.boards.battleline.layout import (
    LIFT,
    LIFT_RATE,
    Z_MOVING,
    CardSprite,
    Drag,
    FlagSprite,
    Geometry,
    Place,
    card_sprite,
    held,
    laid,
)
from game.boards.battleline.summary import battleline_summary
from game.boards.cards import Tilted, dragging
from game.boards.layer import Sprite
from game.engines.base import State
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DONE,
    DRAW_BASE,
    FLAG_BASE,
    NUM_FLAGS,
    claim_action,
    draw_action,
    flag_action,
    is_claim,
    is_draw,
    is_flag,
)
from game.engines.battleline.cards import (
    DESERTER,
    ENVIRONMENT,
    GUILE,
    NUM_TROOPS,
    REDEPLOY,
    SCOUT,
    TACTICS_DECK,
    TRAITOR,
    TROOP_DECK,
    deck_of,
)
from game.engines.battleline.observation import BattleLineObservation
from game.engines.battleline.words import BattleLineWords, card_label, result_words
from game.turns import Phrase, Step
from game.ui.draw import Colour, approach
from game.ui.overlays import Banner, set_banner
from game.words import words_of

# Battle Line's own colour roles; text, panels, gold and the hint come from the kit's base
# palettes (game/boards/base.py), and the scene passes the merged palette as ctx.palette.
PALETTES: dict[str, dict[str, Colour]] = {
    "normal": {
        "table": (84, 58, 40),
        "table_grain": (62, 42, 28),
        "felt": (40, 70, 58),
        "felt_edge": (104, 84, 58),
        "ridge": (58, 88, 70),
        "parchment": (240, 232, 212),
        "ink": (44, 36, 30),
        "suit0": (206, 52, 48),  # Red
        "suit1": (236, 128, 32),  # Orange
        "suit2": (230, 186, 36),  # Yellow
        "suit3": (52, 150, 78),  # Green
        "suit4": (52, 104, 196),  # Blue
        "suit5": (138, 68, 176),  # Purple
        "ink0": (172, 30, 30),
        "ink1": (196, 92, 12),
        "ink2": (160, 118, 6),
        "ink3": (30, 112, 52),
        "ink4": (30, 72, 158),
        "ink5": (108, 44, 142),
        "tactic_face": (46, 38, 54),
        "tactic_medal": (70, 54, 76),
        "troop_back": (34, 64, 92),
        "troop_trim": (196, 208, 220),
        "tactic_back": (112, 34, 40),
        "pennant": (226, 212, 180),
        "pole": (104, 76, 50),
        "side0": (62, 112, 188),
        "side1": (186, 64, 52),
        "legal": (146, 222, 120),
        "selected": (255, 214, 110),
        "claim": (255, 206, 84),
        "danger": (232, 92, 72),
    },
    # Six troop colours chosen to stay at least CIEDE2000 20 apart under simulated protanopia,
    # deuteranopia and tritanopia (tests/test_palettes_cvd.py); every colour still has its own
    # suit symbol. Okabe-Ito's vermillion and orange fell to 12-18 there.
    "colorblind": {
        "table": (74, 64, 56),
        "table_grain": (58, 50, 44),
        "felt": (48, 58, 66),
        "felt_edge": (110, 104, 96),
        "ridge": (62, 74, 84),
        "parchment": (244, 240, 228),
        "ink": (30, 30, 30),
        "suit0": (147, 0, 17),  # crimson
        "suit1": (184, 110, 39),  # ochre orange
        "suit2": (235, 191, 0),  # golden yellow
        "suit3": (5, 180, 146),  # bluish green
        "suit4": (10, 80, 149),  # blue
        "suit5": (159, 117, 242),  # violet
        "ink0": (122, 0, 14),
        "ink1": (140, 78, 20),
        "ink2": (120, 96, 0),
        "ink3": (0, 112, 90),
        "ink4": (8, 62, 120),
        "ink5": (104, 66, 190),
        "tactic_face": (40, 40, 46),
        "tactic_medal": (62, 62, 70),
        "troop_back": (36, 60, 80),
        "troop_trim": (210, 214, 220),
        "tactic_back": (96, 60, 20),
        "pennant": (232, 228, 214),
        "pole": (100, 84, 70),
        "side0": (86, 180, 233),
        "side1": (213, 94, 0),
        "legal": (0, 200, 150),
        "selected": (255, 236, 120),
        "claim": (240, 228, 66),
        "danger": (204, 121, 167),
    },
}


# --- timings (seconds at animation speed 1) ---------------------------------------------------


T_DEAL = 0.2  # one card of the deal
T_DRAW = 0.42  # a card drawn into a hand
T_PLAY = 0.36  # a card sliding to its place
T_REVEAL = 0.45  # an opposing card leaving the hand and turning face up
T_HOLD = 0.55  # an opposing tactics card shown before it takes effect
T_MOVE = 0.45  # a card moved by Redeploy, Deserter or Traitor
T_CLAIM = 0.6  # a flag moving to its winner


class BattleLineBoard(BattleLineDrawing):
    """Board view for Battle Line (see the module docstring)."""

    ACCENT = (196, 138, 70)
    PALETTES = PALETTES
    SEAT_ROLES = ("side0", "side1")
    draw_emblem = staticmethod(draw_emblem)
    DISTINCT = (tuple(f"suit{c}" for c in range(6)),)  # the six troop colours
    summary = staticmethod(battleline_summary)

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.geo = Geometry(self.rect)
        self.art.clear()
        self._home = None  # a position in the old layout
        if bool(self.obs):
            self.tweens.finish_all()
            self.rebuild(self.obs)

    # --- observations and animation --------------------------------------------------------
    def on_observation(
        self, previous: BattleLineObservation | None, obs: BattleLineObservation, animate: bool
    ) -> None:
        before, self._shown = self._shown, (self.viewer, obs["match"]["game"])
        self._same_game = before == self._shown
        hand = obs["hands"][self.me]["cards"] or []
        if obs["phase"] != "play" or self.selected not in hand or self.selected not in self.legal:
            self.selected = None
            self.drag = None
        super().on_observation(previous, obs, animate)

    def follows(self, previous: BattleLineObservation, obs: BattleLineObservation) -> bool:
        """The same viewer's view of the same game (a new game of the match is rebuilt)."""
        return self._same_game

    def rebuild(self, obs: BattleLineObservation) -> None:
        for card, place in self._places(obs).items():
            sprite = card_sprite(card, card, deck_of(card), place.x, place.y, place.w)
            sprite.angle, sprite.z = place.angle, place.z
            self.layer.add(sprite)
        for f, flag in enumerate(obs["flags"]):
            owner = flag["claimed_by"]
            self.flags[f] = FlagSprite(owner, self._flag_offset(owner))
        self.incoming = [0, 0]
        self.banner = self._over_banner(obs)

    def _flag_offset(self, owner: int) -> float:
        if owner < 0:
            return 0.0
        return 1.0 if owner == self.me else -1.0

    def _fly(
        self, sprite: Sprite, place: Place, duration: float, delay: float = 0.0, **how: Any
    ) -> None:
        """Fly a card to a place on the kit's layer (``how``: face, easing, drop, on_finish)."""
        self.layer.fly(sprite, place.spot, duration, delay, angle=place.angle, z=place.z, **how)

    def _from_deck(
        self, sprite: Sprite, place: Place, t: float, dealing: bool, **how: Any
    ) -> float:
        """Fly a card dealt or drawn from its deck; the next one leaves soon after."""
        duration = T_DEAL if dealing else T_DRAW
        self._fly(sprite, place, duration, t, **how)
        self.tweens.sound(t, "flip")
        return t + (duration * 0.8 if dealing else duration * 0.3)

    def _to_deck(self, sprite: CardSprite, t: float) -> float:
        """Fly a card back onto its deck (Scout), turning face down, and off the layer."""
        place = Place(*self.deck_center(sprite.deck), self.geo.decks[sprite.deck].w, 0.0, sprite.z)
        self._fly(sprite, place, T_DRAW, t, face=0.0, drop=True)
        self.tweens.sound(t, "flip")
        return t + T_DRAW * 0.5

    def animate_change(self, prev: BattleLineObservation, obs: BattleLineObservation) -> None:
        me = self.me
        places = self._places(obs)
        prev_order = self._opp_order(prev)
        prev_opp_places = self.opp_places(len(prev_order))
        # backs that left the opponent's hand, per deck, nearest the end of the fan first
        leaving = {
            d: [
                i
                for i in range(len(prev_order) - 1, -1, -1)
                if prev_order[i] is None and self._order_deck(prev, i) == d
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
        # claimed flags move towards their winner, one after another
        for f, flag in enumerate(obs["flags"]):
            owner = flag["claimed_by"]
            pennant = self.flags[f]
            if owner == pennant.owner:
                continue
            pennant.owner = owner
            if owner < 0:
                pennant.offset = 0.0
                continue
            pennant.burst, offset = 0.0, self._flag_offset(owner)
            done = partial(setattr, pennant, "burst", 0.0)
            self.tweens.animate(pennant, T_CLAIM, "out_back", delay=t, offset=offset)
            self.tweens.animate(
                pennant, T_CLAIM * 1.3, "out_quad", delay=t, on_finish=done, burst=1.0
            )
            self.tweens.sound(t + T_CLAIM * 0.4, "knock")
            t += T_CLAIM * 0.5
        if self.banner is None:
            set_banner(self, self._over_banner(obs), t)
        if obs["pending"]["card"] is None or obs["turn"] != me:
            self._home = None

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
            x, y = self.deck_center(deck)
            sprite = card_sprite(card, card, deck, x, y, g.decks[deck].w, face=0.0, z=place.z)
            self.layer.add(sprite)
            return self._from_deck(sprite, place, t, dealing, face=1.0, easing="out_quad")
        # from the opponent's hand: start where one of its backs was
        slots = leaving[deck]
        x, y, angle = prev_opp_places[slots.pop(0)] if slots else (*self.opp_focus(), 0.0)
        sprite = card_sprite(card, card, deck, x, y, g.back_w, angle=angle, face=0.0, z=place.z)
        self.layer.add(sprite)
        if card in GUILE:  # a guile card is shown in the middle before it goes to its pile
            shown = Place(*self.opp_focus(), g.hand_w, 0.0, place.z)

            def hold() -> None:
                self._fly(sprite, place, T_PLAY, T_HOLD)

            self._fly(sprite, shown, T_REVEAL, t, face=1.0, on_finish=hold)
            self.tweens.sound(t, "flip")
            return t + T_REVEAL + T_HOLD + T_PLAY
        self._fly(sprite, place, T_REVEAL, t, face=1.0)
        self.tweens.sound(t, "flip")
        waits = obs["pending"]["card"] == card  # it waits for its flag: it lands later
        if not waits and card not in ENVIRONMENT:
            self.tweens.sound(t + T_REVEAL, "place")
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
        was = self._side_of(prev, card)  # taken from a flag: discarded or moved to another
        discarded = card in obs["discards"][0] or card in obs["discards"][1]
        taken = was is not None and (discarded or self._side_of(obs, card) != was)
        if self._zone(prev, card) == self._zone(obs, card):
            # the same hand, pile or stack closing up: everything shifts together at once
            self._fly(sprite, place, T_PLAY * 0.7)
            return t
        hand = prev["hands"][self.me]["cards"] or []
        if card in hand and obs["pending"]["card"] == card and obs["turn"] == self.me:
            # the viewer's card waits, lifted in the hand, for its target
            self._home = (sprite.x, sprite.y - self.geo.hand_h * LIFT)
            place.x, place.y = self._home
            self._fly(sprite, place, T_PLAY * 0.5, t)
            return t
        duration = T_MOVE if taken else T_PLAY
        if taken:
            self.tweens.sound(t, "attack")
        self._fly(sprite, place, duration, t, easing="in_out_quad" if taken else "out_cubic")
        if self._side_of(obs, card) is not None:
            self.tweens.sound(t + duration * 0.9, "place")
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
                self._fly(sprite, self.env_place(flag, sprite.card), T_PLAY, t, drop=True)
                self.tweens.sound(t + T_PLAY, "place")
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
        order = self._opp_order(obs)
        places = self.opp_places(len(order))
        for deck in (TROOP_DECK, TACTICS_DECK):
            before, now = (
                held(hand, deck) - sum(deck_of(c) == deck for c in hand["known"])
                for hand in (prev["hands"][opp], obs["hands"][opp])
            )
            backs = [
                i for i, c in enumerate(order) if c is None and self._order_deck(obs, i) == deck
            ]
            for n in range(now - before):
                x, y, a = places[backs[-1 - n]] if backs else (*self.opp_focus(), 0.0)
                sprite = self._back(deck, (*self.deck_center(deck), 0.0), g.decks[deck].w)
                self.incoming[deck] += 1
                landed = partial(self._landed, deck)
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
        return cast(CardSprite, self.layer.add(sprite))

    def _landed(self, deck: int) -> None:
        self.incoming[deck] -= 1

    def _over_banner(self, obs: BattleLineObservation) -> Banner | None:
        """The result over the finished board (``words.result_words``)."""
        result = result_words(obs, self.me, self.names)
        return None if result is None else Banner(*result)

    # --- input --------------------------------------------------------------------------------
    def move(self, pos: tuple[int, int]) -> None:
        if self.drag is not None and not self.drag.active:
            self.drag.active = dragging(self.drag.start, pos)

    def key(self, key: int) -> Decision:
        """Enter presses the action button (Pass, Done)."""
        button = self._action_button()
        return button[0] if button and key in (pygame.K_RETURN, pygame.K_KP_ENTER) else None

    def handle_idle_event(self, event: pygame.event.Event) -> bool:
        super().handle_idle_event(event)
        return (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self._toggle_auto_claim(event.pos)
        )

    def _toggle_auto_claim(self, pos: tuple[int, int]) -> bool:
        """The auto-claim switch is a player setting: it works whoever is to move."""
        if not self.geo.toggle.collidepoint(pos):
            return False
        self.auto_claim = not self.auto_claim
        self.ctx.extra["auto_claim"] = self.auto_claim
        self.ctx.play_sound("click")
        return True

    def click(self, pos: tuple[int, int]) -> Decision:
        if self._toggle_auto_claim(pos) or not self._my_decision():
            return None
        g, phase, button = self.geo, self.phase, self._action_button()
        if button is not None and g.action.collidepoint(pos):
            return button[0]
        if phase == "play":
            return self._click_play(pos)
        if phase in ("scout_draw", "draw"):
            deck = self._deck_at(pos)
            return (
                self.refuse("battleline.feedback.pick_deck") if deck is None else draw_action(deck)
            )
        if phase == "scout_return":
            card = self._hand_card_at(pos)
            return card if card is not None else self.refuse("battleline.feedback.pick_card")
        if phase in ("redeploy_from", "deserter", "traitor_from"):
            card = self._table_card_at(pos)
            key = "own_card" if phase == "redeploy_from" else "opposing_card"
            return card if card is not None else self.refuse(f"battleline.feedback.{key}")
        if phase == "redeploy_to" and g.my_discard.collidepoint(pos):
            return DISCARD
        if phase in ("flag", "redeploy_to", "traitor_to"):
            flag = self._flag_at(pos)
            return flag_action(flag) if flag is not None else None
        if phase == "claim":
            flag = self._claim_at(pos)
            return claim_action(flag) if flag is not None else None
        return None

    def _click_play(self, pos: tuple[int, int]) -> Decision:
        """The play phase: choose a card, then its target (both decisions are returned)."""
        card = self._hand_card_at(pos)
        if card is not None:
            if card not in self.legal:
                return card  # the engine says why it cannot be played
            if card == self.selected:
                self.selected = None
                return None
            self.selected = card
            self.ctx.play_sound("click")
            if card not in GUILE:
                self.drag = Drag(card, pos)
            return None
        selected = self.selected
        if selected is None:
            flag = self._flag_at(pos)
            on_token = flag is not None and self._flag_token_rect(flag).collidepoint(pos)
            if flag is not None and on_token and self.obs["flags"][flag]["claim"] is not None:
                return claim_action(flag)  # the engine explains when claims may be made
            if flag is not None or self._deck_at(pos) is not None:
                return self.refuse("battleline.feedback.pick_card")
            return None
        if selected == SCOUT:
            deck = self._deck_at(pos)
            return self._deselect(pos) if deck is None else self._play(SCOUT, draw_action(deck))
        if selected in (REDEPLOY, DESERTER, TRAITOR):
            return self._click_guile_target(selected, pos)
        flag = self._flag_at(pos)
        if flag is None:
            return self._deselect(pos)
        return self._place_selected(flag)

    def _deselect(self, pos: tuple[int, int]) -> int | None:
        if self.geo.felt.collidepoint(pos):
            self.selected = None
        return None

    def _play(self, card: int, then: int) -> list[int]:
        self.selected, self.drag = None, None
        return [card, then]

    def _place_selected(self, flag: int) -> Decision:
        card = self.selected
        info = self.obs["flags"][flag]
        if card is None:
            return None
        if flag in self._local_targets(card):
            return self._play(card, flag_action(flag))
        if info["claimed_by"] >= 0:
            return self.refuse("battleline.feedback.claimed", n=flag + 1)
        if card in ENVIRONMENT:
            return self.refuse("battleline.feedback.env", n=flag + 1, card=card_label(card))
        return self.refuse("battleline.feedback.full", n=flag + 1)

    def _click_guile_target(self, tactic: int, pos: tuple[int, int]) -> Decision:
        card = self._table_card_at(pos)
        if card is None:
            return self._deselect(pos)
        if card in self._takeable(tactic):
            if tactic == TRAITOR and not self._free_flags():
                return self.refuse("battleline.feedback.no_slot")
            return self._play(tactic, card)
        if tactic == TRAITOR and card >= NUM_TROOPS:
            return self.refuse("battleline.feedback.troop_only")
        where = self._side_of(self.obs, card)
        if where is not None and self.obs["flags"][where[0]]["claimed_by"] >= 0:
            return self.refuse("battleline.feedback.claimed", n=where[0] + 1)
        key = "own_card" if tactic == REDEPLOY else "opposing_card"
        return self.refuse(f"battleline.feedback.{key}")

    def release(self, pos: tuple[int, int]) -> Decision:
        drag, self.drag = self.drag, None
        if drag is None or not drag.active or self.selected != drag.card:
            return None
        flag = self._flag_at(pos)
        if flag is None or not self._my_decision():
            return None
        return self._place_selected(flag)

    # --- the kit's keyed layer and click points -----------------------------------------------
    def mover(self, obs: BattleLineObservation) -> int:
        turn = obs["turn"]
        return -1 if turn is None else turn

    def things(self, obs: BattleLineObservation) -> Things:
        """Cards at the flags and in the discard piles by id (where they lie), and each flag
        (its claim, Fog and Mud)."""
        out: Things = {}
        for f, flag in enumerate(obs["flags"]):
            out[("flag", f)] = (flag["claimed_by"], flag["fog"], flag["mud"])
            for side in (0, 1):
                for card in flag["cards"][side]:
                    out[card] = (f, side)
        for side in (0, 1):
            for card in obs["discards"][side]:
                out[card] = ("discard", side)
        return out

    def thing_rect(self, key: Hashable) -> pygame.Rect | None:
        if isinstance(key, tuple):
            return self._flag_token_rect(key[1])
        where = self._side_of(self.obs, key) if self.obs and isinstance(key, int) else None
        if where is not None:
            stack = self.obs["flags"][where[0]]["cards"][where[1]]
            return self.visible_rect(where[0], where[1], stack.index(cast(int, key)), len(stack))
        sprite = self.sprites.get(key)
        return None if sprite is None else self._sprite_rect(sprite)

    def spot_at(self, pos: tuple[int, int]) -> pygame.Rect:
        """A card of the viewer's hand as drawn, a deck, a flag's column, else the kit's spot."""
        g = self.geo
        card = self._hand_card_at(pos)
        if card is not None:
            lift = round(self._lift(card) * g.hand_h)
            return self._sprite_rect(self.sprites[card]).move(0, -lift)
        deck = self._deck_at(pos)
        flag = self._flag_at(pos) if self.key_at(pos) is None else None
        if deck is not None:
            return g.decks[deck]
        return self.column_rect(flag) if flag is not None else super().spot_at(pos)

    def keep_clear(self) -> list[pygame.Rect]:
        """The viewer's hand, lifted cards included."""
        g = self.geo
        top = g.hand_top - round(LIFT * g.hand_h)
        return [pygame.Rect(g.felt.x, top, g.felt.w, g.felt.bottom - top)]

    def reset_input(self) -> None:
        self.selected, self.drag = None, None

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        g, phase = self.geo, self.phase
        button = self._action_button()
        if button is not None and button[0] == action:
            return [g.action.center]
        if is_claim(action):
            return [self.claim_button_rect(action - CLAIM_BASE).center]
        if is_draw(action):
            return [g.decks[action - DRAW_BASE].center]
        if is_flag(action):
            return [self.column_rect(action - FLAG_BASE).center]
        if phase == "scout_return":
            return [self.point_on(action, self._hand_card_at)]
        if phase != "play":
            return [self.point_on(action, self._table_card_at)]
        first = self.point_on(action, self._hand_card_at)
        if action == SCOUT:
            deck = next(d for d, n in enumerate(self._deck_counts()) if n)
            return [first, g.decks[deck].center]
        if action in (REDEPLOY, DESERTER, TRAITOR):
            return [first, self.point_on(self._takeable(action)[0], self._table_card_at)]
        return [first, self.column_rect(self._local_targets(action)[0]).center]

    # --- the match scene's hooks ----------------------------------------------------------------
    def auto_action(self) -> int | None:
        """The auto-claim setting: the claim phase is reached after the opponent's move or a
        draw, not after a click of the viewer's, so the scene polls for it."""
        if not self._my_decision():
            return None
        if self.auto_claim and self.phase == "claim":
            claims = [a for a in self.legal if is_claim(a)]
            return claims[0] if claims else DONE
        return None

    def skip_animation(self) -> None:
        super().skip_animation()
        self.drag = None

    def update(self, dt: float) -> None:
        super().update(dt)
        hovered = None
        if self.mouse is not None and bool(self.obs) and self.drag is None:
            hovered = self._hand_card_at(self.mouse)
        hand = (self.obs["hands"][self.me]["cards"] or []) if self.obs else []
        self.lifts = approach(self.lifts, hand, {hovered, self.selected}, LIFT_RATE, dt)

    # The scenes still ask the board for these words; they live beside the engine (words.py).
    @classmethod
    def log_phrase(cls, state: State, action: int, viewer: int) -> Phrase:
        return words_of("battleline").log_phrase(state, action, viewer)

    def turn_words(self, steps: list[Step]) -> list[str]:
        return self.words.turn_words(steps)

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        """Each card the turn showed, face up, or a deck's back for a card drawn unseen."""
        icons, seen = [], set()
        w = max(6, round(px / 1.4))
        for step in steps:
            key, args = step.phrase
            if "card" in args and args["card"] not in seen and key != "choose":
                seen.add(args["card"])
                icons.append(self.art.card(args["card"], w))
            elif key in ("draws_hidden", "returns_hidden"):
                icons.append(self.art.back(args["deck"], w))
        return icons

    def status_text(self) -> str:
        words = cast(BattleLineWords, self.words)
        return words.status(self.obs, self.me, self.names, self.legal, self.selected)
