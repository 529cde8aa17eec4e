"""The gate: every TCP connection, before the app sees anything of it. A deadline for every
request, a cap per address and room kept for new users, so idle connections cannot starve the
process (docs/deploy.md, "Connections"); :func:`protocols` makes uvicorn's protocol classes
that keep these rules.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger("ziehdomino.gate")

#: Descriptors kept free of connections: sockets, SQLite's files, the log, the PostgreSQL pool,
#: static files being sent, and a margin.
FILES_KEPT_FREE = 64
#: An address holding fewer connections than this may take one of the reserved ones: a browser
#: opens up to six to one host, and a page adds its WebSocket.
SMALL = 8
#: Seconds between two log lines about refused connections (an attack would fill the log).
LOG_EVERY = 60.0


def raise_open_file_limit() -> tuple[int, int]:
    """Lift the soft limit of open files to the hard limit (unlimited: Linux's ``fs.nr_open``
    default); ``(before, after)``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 1 << 20 if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        except (ValueError, OSError):
            return soft, soft
        return soft, want
    return soft, soft


class Gate:
    """The connection rules of one process; ``exempt`` addresses (the proxy's) are not capped.

    Raises:
        ValueError: ``open_files`` leaves no room for connections, or a limit below its minimum.
    """

    def __init__(self, *, open_files: int, per_address: int, request_timeout: float,
                 exempt: frozenset[str] = frozenset()) -> None:
        if open_files <= FILES_KEPT_FREE + SMALL or per_address < 1 or request_timeout <= 0:
            raise ValueError(f"the gate needs more than {FILES_KEPT_FREE + SMALL} open files, a cap of at least one "
                             "connection per address and a request timeout above 0")
        self.capacity = open_files - FILES_KEPT_FREE
        self.reserve = max(SMALL, self.capacity // 10)
        self.per_address = per_address
        self.request_timeout = request_timeout
        self.exempt = exempt
        self.held: dict[str, int] = {}
        self.total = 0
        self.refused = 0
        self._address_of: dict[Any, str] = {}
        self._refused_since_log = 0
        self._logged = 0.0

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection; False (nothing counted) when it must be closed unread.

        A True answer must be matched by one :meth:`release` of the same transport."""
        address = _address(transport)
        held = self.held.get(address, 0)
        exempt = address in self.exempt
        if self.total >= self.capacity or (not exempt and (
                held >= self.per_address or (self.total >= self.capacity - self.reserve and held >= SMALL))):
            self._refuse(address)
            return False
        self.held[address] = held + 1
        self.total += 1
        self._address_of[transport] = address
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """A connection counted by :meth:`admit` closed (idempotent: both protocols call it)."""
        address = self._address_of.pop(transport, None)
        if address is None:
            return
        self.total -= 1
        left = self.held[address] - 1
        if left > 0:
            self.held[address] = left
        else:
            del self.held[address]

    def _refuse(self, address: str) -> None:
        self.refused += 1
        self._refused_since_log += 1
        now = time.monotonic()
        if now - self._logged >= LOG_EVERY:
            log.warning("closed %d new connection(s) unread since the last such line (this one from %s, which "
                        "holds %d; %d of %d held): over the per-address cap or into the reserve for new users",
                        self._refused_since_log, address, self.held.get(address, 0), self.total, self.capacity)
            self._logged, self._refused_since_log = now, 0


def _address(transport: asyncio.BaseTransport) -> str:
    """The peer's address (without the port) of a TCP transport, or ``"unknown"``."""
    peer = transport.get_extra_info("peername")
    if isinstance(peer, (tuple, list)) and peer:
        return str(peer[0])
    return "unknown"


def protocols(gate: Gate, endless: frozenset[str] = frozenset()) -> tuple[type[HttpToolsProtocol],
                                                                           type[WebSocketsSansIOProtocol]]:
    """uvicorn's httptools HTTP and websockets-sansio WebSocket protocols, keeping ``gate``'s
    rules. A response on an ``endless`` path (an event stream) is closed as shutdown begins,
    rather than cancelled at its end; its client reconnects.
    """

    class GatedHttp(HttpToolsProtocol):
        _waiting: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if not gate.admit(transport):
                transport.abort()  # connection_lost follows and releases nothing
                return
            self._wait_for_request()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            super().connection_lost(exc)
            gate.release(self.transport)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._wait_for_request()

        def handle_websocket_upgrade(self) -> None:
            self._stop_waiting()  # the WebSocket has its own rules from here (the hello's deadline)
            super().handle_websocket_upgrade()

        def shutdown(self) -> None:
            cycle = self.cycle
            if cycle is not None and not cycle.response_complete and cycle.scope.get("path") in endless:
                self.transport.close()
                return
            super().shutdown()

        def _wait_for_request(self) -> None:
            self._stop_waiting()
            self._waiting = self.loop.call_later(gate.request_timeout, self._deadline)

        def _stop_waiting(self) -> None:
            if self._waiting is not None:
                self._waiting.cancel()
                self._waiting = None

        def _deadline(self) -> None:
            """Close the connection unless a complete request is being answered."""
            self._waiting = None
            cycle = self.cycle
            answering = cycle is not None and not cycle.response_complete and not cycle.more_body
            if not answering and not self.transport.is_closing():
                self.transport.close()

    class GatedWebSocket(WebSocketsSansIOProtocol):
        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            gate.release(self.transport)

    return GatedHttp, GatedWebSocket
