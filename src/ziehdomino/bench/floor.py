"""The floor for ``bench server``: a broadcast server that does nothing but move frames.

A plain ASGI app on the stack ``ziehdomino serve`` runs on (:data:`ziehdomino.server.http.app.UVICORN_OPTIONS`,
the same garbage collector thresholds): a socket of ``/ws/{room}`` joins that room with its
hello; every later frame raises the room's version and sends each of the room's sockets a state
of :data:`FRAME_BYTES`, with the fields the benchmark's players read. No validation, rules or
storage: the least any game server on this stack can cost.

The **durable floor** (``--append DIR``) also commits every action to SQLite in ``DIR`` through
our :class:`~ziehdomino.server.storage.sqlite.SqliteStorage` before its broadcast: the least a
server costs that keeps the storage rules of ``ziehdomino serve``.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from ziehdomino.engine.actions import ActionJSON
from ziehdomino.server.storage.sqlite import SqliteStorage

#: About what our server sends one seat of a four-seat room.
FRAME_BYTES = 1500
SEATS = 4

_HEAD = '{"type":"state","view":{"version":%d,"turn":%d,"legal":[{"type":"draw"}],"result":null},"pad":"'
_PAD = "x" * (FRAME_BYTES - len(_HEAD) - 4)


def _state(version: int) -> str:
    return _HEAD % (version, version % SEATS) + _PAD + '"}'


class FloorApp:
    """The ASGI app; ``append``: the durable floor's folder, or None."""

    def __init__(self, append: Path | None = None) -> None:
        self.rooms: dict[str, list[Any]] = {}
        self.versions: dict[str, int] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.append = append
        self.storage: SqliteStorage | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    if self.append is not None:
                        self.storage = SqliteStorage(self.append)
                        await self.storage.start()
                    await send({"type": "lifespan.startup.complete"})
                else:
                    if self.storage is not None:
                        await self.storage.close()
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        elif scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"content-type", b"application/json")]})
            await send({"type": "http.response.body", "body": b'{"ok":true}'})
        elif scope["type"] == "websocket":
            await self._socket(scope, receive, send)

    async def _socket(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        room = scope["path"].rsplit("/", 1)[-1]
        members = self.rooms.setdefault(room, [])
        joined = False
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    return
                if not joined:
                    joined = True
                    members.append(send)
                    await send({"type": "websocket.send", "text": _state(self.versions.setdefault(room, 1))})
                    continue
                if self.storage is None:
                    await self._broadcast(room, members)
                else:
                    async with self.locks.setdefault(room, asyncio.Lock()):
                        await self.storage.append(room, self.versions[room] + 1, _DRAW)
                        await self._broadcast(room, members)
        finally:
            if joined:
                members.remove(send)

    async def _broadcast(self, room: str, members: list[Any]) -> None:
        version = self.versions[room] = self.versions[room] + 1
        out = {"type": "websocket.send", "text": _state(version)}
        for member in members:
            try:
                await member(out)
            except Exception:
                pass


_DRAW: ActionJSON = {"type": "draw"}


def serve(port: int, append: Path | None = None) -> None:
    """Run the floor on 127.0.0.1:``port`` until SIGTERM."""
    import gc

    import uvicorn

    from ziehdomino.server.http.app import GC_THRESHOLDS, UVICORN_OPTIONS

    gc.set_threshold(*GC_THRESHOLDS)  # as ``ziehdomino serve`` runs
    uvicorn.run(FloorApp(append), host="127.0.0.1", port=port, log_level="warning", access_log=False, **UVICORN_OPTIONS)


if __name__ == "__main__":
    serve(int(sys.argv[1]), Path(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == "--append" else None)
