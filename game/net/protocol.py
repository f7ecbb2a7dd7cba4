"""The wire protocol between a host (the referee) and its guests: JSON text messages, one type
per kind, each checked against its schema on receipt.

Every message is a JSON object ``{"type": KIND, ...fields}``. Nothing is ever evaluated or
unpickled: a message is ``json.loads`` of at most :data:`MAX_GUEST_BYTES` (guest to host) or
:data:`MAX_HOST_BYTES` (host to guest) bytes, then its fields are checked against
:data:`SCHEMAS` — an unknown type, a missing or extra field, or a value of the wrong type is a
:class:`ProtocolError` naming what is wrong.

Versioning: ``hello`` (the guest's first message) and ``refused`` (the host's last) keep their
shape in every version, so a guest and a host of different versions can always tell each other
which versions they speak; everything else may change with :data:`PROTOCOL_VERSION`.

The door: a ``hello`` with the invite's token takes a seat at once (the code is the secret). A
``hello`` with an empty token is a *knock* (a guest that picked the table from the local network's
list and holds no code): the host's player admits it (``admitted`` hands it the token, then the
usual ``welcome``) or refuses it (``refused``).
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from typing import Any

# 2: the knock (a tokenless hello) and ``admitted``; ``denied`` names the position; taking back
# a move asks the other players' consent; a guest's hints. (Nothing was released since 1, so
# each addition is part of 2 rather than a version of its own.)
PROTOCOL_VERSION = 2

# A guest only ever sends small messages (its hello, an action id): 2 KiB is ample and keeps a
# hostile guest from making the host parse anything big. The host's views carry an observation
# (under 4 KB in every game) and at most the whole log (tens of KB): 1 MiB leaves a wide margin.
MAX_GUEST_BYTES = 2048
MAX_HOST_BYTES = 1 << 20
# Flood control: a token bucket per guest connection. A person sends an action now and then; 20
# a second on average (bursts of 40) is far above any real play and far below a flood. A guest
# client paces itself under it (a bot playing at full speed included).
RATE, BURST = 20.0, 40.0
MAX_NAME = 24  # characters in a player's name
MAX_TEXT = 400  # characters in a reason or a refusal

# Field types are a Python type, or a tuple of them (int never accepts a bool).
_NONE = type(None)
OPT_INT = (int, _NONE)

# Each message kind and its fields. Guest -> host:
GUEST_SCHEMAS: dict[str, dict[str, Any]] = {
    # Frozen across versions. ``seat``: the seat the guest held before (a reconnection), or None;
    # ``token`` empty: a knock, for the host's player to admit or refuse.
    "hello": {"version": int, "app": str, "token": str, "name": str, "seat": OPT_INT},
    # A decision: ``action`` for the position after ``index`` actions (a stale one is refused).
    "act": {"action": int, "index": int},
    "bye": {"reason": str},  # the guest leaves the match
    # Taking back across machines (version 2): the guest asks to take back its last decision,
    # and answers when another player asks.
    "undo_ask": {},
    "undo_answer": {"allow": bool},
    # A hint for the position after ``index`` actions, searched by the host from the guest's
    # own information (refused when it is not the guest's turn there).
    "hint_ask": {"index": int},
    # Asked of a host that knows them (an older version 2 host answers ``error``, and the game
    # goes on): our observations of every position before ``index`` (after a reconnection, so
    # the review starts at the first move), and the coach's review of our moves once the game
    # is over.
    "past_ask": {"index": int},
    "coach_ask": {},
}
# Host -> guest:
HOST_SCHEMAS: dict[str, dict[str, Any]] = {
    # Frozen across versions: the join is refused (``code`` for programs, ``text`` for people).
    "refused": {"version": int, "app": str, "code": str, "text": str},
    # A knock is admitted: the token to reconnect with (a ``welcome`` follows).
    "admitted": {"token": str},
    # The join is accepted: the game, its options and the seats.
    "welcome": {
        "version": int,
        "app": str,
        "game": str,
        "game_version": int,
        "options": dict,
        "seat": int,
        "names": list,
        "kinds": list,
    },
    # What the guest's board shows now. ``log`` holds the guest's log steps from ``log_from`` on
    # (earlier steps are unchanged; an undo sends a smaller ``log_from``).
    "view": {
        "index": int,
        "revision": int,
        "phase": str,
        "to_move": int,
        "obs": dict,
        "legal": list,
        "log_from": int,
        "log": list,
        "names": list,
        # Each seat's kind ("remote", "human" at the host, or an AI level): the guest words an
        # AI seat's name in its own language (version 2).
        "kinds": list,
        "returns": (list, _NONE),
    },
    "error": {"code": str, "text": str},  # a message refused (malformed, unknown type ...)
    # An action refused; ``index`` is the position it answered (the guest's act's own).
    "denied": {"action": int, "index": int, "code": str, "text": str, "phrase": list},
    # The match waits: ``names`` of the players it waits for (empty: it goes on).
    "waiting": {"names": list, "why": str},
    "bye": {"reason": str, "text": str},  # the host ends the match (the host quit, seat taken over)
    # Taking back: the player of ``seat`` asks every other player's consent; the outcome goes to
    # every guest (``refused_by``: who refused; ``code``: "done", "refused", or why it could not
    # be asked: "nothing", "busy", "paused", "left").
    "undo_asked": {"seat": int},
    "undo_result": {"seat": int, "code": str, "refused_by": str},
    # The answer to ``hint_ask`` for the position (``index``, ``revision``): ``line`` the whole
    # suggested move (the guest's consecutive decisions), ``steps`` each part as a log step
    # worded for the guest; ``code`` "" for a hint, else why there is none ("not_your_turn",
    # "stale", "paused").
    "hint": {"index": int, "revision": int, "code": str, "line": list, "steps": list},
    # Sent only when asked. ``past``: the guest's observations of the positions from ``index``
    # on, one per position (a long game takes several messages). ``coach``: ``total`` moves of
    # the guest's are reviewed; ``verdicts`` are the next ones found, in order, each
    # [index, played, value, best, best_value, played_steps, best_steps]: the move's position,
    # the move played and the AI's preferred one with their mean returns in [-1, 1], each
    # worded as log steps for the guest.
    "past": {"index": int, "obs": list},
    "coach": {"total": int, "verdicts": list},
}

# One kind per message type in each direction; the two share only "bye".
SCHEMAS = {"guest": GUEST_SCHEMAS, "host": HOST_SCHEMAS}


class ProtocolError(ValueError):
    """A message that is not what the protocol allows; ``code`` says which rule it broke."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


