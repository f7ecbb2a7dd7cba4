"""Play-test findings on the screens, driven headless by posted events."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import saves
from game.app import App
from game.i18n import set_language, t
from game.settings import Settings

DT = 1 / 60


def run(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def resize(size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)  # what the window manager does
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


# --- item 13: the rules screens show the whole file --------------------------------------------


@pytest.mark.parametrize("size", [(800, 540), (1600, 1000)])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", ["flatfront", "battleline", "frontline"])
def test_the_last_line_of_every_rules_file_is_visible_at_the_end(app, game_id, lang, size) -> None:
    from game.scenes.rules import RulesScene, rules_file
    from game.ui.markdown import inline

    set_language(lang)
    resize(size)
    run(app)
    scene = RulesScene(app, game_id)
    app.stack.push(scene)
    run(app)
    post_key(pygame.K_END)
    run(app, 2)
    path = rules_file(game_id, lang)
    assert path is not None and path.name == f"{game_id}.{lang}.md"
    last_source = inline(path.read_text(encoding="utf-8").strip().splitlines()[-1].lstrip("-# "))
    text, rect = scene.lines[-1]
    assert last_source.endswith(text.strip())
    page = scene.page
    assert page is not None and rect.bottom <= page.get_height()
    assert page.subsurface(rect).get_bounding_rect().height > 0  # the glyphs are on the page
    inner = scene.inner
    on_screen = rect.move(inner.x, inner.y - round(scene.offset))
    assert inner.top <= on_screen.top and on_screen.bottom <= inner.bottom


# --- item 15: turns, and the winner's numbers first -------------------------------------------


def test_turns_count_runs_of_one_players_decisions_and_never_chance() -> None:
    from game.turns import count_turns

    assert count_turns([]) == 0
    assert count_turns([-1, -1]) == 0
    # place, pieces (one turn) · chance · the other side · chance · the other side again
    assert count_turns([0, 0, -1, 1, 1, -1, 0]) == 3
    assert count_turns([0, -1, 0, -1, 0]) == 1  # draws inside a turn do not split it


@pytest.mark.parametrize(("game_id", "word"), [("frontline", "turn"), ("tsuno", "day")])
def test_the_continue_list_numbers_turns_as_the_board_does(game_id: str, word: str) -> None:
    """Frontline numbers its turns (both players act in each) and Tsuno its days: the saved
    match says that number, as the board's header does, not the count of decision runs
    (a Frontline game in its second turn said 'turn 19'; a solo Tsuno game was always on 1)."""
    import random
    import time

    from game import saves
    from game.engines import GAMES
    from game.scenes.saved import describe

    set_language("en")
    game = GAMES[game_id]
    state = game.new_state(1 if game.cooperative else 2)
    rng = random.Random(5)
    numbered = state.numbered_turn()
    while numbered is not None and numbered < 3 and not state.is_terminal():
        legal = state.legal_actions()
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal)
        state.apply_action(action)
        numbered = state.numbered_turn()
    assert numbered == 3
    record = {
        "game": game_id,
        "version": game.version,
        "num_players": state.num_players,
        "options": dict(state.options),
        "history": list(state.history),
    }
    seats = ["human"] * state.num_players
    save = saves.Autosave(game_id, seats, 1, record, time.time(), saves.autosave_path(game_id))
    assert f" · {word} 3 · " in describe(save)


def random_match(game_id: str, seed: int):
    import random

    from game.engines import GAMES
    from game.match import HUMAN, Match

    rng = random.Random(seed)
    match = Match(GAMES[game_id], [HUMAN, HUMAN], seed=seed)
    while not match.is_over:
        if match.advance() is None:
            match.play(rng.choice(match.state.legal_actions()))
    return match


@pytest.mark.parametrize("game_id", ["flatfront", "battleline"])
def test_game_over_says_turns_not_engine_decisions(app, game_id) -> None:
    from game.scenes.gameover import GameOverScene
    from game.scenes.match import MatchScene

    match = random_match(game_id, 7)
    scene = MatchScene(app, match)
    app.stack.push(scene)
    summary = GameOverScene(app, scene)
    decisions = [mv.player for mv in match.moves if mv.player >= 0]
    turns = 1 + sum(1 for a, b in itertools.pairwise(decisions) if a != b)
    assert summary.subtitle() == f"after {turns} turns"
    assert turns < len(decisions)  # both games split a turn into several decisions


def test_flat_front_end_banner_puts_the_winners_numbers_first() -> None:
    import random

    from game.engines import GAMES
    from game.engines.flatfront import RED
    from tests.test_flatfront_board import Harness

    for seed in range(50):
        rng = random.Random(seed)
        state = GAMES["flatfront"].new_state()
        while not state.is_terminal():
            if state.current_player() < 0:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        obs = state.observation(0)
        blue, red = obs["score"]
        if obs["winner"] == RED and red["tiles"] != blue["tiles"]:
            break
    else:
        raise AssertionError("no red win in 50 random games")
    banner = Harness().board.words.banner(obs)
    assert banner.title == "Red wins!"
    assert banner.subtitle.startswith(f"Tiles {red['tiles']} to {blue['tiles']}")


# --- item 6: one autosave per game, all reachable, none overwritten unseen --------------------


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app, 1)


def save_progress(game_id: str, seats: list[str], decisions: int, when: float) -> list[int]:
    """An autosave of ``game_id`` after some random play; returns its history."""
    import os
    import random

    from game.engines import GAMES

    rng = random.Random(decisions)
    state = GAMES[game_id].new_state()
    while decisions:
        if state.current_player() < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
    saves.write_autosave(game_id, seats, 3, state.to_record())
    path = saves.autosave_path(game_id)
    data = __import__("json").loads(path.read_text(encoding="utf-8"))
    data["saved_at"] = when
    path.write_text(__import__("json").dumps(data), encoding="utf-8")
    os.utime(path, (when, when))
    return list(state.history)


def test_continue_lists_every_game_in_progress_and_opens_the_chosen_one(app) -> None:
    from game.match import HUMAN
    from game.scenes.match import MatchScene
    from game.scenes.saved import ContinueScene
    from game.scenes.title import TitleScene
    from game.ui.widgets import text_of

    older = save_progress("battleline", [HUMAN, HUMAN], 6, 1_700_000_000.0)
    save_progress("flatfront", [HUMAN, "hard"], 4, 1_700_000_600.0)
    title = TitleScene(app)
    app.stack.push(title)
    run(app, 2)
    click(app, title.continue_button.rect.center)
    listing = app.stack.top
    assert isinstance(listing, ContinueScene)
    rows = [text_of(b.label) for b in listing.rows]
    assert rows[0].startswith("Flat Front · You / Hard AI · ") and " · turn " in rows[0]
    assert rows[1].startswith("Battle Line · Player 1 / Player 2 · ")
    assert all("2023-11-" in row for row in rows)  # the date it was saved
    click(app, listing.rows[1].rect.center)
    scene = app.stack.find(MatchScene)  # under the hot-seat curtain
    assert scene is not None and scene.match.game.id == "battleline"
    assert scene.match.state.history[: len(older)] == older  # chance may follow at once


@pytest.mark.parametrize("answer", ["cancel", "continue", "new"])
def test_a_new_match_over_one_in_progress_asks_first(app, answer) -> None:
    import json

    from game.engines import GAMES
    from game.match import HUMAN
    from game.scenes.match import MatchScene
    from game.scenes.overlay import DialogScene
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene

    history = save_progress("flatfront", [HUMAN, HUMAN], 5, 1_700_000_000.0)
    before = saves.autosave_path("flatfront").read_text(encoding="utf-8")
    app.stack.push(TitleScene(app))
    setup = SetupScene(app, GAMES["flatfront"])
    app.stack.push(setup)
    run(app)
    click(app, setup.start_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    cancel, keep, new = dialog.widgets
    click(app, {"cancel": cancel, "continue": keep, "new": new}[answer].rect.center)
    run(app, 2)
    after = json.loads(saves.autosave_path("flatfront").read_text(encoding="utf-8"))
    if answer == "cancel":
        assert (
            app.stack.top is setup
            and saves.autosave_path("flatfront").read_text(encoding="utf-8") == before
        )
    elif answer == "continue":
        assert isinstance(app.stack.top, MatchScene)
        assert app.stack.top.match.state.history[: len(history)] == history
    else:
        assert isinstance(app.stack.top, MatchScene)
        assert after["record"]["history"][: len(history)] != history


def test_the_command_line_does_not_overwrite_a_match_in_progress(tmp_path, monkeypatch) -> None:
    from game.__main__ import main
    from game.match import HUMAN

    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    save_progress("flatfront", [HUMAN, HUMAN], 5, 1_700_000_000.0)
    before = saves.autosave_path("flatfront").read_text(encoding="utf-8")
    assert main(["--game", "flatfront", "--seats", "human,human", "--frames", "5"]) == 0
    assert saves.autosave_path("flatfront").read_text(encoding="utf-8") == before


# --- item 22: what a player met ----------------------------------------------------------------


def test_coming_soon_is_a_caption_not_a_gold_button(app, monkeypatch) -> None:
    from game.scenes import title as title_module
    from game.scenes.title import TitleScene
    from game.ui import theme

    # Every game has its board now: pretend Frontline's does not, as test_app_scenes does.
    monkeypatch.setattr(title_module, "has_board", lambda game_id: game_id != "frontline")
    title = TitleScene(app)
    app.stack.push(title)
    run(app, 2)
    card = next(c for c in title.cards if not c.built)
    area = card.rect.copy()
    area.height //= 4
    area.bottom = card.rect.bottom
    pill = theme.mix(theme.GOLD, theme.INK, 0.35)
    pixels = pygame.PixelArray(app.window)
    try:
        goldish = sum(
            1
            for x in range(area.left, area.right, 2)
            for y in range(area.top, area.bottom, 2)
            if all(
                abs(a - b) < 12
                for a, b in zip(app.window.unmap_rgb(pixels[x, y])[:3], pill, strict=True)
            )
        )
    finally:
        pixels.close()
    assert goldish == 0


def test_level_descriptions_are_per_game_and_battle_line_says_its_turn_times(app) -> None:
    """Battle Line's Normal answers at once (a tenth of a second) and Hard takes up to 3 s
    (README), so its texts say so."""
    from ai.agents import budget_for
    from game.engines import GAMES
    from game.scenes.setup import level_about

    for level in ("easy", "normal", "hard"):
        assert level_about(GAMES["flatfront"], level) != level_about(GAMES["flatfront"], "x")
    assert level_about(GAMES["flatfront"], "normal") != level_about(GAMES["battleline"], "normal")
    assert budget_for("battleline", "normal").seconds <= 0.2
    assert "at once" in level_about(GAMES["battleline"], "normal")
    assert budget_for("battleline", "hard").seconds == 3.0
    assert "three seconds" in level_about(GAMES["battleline"], "hard")
    set_language("ja")
    assert "即答" in level_about(GAMES["battleline"], "normal")
    assert "最大3秒" in level_about(GAMES["battleline"], "hard")


def test_the_volume_slider_sets_and_keeps_the_loudness(app, tmp_path) -> None:
    from game.scenes.settings import SettingsScene, Slider

    app.persist_settings = True
    scene = SettingsScene(app)
    app.stack.push(scene)
    run(app, 2)
    slider = scene.volume_slider
    assert isinstance(slider, Slider)
    track = slider._track()
    pos = (track.x + track.width // 4, track.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app)
    assert abs(app.settings.volume - 0.25) < 0.03
    post_key(pygame.K_RIGHT)
    run(app)
    assert abs(app.settings.volume - 0.35) < 0.03
    assert abs(Settings.load().volume - app.settings.volume) < 1e-9  # stored at once
    assert app.sound.volume() == app.settings.volume


def start_pebbles(app: App, seats: list[str]):
    from game.match import Match
    from game.scenes.match import MatchScene
    from tests.test_app_fakes import PebblesBoard, PebblesGame

    match = Match(PebblesGame(), seats, seed=3, client=app.ai, autosave=True)
    scene = MatchScene(app, match, PebblesBoard)
    app.stack.push(scene)
    return scene


def run_until(app: App, done, limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        app.step(DT)
    raise AssertionError("condition not reached")


def test_rematch_key_works_while_viewing_the_board(app) -> None:
    from game.scenes.gameover import GameOverScene
    from game.scenes.match import MatchScene

    scene = start_pebbles(app, ["easy", "easy"])
    run_until(app, lambda: isinstance(app.stack.top, GameOverScene))
    summary = app.stack.top
    post_key(pygame.K_v)
    run(app, 2)
    assert summary.viewing and app.stack.top is summary
    post_key(pygame.K_ESCAPE)  # back to the summary, not the match menu
    run(app)
    assert not summary.viewing and app.stack.top is summary
    post_key(pygame.K_v)
    run(app)
    post_key(pygame.K_r)
    run(app, 2)
    rematch = app.stack.find(MatchScene)
    assert rematch is not scene and rematch.match.seats == ["easy", "easy"]
    assert not any(isinstance(s, GameOverScene) for s in app.stack.scenes)


def test_escape_on_the_curtain_opens_the_menu_without_revealing(app) -> None:
    from game.match import HUMAN
    from game.scenes.curtain import CurtainScene
    from game.scenes.pause import PauseScene
    from game.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    start_pebbles(app, [HUMAN, HUMAN])
    run(app, 2)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    post_key(pygame.K_ESCAPE)
    run(app, 2)
    menu = app.stack.top
    assert isinstance(menu, PauseScene) and app.stack.scenes[-2] is curtain
    post_key(pygame.K_ESCAPE)  # resume: back behind the curtain, still hidden
    run(app)
    assert app.stack.top is curtain
    post_key(pygame.K_ESCAPE)
    run(app)
    app.stack.top.leave_match()
    run(app)
    assert isinstance(app.stack.scenes[0], TitleScene)  # (a dialog says the fake game is unknown)
    assert not any(isinstance(s, CurtainScene) for s in app.stack.scenes)


def test_the_menu_restarts_after_asking(app) -> None:
    from game.match import HUMAN
    from game.scenes.match import MatchScene
    from game.scenes.overlay import DialogScene
    from game.scenes.pause import PauseScene

    scene = start_pebbles(app, [HUMAN, "easy"])
    run_until(app, lambda: scene.match.human_to_decide())
    post_key(pygame.K_1)
    run_until(app, lambda: scene.match.human_to_decide() and len(scene.match.moves) > 3)
    post_key(pygame.K_ESCAPE)
    run(app)
    menu = app.stack.top
    assert isinstance(menu, PauseScene)
    menu.ask_restart()
    run(app)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    dialog.widgets[0].on_click()  # cancel: nothing changes
    run(app)
    assert app.stack.top is scene
    post_key(pygame.K_ESCAPE)
    run(app)
    app.stack.top.ask_restart()
    run(app)
    app.stack.top.widgets[-1].on_click()
    run(app, 2)
    fresh = app.stack.find(MatchScene)
    assert fresh is not scene and fresh.match.seats == [HUMAN, "easy"]
    assert len(fresh.match.moves) < len(scene.match.moves)


def test_resigning_ends_the_match_as_a_loss_and_drops_its_save(app) -> None:
    from game.match import HUMAN
    from game.scenes.match import MatchScene
    from game.scenes.overlay import DialogScene
    from game.scenes.pause import PauseScene
    from game.scenes.title import TitleScene
    from game.ui.widgets import text_of

    scene = start_pebbles(app, [HUMAN, "easy"])
    run_until(app, lambda: scene.match.human_to_decide())
    post_key(pygame.K_1)
    run_until(app, lambda: scene.match.human_to_decide() and len(scene.match.moves) > 3)
    assert saves.autosave_path("pebbles").exists()
    post_key(pygame.K_ESCAPE)
    run(app)
    menu = app.stack.top
    assert isinstance(menu, PauseScene) and menu.resign_button in menu.widgets
    menu.ask_resign()
    run(app)
    app.stack.top.widgets[-1].on_click()
    run(app)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and isinstance(app.stack.scenes[0], TitleScene)
    assert text_of(dialog.message) == "You resigned: Easy AI wins."
    assert not saves.autosave_path("pebbles").exists()
    dialog.widgets[-1].on_click()  # rematch, sides swapped
    run(app)
    assert app.stack.find(MatchScene).match.seats == ["easy", HUMAN]


def test_hot_seat_players_name_themselves_and_the_names_are_kept(app) -> None:
    from game.engines import GAMES
    from game.match import HUMAN
    from game.scenes.match import MatchScene
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    setup = SetupScene(app, GAMES["flatfront"])
    app.stack.push(setup)
    run(app)
    assert not any(f.visible for f in setup.name_fields)  # one human: "You"
    click(app, setup.seat_widgets[1]._segments()[0].center)  # seat 2: Human
    assert setup.seats == [HUMAN, HUMAN] and all(f.visible for f in setup.name_fields)
    click(app, setup.name_fields[0].rect.center)
    for text in ("Ann", "a"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    post_key(pygame.K_BACKSPACE)
    post_key(pygame.K_ESCAPE)  # ends typing; does not leave the set-up
    run(app)
    assert setup.names[0] == "Ann" and app.stack.top is setup
    click(app, setup.start_button.rect.center)
    scene = app.stack.find(MatchScene)
    assert scene.match.names == ["Ann", "Player 2"]
    assert app.settings.last_setup["flatfront"]["names"] == ["Ann", ""]
    saved = saves.load_autosave(saves.autosave_path("flatfront"))
    assert saved.names == ["Ann", ""]
    app.stack.reset(TitleScene(app))
    run(app)
    app.stack.top.continue_match()
    run(app)
    assert app.stack.find(MatchScene).match.names == ["Ann", "Player 2"]
    assert app.stack.find(MatchScene).match.rematch().names == ["Player 1", "Ann"]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_game_over_buttons_keep_their_words_inside(app, language, size) -> None:
    from game.i18n import set_language
    from game.scenes.gameover import GameOverScene
    from game.scenes.match import MatchScene

    set_language(language)
    scene = MatchScene(app, random_match("battleline", 7))
    app.stack.push(scene)
    summary = GameOverScene(app, scene)
    app.stack.push(summary)
    app.stack.layout(size)
    buttons = [w for w in summary.widgets if getattr(w, "visible", True)]
    assert len(buttons) >= 3
    assert all(button.label_fits() for button in buttons), [
        button.label() if callable(button.label) else button.label for button in buttons
    ]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_button_of_the_setup_match_and_settings_screens_fits_at_800x540(
    app, language
) -> None:
    """Words never overflow their button at the smallest window (a narrow one drops its icon)."""
    from game.boards import board_ids
    from game.engines import GAMES
    from game.match import HUMAN, Match
    from game.scenes.match import MatchScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.ui.widgets import Button

    set_language(language)
    scenes = [SettingsScene(app)]
    for game_id in board_ids():
        game = GAMES[game_id]
        scenes.append(SetupScene(app, game))
        seats = [HUMAN] + ["easy"] * (game.min_players - 1)
        scenes.append(MatchScene(app, Match(game, seats, seed=1, client=app.ai)))
    overflowing = []
    for scene in scenes:
        app.stack.push(scene)
        app.stack.layout((800, 540))
        overflowing += [
            (type(scene).__name__, button.rect)
            for button in scene.widgets
            if isinstance(button, Button)
            and button.visible
            and button.rect.width > 0
            and not button.label_fits()
        ]
        app.stack.pop()
    assert not overflowing


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_the_match_menu_card_ends_below_its_last_line(app, size) -> None:
    """With fewer buttons (co-operative play: no Resign) the card is shorter, not a card with
    an empty band at the bottom."""
    from game.engines import GAMES
    from game.match import HUMAN, Match
    from game.scenes.match import MatchScene
    from game.scenes.pause import PauseScene
    from game.ui.fonts import get_font
    from game.ui.text import wrap

    heights = {}
    for game_id, seats in (("tsuno", [HUMAN]), ("battleline", [HUMAN, "easy"])):
        scene = MatchScene(app, Match(GAMES[game_id], seats, seed=1, client=app.ai))
        app.stack.push(scene)
        menu = PauseScene(app, scene)
        app.stack.push(menu)
        app.stack.layout(size)
        m = menu.metrics
        px = m.font_px(13)
        lines = wrap(t("pause.saved_note"), get_font(px), menu.body.width)
        text_bottom = menu.buttons[-1].rect.bottom + m.px(12) + len(lines) * round(px * 1.4)
        assert text_bottom <= menu.card.bottom <= text_bottom + m.px(28) + 2, game_id
        heights[game_id] = menu.card.height
        app.stack.pop()
        app.stack.pop()
    assert heights["tsuno"] < heights["battleline"]
