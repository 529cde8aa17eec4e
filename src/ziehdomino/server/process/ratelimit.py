"""Rate limits (docs/protocol.md, "Limits per address, and proxies"): a token bucket per
WebSocket for messages (no timer or thread per message), moving windows per address from
``limits`` for the rarer requests (an exact ``Retry-After``), and open WebSockets per address.
"""

from __future__ import annotations

import math
import time

import token_bucket
from limits import RateLimitItem, RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter


#: Minutes of the window of wrong device codes per address.
CODE_WINDOW = 10


class MessageBucket:
    """The message limit of one connection: ``per_second`` tokens, refilled at that rate."""

    __slots__ = ("_limiter",)

    def __init__(self, per_second: int) -> None:
        self._limiter = token_bucket.Limiter(per_second, per_second, token_bucket.MemoryStorage())

    def allow(self) -> bool:
        """Take one token; False (nothing taken) when the bucket is empty."""
        return self._limiter.consume(b"m")


class Limiter:
    """The limits of one server (the options of :class:`.settings.Settings`); ``wrong_codes``
    per :data:`CODE_WINDOW` minutes."""

    def __init__(self, *, per_second: int, per_minute: int, misses_per_minute: int = 60,
                 connects_per_minute: int = 600, sockets_per_address: int = 200, wrong_codes: int = 5) -> None:
        self.per_second = per_second
        self.sockets_per_address = sockets_per_address
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._request = RateLimitItemPerMinute(per_minute)
        self._miss = RateLimitItemPerMinute(misses_per_minute)
        self._connect = RateLimitItemPerMinute(connects_per_minute)
        self._code = RateLimitItemPerMinute(wrong_codes, CODE_WINDOW)
        self._kinds: dict[str, RateLimitItem] = {"http": self._request, "miss": self._miss, "code": self._code}
        self._open: dict[str, int] = {}

    def message_bucket(self) -> MessageBucket:
        """A fresh message limit for one new WebSocket connection."""
        return MessageBucket(self.per_second)

    def allow_request(self, address: str) -> bool:
        """Count one creation or join from ``address``; False when it is over the limit."""
        return self._limiter.hit(self._request, "http", address)

    def allow_miss(self, address: str) -> bool:
        """Count one request naming an unknown room from ``address``; False when over the limit."""
        return self._limiter.hit(self._miss, "miss", address)

    def misses_exhausted(self, address: str) -> bool:
        """True when ``address`` may not name another unknown room now (nothing is counted)."""
        return not self._limiter.test(self._miss, "miss", address)

    def wrong_code(self, address: str) -> None:
        """Count one wrong device code from ``address``."""
        self._limiter.hit(self._code, "code", address)

    def codes_exhausted(self, address: str) -> bool:
        """True when ``address`` may not try another device code now (nothing is counted)."""
        return not self._limiter.test(self._code, "code", address)

    def retry_after(self, address: str, kind: str = "http") -> int:
        """Whole seconds until ``address`` may make a ``kind`` request again (``Retry-After``)."""
        item = self._kinds[kind]
        stats = self._limiter.get_window_stats(item, kind, address)
        if stats.remaining > 0:
            return 1
        return max(1, min(item.get_expiry(), math.ceil(stats.reset_time - time.time())))

    def open_socket(self, address: str) -> bool:
        """Count a new WebSocket of ``address``; False (nothing counted) when it may open no
        more. A True answer must be matched by one :meth:`close_socket`."""
        if self._open.get(address, 0) >= self.sockets_per_address or not self._limiter.hit(
                self._connect, "connect", address):
            return False
        self._open[address] = self._open.get(address, 0) + 1
        return True

    def close_socket(self, address: str) -> None:
        """A WebSocket counted by :meth:`open_socket` closed."""
        left = self._open.get(address, 0) - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)
