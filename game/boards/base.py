"""The contract between the generic match scene and a game's board view.

A board draws only from ``observation(viewer)`` (so hot-seat privacy and "the AI cannot peek"
hold by construction) and turns clicks into action ids. The match scene owns the true state,
the turn loop, undo, the log and the AI; the board owns pixels and animation.

Flow per action, driven by the match scene:
    board.show(obs, legal, animate=True)   # after every applied action (and on load/undo)
    action = board.handle_event(event)     # returns an action id when the human decided
    board.update(dt); board.draw(surface)  # every frame
The board animates the *difference* between the previous and the new observation.
Illegal clicks: return the action anyway and let the engine's IllegalActionError explain, or call
``ctx.feedback(text)`` for a click that maps to no action at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.engines.base import Game
from game.ui.tween import Tweener


@dataclass
class BoardContext:
    """What the match scene lends a board."""

    game: Game
    options: dict
    num_players: int
    seat_names: list[str]  # display name per seat ("You", "Hard AI", "Player 2", ...)
    palette: dict[str, tuple[int, int, int]]  # the game's palette (colour-blind variant applied)
    lang: str  # "en" | "ja"
    feedback: Callable[[str], None]  # show a short message (illegal click, hint text)
    play_sound: Callable[[str], None]  # "place", "flip", "attack", "knock", "error", "win", ...
    anim_speed: Callable[[], float]  # multiplier; 0 means animations off (snap)
    extra: dict = field(default_factory=dict)


class Board:
    """Base class with the bookkeeping every board needs; games override the hooks."""

    def __init__(self, ctx: BoardContext) -> None:
        self.ctx = ctx
        self.tweens = Tweener()
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.viewer = 0
        self.obs: dict | None = None
        self.legal: list[int] = []  # legal actions when the viewer may act, else empty
        self.hint: int | None = None
        self.clock = 0.0  # seconds of real time shown, for idle effects (glows that pulse)

    # --- called by the match scene ----------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """The board's area changed (window resize): recompute geometry."""
        self.rect = pygame.Rect(rect)

    def show(self, obs: dict, viewer: int, legal: list[int], animate: bool) -> None:
        """A new observation for ``viewer``; animate the change from the previous one if asked.

        ``legal`` is non-empty only when the viewer is a human whose decision it is now.
        """
        previous = self.obs
        self.obs, self.viewer, self.legal, self.hint = obs, viewer, legal, None
        self.on_observation(previous, obs, animate and previous is not None)

    def show_hint(self, action: int) -> None:
        self.hint = action

    def handle_event(self, event: pygame.event.Event) -> int | None:
        """An action id when the event completes a human decision, else None."""
        return None

    def handle_idle_event(self, event: pygame.event.Event) -> bool:
        """Handle an event while the viewer may not act (AI thinking, the opponent's turn): only
        controls that change no game state, such as a player setting. True when consumed."""
        return False

    def pulse(self, speed: float = 3.0) -> float:
        """0..1, breathing with the clock: the glow of things waiting for a click."""
        return 0.5 + 0.5 * math.sin(self.clock * speed)

    def update(self, dt: float) -> None:
        self.clock += dt
        speed = self.ctx.anim_speed()
        if speed <= 0:
            self.tweens.finish_all()
        else:
            self.tweens.update(dt * speed)

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def is_animating(self) -> bool:
        return self.tweens.busy

    def skip_animation(self) -> None:
        self.tweens.finish_all()

    def auto_action(self) -> int | None:
        """An action the board takes for the human by a player setting (e.g. Battle Line's
        auto-claim), polled by the match scene when the human may act and nothing animates."""
        return None

    def log_text(self, key: str, args: dict) -> str | None:
        """A move-log entry (``State.action_phrase``) in the player's language, or None to show
        the engine's English ``action_to_string``."""
        return None

    def status_text(self) -> str:
        """One line for the status bar (whose turn, what to do); '' for the scene's default."""
        return ""

    # --- hooks --------------------------------------------------------------------------------
    def on_observation(self, previous: dict | None, obs: dict, animate: bool) -> None:
        """Rebuild sprites for ``obs``; start tweens for what changed since ``previous``."""
