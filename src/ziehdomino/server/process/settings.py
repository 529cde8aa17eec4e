"""The options of ``ziehdomino serve`` (one frozen record, built once at start-up)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from ... import constants as c
from ...hosts import DEFAULT_ALLOWED_HOSTS, host_pattern

#: The browser app shipped with the package (pages and ``/static``).
DEFAULT_WEB_DIR = Path(__file__).resolve().parents[2] / "web"


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """How one server process behaves.

    Attributes:
        data_dir: directory of the SQLite file ``rooms.sqlite3`` (created if missing).
        web_dir: directory of the browser app (``index.html``, ``room.html``, ... and ``/static``).
        computer_delay: seconds a computer waits before it acts, so people can follow (0 in tests).
        abandon_hours: a room whose persons have all been away (or left) this long is ended and
            deleted, a round in progress included.
        turn_time_scale: a room's chosen turn time (30, 60, 120 s) is multiplied by this (1.0;
            tests use a small value so that "1 Minute" lasts seconds).
        grace: seconds a computer waits before it plays the turn of a person who is away (20; at
            most the room's turn time).
        grace_no_limit: the same in a room without a turn time (120).
        max_rooms_per_address: rooms one client address may have open that someone is at (or
            was within ``limit_away``); one more answers 429 ``too_many_rooms``.
        limit_away: seconds a room counts toward ``max_rooms_per_address`` after the last
            person at its table went away (300; a new room counts as long before anyone arrives).
        max_open_seats_per_address: seats one client address may hold at once at open tables
            waiting for their first round, claims to take a seat over included (4); one more
            answers 429 ``too_many_seats`` (:mod:`.openseats`).
        cleanup_interval: seconds between two sweeps for old rooms.
        quick_wait: seconds a table opened by "Schnell spielen" waits for people before every
            free seat goes to a computer (30; tests use 1).
        ws_rate: messages per second one WebSocket connection may send (a bucket of this many
            messages, refilled at this rate).
        http_rate: room creations and joins per minute from one client address.
        max_message: largest WebSocket message answered (bytes); larger ones get ``too_large``.
        max_rooms: rooms kept at once; creating more answers 503 ``server_full``.
        hello_timeout: seconds a new WebSocket has to send its hello.
        miss_rate: requests naming a room that does not exist (lookups, joins, WebSocket
            connects) per minute from one client address; more are answered 429 / closed 4429.
        ws_connect_rate: WebSocket connects per minute from one client address.
        max_sockets_per_address: WebSockets one client address may hold open at once.
        max_connections_per_address: TCP connections of any kind one address may hold open at
            once (counted before a request is read, :mod:`.gate`; the proxy's address is not capped).
        request_timeout: seconds a connection has to send a complete request after it opened or
            got its last answer; then it is closed (:mod:`.gate`).
        ws_compression: offer WebSocket per-message compression (RFC 7692, permessage-deflate,
            a 4 KiB window): about a sixth of a delta frame's bytes, for some CPU and memory per
            connection (``ziehdomino bench frames``, docs/deploy.md); off by default.
        proxy: the address(es) of the reverse proxy (comma-separated) whose ``X-Forwarded-For``
            and ``X-Forwarded-Proto`` are trusted; None (the default) trusts no forwarded header,
            so every limit counts the connecting address itself.
        allowed_hosts: the hosts the site is reached by (:mod:`ziehdomino.hosts`: names,
            addresses, ``*.domain``; the port is not compared); a request or WebSocket naming
            another in its ``Host`` is answered 400 before anything else (DNS rebinding).
            Written as given, kept lowercased with IPv6 addresses in brackets.
        metrics: time every accepted action on the server and answer
            ``GET /api/debug/metrics`` to loopback clients (for ``ziehdomino bench server``).
        database: ``postgresql://...`` to keep rooms in PostgreSQL, shared by several processes
            (docs/deploy.md); None keeps them in SQLite in ``data_dir`` (one process).
        process_name: this process's name among several (logs, ``/api/health``, room owners).
        lease_seconds: with PostgreSQL, a room this process stops renewing (it died or hangs)
            may be taken by another process this long after the last renewal (renewed every
            second, by the database's clock).
    """

    data_dir: Path
    web_dir: Path = field(default=DEFAULT_WEB_DIR)
    computer_delay: float = c.COMPUTER_DELAY
    abandon_hours: float = c.ABANDON_HOURS
    turn_time_scale: float = 1.0
    grace: float = c.GRACE
    grace_no_limit: float = c.GRACE_NO_LIMIT
    max_rooms_per_address: int = c.MAX_ROOMS_PER_ADDRESS
    limit_away: float = c.LIMIT_AWAY
    max_open_seats_per_address: int = c.MAX_OPEN_SEATS_PER_ADDRESS
    cleanup_interval: float = c.CLEANUP_INTERVAL
    quick_wait: float = c.QUICK_WAIT
    ws_rate: int = c.WS_RATE
    http_rate: int = c.HTTP_RATE
    max_message: int = c.MAX_MESSAGE
    max_rooms: int = c.MAX_ROOMS
    hello_timeout: float = c.HELLO_TIMEOUT
    metrics: bool = False
    miss_rate: int = c.MISS_RATE
    ws_connect_rate: int = c.WS_CONNECT_RATE
    max_sockets_per_address: int = c.MAX_SOCKETS_PER_ADDRESS
    max_connections_per_address: int = c.MAX_CONNECTIONS_PER_ADDRESS
    request_timeout: float = c.REQUEST_TIMEOUT
    ws_compression: bool = False
    proxy: str | None = None
    allowed_hosts: tuple[str, ...] = DEFAULT_ALLOWED_HOSTS
    database: str | None = None
    process_name: str = "ziehdomino"
    lease_seconds: float = c.LEASE_SECONDS

    def __post_init__(self) -> None:
        if self.computer_delay < 0:
            raise ValueError("computer_delay must be >= 0 seconds")
        if self.abandon_hours <= 0:
            raise ValueError("abandon_hours must be > 0")
        if self.turn_time_scale <= 0 or self.grace <= 0 or self.grace_no_limit <= 0:
            raise ValueError("turn_time_scale, grace and grace_no_limit must be > 0")
        if self.max_rooms_per_address < 1 or self.max_open_seats_per_address < 1:
            raise ValueError("max_rooms_per_address and max_open_seats_per_address must be >= 1")
        if self.limit_away < 0:
            raise ValueError("limit_away must be >= 0 seconds")
        if not 0.2 <= self.quick_wait <= 600.0:
            raise ValueError("quick_wait must be between 0.2 and 600 seconds")
        if self.cleanup_interval <= 0:
            raise ValueError("cleanup_interval must be > 0 seconds")
        if min(self.ws_rate, self.http_rate, self.miss_rate, self.ws_connect_rate, self.max_sockets_per_address,
               self.max_connections_per_address) < 1:
            raise ValueError("rates and limits must be >= 1")
        if not 0.5 <= self.request_timeout <= 600.0:
            raise ValueError("the request timeout (--request-timeout) must be between 0.5 and 600 seconds")
        if self.database is not None:
            try:
                parts = urlsplit(self.database)
                parts.port  # noqa: B018 -- raises on a port that is not a number
            except ValueError as exc:
                raise ValueError(f"the database address (--database) cannot be read: {exc}") from None
            if parts.scheme not in ("postgresql", "postgres") or not parts.hostname:
                raise ValueError("the database address (--database) must be postgresql://[user[:password]@]host[:port]/name")
        if not 2.0 <= self.lease_seconds <= 600.0:
            raise ValueError("the lease (--lease) must be between 2 and 600 seconds (it is renewed every second)")
        try:
            hosts = tuple(dict.fromkeys(host_pattern(h) for h in self.allowed_hosts))
        except ValueError as exc:
            raise ValueError(f"the allowed hosts (--allowed-hosts): {exc}") from None
        if not hosts:
            raise ValueError("the allowed hosts (--allowed-hosts) must name at least one host")
        object.__setattr__(self, "allowed_hosts", hosts)  # frozen: set once, as normalised
        if not re.fullmatch(r"[A-Za-z0-9._-]{1,40}", self.process_name):
            raise ValueError("the process name (--name) must be 1 to 40 letters, digits, '.', '_' or '-'")
