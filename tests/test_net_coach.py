"""A guest's review with its coach: searched by the host from the guest's own information only
(the same whatever the guest never saw), shown on the guest's screen as a local review shows it,
and drawn from nothing but what the guest received."""

from __future__ import annotations

import json
import random
import time
from types import SimpleNamespace

import pytest

from ai.budgets import Budget
from ai.worker import AIWorker
from game.engines import GAMES
from game.i18n import t
from game.match import HUMAN, Match
from game.net.coach import GuestCoach
from game.net.guest import CONNECTED, GuestClient, RemoteTable
from game.net.hints import GuestHints
from game.net.protocol import ProtocolError, decode, encode
from game.net.views import SeatView
from game.scenes.gameover import GameOverScene
from game.scenes.guest_match import GuestMatchScene
from game.scenes.guest_review import GuestReviewScene, TableCoach
from tests.net_helpers import hosted, screen_frames
from tests.test_app_fakes import SyncClient
from tests.test_net_play import ints_under_card_keys

# Untimed and small: the same search every time from the same seed, quick enough for a game.
BUDGET = Budget(search=True, iterations=30)


def finished_game(game_id: str, seed: int) -> list[int]:
    """The history of a whole random game of two seats."""
    rng = random.Random(seed)
    state = GAMES[game_id].new_state(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.history)


def finished_match(game_id: str, history: list[int], seed: int) -> Match:
    return Match(
        GAMES[game_id],
        [HUMAN, "easy"],
        seed=seed,
        history=history,
        client=SyncClient(),  # type: ignore[arg-type]
        remote=frozenset({0}),
    )


def seat_zero_sees(game_id: str, history: list[int]) -> str:
    """Everything seat 0 is shown over the game: each position's observation and its log."""
    match = finished_match(game_id, history, seed=1)
    view = SeatView(match, 0)
    view.message(match, ["A", "B"], ["remote", "easy"])
    state = GAMES[game_id].new_state(2)
    seen = []
    for action in history:
        seen.append(state.observation(0))
        state.apply_action(action)
    return json.dumps([seen, state.observation(0), view.sent])


def redealt_game(game_id: str, history: list[int]) -> list[int]:
    """Another whole game that seat 0 cannot tell from ``history``: two cards the other side was
    dealt or drew unseen (chance outcomes seat 0 never saw) swapped, so it held another card
    than it did in between (for as long as such a swap allows)."""
    game = GAMES[game_id]
    state = game.new_state(2)
    hidden = []
    for i, action in enumerate(history):
        if state.is_chance_node() and state.observed_action(0, action) != action:
            hidden.append((i, state.observed_action(0, action)))
        state.apply_action(action)
    seen = seat_zero_sees(game_id, history)
    pairs = [
        (i, j)
        for i, told in hidden
        for j, other in hidden
        if i < j and told == other and history[i] != history[j]
    ]
    pairs.sort(key=lambda pair: pair[0] - pair[1])  # the longest held first: many moves differ
    for i, j in pairs[:400]:
        candidate = list(history)
        candidate[i], candidate[j] = history[j], history[i]
        try:
            game.replay({**state.to_record(), "history": candidate})
        except ValueError:  # a step in between needed the card taken away
            continue
        if seat_zero_sees(game_id, candidate) == seen:
            return candidate
    raise AssertionError("no other deal with the same views found")


def review_rows(game_id: str, history: list[int], seed: int) -> list[list]:
    """Every verdict row the host sends seat 0 for its review of the game ``history``."""
    match = finished_match(game_id, history, seed)
    view = SeatView(match, 0)
    view.message(match, ["A", "B"], ["remote", "easy"])
    hints, coach = GuestHints(AIWorker(processes=1), BUDGET), GuestCoach()
    rows: list[list] = []
    try:
        first = coach.ask(0, match, view.sent)
        assert first is not None
        total = decode(first, "host")["total"]
        deadline = time.monotonic() + 240
        while len(rows) < total:
            assert time.monotonic() < deadline, "the review did not finish"
            for seat, message in coach.pump(match, hints):
                assert seat == 0
                rows += decode(message, "host")["verdicts"]
            time.sleep(0.002)
    finally:
        hints.close()
    return rows


@pytest.mark.parametrize(("game_id", "seed"), [("battleline", 3), ("frontline", 5)])
def test_a_guests_review_is_the_same_whatever_it_never_saw(game_id: str, seed: int) -> None:
    history = finished_game(game_id, seed)
    other = redealt_game(game_id, history)
    assert other != history  # the other side held another card: a chance outcome differs
    rows = review_rows(game_id, history, seed=1)
    assert len(rows) > 5
    # The other host's hidden cards differ and so does its own seed: the review does not.
    assert review_rows(game_id, other, seed=2) == rows
    # Each verdict is of a move seat 0 made there, and the preferred move is its to make.
    for index, played, value, best, best_value, played_steps, best_steps in rows:
        state = GAMES[game_id].replay(
            {**finished_match(game_id, history, 1).state.to_record(), "history": history[:index]}
        )
        assert history[index : index + len(played)] == played
        assert state.current_player() == 0 and best[0] in state.legal_actions()
        assert -1 <= value <= 1 and -1 <= best_value <= 1
        assert played_steps and len(best_steps) == len(best)


