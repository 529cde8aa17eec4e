"""One WebSocket's outbox, between the room's writer and the socket's sender task; a room's open ones."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Coroutine, Generator, Iterator
from typing import Any

from ...constants import MAX_PENDING as MAX_PENDING  # named here too: the outbox is this module's
from ..process.metrics import ActionTiming
from ..protocol.codes import Close

#: Writes one text to the socket (``WebSocket.send_text``).
Writer = Callable[[str], Coroutine[Any, Any, None]]


class Connection:
    """One WebSocket's outbox: the room's writer pushes, the socket's sender task drains. A
    pushed ``state`` replaces an older one still waiting; errors and pongs keep their order.
    With nothing ahead, a message is written at once in the pusher's task (cheaper than waking
    the sender); a write that suspends is finished by the sender task.
    """

    __slots__ = ("seat", "heir", "key", "deltas", "seq", "opened", "_pending", "_wake", "close_code", "_sending", "_writer",
                 "_busy", "_suspended")

    def __init__(self, seat: int | None, *, deltas: bool = False, heir: int | None = None, key: str | None = None) -> None:
        self.seat = seat
        #: The seat a spectator takes over at the next round: it may contribute to that deal only.
        self.heir = heir
        #: The hash of its hello's credential (None: a spectator), checked again on joining.
        self.key = key
        #: The client takes delta frames after its first state (its hello said so).
        self.deltas = deltas
        #: The number of the last state queued for the client (None: none yet).
        self.seq: int | None = None
        self.opened = time.monotonic()
        # (is a state, text, the action timings it carries: None unless metrics are on)
        self._pending: deque[tuple[bool, str, list[ActionTiming] | None]] = deque()
        self._wake = asyncio.Event()
        self.close_code: int | None = None
        self._sending: list[ActionTiming] | None = None
        self._writer: Writer | None = None
        # a message taken by next() and not yet reported sent(): the sender task is writing it
        self._busy = False
        # a write begun in push() that suspended, and the timings it carries
        self._suspended: tuple[_Resumed, list[ActionTiming] | None] | None = None

    def attach(self, writer: Writer) -> None:
        """Write pushed messages through ``writer`` at once when nothing is ahead of them."""
        self._writer = writer

    def push(self, text: str, *, is_state: bool = False, timing: ActionTiming | None = None) -> bool:
        """Queue one message (JSON text); False when closing. ``timing`` (metrics only) is told
        once this state, or one replacing it, is written."""
        if self.close_code is not None:
            return False
        if self._writer is not None and not self._pending and not self._busy and self._suspended is None:
            self._write_now(text, timing)
            return True
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

    def push_state(self, seq: int, delta: str | None, full: Callable[[int | None], str],
                   timing: ActionTiming | None = None) -> bool:
        """Queue state ``seq``: ``delta`` from the state queued before, or else ``full(seat)``;
        a state that replaces one still waiting is always full. False when closing."""
        if self.close_code is not None:
            return False
        if delta is None or (self._pending and any(m[0] for m in self._pending)):
            delta = full(self.seat)
        self.seq = seq
        return self.push(delta, is_state=True, timing=timing)

    def _write_now(self, text: str, timing: ActionTiming | None) -> None:
        assert self._writer is not None
        write = self._writer(text)
        try:
            awaited = write.send(None)
        except Exception:  # written (StopIteration), or the socket is gone (the receive loop sees that)
            pass
        else:  # the socket's buffer is full: the sender task finishes this write
            self._suspended = (_Resumed(write, awaited), None if timing is None else [timing])
            self._wake.set()
            return
        if timing is not None:
            timing.written()

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
        """The next message to send, or the close code after :meth:`close`; call :meth:`sent`
        once written."""
        while True:
            if self._suspended is not None:
                rest, self._sending = self._suspended
                self._busy = True
                try:
                    await rest
                except Exception:  # the socket went away; the receive loop sees the disconnect
                    pass
                finally:
                    self._suspended = None
                    self.sent()
                continue
            if self.close_code is not None:
                return self.close_code
            if self._pending:
                _, text, self._sending = self._pending.popleft()
                self._busy = True
                return text
            self._wake.clear()
            await self._wake.wait()

    def sent(self) -> None:
        """The message last returned by :meth:`next` was written (or given up)."""
        if self._sending:
            for t in self._sending:
                t.written()
        self._sending = None
        self._busy = False


class _Resumed:
    """A coroutine started by hand and suspended, made awaitable again (an eager task's trick)."""

    __slots__ = ("_coro", "_awaited")

    def __init__(self, coro: Coroutine[Any, Any, None], awaited: Any) -> None:
        self._coro = coro
        self._awaited = awaited

    def __await__(self) -> Generator[Any, Any, None]:
        awaited = self._awaited
        while True:
            try:
                answer = yield awaited
            except BaseException as exc:  # cancelled while waiting: let the coroutine see it
                try:
                    awaited = self._coro.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    awaited = self._coro.send(answer)
                except StopIteration:
                    return


class Connections:
    """A room's open connections in order, with a count per viewer (None: spectators) so that
    presence is answered without a walk.

    Raises:
        ValueError: :meth:`remove` of a connection that is not here.
    """

    __slots__ = ("_all", "_per_viewer")

    def __init__(self) -> None:
        self._all: list[Connection] = []
        self._per_viewer: dict[int | None, int] = {}

    def append(self, conn: Connection) -> None:
        self._all.append(conn)
        self._per_viewer[conn.seat] = self._per_viewer.get(conn.seat, 0) + 1

    def remove(self, conn: Connection) -> None:
        self._all.remove(conn)
        left = self._per_viewer[conn.seat] - 1
        if left:
            self._per_viewer[conn.seat] = left
        else:
            del self._per_viewer[conn.seat]

    def clear(self) -> None:
        self._all.clear()
        self._per_viewer.clear()

    def has_seat(self, seat: int) -> bool:
        """At least one connection of ``seat`` is open."""
        return seat in self._per_viewer

    def viewers(self) -> list[int | None]:
        """Every viewer with a connection open, each once (None: spectators)."""
        return list(self._per_viewer)

    def __iter__(self) -> Iterator[Connection]:
        return iter(self._all)

    def __len__(self) -> int:
        return len(self._all)

    def __contains__(self, conn: object) -> bool:
        return conn in self._all
