"""The board kit: the contract between the generic match scene and a game's board view, and
everything every board needs written once.

A board draws only from ``observation(viewer)`` (so hot-seat privacy and "the AI cannot peek"
hold by construction) and turns clicks into action ids. The match scene owns the true state,
the turn loop, undo, the log and the AI; the board owns pixels and animation.

Flow per action, driven by the match scene:
    board.show(obs, viewer, legal, animate=True)  # after every applied action (and on load/undo)
    action = board.handle_event(event)            # an action id (or several) when decided
    board.update(dt); board.draw(surface)         # every frame

What a new board writes:
    ACCENT, draw_emblem           the game's colour and emblem (gallery, set-up, app icon); required
    PALETTES, SEAT_ROLES          class attributes: colours by role, and which role is each seat's
    DISTINCT                      further palette-key groups that must stay apart (colour-blind too)
    summary(obs, names)           the game-over table and notes, if the generic one does not fit
    things(obs)                   the keyed layer: every thing on the table by a stable key
    rest(key, obs), draw_thing    where each thing rests (a rectangle, or a ``Rest`` with a tilt)
                                  and how it looks: the kit's sprite layer then animates enter /
                                  move / exit between observations, hit-tests (``key_at``,
                                  ``hovered``) and marks the opponent's last turn
    choreography(prev, obs)       (optional) how keys enter, move and leave in this change: a
                                  ``layer.Motion`` per key (from a deck, to a discard, after a
                                  delay, on an arc, turning over, with a sound, an effect such as
                                  a strike); board-wide extras (a banner) go on ``self.tweens``
    follows(prev, obs)            (optional) whether a change is animated (not an undo or a load)
    paint(surface)                the table under the things (call ``draw_layer``); what lies above
                                  the marks goes in ``paint_overlays``
    decision(), bar_area()        what the viewer may choose now, as a prompt and ``Choice``s,
                                  and where the kit's decision bar (:mod:`game.boards.decision`)
                                  goes: its clicks, keys 1..9, hint rings and ``keep_clear`` then
                                  come for free (call ``offer_choices`` when they change)
    click, release, key, move     what a click, the end of a drag, a key or a mouse move means
    numbered()                    the actions keys 1..9 pick (default: the bar's)
    clicks_for(action)            where to click for a legal action (default: the bar's buttons)
    turn_words, log_icons         a turn of the move log in words and small pictures
    recap(turns)                  (optional) each other player's turn since the viewer's last
    reset_input()                 forget a half-made decision (a selected card), if it has any
    spot_at, keep_clear           (optional) things outside the keyed layer, and what messages
                                  never cover (the hand)

What the kit gives: the timeline (obeys the speed setting, "off" included, and click-to-skip),
event routing, hover tracking and hit-testing over the keyed layer (``key_at``, ``point_on``,
``hit``), sprite flights (:mod:`game.boards.layer`), the "last move" marks (kept until the viewer
acts, with animations off too), log highlights, refusals said beside the thing refused
(``refusal_box``), the seat panel's contents (``seat``), and the shared overlays in
:mod:`game.ui.overlays` (banner, hint marker, tooltip, info box, chooser popup, seat panel, button,
switch, pile) and drawing in :mod:`game.ui.draw` (``Art.ring``, ``veil``, ``badge``, ``approach``).

Illegal clicks: return the action anyway and let the engine's IllegalActionError explain, or call
``ctx.feedback(text)`` for a click that maps to no action at all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar, cast

import pygame

from game import i18n
from game.boards.decision import NUMBER_KEYS, Choice, Decision, DecisionBar
from game.boards.layer import Motion, Place, SpriteLayer
from game.boards.palette import BASE_PALETTE
from game.engines.base import Game, State
from game.summary import Summary
from game.turns import Step, Turn
from game.ui import draw, overlays
from game.ui.draw import Colour
from game.ui.text import render
from game.ui.tween import Timeline
from game.words import words_of

Obs = dict[str, Any]
# A board's own observation type: its engine's TypedDict (``Board[FlinkObservation]``), so mypy
# checks every read of it in the board.
ObsT = TypeVar("ObsT", bound=Mapping[str, Any])
Things = dict[Hashable, Hashable]  # key -> what it shows (a change of value is a move)
K = TypeVar("K")


@dataclass
class BoardContext:
    """What the match scene lends a board."""

    game: Game
    options: dict
    num_players: int
    seat_names: list[str]  # display name per seat ("You", "Hard AI", "Player 2", ...)
    palette: dict[str, Colour]  # the game's palette (colour-blind variant applied)
    lang: str  # "en" | "ja"
    feedback: Callable[[str], None]  # show a short message (illegal click, hint text)
    play_sound: Callable[[str], None]  # "place", "flip", "attack", "knock", "error", "win", ...
    anim_speed: Callable[[], float]  # multiplier; 0 means animations off (snap)
    extra: dict = field(default_factory=dict)
    data_dir: Path | None = None  # where a board may keep files of its own (saved decks)
    thinking: Callable[[], bool] = lambda: False  # an AI is choosing the move now
    # The AI's chance that the player to move wins once it plays an action (a hint's why), lent
    # by the scene (which may import the AI; a board never does); None where it has none.
    chance_after: Callable[[int], float | None] = lambda action: None


def hit(pos: tuple[int, int], places: Iterable[tuple[K, pygame.Rect]]) -> K | None:
    """The first of ``places`` (a key and its rectangle) that holds ``pos``: a hit test."""
    return next((key for key, rect in places if rect.collidepoint(pos)), None)


def changed_keys(before: Things, after: Things) -> set[Hashable]:
    """Keys that entered or changed between two snapshots of the keyed layer."""
    return {key for key, value in after.items() if before.get(key, _MISSING) != value}


_MISSING = object()
# The last-move tag keeps off this many of the things and move spots nearest it (more would only
# slow the search for a free place; far ones are not where the tag goes anyway).
TAG_AVOIDS = 32


class Board(Generic[ObsT]):
    """Base class of every board; games override the hooks listed in the module docstring."""

    # The game's colour: its gallery card, scene backdrops and wedge of the app icon. Every
    # board declares one (the board contract test fails without), as it does ``draw_emblem``.
    ACCENT: ClassVar[Colour]
    PALETTES: ClassVar[dict[str, dict[str, Colour]]] = {"normal": {}}
    SEAT_ROLES: ClassVar[tuple[str, ...]] = ()  # palette keys of the seats' colours, by seat
    # Further groups of palette keys whose colours must be told apart (besides the seat roles),
    # also with a colour-vision deficiency: tests/test_palettes_cvd.py checks every group.
    DISTINCT: ClassVar[tuple[tuple[str, ...], ...]] = ()

    @staticmethod
    def draw_emblem(s: pygame.Surface, n: int) -> None:
        """Draw the game's emblem filling the transparent ``n``-square ``s`` (drawn at four
        times its size and scaled down by ``game.ui.emblems``, so primitives look smooth)."""
        raise NotImplementedError("every board draws its game's emblem")

    @classmethod
    def seat_roles(cls, options: dict) -> tuple[str, ...]:
        """The seats' colour roles under these game options (a game whose options decide which
        side each seat plays overrides this)."""
        return cls.SEAT_ROLES

    def __init__(self, ctx: BoardContext) -> None:
        self.ctx = ctx
        self.words = words_of(ctx.game.id)  # the game's words, beside its engine
        self.tweens = Timeline(ctx.anim_speed, ctx.play_sound)
        self.layer = SpriteLayer(self.tweens)  # used when the board says where things rest
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.viewer = 0
        self.obs: ObsT = cast(ObsT, {})  # the observation shown ({} until the first)
        self.legal: list[int] = []  # legal actions when the viewer may act, else empty
        self.hint: int | None = None  # the hinted move's next part (what boards ring themselves)
        self.hint_line: tuple[int, ...] = ()  # the whole hinted move, ``hint`` first
        self.hint_words: tuple[str, ...] = ()  # each part in words, for the caption
        self.hint_box: pygame.Rect | None = None  # where the caption was last drawn
        self.mark_tag_box: pygame.Rect | None = None  # where the last-move tag was last drawn
        self.clock = 0.0  # seconds of real time shown, for idle effects (glows that pulse)
        self.mouse: tuple[int, int] | None = None
        # A past position of the log is shown (the scene sets it): what only live play means,
        # such as who is acting now, is not drawn over it.
        self.reviewing = False
        self.marked: set[Hashable] = set()  # the other player's last turn, shown on the board
        self.highlighted: set[Hashable] = set()  # a turn picked in the log (hover or review)
        self._marks: set[Hashable] = set()
        self._marked_at: Things = {}
        self._turn_of = -1  # who made the decisions being marked
        self._tag_avoided: list[pygame.Rect] | None = None  # see tag_avoids
        self.bar = DecisionBar(self)  # the kit's prompt and buttons (``decision``)

    # --- called by the match scene ----------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """The board's area changed (window resize): recompute geometry."""
        self.rect = pygame.Rect(rect)
        self._tag_avoided = None
        if self.obs:
            self.layer.sync(self.resting_places(self.obs), animate=False)
        self.offer_choices()

    def show(self, obs: ObsT, viewer: int, legal: list[int], animate: bool) -> None:
        """A new observation for ``viewer``; animate the change from the previous one if asked.

        ``legal`` is non-empty only when the viewer is a human whose decision it is now.
        """
        previous = self.obs or None
        self.obs, self.viewer, self.legal, self.hint = obs, viewer, legal, None
        self.hint_line, self.hint_words, self.hint_box = (), (), None
        self._tag_avoided = None
        self._note_turn(previous, obs, viewer, animate)
        self.on_observation(previous, obs, animate and previous is not None)
        self.offer_choices()
        if self.ctx.anim_speed() <= 0:
            self.tweens.finish_all()

    def show_hint(self, line: int | Sequence[int], words: Sequence[str] = ()) -> None:
        """Suggest a whole move: its parts in order (a card, then its flag), ``words`` saying each
        in the caption drawn beside them: the kit rings every part (numbered when there are
        several) and places the caption; a board may mark ``hint`` (the next part) further."""
        self.hint_line = (line,) if isinstance(line, int) else tuple(line)
        self.hint = self.hint_line[0] if self.hint_line else None
        self.hint_words = tuple(words)

    def recap(self, turns: Sequence[Turn]) -> None:
        """The other players' turns since the viewer's last (``turns.since``), oldest first,
        given by the scene after every ``show`` of live play (none in review). The kit marks
        the latest turn only; a board where several players move between two of the viewer's
        turns says each of them from here (Tsuno's teammates). Default: nothing."""

    def highlight_turn(self, before: ObsT | None, after: ObsT | None) -> None:
        """Highlight what changed from ``before`` to ``after`` (a log row hovered or reviewed);
        None clears the highlight."""
        if before is None or after is None:
            self.highlighted = set()
        else:
            self.highlighted = changed_keys(self.things(before), self.things(after))

    def handle_event(self, event: pygame.event.Event) -> Decision:
        """An action id when the event completes a human decision, a list of them when it
        completes several (a card dragged to its target: the scene plays them in order and
        stops at the first refusal), else None. The kit keeps the mouse position and routes the
        event to ``move``, ``click``, ``release`` (left button), ``reset_input`` (right button)
        or ``key``."""
        on_bar = event.type == pygame.MOUSEBUTTONDOWN and self.bar.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.bar.move(event.pos)
            self.move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self.bar.click(event.pos) if on_bar else self.click(event.pos)
        elif event.type == pygame.KEYDOWN and self.bar.choices and event.key in NUMBER_KEYS:
            return self.bar.key(event.key)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.reset_input()
        elif event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return None

    def move(self, pos: tuple[int, int]) -> None:
        """The mouse moved to ``pos`` (already kept as ``mouse``): a press may become a drag."""

    def click(self, pos: tuple[int, int]) -> Decision:
        """A left click at ``pos`` while the viewer may act."""
        return None

    def release(self, pos: tuple[int, int]) -> Decision:
        """The left button released at ``pos`` (the end of a drag)."""
        return None

    def key(self, key: int) -> Decision:
        """A key pressed: 1..9 (row or keypad) pick that one of ``numbered()``."""
        n = NUMBER_KEYS.get(key, 0)
        choices = self.numbered()
        return choices[n - 1] if 0 < n <= len(choices) else None

    def numbered(self) -> list[int]:
        """The actions the number keys pick, in order (a chooser's options): the bar's."""
        return self.bar.numbered()

    def decision(self) -> tuple[str, Sequence[Choice]]:
        """What the viewer may choose now: the decision bar's prompt and choices; none by
        default (a board whose choices are things on the table keeps them there)."""
        return "", ()

    def bar_area(self) -> pygame.Rect:
        """Where the decision bar may go (it sizes itself inside): a strip along the bottom."""
        r = self.rect
        return pygame.Rect(r.x, r.bottom - r.h // 6, r.w, r.h // 6)

    def offer_choices(self) -> None:
        """Lay the decision bar out with what ``decision`` offers (after every observation and
        layout; a board calls it when a half-made choice changes what is offered)."""
        self.bar.offer(*(self.decision() if self.obs else ("", ())))
        self.bar.layout(self.bar_area())
        if self.mouse is not None:  # a button opened under a resting mouse is lit at once
            self.bar.move(self.mouse)

    def handle_idle_event(self, event: pygame.event.Event) -> bool:
        """Handle an event while the viewer may not act (AI thinking, the opponent's turn): only
        controls that change no game state, such as a player setting. True when consumed. The
        kit keeps the mouse position (hover works while waiting)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        return False

    def refuse(self, key: str, **fmt: object) -> int | None:
        """A click that maps to no action: say why (text key ``key``); returns no action."""
        self.ctx.feedback(i18n.t(key, **fmt))
        return None

    def pulse(self, speed: float = 3.0) -> float:
        """0..1, breathing with the clock: the glow of things waiting for a click."""
        return draw.pulse(self.clock, speed)

    def breathing(self, urgent: bool = False) -> int:
        """The alpha of a glow breathing with the clock, the same on every board: ``urgent`` for
        what the viewer may click now (faster, deeper), else for whose turn it is."""
        if urgent:
            return round(draw.pulse(self.clock, 4.0, 125, 250))
        return round(draw.pulse(self.clock, 3.0, 160, 255))

    def seat_name(self, seat: int) -> str:
        """Who plays ``seat`` as the seat list names them ("You", "Hard AI"); "Player n" where the
        scene lends no name."""
        names = self.ctx.seat_names
        if 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return i18n.t("seat.player_n", n=seat + 1)

    def seat(
        self, side: int, name: str, over: bool, winner: int | None, counters: tuple[str, ...] = ()
    ) -> overlays.Seat:
        """What ``side``'s panel says (``overlays.draw_seat``): its ``name``, who plays it, whether
        it is to move (thinking, when an AI) or has won (``winner``, once ``over``)."""
        seats = self.ctx.seat_names
        state = ""
        if over:
            state = "winner" if winner == side else ""
        elif self.obs and self.mover(self.obs) == side:
            state = "thinking" if self.ctx.thinking() else "active"
        player = seats[side] if side < len(seats) and seats[side] != name else ""
        return overlays.Seat(side, name, player, state, counters)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.tweens.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The board and its decision bar, then the kit's marks (last move, log highlight), then
        the overlays."""
        self.paint(surface)
        self.bar.draw(surface)
        if self.obs:
            self.draw_marks(surface)
            self.paint_overlays(surface)
            self.draw_hint_line(surface)

    def is_animating(self) -> bool:
        return self.tweens.busy

    def skip_animation(self) -> None:
        """Land every animation at once (a click skips): the board shows its observation."""
        self.tweens.finish_all()

    @classmethod
    def confirms(cls, state: State, action: int) -> bool:
        """Whether ``action``, a human's only legal one in ``state``, waits for the player's
        click instead of being played at once as a forced move (a Commit that ends a hidden
        choice, so the last card set aside may be taken back). None do by default."""
        return False

    def auto_action(self) -> int | None:
        """An action the board takes for the human by a player setting (e.g. Battle Line's
        auto-claim), polled by the match scene when the human may act and nothing animates."""
        return None

    def log_text(self, key: str, args: dict) -> str | None:
        """A move-log entry (``State.action_phrase``) in the player's language, or None to show
        the engine's English ``action_to_string``: the game's words (``game/words.py``)."""
        return self.words.log_text(key, args)

    def action_words(self, state: State, action: int) -> str:
        """``action`` (legal in ``state``) in a sentence in the player's language, for a forced
        move or a hint; the default is the log entry (``log_text``, else the engine's English)."""
        phrase = state.action_phrase(action)
        said = self.log_text(*phrase) if phrase[0] else None
        return said or state.action_to_string(action)

    def status_text(self) -> str:
        """One line for the status bar (whose turn, what to do); '' for the scene's default."""
        return self.words.status(self.obs, self.viewer, self.ctx.seat_names) if self.obs else ""

    # --- the move log by turns (see game/turns.py) --------------------------------------
    @classmethod
    def log_phrase(cls, state: State, action: int, viewer: int) -> tuple[str, dict]:
        """``action`` (legal in ``state``) as a phrase worded for what ``viewer`` saw; the default
        is the engine's public phrase."""
        return state.action_phrase(action)

    def turn_words(self, steps: list[Step]) -> list[str]:
        """A turn's steps in the player's language with no subject (the row names the player):
        the game's words (``Words.turn_words``)."""
        return self.words.turn_words(steps)

    @staticmethod
    def summary(obs: Mapping[str, Any], names: list[str]) -> Summary | None:
        """The game-over summary (table and notes) for the final ``obs``, with the seats'
        ``names``, in the player's language; None: the scene's table of ``obs["score"]``."""
        return None

    @classmethod
    def rules_picture(cls, name: str, width: int) -> pygame.Surface | None:
        """Picture ``name`` for the rules screen (``![caption](picture:name)`` in the rules
        text), at most ``width`` wide, drawn by the board's own art; None if it has none."""
        return None

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        """Small pictures (cards, tiles) of what a turn moved, ``px`` high; none by default."""
        return []

    # --- hooks --------------------------------------------------------------------------------
    def on_observation(self, previous: ObsT | None, obs: ObsT, animate: bool) -> None:
        """Show ``obs``: animate what changed since ``previous`` when asked and ``obs`` follows it
        by play (the previous move's animation lands first), else put everything at rest."""
        if animate and previous is not None and self.follows(previous, obs):
            self.tweens.finish_all()
            self.layer.sync(self.resting_places(obs), True, self.choreography(previous, obs))
        else:  # what the last change started lands (a float cut short would stay mid-rise)
            self.tweens.finish_all()
            self.layer.sprites = {}  # flights cut short must not linger as flying
            self.layer.sync(self.resting_places(obs), animate=False)

    def follows(self, previous: ObsT, obs: ObsT) -> bool:
        """Whether ``obs`` follows ``previous`` by playing on (not an undo, a load, a new game):
        only then is the change animated."""
        return True

    def choreography(self, previous: ObsT, obs: ObsT) -> Mapping[Hashable, Motion]:
        """How keys of the layer enter, move and leave from ``previous`` to ``obs``: a Motion per
        key that does more than fade in, slide or fade out; none by default."""
        return {}

    def paint(self, surface: pygame.Surface) -> None:
        """Draw the board under the overlays (table, pieces, glows); the default draws the
        sprite layer."""
        self.draw_layer(surface)

    def rest(self, key: Hashable, obs: ObsT) -> Place | None:
        """Where thing ``key`` of ``obs`` rests on the screen (a rectangle, or a ``Rest`` when it
        is turned), for the kit's sprite layer; None (the default): it is not on the layer."""
        return None

    def draw_thing(
        self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float
    ) -> None:
        """Draw thing ``key`` at ``rect`` with opacity ``alpha`` (0..1): the sprite layer's look."""

    def resting_places(self, obs: ObsT) -> Mapping[Hashable, Place]:
        """Every thing's resting place (``rest``): what the sprite layer moves to."""
        places = ((key, self.rest(key, obs)) for key in self.things(obs))
        return {key: rect for key, rect in places if rect is not None}

    def draw_layer(self, surface: pygame.Surface) -> None:
        """Every sprite by ``draw_thing``, those in flight above the rest."""
        for sprite in self.layer.in_order():
            self.draw_thing(surface, sprite.key, sprite.rect, sprite.alpha)

    def paint_overlays(self, surface: pygame.Surface) -> None:
        """Draw what lies above the last-move marks: things in flight, banners, popups."""

    def things(self, obs: ObsT) -> Things:
        """The keyed layer: every thing on the table in ``obs`` by a stable key, with a value that
        changes when it moves or turns. The default has none (no marks)."""
        return {}

    def thing_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where thing ``key`` of the shown observation is drawn now, or None if it is not; the
        default asks the sprite layer."""
        return self.layer.rect(key)

    def mover(self, obs: ObsT) -> int:
        """The seat whose turn ``obs`` is (chance steps inside a turn belong to it; -1 if none)."""
        value = obs.get("to_move", -1)
        return value if isinstance(value, int) else -1

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        """Screen points that, clicked in order, make the board return ``action`` (legal now);
        the default knows the decision bar's buttons only."""
        rect = self.bar.choice_rect(action)
        if rect is None:
            raise NotImplementedError(f"no click for action {action}")
        return [rect.center]

    def reset_input(self) -> None:
        """Forget a half-made decision (a selected card, a drag)."""

    # --- the whole-move hint --------------------------------------------------------------------
    def hint_rect(self, action: int) -> pygame.Rect | None:
        """Where part ``action`` of a hinted move is shown: the thing under its first click (or
        a small square round that point); None when the board cannot place it yet (a choice
        offered only after the earlier parts, such as Flat Front's pieces)."""
        button = self.bar.choice_rect(action)
        if button is not None:  # ringed on its own edge: the bar's buttons stand close
            return button.inflate(-2 * self.ring_unit(), -2 * self.ring_unit())
        try:
            points = self.clicks_for(action)
        except Exception:  # clicks_for promises only legal actions; a later part may not be
            return None
        return self.spot_at(points[0]) if points else None

    def spot_at(self, pos: tuple[int, int]) -> pygame.Rect:
        """The thing under ``pos`` (``key_at``), or a small square round the point: what a hint
        rings and a refusal is said beside. Boards with things outside the keyed layer (a hand)
        name them here too."""
        key = self.key_at(pos)
        rect = None if key is None else self.thing_rect(key)
        if rect is None:
            side = max(24, self.rect.h // 12)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = pos
        return rect

    def keep_clear(self) -> list[pygame.Rect]:
        """What messages never cover (the viewer's hand along the bottom): the decision bar."""
        return [self.bar.rect] if self.bar.rect.w else []

    def refusal_box(self, size: tuple[int, int], pos: tuple[int, int]) -> pygame.Rect:
        """Where the refusal of a click at ``pos`` is said, in a box of ``size``: beside the thing
        refused (``spot_at``), inside the board, off ``keep_clear()`` (above it, over the thing,
        when the thing lies in it)."""
        gap, spot, clear = max(4, self.rect.h // 80), self.spot_at(pos), self.keep_clear()
        for area in clear:
            if area.colliderect(spot):
                box = pygame.Rect((0, 0), size)
                box.midbottom = (spot.centerx, area.top - gap)
                return box.clamp(self.rect)
        return overlays.popup_beside(size, spot, self.rect, clear, gap)

    def hint_rects(self) -> list[pygame.Rect | None]:
        """Each part's place on the board (None where it cannot be shown yet)."""
        return [self.hint_rect(action) for action in self.hint_line]

    def draw_hint_line(self, surface: pygame.Surface) -> None:
        """A ring on each part of the hinted move, numbered when there are several, and the
        caption beside them, never over them."""
        self.hint_box = None
        if not self.hint_line:
            return
        colour = self.ctx.palette.get("hint", BASE_PALETTE["hint"])
        unit = self.ring_unit()
        rects = self.hint_rects()
        shown = [r for r in rects if r is not None]
        overlays.hint_rings(surface, rects, colour, unit, self.breathing())
        if self.hint_words:
            self.hint_box = self.draw_hint_caption(surface, shown, colour, unit)

    def ring_unit(self) -> int:
        """How far the hint's ring stands off each part it rings (``draw_hint_line``): a board
        whose parts stand close together can shrink ``hint_rect`` by it to ring their edges."""
        return max(4, self.rect.h // 80)

    def move_words(self, state: State, line: Sequence[int], viewer: int) -> list[str]:
        """Each part of a whole move played from ``state`` in the player's language with no
        subject, one by one (the hint numbers them), as this board words the log."""
        return self.proposed_words(self.words.move_steps(state, line, viewer))

    def proposed_words(self, steps: Sequence[Step]) -> list[str]:
        """Each part of a proposed move as a proposal (``Words.proposed_words``): a hint found here
        or sent by the host as log steps, and the review's better move."""
        return self.words.proposed_words(steps)

    def hint_caption(self) -> str:
        """The caption's words: the parts numbered when there are several."""
        words = self.hint_words
        if len(words) == 1:
            return i18n.t("match.hint_result", move=words[0])
        parts = "  ".join(f"{n}. {w}" for n, w in enumerate(words, 1))
        return i18n.t("coach.hint_line", moves=parts)

    def draw_hint_caption(
        self, surface: pygame.Surface, shown: list[pygame.Rect], colour: Colour, unit: int
    ) -> pygame.Rect:
        """The caption (``hint_caption``) in one line beside the hinted parts ``shown``, off
        them, the marks and ``label_regions``; a board with little room may wrap it instead."""
        p = self.ctx.palette
        px = max(12, round(unit * 2.2))
        image = render(self.hint_caption(), px, p.get("text", BASE_PALETTE["text"]))
        if image.get_width() > self.rect.w - 4 * unit:
            px = max(10, px * (self.rect.w - 4 * unit) // image.get_width())
            image = render(self.hint_caption(), px, p.get("text", BASE_PALETTE["text"]))
        size = (image.get_width() + 2 * px, image.get_height() + px)
        if shown:
            anchor = shown[0].unionall(shown[1:]).inflate(4 * unit, 4 * unit)
        else:
            anchor = pygame.Rect(self.rect.centerx, self.rect.y, 1, 1)
        marked = [r for r in map(self.thing_rect, self.marked) if r is not None]
        avoid = shown + marked + self.label_regions()
        box = overlays.popup_beside(size, anchor, self.rect, avoid, unit)
        panel = p.get("panel", BASE_PALETTE["panel"])
        pygame.draw.rect(surface, panel, box, border_radius=box.h // 3)
        pygame.draw.rect(surface, colour, box, max(2, unit // 3), border_radius=box.h // 3)
        surface.blit(image, image.get_rect(center=box.center))
        return box

    # --- the keyed layer ----------------------------------------------------------------------
    def key_at(self, pos: tuple[int, int]) -> Hashable | None:
        """The topmost thing of the shown observation under ``pos`` (the last key drawn wins)."""
        if not self.obs:
            return None
        for key in reversed(list(self.things(self.obs))):
            rect = self.thing_rect(key)
            if rect is not None and rect.collidepoint(pos):
                return key
        return None

    def point_on(
        self, key: Hashable, finder: Callable[[tuple[int, int]], Hashable | None]
    ) -> tuple[int, int]:
        """A point of thing ``key`` where the hit test ``finder`` finds it, not a neighbour lying
        over it (cards overlap in fans and stacks): where to click it (``clicks_for``)."""
        rect = self.thing_rect(key) or pygame.Rect(0, 0, 0, 0)
        for fy in (0.5, 0.2, 0.8, 0.05, 0.95):
            for fx in (0.5, 0.25, 0.75, 0.1, 0.9, 0.02, 0.98):
                point = (round(rect.x + rect.w * fx), round(rect.y + rect.h * fy))
                if finder(point) == key:
                    return point
        return rect.center

    @property
    def hovered(self) -> Hashable | None:
        return None if self.mouse is None else self.key_at(self.mouse)

    def _note_turn(self, previous: ObsT | None, obs: ObsT, viewer: int, animate: bool) -> None:
        """Keep what the latest turn changed (the keys that entered or changed since its player
        began it) and show it to every viewer but that player, so it stays marked until the viewer
        acts (which starts the viewer's own turn). A jump (load, undo, review) hides the marks;
        coming back shows them again. Hot-seat: the next player sees the previous one's turn."""
        now = self.things(obs)
        if previous is not None and animate:
            before = self.things(previous)
            actor = self.mover(previous)
            if before != self._marked_at or (actor >= 0 and actor != self._turn_of):
                self._marks = set()  # a new turn, or a jump: start afresh
            if actor >= 0:
                self._turn_of = actor
            self._marks = (self._marks | changed_keys(before, now)) & set(now)
            self._marked_at = now
        elif previous is None:
            self._marks, self._marked_at, self._turn_of = set(), now, -1
        shown = now == self._marked_at and self._turn_of not in (viewer, -1)
        self.marked = self._marks if shown else set()
        self.highlighted = set()

    def label_regions(self) -> list[pygame.Rect]:
        """Regions of the board the kit's labels (the last-move tag, the hint caption) should
        not cover, such as Tsuno's areas: a tag for a thing inside one goes beside the region
        instead; none by default."""
        return []

    def tag_avoids(self) -> list[pygame.Rect]:
        """What the last-move tag keeps off where it can: every thing on the table and the
        places the viewer's legal moves are first clicked (``hint_rect``), each once, so it
        hides neither a piece nor a cell the player may want next to the opponent's tile.
        Found once per observation and layout."""
        if self._tag_avoided is None:
            spots: dict[tuple[int, int, int, int], pygame.Rect] = {}
            found = [self.thing_rect(key) for key in self.things(self.obs)]
            if len(self.legal) > 1:  # a lone move is played without a click
                found += map(self.hint_rect, self.legal)
            for spot in found:
                if spot is not None:
                    spots.setdefault((spot.x, spot.y, spot.w, spot.h), spot)
            self._tag_avoided = list(spots.values())
        return self._tag_avoided

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Rings on the other player's last turn (with their name once its things rest), or,
        while a turn of the log is highlighted, on that turn alone: hovering the last turn's own
        row must show a change."""
        p = self.ctx.palette
        unit = max(4, self.rect.h // 80)
        self.mark_tag_box = None
        shown = (
            (self.highlighted, p.get("highlight", BASE_PALETTE["highlight"]), None)
            if self.highlighted
            else (self.marked, p.get("last_move", BASE_PALETTE["last_move"]), self._last_label())
        )
        for keys, colour, label in (shown,):
            rects = [r for r in map(self.thing_rect, keys) if r is not None]
            for rect in rects:
                overlays.mark_ring(surface, rect, colour, unit)
            # The tag waits for the things to rest: placed among them mid-move, it came to lie
            # on a unit once they stopped (and its place is found once per observation).
            if rects and label and not self.is_animating():
                top = min(rects, key=lambda r: (r.top, r.left))
                regions = self.label_regions()
                # A thing inside a region is tagged from outside it, off every region.
                top = next((r for r in regions if r.contains(top)), top)
                px = max(10, round(unit * 2.4))
                near = sorted(self.tag_avoids(), key=lambda r: overlays.gap_between(r, top))
                avoid = regions + near[:TAG_AVOIDS]
                box = overlays.pill(surface, label, top, colour, px, self.rect, avoid)
                self.mark_tag_box = box

    def _last_label(self) -> str:
        seats = self.ctx.seat_names
        name = seats[self._turn_of] if 0 <= self._turn_of < len(seats) else ""
        return i18n.t("kit.last_move", name=name) if name else ""
