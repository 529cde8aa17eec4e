"""The live list "Offene Tische", kept by one listener of every writer and pushed to the start
pages watching (``GET /api/lobby/events``): work per change, not per viewer; encoded once per
``debounce``. With PostgreSQL it merges every process's tables, polled while someone watches
(docs/protocol.md, "Open tables"; docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson

from ..core.changes import Step
from ..core.roomstate import Clock
from ..core.writer import RoomWriter
from ..storage.tables import stored_open_tables
from .opentables import ListedTable, as_json, listing, listing_of_stored, ordered

if TYPE_CHECKING:
    from ..core.rooms import Rooms

log = logging.getLogger("ziehdomino.lobby")

#: Tables the list shows at most.
LIST_LIMIT = 50
#: Events waiting for one subscriber before the oldest are dropped (only the newest list matters).
QUEUE_SIZE = 4


def storage_tables(storage: object) -> Callable[[], Awaitable[list[ListedTable]]] | None:
    """The reader of every process's open tables (PostgreSQL), or None when this process holds every room."""
    if not hasattr(type(storage), "pool"):
        return None

    async def read() -> list[ListedTable]:
        pool = getattr(storage, "pool")  # noqa: B009 -- opened by the storage's start, after this reader was made
        found = [listing_of_stored(t) for t in await stored_open_tables(pool, 4 * LIST_LIMIT)]
        return [t for t in found if t is not None]

    return read


def list_change(old: list[ListedTable], new: list[ListedTable]) -> dict[str, Any] | None:
    """``{"gone", "put"}`` that takes a subscriber from ``old`` to ``new`` (docs/protocol.md,
    "Open tables"), or None when only the whole list can."""
    was = {t["room"]: t for t in old}
    now = {t["room"] for t in new}
    change: dict[str, Any] = {"gone": [r for r in was if r not in now],
                              "put": [[i, t] for i, t in enumerate(new) if was.get(t["room"]) != t]}
    return change if apply_list_change(old, change) == new else None


def apply_list_change(tables: list[Any], change: dict[str, Any]) -> list[Any] | None:
    """The list after ``change``, or None when a place is past its end (twin of
    ``web/lobby/open-tables.js``)."""
    gone = set(change["gone"]) | {t["room"] for _, t in change["put"]}
    out = [t for t in tables if t["room"] not in gone]
    for place, table in change["put"]:
        if not 0 <= place <= len(out):
            return None
        out.insert(place, table)
    return out


class Lobby:
    """The list of open tables and its subscribers; ``remote`` is polled every ``poll`` seconds
    while someone watches."""

    def __init__(self, *, debounce: float = 0.2, remote: Callable[[], Awaitable[list[ListedTable]]] | None = None,
                 poll: float = 1.5, clock: Clock = Clock()) -> None:
        self.debounce = debounce
        self.clock = clock
        self.now: Callable[[], float] = time.time  # the time now (unix s; tests move it on)
        self.remote = remote
        self.poll = poll
        self.own: dict[str, ListedTable] = {}
        self.others: dict[str, ListedTable] = {}
        self.subscribers: set[asyncio.Queue[bytes]] = set()
        self.pushes = 0  # lists encoded and queued (a figure for the benchmark)
        self._pending: asyncio.TimerHandle | None = None
        self._poller: asyncio.Task[None] | None = None
        self._listed: list[ListedTable] = []
        self._body = orjson.dumps(as_json([]))

    @classmethod
    def listening_to(cls, rooms: Rooms) -> Lobby:
        """The list of ``rooms``' open tables, listening to their writers."""
        lobby = cls(remote=storage_tables(rooms.storage), clock=rooms.clock)
        rooms.listeners.append(lobby)
        return lobby

    # --- the listener ----------------------------------------------------------------------------

    def changed(self, writer: RoomWriter, step: Step | None) -> None:
        """Recompute ``writer``'s line; mark the list dirty if it changed."""
        line = None if writer.deleted or writer.gone else listing(writer.room, clock=self.clock, now=self.now())
        self._put(writer.id, line)

    def forget(self, room_id: str) -> None:
        """The room ended or moved away: it leaves this process's list."""
        self._put(room_id, None)

    def _put(self, room_id: str, line: ListedTable | None) -> None:
        if self.own.get(room_id) == line:
            return
        if line is None:
            del self.own[room_id]
        else:
            self.own[room_id] = line
        self._dirty()

    # --- the list --------------------------------------------------------------------------------

    def tables(self) -> list[ListedTable]:
        """The list as shown: at most :data:`LIST_LIMIT` tables (:func:`.opentables.ordered`)."""
        merged = {**self.others, **self.own}
        return ordered(list(merged.values()), LIST_LIMIT)

    def body(self) -> bytes:
        """The list as JSON (``{"tables": [...]}``), as last encoded."""
        return self._body

    def waiting(self, size: int) -> list[ListedTable]:
        """This process's open tables of ``size`` seats waiting for people, the oldest first."""
        return [t for t in ordered(list(self.own.values()), len(self.own))
                if t["state"] == "waiting" and t["size"] == size and t["free"] > 0]

    def _dirty(self) -> None:
        if self._pending is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test outside one): encode at once
            self._flush()
            return
        self._pending = loop.call_later(self.debounce, self._flush)

    def _flush(self) -> None:
        self._pending = None
        tables = self.tables()
        body = orjson.dumps(as_json(tables))
        if body == self._body:
            return
        change = list_change(self._listed, tables)
        self._body, self._listed = body, tables
        self.pushes += 1
        whole = b"data: " + body + b"\n\n"
        event = whole if change is None else b"data: " + orjson.dumps(change) + b"\n\n"
        for queue in self.subscribers:
            if queue.full():
                # a slow reader: the whole list instead of the changes it has not read
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(whole)
            else:
                queue.put_nowait(event)

    # --- subscribers -----------------------------------------------------------------------------

    def subscribe(self) -> asyncio.Queue[bytes]:
        """A queue that gets the current list at once and every new one after it."""
        queue: asyncio.Queue[bytes] = asyncio.Queue(QUEUE_SIZE)
        queue.put_nowait(b"data: " + self._body + b"\n\n")
        self.subscribers.add(queue)
        if self.remote is not None and (self._poller is None or self._poller.done()):
            self._poller = asyncio.get_running_loop().create_task(self._poll())
        return queue

    def unsubscribe(self, queue: asyncio.Queue[bytes]) -> None:
        """Stop queueing lists for ``queue``."""
        self.subscribers.discard(queue)

    async def refresh(self) -> None:
        """Read the other processes' open tables from the shared storage once."""
        if self.remote is None:
            return
        try:
            found = await self.remote()
        except Exception as exc:  # the list waits for the next poll; the tables go on
            log.warning("reading the open tables failed: %r", exc)
            return
        others = {t["room"]: t for t in found if t["room"] not in self.own}
        if others != self.others:
            self.others = others
            self._dirty()

    async def _poll(self) -> None:
        while self.subscribers:
            await self.refresh()
            await asyncio.sleep(self.poll)

    def close(self) -> None:
        """Stop the pending push and the poller."""
        if self._pending is not None:
            self._pending.cancel()
        if self._poller is not None:
            self._poller.cancel()
