"""The application driven headless by posted events: menu -> set-up -> match -> game over.

Screenshots of each stage are written to tests/artifacts/ for the team's visual checks.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import saves
from game.app import SCENES, App
from game.engines import GAMES
from game.i18n import get_language, set_language, t, t_or
from game.match import HUMAN, Match
from game.scenes.base import Scene
from game.scenes.match import MatchScene
from game.scenes.title import TitleScene
from game.settings import Settings
from game.ui.widgets import Segmented
from tests.test_app_fakes import PebblesBoard, PebblesGame, SyncClient

ARTIFACTS = Path(__file__).parent / "artifacts"
DT = 1 / 60
AI_PATIENCE = 120.0  # wall seconds a test waits for AI answers beyond its frame limit


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def click(app: App, pos: tuple[int, int], frames: int = 1) -> None:
    post_click(pos)
    run(app, frames)


def run(app: App, frames: int) -> None:
    for _ in range(frames):
        app.step(DT)


def step_counted(app: App, patience_until: float) -> bool:
    """One frame; False while the AI's answer is awaited (it comes in wall time, and a loaded
    machine may take seconds to start the worker), so such frames do not use up a test's frame
    limit, until ``patience_until`` (``time.monotonic()``)."""
    app.step(DT)
    match = getattr(app.stack.top, "match", None)
    waiting = match is not None and (match.ai_thinking or match.hint_pending)
    if waiting and time.monotonic() < patience_until:
        time.sleep(0.002)
        return False
    return True


def run_until(app: App, done: Callable[[], bool], limit: int = 3000) -> None:
    frames, patience = 0, time.monotonic() + AI_PATIENCE
    while frames < limit:
        if done():
            return
        frames += step_counted(app, patience)
    raise AssertionError("condition not reached")


def shot(app: App, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pygame.image.save(app.window, str(ARTIFACTS / f"{name}.png"))


def top(app: App) -> Scene:
    scene = app.stack.top
    assert scene is not None
    return scene


def start_pebbles(app: App, seats: list[str], **options) -> MatchScene:
    match = Match(PebblesGame(), seats, options=options, seed=3, client=app.ai, autosave=True)
    scene = MatchScene(app, match, PebblesBoard)
    app.stack.push(scene)
    return scene


# --- scene stack ---------------------------------------------------------------------------------


class Probe(Scene):
    def __init__(self, app: App, name: str, log: list[str], translucent: bool = False) -> None:
        super().__init__(app)
        self.name, self.log, self.translucent = name, log, translucent

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def leave(self) -> None:
        self.log.append(f"leave {self.name}")

    def resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.log.append(f"event {self.name}")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"draw {self.name}")


def test_scene_stack_push_pop_replace_and_translucent_drawing(app: App) -> None:
    log: list[str] = []
    stack = app.stack
    stack.push(Probe(app, "a", log))
    stack.push(Probe(app, "b", log))
    stack.push(Probe(app, "c", log, translucent=True))
    app.step(DT)  # window events of the dummy driver
    log.clear()
    post_key(pygame.K_x)
    app.step(DT)
    assert log == ["event c", "draw b", "draw c"]  # only the top gets events; a is hidden by b
    log.clear()
    stack.pop()
    assert log == ["leave c", "resume b"]
    log.clear()
    stack.replace(Probe(app, "d", log))
    assert log == ["leave b", "enter d"] and len(stack.scenes) == 2
    stack.clear()
    app.step(DT)
    assert not app.running  # an empty stack ends the program


def test_every_scene_opened_by_name_is_registered_and_made_for_the_app(app: App) -> None:
    """Scenes open the scenes that lead out of a match by name (no circle of imports): every
    name used under game/ is in the app's registry, and ``make`` builds that scene."""
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in (Path(__file__).parent.parent / "game").rglob("*.py")
    )
    names = set(re.findall(r"stack\.(?:open|make)\(\s*\"(\w+)\"", source))
    assert names and names <= set(SCENES), names - set(SCENES)
    title = app.stack.make("title")
    assert isinstance(title, TitleScene) and title.app is app
    with pytest.raises(KeyError):
        app.stack.make("no such scene")


