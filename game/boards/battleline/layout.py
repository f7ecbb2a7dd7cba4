"""Where Battle Line's things rest: the geometry derived from the board rect (recomputed on
resize), the ``Table`` that places every card an observation shows (hand fans, flag stacks,
discard piles), the sprites that carry them, and ``Part``, the base of the board's views."""

from __future__ import annotations

from collections.abc import Callable, Container, Hashable, Iterable
from typing import cast

import pygame

from game.boards.base import Board
from game.boards.battleline.art import STRIP, BattleLineArt, px
from game.boards.cards import arc_fan, card_height, card_rect
from game.boards.layer import Rest, Sprite
from game.boards.targets import Target, draw_targets
from game.engines.battleline.actions import NUM_FLAGS
from game.engines.battleline.cards import FOG, MUD, TACTICS_DECK, TROOP_DECK, deck_of
from game.engines.battleline.observation import BattleLineObservation, FlagView, HandView
from game.engines.battleline.placing import laid, side_of, stacks
from game.engines.battleline.words import short_name
from game.ui import overlays
from game.ui.draw import Colour

Z_MOVING = 10_000  # sprites in flight are drawn above everything at rest


# --- sprites: the animated state of what is drawn ----------------------------------------------
def shows(key: Hashable) -> tuple[int | None, int]:
    """What a key of the layer shows: a card id (the key itself), or None for a back in a hand
    (``back_key``), and its deck."""
    if isinstance(key, tuple):
        return None, key[1]
    card = cast(int, key)
    return card, deck_of(card)


def back_key(deck: int, n: int, own: bool) -> tuple:
    """The layer's key of a hand's ``n``-th unknown card of ``deck``: the opponent's
    ``("back", deck, n)``, or the viewer's own when its hand is masked too (a spectator's
    public view: ``cards`` None)."""
    return ("back", deck, n, "own") if own else ("back", deck, n)


def masked(obs: BattleLineObservation, side: int) -> bool:
    """Whether ``side``'s hand shows as backs: always the opponent's, the viewer's own in a
    spectator's public view."""
    return obs["hands"][side]["cards"] is None


def backs(hand: HandView, deck: int) -> int:
    """How many of a hand's cards of ``deck`` are unknown to the viewer (shown as backs)."""
    held = hand["troops"] if deck == TROOP_DECK else hand["tactics"]
    return held - sum(deck_of(c) == deck for c in hand["known"])


# Heights in card heights (ch) of the parts of the felt, top to bottom.
OPP_HAND = 0.78
RIDGE = 0.72
HAND = 1.3
LABEL = 0.19


