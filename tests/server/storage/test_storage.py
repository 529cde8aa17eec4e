"""The two storages: SQLite refuses a second process; PostgreSQL fences every write by owner,
epoch and version, takes rooms only when free, expired or abandoned, and lets go when asked."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from tests.support.server import HOST, ServerProcess, free_port
from tests.support.storages import claim_when_free, fetch, started, storage
from tests.support.tcpproxy import PausableProxy

from ziehdomino.server.storage.ownership import Fence
from ziehdomino.server.storage.schema import migrations
from ziehdomino.server.storage.postgres import read_room as read_postgres
from ziehdomino.server.storage import RoomBusy, RoomMoved
from ziehdomino.server.storage import RoomRecord


def test_a_second_process_on_the_same_folder_is_refused(tmp_path: Path, web_dir: Path) -> None:
    with ServerProcess(tmp_path / "data", web_dir=web_dir).running() as srv:
        second = subprocess.run([sys.executable, "-m", "ziehdomino.cli", "serve", "--host", HOST, "--port",
                                 str(free_port()), "--data", str(tmp_path / "data")],
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "another ziehdomino process uses the data folder" in lines[0], second.stderr
        srv.create(["person", "person"])  # the first one serves on
    with srv.successor(port=None).running():  # the lock went with the process
        pass


def _record(room_id: str, note: str) -> RoomRecord:
    return RoomRecord(room_id, 1.0, 2.0, [{"kind": "person", "level": None, "name": note, "credential_hash": None}],
                      None, False)


async def _row(dsn: str, room_id: str) -> Any:
    (row,) = await fetch(dsn, "SELECT owner, epoch, version, seats FROM rooms WHERE id = $1", room_id)
    return row


async def test_fenced_ownership_on_postgresql(postgres: Any) -> None:
    dsn = postgres.new_database()
    lost: dict[str, list[tuple[str, bool]]] = {"a": [], "b": []}

    def on_lost(who: str) -> Any:
        async def cb(room_id: str, release: bool) -> None:
            lost[who].append((room_id, release))
        return cb

    room = "R" * 22
    async with started(dsn, "a", "b", on_lost=on_lost) as (a, b):
        await a.save(_record(room, "first"))
        await a.save(_record(room, "second"))
        row = await _row(dsn, room)
        assert (row["owner"], row["epoch"], row["version"]) == (a.ownership.owner, 1, 2)
        with pytest.raises(RoomBusy):  # a is alive and renews: b may not take it
            await b.claim(room)
        assert await b.claim("N" * 22) is None  # no such room

        # a hangs: it stops renewing; once its lease ran out (database clock) b takes the room
        assert a.ownership._task is not None
        a.ownership._task.cancel()
        rec, waited = await claim_when_free(b, room, within=10)
        assert rec is not None and rec.seats[0]["name"] == "second"
        assert waited > 1.0  # not before the lease ran out
        row = await _row(dsn, room)
        assert (row["owner"], row["epoch"]) == (b.ownership.owner, 2)

        # a's late write: refused before it is sent, since its lease may have run out by a's clock
        with pytest.raises(RoomMoved):
            await a.save(_record(room, "late"))
        assert (a.ownership.given_up, a.ownership.refused) == (1, 0)
        # sent all the same (as when a's clock said the lease still held at the send, or a
        # stalled between that check and the send): the database's fence refuses it, it is
        # counted, and it changes nothing
        a.ownership.fences[room] = Fence(1, 2, 0, time.monotonic() + 60)
        with pytest.raises(RoomMoved):
            await a.save(_record(room, "late"))
        assert a.ownership.refused == 1
        await b.save(_record(room, "third"))
        row = await _row(dsn, room)
        assert row["version"] == 3 and "third" in row["seats"]

        # b is asked to let go (NOTIFY) and writes the room free; a takes it at once
        await a.ask_release(room)
        deadline = time.monotonic() + 10
        while not lost["b"]:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        assert lost["b"] == [(room, True)]
        await b.release(room)
        assert (await a.claim(room)) is not None
        row = await _row(dsn, room)
        assert (row["owner"], row["epoch"]) == (a.ownership.owner, 3)
        # b's renewal does not bring it back; b's write is refused
        await b.ownership.renew()
        with pytest.raises(RoomMoved):
            await b.save(_record(room, "b again"))

        # a's lease session ends (the process died): b takes the room without waiting for the lease
        c = storage(dsn, "c", lease=600.0)
        await c.start(on_lost("a"))
        other = "O" * 22
        await c.save(_record(other, "c's"))
        with pytest.raises(RoomBusy):
            await b.claim(other)
        assert c.ownership._conn is not None
        c.ownership._task.cancel()  # type: ignore[union-attr]
        c.ownership._conn.terminate()
        claimed, _ = await claim_when_free(b, other, within=5)  # an abandoned lease session frees its rooms
        assert claimed is not None
        c.pool.terminate()  # c died: its connections are gone


async def test_migrations_are_applied_once_in_order(postgres: Any) -> None:
    dsn = postgres.new_database()
    names = [name for _, name, _ in migrations("postgresql")]
    assert names and names == sorted(names) and names[0].startswith("0001_")
    async with started(dsn, "one", "two", together=True):  # at the same time: applied once
        rows = await fetch(dsn, "SELECT version, name FROM schema_migrations ORDER BY version")
        assert [r["name"] for r in rows] == names


async def test_appended_actions_and_room_states_are_fenced_folded_in_and_settled_on_postgresql(postgres: Any) -> None:
    dsn = postgres.new_database()

    async def count_actions(room_id: str) -> int:
        (row,) = await fetch(dsn, "SELECT count(*) AS n FROM actions WHERE room = $1", room_id)
        return int(row["n"])
    room = "A" * 22
    draw, play = {"type": "draw"}, {"type": "play", "tile": "1|2", "end": "left"}
    record = _record(room, "x")
    record.match = {"deal": "kept", "actions": [], "version": 1}
    async with started(dsn, "a", "b") as (a, b):
        await a.save(record)
        await a.append(room, 2, draw)
        await a.append(room, 3, play)
        stored = await read_postgres(dsn, room)
        assert stored is not None and stored.match == {"deal": "kept", "actions": [draw, play], "version": 3}
        record.match = stored.match
        await a.save(record)  # written whole: the appended rows are folded in
        assert await count_actions(room) == 0
        assert (await read_postgres(dsn, room)).match == stored.match  # type: ignore[union-attr]
        await a.save_state(room, 3.0, {"ready": [True]})  # the room's own state alone, fenced
        again = await read_postgres(dsn, room)
        assert again is not None and again.room == {"ready": [True]} and again.updated == 3.0
        assert again.match == stored.match and again.seats == record.seats

        assert a.ownership._task is not None
        a.ownership._task.cancel()  # a hangs; b takes the room once the lease ran out
        claimed, _ = await claim_when_free(b, room, within=10)
        assert claimed is not None
        with pytest.raises(RoomMoved):  # a's late append is refused and writes nothing
            await a.append(room, 4, draw)
        assert await count_actions(room) == 0
        with pytest.raises(RoomMoved):  # so is a late write of its own state
            await a.save_state(room, 4.0, {"ready": [False]})
        assert (await read_postgres(dsn, room)).room == {"ready": [True]}  # type: ignore[union-attr]

        fence = b.ownership.fences[room]
        fence.uncertain = True  # an unknown outcome that did not happen: the next append goes ahead
        await b.append(room, 4, draw)
        assert not fence.uncertain and await count_actions(room) == 1
        fence.version -= 1  # an unknown outcome that did happen: the room is given up, nothing written
        fence.uncertain = True
        with pytest.raises(RoomMoved):
            await b.append(room, 5, play)
        assert room not in b.ownership.fences and await count_actions(room) == 1
        assert (await b.claim(room)) is not None  # and read again from the database


async def _saved_with_a_draw(a: Any, room: str) -> dict[str, Any]:
    """Store a new room ``room`` through the started storage ``a`` and append one draw to it
    (the match at version 2); returns the draw."""
    draw = {"type": "draw"}
    record = _record(room, "x")
    record.match = {"deal": "kept", "actions": [], "version": 1}
    await a.save(record)
    await a.append(room, 2, draw)
    return draw


async def test_writes_go_on_after_the_database_closed_their_connections(postgres: Any) -> None:
    """The fenced writes keep connections of their own (lanes): when the database ends those
    sessions (a restart, an operator), the next write goes through a fresh connection; if it
    was sent on the closed one first, it fails, nothing of it is stored, and the one after goes
    through."""
    dsn = postgres.new_database()
    async def nothing(room_id: str, release: bool) -> None:
        return None
    a = storage(dsn, "a", lease=600.0)
    await a.start(nothing)
    room = "L" * 22
    try:
        draw = await _saved_with_a_draw(a, room)
        admin = await asyncpg.connect(dsn)
        try:  # every session of a's pool and lanes (not its lease session)
            ended = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> $1",
                a.ownership.owner)
        finally:
            await admin.close()
        assert ended >= 1
        try:
            await a.append(room, 3, draw)
        except Exception:  # sent on the closed connection
            await a.append(room, 3, draw)  # settled (the failed one was not stored), then written
        stored = await read_postgres(dsn, room)
        assert stored is not None and stored.match == {"deal": "kept", "actions": [draw, draw], "version": 3}
    finally:
        await a.close()


async def test_a_slow_write_waits_for_as_long_as_renewals_keep_its_lease(postgres: Any) -> None:
    """A write slower than its lease had left when it was sent (an overloaded machine, a lock)
    goes on waiting while the lease is renewed meanwhile, and is stored; before, it was cut off
    at the lease's end as it stood when the write began, and the player was told
    ``server_error`` although the room was still held. Here the writes' connections go through
    a proxy that holds them for twice the lease, while the renewals go straight to the
    database."""
    lease = 2.0
    dsn = postgres.new_database()
    proxy = PausableProxy(postgres.port).start()
    through = dsn.replace(f":{postgres.port}/", f":{proxy.port}/")
    try:
        async def nothing(room_id: str, release: bool) -> None:
            return None
        a = storage(through, "a", lease=lease)
        a.ownership.dsn = dsn  # the lease's own session is not held up
        await a.start(nothing)
        room = "W" * 22
        try:
            draw = await _saved_with_a_draw(a, room)
            await asyncio.to_thread(proxy.pause)

            async def resume_later() -> None:
                await asyncio.sleep(2 * lease)
                await asyncio.to_thread(proxy.resume)
            resuming = asyncio.create_task(resume_later())
            sent = time.monotonic()
            await a.append(room, 3, draw)
            waited = time.monotonic() - sent
            await resuming
            assert waited >= 1.5 * lease, f"the write came back after {waited:.2f} s, while the proxy held it"
            assert a.ownership.given_up == 0 and room in a.ownership.fences
            stored = await read_postgres(dsn, room)
            assert stored is not None and stored.match == {"deal": "kept", "actions": [draw, draw], "version": 3}
        finally:
            await asyncio.to_thread(proxy.resume)
            await a.close()
    finally:
        proxy.stop()


async def test_the_database_away_shorter_than_the_lease_keeps_rooms_longer_gives_them_up(postgres: Any) -> None:
    """A process whose renewal fails keeps its rooms while their leases cannot have run out
    (the proxy's check passes, writes fail), renews again once the database is back and writes
    on; when the database stays away past the lease, the rooms are reported lost (without
    writing) and the check fails. Stops the session's PostgreSQL twice."""
    dsn = postgres.new_database()
    lost: list[tuple[str, bool]] = []

    async def on_lost(room_id: str, release: bool) -> None:
        lost.append((room_id, release))
    lease = 8.0  # well above the short outage (a stop, 1 s, a start), also on a busy machine
    a = storage(dsn, "a", lease=lease)
    await a.start(on_lost)
    room = "T" * 22
    draw = {"type": "draw"}
    record = _record(room, "x")
    record.match = {"deal": "kept", "actions": [], "version": 1}

    async def append_soon(version: int) -> None:  # the first write may go out on a connection the restart closed
        for attempt in range(5):
            try:
                await a.append(room, version, draw)
                return
            except RoomMoved:
                raise
            except Exception:
                await asyncio.sleep(0.2)
        raise AssertionError("the write did not go through once the database was back")
    try:
        await a.save(record)
        await asyncio.sleep(1.3)  # renewed once at least
        down = time.monotonic()
        await asyncio.to_thread(postgres.stop)
        try:
            with pytest.raises(Exception):  # noqa: B017 -- whatever asyncpg raises: the write fails
                await a.append(room, 2, draw)
            assert not await a.healthy() and await a.serving()
            await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - down)))
        finally:
            await asyncio.to_thread(postgres.start)
        assert time.monotonic() - down < lease - 1.5, "the outage took too long for this test"
        await append_soon(2)
        await asyncio.sleep(1.5)  # renewed again: the lease runs from now
        assert lost == [] and room in a.ownership.fences and await a.healthy()
        (row,) = await fetch(dsn, "SELECT owner, epoch, lease_until > now() AS valid FROM rooms WHERE id = $1", room)
        assert (row["owner"], row["epoch"], row["valid"]) == (a.ownership.owner, 1, True)
        stored = await read_postgres(dsn, room)
        assert stored is not None and stored.match == {"deal": "kept", "actions": [draw], "version": 2}

        down = time.monotonic()
        await asyncio.to_thread(postgres.stop)
        try:
            deadline = down + lease + 15  # a generous ceiling: how soon is the benchmarks' matter
            while not lost:
                assert time.monotonic() < deadline, "the room was not given up after the lease"
                await asyncio.sleep(0.05)
            given_up = time.monotonic() - down
            assert lost == [(room, False)] and room not in a.ownership.fences
            assert a.ownership.given_up == 1  # counted as a room whose write would have been given up
            assert lease - 1.5 < given_up, given_up  # not before its lease could have run out
            assert not await a.serving()
        finally:
            await asyncio.to_thread(postgres.start)
    finally:
        await a.close()