# --- title, set-up, a whole match ----------------------------------------------------------------


def test_title_shows_all_five_games_and_coming_soon_is_not_clickable(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.scenes import title as title_module
    from game.scenes.title import TitleScene

    # A game is "coming soon" until its board exists; pretend Frontline's does not, so the test
    # keeps its meaning whichever boards are built.
    monkeypatch.setattr(title_module, "has_board", lambda game_id: game_id != "frontline")
    app.stack.push(TitleScene(app))
    run(app, 2)
    title = top(app)
    assert [c.game_id for c in title.cards] == list(GAMES)
    soon = next(c for c in title.cards if not c.built)
    assert soon.game_id == "frontline"
    click(app, soon.rect.center)
    assert top(app) is title and title.toasts.items  # told, not opened
    assert not title.continue_button.visible  # no autosave yet
    shot(app, "title")


def test_menu_to_setup_to_a_whole_flatfront_match_and_rematch(app: App) -> None:
    from game.scenes.gameover import GameOverScene
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    run(app, 2)
    card = next(c for c in top(app).cards if c.game_id == "flatfront")
    click(app, card.play.rect.center)
    setup = top(app)
    assert isinstance(setup, SetupScene)
    run(app, 2)
    shot(app, "setup")
    easy = setup.seat_widgets[0]._segments()[1].center  # seat 1: Human -> Easy
    click(app, easy)
    assert setup.seats == ["easy", "normal"]
    click(app, setup.start_button.rect.center)
    scene = top(app)
    assert isinstance(scene, MatchScene)
    run(app, 30)
    shot(app, "match_flatfront")
    run_until(app, lambda: isinstance(app.stack.top, GameOverScene), limit=6000)
    assert scene.match.is_over
    run(app, 15)
    shot(app, "gameover_flatfront")
    over = top(app)
    click(app, over.rematch_button.rect.center)
    again = top(app)
    assert isinstance(again, MatchScene) and again.match.seats == ["normal", "easy"]
    assert not saves.autosave_path("flatfront").exists() or again.match.state.history


def probe_click(scene, limit_step: int = 9) -> tuple[int, int] | None:
    """A point where the board turns a click into a legal action (found by probing its area)."""
    board, legal = scene.board, scene.match.legal_for_viewer()
    rect = board.rect
    for y in range(rect.y + 4, rect.bottom, limit_step):
        for x in range(rect.x + 4, rect.right, limit_step):
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
            if board.handle_event(event) in legal:
                return x, y
    return None


def test_human_plays_flatfront_by_clicks_with_undo_redo(app: App) -> None:
    from game.engines import GAMES
    from game.scenes.gameover import GameOverScene

    match = Match(GAMES["flatfront"], [HUMAN, "easy"], seed=11, client=app.ai, autosave=True)
    scene = MatchScene(app, match)
    app.stack.push(scene)
    human_moves = 0
    undone = False
    for _ in range(4000):
        if isinstance(app.stack.top, GameOverScene):
            break
        if (
            match.legal_for_viewer()
            and not scene.board.is_animating()
            and scene.forced_wait is None
        ):
            if human_moves == 3 and not undone:
                before = list(match.state.history)
                click(app, scene.panel.undo_button.rect.center)
                assert len(match.state.history) < len(before) and match.human_to_decide()
                click(app, scene.panel.redo_button.rect.center)
                assert match.state.history == before
                undone = True
            pos = probe_click(scene)
            if pos is None:  # a choice made by key (the piece chooser)
                post_key(pygame.K_1)
            else:
                post_click(pos)
            app.step(DT)
            human_moves += 1
            if human_moves == 6:
                shot(app, "match_flatfront_human")
        app.step(DT)
    assert match.is_over and human_moves > 5 and undone
    assert any(m.player == 0 for m in match.moves)


# --- hidden information, forced moves, illegal clicks --------------------------------------------


def test_hot_seat_curtain_before_each_turn_hides_the_board(app: App) -> None:
    from game.scenes.curtain import CurtainScene

    scene = start_pebbles(app, [HUMAN, HUMAN])
    run(app, 2)
    curtain = top(app)
    assert isinstance(curtain, CurtainScene) and curtain.name == "Player 1"
    shot(app, "curtain")
    click(app, (10, 10))  # too soon: the click that ended the last turn must not reveal
    assert top(app) is curtain
    run(app, 30)
    click(app, (10, 10))
    assert top(app) is scene and scene.match.viewer == 0
    assert scene.board.obs["cards"][1] is None  # the other hand stays hidden
    post_key(pygame.K_1)
    run(app, 3)
    assert isinstance(top(app), CurtainScene) and top(app).name == "Player 2"


def test_illegal_action_is_explained_and_forced_move_is_applied_with_a_log_line(app: App) -> None:
    scene = start_pebbles(app, [HUMAN, "easy"], pile=5)
    run(app, 3)
    history = list(scene.match.state.history)
    post_key(pygame.K_3)  # the board maps 3 to "take three", which the rules refuse
    run(app, 1)
    assert scene.match.state.history == history
    assert any("one or two" in item[0] for item in scene.toasts.items)
    while not scene.match.is_over:
        if scene.match.legal_for_viewer() and scene.forced_wait is None:
            post_key(pygame.K_2)
        run(app, 1)
    assert any(m.forced for m in scene.match.moves) or scene.match.state.taken[0] % 2 == 0
    if any(m.forced for m in scene.match.moves):
        assert any("(only move)" in r.text for r in scene.panel.rows())


def test_ai_thinking_locks_input_and_frames_continue(app: App) -> None:
    app.ai = SyncClient(delay_polls=40)
    scene = start_pebbles(app, ["easy", HUMAN])
    run(app, 5)
    assert scene.match.ai_thinking and "thinking" in scene.panel.status_line()
    frames = app.frames
    click(app, scene.board.rect.center)
    assert app.frames == frames + 1 and scene.match.ai_thinking
    assert any("thinking" in item[0] for item in scene.toasts.items)
    run_until(app, lambda: scene.match.human_to_decide())


def test_log_review_and_back_to_live(app: App) -> None:
    scene = start_pebbles(app, [HUMAN, "easy"], pile=7)
    run(app, 3)
    post_key(pygame.K_2)
    run(app, 5)
    live_pile = scene.match.state.pile
    rows = scene.panel.log.rect
    # The opening deal (moves 1-2, face down) is one row; the second row is the human's move.
    # Rows are numbered, not their moves (a span of moves would count hidden steps).
    assert [row.heading.split(" ·")[0] for row in scene.panel.rows()[:2]] == ["1", "2"]
    click(app, (rows.x + 20, rows.y + scene.panel.log.row_h * 1 + 5))
    assert scene.review == 3 and scene.board.obs["pile"] == 5
    shot(app, "review")
    post_key(pygame.K_LEFT)
    run(app, 1)
    assert scene.review == 2 and scene.board.obs["pile"] == 7
    click(app, scene.panel.live_button.rect.center)
    assert scene.review is None and scene.board.obs["pile"] == live_pile


# --- saves ---------------------------------------------------------------------------------------


def test_autosave_and_continue_from_the_title(app: App) -> None:
    from game.engines import GAMES
    from game.scenes.pause import PauseScene
    from game.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    match = Match(GAMES["flatfront"], [HUMAN, "easy"], seed=5, client=app.ai, autosave=True)
    app.stack.push(MatchScene(app, match))
    run_until(app, lambda: match.human_to_decide())
    history = list(match.state.history)
    post_key(pygame.K_ESCAPE)
    run(app, 2)
    pause = top(app)
    assert isinstance(pause, PauseScene)
    click(app, pause.buttons[-1].rect.center)  # leave to the title screen
    title = top(app)
    assert isinstance(title, TitleScene) and title.continue_button.visible
    run(app, 3)
    shot(app, "title_continue")
    click(app, title.continue_button.rect.center)
    resumed = top(app)
    assert isinstance(resumed, MatchScene) and resumed.match.state.history == history


def test_damaged_and_foreign_saves_are_reported_and_moved_aside(app: App, tmp_path: Path) -> None:
    from game.scenes.overlay import DialogScene
    from game.scenes.title import TitleScene

    saves.autosave_path("flatfront").write_text("{not json", encoding="utf-8")
    (tmp_path / "tsuno.autosave.json").write_text(json.dumps({"hello": 1}), encoding="utf-8")
    app.stack.push(TitleScene(app))
    run(app, 2)
    dialog = top(app)
    assert isinstance(dialog, DialogScene)
    text = dialog.message
    assert "could not be read" in text and "is not a Five Fronts save" in text
    assert len(list(tmp_path.glob("*.damaged-*"))) == 2
    assert not saves.autosave_path("flatfront").exists()
    shot(app, "damaged_save")
    click(app, dialog.widgets[-1].rect.center)
    assert isinstance(top(app), TitleScene)


def test_a_save_whose_moves_do_not_replay_is_set_aside_on_continue(
    app: App, tmp_path: Path
) -> None:
    from game.engines import GAMES
    from game.scenes.overlay import DialogScene
    from game.scenes.title import TitleScene

    record = GAMES["flatfront"].new_state().to_record()
    record["history"] = [9999]
    saves.write_autosave("flatfront", [HUMAN, "easy"], 1, record)
    app.stack.push(TitleScene(app))
    run(app, 2)
    title = top(app)
    click(app, title.continue_button.rect.center)
    assert isinstance(top(app), DialogScene) and "rules do not allow" in top(app).message
    assert list(tmp_path.glob("flatfront.autosave.json.damaged-*"))


# --- settings, rules, window ---------------------------------------------------------------------


def test_settings_apply_at_once_and_persist(app: App, tmp_path: Path) -> None:
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene

    app.persist_settings = True
    app.stack.push(TitleScene(app))
    app.stack.push(SettingsScene(app))
    run(app, 2)
    settings_scene = top(app)
    language = settings_scene.rows[-1][1]
    click(app, language._segments()[1].center)
    assert get_language() == "ja" and app.settings.language == "ja"
    speed = settings_scene.rows[0][1]
    click(app, speed._segments()[3].center)
    run(app, 10)
    shot(app, "settings_ja")
    stored = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert stored["language"] == "ja" and stored["animation"] == "fast"
    assert Settings.load().animation == "fast"


def test_rules_screen_renders_markdown_scrolls_and_falls_back_to_english(
    app: App, tmp_path, monkeypatch
) -> None:
    from game.scenes import rules

    text = "# Flat Front\n\nIntro paragraph.\n\n## Setup\n" + "\n".join(
        f"- point {i}" for i in range(80)
    )
    (tmp_path / "flatfront.en.md").write_text(text, encoding="utf-8")
    monkeypatch.setattr(rules, "resource_path", lambda *parts: tmp_path / parts[-1])
    set_language("ja")
    scene = rules.RulesScene(app, "flatfront")
    app.stack.push(scene)
    run(app, 2)
    assert scene.blocks[0].kind == "h1" and len(scene.blocks) == 83  # English, no Japanese file
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    run(app, 1)
    assert scene.offset > 0
    shot(app, "rules")
    post_key(pygame.K_ESCAPE)
    run(app, 1)
    assert app.stack.top is None or app.stack.top is not scene


def test_window_resize_lays_the_match_out_again(app: App) -> None:
    scene = start_pebbles(app, [HUMAN, "easy"])
    run(app, 2)
    before = scene.board.rect.copy()
    pygame.display.set_mode((700, 640), pygame.RESIZABLE)  # what the window manager does
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 640), w=700, h=640))
    run(app, 2)
    assert app.size == (800, 640)  # held at the minimum width
    assert scene.board.rect != before and scene.panel.rect.right <= app.size[0]
    shot(app, "match_small_window")


