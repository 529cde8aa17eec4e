"""Rooms in SQLite (stdlib ``sqlite3``), written by one thread off the event loop.

Write before you announce (ARCHITECTURE.md, idea 4): a room's writer awaits :meth:`Storage.save`,
which returns only once the row is committed; only then is anything sent. A row holds the seats
(names, kinds, credential hashes) and the match in the engine's storage form
(:func:`ziehdomino.engine.match_to_state`: the current round's deal with the boneyard order,
plus every accepted action), so a restart replays each room to exactly where it was.

Saves from many rooms that arrive together are committed in one transaction (group commit),
in as few SQLite statements as possible.
The database runs in WAL mode with ``synchronous=NORMAL``: a commit survives the process
being killed (SIGKILL) at any moment; a power cut may lose the last commits. Checkpoints (the
only step that waits for the disk) run on a second thread and connection every few seconds,
so a slow disk never holds up a commit.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("ziehdomino.storage")

DB_NAME = "rooms.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,      -- unix seconds
    updated REAL NOT NULL,      -- unix seconds of the last stored change
    seats TEXT NOT NULL,        -- JSON: [{"kind", "level", "name", "credential_hash"}, ...]
    match TEXT,                 -- JSON: match_to_state(match), NULL before the first round
    in_progress INTEGER NOT NULL  -- 1 while a round is being played
);
"""


@dataclass(slots=True)
class RoomRecord:
    """One stored room.

    Attributes:
        id: the room id.
        created, updated: unix seconds.
        seats: per seat ``{"kind": "person"|"computer", "level": str|None, "name": str|None,
            "credential_hash": hex str|None}``.
        match: the engine's storage form, or None before the first round.
        in_progress: a round is being played (such a room is never cleaned up).
    """

    id: str
    created: float
    updated: float
    seats: list[dict[str, Any]]
    match: dict[str, Any] | None
    in_progress: bool


_STOP = object()


class Storage:
    """The SQLite file ``DB_NAME`` in a data directory, with one writer thread.

    Build it, :meth:`load_all` the rooms, then :meth:`start` the writer; :meth:`close` at shutdown.
    """

    def __init__(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.path = data_dir / DB_NAME
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._db.executescript(_SCHEMA)
        self._stopping = threading.Event()
        self._checkpointer: threading.Thread | None = None
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def load_all(self) -> list[RoomRecord]:
        """Every stored room (call before :meth:`start`)."""
        rows = self._db.execute("SELECT id, created, updated, seats, match, in_progress FROM rooms").fetchall()
        return [RoomRecord(r[0], r[1], r[2], json.loads(r[3]), None if r[4] is None else json.loads(r[4]), bool(r[5]))
                for r in rows]

    def start(self) -> None:
        """Start the writer thread."""
        self._thread = threading.Thread(target=self._run, name="ziehdomino-sqlite", daemon=True)
        self._thread.start()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="ziehdomino-checkpoint", daemon=True)
        self._checkpointer.start()

    async def save(self, record: RoomRecord) -> None:
        """Insert or replace ``record``; returns once it is committed.

        Raises:
            sqlite3.Error: the write failed (nothing of it is stored).
        """
        row = (record.id, record.created, record.updated, json.dumps(record.seats, separators=(",", ":")),
               None if record.match is None else json.dumps(record.match, separators=(",", ":")),
               int(record.in_progress))
        await self._submit(("save", row))

    async def delete(self, room_ids: list[str]) -> None:
        """Delete these rooms; returns once committed."""
        if room_ids:
            await self._submit(("delete", room_ids))

    async def _submit(self, op: tuple[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._queue.put((op, loop, fut))
        await fut

    def close(self) -> None:
        """Finish pending writes, stop the thread, close the file."""
        self._stopping.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=30)
        if self._thread is not None:
            self._queue.put(_STOP)
            self._thread.join(timeout=30)
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self._db.close()

    def _checkpoints(self, every: float = 3.0) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            while not self._stopping.wait(every):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as exc:
                    log.warning("checkpoint failed: %s", exc)
        finally:
            db.close()

    def _run(self) -> None:
        while True:
            batch = [self._queue.get()]
            while len(batch) < 512:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            stop = any(item is _STOP for item in batch)
            items = [item for item in batch if item is not _STOP]
            if items:
                self._write(items)
            if stop:
                return

    def _write(self, items: list[Any]) -> None:
        """Commit ``items`` in one transaction, then wake each waiting loop once.

        All saves of a batch go in one multi-row ``INSERT OR REPLACE`` (rows in order, so the
        last save of a room wins): every SQLite step releases the GIL and must win it back from
        the event loop, so fewer steps mean a shorter wait for the commit.
        """
        error: BaseException | None = None
        rows = [arg for (kind, arg), _, _ in items if kind == "save"]
        deletes = [(i,) for (kind, arg), _, _ in items if kind == "delete" for i in arg]
        try:
            self._db.execute("BEGIN")
            for start in range(0, len(rows), _ROWS_PER_STATEMENT):
                chunk = rows[start:start + _ROWS_PER_STATEMENT]
                self._db.execute(_INSERT + ",".join([_ROW] * len(chunk)), [v for row in chunk for v in row])
            if deletes:
                self._db.executemany("DELETE FROM rooms WHERE id = ?", deletes)
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            log.error("storing %d changes failed: %s", len(items), exc)
            error = exc
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        by_loop: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
        for _, loop, fut in items:
            by_loop.setdefault(loop, []).append(fut)
        for loop, futures in by_loop.items():
            try:
                loop.call_soon_threadsafe(_settle_all, futures, error)
            except RuntimeError:  # that loop is closed: nobody waits any more
                pass


_INSERT = "INSERT OR REPLACE INTO rooms VALUES "
_ROW = "(?, ?, ?, ?, ?, ?)"
_ROWS_PER_STATEMENT = 128  # 768 variables, well under SQLite's limit


def _settle_all(futures: list[asyncio.Future[None]], error: BaseException | None) -> None:
    for fut in futures:
        _settle(fut, error)


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(sqlite3.OperationalError(str(error)))
