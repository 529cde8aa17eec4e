"""Rate limits: moving windows kept in memory, per WebSocket and per client address.

A plain deque of timestamps per key, touched only by the event loop's thread: no locks and no
timer threads (``limits``' in-memory storage started a timer thread every few messages, and its
expiry sweeps over every key held the GIL against the event loop).
"""

from __future__ import annotations

import itertools
import math
import time
from collections import deque

_ids = itertools.count(1)


class MovingWindow:
    """At most ``limit`` hits within any ``window`` seconds per key; a refused hit is not counted."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._hits: dict[str, deque[float]] = {}
        self._calls = 0

    def hit(self, key: str, now: float | None = None) -> bool:
        """Count one hit of ``key`` now; False (and not counted) when the window is full."""
        now = time.monotonic() if now is None else now
        hits = self._hits.get(key)
        if hits is None:
            hits = self._hits[key] = deque()
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        self._calls += 1
        if self._calls % 4096 == 0:
            self._sweep(now)
        if len(hits) >= self.limit:
            return False
        hits.append(now)
        return True

    def retry_after(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` may hit again (0 when it may now)."""
        now = time.monotonic() if now is None else now
        hits = self._hits.get(key)
        if not hits or sum(1 for t in hits if t > now - self.window) < self.limit:
            return 0.0
        return hits[-self.limit] + self.window - now

    def forget(self, key: str) -> None:
        self._hits.pop(key, None)

    def _sweep(self, now: float) -> None:
        """Drop keys whose hits have all left the window (keeps memory bounded)."""
        for key in [k for k, h in self._hits.items() if not h or h[-1] <= now - self.window]:
            del self._hits[key]


class Limiter:
    """Moving-window limits for connections and client addresses.

    Args:
        per_second: messages one connection may send within any one second.
        per_minute: creations and joins one client address may make within any one minute.
    """

    def __init__(self, *, per_second: int, per_minute: int) -> None:
        self._messages = MovingWindow(per_second, 1.0)
        self._requests = MovingWindow(per_minute, 60.0)

    def new_connection(self) -> str:
        """A fresh key for one WebSocket connection (release it with :meth:`forget`)."""
        return f"ws:{next(_ids)}"

    def allow_message(self, key: str) -> bool:
        """Count one message of connection ``key``; False when it is over the limit."""
        return self._messages.hit(key)

    def allow_request(self, address: str) -> bool:
        """Count one creation or join from ``address``; False when it is over the limit."""
        return self._requests.hit(address)

    def retry_after(self, address: str) -> int:
        """Whole seconds until ``address`` may create or join again (1-60; for ``Retry-After``)."""
        return max(1, min(60, math.ceil(self._requests.retry_after(address))))

    def forget(self, key: str) -> None:
        """Drop the window of a closed connection."""
        self._messages.forget(key)