# --- monkey --------------------------------------------------------------------------------------


def test_monkey_random_clicks_and_keys_do_not_crash(app: App) -> None:
    from game.scenes.title import TitleScene

    rng = random.Random(1234)
    keys = [
        pygame.K_ESCAPE,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_1,
        pygame.K_2,
        pygame.K_3,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_h,
        pygame.K_z,
        pygame.K_y,
        pygame.K_c,
    ]
    app.stack.push(TitleScene(app))
    for frame in range(600):
        if app.stack.top is None or not app.running:
            app.running = True
            app.stack.push(TitleScene(app))
        w, h = app.size
        roll = rng.random()
        if roll < 0.35:
            post_click((rng.randrange(w), rng.randrange(h)))
        elif roll < 0.5:
            key = rng.choice(keys)
            post_key(key, pygame.KMOD_CTRL if key in (pygame.K_z, pygame.K_y) else 0)
        elif roll < 0.55:
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
            )
        app.step(DT)
        if frame % 150 == 0:
            shot(app, f"monkey_{frame}")


# --- hints, animation skipping, fullscreen -------------------------------------------------------


def test_hint_button_asks_the_worker_and_marks_the_move(app: App) -> None:
    scene = start_pebbles(app, [HUMAN, "easy"])
    run(app, 3)
    assert scene.panel.hint_button.enabled
    click(app, scene.panel.hint_button.rect.center)
    run(app, 2)
    assert scene.match.hint in (1, 2) and scene.board.hint == scene.match.hint
    # The words go beside the marks on the board (a toast would cover them).
    assert scene.board.hint_caption().startswith("Hint: player 1 takes")
    assert app.ai.sent[-1][1] == "hint"


