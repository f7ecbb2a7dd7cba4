"""What the host sends a guest about the match: built only from what that guest's seat may
know — ``observation(seat)``, its legal actions while it is to move, the log worded for its view
(``Board.log_phrase`` with the seat as viewer) and the returns once the game is over. Never an
action id of the history, the state or another seat's observation.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game.match import Match
from game.net.protocol import encode
from game.turns import Step, StepLog


def step_row(step: Step) -> list[Any]:
    """One log step on the wire: [index, player, [key, args], text, forced, private]."""
    key, args = step.phrase
    return [step.index, step.player, [key, args], step.text, step.forced, step.private]


class SeatView:
    """The view of one remote seat, sent as ``view`` messages that carry only what changed in
    the log since the last one (after an undo, from the first step that differs)."""

    def __init__(self, match: Match, seat: int) -> None:
        from game.boards import board_class  # the board words the log for a viewer

        self.seat = seat
        self._steps = StepLog(match.game, board_class(match.game.id).log_phrase)
        self.sent: list[list[Any]] = []  # the log rows the guest holds
        self._last: tuple = ()
        self._shown: tuple[int, dict] = (-1, {})  # (index, observation) of the last view sent

    def restart(self) -> None:
        """A new connection for the seat: the next view carries the whole log."""
        self.sent, self._last = [], ()

    def message(self, match: Match, names: list[str], kinds: list[str]) -> str | None:
        """The ``view`` message if anything the seat sees changed since the last one, else None."""
        phase = match.phase
        key = (match.revision, phase, tuple(names), tuple(kinds))
        if key == self._last:
            return None
        self._last = key
        moves = match.moves
        steps = self._steps.update(
            match.state.to_record(),
            [m.player for m in moves],
            [m.forced for m in moves],
            [m.private for m in moves],
            self.seat,
        )
        rows = [step_row(s) for s in steps]
        same = 0
        while same < min(len(rows), len(self.sent)) and rows[same] == self.sent[same]:
            same += 1
        self.sent = rows
        deciding = phase.player == self.seat
        self._shown = (len(match.state.history), dict(match.state.observation(self.seat)))
        return encode(
            "view",
            "host",
            index=self._shown[0],
            revision=match.revision,
            phase=phase.kind,
            to_move=phase.player,
            obs=self._shown[1],
            legal=list(phase.legal) if deciding else [],
            log_from=same,
            log=rows[same:],
            names=names,
            kinds=kinds,
            returns=list(match.state.returns()) if match.is_over else None,
        )

    def key(self) -> str:
        """A digest of everything the guest was last shown — its seat, the position, its
        observation and its log: what seeds a search made for it (game/net/hints.py), so that
        nothing it cannot see can change the search."""
        index, obs = self._shown
        text = json.dumps([self.seat, index, obs, self.sent], default=str)
        return hashlib.sha256(text.encode()).hexdigest()
