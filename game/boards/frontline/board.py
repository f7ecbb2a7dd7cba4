"""The Frontline General board: each side's Frontline, Rear Line and air space, the hands of the
viewer, the dice tray between the Frontlines, and a panel with the score, the decks, the card
under the mouse at full size and the decision's prompt and buttons.

Every legal action is either a thing on the table (a unit, a card in the hand, a card of the
deck at set-up) or a button. A thing with several actions (a target that may be fired at,
assaulted or called to surrender; a mobile gun that may go to either line) opens a small chooser
beside it. Hand cards may also be dragged to a line. Hidden decisions (commitment, declarations,
weapons) are drawn from the viewer's own observation only, so the other viewer sees face-down
backs and "has declared", never which. A view that takes the whole board over for a phase is
registered in ``phase_views`` (``self.phase_views["build"] = DeckView(...)``: an object with
``layout(rect)``, ``show(obs, viewer, legal)``, ``update(dt)``, ``draw(surface)``,
``handle_event(event)`` and ``clicks_for(action)``); while its phase lasts the board hands it
input, drawing and clicks.

This module keeps what the board holds (the keyed things, what each shows) and turns input
into actions. It composes sub-views that own their state: the dice ``tray``, the side ``panel``
(score, decks, zoomed card, prompt over the kit's decision bar), a thing's ``chooser`` (the
kit's ``menu.Menu``), the command ``fan`` (the kit's ``cards.HoverFan``), the ``aim`` (the legal
actions on things, the buttons, the chooser's words, press, drag and drop, odds on targets,
glows, refusals, tooltip), the ``pieces`` (how a thing draws) and the ``news`` (units revealed
this turn, the marks that stay). Pictures are in ``cards``/``faces``
(card faces), ``art`` (unit tiles, dice, arrows), ``emblems``, ``palette``, ``pictures``;
``layout`` says where the parts and the things rest. ``aim`` reads the board through the
``host.Host`` protocol; ``pieces`` (the table under the things, each thing, the arrows) draws the
observation it is shown, and ``motion`` (the layer's choreography, the floats) moves the layer,
timeline, tray and panel it is given. The words are the engine's
(``game.engines.frontline.words``), and so are the rules' answers
(``game.engines.frontline.preview``: odds, DEF now, why a unit has no target).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

import pygame

from game.boards.base import Board, BoardContext, Decision, Things
from game.boards.cards import HoverFan
from game.boards.decision import Choice
from game.boards.frontline import cards as fc
from game.boards.frontline import pictures
from game.boards.frontline.aim import Aim
from game.boards.frontline.art import FrontlineArt, draw_emblem
from game.boards.frontline.deck.view import DeckView
from game.boards.frontline.layout import Geo, compute, places, row_name, split_key, things_of
from game.boards.frontline.motion import Motions
from game.boards.frontline.news import News
from game.boards.frontline.panel import SidePanel
from game.boards.frontline.pieces import TABLE_ROWS, Pieces
from game.boards.frontline.tray import Tray
from game.boards.layer import Motion
from game.boards.menu import Menu, clicks, place
from game.engines.base import State
from game.engines.frontline import offer, preview
from game.engines.frontline import words as fw
from game.engines.frontline.actions import DONE
from game.engines.frontline.observation import FrontlineObservation, UnitView
from game.engines.frontline.options import SEAT0_ARMY
from game.turns import Step
from game.ui.draw import Colour
from game.words import words_of


class FrontlineBoard(Board[FrontlineObservation]):
    ACCENT = (132, 150, 88)
    draw_emblem = staticmethod(draw_emblem)
    PALETTES: ClassVar[dict[str, dict[str, Colour]]] = fc.PALETTES
    SEAT_ROLES: ClassVar[tuple[str, ...]] = ("us", "ge")  # the default seat0_army is US
    # Health above and at/below the ½HP mark must read apart (colour-blind too).
    DISTINCT: ClassVar[tuple[tuple[str, ...], ...]] = (("hp", "hp_low"),)
    summary = staticmethod(fw.summary)
    words: fw.FrontlineWords  # the seat names go into the log's words

    @classmethod
    def seat_roles(cls, options: dict) -> tuple[str, ...]:
        """Each seat wears its army's colour: the first seat may command either army."""
        return cls.SEAT_ROLES[::-1] if options.get(SEAT0_ARMY) == "GE" else cls.SEAT_ROLES

    def __init__(self, ctx: BoardContext) -> None:
        super().__init__(ctx)
        self.art = FrontlineArt(ctx.palette, ctx.lang)
        self.geo: Geo = compute(self.rect)
        self.views: dict[Hashable, Any] = {}  # what each key shows (leaving things included)
        self.chooser = Menu(self.art, ctx.palette["gold"], "frontline.choose")
        self.bar.axis, self.bar.foot = "column", True  # one under another, under the prompt
        self.aim = Aim(self)  # what may be clicked: actions on things, buttons, odds, drags
        self._things: tuple[FrontlineObservation | None, Things] = (None, {})
        self.news = News()  # the other side's units new this turn, and the marks that stay
        self.aside: list[Hashable] = []  # hand cards clicked to set aside this commitment
        self.fan = HoverFan(lambda key: split_key(key)[0] == "cmd")  # the command cards
        self.texts: list[pygame.Rect] = []  # where the last paint wrote its labels (none overlap)
        self.tray = Tray(self.art, ctx.palette)
        self.panel = SidePanel(self.art, ctx.palette, ctx.lang, self.geo)
        # What a change shows besides the slides: floats, shakes, flips, the die, call-outs.
        self.motion = Motions(self.tweens, self.layer, self.tray, self.panel, self.art)
        # How things draw, and what the last paint tucked on units.
        self.pieces = Pieces(self.art, self.layer, self.views, self.motion.offset, self.geo)
        self.tray.layout(self.geo.rows["tray"], self.geo.unit)
        self.motion.layout(self.geo)
        # Views that take the whole board over while their phase lasts (the deck builder for
        # "build"): objects with layout, show, update, draw, handle_event and clicks_for.
        self.phase_views: dict[str, Any] = {"build": DeckView(ctx)}

    # --- geometry --------------------------------------------------------------------------
    def phase_view(self) -> Any:
        """The view that has taken the board over for the current phase, if any."""
        return self.phase_views.get(self.obs.get("phase", "")) if self.obs else None

    def layout(self, rect: pygame.Rect) -> None:
        self.geo, self.fan.anchor = compute(rect), None
        self.tray.layout(self.geo.rows["tray"], self.geo.unit)
        self.panel.geo = self.geo
        self.motion.layout(self.geo)
        super().layout(rect)
        for view in self.phase_views.values():
            view.layout(rect)

    def label_regions(self) -> list[pygame.Rect]:
        """The kit's last-move tag and hint caption keep off the opponent's bar (its hand's
        counts), the side panel, the dice, each row's name on its left, every word this
        frame's paint wrote (the tray's steps and attack, "new" chips, natural calls) and what
        it tucked on units (Damage card strips, effect chips): a tag for a unit in the top row
        sat on the opponent's hand, one at a row's first unit on the row's name or a "new"
        chip."""
        geo = self.geo
        names = [row_name(geo.rows[row], geo.unit) for row in TABLE_ROWS if row != "hand"]
        fixed = [geo.rows["opp_bar"], geo.side, self.tray.dice_rect, *names]
        return fixed + self.texts + self.pieces.tucked + self.aim.on_tiles

    @property
    def me(self) -> int:
        return self.viewer

    def side_of(self, seat: int) -> int:
        """The army (0 US, 1 Germany) of a seat."""
        return 0 if self.obs["seats"][seat]["army"] == "US" else 1

    def things(self, obs: FrontlineObservation) -> Things:
        """Units by position, face-down cards by seat and order, the viewer's hand cards by
        card and copy, the viewer's deck at set-up (remembered for the observation shown: hit
        tests and drawing ask for it many times a frame)."""
        if not obs:
            return {}
        if self._things[0] is obs:
            return self._things[1]
        out = things_of(obs)
        self._things = (obs, out)
        return out

    def resting_places(self, obs: FrontlineObservation) -> dict[Hashable, pygame.Rect]:
        """Where things rest: the command cards spread while the pointer is on them (``fan``)."""
        rests = self.shut_places(obs)
        return rests | self.fan.spread(self.fan.cards(rests), self.geo.hand_span)

    def shut_places(self, obs: FrontlineObservation) -> dict[Hashable, pygame.Rect]:
        """Where things rest with the command fan shut; the starting-hand grid keeps a slot for
        every card of the deck, so taking a card's last copy leaves a gap instead of sliding the
        others under the pointer."""
        slots: list[Hashable] = []
        if obs["phase"] == "pick":
            deck = obs["seats"][obs["viewer"]]["deck"] or []
            slots = [("pick", card) for card in sorted(set(deck))]
        things = self.things(obs)
        aside = self.aside if obs["phase"] == "commit" else []
        return {k: r for k, r in places(self.geo, obs, slots, aside).items() if k in things}

    def hover_fan(self, pos: tuple[int, int] | None) -> None:
        """The command fan follows the pointer (not under an open chooser, whose card is being
        decided, nor while a card is pressed or dragged)."""
        if self.obs and self.choosing is None and not self.aim.press.held and not self.phase_view():
            shut = self.fan.cards(self.shut_places(self.obs))
            self.fan.follow(pos, shut, self.geo.hand_span, self.layer)

    def move(self, pos: tuple[int, int]) -> None:
        self.aim.press.follow(pos)
        self.hover_fan(pos)

    def handle_idle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_fan(event.pos)
        return super().handle_idle_event(event)

    def thing_rect(self, key: Hashable) -> pygame.Rect | None:
        """A command card is where it rests: sliding while the fan opens or shuts, it must not
        take a click from the card pointed at."""
        rest = self.fan.rests.get(key)
        return rest if rest is not None and key in self.layer.sprites else super().thing_rect(key)

    # --- observations and animation ----------------------------------------------------------
    def show(self, obs: FrontlineObservation, viewer: int, legal: list[int], animate: bool) -> None:
        self.chooser.close()
        self.aim.press.cancel()
        self.aim.odds = {}  # odds shown for this observation
        previous, same = self.obs or None, viewer == self.viewer
        before, now = self.things(self.obs), self.things(obs)
        self.news.note(previous, obs, viewer, same, animate, before, now)
        self.tray.note(previous, obs)
        if obs["phase"] != "commit":
            self.aside = []
        if self.fan.anchor is not None and self.fan.anchor[0] not in self.things(obs):
            self.fan.anchor = None  # its card left the hand
        self.panel.viewer = viewer
        super().show(obs, viewer, legal, animate)
        self.marked = self.news.marked(self.marked, obs, viewer, self.things(obs))
        self.aim.index(bool(self.legal) and self.phase_view() is None)
        self.offer_choices()  # the buttons are known only now
        view = self.phase_view()
        if view is not None:
            view.show(obs, viewer, legal)

    def mover(self, obs: FrontlineObservation) -> int:
        return max(-1, obs.get("current_player", -1))

    def on_observation(
        self, previous: FrontlineObservation | None, obs: FrontlineObservation, animate: bool
    ) -> None:
        for view in obs["board"]:
            self.views[("unit", view["pos"])] = view
        super().on_observation(previous, obs, animate)

    def choreography(
        self, previous: FrontlineObservation, obs: FrontlineObservation
    ) -> Mapping[Hashable, Motion]:
        side = self.side_of(self.attacker_seat(obs))  # a natural is called in its colours
        return self.motion.choreography(previous, obs, self.resting_places(obs), side)

    def attacker_seat(self, obs: FrontlineObservation) -> int:
        pos = obs["attack"]["attacker"]
        unit = next((v for v in obs["board"] if v["pos"] == pos), None)
        if unit is not None:
            return int(unit["owner"])
        return max(0, self.mover(obs))

    # --- what the viewer may click ------------------------------------------------------------
    def attacker(self) -> UnitView | None:
        """The unit whose decision it is (the declaring attacker, the attack under way)."""
        return preview.deciding_unit(self.obs)

    def tray_words(self) -> str:
        """The tray's line: the attack under way, the initiative, or what the step is about."""
        tray, names = self.tray, self.ctx.seat_names
        return fw.tray_words(self.obs, self.me, names, tray.attacked, tray.boosts)

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Decision:
        """The phase's own view takes every event while its phase lasts; an open chooser takes
        the keys (its badges 1, 2, ... before the bar's); else the kit routes."""
        view = self.phase_view()
        if view is not None:
            return view.handle_event(event)
        if self.choosing is not None and event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return super().handle_event(event)

    def decision(self) -> tuple[str, Sequence[Choice]]:
        """The actions on no thing of the table, as the decision bar's buttons (the prompt is
        the panel's own, wrapped over them)."""
        return "", [
            Choice(action, label, detail, key=action) for action, label, detail in self.buttons
        ]

    def bar_area(self) -> pygame.Rect:
        """The panel's prompt box: the bar stands at its foot, as tall as its buttons."""
        return self.geo.prompt

    @property
    def choosing(self) -> Hashable | None:
        """The thing whose chooser is open."""
        return self.chooser.key

    def key(self, key: int) -> Decision:
        """Enter passes or commits, Escape closes a chooser; 1..9 pick an open chooser's
        options (as its badges show), else press the buttons."""
        if self.choosing is not None or key == pygame.K_ESCAPE:
            return self.chooser.press(key)
        if key == pygame.K_RETURN and DONE in self.legal:
            return DONE
        return super().key(key)

    def numbered(self) -> list[int]:
        """An open chooser's options (its badges 1, 2, ...), else the panel's buttons: with
        "1 Play it / 2 Discard for +1" open, key 1 pressed the panel's Roll."""
        if self.choosing is not None:
            return self.chooser.numbered()  # type: ignore[return-value]
        return super().numbered()

    def click(self, pos: tuple[int, int]) -> Decision:
        """A press only notes what it is on: the release decides (a click, or a drag's drop)."""
        self.aim.press.down(pos, self.key_at(pos))
        return None

    def release(self, pos: tuple[int, int]) -> Decision:
        held = self.aim.press.held
        key, carried = self.aim.press.up(pos)
        if self.choosing is not None:
            return self.chooser.release(pos, self.ctx.feedback)
        if carried:
            return self.aim.drop(key, pos)
        key = key if held else self.key_at(pos)
        if key is None:
            if self.obs["phase"] == "commit" and self.geo.rows["hand"].collidepoint(pos):
                return self.refuse("frontline.refuse.set_aside")  # a gap a card left
            return None
        actions = self.spots.get(key)
        if not actions:
            return self.aim.refused(key)
        if self.obs["phase"] == "commit" and split_key(key)[0] == "hand":
            self.aside.append(key)  # which copy: the others keep their slots
        options, anchor = self.chooser_options(key), self._anchor(key)
        return self.chooser.take(key, options, anchor, self.geo.table, self.geo.unit)

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        view = self.phase_view()
        if view is not None:
            return view.clicks_for(action)
        button = self.bar.choice_rect(action)
        if button is not None:
            return [button.center]
        for key, actions in self.spots.items():
            if action in actions:
                assert self.thing_rect(key) is not None, key
                point = self.point_on(key, self.key_at)  # a fanned card: its visible part
                options, anchor = self.chooser_options(key), self._anchor(key)
                return clicks(point, options, action, anchor, self.geo.table, self.geo.unit)
        raise ValueError(f"action {action} is not offered on the board")

    def reset_input(self) -> None:
        self.chooser.close()
        self.aim.press.cancel()

    # --- chooser and buttons ------------------------------------------------------------------
    def chooser_options(self, key: Hashable) -> list[tuple[int | None, str]]:
        return self.aim.options(key)

    def chooser_rects(self, key: Hashable) -> list[pygame.Rect]:
        """Where thing ``key``'s chooser opens: ``[popup, option 1, …]``."""
        return place(self.chooser_options(key), self._anchor(key), self.geo.table, self.geo.unit)

    def _anchor(self, key: Hashable) -> pygame.Rect:
        """What thing ``key``'s chooser opens beside."""
        return self.thing_rect(key) or pygame.Rect(self.geo.table.center, (1, 1))

    @property
    def spots(self) -> dict[Hashable, list[int]]:
        """Legal actions by the thing they are on."""
        return self.aim.spots

    @property
    def buttons(self) -> list[tuple[int, str, str]]:
        """The actions on no thing: (action, label, detail)."""
        return self.aim.buttons

    @property
    def revealed(self) -> set[tuple[str, int]]:
        return self.news.revealed

    def option_words(self, action: int) -> str:
        return offer.option_words(self.obs, action)

    # --- drawing --------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        surface.fill(self.ctx.palette["bg"], self.rect)
        self.texts, self.pieces.tucked, self.aim.on_tiles = [], [], []
        if not self.obs:
            return
        view = self.phase_view()
        if view is not None:
            view.draw(surface)
            return
        self.pieces.show(self.obs, self.things(self.obs), self.geo)
        self.pieces.paint_table(surface, [self.seat_name(seat) for seat in (0, 1)])
        self.tray.draw_under(surface)
        if self.obs["phase"] == "pick":
            self.texts += self.pieces.paint_pick(surface, self.resting_places(self.obs))
        self.draw_layer(surface)
        self.pieces.paint_arrows(surface)
        self.texts += self.tray.draw(
            surface, self.obs, self.tray_words(), self.attacker_seat(self.obs)
        )
        self.aim.paint_glows(surface)
        self.texts += self.news.draw(surface, self.layer, self.ctx.palette["gold"], self.geo.unit)
        names, bar = self.ctx.seat_names, self.bar.rect.top if self.bar.rect.h else None
        prompt = fw.prompt_text(self.obs, self.me, self.legal, names, self.tray_words)
        zoom = self.pieces.card_image(self.zoomed(), self.panel.zoom_width)
        self.texts += self.panel.draw(surface, self.obs, names, zoom, prompt, bar)

    def draw_thing(
        self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float
    ) -> None:
        self.pieces.draw(surface, key, rect, alpha)

    def hovered_button(self) -> int | None:
        """The action of the bar's button under the mouse."""
        index = self.bar.hovered
        return None if index is None else self.bar.choices[index].action

    def zoomed(self) -> Hashable | None:
        """The card shown large in the panel: the one under the mouse, else the attacker."""
        key = self.hovered
        if key is None and self.choosing is not None:
            key = self.choosing
        if key is None:
            attacker = self.attacker()
            if attacker is not None:
                key = ("unit", attacker["pos"])
        return key

    def paint_overlays(self, surface: pygame.Surface) -> None:
        # The kit's rings go under a ringed unit's chips and crew: they hid a Smoke Screen.
        if not self.is_animating():
            for key in (self.highlighted or self.marked) & self.views.keys():
                rect = self.thing_rect(key)
                if rect is not None:
                    self.pieces.markers(surface, self.views[key], rect)
        self.aim.paint_drag(surface)
        self.motion.paint(surface)
        if self.choosing in self.spots:
            self.chooser.draw(surface, self.mouse)
        if not self.geo.zoom.h and self.mouse is not None and self.choosing is None:
            image = self.pieces.card_image(self.hovered, round(self.geo.table.h * 0.46 / fc.RATIO))
            if image is not None:  # a narrow board: the card floats over the table
                self.panel.draw_floating(surface, image, self.mouse)
        self.aim.paint_tooltip(surface)

    def update(self, dt: float) -> None:
        super().update(dt)
        view = self.phase_view()
        if view is not None:
            view.update(dt)
        if not self.tweens.busy:
            self.motion.settle()

    # --- words ---------------------------------------------------------------------------------
    @classmethod
    def rules_picture(cls, name: str, width: int) -> pygame.Surface | None:
        return pictures.picture(name, width)

    @classmethod
    def confirms(cls, state: State, action: int) -> bool:
        """The Commit after the last committable card was set aside waits for its click: it
        was sent at once, before the player could take a card back."""
        obs = state.observation(state.current_player())
        return (
            obs["phase"] == "commit"
            and action == DONE
            and bool(obs["seats"][obs["viewer"]]["face_down_count"])
        )

    # One-line delegations the scenes still call until they ask ``words_of("frontline")``.
    @classmethod
    def log_phrase(cls, state: State, action: int, viewer: int) -> tuple[str, dict]:
        return words_of("frontline").log_phrase(state, action, viewer)

    def log_text(self, key: str, args: dict) -> str | None:
        return self.words.log_text(key, args, self.ctx.seat_names)

    def turn_words(self, steps: list[Step]) -> list[str]:
        return self.words.turn_words(steps, self.ctx.seat_names)

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        sides = (self.side_of(0), self.side_of(1)) if self.obs else (0, 1)
        return self.art.log_icons(steps, px, sides)


BOARD = FrontlineBoard