def test_a_click_on_the_board_skips_the_running_animation(app: App) -> None:
    app.settings.animation = "slow"
    app.ai = SyncClient(delay_polls=500)  # the AI stays busy: nothing else starts animating
    scene = start_pebbles(app, [HUMAN, "easy"])
    run_until(app, lambda: bool(scene.match.legal_for_viewer()) and not scene.board.is_animating())
    post_key(pygame.K_1)
    run(app, 2)
    assert scene.board.is_animating()
    history = list(scene.match.state.history)
    click(app, scene.board.rect.center)
    assert not scene.board.is_animating()
    assert scene.match.state.history == history  # the click only skipped


def test_f11_toggles_fullscreen_and_back(app: App) -> None:
    from game.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    windowed = app.size
    post_key(pygame.K_F11)
    run(app, 2)
    assert app.settings.fullscreen
    post_key(pygame.K_F11)
    run(app, 2)
    assert not app.settings.fullscreen and app.size == windowed


def test_setup_adds_and_removes_seats_and_sets_options(app: App, monkeypatch) -> None:
    import game.boards
    from game.scenes.setup import SetupScene

    monkeypatch.setattr(game.boards, "board_class", lambda game_id: PebblesBoard)
    setup = SetupScene(app, PebblesGame())
    app.stack.push(setup)
    run(app, 2)
    assert len(setup.seat_widgets) == 2 and not setup.remove_buttons[1].visible
    click(app, setup.add_seat.rect.center)
    assert setup.seats == [HUMAN, "normal", "normal"] and not setup.add_seat.enabled
    seat = setup.seat_widgets[2]  # the new seat: Hard
    if isinstance(seat, Segmented):
        click(app, seat.rect_of("hard").center)
    else:  # ◀ kind ▶ in a narrow window: one step on from Normal
        click(app, (seat.rect.right - 4, seat.rect.centery))
    assert setup.seats[2] == "hard"
    click(app, setup.remove_buttons[2].rect.center)
    assert setup.seats == [HUMAN, "normal"]
    pile, variant = setup.option_widgets
    click(app, pile.rect_of(7).center)
    click(app, variant.rect_of("greedy").center)
    shot(app, "setup_options")
    click(app, setup.start_button.rect.center)
    scene = top(app)
    assert isinstance(scene, MatchScene)
    assert scene.match.state.options == {"pile": 7, "variant": "greedy"}
    assert app.settings.last_setup["pebbles"]["seats"] == [HUMAN, "normal"]


