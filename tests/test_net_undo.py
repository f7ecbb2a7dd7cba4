"""Taking back a move across machines on loopback: a player asks, every other human side must
allow it (each guest on its screen, the host's screen for its own players), the referee rewinds
and every guest gets its new view; a refusal tells the asker who refused."""

from __future__ import annotations

from collections.abc import Callable

from game.net import takeback
from game.net.guest import GuestClient, RemoteTable
from game.net.headless import GuestPlayer
from game.net.referee import Referee
from game.net.takeback import HOST_SIDE, last_decision
from game.turns import StepLog
from tests.net_helpers import HUMAN, finished, guest, hosted, run_until


def seats(referee: Referee, *players: GuestPlayer) -> list[int]:
    """Each guest's seat, once all are seated (they join in either order)."""
    run_until(referee, [], lambda: all(taken(p) and p.table.started for p in players))
    return [p.table.seat for p in players]


def taken(player: GuestPlayer) -> bool:
    """Take the guest's messages without letting it play."""
    player.table.take(player.client.inbox)
    return True


def worded_log(referee: Referee, seat: int) -> list:
    from game.boards import board_class

    m = referee.match
    steps = StepLog(m.game, board_class(m.game.id).log_phrase).update(
        m.state.to_record(),
        [mv.player for mv in m.moves],
        [mv.forced for mv in m.moves],
        [mv.private for mv in m.moves],
        seat,
    )
    return list(steps)


def test_a_guest_takes_back_its_move_when_the_other_guest_allows() -> None:
    referee = hosted("flatfront", [HUMAN, HUMAN], {0, 1}, seed=3)
    aiko, bo = guest(referee.invite, "Aiko", seed=1), guest(referee.invite, "Bo", seed=2)
    try:
        m = referee.match
        a, b = seats(referee, aiko, bo)
        moved = lambda: last_decision(m, a) is not None and m.to_move == b  # noqa: E731
        run_until(referee, [aiko, bo], lambda: len(m.moves) >= 7 and moved())
        before = list(m.state.history)
        target = last_decision(m, a)
        assert target is not None
        aiko.client.ask_undo()  # Aiko waits for the answer; Bo is asked and allows
        run_until(referee, [bo], lambda: bool(referee.undo_notes))
        assert referee.undo_notes == [(a, "done", "")]
        assert m.state.history == before[:target] and m.to_move == a
        run_until(referee, [], lambda: taken(aiko) and aiko.table.revision == m.revision)
        result = aiko.table.undo_results[-1]
        assert result["code"] == "done" and result["seat"] == a
        assert aiko.table.index == target and aiko.table.log == worded_log(referee, a)
        run_until(referee, [], lambda: taken(bo) and bo.table.revision == m.revision)
        assert bo.table.log == worded_log(referee, b)
        run_until(referee, [aiko, bo], finished(referee, [aiko, bo]), timeout=60)
        assert aiko.table.returns == bo.table.returns == list(m.state.returns())
    finally:
        aiko.client.leave()
        bo.client.leave()
        referee.stop()


def test_a_refusal_keeps_the_move_and_tells_the_asker_who_refused() -> None:
    referee = hosted("flatfront", [HUMAN, HUMAN], {0, 1}, seed=4)
    aiko = guest(referee.invite, "Aiko", seed=1)
    refuses = GuestPlayer(guest(referee.invite, "Bo").client, lambda t: t.legal[0], lambda s: False)
    bo = refuses
    try:
        m = referee.match
        a, b = seats(referee, aiko, bo)
        run_until(referee, [aiko, bo], lambda: len(m.moves) >= 5 and m.to_move == b)
        aiko.client.ask_undo()
        run_until(referee, [aiko, bo], lambda: bool(aiko.table.undo_results))
        result = aiko.table.undo_results[-1]
        assert (result["code"], result["refused_by"]) == ("refused", "Bo")
        assert referee.undo_notes == [(a, "refused", "Bo")]
        assert len(m.state.history) >= 5 and referee.takeback is None
    finally:
        aiko.client.leave()
        bo.client.leave()
        referee.stop()


def test_the_host_and_its_guest_ask_each_other() -> None:
    """Host to guest: the host's player asks and the guest allows. Guest to host: the host's
    screen answers for the players there (here it refuses, then allows)."""
    referee = hosted("flatfront", [HUMAN, HUMAN], {1}, seed=5)
    aiko = guest(referee.invite, "Aiko", seed=1)
    m = referee.match

    def host_plays() -> None:
        if m.to_move == 0 and not m.is_over:
            m.play(m.state.legal_actions()[0])

    try:
        for _ in range(4):
            run_until(referee, [aiko], lambda: m.to_move == 0)
            host_plays()
        run_until(referee, [aiko], lambda: m.to_move == 0)
        target = last_decision(m, 0)
        assert target is not None
        assert referee.ask_undo(0) == ""  # asked: Aiko's answer decides
        run_until(referee, [aiko], lambda: bool(referee.undo_notes))
        assert referee.undo_notes[-1] == (0, "done", "") and len(m.state.history) == target
        run_until(referee, [aiko], lambda: aiko.table.index == target)
        assert aiko.table.undo_results[-1]["code"] == "done"

        host_plays()
        run_until(referee, [aiko], lambda: m.to_move == 0)
        mine = last_decision(m, 1)
        assert mine is not None
        aiko.client.ask_undo()
        run_until(referee, [], lambda: referee.host_must_answer)
        assert referee.answer_undo(HOST_SIDE, False) == "refused"
        run_until(referee, [aiko], lambda: len(aiko.table.undo_results) == 2)
        assert aiko.table.undo_results[-1]["refused_by"] == "Player 1"
        aiko.client.ask_undo()
        run_until(referee, [], lambda: referee.host_must_answer)
        assert referee.answer_undo(HOST_SIDE, True) == "done"
        assert len(m.state.history) == mine and m.to_move == 1
    finally:
        aiko.client.leave()
        referee.stop()


def test_a_player_with_nothing_to_take_back_is_told_so() -> None:
    referee = hosted("flatfront", ["easy", HUMAN], {1}, seed=6)
    client, table = GuestClient(referee.invite, "Aiko"), RemoteTable()
    client.start()

    def heard(what: Callable[[], bool]) -> Callable[[], bool]:
        def check() -> bool:
            table.take(client.inbox)
            return what()

        return check

    try:
        run_until(referee, [], heard(lambda: table.started))
        client.ask_undo()  # Aiko has not moved yet
        run_until(referee, [], heard(lambda: bool(table.undo_results)))
        assert table.undo_results[-1]["code"] == "nothing" and referee.takeback is None

        def ai_moved() -> bool:
            table.take(client.inbox)
            if table.may_answer:
                client.act(table.legal[0], table.answered())
            return takeback.last_decision(referee.match, 0) is not None

        run_until(referee, [], ai_moved)
        assert referee.ask_undo(0) == "nothing"  # an AI's move is nobody's to take back
    finally:
        client.leave()
        referee.stop()
