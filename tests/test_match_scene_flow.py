"""The match scene as a consumer of the match's phases and events (headless)."""

from __future__ import annotations

import errno
from typing import ClassVar

import pygame

from game import saves
from game.app import App
from game.engines import GAMES
from game.engines.flatfront import PASS
from game.i18n import set_language
from game.match import HUMAN, HUMAN_TURN, Match
from game.saves import Autosave
from game.scenes.match import MatchScene, match_from_save
from game.scenes.overlay import DialogScene
from tests.test_app_fakes import PALETTES, PebblesBoard, PebblesGame, SyncClient
from tests.test_app_scenes import post_key, run, run_until, start_pebbles, top

__all__ = ["PALETTES"]  # the board palette theme.board_palette finds in a board's module


class DraggingBoard(PebblesBoard):
    """Key 4 is a "drag": two actions at once, played in order by the scene."""

    actions: ClassVar[list[int]] = []

    def handle_event(self, event: pygame.event.Event) -> int | list[int] | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_4:
            return list(self.actions)
        return super().handle_event(event)


def start(app: App, seats: list[str], board: type = PebblesBoard, **options) -> MatchScene:
    match = Match(PebblesGame(), seats, options=options, seed=3, client=app.ai, autosave=True)
    scene = MatchScene(app, match, board)
    app.stack.push(scene)
    return scene


def test_a_boards_list_of_actions_is_played_in_order_up_to_the_first_refusal(app: App) -> None:
    scene = start(app, [HUMAN, "easy"], DraggingBoard, pile=7)
    run(app, 3)
    m = scene.match
    start_len = len(m.state.history)
    DraggingBoard.actions = [3, 1]  # refused at once: nothing is played
    post_key(pygame.K_4)
    run(app, 1)
    assert len(m.state.history) == start_len
    assert any(text == "You can take one or two pebbles." for text, *_ in scene.toasts.items)
    DraggingBoard.actions = [2, 1]  # the first is played, the second is not the human's turn
    post_key(pygame.K_4)
    app.step(1 / 60)
    assert m.state.history[start_len] == 2
    assert any(text == "It is not your turn." for text, *_ in scene.toasts.items)


def test_refusals_are_toasted_in_the_players_language(app: App) -> None:
    set_language("ja")
    match = Match(GAMES["flatfront"], [HUMAN, "easy"], seed=5, client=app.ai)
    scene = MatchScene(app, match)
    app.stack.push(scene)
    run_until(app, lambda: match.phase.kind == HUMAN_TURN)
    illegal = next(a for a in range(PASS + 1) if a not in match.phase.legal)
    history = list(match.state.history)
    scene._play_human(illegal)
    assert match.state.history == history
    texts = [text for text, *_ in scene.toasts.items]
    assert (
        texts
        and texts[-1].endswith("。")
        and not any(c.isascii() and c.isalpha() for c in texts[-1])
    )


def test_a_full_disk_is_toasted_and_the_match_goes_on(app: App, monkeypatch) -> None:
    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "write_autosave", full_disk)
    scene = start(app, [HUMAN, "easy"], pile=7)
    run(app, 3)
    before = len(scene.match.state.history)
    post_key(pygame.K_1)
    run(app, 5)
    assert len(scene.match.state.history) >= before + 2  # the human's move and the AI's reply
    assert any("No space left on device" in text for text, *_ in scene.toasts.items)
    assert top(app) is scene


def test_resume_sets_aside_a_save_that_breaks_the_replay_in_any_way(app: App, tmp_path) -> None:
    """Hardening item 9: not only ValueError; a record of the wrong shape (TypeError) or for an
    unknown game (KeyError) is set aside and reported, never a crash."""
    good = GAMES["flatfront"].new_state().to_record()
    cases = [
        ("flatfront", {**good, "options": []}),  # TypeError: ** of a list
        ("flatfront", {**good, "num_players": "two"}),  # TypeError: compared with ints
        ("nosuchgame", good),  # KeyError: no such game
        ("flatfront", {"game": "flatfront"}),  # ValueError: not a record
    ]
    for game_id, record in cases:
        path = tmp_path / f"{game_id}.autosave.json"
        path.write_text("{}", encoding="utf-8")
        save = Autosave(game_id, [HUMAN, "easy"], 1, record, 0.0, path)
        assert match_from_save(app, save) is None
        assert isinstance(top(app), DialogScene)
        assert not path.exists() and list(tmp_path.glob(f"{game_id}.autosave.json.damaged-*"))
        app.stack.pop()


def test_hot_seat_undo_asks_the_other_player_first(app: App) -> None:
    app.ai = SyncClient()
    scene = start_pebbles(app, [HUMAN, HUMAN], pile=7)
    m = scene.match
    m.deal_before_curtain()
    m.reveal()
    m.play(1)
    m.reveal()
    history = list(m.state.history)
    scene.undo()
    dialog = top(app)
    assert isinstance(dialog, DialogScene) and "Player 1" in dialog.message()
    dialog.widgets[0].on_click()  # "Keep the move"
    assert m.state.history == history and top(app) is scene
    scene.undo()
    top(app).widgets[-1].on_click()  # "Agree"
    assert m.state.history == history[:-1] and top(app) is scene


def test_a_refused_click_is_toasted_beside_what_was_clicked(app: App) -> None:
    """Issue 9 #18: a refusal of a click goes where the board says (beside the thing clicked);
    other messages keep the foot of the board."""
    from game.engines.flatfront import place_action
    from tests.test_app_scenes import click

    match = Match(GAMES["flatfront"], [HUMAN, "easy"], seed=5, client=app.ai)
    scene = MatchScene(app, match)
    app.stack.push(scene)
    run_until(app, lambda: match.phase.kind == HUMAN_TURN and not scene.board.is_animating())
    board = scene.board
    cell = next((x, 2) for x in range(-2, 3) if place_action(x, 2) not in match.phase.legal)
    pos = tuple(round(v) for v in board.cell_center(cell))
    click(app, pos)
    _text, kind, _age, place = scene.toasts.items[-1]
    assert kind == "error" and place is not None
    box = place((240, 30))
    assert board.rect.contains(box) and box.inflate(2 * board.geo.tile[1], 0).collidepoint(pos)
    scene.toast("Saved.")
    assert scene.toasts.items[-1][3] is None
