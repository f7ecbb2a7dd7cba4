"""Seats a guest was let into by knocking, kept in the player's settings so that it can rejoin.

A guest that picked a table from the local network's list holds no invite code: the host's
player let it in, and the host handed it the table's token (``admitted``). Kept only in memory,
the token was lost when the guest's program restarted, and the guest had to knock again and wait
for the host's player. So the token is kept in the settings file (schema-checked like the rest,
written atomically, a damaged file moved aside) with the table's address, the host's name and the
seat; the join dialog offers the table again and rejoins with the token, asking for the seat, no
knock. A kept seat is forgotten when its match ends, when the host says goodbye, and when the host
refuses the token (a new table at the same address); a rematch at the table keeps it again.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING

from game.net.invite import Invite
from game.schema import KEPT_SEATS_MAX

if TYPE_CHECKING:
    from game.settings import Settings


@dataclass(frozen=True)
class KeptSeat:
    host: str
    port: int
    token: str
    host_name: str
    seat: int

    @property
    def invite(self) -> Invite:
        return Invite(self.host, self.port, self.token)

    def at(self, host: str, port: int) -> bool:
        return (self.host, self.port) == (host, port)

    def moved_to(self, seat: int) -> KeptSeat:
        return replace(self, seat=seat)


def kept_seats(settings: Settings) -> list[KeptSeat]:
    """The seats kept, newest first (the settings' loader checked every one)."""
    return [KeptSeat(**entry) for entry in settings.kept_seats]


def kept_at(settings: Settings, host: str, port: int) -> KeptSeat | None:
    """The seat kept at the table listening at ``host``:``port``, if any."""
    return next((kept for kept in kept_seats(settings) if kept.at(host, port)), None)


def keep(settings: Settings, seat: KeptSeat) -> None:
    """Keep ``seat`` (in place of any at the same table); the oldest go past the limit."""
    others = [kept for kept in kept_seats(settings) if not kept.at(seat.host, seat.port)]
    settings.kept_seats = [asdict(kept) for kept in [seat, *others][:KEPT_SEATS_MAX]]


def forget(settings: Settings, invite: Invite) -> bool:
    """Forget the seat kept with ``invite``'s token at its table; True if there was one."""
    kept = kept_seats(settings)
    left = [k for k in kept if not (k.at(invite.host, invite.port) and k.token == invite.token)]
    settings.kept_seats = [asdict(k) for k in left]
    return len(left) != len(kept)
