"""Issue 35 items 4-5: a window dragged and resized through any shape. Memory stays within 50 MB
of where it started (every drawn-picture cache is bounded in bytes) and every board draws at
every size the window allows, wide or tall.

The default run drags the scene that grew most (a Frontline match: +870 MB before) and resizes
Frontline; ``-m slow`` drags every scene of every game.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.boards import board_ids
from game.engines import GAMES
from game.scenes.base import Scene
from tests.test_board_contract import make_board
from tests.test_harden_monkey import RSS_BOUND_MB, match, resize, rss_mb, setup, title

DT = 1 / 60
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
# Window sizes (the window is never below 800×540) and board rectangles, wide and tall.
SHAPES = [(800, 540), (800, 4000), (5000, 540), (820, 2600), (3000, 560), (4096, 4096), (801, 541)]
BOARD_SHAPES = [(560, 3900), (4800, 480), (560, 480), (600, 2400), (2400, 500), (3800, 3800)]


def drag(app: App, steps: int = 300) -> None:
    """The window's corner dragged from 1600×900 to 1920×1080 and back, a frame per step."""
    half = steps // 2
    there = [(1600 + 320 * i // (half - 1), 900 + 180 * i // (half - 1)) for i in range(half)]
    for size in there + there[::-1]:
        resize(size)
        app.step(DT)


def dragged_growth(app: App, make: Callable[[App], Scene]) -> float:
    app.stack.push(make(app))
    resize((1600, 900))
    for _ in range(10):
        app.step(DT)
    start = rss_mb()
    drag(app)
    for _ in range(5):
        app.step(DT)
    return rss_mb() - start


SCENES: dict[str, Callable[[App], Scene]] = {
    "title": title,
    **{f"setup-{g}": setup(g) for g in GAMES},
    **{f"match-{g}": match(g, ["human", "easy"]) for g in GAMES},
}


@pytest.fixture
def app(app: App) -> App:
    app.settings.animation = "fast"
    return app


@linux_only
def test_a_300_step_drag_keeps_memory_within_bounds(app) -> None:
    growth = dragged_growth(app, SCENES["match-frontline"])
    assert growth < RSS_BOUND_MB, f"+{growth:.0f} MB after 300 resizes"


@pytest.mark.slow
@linux_only
@pytest.mark.parametrize("name", list(SCENES))
def test_a_300_step_drag_on_every_scene(app, name: str, request) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("every scene's drag runs with -m slow")
    growth = dragged_growth(app, SCENES[name])
    assert growth < RSS_BOUND_MB, f"{name}: +{growth:.0f} MB after 300 resizes"


def test_a_frontline_match_resizes_through_wide_and_tall_shapes(app) -> None:
    """AI against AI until units and face-down cards are on the table, then every shape: a tall
    window once gave the air space more than its row and the tiles a negative width."""
    from game.match import Match
    from game.scenes.match import MatchScene

    m = Match(GAMES["frontline"], ["easy", "easy"], seed=3, client=app.ai)
    app.stack.push(MatchScene(app, m))
    for _ in range(400):
        app.step(DT)
        seats = m.state.observation(0)["seats"]
        if m.state.observation(0)["board"] and any(s["face_down_count"] for s in seats):
            break
    assert m.state.observation(0)["board"], "no unit reached the table"
    for size in SHAPES:
        resize(size)
        for _ in range(4):
            app.step(DT)
        assert app.size == size


@pytest.mark.parametrize("game_id", board_ids())
def test_every_board_draws_a_game_in_progress_at_any_aspect_ratio(game_id: str) -> None:
    board = make_board(game_id, [0.0], (800, 540))
    rng = random.Random(8)
    state = GAMES[game_id].new_state()
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal)
        )
    viewer = 0 if state.is_terminal() or state.is_chance_node() else state.current_player()
    legal = [] if state.is_terminal() or state.is_chance_node() else state.legal_actions()
    board.show(state.observation(viewer), viewer, legal, animate=False)
    for size in BOARD_SHAPES:
        surface = pygame.Surface(size)
        board.layout(surface.get_rect())
        board.update(DT)
        board.draw(surface)


# --- the bounds themselves ------------------------------------------------------------------------


def test_the_picture_store_keeps_within_its_budget_and_the_newest_always(monkeypatch) -> None:
    from game.ui import cache

    monkeypatch.setattr(cache, "_STORE", cache._Store())
    monkeypatch.setattr(cache, "budget", lambda: 4 * cache.MB)
    pictures = cache.SurfaceCache()
    for side in range(300, 700, 4):  # a drag: every size new
        pictures.get(("felt", side), lambda s=side: pygame.Surface((s, s), pygame.SRCALPHA))
        assert cache.held() <= 4 * cache.MB
    huge = pictures.get("huge", lambda: pygame.Surface((2000, 2000)))  # over the whole budget
    assert pictures.get("huge", lambda: pygame.Surface((1, 1))) is huge
    assert pictures.entries() == [(pictures.number, "huge")]
    pictures.clear()
    assert cache.held() == 0 and pictures.entries() == []


def test_reviews_are_kept_for_the_last_matches_only(monkeypatch) -> None:
    from game.scenes import review
    from tests.test_app_fakes import SyncClient

    monkeypatch.setattr(review, "_CACHE", {})
    reviewed = 0
    for seed in range(review.REVIEWS_KEPT + 8):
        from game.match import Match

        m = Match(GAMES["flatfront"], ["human", "easy"], seed=seed, client=SyncClient())
        for _ in range(12):  # both sides move: the human's moves are there to review
            if m.advance() is None and m.human_to_decide():
                m.play(m.legal_for_viewer()[0])
        reviewer = review.Reviewer(m)
        for _ in range(40):
            reviewer.poll()
        reviewed += bool(reviewer.verdicts)
    assert reviewed > review.REVIEWS_KEPT and len(review._CACHE) == review.REVIEWS_KEPT
