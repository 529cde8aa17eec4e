"""The rules floor for ``bench server``: the durable floor that also plays the game by its rules.

Each room is a four-seat :class:`~ziehdomino.engine.Match`; a socket of ``/ws/{room}`` takes the
seat its hello names. Under the room's lock an ``action`` is applied by the engine, appended
through our :class:`~ziehdomino.server.storage.sqlite.SqliteStorage` (the commit awaited) and every
seat sent its view by our :class:`~ziehdomino.server.protocol.messages.StateEncoder`; a
``next_round`` from all four deals, saves and sends; a refusal is answered with an ``error``.
Nothing of a room besides: no names, presence, clocks, validation library or rate limits, so
what our server costs above it is the room's machinery.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any, cast

import orjson

from ziehdomino.engine import Match, Refusal, action_to_json, match_to_state, parse_action
from ziehdomino.server.protocol.messages import StateEncoder
from ziehdomino.server.storage import RoomRecord

from .floor import FloorApp

SEATS = 4


class _Table:
    """One room of the rules floor."""

    __slots__ = ("id", "match", "senders", "ready", "lock", "stored", "encoder")

    def __init__(self, room_id: str) -> None:
        self.id = room_id
        self.match = Match(SEATS)
        self.encoder = StateEncoder()
        self.stored = False  # the first deal is saved before any seat sees it
        self.senders: dict[int, Any] = {}
        self.ready: set[int] = set()
        self.lock = asyncio.Lock()

    def texts(self, seats: list[int]) -> dict[int | None, str]:
        """Each of ``seats``' ``state`` message."""
        return self.encoder.texts(self.id, [], self.match, [*seats])


class RulesFloorApp(FloorApp):
    """The ASGI app of the rules floor; ``append``: its SQLite folder."""

    def __init__(self, append: Path) -> None:
        super().__init__(append)
        self.tables: dict[str, _Table] = {}

    async def _socket(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        room = scope["path"].rsplit("/", 1)[-1]
        seat: int | None = None
        table: _Table | None = None
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    return
                msg = orjson.loads(message.get("text") or message.get("bytes") or b"null")
                if seat is None:
                    seat = int(msg["seat"])
                    table = self.tables.setdefault(room, _Table(room))
                    async with table.lock:
                        if not table.stored:
                            await self._save(table)
                            table.stored = True
                        table.senders[seat] = send
                        await send({"type": "websocket.send", "text": table.texts([seat])[seat]})
                    continue
                assert table is not None
                async with table.lock:
                    await self._handle(table, seat, msg, send)
        finally:
            if seat is not None:
                self.tables[room].senders.pop(seat, None)

    async def _handle(self, table: _Table, seat: int, msg: dict[str, Any], send: Any) -> None:
        match = table.match
        try:
            if msg["type"] == "action":
                action = parse_action(msg["action"])
                match.apply(seat, action, version=msg["version"])
                assert self.storage is not None
                await self.storage.append(table.id, match.version, action_to_json(action))
            elif msg["type"] == "next_round":
                if match.round.result is None:
                    raise Refusal("round_not_over", "the current round is still being played")
                table.ready.add(seat)
                if len(table.ready) < SEATS:
                    return
                table.ready.clear()
                match.next_round()
                await self._save(table)
            else:
                return
        except Refusal as exc:
            error = orjson.dumps({"type": "error", "code": exc.code, "message": exc.message}).decode()
            await send({"type": "websocket.send", "text": error})
            await send({"type": "websocket.send", "text": table.texts([seat])[seat]})
            return
        texts = table.texts(list(table.senders))
        for member_seat, member in list(table.senders.items()):
            try:
                await member({"type": "websocket.send", "text": texts[member_seat]})
            except Exception:
                pass

    async def _save(self, table: _Table) -> None:
        """Store the whole match before its new deal is announced."""
        assert self.storage is not None
        now = time.time()
        match = table.match
        await self.storage.save(RoomRecord(table.id, now, now, [], match_to_state(match), match.round.result is None))


def serve(port: int, append: Path) -> None:
    """Run the rules floor on 127.0.0.1:``port`` until SIGTERM, storing into ``append``."""
    import gc

    import uvicorn

    from ziehdomino.server.http.app import GC_THRESHOLDS, UVICORN_OPTIONS

    gc.set_threshold(*GC_THRESHOLDS)  # as ``ziehdomino serve`` runs
    uvicorn.run(RulesFloorApp(append), host="127.0.0.1", port=port, log_level="warning", access_log=False,
                **UVICORN_OPTIONS)


if __name__ == "__main__":
    serve(int(sys.argv[1]), Path(sys.argv[2]))