class Geometry:
    """Every rectangle and size derived from the board rect (recomputed on resize): the felt with
    the flag columns on the left; the opponent, decks, buttons and the viewer in a column on the
    right."""

    def __init__(self, r: pygame.Rect) -> None:
        self.unit = u = max(4.5, min(r.w / 112, r.h / 74))
        self.pile_px = px(1.15, u)  # the DECK and DISCARD labels
        pad = round(u)
        col_w = int(min(max(r.w * 0.17, 14 * u), 24 * u))
        self.column = column = pygame.Rect(r.right - pad - col_w, r.y + pad, col_w, r.h - 2 * pad)
        self.felt = felt = pygame.Rect(
            r.x + pad, r.y + pad, column.x - r.x - 2 * pad, r.h - 2 * pad
        )
        self.pitch = pitch = (felt.w - pad) / NUM_FLAGS
        self.xs = [felt.x + pad / 2 + pitch * (i + 0.5) for i in range(NUM_FLAGS)]  # flag centres
        stack = 1 + 3 * STRIP  # four cards (a Mud flag), each covering all but a strip of the last
        rows = OPP_HAND + 2 * (LABEL + stack) + RIDGE + HAND
        ch = min((felt.h - 2.5 * pad) / rows, pitch * 0.84 * 1.4)
        self.cw = cw = max(16, int(ch / 1.4))  # a card at a flag
        self.ch = ch = card_height(cw)
        self.step = step = round(ch * STRIP)  # the visible strip of a covered card
        self.label_h = label_h = max(round(ch * LABEL), 12)
        stack_h = ch + 3 * step
        self.hand_w = min(round(cw * 1.22), round((felt.w - 2 * pad) / 5.5))
        self.hand_h = card_height(self.hand_w)
        self.hand_span = felt.w - 2 * pad  # the widest the hand fan may be
        self.back_w = round(cw * 0.74)
        self.back_h = card_height(self.back_w)
        hand_h = self.hand_h * 1.12  # the fan's arc and tilt need a little more
        used = self.back_h * 1.08 + 2 * (label_h + stack_h) + ch * RIDGE + hand_h
        gap = max(0.0, felt.h - pad - used) / 6
        y = felt.y + pad / 2
        self.back_top = round(y)
        y += self.back_h * 1.08 + gap
        self.opp_label_y = round(y + label_h / 2)
        self.field_top = self.opp_label_y - label_h // 2
        y += label_h + gap * 0.4
        self.opp_stack_bottom = round(y + stack_h)  # the bottom of the first card at each flag
        y += stack_h + gap * 0.6
        self.ridge = ridge = pygame.Rect(felt.x, round(y), felt.w, round(ch * RIDGE + gap * 1.2))
        y = ridge.bottom + gap * 0.6
        self.my_stack_top = round(y)
        y += stack_h + gap * 0.4
        self.my_label_y = round(y + label_h / 2)
        self.field_bottom = self.my_label_y + label_h // 2
        self.hand_top = round(y + label_h + gap * 0.8)
        fh = round(ch * RIDGE * 0.95)
        self.flag_size = (round(fh * 0.9), fh)
        self.env_px = px(1.35, u)  # the name on Fog or Mud at its flag
        self.env_h = round(self.env_px * 1.5)  # M+ lines stand ~1.5 em
        self.env_gap = max(2, round(0.3 * u))
        self._column(column, u, cw)

    def _column(self, column: pygame.Rect, u: float, cw: int) -> None:
        """The side column: plates, discard piles, decks, the buttons and the tactics card being
        resolved (``step_panel``, empty when there is no room)."""
        ip = max(4, round(0.8 * u))
        x, inner_w = column.x + ip, column.w - 2 * ip
        plate_h = round(max(5.2 * u, 30))
        lh = max(12, round(1.8 * u), round(1.6 * self.pile_px))  # DISCARD: M+ lines ~1.5 em
        self.mini_w = min(round(inner_w / 2.4), round(cw * 0.8))  # a card in a discard pile
        discard_h = lh + card_height(self.mini_w)
        self.opp_plate = pygame.Rect(x, column.y + ip, inner_w, plate_h)
        self.opp_discard = pygame.Rect(x, self.opp_plate.bottom + ip, inner_w, discard_h)
        self.my_plate = pygame.Rect(x, column.bottom - ip - plate_h, inner_w, plate_h)
        self.my_discard = pygame.Rect(x, self.my_plate.top - ip - discard_h, inner_w, discard_h)
        bh = round(max(3.4 * u, 20))
        th = round(bh * 0.8)
        kw = min((inner_w - ip) // 2, cw)
        kh = card_height(kw)
        block = lh + kh + round(kw * 0.1) + ip + bh + ip // 2 + th
        free_top, free_bottom = self.opp_discard.bottom + ip, self.my_discard.top - ip
        deck_y = round(self.ridge.centery - (lh + kh) / 2)
        deck_y = max(free_top, min(deck_y, free_bottom - block))
        gap_x = (inner_w - 2 * kw) // 3
        self.decks = (  # troop, tactics
            pygame.Rect(x + gap_x, deck_y + lh, kw, kh),
            pygame.Rect(x + 2 * gap_x + kw, deck_y + lh, kw, kh),
        )
        self.action = pygame.Rect(x, self.decks[0].bottom + round(kw * 0.1) + ip, inner_w, bh)
        self.toggle = pygame.Rect(x, self.action.bottom + ip // 2, inner_w, th)
        step_h = deck_y - ip - free_top
        self.step_panel = pygame.Rect(x, free_top, inner_w, step_h if step_h > 3 * lh else 0)


FAN_DEGREES = 2.4  # tilt between neighbouring cards of the viewer's hand


class Table:
    """Where each card an observation shows rests for the viewer (``me``, at the bottom): the
    geometry, the hand fans, the flags' stacks, the discard piles, a card waiting for its flag,
    and the art that draws them (remade when the palette changes)."""

    def __init__(self, rect: pygame.Rect, palette: dict) -> None:
        self.geo = Geometry(rect)
        self.me = 0
        self.art = BattleLineArt(palette, short_name)
        self.home: tuple[float, float] | None = None  # where the viewer's pending card rests

    def resize(self, rect: pygame.Rect) -> None:
        """The board's area changed: new geometry, images at new sizes."""
        self.geo = Geometry(rect)
        self.art.clear()
        self.home = None

    def repaint(self, palette: dict) -> None:
        """Keep the art's palette (the colour-blind setting may change it)."""
        if self.art.p != palette:
            self.art = BattleLineArt(palette, short_name)

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

    def env_rect(self, flag: int, card: int) -> pygame.Rect:
        """Where Fog or Mud lies at ``flag``: a band across its column, Fog along the ridge's top
        edge and Mud along its bottom, so both show at one flag with their names upright and
        whole; the pennant stands smaller between them (``pennant_zone``). Drawn under the
        pennant and half hidden, the sideways cards went unread."""
        g = self.geo
        rect = pygame.Rect(0, 0, round(g.pitch) - 2 * g.env_gap, g.env_h)
        rect.centerx = round(g.xs[flag])
        if card == FOG:
            rect.top = g.ridge.top + g.env_gap
        else:
            rect.bottom = g.ridge.bottom - g.env_gap
        return rect

    def env_place(self, flag: int, card: int) -> Rest:
        """Fog or Mud lands turned sideways on its band (``env_rect``), which then shows it."""
        rect = card_rect(*self.env_rect(flag, card).center, self.geo.env_h)
        return Rest(rect, -90.0 if card == FOG else 90.0, Z_MOVING)

    def pennant_zone(self, flag: FlagView, f: int, flying: Container[int] = ()) -> pygame.Rect:
        """The part of flag ``f``'s ridge left to its pennant beside Fog and Mud (but those
        still ``flying`` there)."""
        g = self.geo
        zone = pygame.Rect(round(g.xs[f] - g.pitch / 2), g.ridge.top, round(g.pitch), g.ridge.h)
        for card in (FOG, MUD):
            if laid(flag, card) >= 0 and card not in flying:
                band = self.env_rect(f, card).inflate(0, 2 * g.env_gap)
                zone = zone.clip(zone.move(0, band.h if card == FOG else -band.h))
        return zone

    def hand_places(self, n: int) -> list[tuple[float, float, float]]:
        """Centre and tilt of each card of the viewer's hand (a gentle arc)."""
        g = self.geo
        centre = ((g.xs[0] + g.xs[-1]) / 2, g.hand_top + g.hand_h / 2)
        spread = FAN_DEGREES * min(1.0, 7 / max(n, 1))
        return arc_fan(n, centre, g.hand_w, g.hand_span, g.hand_w * 0.84, g.hand_h * 0.05, spread)

    def opp_places(self, n: int) -> list[tuple[float, float, float]]:
        g = self.geo
        centre = ((g.xs[0] + g.xs[-1]) / 2, g.back_top + g.back_h * 0.56)
        span = round(g.hand_span * 0.6)
        return arc_fan(n, centre, g.back_w, span, g.back_w * 0.5, -g.back_h * 0.05, -1.6)

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

    def waiting_place(self, side: int) -> Rest:
        """Where a card taken by Redeploy or Traitor (or played, after a reload) waits for its
        flag: the free right end of that side's hand row (the viewer's card played from the
        hand waits where it was lifted, ``home``)."""
        g = self.geo
        x = g.felt.right - g.pitch * 0.95
        if side != self.me:
            w = round(g.back_w * 1.1)
            return Rest(card_rect(x, g.back_top + card_height(w) / 2, w), 0.0, 600)
        home = self.home or (x, g.hand_top + g.hand_h * 0.45)
        return Rest(card_rect(*home, g.hand_w), 0.0, 600)

    def top_card_rect(self, deck: int) -> pygame.Rect:
        """Where the card the viewer put back on ``deck`` with Scout shows: small, over the
        deck's lower left (clear of the deck's name above it and its count at the right)."""
        pile = self.geo.decks[deck]
        w = round(pile.w * 0.62)
        return pygame.Rect(pile.x - pile.w // 6, pile.y + pile.h // 4, w, card_height(w))

    def opp_order(self, obs: BattleLineObservation, side: int | None = None) -> list[Hashable]:
        """The opponent's (or ``side``'s) hand as shown: its known cards by id among its
        backs (``back_key``); troop cards first, then tactics (only the counts and known cards
        are visible)."""
        side = 1 - self.me if side is None else side
        hand, order = obs["hands"][side], list[Hashable]()
        for deck in (TROOP_DECK, TACTICS_DECK):
            order += [back_key(deck, n, side == self.me) for n in range(backs(hand, deck))]
            order += [c for c in hand["known"] if deck_of(c) == deck]
        return order

    def places(self, obs: BattleLineObservation) -> dict[Hashable, Rest]:
        """Where each card and back the viewer can see rests, in drawing order ``z``: the
        viewer's hand, the opponent's (``opp_order``), the flags' stacks, the discard piles, a
        card waiting for its flag, and Fog and Mud laid across their flags."""
        g, me = self.geo, self.me
        places: dict[Hashable, Rest] = {}
        mine = obs["hands"][me]["cards"]
        hand = self.opp_order(obs, me) if mine is None else list[Hashable](mine)
        order = self.opp_order(obs)
        fans = (
            (hand, self.hand_places(len(hand)), g.hand_w, 400),
            (order, self.opp_places(len(order)), g.back_w, 300),
        )
        for cards, spots, w, z in fans:
            for i, (card, (x, y, a)) in enumerate(zip(cards, spots, strict=True)):
                places[card] = Rest(card_rect(x, y, w), a, z + i)
        for f, side, stack in stacks(obs):
            for j, card in enumerate(stack):
                z = 200 + (j if side == me else 10 - j)
                places[card] = Rest(card_rect(*self.slot_rect(f, side, j).center, g.cw), 0.0, z)
        for side in (0, 1):
            pile = obs["discards"][side]
            for j, (card, (x, y)) in enumerate(
                zip(pile, self.discard_places(side, len(pile)), strict=True)
            ):
                places[card] = Rest(card_rect(x, y, g.mini_w), 0.0, 100 + j)
        pending = obs["pending"]["card"]
        if pending is not None and pending not in places and obs["turn"] is not None:
            places[pending] = self.waiting_place(obs["turn"])
        for f, flag in enumerate(obs["flags"]):
            for card in (FOG, MUD):
                if laid(flag, card) >= 0:  # it lands there; the flag row draws its band
                    places[card] = self.env_place(f, card)
        return places

    def zone(self, obs: BattleLineObservation, card: int | None) -> tuple:
        """Which group of places a visible card is in (a hand, a pile, one side of a flag)."""
        for side in (0, 1):
            if card in obs["discards"][side]:
                return ("discard", side)
        if card in (obs["hands"][self.me]["cards"] or []):
            return ("hand",)
        if card in obs["hands"][1 - self.me]["known"]:
            return ("known",)
        return ("flag", side_of(obs, card))


class Part:
    """A view of the board (the hand, the flag row, the side column, the cards): it keeps its
    own state, draws itself and answers its own hit test; it reads what is shown through the kit
    board (observation, legal moves, mouse, palette) and places things by the ``Table``."""

    def __init__(self, board: Board[BattleLineObservation], table: Table) -> None:
        self.board, self.table = board, table

    @property
    def obs(self) -> BattleLineObservation:
        return self.board.obs

    @property
    def me(self) -> int:
        return self.table.me

    @property
    def geo(self) -> Geometry:
        return self.table.geo

    @property
    def art(self) -> BattleLineArt:
        return self.table.art

    @property
    def p(self) -> dict:
        return self.board.ctx.palette

    @property
    def phase(self) -> str:
        return self.board.obs["phase"] if self.board.obs else ""

    @property
    def deciding(self) -> bool:
        """Whether the viewer decides now (``legal`` is given only then)."""
        return bool(self.board.legal) and bool(self.board.obs)

    def fs(self, size: float) -> int:
        return px(size, self.geo.unit)

    def sprite_rect(self, card: Hashable) -> pygame.Rect | None:
        """Where a card of the kit's layer is drawn now (unlifted), None if it is not."""
        sprite = self.board.layer.sprites.get(card)
        return None if sprite is None else card_rect(sprite.x, sprite.y, sprite.w)

    def blit_sprite(
        self, surface: pygame.Surface, sprite: Sprite, lift: float = 0.0, shadow: bool = False
    ) -> None:
        """Draw a card sprite as it stands: flipping, turned, lifted by ``lift`` pixels."""
        w, (card, deck) = max(4, round(sprite.w)), shows(sprite.key)
        front, back = (self.art.picture(c, deck, w) for c in (card, None))
        self.art.blit_card(surface, sprite, front, back, lift, shadow)

    def ring_targets(self, surface: pygame.Surface, targets: Iterable[Target]) -> None:
        """Rings round what may be picked now, breathing (the kit's ``targets``)."""
        alpha = self.board.breathing(urgent=True)
        draw_targets(surface, self.art, self.p, targets, self.board.mouse, alpha)

    def note(
        self, surface: pygame.Surface, text: str, width: int, place: Callable, accent: Colour
    ) -> None:
        """A note on the felt, placed by ``place`` (a function that moves its box)."""
        g = self.geo
        overlays.note(surface, self.art, text, width, place, g.felt, accent, self.fs(1.45))
