"""Rate limits with ``limits`` (moving window, in memory): per WebSocket and per client address.

A well-kept library rather than a window of our own (the project's standard), although its
in-memory storage expires keys on short-lived timer threads, which ``bench server`` shows as
a cost in the latency tail under 2,000 connections.
"""

from __future__ import annotations

import itertools
import math
import time

from limits import RateLimitItemPerMinute, RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

_ids = itertools.count(1)


class Limiter:
    """Moving-window limits for connections and client addresses.

    Args:
        per_second: messages one connection may send within any one second.
        per_minute: creations and joins one client address may make within any one minute.
    """

    def __init__(self, *, per_second: int, per_minute: int) -> None:
        self._storage = MemoryStorage()
        self._limiter = MovingWindowRateLimiter(self._storage)
        self._message = RateLimitItemPerSecond(per_second)
        self._request = RateLimitItemPerMinute(per_minute)

    def new_connection(self) -> str:
        """A fresh key for one WebSocket connection (release it with :meth:`forget`)."""
        return f"ws:{next(_ids)}"

    def allow_message(self, key: str) -> bool:
        """Count one message of connection ``key``; False when it is over the limit."""
        return self._limiter.hit(self._message, key)

    def allow_request(self, address: str) -> bool:
        """Count one creation or join from ``address``; False when it is over the limit."""
        return self._limiter.hit(self._request, "http", address)

    def retry_after(self, address: str) -> int:
        """Whole seconds until ``address`` may create or join again (1-60; for ``Retry-After``)."""
        stats = self._limiter.get_window_stats(self._request, "http", address)
        if stats.remaining > 0:
            return 1
        return max(1, min(60, math.ceil(stats.reset_time - time.time())))

    def forget(self, key: str) -> None:
        """Drop the window of a closed connection."""
        self._limiter.clear(self._message, key)
