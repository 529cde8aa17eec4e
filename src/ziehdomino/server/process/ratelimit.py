"""Rate limits: per WebSocket connection (messages) and per client address (HTTP and sockets).

- Messages of one connection: a token bucket (``token_bucket``) of ``ws_rate`` tokens refilled
  at ``ws_rate`` per second, one token per message: a few arithmetic steps, no timer or thread
  (``limits``' moving window starts a timer thread on a hit, too dear per message).
- Per client address, per minute (``limits``, moving window, which gives an exact
  ``Retry-After``): room creations and joins, misses (names of rooms that do not exist) and
  WebSocket connects, all rare next to messages; and per ten minutes, wrong device codes
  (docs/profile.md: a code has about 40 bits, so a few wrong tries per address are all a
  guesser gets).

Open WebSockets per address are counted here too (a plain counter: opened, closed).
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
    """The limits of one server.

    Args:
        per_second: messages one connection may send per second (its bucket's size and rate).
        per_minute: creations and joins one client address may make within any one minute.
        misses_per_minute: lookups, joins and WebSocket connects of unknown rooms per address
            within any one minute.
        connects_per_minute: WebSocket connects per address within any one minute.
        sockets_per_address: WebSockets one address may hold open at once.
        wrong_codes: wrong device codes one address may send within any :data:`CODE_WINDOW` minutes.
    """

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
        """Whole seconds until ``address`` may make a request of ``kind`` (``"http"``, ``"miss"``,
        ``"code"``) again (1 up to the window's length; ``Retry-After``)."""
        item = self._kinds[kind]
        stats = self._limiter.get_window_stats(item, kind, address)
        if stats.remaining > 0:
            return 1
        return max(1, min(item.get_expiry(), math.ceil(stats.reset_time - time.time())))

    def open_socket(self, address: str) -> bool:
        """Count a new WebSocket of ``address``; False (nothing counted) when it may open no more.

        A True answer must be matched by one :meth:`close_socket`.
        """
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
