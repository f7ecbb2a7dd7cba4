"""What the host sends a guest about the match: built only from what that guest's seat may
know — ``observation(seat)``, its legal actions while it is to move, the log worded for its view
(``Board.log_phrase`` with the seat as viewer) and the returns once the game is over. Never an
action id of the history, the state or another seat's observation.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping
from typing import Any

from game.match import Match
from game.net.protocol import encode
from game.turns import Step, StepLog

# A ``past`` message's observations add up to about this many bytes (one observation is under
# 4 KB), well under the host's message limit; they are worked out this many seconds a frame.
PAST_BYTES = 256 * 1024
PAST_SLICE = 0.008


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


class Past:
    """A seat's observation of every position before ``before`` — exactly what a guest connected
    from the start was sent there, so a reconnected guest's review begins at the first move —
    worked out a slice of time per frame (a long game's take a few hundred milliseconds) and sent
    as ``past`` messages of about :data:`PAST_BYTES` each."""

    def __init__(self, match: Match, seat: int, before: int) -> None:
        self.seat = seat
        self._state = match.game.new_state(match.state.num_players, **match.state.options)
        self._history = list(match.state.history[: max(0, before)])
        self._chunk: list[dict] = []
        self._size = 0

    @property
    def done(self) -> bool:
        return len(self._state.history) == len(self._history) and not self._chunk

    def pump(self, seconds: float = PAST_SLICE) -> list[str]:
        """The messages ready after working for about ``seconds``."""
        deadline = time.perf_counter() + seconds
        messages: list[str] = []
        state = self._state
        while len(state.history) < len(self._history) and time.perf_counter() < deadline:
            obs = dict(state.observation(self.seat))
            self._chunk.append(obs)
            self._size += len(json.dumps(obs, separators=(",", ":")))
            state.apply_action(self._history[len(state.history)])
            if self._size > PAST_BYTES:
                messages.append(self._flush())
        if len(state.history) == len(self._history) and self._chunk:
            messages.append(self._flush())
        return messages

    def _flush(self) -> str:
        start = len(self._state.history) - len(self._chunk)
        message = encode("past", "host", index=start, obs=self._chunk)
        self._chunk, self._size = [], 0
        return message
