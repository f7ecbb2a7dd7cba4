"""The application: window, clock, scene stack, settings, sound and the shared AI worker.

Importing this module opens nothing; ``App(...)`` opens the window. It imports every scene (its
registry, ``SCENES``); the games' boards and the AI are imported only when a match needs them,
which keeps start-up under a second.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import saves
from game.i18n import set_language
from game.scenes.base import Scene, SceneStack
from game.scenes.curtain import CurtainScene
from game.scenes.gameover import GameOverScene
from game.scenes.guest_match import GuestMatchScene
from game.scenes.guest_review import GuestReviewScene
from game.scenes.join import JoinScene
from game.scenes.match import MatchScene
from game.scenes.overlay import announce
from game.scenes.pause import PauseScene
from game.scenes.review import ReviewScene
from game.scenes.rules import RulesScene
from game.scenes.saved import ContinueScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.settings import Settings
from game.ui import widgets
from game.ui.cache import return_large_blocks
from game.ui.icon import app_icon
from game.ui.layout import MIN_WINDOW, opening_size
from game.ui.sound import SoundBank

if TYPE_CHECKING:
    from game.engines.base import State

# The screens by name: a scene opens another with ``app.stack.open("rules", game_id)`` (or
# ``make`` it to replace itself), never by importing it, so the scenes that lead into a match and
# those that lead back out of it import no circle; this module alone imports them all. A scene
# may still import another's module for a type it works on (an overlay's match) or a helper.
SCENES: dict[str, Callable[..., Scene]] = {
    "title": TitleScene,
    "continue": ContinueScene,
    "setup": SetupScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "join": JoinScene,
    "guest_match": GuestMatchScene,
    "match": MatchScene,
    "curtain": CurtainScene,
    "pause": PauseScene,
    "gameover": GameOverScene,
    "review": ReviewScene,
    "guest_review": GuestReviewScene,
}

FPS = 60
MAX_DT = 0.1  # a long stall (window drag, breakpoint) must not fast-forward the game


class LazyAIClient:
    """The AI worker process, started on the first request (menus and hot-seat never pay)."""

    def __init__(self) -> None:
        self._worker: Any = None

    def prepare(self) -> None:
        """Load the AI code and start its processes now (a match is opening) rather than on
        the first turn's clock."""
        if self._worker is None:
            from ai.worker import AIWorker

            self._worker = AIWorker()
        self._worker.warm_up()

    def request(self, game_id: str, level: str, seed: int, state: State) -> int:
        self.prepare()
        return self._worker.request(game_id, level, seed, state)

    def poll(self) -> Any:
        return None if self._worker is None else self._worker.poll()

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None


class App:
    """Owns the window and runs the frame loop: events -> top scene -> draw -> flip."""

    def __init__(self, settings: Settings, *, persist_settings: bool = True) -> None:
        self.settings = settings
        self.persist_settings = persist_settings
        set_language(settings.language)
        return_large_blocks()  # window-sized pictures freed after a drag leave the process
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Five Fronts")
        pygame.display.set_icon(app_icon(64))
        pygame.key.set_repeat(350, 40)
        remembered = settings.window_size
        self.windowed_size = opening_size(
            _desktop_size(), (remembered[0], remembered[1]) if remembered else None
        )
        self.window = self._open_window(settings.fullscreen)
        self.clock = pygame.time.Clock()
        self.sound = SoundBank(lambda: self.settings.sound, lambda: self.settings.volume)
        widgets.set_click_sound(lambda: self.sound.play("click"))
        self.ai = LazyAIClient()
        self.stack = SceneStack(self, SCENES)
        self.running = True
        self.frames = 0
        self.after_frame: list[Callable[[App], None]] = []  # self-test and screenshot hooks
        # Damaged files set aside, reported together in one dialog at the next frame.
        self.pending_problems: list[saves.Problem] = list(settings.problems)
        self.storage_error = saves.storage_problem()  # a folder that cannot be written at all
        self.storage_warned = False  # "settings and saves cannot be written" is said once
        if self.storage_error is None:
            saves.clean_stale_temporary_files()

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        if on == bool(self.window.get_flags() & pygame.FULLSCREEN):
            return
        if on:
            self.windowed_size = self.size
        self.window = self._open_window(on)
        self.stack.layout(self.size)

    # --- settings -------------------------------------------------------------------------------
    def apply_settings(self) -> None:
        """Make every setting take effect now, and store them."""
        set_language(self.settings.language)
        self.set_fullscreen(self.settings.fullscreen)
        self.stack.relabel()
        self.save_settings()

    def save_settings(self) -> None:
        """Store the settings if this app persists them; a refusal is reported, never raised."""
        if self.persist_settings:
            self.settings.save()

    def report_problems(self, problems: list[saves.Problem]) -> None:
        """Damaged files to tell the player about (in one dialog, at the next frame)."""
        self.pending_problems.extend(problems)

    def _report_pending(self) -> None:
        """Push the dialogs owed to the player: damaged files, then a folder that refuses writes."""
        scene = self.stack.top
        if scene is None:
            return
        problems, self.pending_problems = self.pending_problems, []
        reason = None if self.storage_warned else self.storage_error or self.settings.write_error
        self.storage_warned = self.storage_warned or reason is not None
        if problems or reason is not None:
            announce(self, problems, reason)

    # --- the loop -------------------------------------------------------------------------------
    def run(self) -> int:
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, MAX_DT))
        self.close()
        return 0

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip, then the after-frame hooks."""
        for event in pygame.event.get():
            self.handle_event(event)
        self._report_pending()
        self.stack.update(dt)
        self.window.fill((0, 0, 0))
        self.stack.draw(self.window)
        pygame.display.flip()
        self.frames += 1
        if self.frames == 3 and self.settings.sound:
            self.sound.warm_up()  # after the first frames, so start-up does not wait for synthesis
        for hook in list(self.after_frame):
            hook(self)
        if not self.stack.scenes:
            self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self._resized(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            self.apply_settings()
        else:
            self.stack.handle_event(event)

    def _resized(self, size: tuple[int, int]) -> None:
        self.window = pygame.display.get_surface() or self.window
        w, h = max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1])
        if (w, h) != tuple(size):
            self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        if not self.window.get_flags() & pygame.FULLSCREEN:
            self.windowed_size = self.size
            self.settings.window_size = list(self.size)  # stored with the settings at close
        self.stack.layout(self.size)

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Leave every scene (cancelling AI work), stop the worker process and store the
        window's size (the settings are otherwise stored as they change)."""
        self.stack.clear()
        if self.settings.window_size is not None:
            self.save_settings()
        self.ai.close()
        pygame.display.quit()


def _desktop_size() -> tuple[int, int] | None:
    """The first display's size, where the window opens (None where SDL cannot tell)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return sizes[0] if sizes else None
