"""Rooms in SQLite, committed on a writer thread of their own (group commits) before anything
is announced; rows, WAL and the folder's lock as docs/protocol.md, "Storage and restarts" says.
WAL with ``synchronous=NORMAL``: a commit survives SIGKILL; a power cut may lose the last ones.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...engine.actions import ActionJSON
from ...engine.replay import RoundRecord
from .contract import LostCallback
from .errors import StorageUnavailable
from ..protocol.wire import RoundRating
from .profiles_sqlite import SqliteProfiles, rate_round
from .rating import Rated
from .record import (AppendedRow, RoomRecord, StateFields, StoredRoomState, decode_record, dumps, encode_record,
                     encode_round, read_rounds)
from .schema import migrate_sqlite

log = logging.getLogger("ziehdomino.storage")

DB_NAME = "rooms.sqlite3"
#: The file whose exclusive lock says which process uses the folder.
LOCK_NAME = "rooms.lock"
#: Bytes the WAL file may reach before the writer checkpoints and truncates it.
WAL_LIMIT = 2 * 2**20
#: Jobs the writer commits in one transaction at most.
MAX_BATCH = 64
#: Seconds between two background checkpoints.
CHECKPOINT_EVERY = 1.0



def _open(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")
    return db


def _unusable(data_dir: Path, exc: BaseException) -> StorageUnavailable:
    return StorageUnavailable(f"cannot write the data folder {data_dir} or its files ({exc}): make them writable "
                              f"for the user running the server, or choose another folder with --data")


def read_room(data_dir: Path, room_id: str) -> RoomRecord | None:
    """One room as stored, with its finished rounds, read-only (for tests and tools)."""
    db = sqlite3.connect(f"file:{data_dir / DB_NAME}?mode=ro", uri=True, timeout=30)
    try:
        row = db.execute("SELECT id, created, updated, seats, match, in_progress, room FROM rooms WHERE id = ?",
                         (room_id,)).fetchone()
        if row is None:
            return None
        appended = db.execute("SELECT version, action, state FROM actions WHERE room = ? ORDER BY version",
                              (room_id,)).fetchall()
        rounds = db.execute("SELECT record, rating FROM rounds WHERE room = ? ORDER BY n", (room_id,)).fetchall()
    finally:
        db.close()
    record = decode_record(row, appended)
    read_rounds(record, rounds)
    return record


#: One step of a transaction: a statement with its arguments, or work on the connection.
_Statement = tuple[str, tuple[Any, ...]] | Callable[[sqlite3.Connection], None]
_Job = tuple[list[_Statement], "asyncio.Future[None]"]


class SqliteStorage:
    """The :class:`~.contract.RoomStorage` of one process in ``DB_NAME`` of a data folder; built
    (taking the folder's lock), then :meth:`load_all`, :meth:`start`, :meth:`close`.

    Raises:
        StorageUnavailable: the folder cannot be written, or another process holds its lock.
        sqlite3.Error: from a write that failed (nothing of it is stored).
    """

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / DB_NAME
        self.where = str(self.path)
        if data_dir.exists() and not data_dir.is_dir():
            raise StorageUnavailable(f"the data folder {data_dir} is a file, not a folder: choose a folder with --data")
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
            self._lock = os.open(data_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise _unusable(data_dir, exc) from None
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self._lock)
            raise StorageUnavailable(f"another ziehdomino process uses the data folder {data_dir}: stop it, or "
                                     "choose another folder with --data (several processes need --database)") from None
        # SQLite makes these beside a WAL file; a refused start removes those it made.
        sides = [Path(f"{self.path}{suffix}") for suffix in ("-wal", "-shm")]
        made = [side for side in sides if not side.exists()]
        db: sqlite3.Connection | None = None
        try:
            db = _open(self.path)
            # A folder or file we may read but not write fails here, with a write that changes
            # nothing: SQLite opens a file it may not write read-only, and reads succeed.
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            db.execute(f"PRAGMA user_version = {version}")
            migrate_sqlite(db)
        except (OSError, sqlite3.Error) as exc:
            if db is not None:
                db.close()
            for side in made:
                side.unlink(missing_ok=True)
            os.close(self._lock)
            raise _unusable(data_dir, exc) from None
        self._db = db
        self.profiles = SqliteProfiles(self.path)  # the same file, a connection of its own
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._stopping = threading.Event()
        self._writer: threading.Thread | None = None
        self._checkpointer: threading.Thread | None = None
        self._written = 0  # jobs written since the WAL's size was last checked
        self._failing = False  # the last batch of writes failed (a full or failing disk)

    async def load_all(self) -> list[RoomRecord]:
        """Every stored room, with its finished rounds (before the first write)."""
        appended: dict[str, list[AppendedRow]] = {}
        for room, version, action, state in self._db.execute(
                "SELECT room, version, action, state FROM actions ORDER BY room, version"):
            appended.setdefault(room, []).append((version, action, state))
        rows = self._db.execute("SELECT id, created, updated, seats, match, in_progress, room FROM rooms").fetchall()
        records = {r[0]: decode_record(r, appended.get(r[0], [])) for r in rows}
        rounds: dict[str, list[tuple[str, str | None]]] = {}
        for room, text, rating in self._db.execute("SELECT room, record, rating FROM rounds ORDER BY room, n"):
            rounds.setdefault(room, []).append((text, rating))
        for room, rows in rounds.items():
            if room in records:
                read_rounds(records[room], rows)
        return list(records.values())

    async def start(self, on_lost: LostCallback | None = None) -> None:
        """Start the writer and checkpoint threads (``on_lost`` is never called)."""
        self._writer = threading.Thread(target=self._write_loop, name="ziehdomino-writer", daemon=True)
        self._writer.start()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="ziehdomino-checkpoint", daemon=True)
        self._checkpointer.start()

    async def save(self, record: RoomRecord, finished: RoundRecord | None = None,
                   rated: Rated | None = None) -> RoundRating | None:
        """Write ``record`` whole with a round that just ``finished`` (of a ``rated`` table: rated
        too), in one transaction; the round's rating as stored."""
        statements: list[_Statement] = [(_INSERT, encode_record(record)), (_DROP_ACTIONS, (record.id,))]
        rating: list[RoundRating | None] = [None]
        if finished is not None and rated is not None:
            def rate(db: sqlite3.Connection) -> None:  # run again alone should its batch fail
                rating[0] = rate_round(db, record.id, finished, rated, record.updated)
            statements.append(rate)
        elif finished is not None:
            statements.append((_INSERT_ROUND, encode_round(record.id, finished)))
        await self._commit(statements)
        return rating[0]

    async def append(self, room_id: str, version: int, action: ActionJSON,
                     state: StateFields | None = None) -> None:
        """Append one action and the room fields it set; returns once committed."""
        await self._commit([(_APPEND, (room_id, version, dumps(action), None if state is None else dumps(state)))])

    async def save_state(self, room_id: str, updated: float, room: StoredRoomState) -> None:
        """:meth:`.contract.RoomStorage.save_state`."""
        await self._commit([(_SAVE_STATE, (updated, dumps(room), room_id))])

    async def delete(self, room_ids: list[str]) -> None:
        """Delete these rooms; returns once committed."""
        statements: list[_Statement] = []
        for i in range(0, len(room_ids), 500):
            chunk = tuple(room_ids[i:i + 500])
            marks = ",".join("?" * len(chunk))
            statements += [(f"DELETE FROM rooms WHERE id IN ({marks})", chunk),
                           (f"DELETE FROM rounds WHERE room IN ({marks})", chunk),
                           (f"DELETE FROM actions WHERE room IN ({marks})", chunk)]
        await self._commit(statements)

    def _commit(self, statements: list[_Statement]) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self._writer is None or self._stopping.is_set():
            self._run(statements)  # before start / after close: on this thread (start-up, tests)
            future.set_result(None)
        else:
            self._jobs.put((statements, future))
        return future

    def _run(self, statements: list[_Statement]) -> None:
        """Run ``statements`` in one transaction; roll back and raise on failure. A single
        statement runs in autocommit, saving the GIL hand-offs of BEGIN and COMMIT."""
        if len(statements) == 1 and isinstance(statements[0], tuple):
            self._db.execute(*statements[0])
            return
        self._db.execute("BEGIN")
        try:
            for statement in statements:
                if isinstance(statement, tuple):
                    self._db.execute(*statement)
                else:
                    statement(self._db)
            self._db.execute("COMMIT")
        except sqlite3.Error:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise

    def _write_loop(self) -> None:
        """The writer thread: the jobs queued meanwhile in one transaction (each WAL page written
        once), answered in one wake-up of the loop; a failed batch is run again job by job, so
        one bad write fails alone."""
        while True:
            job = self._jobs.get()
            batch: list[_Job] = []
            stop = job is None
            while job is not None:
                batch.append(job)
                if len(batch) >= MAX_BATCH:
                    break
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                stop = job is None
            if batch:
                done = self._run_batch(batch)
                self._failing = any(exc is not None for _, exc in done)
                _resolve_soon(done)
                self._written += len(batch)
                if self._written >= 64:
                    self._written = 0
                    self._bound_wal()
            if stop:
                return

    def _run_batch(self, batch: list[_Job]) -> list[tuple[asyncio.Future[None], BaseException | None]]:
        """Commit ``batch`` (one transaction for all, or one each should that fail); every job's answer."""
        if len(batch) > 1:
            try:
                self._run([statement for statements, _ in batch for statement in statements])
            except sqlite3.Error:
                pass  # rolled back: each on its own below
            else:
                return [(future, None) for _, future in batch]
        done: list[tuple[asyncio.Future[None], BaseException | None]] = []
        for statements, future in batch:
            try:
                self._run(statements)
                done.append((future, None))
            except sqlite3.Error as exc:
                log.error("storing failed: %r", exc)
                done.append((future, exc))
        return done

    def _bound_wal(self) -> None:
        """Checkpoint and truncate the WAL once it is past :data:`WAL_LIMIT` (on the writer thread)."""
        try:
            if os.path.getsize(f"{self.path}-wal") > WAL_LIMIT:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except (OSError, sqlite3.Error) as exc:
            log.warning("checkpoint failed: %r", exc)

    async def claim(self, room_id: str) -> RoomRecord | None:
        """None: this one process already holds every stored room."""
        return None

    def forget(self, room_id: str) -> None:
        """Nothing to do: no other process may take a room."""

    async def release(self, room_id: str) -> None:
        """Nothing to do: no other process may take a room."""

    async def ask_release(self, room_id: str) -> None:
        """Nothing to do: no other process holds a room."""

    async def delete_unheld(self, before: float) -> list[str]:
        """Nothing: this process holds every room, so its own cleanup sees them all."""
        return []

    async def rooms_opened_by(self, creator: str, since: float) -> int | None:
        """None: this process holds every room, so its own count is the whole count."""
        return None

    async def healthy(self) -> bool:
        """False while writes fail (the last batch failed: a full or failing disk), else True."""
        return not self._failing

    async def serving(self) -> bool:
        """True: no other process could serve the rooms instead (a proxy's check, for PostgreSQL)."""
        return True

    async def close(self) -> None:
        """Finish the queued writes, stop the threads, checkpoint, close, release the lock."""
        self._stopping.set()
        if self._writer is not None:
            self._jobs.put(None)
            self._writer.join(timeout=30)
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=30)
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self._db.close()
        self.profiles.close()
        os.close(self._lock)

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, timeout=0.1)
        try:
            while not self._stopping.wait(CHECKPOINT_EVERY):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as exc:
                    log.warning("checkpoint failed: %r", exc)
        finally:
            db.close()


def _resolve_soon(done: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    """Hand the answers of a batch of commits back to the event loop in one wake-up."""
    loop = done[0][0].get_loop()
    try:
        loop.call_soon_threadsafe(_resolve, done)
    except RuntimeError:  # the loop is closed: nobody waits any more
        pass


def _resolve(done: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for future, exc in done:
        if future.done():
            continue
        if exc is None:
            future.set_result(None)
        else:
            future.set_exception(exc)


_INSERT = ("INSERT OR REPLACE INTO rooms (id, created, updated, seats, match, in_progress, room) "
           "VALUES (?, ?, ?, ?, ?, ?, ?)")
_SAVE_STATE = "UPDATE rooms SET updated = ?, room = ? WHERE id = ?"
_DROP_ACTIONS = "DELETE FROM actions WHERE room = ?"
_APPEND = "INSERT INTO actions (room, version, action, state) VALUES (?, ?, ?, ?)"
_INSERT_ROUND = ("INSERT INTO rounds (room, n, record) VALUES (?, ?, ?) "
                 "ON CONFLICT (room, n) DO UPDATE SET record = excluded.record")
