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
    """How one server process behaves. Each field is the ``ziehdomino serve`` option of its name
    (``metrics``: ``--debug-metrics``; ``data_dir``: ``--data``; ``process_name``: ``--name``;
    ``lease_seconds``: ``--lease``), documented in docs/protocol.md and docs/deploy.md. Times in
    seconds, rates per minute but ``ws_rate`` (per second). ``max_message`` (bytes),
    ``max_rooms`` and ``hello_timeout`` have no option; ``turn_time_scale`` and
    ``computer_delay`` are for tests.
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
