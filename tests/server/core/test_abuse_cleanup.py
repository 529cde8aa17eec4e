"""Cleanup that cannot be gamed: one address may hold only so many open rooms; abandoned rooms go;
a join or hello that races the cleanup never brings a deleted room back, not even after a restart."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
from tests.support.server import HOST, Client, ServerProcess, TIMEOUT, eventually, run

SPEC = {"seats": [{"kind": "person"}, {"kind": "person"}], "name": "Anna"}


def _create(srv: ServerProcess, address: str) -> httpx.Response:
    return httpx.post(srv.base + "/api/rooms", json=SPEC, headers={**srv.own_site, "x-forwarded-for": address}, timeout=TIMEOUT)


def _exists(srv: ServerProcess, room: str) -> bool:
    return httpx.get(f"{srv.base}/api/rooms/{room}", timeout=TIMEOUT).status_code == 200


def _stored(srv: ServerProcess, *rooms: str) -> set[str]:
    """Which of ``rooms`` are stored."""
    return {r for r in rooms if srv.stored_record(r) is not None}



def test_the_cap_on_one_addresss_rooms_counts_the_rooms_of_every_process(tmp_path: Path, postgres: Any) -> None:
    """Two processes on one PostgreSQL: an address's open rooms are counted once for both, so
    spreading creations over processes (as the proxy does) does not raise the cap."""
    dsn = postgres.new_database()
    flags = ["--max-rooms-per-address", "3", "--proxy", "127.0.0.1"]
    a = ServerProcess(tmp_path / "a", database=dsn, name="a", extra=flags).start()
    b = ServerProcess(tmp_path / "b", database=dsn, name="b", extra=flags).start()
    try:
        made = [_create(srv, "203.0.113.7") for srv in (a, b, a)]
        assert [m.status_code for m in made] == [201, 201, 201]
        for srv in (b, a):
            refused = _create(srv, "203.0.113.7")
            assert refused.status_code == 429 and refused.json()["code"] == "too_many_rooms"
        assert _create(b, "198.51.100.9").status_code == 201  # another address is not held back
    finally:
        a.stop()
        b.stop()

def test_thirty_rooms_from_one_address_then_cleanup_and_a_new_users_room(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    proxy = ["--proxy", "127.0.0.1"]  # X-Forwarded-For from loopback stands for other addresses
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--max-rooms-per-address", "20", *proxy]).start()
    try:
        answers = [_create(srv, "203.0.113.7") for _ in range(30)]
        made = [a.json()["room"] for a in answers if a.status_code == 201]
        refused = [a for a in answers if a.status_code != 201]
        assert len(made) == 20 and len(refused) == 10
        assert all(a.status_code == 429 and a.json()["code"] == "too_many_rooms" for a in refused)
        # another person is not held back by that address
        other = _create(srv, "198.51.100.9")
        assert other.status_code == 201
    finally:
        srv.stop()
    # The same data with an abandon time of 0.0005 h = 1.8 s (sweeps every 0.3 s): nobody ever
    # connected to those rooms, so they go, and the address may open rooms again.
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, port=srv.port,
                        extra=["--max-rooms-per-address", "20", *proxy, "--abandon-hours", "0.0005",
                               "--cleanup-interval", "0.3"]).start()
    try:
        run(eventually(lambda: not any(_exists(srv, r) for r in made), timeout=120))
        assert not _stored(srv, *made)
        assert _create(srv, "203.0.113.7").status_code == 201
    finally:
        srv.stop()


async def _slow_join(srv: ServerProcess, room: str) -> tuple[int, dict]:
    """A join whose body arrives only after the room was cleaned up; returns (status, body)."""
    reader, writer = await asyncio.open_connection(HOST, srv.port)
    body = json.dumps({"name": "Ben"}).encode()
    writer.write((f"POST /api/rooms/{room}/join HTTP/1.1\r\nHost: {HOST}:{srv.port}\r\n"
                  f"Origin: {srv.origin}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode())
    await writer.drain()
    await eventually(lambda: not _exists(srv, room), timeout=60)  # the cleanup took the room meanwhile
    writer.write(body)
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), TIMEOUT)
    writer.close()
    head, _, rest = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    if b"transfer-encoding: chunked" in head.lower():
        size, _, rest = rest.partition(b"\r\n")
        rest = rest[: int(size, 16)]
    return status, json.loads(rest)


def test_a_join_or_hello_racing_the_cleanup_never_brings_the_room_back(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    # the join's body waits for the cleanup (7.2 s): longer than a request may take by default
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend,
                        extra=["--abandon-hours", "0.002", "--cleanup-interval", "0.3", "--request-timeout", "60"]).start()
    try:
        joined = srv.create(["person", "person"])["room"]
        status, body = run(_slow_join(srv, joined))
        assert status == 404 and body["code"] == "room_not_found"
        greeted = srv.create(["person", "person"])

        async def slow_hello() -> int | None:
            # the socket is open before the cleanup; the hello comes after it
            c = Client(srv, greeted["room"], greeted["credential"])
            from websockets.asyncio.client import connect
            c.ws = await connect(srv.ws_url(greeted["room"]), origin=srv.origin, open_timeout=TIMEOUT, ping_interval=None)
            await eventually(lambda: not _exists(srv, greeted["room"]), timeout=60)
            await c.ws.send(json.dumps({"type": "hello", "credential": greeted["credential"]}))
            try:
                async for _ in c.ws:
                    pass
            except Exception:
                pass
            return c.ws.close_code
        assert run(slow_hello()) == 4404  # the room ended while the hello was on its way
        assert not _stored(srv, joined, greeted["room"])
        srv.kill()
        srv2 = ServerProcess(srv.data_dir, web_dir=web_dir, database=backend, port=srv.port).start()
        try:  # and not after a restart either
            assert not _exists(srv2, joined) and not _exists(srv2, greeted["room"])
            assert not _stored(srv2, joined, greeted["room"])
            assert httpx.post(f"{srv2.base}/api/rooms/{joined}/join", json={"name": "Ben"}, headers=srv2.own_site,
                              timeout=TIMEOUT).status_code == 404
        finally:
            srv2.stop()
    finally:
        srv.stop()


async def test_a_room_nobody_is_at_stops_counting_toward_the_cap_and_counts_again_when_someone_is_back(
        tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    """The cap counts rooms someone is at, or was within --limit-away: rooms left behind (a
    closed tab, a flood nobody opened) free the address after that time, on either storage."""
    proxy = ["--proxy", "127.0.0.1"]
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend,
                        extra=["--max-rooms-per-address", "2", "--limit-away", "1.5", *proxy]).start()
    try:
        first, second = (_create(srv, "203.0.113.7").json() for _ in range(2))
        assert _create(srv, "203.0.113.7").status_code == 429  # both new rooms count at once

        anna = await Client(srv, first["room"], first["credential"]).open()
        await anna.wait_state(lambda s: True)  # Anna is at her first room's table
        await asyncio.sleep(2.0)  # the second room, which nobody opened, stops counting
        third = _create(srv, "203.0.113.7")
        assert third.status_code == 201, third.text
        refused = _create(srv, "203.0.113.7")  # Anna's room and the third count
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_rooms"
        assert "Meine Räume" in refused.json()["message"]
        # Anna closed her page: after the time, nothing counts any more
        run(eventually(lambda: _create(srv, "203.0.113.7").status_code == 201, timeout=30))
        assert _exists(srv, second["room"])  # a room that stops counting is not ended
    finally:
        srv.stop()
