"""The game-over "View board" bar leaves every board whole: at 800x540 it covered the foot of
Tsuno's bottom row (and the match panel's buttons). The board is laid out above the bar while
it shows, and takes its room back when the summary returns."""

from __future__ import annotations

import pygame
import pytest

from game.boards import has_board
from game.boards.tsuno import TsunoBoard
from game.engines import GAMES
from game.match import Match
from game.scenes.gameover import GameOverScene
from game.scenes.match import MatchScene
from tests.test_harden_scenes import resize, run

BOARDS = sorted(gid for gid in GAMES if has_board(gid))


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
@pytest.mark.parametrize("game_id", BOARDS)
def test_the_view_board_bar_covers_no_board(app, game_id, size) -> None:
    resize(size)
    run(app)
    game = GAMES[game_id]
    seats = ["easy"] * max(2, game.min_players)
    scene = MatchScene(app, Match(game, seats, client=app.ai))
    app.stack.push(scene)
    whole = pygame.Rect(scene.board.rect)
    summary = GameOverScene(app, scene)
    app.stack.push(summary)
    summary.toggle_view()
    bar, board = summary.bar, scene.board.rect
    assert not bar.colliderect(board), (bar, board)
    assert not bar.colliderect(scene.panel.rect)
    assert pygame.Rect((0, 0), size).contains(bar) and whole.contains(board)
    assert all(bar.contains(b.rect) for b in summary.row())
    if isinstance(scene.board, TsunoBoard):
        areas = [g.box for g in scene.board.geo.areas.values()]
        assert all(board.contains(box) and not box.colliderect(bar) for box in areas)
    app.stack.layout(size)  # a resize while the board is viewed keeps the room
    assert not summary.bar.colliderect(scene.board.rect)
    summary.toggle_view()
    assert scene.board.rect == whole  # the summary back: the board has its whole area again
    summary.toggle_view()
    summary.close()
    assert scene.board.rect == whole
