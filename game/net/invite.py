"""Invite codes: where the table is (an address and port, direct or through a relay) and the
random token that lets a guest in, in a form easy to read aloud and to paste.

    192.168.1.20:52731/7KQ2-M9XH-3DPA-TW4C          direct (the host's address and port)
    [2001:db8::5]:52731/7KQ2-M9XH-3DPA-TW4C         direct, IPv6
    relay.example.org:9000/relay/7KQ2-M9XH-3DPA-TW4C through a relay

The token is 80 random bits in Crockford's base 32 (digits and capitals without I, L, O, U), in
four groups of four: read aloud it cannot be confused, and reading it back forgives case, spaces
and the look-alikes O/0 and I/L/1. The relay pairs a host and its guests by a room name derived
from the token, so the relay's own lists never show a token.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import secrets
from dataclasses import dataclass

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
GROUPS, GROUP_LEN = 4, 4
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
_HOSTNAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"
)


class InviteError(ValueError):
    """A code that cannot be read; the message says which part is wrong, ``part`` names it for
    words in any language: "form", "token", "address" or "port"."""

    def __init__(self, part: str, text: str) -> None:
        super().__init__(text)
        self.part = part


def new_token() -> str:
    raw = "".join(secrets.choice(ALPHABET) for _ in range(GROUPS * GROUP_LEN))
    return "-".join(raw[i : i + GROUP_LEN] for i in range(0, len(raw), GROUP_LEN))


def normal_token(text: str) -> str:
    """The token as it is compared: grouped capitals, look-alikes read as digits."""
    raw = re.sub(r"[\s-]", "", text).upper().translate(_LOOKALIKES)
    if len(raw) != GROUPS * GROUP_LEN or any(c not in ALPHABET for c in raw):
        raise InviteError(
            "token", f"the code's token must be {GROUPS} groups of {GROUP_LEN} letters"
        )
    return "-".join(raw[i : i + GROUP_LEN] for i in range(0, len(raw), GROUP_LEN))


def room_of(token: str) -> str:
    """The relay's name for the table of ``token`` (a one-way hash: the relay lists no token)."""
    return hashlib.sha256(normal_token(token).encode()).hexdigest()[:24]


@dataclass(frozen=True)
class Invite:
    host: str
    port: int
    token: str
    relay: bool = False

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        middle = "/relay" if self.relay else ""
        return f"{host}:{self.port}{middle}/{self.token}"

    @property
    def room(self) -> str:
        return room_of(self.token)

    @classmethod
    def parse(cls, text: str) -> Invite:
        """Read a code as pasted or typed (surrounding spaces, case and look-alikes forgiven)."""
        text = text.strip()
        text = re.sub(r"^(fivefronts|ws)://", "", text, flags=re.IGNORECASE)
        where, slash, token = text.rpartition("/")
        if not slash:
            raise InviteError("form", "a code looks like 192.168.1.20:52731/7KQ2-M9XH-3DPA-TW4C")
        relay = False
        if where.lower().endswith("/relay"):
            where, relay = where[: -len("/relay")], True
        host, port = _address(where)
        return cls(host, port, normal_token(token), relay)


def _address(text: str) -> tuple[str, int]:
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\]:(\d{1,5})|([^:/\[\]\s]+):(\d{1,5})", text.strip())
    if match is None:
        raise InviteError("form", f"{text[:60]!r} is not an address and port (host:port)")
    host = match.group(1) or match.group(3)
    port = int(match.group(2) or match.group(4))
    if not 0 < port < 65536:
        raise InviteError("port", f"port {port} is not between 1 and 65535")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not _HOSTNAME.match(host):
            raise InviteError("address", f"{host[:60]!r} is not an address or host name") from None
    return host, port
