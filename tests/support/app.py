"""The app in this process, for tests of HTTP answers: Starlette's test client on the in-memory
storage (:class:`AppSite`), no port and no process. A test that needs a process (a restart, a
kill, a socket's bytes, the gate's file limits) starts one with :mod:`tests.support.server`."""

from __future__ import annotations

import warnings
from pathlib import Path
from types import TracebackType
from typing import Any

from starlette.exceptions import StarletteDeprecationWarning

from tests.support.server import NO_LIMITS, room_body
from ziehdomino.server.http.app import create_app
from ziehdomino.server.process.settings import Settings
from ziehdomino.server.storage.memory import MemoryStorage

with warnings.catch_warnings():  # Starlette would rather its test client ran on httpx2; httpx does
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

class AppSite:
    """The app with its lifespan running, reached through ``http`` (a test client whose requests
    come from 127.0.0.1 to ``base``); ``settings`` override :data:`NO_LIMITS` and the defaults.

    Use it as a context manager: the lifespan starts on enter and stops on exit.
    """

    base = "http://127.0.0.1:8000"
    origin = base
    #: The header a page of this site sends with every request that changes something.
    own_site = {"origin": base}

    def __init__(self, web_dir: Path | None = None, **settings: Any) -> None:
        self.storage = MemoryStorage()
        options = {**NO_LIMITS, **settings, **({"web_dir": web_dir} if web_dir else {})}
        self.app = create_app(Settings(data_dir=Path("unused"), **options), self.storage)
        self.http = TestClient(self.app, base_url=self.base, client=("127.0.0.1", 50000))

    def __enter__(self) -> AppSite:
        self.http.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.http.__exit__(kind, error, tb)

    def create(self, seats: list[str], name: str = "Anna", *, turn_time: int | None | str = "default") -> dict[str, Any]:
        """Opens a room (:func:`~tests.support.server.room_body`); its creator's answer."""
        r = self.http.post("/api/rooms", json=room_body(seats, name, turn_time), headers=self.own_site)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def join(self, room: str, name: str) -> dict[str, Any]:
        r = self.http.post(f"/api/rooms/{room}/join", json={"name": name}, headers=self.own_site)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def stored(self, room: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The room's seats and match as stored."""
        record = self.storage.read(room)
        assert record is not None, f"room {room} not stored"
        return record.seats, record.match
