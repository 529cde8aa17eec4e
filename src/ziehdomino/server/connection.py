"""One WebSocket's outbox, between the room's writer and the socket's sender task."""

from __future__ import annotations

import asyncio
import time
from collections import deque

from .codes import Close
from .metrics import ActionTiming

#: Messages waiting in one connection's outbox before it is closed as too slow (4408).
MAX_PENDING = 64


class Connection:
    """One WebSocket's outbox: the room's writer pushes, the socket's sender task drains.

    A pushed ``state`` replaces any older state still waiting (a state is complete, the newest
    one is all a client needs); errors and pongs keep their order.
    """

    __slots__ = ("seat", "opened", "_pending", "_wake", "close_code", "_sending")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.opened = time.monotonic()
        # (is a state, text, the action timings it carries: None unless metrics are on)
        self._pending: deque[tuple[bool, str, list[ActionTiming] | None]] = deque()
        self._wake = asyncio.Event()
        self.close_code: int | None = None
        self._sending: list[ActionTiming] | None = None

    def push(self, text: str, *, is_state: bool = False, timing: ActionTiming | None = None) -> bool:
        """Queue one message (JSON text) for the client; False when the connection is closing.

        ``timing`` (metrics only) is told once this state, or a newer one replacing it, is written.
        """
        if self.close_code is not None:
            return False
        timings = None if timing is None else [timing]
        if is_state and self._pending:
            kept: deque[tuple[bool, str, list[ActionTiming] | None]] = deque()
            for m in self._pending:
                if not m[0]:
                    kept.append(m)
                elif m[2]:
                    timings = m[2] + (timings or [])
            self._pending = kept
        self._pending.append((is_state, text, timings))
        if len(self._pending) > MAX_PENDING:
            self.close(Close.TOO_SLOW)
        self._wake.set()
        return True

    def close(self, code: int) -> None:
        """Ask the sender task to close the socket with ``code`` (after nothing else)."""
        if self.close_code is None:
            self.close_code = code
            for m in self._pending:
                for t in m[2] or ():
                    t.written()
            self._pending.clear()
            self._wake.set()

    async def next(self) -> str | int:
        """The next message to send, or the close code once :meth:`close` was called.

        Call :meth:`sent` once the message is written.
        """
        while True:
            if self.close_code is not None:
                return self.close_code
            if self._pending:
                _, text, self._sending = self._pending.popleft()
                return text
            self._wake.clear()
            await self._wake.wait()

    def sent(self) -> None:
        """The message last returned by :meth:`next` was written (or given up)."""
        if self._sending:
            for t in self._sending:
                t.written()
        self._sending = None