def test_colour_blind_palette_and_language_switch_rebuild_the_board(app: App) -> None:
    from game.scenes.settings import SettingsScene
    from tests.test_app_fakes import PALETTES

    scene = start_pebbles(app, [HUMAN, "easy"])
    run(app, 3)
    assert scene.board.ctx.palette.items() >= PALETTES["normal"].items()  # over the kit's base
    settings_scene = SettingsScene(app)
    app.stack.push(settings_scene)
    run(app, 2)
    colorblind = next(w for label, w in settings_scene.rows if label() == t("settings.colorblind"))
    click(app, colorblind.rect.center)
    click(app, settings_scene.rows[-1][1]._segments()[1].center)  # 日本語
    click(app, settings_scene.done.rect.center)
    assert top(app) is scene
    assert scene.board.ctx.palette.items() >= PALETTES["colorblind"].items()
    assert scene.board.ctx.lang == "ja"
    assert (
        scene.match.names[0] == "あなた"
        and scene.panel.rows()[0].text == "カードが2枚伏せて配られました。"
    )


def test_battle_line_auto_claim_switch_works_while_the_ai_thinks_and_is_kept(app: App) -> None:
    """The switch is a player setting, not a move: it flips on the AI's turn too, and the next
    match of the game starts with it."""
    from game.boards.battleline.board import BattleLineBoard
    from game.engines import GAMES

    app.ai = SyncClient(delay_polls=40)
    match = Match(GAMES["battleline"], ["easy", HUMAN], seed=5, client=app.ai, autosave=False)
    scene = MatchScene(app, match, BattleLineBoard)
    app.stack.push(scene)
    run_until(app, lambda: scene.match.ai_thinking)
    board = scene.board
    assert isinstance(board, BattleLineBoard) and not board.auto_claim
    click(app, board.geo.toggle.center)
    assert board.auto_claim and scene.match.ai_thinking
    assert not any("thinking" in item[0] for item in scene.toasts.items)
    click(app, board.geo.toggle.center)
    assert not board.auto_claim
    click(app, board.geo.toggle.center)
    assert app.settings.board_prefs["battleline"] == {"auto_claim": True}
    app.stack.pop()  # the choice is a setting: the next match of the game starts with it
    again = Match(GAMES["battleline"], [HUMAN, "easy"], seed=6, client=app.ai, autosave=False)
    app.stack.push(MatchScene(app, again, BattleLineBoard))
    run(app, 2)
    assert top(app).board.auto_claim


