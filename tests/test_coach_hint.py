"""The whole-move hint on the real boards: every part marked, the caption beside the marks, and
H pressed again does not say the same thing twice."""

from __future__ import annotations

import pygame
import pytest

from ai.heuristics import HEURISTICS
from ai.mcts import MCTS
from ai.worker import AIMove
from game.app import App
from game.engines import GAMES
from game.engines.base import State
from game.engines.battleline.actions import is_card, is_flag
from game.engines.flatfront import is_pieces, is_place
from game.match import HUMAN, HUMAN_TURN, Match
from game.scenes.match import MatchScene
from tests.test_app_fakes import SyncClient
from tests.test_app_scenes import post_key, run, run_until


class SearchingClient(SyncClient):
    """Moves at random at once; hints from a small real search, line and all."""

    def request(self, game_id: str, level: str, seed: int, state: State) -> int:
        ticket = super().request(game_id, level, seed, state)
        if level == "hint":
            mcts = MCTS(HEURISTICS.get(game_id), seed=seed)
            result = mcts.search(state, iterations=150)
            answer = AIMove(ticket, result.action, line=result.line)
            self._pending[-1] = (ticket, answer, 0)  # type: ignore[assignment]
        return ticket

    def poll(self):  # type: ignore[override]
        if not self._pending:
            return None
        ticket, action, _ = self._pending.pop(0)
        return action if isinstance(action, AIMove) else (ticket, action)


def _hinted(app: App, game_id: str, ready, seed: int = 2) -> MatchScene:
    app.ai = SearchingClient()
    match = Match(GAMES[game_id], [HUMAN, "easy"], seed=seed, client=app.ai)
    scene = MatchScene(app, match)
    app.stack.push(scene)
    run_until(app, lambda: match.phase.kind == HUMAN_TURN)
    while not ready(match):  # play on (the first move) until the position wanted
        scene._play_human(match.phase.legal[0])
        run_until(app, lambda: match.phase.kind == HUMAN_TURN)
    post_key(pygame.K_h)
    run_until(app, lambda: bool(scene.board.hint_line), limit=50)
    run(app, 2)
    return scene


def _check_caption_beside(scene: MatchScene) -> None:
    board = scene.board
    box = board.hint_box
    assert box is not None
    marked = [r for r in board.hint_rects() if r is not None]
    assert marked
    assert not any(box.colliderect(r) for r in marked)


def _twice_says_once(app: App, scene: MatchScene) -> None:
    before = [text for text, *_ in scene.toasts.items]
    sent = len(app.ai.sent)
    post_key(pygame.K_h)
    run(app, 2)
    assert [text for text, *_ in scene.toasts.items] == before
    assert len(app.ai.sent) == sent  # shown again, not asked again


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_battle_line_hint_shows_card_and_flag(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized(size)
    assert app.size == size
    scene = _hinted(app, "battleline", lambda m: any(is_card(a) for a in m.phase.legal))
    board = scene.board
    card, flag = board.hint_line[:2]
    assert is_card(card) and is_flag(flag)
    assert len(board.hint_words) >= 2
    _check_caption_beside(scene)
    _twice_says_once(app, scene)
    scene._play_human(card)
    run(app, 2)
    assert board.hint_line[0] == flag  # the remaining part, not the sentence again
    _check_caption_beside(scene)


def test_flat_front_hint_shows_tile_and_pieces(app: App) -> None:
    def placing_with_pieces(m: Match) -> bool:
        obs = m.state.observation(0)
        tile = obs.get("face_up") or {}
        return any(is_place(a) for a in m.phase.legal) and tile.get("squares", 1) > 0

    scene = _hinted(app, "flatfront", placing_with_pieces)
    board = scene.board
    place, pieces = board.hint_line[:2]
    assert is_place(place) and is_pieces(pieces)
    _check_caption_beside(scene)
    _twice_says_once(app, scene)
    scene._play_human(place)
    run(app, 2)
    assert board.hint_line == (pieces,)