async def test_a_process_is_within_its_lease_from_the_start(postgres: Any) -> None:
    """A room claimed before the first renewal tick is within its lease: the proxy's check
    passes from the start, so a database that goes away in the process's first second does
    not take it out of service."""
    dsn = postgres.new_database()
    async def on_lost(room_id: str, release: bool) -> None:
        pass
    a = storage(dsn, "a", lease=5.0)
    await a.start(on_lost)
    try:
        await a.save(_record("W" * 22, "x"))
        assert a.ownership.within_lease
    finally:
        await a.close()


async def test_a_lease_session_cut_off_while_it_subscribes_is_ended(postgres: Any, monkeypatch: Any) -> None:
    """The renewal loop reconnects after an outage; when that is cancelled (the process
    closing) or fails after the connection opened but before it listens for hand-back
    requests, the half-made session is ended at once, not left open for the garbage
    collector (where it was an unclosed-connection warning and a session that held a
    database slot)."""
    dsn = postgres.new_database()
    from ziehdomino.server.storage.ownership import Ownership
    subscribing = asyncio.Event()

    async def hangs(self: Any, channel: str, callback: Any) -> None:
        subscribing.set()
        await asyncio.Event().wait()
    monkeypatch.setattr(asyncpg.Connection, "add_listener", hangs)

    async def sessions(owner: str) -> int:
        (row,) = await fetch(dsn, "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1", owner)
        return int(row["n"])
    own = Ownership(dsn, "a", 5.0)
    connecting = asyncio.create_task(own._connect())
    await asyncio.wait_for(subscribing.wait(), 10)
    assert await sessions(own.owner) == 1
    connecting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await connecting
    assert not own.connected
    for _ in range(50):  # the server notices the closed socket within moments
        if await sessions(own.owner) == 0:
            break
        await asyncio.sleep(0.1)
    assert await sessions(own.owner) == 0


