"""The Battle Line board: nine flags between two lines of cards, both hands, the decks, the
discard piles, and every animation.

It draws only from ``observation(viewer)``, the viewer's side at the bottom. Every card the viewer
can see is a sprite resting at its place (hand fan, flag slot, discard pile); a new observation
moves each sprite to its new place, brings new cards in from a deck or from the opponent's hand
(turning face up on the way), sends cards put back with Scout to their deck, flies card backs
into and out of the opponent's hand, and moves claimed flags towards their winner.

One click is one decision. In the play phase a card is first chosen on the board alone (lifted,
its targets glowing) and played by clicking a target or by dragging it there: that click returns
the card and queues the target, which ``auto_action`` hands over once the engine asks for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game import i18n
from game.boards.base import Board, BoardContext
from game.boards.battleline_art import (
    SUIT_SYMBOLS,
    BattleLineArt,
    blit_center,
    card_height,
    darker,
    lighter,
)
from game.boards.battleline_layout import (
    Banner,
    CardSprite,
    Drag,
    FlagSprite,
    Place,
    Timer,
    compute_geometry,
    fan_arc,
    fan_offsets,
)
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DONE,
    DRAW_BASE,
    FLAG_BASE,
    NUM_FLAGS,
    PASS,
    claim_action,
    draw_action,
    flag_action,
    is_card,
    is_claim,
    is_draw,
    is_flag,
)
from game.engines.battleline.cards import (
    DESERTER,
    ENVIRONMENT,
    FOG,
    GUILE,
    MUD,
    NUM_TROOPS,
    REDEPLOY,
    SCOUT,
    TACTICS_DECK,
    TRAITOR,
    TROOP_DECK,
    card_name,
    colour_of,
    deck_of,
    value_of,
)
from game.ui.fonts import get_font
from game.ui.text import wrap

Colour = tuple[int, int, int]

# Named colour roles; the scene passes one palette as ctx.palette.
PALETTES: dict[str, dict[str, Colour]] = {
    "normal": {
        "bg": (20, 16, 13),
        "table": (84, 58, 40),
        "table_grain": (62, 42, 28),
        "felt": (40, 70, 58),
        "felt_edge": (104, 84, 58),
        "ridge": (58, 88, 70),
        "panel": (24, 20, 17),
        "panel_edge": (118, 96, 72),
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
        "gold": (222, 182, 96),
        "pennant": (226, 212, 180),
        "pole": (104, 76, 50),
        "side0": (62, 112, 188),
        "side1": (186, 64, 52),
        "legal": (146, 222, 120),
        "selected": (255, 214, 110),
        "claim": (255, 206, 84),
        "hint": (104, 222, 246),
        "danger": (232, 92, 72),
        "fog": (128, 136, 150),
        "mud": (120, 88, 56),
        "text": (246, 239, 226),
        "text_dim": (196, 184, 164),
    },
    # Okabe-Ito colours for the six troop colours: they stay apart for the common colour
    # deficiencies, and every colour still has its own suit symbol.
    "colorblind": {
        "bg": (18, 18, 18),
        "table": (74, 64, 56),
        "table_grain": (58, 50, 44),
        "felt": (48, 58, 66),
        "felt_edge": (110, 104, 96),
        "ridge": (62, 74, 84),
        "panel": (22, 22, 24),
        "panel_edge": (120, 116, 110),
        "parchment": (244, 240, 228),
        "ink": (30, 30, 30),
        "suit0": (213, 94, 0),  # vermillion
        "suit1": (230, 159, 0),  # orange
        "suit2": (240, 228, 66),  # yellow
        "suit3": (0, 158, 115),  # bluish green
        "suit4": (0, 114, 178),  # blue
        "suit5": (204, 121, 167),  # reddish purple
        "ink0": (170, 70, 0),
        "ink1": (170, 110, 0),
        "ink2": (120, 110, 0),
        "ink3": (0, 112, 82),
        "ink4": (0, 82, 132),
        "ink5": (160, 70, 124),
        "tactic_face": (40, 40, 46),
        "tactic_medal": (62, 62, 70),
        "troop_back": (36, 60, 80),
        "troop_trim": (210, 214, 220),
        "tactic_back": (96, 60, 20),
        "gold": (240, 228, 66),
        "pennant": (232, 228, 214),
        "pole": (100, 84, 70),
        "side0": (86, 180, 233),
        "side1": (213, 94, 0),
        "legal": (0, 200, 150),
        "selected": (255, 236, 120),
        "claim": (240, 228, 66),
        "hint": (86, 180, 233),
        "danger": (204, 121, 167),
        "fog": (140, 140, 150),
        "mud": (110, 90, 70),
        "text": (246, 244, 238),
        "text_dim": (196, 192, 184),
    },
}


def card_label(card: int) -> str:
    """A card in words: "♦7" for a troop card, the tactics card's full name otherwise."""
    if card < NUM_TROOPS:
        return f"{SUIT_SYMBOLS[colour_of(card)]}{value_of(card)}"
    return i18n.t(f"battleline.tactic.{card}")


def formation_label(formation: dict) -> str:
    name = i18n.t(f"battleline.formation.{formation['rank']}")
    return f"{name} {formation['total']}"


# --- timings (seconds at animation speed 1) ---------------------------------------------------
T_DEAL = 0.2  # one card of the deal
T_DRAW = 0.42  # a card drawn into a hand
T_PLAY = 0.36  # a card sliding to its place
T_REVEAL = 0.45  # an opposing card leaving the hand and turning face up
T_HOLD = 0.55  # an opposing tactics card shown before it takes effect
T_MOVE = 0.45  # a card moved by Redeploy, Deserter or Traitor
T_CLAIM = 0.6  # a flag moving to its winner
T_BANNER = 0.35
T_FLASH = 1.8  # how long a between-games banner stays

FAN_DEGREES = 2.4  # tilt between neighbouring cards of the viewer's hand
LIFT = 0.2  # hover lift, relative to the hand card height
LIFT_RATE = 14.0  # how fast a hovered card rises (per second, exponential)
DRAG_START = 6  # pixels the mouse must move before a press becomes a drag
Z_MOVING = 10_000  # sprites in flight are drawn above everything at rest