@dataclass(frozen=True)
class Message:
    kind: str
    fields: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]


def encode(kind: str, sender: str, **fields: Any) -> str:
    """A message of ``kind`` from ``sender`` ("guest" or "host") as JSON text; the fields are
    checked against the schema first, so neither side can send what the other must refuse."""
    _check(SCHEMAS[sender], kind, fields)
    return json.dumps({"type": kind, **fields}, separators=(",", ":"), allow_nan=False)


def decode(data: str | bytes, sender: str) -> Message:
    """A message received from ``sender``: size, JSON, type and fields checked, else
    :class:`ProtocolError`."""
    limit = MAX_GUEST_BYTES if sender == "guest" else MAX_HOST_BYTES
    size = len(data.encode() if isinstance(data, str) else data)
    if size > limit:
        raise ProtocolError("too_big", f"a message of {size} bytes is over the {limit} limit")
    try:
        obj = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        raise ProtocolError("malformed", f"not JSON: {err}") from None
    if not isinstance(obj, dict):
        raise ProtocolError("malformed", "a message must be a JSON object")
    kind = obj.pop("type", None)
    if not isinstance(kind, str):
        raise ProtocolError("malformed", "a message needs a string 'type'")
    _check(SCHEMAS[sender], kind, obj)
    return Message(kind, obj)


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _check(schemas: dict[str, dict[str, Any]], kind: str, fields: dict[str, Any]) -> None:
    schema = schemas.get(kind)
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
    missing = [name for name in schema if name not in fields]
    extra = [name for name in fields if name not in schema]
    if missing or extra:
        words = [f"missing {', '.join(missing)}" if missing else "", f"extra {', '.join(extra)}"]
        raise ProtocolError("bad_fields", f"{kind}: {'; '.join(w for w in words if w)}")
    for name, allowed in schema.items():
        value = fields[name]
        if not _fits(value, allowed):
            raise ProtocolError("bad_fields", f"{kind}: {name} has the wrong type")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise ProtocolError("bad_fields", f"{kind}: {name} is too long")


def _fits(value: object, allowed: Any) -> bool:
    types = allowed if isinstance(allowed, tuple) else (allowed,)
    if isinstance(value, bool) and bool not in types:
        return False  # JSON true is not the action 1
    if isinstance(value, float) and not math.isfinite(value):
        return False
    return isinstance(value, types)


def clean_name(name: str) -> str:
    """A player's name as others will see it: printable, single-spaced, at most MAX_NAME long."""
    printable = "".join(c if c.isprintable() else " " for c in name)
    return " ".join(printable.split())[:MAX_NAME]


class TokenBucket:
    """``take`` is False while ``rate`` per second (``burst`` at once) is exceeded."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.level = burst
        self.at = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self._refill()
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def wait(self) -> float:
        """Seconds until ``take`` will succeed (0: now)."""
        self._refill()
        return max(0.0, (1 - self.level) / self.rate)