async def test_a_first_renewal_that_fails_ends_the_lease_session(postgres: Any, monkeypatch: Any) -> None:
    """Starting renews once right after the lease session opens; when that renewal fails, the
    start fails and the session is ended, not left open for the garbage collector."""
    dsn = postgres.new_database()
    from ziehdomino.server.storage.ownership import Ownership

    async def fails(self: Any) -> None:
        raise OSError("the database went away")
    monkeypatch.setattr(Ownership, "renew", fails)

    async def on_lost(room_id: str, release: bool) -> None:
        pass
    own = Ownership(dsn, "a", 5.0)
    with pytest.raises(OSError):
        await own.start(on_lost)
    assert not own.connected
    for _ in range(50):  # the server notices the closed socket within moments
        (row,) = await fetch(dsn, "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1",
                             own.owner)
        if row["n"] == 0:
            break
        await asyncio.sleep(0.1)
    assert row["n"] == 0


async def test_a_bad_write_in_a_group_commit_fails_alone(tmp_path: Path) -> None:
    """Writes queued while the writer waits go in one transaction; one of them that fails (an
    action stored twice) is refused on its own, and the others of that batch are stored."""
    import sqlite3

    from ziehdomino.server.storage.sqlite import SqliteStorage as Storage, read_room
    store = Storage(tmp_path)
    await store.start()
    room = "G" * 22
    record = RoomRecord(room, 0.0, 0.0, [{"kind": "person", "level": None, "name": "a", "credential_hash": None}],
                        {"deal": "kept", "actions": [], "version": 1}, True, room={})
    await store.save(record)
    blocker = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # the writer's next commit waits for this one
    try:
        draw = {"type": "draw"}
        first = asyncio.ensure_future(store.append(room, 2, draw))
        await asyncio.sleep(0.3)  # the writer took it and waits for the lock
        batch = [asyncio.ensure_future(store.append(room, v, draw)) for v in (3, 3, 4)]
        await asyncio.sleep(0.1)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    await first
    answers = await asyncio.gather(*batch, return_exceptions=True)
    assert answers[0] is None and answers[2] is None, answers
    assert isinstance(answers[1], sqlite3.IntegrityError), answers
    await store.close()
    stored = read_room(tmp_path, room)
    assert stored is not None and stored.match == {"deal": "kept", "actions": [draw] * 3, "version": 4}


async def test_sqlite_storage_is_unhealthy_while_its_writes_fail(tmp_path: Path) -> None:
    """``/api/health`` asks ``healthy()``: false from a failed write until a write succeeds
    (a full or failing disk, a file that stopped being writable)."""
    import sqlite3

    from ziehdomino.server.storage.sqlite import SqliteStorage as Storage
    store = Storage(tmp_path)
    await store.start()
    room = "H" * 22
    await store.save(RoomRecord(room, 0.0, 0.0, [], {"deal": "kept", "actions": [], "version": 1}, True, room={}))
    draw = {"type": "draw"}
    await store.append(room, 2, draw)
    assert await store.healthy()
    with pytest.raises(sqlite3.IntegrityError):
        await store.append(room, 2, draw)  # the same version again: refused by the table
    assert not await store.healthy()
    await store.append(room, 3, draw)
    assert await store.healthy()
    await store.close()
