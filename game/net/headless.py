"""Networked matches without a window: the host's referee loop and a guest that plays by a
chooser. The self-test (``--selftest --network``), ``--host``/``--join`` without a display and the
tests drive matches through these, one ``step`` at a time.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.match import Move
from game.net.guest import CLOSED, GuestClient, RemoteTable
from game.net.protocol import ProtocolError
from game.net.referee import Referee


def host_step(referee: Referee) -> Move | None:
    """One turn of the host's loop: take the guests' messages, then let the match move on
    (chance, the host's AI seats) unless it waits for a guest."""
    referee.pump()
    if referee.paused:
        return None
    move = referee.match.advance()
    if move is not None:
        referee.pump()
    return move


Chooser = Callable[[RemoteTable], int]


def random_chooser(seed: int) -> Chooser:
    """A guest "AI" that knows only its own view: a random legal action, reproducibly."""
    rng = random.Random(seed)
    return lambda table: rng.choice(table.legal)


class GuestPlayer:
    """A guest that applies the host's messages to its table and answers its turns."""

    def __init__(
        self, client: GuestClient, choose: Chooser, consent: Callable[[int], bool] | None = None
    ) -> None:
        self.client = client
        self.table = RemoteTable()
        self.choose = choose
        # Whether to let the player of a seat take back its move (a headless guest allows).
        self.consent = consent or (lambda seat: True)

    @property
    def done(self) -> bool:
        return self.table.returns is not None or self.client.status == CLOSED

    def step(self) -> None:
        try:
            self.table.take(self.client.inbox)
        except ProtocolError as err:  # a host whose message makes no sense: we leave
            self.client.refuse_host(err)
            return
        table = self.table
        for kind, fields in table.requests():
            self.client.request(kind, **fields)
        if table.undo_asker is not None:
            self.client.answer_undo(self.consent(table.undo_asker))
            table.undo_asker = None
        if table.may_answer:
            action = self.choose(table)
            self.client.act(action, table.answered())
