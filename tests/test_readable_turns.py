"""Readable turns: the move log has one row per turn in the player's words (seat names, no
coordinates, the viewer's own draws named), hovering a row highlights its turn on the board,
reviewing marks the reviewed turn, and "replay last turn" re-animates the opponent's turn."""

from __future__ import annotations

import random
import re

import pygame

from game.app import App
from game.engines import GAMES
from game.engines.base import CHANCE
from game.match import HUMAN, Match
from game.scenes.match import MatchScene
from game.turns import Step, group
from tests.test_app_scenes import run, run_until


def step(index: int, who: int, key: str, **args: object) -> Step:
    return Step(index, who, (key, dict(args)), key, private=key.startswith("dealt"))


def test_turns_group_decisions_with_the_chance_events_they_own() -> None:
    steps = [
        step(0, CHANCE, "dealt_hidden", player=0),
        step(1, CHANCE, "dealt_hidden", player=1),
        step(2, CHANCE, "first", player=1),
        step(3, 1, "play", card=3),
        step(4, 1, "to_flag", card=3, flag=2),
        step(5, 1, "choose_deck", deck=0),
        step(6, CHANCE, "draws_hidden", player=1, deck=0),  # drawn in player 1's turn
        step(7, CHANCE, "turn_up", side=0, squares=2),  # turned up for player 0: starts its turn
        step(8, 0, "place", x=0, y=1),
        step(9, 0, "pieces", pieces="2+1"),
        step(10, CHANCE, "turn_up", side=0, squares=1),  # the same player again: same turn
        step(11, 0, "place", x=1, y=1),
    ]
    turns = group(steps)
    assert [(t.player, t.first, t.last) for t in turns] == [(CHANCE, 0, 2), (1, 3, 6), (0, 7, 11)]


def play_until_ai_turn_done(app: App, game_id: str) -> MatchScene:
    match = Match(GAMES[game_id], [HUMAN, "hard"], seed=11, client=app.ai, autosave=False)
    scene = MatchScene(app, match)
    app.stack.push(scene)

    def ready() -> bool:
        return bool(match.legal_for_viewer()) and not scene.board.is_animating()

    def ai_moved_last() -> bool:
        return next(m.player for m in reversed(match.moves) if m.player != CHANCE) == 1

    plays = 0
    while plays < 6 or not ai_moved_last():  # the human plays; the AI answers
        run_until(app, ready)
        if plays >= 6 and ai_moved_last():
            break
        match.play(match.legal_for_viewer()[0])
        scene.refresh(animate=True)
        plays += 1
    run(app, 2)
    return scene


def test_one_row_per_turn_in_the_players_words(app: App) -> None:
    scene = play_until_ai_turn_done(app, "battleline")
    rows, turns = scene.panel.rows(), scene.panel.turns
    assert len(rows) == len(turns) < len(scene.match.moves) / 2
    done = list(zip(rows, turns, strict=True))[:-1]  # the last turn may be unfinished
    played = [(row, turn) for row, turn in done if turn.player >= 0]
    assert {turn.player for _, turn in played} == {0, 1}
    for row, turn in played:
        assert scene.match.names[turn.player] in row.heading  # "You", "Hard AI"
        assert "Player" not in row.text and "→ flag" in row.text
    mine = [row.text for row, turn in played if turn.player == 0 and "draws" in row.text]
    theirs = [row.text for row, turn in played if turn.player == 1 and "draws" in row.text]
    assert mine and all(re.search(r"draws [♦★☀♣♠♛]\d", text) for text in mine)
    assert theirs and all(re.search(r"draws a (troop|tactics) card", text) for text in theirs)
    assert all(row.icons is not None and row.icons(16) for row, _ in played)


def test_flat_front_rows_name_no_coordinates(app: App) -> None:
    scene = play_until_ai_turn_done(app, "flatfront")
    texts = [row.text for row in scene.panel.rows()]
    assert texts and not any(re.search(r"\(-?\d+, -?\d+\)", text) for text in texts)
    assert scene.board.marked  # the AI's last tile is marked on the board