def play(app, referee, scene, done) -> None:
    screen_frames(app, referee, scene, done, rng=random.Random(2))


def test_the_guests_review_shows_its_positions_and_its_coach_from_what_it_received(app) -> None:
    referee = hosted("battleline", ["easy", HUMAN], {1}, seed=5)
    referee.hints = GuestHints(AIWorker(processes=1), BUDGET)
    assert referee.invite is not None
    client = GuestClient(referee.invite, "Aiko", keep_raw=True)
    scene = GuestMatchScene(app, client)
    app.stack.push(scene)
    try:
        play(app, referee, scene, lambda: isinstance(app.stack.top, GameOverScene))
        card = app.stack.top
        assert isinstance(card, GameOverScene)
        card.review()
        review = app.stack.top
        assert isinstance(review, GuestReviewScene)
        assert review.info_text().startswith("Thinking over your moves")
        # Stepping through the positions: every one shown is one the guest was sent, as it was
        # sent, and all of them are there (the host is not heard meanwhile).
        sent = [decode(raw, "host").fields for raw in client.received or []]
        views = {(v["index"], json.dumps(v["obs"])) for v in sent if "obs" in v}
        shown = []
        for _ in range(len(review.positions) + 2):  # from the end back past the start
            app.step(1 / 60)
            shown.append((review.index, json.dumps(review.board.obs)))
            review.step(-1)
        assert set(shown) <= views
        assert {i for i, _ in shown} == {i for i, _ in views} and len(set(shown)) > 20
        assert shown[0][0] == len(referee.match.state.history)
        assert review.index == min(i for i, _ in views) == 0
        play(app, referee, scene, lambda: review.reviewer.done)
        app.step(1 / 60)
        coach = review.reviewer
        assert coach.total == len(coach.verdicts) > 5
        # The worst moves are marked and the biggest one shown, as a local review shows it:
        # the move played highlighted, the AI's preferred move ringed and worded.
        drops = review.drops()
        assert drops and review.selected == drops[0]
        worst = coach.verdicts[drops[0]]
        assert review.board.hint_line == worst.best and review.board.highlighted
        assert review.words(worst, worst.best) and review.words(worst, worst.position.played)
        assert len(review.points()) == coach.total
        review.step(-1)  # stepping on through the positions, from the drop's
        assert review.stepped and review.index < worst.position.index
        assert review.info_text().startswith("Reviewing the position after move")
        # Nothing but what the guest received: a table rebuilt from its bytes holds the same
        # review, and every board the review shows is an observation it was sent.
        rebuilt = RemoteTable()
        for raw in client.received or []:
            rebuilt.apply(decode(raw, "host"))
        again = TableCoach(rebuilt, client)
        assert again.verdicts == coach.verdicts and again.total == coach.total
        sent = [json.dumps(obs, sort_keys=True) for obs in rebuilt.seen.values()]
        for verdict in coach.verdicts:
            best = verdict.best
            assert again.move_steps(verdict, best) == coach.move_steps(verdict, best)
            for obs in coach.around(verdict):
                assert json.dumps(obs, sort_keys=True) in sent
        # None of the other side's hidden cards is named in any verdict the host sent.
        final = referee.match.state
        hidden = set(final.hands[0]) - set(rebuilt.obs["hands"][0]["known"])
        assert hidden
        for raw in client.received or []:
            if decode(raw, "host").kind == "coach":
                assert not hidden & ints_under_card_keys(json.loads(raw))
        review.back_button.on_click()
        assert app.stack.top is card
    finally:
        while app.stack.top is not scene:
            app.stack.pop()
        app.stack.pop()
        referee.stop()


def test_a_host_that_knows_no_coach_leaves_the_guest_its_positions() -> None:
    """A version-2 host from before the coach answers the asks with ``error``: the guest asks
    nothing more, plays on, and its review says why it has no graph."""
    table = RemoteTable(game="battleline", seat=0, obs={"turn": 1}, returns=[1.0, -1.0])
    table.seen = {40: table.obs}
    table.coach_wanted = True
    assert table.requests() == [("past_ask", {"index": 40}), ("coach_ask", {})]
    assert table.requests() == []  # once each
    refusal = encode("error", "host", code="unknown_type", text="unknown message type")
    table.apply(decode(refusal, "host"))
    coach = TableCoach(table, SimpleNamespace(status=CONNECTED))  # type: ignore[arg-type]
    assert table.older_host and not coach.done
    assert coach.note() == t("coach.host_older")


@pytest.mark.parametrize(
    "row",
    [
        [3, [12], 1.5, [14], 0.2, [], []],  # a chance out of range
        [3, [True], 0.1, [14], 0.2, [], []],  # an action that is a boolean
        [3, [12], 0.1, [], 0.2, [], []],  # no preferred move
        [-1, [12], 0.1, [14], 0.2, [], []],  # no position
        [3, [12], 0.1, [14], 0.2, [["step"]], []],  # a malformed step
        [3, [12], 0.1, [14]],  # fields missing
    ],
)
def test_a_malformed_verdict_is_refused(row: list) -> None:
    table = RemoteTable(game="battleline", seat=0)
    with pytest.raises(ProtocolError):
        table.apply(decode(encode("coach", "host", total=4, verdicts=[row]), "host"))
    assert table.verdicts == []
