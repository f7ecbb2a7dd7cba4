"""The coach's review: the drop finder, the human moves it reviews, and the scene driven
headless with a fake search client that answers with chosen values."""

from __future__ import annotations

import random

import pygame

from ai.worker import AIMove
from game.app import App
from game.engines import GAMES
from game.engines.base import CHANCE, State
from game.match import HUMAN, Match
from game.scenes.gameover import GameOverScene
from game.scenes.match import MatchScene
from game.scenes.review import ReviewScene, biggest_drops, human_moves
from tests.test_app_scenes import post_key, run, run_until


def test_biggest_drops_are_the_largest_positive_losses_largest_first() -> None:
    losses = [0.0, 0.3, 0.05, 0.0, 0.5, 0.3, 0.1]
    assert biggest_drops(losses) == [4, 1, 5]
    assert biggest_drops([0.0, 0.2]) == [1]
    assert biggest_drops([0.0, 0.0]) == []


def test_a_game_where_nothing_was_given_away_has_no_worst_moves() -> None:
    """A graph flat at 100 % marked three "worst" moves: losses of a few thousandths."""
    assert biggest_drops([0.001, 0.004, 0.009, 0.0]) == []
    assert biggest_drops([0.004, 0.2, 0.009]) == [1]


class CoachClient:
    """Answers every review request at once: the move played is worth ``played[n]``, another
    legal move ``played[n] + gain[n]`` (n: the history length of the position asked)."""

    def __init__(self, played: dict[int, float], gain: dict[int, float], moves: dict) -> None:
        self.played, self.gain, self.moves = played, gain, moves
        self.answers: list[AIMove] = []
        self.asked: list[int] = []
        self.ticket = 0

    def request(self, game_id: str, level: str, seed: int, state: State) -> int:
        self.ticket += 1
        n = len(state.history)
        self.asked.append(n)
        mine = self.moves[n]
        other = next(a for a in state.legal_actions() if a != mine)
        values = {mine: self.played[n], other: self.played[n] + self.gain[n]}
        best = other if self.gain[n] > 0 else mine
        self.answers.append(AIMove(self.ticket, best, line=(best,), values=values))
        return self.ticket

    def poll(self) -> AIMove | None:
        return self.answers.pop(0) if self.answers else None

    def cancel(self) -> None:
        self.answers.clear()


def _finished_match() -> Match:
    """Flat Front to the end, the human and the AI both moving at random."""
    match = Match(GAMES["flatfront"], [HUMAN, "easy"], seed=4)
    rng = random.Random(4)
    while not match.is_over:
        if match.to_move == CHANCE:
            match.advance()
        else:
            match._commit(rng.choice(match.state.legal_actions()))
    return match


def test_human_moves_are_runs_of_one_humans_decisions_with_a_choice() -> None:
    match = _finished_match()
    positions = human_moves(match)
    assert positions
    for p in positions:
        moves = match.moves[p.index : p.index + len(p.played)]
        assert all(m.player == p.player == 0 for m in moves)
        assert [m.action for m in moves] == list(p.played)
        assert not moves[0].forced
        after = match.moves[p.index + len(p.played) : p.index + len(p.played) + 1]
        assert not after or after[0].player != 0


def test_review_graphs_each_human_move_and_shows_a_drop_on_the_board(app: App) -> None:
    match = _finished_match()
    positions = human_moves(match)
    rng = random.Random(1)
    played = {p.index: rng.uniform(-0.8, 0.8) for p in positions}
    gain = {p.index: rng.choice((0.0, 0.0, rng.uniform(0.05, 0.4))) for p in positions}
    client = CoachClient(played, gain, {p.index: p.played[0] for p in positions})
    match.client = client
    scene = MatchScene(app, match)
    app.stack.push(scene)
    run(app, 2)
    app.stack.push(GameOverScene(app, scene))
    run(app, 1)
    post_key(pygame.K_c)  # the Review button's key
    run(app, 1)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    run_until(app, lambda: review.reviewer.done, limit=len(positions) * 3 + 10)
    assert client.asked == [p.index for p in positions]  # one search per human move
    assert len(review.points()) == len(positions)
    expected = biggest_drops([gain[p.index] / 2 for p in positions])
    assert review.drops() == expected
    assert expected
    run(app, 1)
    assert review.selected == expected[0]  # the biggest drop is shown without asking
    post_key(pygame.K_2 if len(expected) > 1 else pygame.K_1)
    run(app, 2)
    assert review.selected == expected[-1 if len(expected) == 1 else 1]
    post_key(pygame.K_1)
    run(app, 2)
    worst = review.reviewer.verdicts[expected[0]]
    assert review.selected == expected[0]
    assert review.board.hint_line == worst.best
    assert review.board.highlighted  # the move played, highlighted on the board
    assert worst.best != worst.position.played[:1]
    # Reopening is instant: the verdicts are cached for this match.
    client.asked.clear()
    app.stack.pop()
    app.stack.push(ReviewScene(app, scene))
    run(app, 1)
    assert app.stack.top.reviewer.done and client.asked == []


def test_a_review_with_no_drop_says_so_instead_of_asking_to_click_one(app: App) -> None:
    """After a Frontline game the graph fell 45 % to 0 % with nothing marked, while the line
    under it said "Click a marked drop, or press 1 2 3"."""
    from game.scenes import review as coach

    coach._CACHE.clear()  # the same match was reviewed, with drops, by the test above
    match = _finished_match()
    positions = human_moves(match)
    played = {p.index: 0.5 - 0.01 * k for k, p in enumerate(positions)}
    client = CoachClient(
        played, dict.fromkeys(played, 0.0), {p.index: p.played[0] for p in positions}
    )
    match.client = client
    scene = MatchScene(app, match)
    app.stack.push(scene)
    run(app, 2)
    review = ReviewScene(app, scene)
    app.stack.push(review)
    run_until(app, lambda: review.reviewer.done, limit=len(positions) * 3 + 10)
    run(app, 1)
    assert review.drops() == [] and review.selected is None
    said = review.info_text()
    assert "marked drop" not in said and "No move of yours cost much" in said


def test_a_reviewed_move_names_its_card_once() -> None:
    """The review said "plays ♣5, ♣5 → flag 1": each part of the move worded alone."""
    from tests.test_board_contract import make_board

    board = make_board("battleline", [0.0], (1280, 800))
    state = GAMES["battleline"].new_state(2)
    while state.current_player() < 0:
        state.apply_action(state.sample_chance(random.Random(1)))
    card = state.legal_actions()[0]
    after = state.clone()
    after.apply_action(card)
    line = (card, after.legal_actions()[0])
    words = board.turn_words(board.words.move_steps(state, line, state.current_player()))
    assert len(words) == 1 and "→" in words[0], words
