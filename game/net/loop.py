"""An asyncio event loop in a daemon thread beside the game loop: the network side of the host,
the guest and an in-process relay runs there, so a frame never waits on a socket. The game
thread talks to it only through :meth:`LoopThread.soon` (fire and forget) and thread-safe queues.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any

CLOSE_TIMEOUT = 1.0  # seconds a WebSocket closing handshake may take (the library's is 10)
POLICY_CLOSE = 1008  # WebSocket close code: policy violation (the host's and the relay's)


class LoopThread:
    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._started = False

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()
        self.loop.close()

    def start(self) -> None:
        self._thread.start()
        self._started = True

    @property
    def started(self) -> bool:
        return self._started

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float = 10.0) -> Any:
        """Run ``coro`` on the loop and wait for its result (set-up and tear-down only)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Start ``coro`` on the loop without waiting for it."""
        asyncio.run_coroutine_threadsafe(coro, self.loop)

    def soon(self, callback: Callable[..., Any], *args: Any) -> None:
        """Call ``callback(*args)`` on the loop; nothing once the loop has stopped."""
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(callback, *args)

    def stop(self) -> None:
        """Cancel what still runs, stop the loop and wait for its thread."""
        if not self._started or self.loop.is_closed():
            return

        async def cancel_all() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            if tasks:  # a connection's closing handshake takes up to CLOSE_TIMEOUT
                await asyncio.wait(tasks, timeout=CLOSE_TIMEOUT + 1)

        try:
            self.run(cancel_all(), timeout=CLOSE_TIMEOUT + 2)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(5.0)