def test_hover_review_and_replay_mark_the_turn(app: App) -> None:
    scene = play_until_ai_turn_done(app, "battleline")
    board, log = scene.panel.scene.board, scene.panel.log
    marked = set(board.marked)
    assert marked  # the AI's card at its flag
    last = len(scene.panel.rows()) - 1
    log.scroll_to(last)
    y = log.rect.y + last * log.row_h - log.offset + log.row_h // 2
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(log.rect.x + 20, y), rel=(0, 0), buttons=(0,) * 3
        )
    )
    run(app, 2)
    assert board.highlighted and board.highlighted <= set(board.things(board.obs))
    scene.pick_move(scene.panel.turns[last].last)  # review that turn: it stays marked
    assert scene.review is not None and board.highlighted
    scene.back_to_live()
    run(app, 1)
    assert scene.can_replay()
    live = board.obs
    scene.replay_last_turn()
    assert board.obs != live and not board.legal
    run_until(app, lambda: scene.replay is None)
    assert board.obs == live and board.legal and board.marked == marked


def test_the_step_log_words_only_new_actions_and_replays_after_a_rewind() -> None:
    from game.boards import board_class
    from game.turns import StepLog

    game = GAMES["battleline"]
    state = game.new_state()
    rng = random.Random(2)
    for _ in range(40):
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    record = state.to_record()
    n = len(record["history"])
    log = StepLog(game, board_class("battleline").log_phrase)

    def update(k: int, viewer: int = 0) -> list[Step]:
        return log.update({**record, "history": record["history"][:k]}, [0] * n, [False] * n,
                          [False] * n, viewer)  # fmt: skip

    first = update(20)[:]
    grown = update(n)
    assert len(grown) == n and all(a is b for a, b in zip(first, grown, strict=False))
    assert [s.text for s in grown] == [s.text for s in update(n)]
    rewound = update(10)
    assert len(rewound) == 10 and rewound[0] is not first[0]  # replayed from the start
    words = [s.phrase for s in update(n, viewer=1)]
    assert words != [s.phrase for s in grown]  # each viewer sees its own draws named


def test_a_row_too_long_for_the_log_shows_its_words_in_full_on_hover(app: App) -> None:
    """A Flat Front turn that turns up several tiles once cut its row off mid-word."""
    from game.ui.widgets import Row

    scene = play_until_ai_turn_done(app, "flatfront")
    panel, log = scene.panel, scene.panel.log
    rows = panel.rows()
    last = len(rows) - 1
    words = " · ".join(["turns up a tile with 3 squares"] * 4)
    rows[last] = Row(rows[last].heading, words, rows[last].colour)  # the cached row list
    surface = pygame.Surface((panel.metrics.width, panel.metrics.height))
    log.hover = None
    assert panel.draw_row_note(surface) is None
    log.hover = last - 1 if last else None
    short = panel.draw_row_note(surface)
    assert short is None  # an ordinary row fits: no note
    log.hover = last
    box = panel.draw_row_note(surface)
    assert box is not None and box.right < log.rect.x and box.h > 2 * log.px  # wrapped beside


def test_a_new_move_words_its_own_turn_not_every_turn_again(app: App, monkeypatch) -> None:
    scene = play_until_ai_turn_done(app, "battleline")
    panel, match = scene.panel, scene.match
    before = panel.rows()
    worded: list[int] = []
    original = scene.board.turn_words
    monkeypatch.setattr(
        scene.board, "turn_words", lambda steps: worded.append(steps[0].index) or original(steps)
    )
    if match.human_to_decide():
        match.play(match.phase.legal[0])
    else:
        match.advance()
    after = panel.rows()
    assert after[: len(before) - 1] == before[:-1]  # the finished turns are the same rows
    assert worded and min(worded) >= panel.turns[len(before) - 1].first  # only the last turn(s)
