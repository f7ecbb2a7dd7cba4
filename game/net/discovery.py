"""Tables on the local network: a host lists its table with multicast DNS service discovery
(zeroconf, ``_fivefronts._tcp.local.``) and the join dialog lists the tables it hears of.

What a table tells the network (its TXT properties): the game, the protocol version, the host's
name, the free seats, the address and port — never the token. A guest that picks a table from
the list therefore holds no code: it *knocks* and the host's player admits or refuses it
(``game.net.host``). Everything heard is untrusted: each property is checked and capped, a
table that fails is left out, and at most :data:`MAX_TABLES` are listed.

zeroconf runs its own threads; neither class here ever blocks the game thread. Registering and
updating a listing (which takes a second or two of probing) happen on the advertiser's worker
thread; a heard table is resolved on the browser's worker thread and handed over through a queue
that :meth:`Browser.poll` drains. When zeroconf cannot start (no multicast, no interface) the
host still plays by code and the dialog simply lists no table (``failed`` says why).

``FIVEFRONTS_LAN`` (comma-separated addresses, e.g. ``127.0.0.1``) limits both to those
interfaces; by default every interface is used.
"""

from __future__ import annotations

import ipaddress
import os
import queue
import secrets
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engines import GAMES
from game.net.protocol import MAX_NAME, PROTOCOL_VERSION, clean_name

SERVICE = "_fivefronts._tcp.local."
MAX_TABLES = 32  # tables listed at once (a hostile network could announce thousands)
RESOLVE_MS = 1500  # how long one table's details may take to arrive
ENV_INTERFACES = "FIVEFRONTS_LAN"


def interfaces() -> list[str] | None:
    """The interfaces ``FIVEFRONTS_LAN`` names, or None for all."""
    chosen = [part.strip() for part in os.environ.get(ENV_INTERFACES, "").split(",")]
    return [part for part in chosen if part] or None


@dataclass(frozen=True)
class Table:
    """A table heard on the local network, its properties checked."""

    key: str  # the service's name: one table, whatever else changes
    game: str
    host_name: str
    free: int
    address: str
    port: int
    protocol: int

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION


def properties(game: str, host_name: str, free: int, address: str, port: int) -> dict[str, str]:
    """A table's TXT properties: what anyone on the network may read (no token)."""
    return {
        "game": game,
        "proto": str(PROTOCOL_VERSION),
        "host": clean_name(host_name),
        "free": str(free),
        "addr": address,
        "port": str(port),
    }


def read_table(key: str, props: dict[Any, Any]) -> Table | None:
    """A heard table from its TXT properties, or None when any of them is wrong."""
    try:
        text = {
            (k.decode() if isinstance(k, bytes) else str(k)): (
                v.decode() if isinstance(v, bytes) else str(v or "")
            )
            for k, v in props.items()
        }
        game, host = text["game"], clean_name(text["host"])[:MAX_NAME]
        free, port, proto = int(text["free"]), int(text["port"]), int(text["proto"])
        address = str(ipaddress.ip_address(text["addr"]))
    except (KeyError, ValueError, UnicodeDecodeError):
        return None
    if game not in GAMES or not (0 <= free <= 8 and 0 < port < 65536 and 0 < proto < 1000):
        return None
    return Table(key[:120], game, host, free, address, port, proto)


class Advertiser:
    """Lists one table on the local network while it is open; ``update`` re-announces its free
    seats. All zeroconf calls run on a worker thread, in order."""

    def __init__(self, game: str, host_name: str, *, zeroconf: Callable[[], Any] | None = None):
        self.game, self.host_name = game, host_name
        self.failed = ""
        self._make = zeroconf or _zeroconf
        # Free seats to announce, in order; None: withdraw the listing.
        self._jobs: queue.SimpleQueue[int | None] = queue.SimpleQueue()
        self._address, self._port = "", 0
        # The listing's names, fixed for its life (an update re-announces the same service).
        self._label = f"{clean_name(host_name) or 'Five Fronts'} {secrets.token_hex(2)}"
        self._server = f"fivefronts-{secrets.token_hex(3)}.local."
        self._thread = threading.Thread(target=self._work, name="fivefronts-lan-ad", daemon=True)

    def start(self, address: str, port: int, free: int) -> None:
        self._address, self._port = address, port
        self._jobs.put(free)
        self._thread.start()

    def update(self, free: int) -> None:
        self._jobs.put(free)

    def stop(self) -> None:
        """Withdraw the listing (waits a moment for the goodbye packets)."""
        if self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join(3.0)

    def _info(self, free: int) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE,
            f"{self._label}.{SERVICE}",
            addresses=[socket.inet_aton(self._address)] if _is_ipv4(self._address) else [],
            port=self._port,
            properties=properties(self.game, self.host_name, free, self._address, self._port),
            server=self._server,
        )

    def _work(self) -> None:
        zc, info = None, None
        try:
            while (free := self._jobs.get()) is not None:
                if zc is None:
                    zc = self._make()
                if info is None:
                    info = self._info(free)
                    zc.register_service(info, allow_name_change=True)
                    self._label = info.name[: -len(SERVICE) - 1]  # as renamed on a clash
                else:
                    info = self._info(free)
                    zc.update_service(info)
        except Exception as err:  # no multicast, no interface: the code still works
            self.failed = str(err) or type(err).__name__
        finally:
            if zc is not None:
                try:
                    if info is not None:
                        zc.unregister_service(info)
                finally:
                    zc.close()


class Browser:
    """Hears the tables on the local network. ``poll()`` (game thread) returns them, keyed by
    service name; it never blocks."""

    def __init__(self, *, zeroconf: Callable[[], Any] | None = None) -> None:
        self.failed = ""
        self.tables: dict[str, Table] = {}
        self._make = zeroconf or _zeroconf
        self._heard: queue.SimpleQueue[tuple[str, bool] | None] = queue.SimpleQueue()
        self._found: queue.SimpleQueue[tuple[str, Table | None]] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="fivefronts-lan", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._heard.put(None)

    def poll(self) -> dict[str, Table]:
        while True:
            try:
                key, table = self._found.get_nowait()
            except queue.Empty:
                return self.tables
            if table is None:
                self.tables.pop(key, None)
            elif key in self.tables or len(self.tables) < MAX_TABLES:
                self.tables[key] = table

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """zeroconf's thread: only note the change (resolving here would stall its loop)."""
        self._heard.put((name, state_change.name != "Removed"))

    def _work(self) -> None:
        zc = None
        try:
            from zeroconf import ServiceBrowser

            zc = self._make()
            ServiceBrowser(zc, SERVICE, handlers=[self._on_change])
            while (heard := self._heard.get()) is not None:
                name, present = heard
                info = zc.get_service_info(SERVICE, name, timeout=RESOLVE_MS) if present else None
                table = read_table(name, info.properties) if info is not None else None
                self._found.put((name, table))
        except Exception as err:  # no multicast, no interface: "no local tables found"
            self.failed = str(err) or type(err).__name__
        finally:
            if zc is not None:
                zc.close()


def _zeroconf() -> Any:
    from zeroconf import Zeroconf

    chosen = interfaces()
    return Zeroconf(interfaces=chosen) if chosen else Zeroconf()


def _is_ipv4(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).version == 4
    except ValueError:
        return False