def test_hint_and_log_speak_the_players_language(app: App) -> None:
    """The hint's caption words the move as the move log does: through the board, in Japanese."""
    from game.boards.flatfront.board import FlatFrontBoard
    from game.engines import GAMES

    set_language("ja")
    match = Match(GAMES["flatfront"], [HUMAN, "easy"], seed=4, client=app.ai, autosave=False)
    scene = MatchScene(app, match, FlatFrontBoard)
    app.stack.push(scene)
    run_until(app, lambda: scene.panel.hint_button.enabled and not scene.board.is_animating())
    click(app, scene.panel.hint_button.rect.center)
    run(app, 2)
    hint = scene.match.hint
    assert hint is not None
    (words,) = scene.board.hint_words  # shown beside the marks on the board
    assert words != scene.match.state.action_to_string(hint)  # not the engine's English
    assert scene.board.hint_caption() == t("match.hint_result", move=words)
    logged = [row.text for row in scene.panel.rows()]
    assert logged and not any(text.isascii() for text in logged)  # every row in Japanese


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_setup_at_the_smallest_window_keeps_every_option_in_its_panel(app: App, game_id) -> None:
    from game.scenes.setup import SetupScene

    pygame.display.set_mode((800, 540), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 540), w=800, h=540))
    setup = SetupScene(app, GAMES[game_id])
    app.stack.push(setup)
    run(app, 2)
    assert app.size == (800, 540)
    panel = setup.option_panel
    for name, widget in zip(setup.game.options, setup.option_widgets, strict=True):
        assert panel.contains(widget.rect), f"{name} runs out of the options panel"
        assert widget.rect.bottom < setup.start_button.rect.top
        assert t_or(f"option.{game_id}.{name}", ""), f"{game_id}'s option {name} has no label"
    rows = [w.rect for w in setup.option_widgets]
    assert all(a.bottom < b.top for a, b in itertools.pairwise(rows))
    shot(app, f"setup_{game_id}_800x540")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_seat_kinds_never_run_into_each_other(app: App, language: str) -> None:
    """Five seat kinds side by side where they read; ◀ kind ▶ where they would not (むずかしい
    beside リモート at 800x540), choosing the same kinds either way."""
    from game.scenes.setup import SetupScene, seat_kinds
    from game.ui.text import MIN_TEXT_PX, text_width
    from game.ui.widgets import SEGMENT_PAD, Stepper

    set_language(language)
    try:
        for size in ((1280, 800), (800, 540)):
            pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(
                pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            )
            setup = SetupScene(app, GAMES["tsuno"])
            app.stack.push(setup)
            run(app, 2)
            for widget in setup.seat_widgets:
                assert setup.seat_panel.contains(widget.rect)
                if isinstance(widget, Segmented):
                    labels = [str(label()) for _kind, label in widget.choices]
                    for label, seg in zip(labels, map(widget.rect_of, seat_kinds()), strict=True):
                        assert text_width(label, MIN_TEXT_PX, True) + SEGMENT_PAD <= seg.width + 1
                else:
                    assert isinstance(widget, Stepper)
            first = setup.seat_widgets[0]
            first.handle_event(
                pygame.event.Event(
                    pygame.MOUSEBUTTONDOWN, button=1, pos=(first.rect.right - 4, first.rect.centery)
                )
            )
            assert setup.seats[0] != "human"  # the last segment, or the stepper's ▶
            if language == "ja" and size == (800, 540):
                assert isinstance(first, Stepper)
            if size == (1280, 800):
                assert isinstance(first, Segmented)
            app.stack.pop()
    finally:
        set_language("en")


