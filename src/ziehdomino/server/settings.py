"""The options of ``ziehdomino serve`` (one frozen record, built once at start-up)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

#: The browser app shipped with the package (pages and ``/static``).
DEFAULT_WEB_DIR = Path(__file__).resolve().parent.parent / "web"


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """How one server process behaves.

    Attributes:
        data_dir: directory of the SQLite file ``rooms.sqlite3`` (created if missing).
        web_dir: directory of the browser app (``index.html``, ``room.html``, ... and ``/static``).
        computer_delay: seconds a computer waits before it acts, so people can follow (0 in tests).
        room_ttl_hours: a room between rounds (or never started) with nobody connected is deleted
            this long after its last change. A round in progress is never deleted.
        cleanup_interval: seconds between two sweeps for old rooms.
        ws_rate: messages per second one WebSocket connection may send (a bucket of this many
            messages, refilled at this rate).
        http_rate: room creations and joins per minute from one client address.
        max_message: largest WebSocket message answered (bytes); larger ones get ``too_large``.
        max_rooms: rooms kept at once; creating more answers 503 ``server_full``.
        hello_timeout: seconds a new WebSocket has to send its hello.
        metrics: time every accepted action on the server and answer
            ``GET /api/debug/metrics`` to loopback clients (for ``ziehdomino bench server``).
    """

    data_dir: Path
    web_dir: Path = field(default=DEFAULT_WEB_DIR)
    computer_delay: float = 0.8
    room_ttl_hours: float = 48.0
    cleanup_interval: float = 600.0
    ws_rate: int = 20
    http_rate: int = 60
    max_message: int = 4096
    max_rooms: int = 20000
    hello_timeout: float = 20.0
    metrics: bool = False

    def __post_init__(self) -> None:
        if self.computer_delay < 0:
            raise ValueError("computer_delay must be >= 0 seconds")
        if self.room_ttl_hours <= 0:
            raise ValueError("room_ttl_hours must be > 0")
        if self.cleanup_interval <= 0:
            raise ValueError("cleanup_interval must be > 0 seconds")
        if self.ws_rate < 1 or self.http_rate < 1:
            raise ValueError("ws_rate and http_rate must be >= 1")
