"""What the host sends a guest about the match: built only from what that guest's seat may
know — ``observation(seat)``, its legal actions while it is to move, the log worded for its view
(``Board.log_phrase`` with the seat as viewer) and the returns once the game is over. Never an
action id of the history, the state or another seat's observation.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from game.match import Match
from game.net.protocol import encode
from game.turns import Step, StepLog

# A ``past`` message's observations add up to at most about this many bytes (one observation is
# under 4 KB), well under the host's message limit.
PAST_BYTES = 256 * 1024


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
        """The digest (:func:`view_key`) of everything the guest was last shown."""
        index, obs = self._shown
        return view_key(self.seat, index, obs, self.sent)


def view_key(seat: int, index: int, obs: Mapping[str, Any], rows: list[list[Any]]) -> str:
    """A digest of what a seat was shown at a position — its seat, the position, its
    observation and its log rows: what seeds a search made for it (its hint, its review), so
    that nothing it cannot see can change the search."""
    text = json.dumps([seat, index, obs, rows], default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def past_messages(match: Match, seat: int, before: int) -> list[str]:
    """``past`` messages with the seat's observation of every position before ``before`` —
    exactly what a guest connected from the start was sent there (a reconnected guest's review
    then begins at the first move), each message under :data:`PAST_BYTES`."""
    state = match.game.new_state(match.state.num_players, **match.state.options)
    history = match.state.history[: max(0, before)]
    messages: list[str] = []
    chunk: list[dict] = []
    start, size = 0, 0
    for index in range(len(history) + 1):
        if index == len(history) or size > PAST_BYTES:
            if chunk:
                messages.append(encode("past", "host", index=start, obs=chunk))
            start, chunk, size = index, [], 0
        if index == len(history):
            break
        obs = dict(state.observation(seat))
        chunk.append(obs)
        size += len(json.dumps(obs, separators=(",", ":")))
        state.apply_action(history[index])
    return messages