@pytest.mark.parametrize(
    ("game_id", "switch", "idle"),
    [
        ("flink", ("board", "diamond"), "size"),
        ("frontline", ("decks", "build"), "us_deck"),
    ],
)
def test_setup_dims_an_option_that_changes_nothing_and_ignores_its_clicks(
    app: App, game_id: str, switch: tuple[str, str], idle: str
) -> None:
    """Flink's square size means nothing on the diamond board, Frontline's prebuilt decks
    nothing when decks are built: their rows are veiled and a click leaves them as they were."""
    from game.scenes.setup import SetupScene

    game = GAMES[game_id]
    setup = SetupScene(app, game)
    app.stack.push(setup)
    run(app, 1)
    names = list(game.options)
    widget = setup.option_widgets[names.index(idle)]
    assert setup.option_applies(idle)
    before = app.window.copy()
    name, value = switch
    setup.options[name] = value
    run(app, 1)
    assert not setup.option_applies(idle)
    average = pygame.transform.average_color
    assert average(app.window, widget.rect) != average(before, widget.rect)
    kept = setup.options[idle]
    for segment in widget._segments():
        click(app, segment.center)
    assert setup.options[idle] == kept
    setup.options[name] = game.options[name][0]
    click(app, widget._segments()[1].center)
    assert setup.options[idle] == game.options[idle][1]  # live again with the first value


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_option_said_not_to_apply_changes_nothing_at_the_start(game_id: str) -> None:
    """What ``option_applies`` tells the set-up screen is true: with another option switched
    to each of its values, an option that does not apply leaves the first observation alone."""
    game = GAMES[game_id]
    for other, values in game.options.items():
        for value in values:
            options = {**game.default_options(), other: value}
            for name, choices in game.options.items():
                if game.option_applies(name, options):
                    continue
                seen = set()
                for choice in choices:
                    observation = game.new_state(**{**options, name: choice}).observation(0)
                    observation.pop("options", None)  # the options as chosen, said back
                    seen.add(repr(observation))
                assert len(seen) == 1, (name, options)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_title_cards_keep_every_word_of_a_title_at_the_smallest_window(
    app: App, language: str
) -> None:
    """'Frontline General: Spearpoint 1943' lost its last line at 800x540; the player counts
    ran over the card's edges."""
    from game.scenes.title import TitleScene, players_text, title_lines
    from game.ui.text import text_width

    set_language(language)
    scene = TitleScene(app)
    app.stack.push(scene)
    app.stack.layout((800, 540))
    run(app, 1)
    for card in scene.cards:
        title = card.title_ja if language == "ja" else card.title
        width = card.rect.width - card.rect.width // 8
        _, lines = title_lines(title, card.px + 3, width)
        assert len(lines) <= 2 and "".join(lines).replace(" ", "") == title.replace(" ", "")
        game = GAMES[card.game_id]
        players = players_text(game.min_players, game.max_players, game.cooperative)
        assert text_width(players, 11) <= card.rect.width - card.rect.width // 10, players