class BattleLineBoard(Board):
    """Board view for Battle Line (see the module docstring)."""

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.art = BattleLineArt(ctx.palette, self._art_label)
        self.sprites: dict[object, CardSprite] = {}  # card id, or a key of an anonymous back
        self.flags = [FlagSprite() for _ in range(NUM_FLAGS)]
        self.incoming = [0, 0]  # backs flying into the opponent's hand, per deck
        self.banner: Banner | None = None
        self.selected: int | None = None
        self.queue: list[int] = []
        self.drag: Drag | None = None
        self.mouse: tuple[int, int] | None = None
        self.lifts: dict[int, float] = {}
        self.clock = 0.0
        self.auto_claim = bool(ctx.extra.get("auto_claim", False))
        self._home: tuple[float, float] | None = None  # where the viewer's pending card rests
        self._shown: tuple[int, int] | None = None  # (viewer, game) the sprites were built for
        self._anon = 0
        self.geo = compute_geometry(self.rect)

    # --- strings for the art ------------------------------------------------------------------
    @staticmethod
    def _art_label(key: int | str) -> str:
        if isinstance(key, int):
            return i18n.t(f"battleline.card.{key}")
        return i18n.t(f"battleline.family.{key}")

    def name(self, player: int) -> str:
        seats = self.ctx.seat_names
        if player < len(seats) and seats[player]:
            return seats[player]
        return i18n.t("battleline.player", n=player + 1)

    # --- geometry -----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.geo = compute_geometry(self.rect)
        self.art.clear()
        self._home = None  # a position in the old layout
        if self.obs is not None:
            self.tweens.finish_all()
            self._rebuild(self.obs)

    def fs(self, size: float) -> int:
        """A font size in layout units."""
        return max(9, round(size * self.geo.unit))

    @property
    def me(self) -> int:
        return self.viewer

    def slot_rect(self, flag: int, side: int, index: int) -> pygame.Rect:
        """Where card ``index`` of ``side`` at ``flag`` lies (the viewer's side at the bottom)."""
        g = self.geo
        rect = pygame.Rect(0, 0, g.cw, g.ch)
        rect.centerx = round(g.xs[flag])
        if side == self.me:
            rect.top = g.my_stack_top + index * g.step
        else:
            rect.bottom = g.opp_stack_bottom - index * g.step
        return rect

    def visible_rect(self, flag: int, side: int, index: int, count: int) -> pygame.Rect:
        """The part of a card at a flag that the cards in front of it leave visible."""
        rect = self.slot_rect(flag, side, index)
        covered = index < count - 1 if side == self.me else index > 0
        if covered:
            rect.height = self.geo.step
        return rect

    def column_rect(self, flag: int) -> pygame.Rect:
        g = self.geo
        left = round(g.xs[flag] - g.pitch / 2)
        return pygame.Rect(left, g.field_top, round(g.pitch), g.field_bottom - g.field_top)

    def flag_center(self, flag: int) -> tuple[float, float]:
        g = self.geo
        travel = (g.ridge.h - g.flag_size[1]) / 2 + g.flag_size[1] * 0.18
        return g.xs[flag], g.ridge.centery + self.flags[flag].offset * travel

    def claim_button_rect(self, flag: int) -> pygame.Rect:
        g = self.geo
        w = min(round(g.pitch * 0.86), round(g.cw * 1.05))
        rect = pygame.Rect(0, 0, w, max(14, round(g.ch * 0.2)))
        rect.midbottom = (round(g.xs[flag]), g.ridge.bottom - 2)
        return rect

    def marker_center(self, flag: int, card: int) -> tuple[float, float]:
        """Fog lies left of the flag's pole, Mud right of it."""
        g = self.geo
        x, y = self.flag_center(flag)
        dx = min(g.pitch * 0.36, g.flag_size[0] * 0.62)
        return (x - dx if card == FOG else x + dx), y + g.flag_size[1] * 0.3

    def marker_px(self) -> int:
        return max(12, round(min(self.geo.pitch * 0.3, self.geo.flag_size[1] * 0.5)))

    def hand_places(self, n: int) -> list[tuple[float, float, float]]:
        """Centre and tilt of each card of the viewer's hand (a gentle arc)."""
        g = self.geo
        offsets = fan_offsets(n, g.hand_w, g.hand_span, 0.84)
        mid = (n - 1) / 2
        cx = (g.xs[0] + g.xs[-1]) / 2
        base = g.hand_top + g.hand_h / 2
        spread = FAN_DEGREES * min(1.0, 7 / max(n, 1))
        return [
            (cx + dx, base + fan_arc(i, mid) * g.hand_h * 0.05, (mid - i) * spread)
            for i, dx in enumerate(offsets)
        ]

    def opp_places(self, n: int) -> list[tuple[float, float, float]]:
        g = self.geo
        offsets = fan_offsets(n, g.back_w, round(g.hand_span * 0.6), 0.5)
        mid = (n - 1) / 2
        cx = (g.xs[0] + g.xs[-1]) / 2
        base = g.back_top + g.back_h * 0.56
        return [
            (cx + dx, base - fan_arc(i, mid) * g.back_h * 0.05, (i - mid) * 1.6)
            for i, dx in enumerate(offsets)
        ]

    def discard_places(self, side: int, n: int) -> list[tuple[float, float]]:
        g = self.geo
        area = g.my_discard if side == self.me else g.opp_discard
        w = g.mini_w
        step = min(w * 0.42, (area.w - w) / max(1, n - 1))
        y = area.bottom - card_height(w) / 2
        return [(area.x + w / 2 + i * step, y) for i in range(n)]

    def opp_focus(self) -> tuple[float, float]:
        """Where an opposing guile card is shown before it takes effect."""
        g = self.geo
        return (g.xs[0] + g.xs[-1]) / 2, g.back_top + g.back_h + g.hand_h * 0.35

    def waiting_place(self, side: int) -> Place:
        """Where a card taken by Redeploy or Traitor (or played, after a reload) waits for its
        flag: the free right end of that side's hand row."""
        g = self.geo
        if side == self.me:
            x = g.felt.right - g.pitch * 0.95
            return Place(x, g.hand_top + g.hand_h * 0.45, g.hand_w, 0.0, 600)
        w = round(g.back_w * 1.1)
        return Place(g.felt.right - g.pitch * 0.95, g.back_top + card_height(w) / 2, w, 0.0, 600)

    def deck_center(self, deck: int) -> tuple[float, float]:
        return self.geo.decks[deck].center

    # --- observation -> resting places ---------------------------------------------------------
    def _opp_order(self, obs: dict) -> list[int | None]:
        """The opponent's hand as shown: each entry a known card id or None for a back; troop
        cards first, then tactics (only the counts and known cards are visible)."""
        hand = obs["hands"][1 - self.me]
        known = hand["known"]
        troops = [c for c in known if c < NUM_TROOPS]
        tactics = [c for c in known if c >= NUM_TROOPS]
        return (
            [None] * (hand["troops"] - len(troops))
            + troops
            + [None] * (hand["tactics"] - len(tactics))
            + tactics
        )

    def _places(self, obs: dict) -> dict[int, Place]:
        g = self.geo
        me = self.me
        places: dict[int, Place] = {}
        hand = obs["hands"][me]["cards"] or []
        for i, (card, (x, y, a)) in enumerate(zip(hand, self.hand_places(len(hand)), strict=True)):
            places[card] = Place(x, y, g.hand_w, a, 400 + i)
        order = self._opp_order(obs)
        for i, (card, (x, y, a)) in enumerate(zip(order, self.opp_places(len(order)), strict=True)):
            if card is not None:
                places[card] = Place(x, y, g.back_w, a, 300 + i)
        for f, flag in enumerate(obs["flags"]):
            for side in (0, 1):
                cards = flag["cards"][side]
                for j, card in enumerate(cards):
                    rect = self.slot_rect(f, side, j)
                    z = 200 + (j if side == me else 10 - j)
                    places[card] = Place(rect.centerx, rect.centery, g.cw, 0.0, z)
        for side in (0, 1):
            pile = obs["discards"][side]
            for j, (card, (x, y)) in enumerate(
                zip(pile, self.discard_places(side, len(pile)), strict=True)
            ):
                places[card] = Place(x, y, g.mini_w, 0.0, 100 + j)
        pending = obs["pending"]["card"]
        if pending is not None and pending not in places and obs["turn"] is not None:
            place = self.waiting_place(obs["turn"])
            if obs["turn"] == me and self._home is not None:
                place.x, place.y = self._home
            places[pending] = place
        return places

    # --- observation diff ---------------------------------------------------------------------
    def on_observation(self, previous: dict | None, obs: dict, animate: bool) -> None:
        shown = (self.viewer, obs["match"]["game"])
        same_game = self._shown == shown
        new_game = (
            self._shown is not None and self._shown[0] == self.viewer and shown[1] > self._shown[1]
        )
        self._shown = shown
        if self.queue and self.queue[0] not in self.legal:
            self.queue.clear()
        hand = obs["hands"][self.me]["cards"] or []
        if obs["phase"] != "play" or self.selected not in hand or self.selected not in self.legal:
            self.selected = None
            self.drag = None
        if not animate or previous is None or not same_game:
            self.tweens.tweens.clear()
            self._rebuild(obs)
            if new_game and animate:
                self._game_banner(obs)
        else:
            self.tweens.finish_all()  # a new move arrived: land the previous one first
            self._animate_diff(previous, obs)
        if self.ctx.anim_speed() <= 0:
            self.tweens.finish_all()

    def _rebuild(self, obs: dict) -> None:
        self.sprites = {}
        for card, place in self._places(obs).items():
            self.sprites[card] = self._sprite_at(card, place)
        for f, flag in enumerate(obs["flags"]):
            owner = flag["claimed_by"]
            self.flags[f] = FlagSprite(owner, self._flag_offset(owner))
        self.incoming = [0, 0]
        self.banner = self._over_banner(obs)

    @staticmethod
    def _sprite_at(card: int, place: Place) -> CardSprite:
        return CardSprite(card, deck_of(card), place.x, place.y, place.w, place.angle, 1.0, place.z)

    def _flag_offset(self, owner: int) -> float:
        if owner < 0:
            return 0.0
        return 1.0 if owner == self.me else -1.0

    def _after(self, delay: float, action: Callable[[], None]) -> None:
        """Run ``action`` once the animation clock has advanced by ``delay``."""
        self.tweens.animate(Timer(), delay, "linear", t=1.0, on_finish=action)

    def _sound_at(self, delay: float, name: str) -> None:
        """Play a sound when the animation reaches ``delay``; a skipped animation stays quiet."""
        if delay <= 0 or self.ctx.anim_speed() <= 0:
            self.ctx.play_sound(name)
            return
        tween = self.tweens.animate(Timer(), delay, "linear", t=1.0)

        def play() -> None:
            if tween.elapsed >= tween.duration:
                self.ctx.play_sound(name)

        tween.on_finish = play

    def _fly(
        self,
        sprite: CardSprite,
        place: Place | tuple[float, float, float],
        duration: float,
        delay: float = 0.0,
        face: float | None = None,
        easing: str = "out_cubic",
        on_finish: Callable[[], None] | None = None,
    ) -> None:
        """Move a sprite to a place (or an (x, y, w) point), drawn above the table meanwhile."""
        if isinstance(place, Place):
            x, y, w, angle, z = place.x, place.y, place.w, place.angle, place.z
        else:
            (x, y, w), angle, z = place, 0.0, sprite.z
        sprite.moving = True
        targets: dict[str, float] = {"x": x, "y": y, "w": w, "angle": angle}
        if face is not None:
            targets["face"] = face

        def land() -> None:
            sprite.moving = False
            sprite.z = z
            if on_finish is not None:
                on_finish()

        self.tweens.animate(sprite, duration, easing, delay=delay, on_finish=land, **targets)

    def _animate_diff(self, prev: dict, obs: dict) -> None:
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
        for card in [c for c in self.sprites if c not in places]:
            t = self._depart(card, prev, obs, t)
        t = self._opponent_backs(prev, obs, leaving, prev_opp_places, t)
        # claimed flags move towards their winner, one after another
        for f, flag in enumerate(obs["flags"]):
            owner = flag["claimed_by"]
            sprite = self.flags[f]
            if owner == sprite.owner:
                continue
            sprite.owner = owner
            if owner < 0:
                sprite.offset = 0.0
                continue
            sprite.burst = 0.0
            self.tweens.animate(
                sprite, T_CLAIM, "out_back", delay=t, offset=self._flag_offset(owner)
            )
            self.tweens.animate(
                sprite,
                T_CLAIM * 1.3,
                "out_quad",
                delay=t,
                burst=1.0,
                on_finish=lambda s=sprite: setattr(s, "burst", 0.0),
            )
            self._sound_at(t + T_CLAIM * 0.4, "knock")
            t += T_CLAIM * 0.5
        banner = self._over_banner(obs)
        if banner is not None and self.banner is None:
            banner.appear = 0.0
            self._after(t, lambda: setattr(self, "banner", banner))
            self.tweens.animate(banner, T_BANNER, "out_back", delay=t, appear=1.0)
        if obs["pending"]["card"] is None or obs["turn"] != me:
            self._home = None

    def _order_deck(self, obs: dict, index: int) -> int:
        hand = obs["hands"][1 - self.me]
        return TROOP_DECK if index < hand["troops"] else TACTICS_DECK

    def _arrive(
        self,
        card: int,
        place: Place,
        obs: dict,
        leaving: dict[int, list[int]],
        prev_opp_places: list[tuple[float, float, float]],
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
            sprite = CardSprite(card, deck, x, y, g.decks[deck].w, 0.0, 0.0, place.z)
            self.sprites[card] = sprite
            duration = T_DEAL if dealing else T_DRAW
            self._fly(sprite, place, duration, delay=t, face=1.0, easing="out_quad")
            self._sound_at(t, "flip")
            return t + (duration * 0.8 if dealing else duration * 0.3)
        # from the opponent's hand: start where one of its backs was
        slots = leaving[deck]
        x, y, angle = prev_opp_places[slots.pop(0)] if slots else (*self.opp_focus(), 0.0)
        sprite = CardSprite(card, deck, x, y, g.back_w, angle, 0.0, place.z)
        self.sprites[card] = sprite
        if card in GUILE:  # a guile card is shown in the middle before it goes to its pile
            fx, fy = self.opp_focus()

            def hold() -> None:
                self._fly(sprite, place, T_PLAY, delay=T_HOLD)

            self._fly(sprite, (fx, fy, g.hand_w), T_REVEAL, delay=t, face=1.0, on_finish=hold)
            self._sound_at(t, "flip")
            return t + T_REVEAL + T_HOLD + T_PLAY
        self._fly(sprite, place, T_REVEAL, delay=t, face=1.0)
        self._sound_at(t, "flip")
        waits = obs["pending"]["card"] == card  # it waits for its flag: it lands later
        if not waits and card not in ENVIRONMENT:
            self._sound_at(t + T_REVEAL, "place")
        return t + T_REVEAL

    def _move(self, sprite: CardSprite, place: Place, prev: dict, obs: dict, t: float) -> float:
        """A visible card changed place: played from a hand, moved by a tactics card, and so on."""
        card = sprite.card
        at_flag_before = any(card in side for flag in prev["flags"] for side in flag["cards"])
        taken = at_flag_before and (
            card in obs["discards"][0]
            or card in obs["discards"][1]
            or self._side_of(obs, card) != self._side_of(prev, card)
        )
        if self._zone(prev, card) == self._zone(obs, card):
            # the same hand, pile or stack closing up: everything shifts together at once
            self._fly(sprite, place, T_PLAY * 0.7)
            return t
        hand = prev["hands"][self.me]["cards"] or []
        if card in hand and obs["pending"]["card"] == card and obs["turn"] == self.me:
            # the viewer's card waits, lifted in the hand, for its target
            self._home = (sprite.x, sprite.y - self.geo.hand_h * LIFT)
            place.x, place.y = self._home
            self._fly(sprite, place, T_PLAY * 0.5, delay=t)
            return t
        duration = T_MOVE if taken else T_PLAY
        if taken:
            self._sound_at(t, "attack")
        self._fly(sprite, place, duration, delay=t, easing="in_out_quad" if taken else "out_cubic")
        if self._side_of(obs, card) is not None:
            self._sound_at(t + duration * 0.9, "place")
        return t + duration * 0.5

    def _zone(self, obs: dict, card: int) -> tuple:
        """Which group of places a visible card is in (a hand, a pile, one side of a flag)."""
        for side in (0, 1):
            if card in obs["discards"][side]:
                return ("discard", side)
        if card in (obs["hands"][self.me]["cards"] or []):
            return ("hand",)
        if card in obs["hands"][1 - self.me]["known"]:
            return ("known",)
        return ("flag", self._side_of(obs, card))

    @staticmethod
    def _side_of(obs: dict, card: int) -> tuple[int, int] | None:
        for f, flag in enumerate(obs["flags"]):
            for side in (0, 1):
                if card in flag["cards"][side]:
                    return f, side
        return None

    def _depart(self, card: object, prev: dict, obs: dict, t: float) -> float:
        """A sprite with no place any more: Fog or Mud laid at its flag, or a card put back on
        its deck (Scout), turning face down."""
        sprite = self.sprites[card]
        if sprite.card is None:
            return t
        if sprite.card in ENVIRONMENT:
            key = "fog" if sprite.card == FOG else "mud"
            flag = next(
                (
                    f
                    for f in range(NUM_FLAGS)
                    if obs["flags"][f][key] >= 0 and prev["flags"][f][key] < 0
                ),
                None,
            )
            if flag is not None:
                x, y = self.marker_center(flag, sprite.card)
                self._fly(
                    sprite,
                    (x, y, self.marker_px() * 0.8),
                    T_PLAY,
                    delay=t,
                    on_finish=lambda: self.sprites.pop(card, None),
                )
                self._sound_at(t + T_PLAY, "place")
                return t + T_PLAY
        x, y = self.deck_center(sprite.deck)
        self._fly(
            sprite,
            (x, y, self.geo.decks[sprite.deck].w),
            T_DRAW,
            delay=t,
            face=0.0,
            on_finish=lambda: self.sprites.pop(card, None),
        )
        self._sound_at(t, "flip")
        return t + T_DRAW * 0.5

    def _opponent_backs(
        self,
        prev: dict,
        obs: dict,
        leaving: dict[int, list[int]],
        prev_opp_places: list[tuple[float, float, float]],
        t: float,
    ) -> float:
        """Backs flying into the opponent's hand (deal, draw) or out of it to a deck (Scout)."""
        opp = 1 - self.me
        order = self._opp_order(obs)
        places = self.opp_places(len(order))
        dealing = prev["phase"] == "deal" or obs["phase"] == "deal"
        for deck, key in ((TROOP_DECK, "troops"), (TACTICS_DECK, "tactics")):
            known_before = sum(1 for c in prev["hands"][opp]["known"] if deck_of(c) == deck)
            known_now = sum(1 for c in obs["hands"][opp]["known"] if deck_of(c) == deck)
            before = prev["hands"][opp][key] - known_before
            now = obs["hands"][opp][key] - known_now
            if now > before:
                backs = [
                    i for i, c in enumerate(order) if c is None and self._order_deck(obs, i) == deck
                ]
                for n in range(now - before):
                    x, y, a = places[backs[-1 - n]] if backs else (*self.opp_focus(), 0.0)
                    t = self._back_to_hand(deck, (x, y, a), t, dealing)
            for i in leaving[deck][: max(0, before - now)]:
                t = self._back_to_deck(deck, prev_opp_places[i], t)
        return t

    def _anonymous(self, deck: int, x: float, y: float, w: float, angle: float) -> tuple:
        self._anon += 1
        key = ("back", self._anon)
        self.sprites[key] = CardSprite(None, deck, x, y, w, angle, 0.0, Z_MOVING)
        return key

    def _back_to_hand(
        self, deck: int, target: tuple[float, float, float], t: float, dealing: bool
    ) -> float:
        g = self.geo
        x, y = self.deck_center(deck)
        key = self._anonymous(deck, x, y, g.decks[deck].w, 0.0)
        sprite = self.sprites[key]
        self.incoming[deck] += 1

        def land() -> None:
            self.incoming[deck] -= 1
            self.sprites.pop(key, None)

        duration = T_DEAL if dealing else T_DRAW
        self._fly(
            sprite, Place(target[0], target[1], g.back_w, target[2], 0), duration, t, on_finish=land
        )
        self._sound_at(t, "flip")
        return t + (duration * 0.8 if dealing else duration * 0.3)

    def _back_to_deck(self, deck: int, start: tuple[float, float, float], t: float) -> float:
        g = self.geo
        key = self._anonymous(deck, start[0], start[1], g.back_w, start[2])
        x, y = self.deck_center(deck)
        self._fly(
            self.sprites[key],
            (x, y, g.decks[deck].w),
            T_DRAW,
            delay=t,
            on_finish=lambda: self.sprites.pop(key, None),
        )
        self._sound_at(t, "flip")
        return t + T_DRAW * 0.5

    # --- banners ------------------------------------------------------------------------------
    def _wins(self, winner: int) -> str:
        if winner < 0:
            return i18n.t("battleline.banner.draw")
        if self.name(winner) == i18n.t("seat.you"):
            return i18n.t("battleline.banner.you_win")
        return i18n.t("battleline.banner.wins", name=self.name(winner))

    def _result_text(self, result: dict) -> tuple[str, str, int | None]:
        winner = result["winner"]
        how = i18n.t(f"battleline.how.{result['how'].replace(' ', '_')}")
        return self._wins(winner), how, (winner if winner >= 0 else None)

    def _over_banner(self, obs: dict) -> Banner | None:
        if obs["phase"] != "over":
            return None
        match = obs["match"]
        title, sub, side = self._result_text(match["results"][-1])
        if match["games"] > 1:
            winner = obs["winner"]
            title = self._wins(winner)
            a, b = match["points"][self.me], match["points"][1 - self.me]
            sub = f"{sub} · {i18n.t('battleline.banner.score', a=a, b=b)}"
            side = None if winner < 0 else winner
        return Banner(title, sub, side)

    def _game_banner(self, obs: dict) -> None:
        """Between the games of a match: the last game's result, held for a moment."""
        match = obs["match"]
        if not match["results"]:
            return
        title, how, side = self._result_text(match["results"][-1])
        a, b = match["points"][self.me], match["points"][1 - self.me]
        banner = Banner(
            i18n.t("battleline.banner.game_result", n=len(match["results"]), result=title),
            f"{how} · {i18n.t('battleline.banner.score', a=a, b=b)}",
            side,
            appear=0.0,
        )
        self.banner = banner

        def hide() -> None:
            self.tweens.animate(
                banner,
                T_BANNER,
                "in_quad",
                delay=T_FLASH,
                appear=0.0,
                on_finish=lambda: setattr(self, "banner", None) if self.banner is banner else None,
            )

        self.tweens.animate(banner, T_BANNER, "out_back", appear=1.0, on_finish=hide)

    # --- what the viewer may do ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.obs["phase"] if self.obs else ""

    def _my_decision(self) -> bool:
        return bool(self.legal) and self.obs is not None

    def _free_flags(self) -> list[int]:
        """Open flags with a free slot on the viewer's side (where a troop or morale card goes)."""
        me = self.me
        return [
            f
            for f, flag in enumerate(self.obs["flags"])
            if flag["claimed_by"] < 0 and len(flag["cards"][me]) < flag["slots"]
        ]

    def _local_targets(self, card: int) -> list[int]:
        """The flags a selected card can go to, from the observation (the engine has the final
        word: the board only queues the target)."""
        if card in ENVIRONMENT:
            key = "fog" if card == FOG else "mud"
            return [
                f
                for f, flag in enumerate(self.obs["flags"])
                if flag["claimed_by"] < 0 and flag[key] < 0
            ]
        if card in GUILE:
            return []
        return self._free_flags()

    def _target_flags(self) -> list[int]:
        """The flags glowing as targets now."""
        if not self._my_decision():
            return []
        if self.phase == "play" and self.selected is not None:
            return self._local_targets(self.selected)
        return [a - FLAG_BASE for a in self.legal if is_flag(a)]

    def _target_cards(self) -> list[int]:
        """Cards at flags that may be clicked now (Redeploy, Deserter, Traitor)."""
        if not self._my_decision():
            return []
        if self.phase in ("redeploy_from", "deserter", "traitor_from"):
            return [a for a in self.legal if is_card(a)]
        if self.phase == "play" and self.selected in (REDEPLOY, DESERTER, TRAITOR):
            return self._takeable(self.selected)
        return []

    def _takeable(self, tactic: int) -> list[int]:
        me = self.me
        side = me if tactic == REDEPLOY else 1 - me
        cards = [
            c for flag in self.obs["flags"] if flag["claimed_by"] < 0 for c in flag["cards"][side]
        ]
        return [c for c in cards if c < NUM_TROOPS] if tactic == TRAITOR else cards

    def _target_decks(self) -> list[int]:
        if not self._my_decision():
            return []
        if self.phase == "play" and self.selected == SCOUT:
            return [d for d, n in enumerate(self._deck_counts()) if n]
        return [a - DRAW_BASE for a in self.legal if is_draw(a)]

    def _deck_counts(self) -> tuple[int, int]:
        decks = self.obs["decks"]
        return decks["troop"], decks["tactics"]

    def _claimable(self) -> list[int]:
        if not self._my_decision() or self.phase != "claim":
            return []
        return [a - CLAIM_BASE for a in self.legal if is_claim(a)]

    def _action_button(self) -> tuple[int, str] | None:
        """The column's button for the moment: Pass, Done claiming, or Redeploy's discard."""
        if not self._my_decision():
            return None
        if PASS in self.legal:
            return PASS, i18n.t("battleline.button.pass")
        if DONE in self.legal:
            return DONE, i18n.t("battleline.button.done")
        if DISCARD in self.legal:
            return DISCARD, i18n.t("battleline.button.discard")
        return None

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> int | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            drag = self.drag
            if drag is not None and not drag.active:
                dx, dy = event.pos[0] - drag.start[0], event.pos[1] - drag.start[1]
                drag.active = dx * dx + dy * dy >= DRAG_START * DRAG_START
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self._click(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected, self.drag = None, None
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            button = self._action_button()
            return button[0] if button else None
        return None

    def handle_idle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
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

    def _click(self, pos: tuple[int, int]) -> int | None:
        if self._toggle_auto_claim(pos):
            return None
        g = self.geo
        if not self._my_decision():
            return None
        button = self._action_button()
        if button is not None and g.action.collidepoint(pos):
            return button[0]
        phase = self.phase
        if phase == "play":
            return self._click_play(pos)
        if phase in ("scout_draw", "draw"):
            deck = self._deck_at(pos)
            if deck is not None:
                return draw_action(deck)
            return self._refuse("battleline.feedback.pick_deck")
        if phase == "scout_return":
            card = self._hand_card_at(pos)
            return card if card is not None else self._refuse("battleline.feedback.pick_card")
        if phase in ("redeploy_from", "deserter", "traitor_from"):
            card = self._table_card_at(pos)
            if card is not None:
                return card
            key = "own_card" if phase == "redeploy_from" else "opposing_card"
            return self._refuse(f"battleline.feedback.{key}")
        if phase == "redeploy_to" and g.my_discard.collidepoint(pos):
            return DISCARD
        if phase in ("flag", "redeploy_to", "traitor_to"):
            flag = self._flag_at(pos)
            return flag_action(flag) if flag is not None else None
        if phase == "claim":
            flag = self._claim_at(pos)
            return claim_action(flag) if flag is not None else None
        return None

    def _click_play(self, pos: tuple[int, int]) -> int | None:
        """The play phase: choose a card, then its target (the board queues the second part)."""
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
            mine = self.obs["flags"][flag]["claim"] if flag is not None else None
            if mine is not None and self._flag_token_rect(flag).collidepoint(pos):
                return claim_action(flag)  # the engine explains when claims may be made
            if flag is not None or self._deck_at(pos) is not None:
                return self._refuse("battleline.feedback.pick_card")
            return None
        if selected == SCOUT:
            deck = self._deck_at(pos)
            if deck is None:
                return self._deselect(pos)
            return self._play(SCOUT, draw_action(deck))
        if selected in (REDEPLOY, DESERTER, TRAITOR):
            return self._click_guile_target(selected, pos)
        flag = self._flag_at(pos)
        if flag is None:
            return self._deselect(pos)
        return self._place_selected(flag)

    def _deselect(self, pos: tuple[int, int]) -> None:
        if self.geo.felt.collidepoint(pos):
            self.selected = None
        return None

    def _play(self, card: int, then: int) -> int:
        self.selected, self.drag = None, None
        self.queue = [then]
        return card

    def _place_selected(self, flag: int) -> int | None:
        card = self.selected
        info = self.obs["flags"][flag]
        if flag in self._local_targets(card):
            return self._play(card, flag_action(flag))
        if info["claimed_by"] >= 0:
            return self._refuse("battleline.feedback.claimed", n=flag + 1)
        if card in ENVIRONMENT:
            return self._refuse("battleline.feedback.env", n=flag + 1, card=card_label(card))
        return self._refuse("battleline.feedback.full", n=flag + 1)

    def _click_guile_target(self, tactic: int, pos: tuple[int, int]) -> int | None:
        card = self._table_card_at(pos)
        if card is None:
            return self._deselect(pos)
        if card in self._takeable(tactic):
            if tactic == TRAITOR and not self._free_flags():
                return self._refuse("battleline.feedback.no_slot")
            return self._play(tactic, card)
        if tactic == TRAITOR and card >= NUM_TROOPS:
            return self._refuse("battleline.feedback.troop_only")
        where = self._side_of(self.obs, card)
        if where is not None and self.obs["flags"][where[0]]["claimed_by"] >= 0:
            return self._refuse("battleline.feedback.claimed", n=where[0] + 1)
        key = "own_card" if tactic == REDEPLOY else "opposing_card"
        return self._refuse(f"battleline.feedback.{key}")

    def _release(self, pos: tuple[int, int]) -> int | None:
        drag, self.drag = self.drag, None
        if drag is None or not drag.active or self.selected != drag.card:
            return None
        flag = self._flag_at(pos)
        if flag is None or not self._my_decision():
            return None
        return self._place_selected(flag)

    def _refuse(self, key: str, **fmt: object) -> None:
        """A click that maps to no action: say why (the scene adds the error sound)."""
        self.ctx.feedback(i18n.t(key, **fmt))

    # --- hit tests ------------------------------------------------------------------------------
    def _sprite_rect(self, sprite: CardSprite) -> pygame.Rect:
        w = round(sprite.w)
        rect = pygame.Rect(0, 0, w, card_height(w))
        rect.center = (round(sprite.x), round(sprite.y))
        return rect

    def _hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card of the viewer's hand under ``pos`` (lifted cards as drawn)."""
        hand = (self.obs["hands"][self.me]["cards"] or []) if self.obs else []
        for card in reversed(hand):
            sprite = self.sprites.get(card)
            if sprite is None:
                continue
            rect = self._sprite_rect(sprite).move(0, -round(self._lift(card) * self.geo.hand_h))
            rect.height += round(self._lift(card) * self.geo.hand_h)  # no gap under a lifted card
            if rect.collidepoint(pos):
                return card
        return None

    def _table_card_at(self, pos: tuple[int, int]) -> int | None:
        for f, flag in enumerate(self.obs["flags"]):
            for side in (0, 1):
                cards = flag["cards"][side]
                for j, card in enumerate(cards):
                    if self.visible_rect(f, side, j, len(cards)).collidepoint(pos):
                        return card
        return None

    def _flag_at(self, pos: tuple[int, int]) -> int | None:
        for f in range(NUM_FLAGS):
            if self.column_rect(f).collidepoint(pos):
                return f
        return None

    def _flag_token_rect(self, flag: int) -> pygame.Rect:
        g = self.geo
        rect = pygame.Rect(0, 0, round(g.pitch * 0.9), g.ridge.h)
        rect.center = (round(g.xs[flag]), g.ridge.centery)
        return rect

    def _claim_at(self, pos: tuple[int, int]) -> int | None:
        """A click in the claim phase: a Claim button, or a flag whose side is complete."""
        for f in self._claimable():
            if self.claim_button_rect(f).collidepoint(pos):
                return f
        flag = self._flag_at(pos)
        if flag is not None and self.obs["flags"][flag]["claim"] is not None:
            return flag
        return None

    def _deck_at(self, pos: tuple[int, int]) -> int | None:
        for d, rect in enumerate(self.geo.decks):
            if rect.inflate(rect.w // 5, rect.h // 5).collidepoint(pos):
                return d
        return None

    # --- the match scene's hooks ----------------------------------------------------------------
    def auto_action(self) -> int | None:
        if not self._my_decision():
            return None
        if self.queue:
            action = self.queue.pop(0)
            if action in self.legal:
                return action
            self.queue.clear()
        if self.auto_claim and self.phase == "claim":
            claims = [a for a in self.legal if is_claim(a)]
            return claims[0] if claims else DONE
        return None

    def skip_animation(self) -> None:
        super().skip_animation()
        self.drag = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        hovered = None
        if self.mouse is not None and self.obs is not None and self.drag is None:
            hovered = self._hand_card_at(self.mouse)
        k = 1 - math.exp(-LIFT_RATE * dt)
        hand = (self.obs["hands"][self.me]["cards"] or []) if self.obs else []
        for card in hand:
            target = 1.0 if card == hovered or card == self.selected else 0.0
            lift = self.lifts.get(card, 0.0)
            self.lifts[card] = lift + (target - lift) * k
        for card in [c for c in self.lifts if c not in hand]:
            del self.lifts[card]

    def _lift(self, card: int) -> float:
        return self.lifts.get(card, 0.0) * LIFT

    def log_text(self, key: str, args: dict) -> str | None:
        words = dict(args)
        if "player" in args:
            words["player"] = i18n.t("battleline.player", n=args["player"] + 1)
        if "card" in args:
            card = args["card"]
            tactic = i18n.t(f"log.battleline.card.{card}") if card >= NUM_TROOPS else ""
            words["card"] = tactic or card_name(card)
        if "deck" in args:
            words["deck"] = i18n.t(f"log.battleline.deck.{args['deck']}")
        return i18n.t(f"log.battleline.{key}", **words)

    def status_text(self) -> str:
        obs = self.obs
        if obs is None:
            return ""
        phase = obs["phase"]
        if phase == "over":
            return i18n.t("battleline.status.over", result=self._over_banner(obs).title)
        mover = obs["turn"]
        if phase in ("first_player", "deal"):
            return i18n.t("battleline.status.dealing")
        if not self._my_decision():
            if phase == "draw_card":
                return i18n.t("battleline.status.drawing", name=self.name(mover))
            return i18n.t("battleline.status.waiting", name=self.name(mover))
        pending = obs["pending"]["card"]
        if phase == "play":
            card = self.selected
            if card is None:
                can_troop = any(c < NUM_TROOPS for c in self.legal)
                key = "play" if can_troop or PASS not in self.legal else "play_or_pass"
                return i18n.t(f"battleline.status.{key}")
            special = {
                SCOUT: "scout",
                REDEPLOY: "redeploy",
                DESERTER: "deserter",
                TRAITOR: "traitor",
            }
            if card in special:
                return i18n.t(f"battleline.status.selected_{special[card]}")
            key = "selected_env" if card in ENVIRONMENT else "selected"
            return i18n.t(f"battleline.status.{key}", card=card_label(card))
        if phase == "scout_draw":
            return i18n.t("battleline.status.scout_draw", n=4 - obs["pending"]["scout_draws_left"])
        if phase == "scout_return":
            return i18n.t("battleline.status.scout_return", n=obs["pending"]["scout_returns_left"])
        if phase in ("flag", "redeploy_to", "traitor_to"):
            return i18n.t(f"battleline.status.{phase}", card=card_label(pending))
        return i18n.t(f"battleline.status.{phase}")

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.art.p != self.ctx.palette:  # the colour-blind setting changed
            self.art = BattleLineArt(self.ctx.palette, self._art_label)
        g = self.geo
        ridge = pygame.Rect(g.ridge.x, g.ridge.y, g.ridge.w, g.ridge.h)
        table = self.art.table(
            self.rect.size,
            g.felt.move(-self.rect.x, -self.rect.y),
            ridge.move(-self.rect.x, -self.rect.y),
            g.column.move(-self.rect.x, -self.rect.y),
        )
        surface.blit(table, self.rect)
        if self.obs is None:
            return
        self._draw_slots(surface)
        self._draw_column(surface)
        self._draw_opponent_hand(surface)
        self._draw_flags(surface)  # under the cards: a moved flag never hides a card's index
        self._draw_claim_ghosts(surface)
        self._draw_waiting_glow(surface)
        self._draw_resting(surface)
        self._draw_labels(surface)
        self._draw_targets(surface)
        self._draw_claim_buttons(surface)
        self._draw_claim_view(surface)
        self._draw_hint(surface)
        self._draw_moving(surface)
        self._draw_drag(surface)
        self._draw_tooltip(surface)
        self._draw_banner(surface)

    def _pulse(self, speed: float = 3.0) -> float:
        return 0.5 + 0.5 * math.sin(self.clock * speed)

    def _draw_slots(self, surface: pygame.Surface) -> None:
        """The next free place on each side of every open flag, glowing where a card may go."""
        p, g = self.ctx.palette, self.geo
        targets = set(self._target_flags())
        env = (self.phase == "play" and self.selected in ENVIRONMENT) or (
            self.phase == "flag" and self.obs["pending"]["card"] in ENVIRONMENT
        )
        faint = lighter(p["felt"], 0.22)
        for f, flag in enumerate(self.obs["flags"]):
            if flag["claimed_by"] >= 0:
                continue
            for side in (0, 1):
                n = len(flag["cards"][side])
                if n >= flag["slots"]:
                    continue
                rect = self.slot_rect(f, side, n)
                glowing = side == self.me and f in targets and not env
                colour = p["legal"] if glowing else faint
                surface.blit(self.art.slot(rect.w, rect.h, colour, glowing), rect)
                if glowing:
                    ring = self.art.glow(rect.w, rect.h, p["legal"], max(3, g.cw // 16))
                    blit_center(surface, ring, rect.center, round(110 + 120 * self._pulse(4.0)))

    def _draw_flags(self, surface: pygame.Surface) -> None:
        p, g = self.ctx.palette, self.geo
        targets = set(self._target_flags())
        env = (self.phase == "play" and self.selected in ENVIRONMENT) or (
            self.phase == "flag" and self.obs["pending"]["card"] in ENVIRONMENT
        )
        fw, fh = g.flag_size
        moving_env = {s.card for s in self.sprites.values() if s.moving and s.card in ENVIRONMENT}
        winning = self._winning_flags()
        for f, flag in enumerate(self.obs["flags"]):
            sprite = self.flags[f]
            cx, cy = self.flag_center(f)
            if f in winning:
                halo = self.art.glow(fw, fh, p["claim"], max(3, fw // 8))
                blit_center(surface, halo, (cx, cy), round(170 + 85 * self._pulse(3.0)))
            if env and f in targets:
                halo = self.art.glow(fw, fh, p["legal"], max(3, fw // 10))
                blit_center(surface, halo, (cx, cy), round(120 + 120 * self._pulse(4.0)))
            if sprite.burst > 0:
                radius = round(fh * (0.4 + 0.9 * sprite.burst))
                colour = self.art.side(max(sprite.owner, 0))
                ring = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
                pygame.draw.circle(
                    ring,
                    (*lighter(colour, 0.4), round(220 * (1 - sprite.burst))),
                    (radius + 2, radius + 2),
                    radius,
                    max(2, fh // 14),
                )
                blit_center(surface, ring, (cx, cy))
            image = self.art.flag(f + 1, sprite.owner, fw, fh)
            blit_center(surface, image, (cx, cy))
            for card, key in ((FOG, "fog"), (MUD, "mud")):
                if flag[key] >= 0 and card not in moving_env:
                    marker = self.art.marker(card, self.marker_px())
                    blit_center(surface, marker, self.marker_center(f, card))
            claim = flag["claim"]
            if claim is not None and self._my_decision() and self.phase != "claim":
                # a small seal: ready (after the play) or not yet provable
                ok = claim["provable"]
                mark = self.art.text(
                    "✔" if ok else "✖", self.fs(1.3), p["legal"] if ok else p["danger"], symbol=True
                )
                blit_center(surface, mark, (cx + fw * 0.42, cy + fh * 0.38))
            if self.hint is not None and self.hint == claim_action(f):
                self._hint_ring(surface, self._flag_token_rect(f))

    def _winning_flags(self) -> set[int]:
        """At the end: the flags that won the game (the three adjacent ones of a Breakthrough)."""
        obs = self.obs
        if obs["phase"] != "over" or not obs["match"]["results"]:
            return set()
        result = obs["match"]["results"][-1]
        winner, owners = result["winner"], result["claimed"]
        if winner < 0:
            return set()
        if result["how"] == "breakthrough":
            for f in range(NUM_FLAGS - 2):
                if owners[f : f + 3] == [winner] * 3:
                    return {f, f + 1, f + 2}
        return {f for f, owner in enumerate(owners) if owner == winner}

    def _draw_resting(self, surface: pygame.Surface) -> None:
        """Every card at rest, in stacking order (hover lift for the viewer's hand)."""
        hand = set(self.obs["hands"][self.me]["cards"] or [])
        dragged = self.drag.card if self.drag is not None and self.drag.active else None
        resting = sorted(
            (s for s in self.sprites.values() if not s.moving and s.card != dragged),
            key=lambda s: s.z,
        )
        legal_cards = set(self.legal) if self.phase in ("play", "scout_return") else set()
        p, g = self.ctx.palette, self.geo
        for sprite in resting:
            lift = 0.0
            if sprite.card in hand:
                lift = self._lift(sprite.card) * g.hand_h
                glow = None
                if sprite.card == self.selected:
                    glow = p["selected"]
                elif sprite.card == self.hint:
                    glow = p["hint"]
                elif sprite.card in legal_cards and self.phase == "scout_return":
                    glow = p["legal"]
                if glow is not None:
                    w = round(sprite.w)
                    ring = self.art.glow(w, card_height(w), glow, max(3, w // 14))
                    ring = pygame.transform.rotate(ring, sprite.angle) if sprite.angle else ring
                    blit_center(surface, ring, (sprite.x, sprite.y - lift))
            self._blit_sprite(surface, sprite, lift, shadow=sprite.card in hand)
            if (
                sprite.card in hand
                and self.phase == "play"
                and self._my_decision()
                and (sprite.card not in self.legal)
            ):
                self._dim_card(surface, sprite, lift)

    def _dim_card(self, surface: pygame.Surface, sprite: CardSprite, lift: float) -> None:
        """A card that cannot be played now is shown darker."""
        w = round(sprite.w)
        veil = self.art.panel(w, card_height(w), (0, 0, 0, 90), None, max(3, round(0.075 * w)))
        if sprite.angle:
            veil = pygame.transform.rotate(veil, sprite.angle)
        blit_center(surface, veil, (sprite.x, sprite.y - lift))

    def _blit_sprite(
        self, surface: pygame.Surface, sprite: CardSprite, lift: float = 0.0, shadow: bool = False
    ) -> None:
        w = max(4, round(sprite.w))
        h = card_height(w)
        x, y = sprite.x, sprite.y - lift
        turn = abs(math.cos(math.pi * sprite.face)) if 0.0 < sprite.face < 1.0 else 1.0
        show_face = sprite.face >= 0.5 and sprite.card is not None
        if shadow or sprite.moving:
            raise_by = (1.0 if sprite.moving else 0.4) + lift / max(1, h) * 3
            sh = self.art.shadow(w, h)
            blit_center(surface, sh, (x + w * 0.04 * raise_by, y + h * 0.04 * raise_by), 200)
        if turn < 0.999:
            base = self.art.card(sprite.card, w) if show_face else self.art.back(sprite.deck, w)
            image = pygame.transform.smoothscale(base, (max(1, round(w * turn)), h))
            if sprite.angle:
                image = pygame.transform.rotate(image, sprite.angle)
        elif sprite.moving and not sprite.angle.is_integer():
            base = self.art.card(sprite.card, w) if show_face else self.art.back(sprite.deck, w)
            image = pygame.transform.rotate(base, sprite.angle)
        else:
            image = self.art.rotated(
                sprite.card if show_face else None, sprite.deck, w, round(sprite.angle)
            )
        blit_center(surface, image, (x, y), round(255 * sprite.alpha))

    def _draw_waiting_glow(self, surface: pygame.Surface) -> None:
        """The viewer's card waiting for its flag (or the discard) glows like a chosen card."""
        pending = self.obs["pending"]["card"]
        sprite = self.sprites.get(pending) if pending is not None else None
        if sprite is None or sprite.moving or not self._my_decision():
            return
        w = round(sprite.w)
        ring = self.art.glow(w, card_height(w), self.ctx.palette["selected"], max(3, w // 14))
        blit_center(surface, ring, (sprite.x, sprite.y), round(170 + 85 * self._pulse()))

    def _draw_moving(self, surface: pygame.Surface) -> None:
        for sprite in sorted((s for s in self.sprites.values() if s.moving), key=lambda s: s.z):
            self._blit_sprite(surface, sprite)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if self.drag is None or not self.drag.active or self.mouse is None:
            return
        sprite = self.sprites.get(self.drag.card)
        if sprite is None:
            return
        flag = self._flag_at(self.mouse)
        g = self.geo
        if flag is not None and flag in self._local_targets(self.drag.card):
            n = len(self.obs["flags"][flag]["cards"][self.me])
            rect = self.slot_rect(flag, self.me, n)
            ghost = self.art.glow(rect.w, rect.h, self.ctx.palette["selected"], max(3, g.cw // 12))
            blit_center(surface, ghost, rect.center)
        ghost = CardSprite(
            sprite.card,
            sprite.deck,
            self.mouse[0],
            self.mouse[1],
            g.hand_w * 0.9,
            0.0,
            1.0,
            Z_MOVING,
            moving=True,
        )
        self._blit_sprite(surface, ghost)

    def _draw_opponent_hand(self, surface: pygame.Surface) -> None:
        """The opponent's hand: card backs by deck (known cards are sprites), minus the backs
        still flying in."""
        order = self._opp_order(self.obs)
        places = self.opp_places(len(order))
        skip = list(self.incoming)
        g = self.geo
        for i in range(len(order) - 1, -1, -1):  # the last backs are the ones still arriving
            if order[i] is None:
                deck = self._order_deck(self.obs, i)
                if skip[deck] > 0:
                    skip[deck] -= 1
                    order[i] = -1
        for i, card in enumerate(order):
            if card is not None:
                continue
            x, y, a = places[i]
            deck = self._order_deck(self.obs, i)
            image = self.art.rotated(None, deck, g.back_w, round(a))
            blit_center(surface, self.art.shadow(g.back_w, g.back_h), (x + 2, y + 3), 160)
            blit_center(surface, image, (x, y))

    def _draw_labels(self, surface: pygame.Surface) -> None:
        """Each complete side's formation and total, at the far end of its cards."""
        p, g = self.ctx.palette, self.geo
        gap = max(2, round(g.unit * 0.3))
        for f, flag in enumerate(self.obs["flags"]):
            for side in (0, 1):
                formation = flag["formation"][side]
                if formation is None:
                    continue
                last = self.slot_rect(f, side, len(flag["cards"][side]) - 1)
                if side == self.me:
                    y = last.bottom + gap + g.label_h // 2
                else:
                    y = last.top - gap - g.label_h // 2
                won = flag["claimed_by"] == side
                text = self.art.fitted(
                    formation_label(formation),
                    self.fs(1.35),
                    p["text"] if not won else darker(p["ink"], 0.1),
                    round(g.pitch - 8),
                    bold=True,
                )
                pill = pygame.Rect(0, 0, text.get_width() + round(g.unit * 1.2), g.label_h)
                pill.center = (round(g.xs[f]), y)
                fill = (*lighter(p["claim"], 0.1), 240) if won else (*p["panel"], 200)
                surface.blit(self.art.panel(pill.w, pill.h, fill, None, pill.h // 2), pill)
                blit_center(surface, text, pill.center)

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """Glows on the cards at flags that may be chosen now."""
        cards = set(self._target_cards())
        if not cards:
            return
        p, g = self.ctx.palette, self.geo
        hovered = self._table_card_at(self.mouse) if self.mouse else None
        for f, flag in enumerate(self.obs["flags"]):
            for side in (0, 1):
                stack = flag["cards"][side]
                for j, card in enumerate(stack):
                    if card not in cards:
                        continue
                    rect = self.visible_rect(f, side, j, len(stack))
                    colour = p["selected"] if card == hovered else p["legal"]
                    ring = self.art.glow(rect.w, rect.h, colour, max(2, g.cw // 18))
                    alpha = 255 if card == hovered else round(130 + 110 * self._pulse(4.0))
                    blit_center(surface, ring, rect.center, alpha)

    def _draw_claim_buttons(self, surface: pygame.Surface) -> None:
        p = self.ctx.palette
        for f in self._claimable():
            rect = self.claim_button_rect(f)
            token = self._flag_token_rect(f)
            halo = self.art.glow(token.w, token.h, p["claim"], max(3, token.w // 12))
            blit_center(surface, halo, token.center, round(120 + 130 * self._pulse(4.0)))
            hovered = self.mouse is not None and rect.collidepoint(self.mouse)
            self._button(
                surface, rect, i18n.t("battleline.button.claim"), primary=True, hot=hovered
            )
            if self.hint == claim_action(f):
                self._hint_ring(surface, rect)

    def _button(
        self, surface: pygame.Surface, rect: pygame.Rect, label: str, primary: bool, hot: bool
    ) -> None:
        p = self.ctx.palette
        fill = p["gold"] if primary else lighter(p["panel"], 0.12)
        if hot:
            fill = lighter(fill, 0.18)
        edge = lighter(fill, 0.35)
        surface.blit(self.art.panel(rect.w, rect.h, (*fill, 255), edge, rect.h // 2), rect)
        ink = darker(p["gold"], 0.8) if primary else p["text"]
        text = self.art.fitted(label, max(8, round(rect.h * 0.55)), ink, rect.w - 8, bold=True)
        blit_center(surface, text, rect.center)

    # --- the side column ----------------------------------------------------------------------
    def _draw_column(self, surface: pygame.Surface) -> None:
        g = self.geo
        opp = 1 - self.me
        self._draw_plate(surface, opp, g.opp_plate)
        self._draw_plate(surface, self.me, g.my_plate)
        for rect in (g.opp_discard, g.my_discard):
            self._draw_pile_label(surface, i18n.t("battleline.discard"), rect)
        self._draw_decks(surface)
        self._draw_buttons(surface)
        self._draw_step(surface)

    def _resolving(self) -> tuple[int, str] | None:
        """The tactics card whose decisions are being made, and the step reached."""
        obs = self.obs
        phase, pending = obs["phase"], obs["pending"]
        if phase == "scout_return":
            return SCOUT, i18n.t("battleline.step.scout_return", n=pending["scout_returns_left"])
        if phase == "scout_draw" or (phase == "draw_card" and pending["scout_draws_left"]):
            return SCOUT, i18n.t("battleline.step.scout_draw", n=4 - pending["scout_draws_left"])
        steps = {
            "redeploy_from": (REDEPLOY, "choose_card"),
            "redeploy_to": (REDEPLOY, "choose_flag"),
            "deserter": (DESERTER, "choose_card"),
            "traitor_from": (TRAITOR, "choose_card"),
            "traitor_to": (TRAITOR, "choose_flag"),
        }
        if phase in steps:
            card, step = steps[phase]
            return card, i18n.t(f"battleline.step.{step}")
        if phase == "flag" and pending["card"] is not None and pending["card"] >= NUM_TROOPS:
            return pending["card"], i18n.t("battleline.step.choose_flag")
        if phase == "play" and self.selected is not None and self.selected >= NUM_TROOPS:
            return self.selected, i18n.t("battleline.step.selected")
        return None

    def _draw_step(self, surface: pygame.Surface) -> None:
        """A panel in the column: who resolves which tactics card, and the step reached."""
        area = self.geo.step_panel
        resolving = self._resolving()
        if resolving is None or not area.h:
            return
        card, step = resolving
        p, g = self.ctx.palette, self.geo
        mover = self.obs["turn"]
        pad = round(0.7 * g.unit)
        w = min(g.mini_w, round((area.h - 2 * pad) / 1.4))
        x = area.x + 2 * pad + w
        width = area.right - pad - x
        title = self.art.fitted(
            i18n.t(f"battleline.tactic.{card}"), self.fs(1.45), p["text"], width, bold=True
        )
        lines = [title]
        lines += [
            self.art.text(t, self.fs(1.3), p["gold"])
            for t in wrap(step, self._font(self.fs(1.3)), width)[:2]
        ]
        lines.append(self.art.fitted(self.name(mover), self.fs(1.2), p["text_dim"], width))
        # M+ leaves generous room above and below its glyphs: pack the lines by their ink
        advance = [round(i.get_height() * 0.82) for i in lines]
        text_h = sum(advance)
        rect = pygame.Rect(0, 0, area.w, min(area.h, max(text_h, card_height(w)) + 2 * pad))
        rect.center = area.center
        edge = p["gold"] if mover == self.me else self.art.side(mover)
        surface.blit(self.art.panel(rect.w, rect.h, (*p["panel"], 235), edge, round(g.unit)), rect)
        image = self.art.card(card, w)
        surface.blit(image, image.get_rect(midleft=(rect.x + pad, rect.centery)))
        y = rect.centery - text_h // 2 - round(lines[0].get_height() * 0.09)
        for img, step_y in zip(lines, advance, strict=True):
            surface.blit(img, (x, y))
            y += step_y

    @staticmethod
    def _font(size: int) -> pygame.font.Font:
        return get_font(size)

    def _draw_pile_label(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        p, g = self.ctx.palette, self.geo
        img = self.art.text(text.upper(), self.fs(1.15), p["text_dim"], bold=True)
        surface.blit(img, img.get_rect(topleft=(rect.x, rect.y)))
        h = card_height(g.mini_w)
        surface.blit(
            self.art.slot(g.mini_w, h, lighter(p["panel"], 0.3), False), (rect.x, rect.bottom - h)
        )
        if self.phase == "redeploy_to" and self._my_decision() and rect is self.geo.my_discard:
            pile = pygame.Rect(
                rect.x,
                rect.bottom - card_height(self.geo.mini_w),
                rect.w,
                card_height(self.geo.mini_w),
            )
            surface.blit(self.art.slot(pile.w, pile.h, p["legal"], True), pile)

    def _draw_plate(self, surface: pygame.Surface, side: int, rect: pygame.Rect) -> None:
        obs, p, g = self.obs, self.ctx.palette, self.geo
        colour = self.art.side(side)
        active = obs["turn"] == side and obs["phase"] != "over"
        winner = obs["phase"] == "over" and obs["winner"] == side
        edge = p["gold"] if (active or winner) else p["panel_edge"]
        surface.blit(
            self.art.panel(rect.w, rect.h, (*darker(colour, 0.55), 235), edge, round(g.unit)), rect
        )
        if active:
            ring = self.art.glow(rect.w, rect.h, p["gold"], max(2, round(g.unit * 0.4)))
            blit_center(surface, ring, rect.center, round(120 + 100 * self._pulse()))
        pad = round(0.7 * g.unit)
        mark = self.art.side_mark(side, self.fs(1.9))
        surface.blit(mark, mark.get_rect(midleft=(rect.x + pad, rect.y + rect.h * 0.32)))
        name_x = rect.x + pad + mark.get_width() + round(0.5 * g.unit)
        tag = ""
        if winner:
            tag = i18n.t("battleline.winner")
        elif active:
            tag = i18n.t("battleline.to_move")
        tag_img = (
            self.art.text(tag, self.fs(1.15), darker(p["gold"], 0.8), bold=True) if tag else None
        )
        tag_w = tag_img.get_width() + round(g.unit) if tag_img else 0
        name = self.art.fitted(
            self.name(side), self.fs(1.6), p["text"], rect.right - pad - name_x - tag_w, bold=True
        )
        surface.blit(name, name.get_rect(midleft=(name_x, rect.y + rect.h * 0.32)))
        if tag_img is not None:
            pill = pygame.Rect(
                0, 0, tag_img.get_width() + round(0.8 * g.unit), tag_img.get_height()
            )
            pill.midright = (rect.right - pad, round(rect.y + rect.h * 0.32))
            surface.blit(self.art.panel(pill.w, pill.h, (*p["gold"], 255), None, pill.h // 2), pill)
            blit_center(surface, tag_img, pill.center)
        flags = sum(1 for fl in obs["flags"] if fl["claimed_by"] == side)
        parts = [i18n.t("battleline.flags_held", n=flags)]
        if obs["options"].get("tactics", "on") == "on":
            parts.append(i18n.t("battleline.tactics_played", n=obs["tactics_played"][side]))
        if obs["match"]["games"] > 1:
            parts.append(i18n.t("battleline.points", n=obs["match"]["points"][side]))
        line = self.art.fitted("   ".join(parts), self.fs(1.25), p["text_dim"], rect.w - 2 * pad)
        surface.blit(line, line.get_rect(midleft=(rect.x + pad, rect.y + rect.h * 0.72)))

    def _draw_decks(self, surface: pygame.Surface) -> None:
        p, g = self.ctx.palette, self.geo
        counts = self._deck_counts()
        targets = set(self._target_decks())
        hovered = self._deck_at(self.mouse) if self.mouse else None
        tactics_on = self.obs["options"].get("tactics", "on") == "on"
        for deck, rect in enumerate(g.decks):
            if deck == TACTICS_DECK and not tactics_on:
                continue
            name = i18n.t(
                "battleline.deck.troop" if deck == TROOP_DECK else "battleline.deck.tactics"
            )
            label = self.art.fitted(name.upper(), self.fs(1.15), p["text_dim"], rect.w + 8, True)
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.top - 2)))
            n = counts[deck]
            if deck in targets:
                ring = self.art.glow(
                    rect.w,
                    rect.h,
                    p["selected"] if deck == hovered else p["legal"],
                    max(3, rect.w // 12),
                )
                blit_center(
                    surface,
                    ring,
                    rect.center,
                    255 if deck == hovered else round(130 + 120 * self._pulse(4.0)),
                )
            if not n:
                surface.blit(self.art.slot(rect.w, rect.h, lighter(p["panel"], 0.4), False), rect)
                continue
            layers = min(6, (n + 4) // 5)
            dy = max(1, rect.w // 40)
            surface.blit(
                self.art.shadow(rect.w, rect.h), rect.move(-rect.w // 10 + 2, -rect.w // 10 + 4)
            )
            back = self.art.back(deck, rect.w)
            for i in range(layers - 1, -1, -1):
                surface.blit(back, rect.move(0, i * dy))
            top = self.obs["deck_tops"]["troop" if deck == TROOP_DECK else "tactics"]
            if top and top[0] is not None:  # the viewer put this card back with Scout
                mini = self.art.card(top[0], round(rect.w * 0.62))
                spot = mini.get_rect(topright=(rect.right + rect.w // 6, rect.top - rect.w // 8))
                surface.blit(mini, spot)
                tag = self.art.text(
                    i18n.t("battleline.deck.top"), self.fs(1.0), p["text"], bold=True
                )
                surface.blit(tag, tag.get_rect(midtop=(spot.centerx, spot.bottom)))
            badge = self.art.text(str(n), self.fs(1.35), darker(p["gold"], 0.8), bold=True)
            pill = pygame.Rect(
                0, 0, max(badge.get_width() + 10, badge.get_height()), badge.get_height()
            )
            pill.center = (rect.right - 2, rect.bottom + layers * dy - 2)
            surface.blit(self.art.panel(pill.w, pill.h, (*p["gold"], 255), None, pill.h // 2), pill)
            blit_center(surface, badge, pill.center)
            if self.hint == draw_action(deck):
                self._hint_ring(surface, rect)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        p, g = self.ctx.palette, self.geo
        button = self._action_button()
        if button is not None:
            hot = self.mouse is not None and g.action.collidepoint(self.mouse)
            self._button(surface, g.action, button[1], primary=True, hot=hot)
            if self.hint == button[0]:
                self._hint_ring(surface, g.action)
        # the auto-claim switch
        rect = g.toggle
        knob_h = round(rect.h * 0.7)
        track = pygame.Rect(rect.x, 0, round(knob_h * 1.9), knob_h)
        track.centery = rect.centery
        on = self.auto_claim
        fill = p["legal"] if on else lighter(p["panel"], 0.25)
        surface.blit(
            self.art.panel(track.w, track.h, (*fill, 255), lighter(fill, 0.3), track.h // 2), track
        )
        knob_x = track.right - knob_h // 2 if on else track.x + knob_h // 2
        pygame.draw.circle(surface, p["text"], (knob_x, track.centery), knob_h // 2 - 2)
        text = self.art.fitted(
            i18n.t("battleline.auto_claim"),
            self.fs(1.3),
            p["text"] if on else p["text_dim"],
            rect.w - track.w - 8,
        )
        surface.blit(text, text.get_rect(midleft=(track.right + round(0.6 * g.unit), rect.centery)))

    # --- claims: the proof shown ----------------------------------------------------------------
    def _hovered_claim_flag(self) -> int | None:
        """The flag under the mouse with a claim verdict for the viewer (their side complete)."""
        if self.mouse is None or self.drag is not None or self.selected is not None:
            return None
        flag = self._flag_at(self.mouse)
        if flag is None or self.obs["flags"][flag]["claim"] is None:
            return None
        return flag

    def _draw_claim_view(self, surface: pygame.Surface) -> None:
        """Hovering a complete side: why the flag can or cannot be claimed; a refused proof shows
        the completion that beats the viewer as faint cards on the opposing side."""
        flag = self._hovered_claim_flag()
        if flag is None:
            return
        info = self.obs["flags"][flag]
        claim = info["claim"]
        beaten = claim["beaten_by"]
        opp = 1 - self.me
        p = self.ctx.palette
        if beaten is not None and not claim["provable"]:
            have = len(info["cards"][opp])
            for i in range(len(beaten["cards"])):
                strip = self.slot_rect(flag, opp, have + i)
                strip.height = self.geo.step
                self.art.dashed_rect(surface, p["danger"], strip, 2, max(4, strip.w // 8))
            stack = info["cards"][opp]
            for morale, colour, value in beaten["wilds"]:
                if morale not in stack:
                    continue
                j = stack.index(morale)
                rect = self.visible_rect(flag, opp, j, len(stack))
                as_card = f"{SUIT_SYMBOLS[colour]}{value}"
                tag = self.art.text(
                    i18n.t("battleline.tip.as", card=as_card), self.fs(1.15), p["text"], bold=True
                )
                pill = pygame.Rect(0, 0, tag.get_width() + 8, tag.get_height())
                pill.midtop = (rect.centerx, rect.top + 2)
                surface.blit(self.art.panel(pill.w, pill.h, (*p["danger"], 235), None, 6), pill)
                blit_center(surface, tag, pill.center)
        self._tooltip(
            surface,
            self._claim_text(flag),
            self.column_rect(flag),
            p["legal"] if claim["provable"] else p["danger"],
        )

    def _draw_claim_ghosts(self, surface: pygame.Surface) -> None:
        """The refused proof's completion, as faint cards in the opposing side's free places
        (drawn under the cards there, as real cards would lie)."""
        flag = self._hovered_claim_flag()
        if flag is None:
            return
        info = self.obs["flags"][flag]
        beaten = info["claim"]["beaten_by"]
        if beaten is None or info["claim"]["provable"]:
            return
        opp = 1 - self.me
        have = len(info["cards"][opp])
        for i in range(len(beaten["cards"]) - 1, -1, -1):
            rect = self.slot_rect(flag, opp, have + i)
            surface.blit(self.art.ghost(beaten["cards"][i], self.geo.cw), rect)

    def _claim_text(self, flag: int) -> str:
        info = self.obs["flags"][flag]
        claim = info["claim"]
        me, opp = self.me, 1 - self.me
        mine = formation_label(info["formation"][me])
        if claim["provable"]:
            text = i18n.t("battleline.tip.provable", n=flag + 1, mine=mine)
            later = self.phase != "claim"
            when = "battleline.tip.after_play" if later else "battleline.tip.claim_now"
            return f"{text} {i18n.t(when)}"
        theirs_now = info["formation"][opp]
        if theirs_now is not None:
            if theirs_now["rank"] == info["formation"][me]["rank"] and (
                theirs_now["total"] == info["formation"][me]["total"]
            ):
                return i18n.t("battleline.tip.tie_lost", n=flag + 1, mine=mine, name=self.name(opp))
            return i18n.t(
                "battleline.tip.beaten", n=flag + 1, mine=mine, theirs=formation_label(theirs_now)
            )
        beaten = claim["beaten_by"]
        theirs = formation_label(beaten) if beaten else "?"
        return i18n.t(
            "battleline.tip.could_reach", n=flag + 1, mine=mine, theirs=theirs, name=self.name(opp)
        )

    def _note_box(self, text: str, width: int) -> tuple[pygame.Rect, list[pygame.Surface], int]:
        """A wrapped note: its box (to be placed), its lines, and the line height."""
        p, g = self.ctx.palette, self.geo
        size = self.fs(1.45)
        images = [
            self.art.text(line, size, p["text"]) for line in wrap(text, self._font(size), width)
        ]
        pad = round(0.9 * g.unit)
        line_h = round(size * 1.3)
        w = max(i.get_width() for i in images) + 2 * pad
        return pygame.Rect(0, 0, w, line_h * len(images) + 2 * pad), images, line_h

    def _blit_note(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        images: list[pygame.Surface],
        line_h: int,
        accent: Colour,
    ) -> None:
        p, g = self.ctx.palette, self.geo
        box.clamp_ip(g.felt)
        pad = round(0.9 * g.unit)
        surface.blit(self.art.panel(box.w, box.h, (*p["panel"], 240), accent, round(g.unit)), box)
        pygame.draw.rect(surface, accent, (box.x, box.y + 6, 3, box.h - 12))
        for i, image in enumerate(images):
            y = box.y + pad + i * line_h + (line_h - image.get_height()) // 2
            surface.blit(image, (box.x + pad, y))

    def _tooltip(
        self, surface: pygame.Surface, text: str, anchor: pygame.Rect, accent: Colour
    ) -> None:
        """A note beside a flag column, over the opposing cards (never over the flags)."""
        g = self.geo
        width = round(min(g.felt.w * 0.42, max(g.pitch * 3.2, 22 * g.unit)))
        box, images, line_h = self._note_box(text, width)
        pad = round(0.9 * g.unit)
        y = (g.field_top + g.ridge.top) // 2
        box.midleft = (anchor.right + pad, y)
        if box.right > g.felt.right - pad:
            box.midright = (anchor.left - pad, y)
        self._blit_note(surface, box, images, line_h, accent)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """A tactics card hovered in the viewer's hand: its name and effect, above it."""
        if self.mouse is None or self.drag is not None or self._hovered_claim_flag() is not None:
            return
        card = self._hand_card_at(self.mouse)
        if card is None or card < NUM_TROOPS:
            return
        g = self.geo
        rect = self._sprite_rect(self.sprites[card]).move(0, -round(self._lift(card) * g.hand_h))
        text = f"{i18n.t(f'battleline.tactic.{card}')}: {i18n.t(f'battleline.help.{card}')}"
        box, images, line_h = self._note_box(text, round(max(g.hand_w * 2.6, 20 * g.unit)))
        box.midbottom = (rect.centerx, rect.top - round(0.9 * g.unit))
        self._blit_note(surface, box, images, line_h, self.ctx.palette["gold"])

    # --- hints and banners --------------------------------------------------------------------
    def _draw_hint(self, surface: pygame.Surface) -> None:
        hint = self.hint
        if hint is None or not self._my_decision():
            return
        if is_flag(hint):
            flag = hint - FLAG_BASE
            n = len(self.obs["flags"][flag]["cards"][self.me])
            slots = self.obs["flags"][flag]["slots"]
            rect = self.slot_rect(flag, self.me, min(n, slots - 1))
            if self.obs["pending"]["card"] in ENVIRONMENT:
                rect = self._flag_token_rect(flag)
            self._hint_ring(surface, rect)
        elif is_card(hint) and self._side_of(self.obs, hint) is not None:
            f, side = self._side_of(self.obs, hint)
            stack = self.obs["flags"][f]["cards"][side]
            self._hint_ring(surface, self.visible_rect(f, side, stack.index(hint), len(stack)))
        elif hint == DISCARD:
            self._hint_ring(surface, self.geo.my_discard)

    def _hint_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        p, g = self.ctx.palette, self.geo
        ring = self.art.glow(rect.w, rect.h, p["hint"], max(3, round(g.unit * 0.5)))
        blit_center(surface, ring, rect.center, round(170 + 85 * self._pulse(5.0)))
        ink = darker(p["hint"], 0.7)
        label = self.art.text("★ " + i18n.t("battleline.hint"), self.fs(1.25), ink, bold=True)
        pill = pygame.Rect(0, 0, label.get_width() + round(g.unit), label.get_height())
        pill.midbottom = (rect.centerx, rect.top - 2)
        pygame.draw.rect(surface, p["hint"], pill, border_radius=pill.h // 2)
        blit_center(surface, label, pill.center)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        banner = self.banner
        if banner is None or banner.appear <= 0:
            return
        p, g = self.ctx.palette, self.geo
        k = min(1.0, banner.appear)
        rect = pygame.Rect(0, 0, round(g.felt.w * 0.62), round(max(g.back_h * 0.95, 8 * g.unit)))
        top = g.back_top + (g.back_h - rect.h) // 2  # over the opponent's hand, not the flags
        rect.midtop = (g.felt.centerx, top - round((1 - k) * rect.h * 0.5))
        colour = self.art.side(banner.side) if banner.side is not None else p["gold"]
        img = self.art.panel(
            rect.w, rect.h, (*darker(colour, 0.3), 245), lighter(colour, 0.4), rect.h // 4
        )
        img.set_alpha(round(255 * k))
        surface.blit(img, rect)
        img.set_alpha(255)
        title = self.art.fitted(
            banner.title, self.fs(3.0), p["text"], rect.w - 4 * rect.h // 3, bold=True
        )
        sub = self.art.fitted(banner.subtitle, self.fs(1.7), lighter(colour, 0.7), rect.w - 20)
        if banner.side is not None:
            mark = self.art.side_mark(banner.side, round(rect.h * 0.45), lighter(colour, 0.2))
            blit_center(surface, mark, (rect.x + rect.h * 0.55, rect.centery))
            blit_center(surface, mark, (rect.right - rect.h * 0.55, rect.centery))
        total = title.get_height() + sub.get_height()
        top = rect.centery - total // 2
        surface.blit(title, title.get_rect(midtop=(rect.centerx, top)))
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, top + title.get_height())))