def test_a_games_description_cut_short_at_800x540_says_so(app: App, monkeypatch) -> None:
    """Flat Front's description lost its last sentence at the smallest window without a mark;
    the last line shown now ends with '…'."""
    from game.scenes import setup as setup_module

    set_language("en")
    setup = setup_module.SetupScene(app, GAMES["flatfront"])
    app.stack.push(setup)
    app.stack.layout((800, 540))
    drawn: list[str] = []
    original = setup_module.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(setup_module, "blit_text", spy)
    setup.draw(app.window)
    about = t("about.flatfront")
    shown = [line for line in drawn if line.rstrip("…") and line.rstrip("…") in about]
    assert shown and shown[-1].endswith("…"), shown


def test_the_seat_lists_name_each_hot_seat_player_once(app: App) -> None:
    """Battle Line's sides are "Player 1" and "Player 2" (プレイヤー1), as are its hot-seat
    players: the set-up's name field and the match panel's caption did not say it again."""
    from game.match import side_caption
    from game.scenes.setup import SetupScene

    set_language("ja")
    try:
        setup = SetupScene(app, GAMES["battleline"])
        setup.seats = [HUMAN, HUMAN]
        setup._show_name_fields()
        assert all(field.visible for field in setup.name_fields)
        assert [f.placeholder() for f in setup.name_fields] == [t("setup.name_hint")] * 2
        assert side_caption(GAMES["battleline"], 0, "プレイヤー1") == ""
        flatfront = SetupScene(app, GAMES["flatfront"])
        flatfront.seats = [HUMAN, HUMAN]
        assert flatfront.name_fields[0].placeholder() == "プレイヤー1"  # beside "青"
        assert side_caption(GAMES["flatfront"], 0, "プレイヤー1") == "青"
    finally:
        set_language("en")
