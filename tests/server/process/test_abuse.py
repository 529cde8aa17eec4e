"""Attacks from outside against a real server process: each must be refused cheaply and quietly."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import pytest
from tests.support.server import HOST, Client, ServerProcess, run, seated_room

from ziehdomino.bench.wsclient import frame

#: The room's rules and the protocol, the same on either storage: SQLite only (conftest.py).
BACKENDS = ("sqlite",)


def _raw_socket(server: ServerProcess, room: str, *, extra_headers: str = "") -> socket.socket:
    """A WebSocket to ``room`` opened by hand (so that frames the libraries refuse can be sent)."""
    s = socket.create_connection((HOST, server.port), timeout=30)
    s.sendall((f"GET /ws/{room} HTTP/1.1\r\nHost: {HOST}:{server.port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               f"Sec-WebSocket-Version: 13\r\nOrigin: {server.origin}\r\n{extra_headers}\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head[:200]
    return s


# --- messages over the size limit ------------------------------------------------------------------


async def test_too_large_counts_against_the_message_limit(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--ws-rate", "5"]).start()
    try:
        room, creds = seated_room(srv, ["person", "person"])
        a = await Client(srv, room, creds[0]).open()
        await a.wait_state(lambda s: True)
        states_before = len(a.states)
        for _ in range(40):
            await a.send("x" * 5000)
        await a.wait_for(lambda c: len(c.errors) >= 40)
        too_large = sum(e["code"] == "too_large" for e in a.errors)
        limited = sum(e["code"] == "rate_limited" for e in a.errors)
        assert too_large <= 6 and limited >= 34, (too_large, limited)
        # a state per answered refusal at most (waiting states merge), none for the limited ones
        assert 1 <= len(a.states) - states_before <= too_large
        assert a.closed_code is None
    finally:
        srv.stop()


# --- malformed frames ------------------------------------------------------------------------------


def test_invalid_utf8_frames_log_at_most_one_short_line(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    try:
        room, creds = seated_room(srv, ["person", "person"])
        before = srv.log()
        for _ in range(30):
            s = _raw_socket(srv, room)
            s.sendall(frame(json.dumps({"type": "hello", "credential": creds[0]}).encode()))
            s.sendall(frame(b'{"type":"ping","x":"\xff\xfe"}'))
            s.settimeout(10)
            try:
                while s.recv(65536):
                    pass
            except OSError:
                pass
            s.close()
        assert httpx.get(srv.base + "/api/health", timeout=30).status_code == 200
        time.sleep(0.5)
        new = srv.log()[len(before):]
        lines = [ln for ln in new.splitlines() if ln.strip()]
        assert "Traceback" not in new
        assert len(lines) <= 1, lines
        assert all(len(ln) <= 200 for ln in lines), lines
    finally:
        srv.stop()


@pytest.mark.parametrize("access_log", [False, True], ids=["quiet", "access-log"])
def test_websocket_handshakes_write_a_line_each_only_with_the_access_log(tmp_path: Path, web_dir: Path,
                                                                        access_log: bool) -> None:
    """uvicorn writes INFO lines per WebSocket (the handshake, "connection open") whatever its
    access log says: at the default level, every tab opened (or a flood of sockets) was a line."""
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir,
                        extra=["--log-level", "info", *(["--access-log"] if access_log else [])]).start()
    try:
        room, creds = seated_room(srv, ["person", "person"])
        before = srv.log()
        for _ in range(10):
            s = _raw_socket(srv, room)
            s.sendall(frame(json.dumps({"type": "hello", "credential": creds[0]}).encode()))
            s.close()
        assert httpx.get(srv.base + "/api/health", timeout=30).status_code == 200
        time.sleep(0.5)
        new = srv.log()[len(before):].splitlines()
        handshakes = [ln for ln in new if '"WebSocket /ws/' in ln]
        opened = [ln for ln in new if ln.endswith("connection open")]
        assert (len(handshakes), len(opened)) == ((10, 10) if access_log else (0, 0)), new
    finally:
        srv.stop()


def test_invalid_http_requests_and_upgrades_log_at_most_one_short_line_each(tmp_path: Path, web_dir: Path) -> None:
    """Garbage instead of HTTP, and WebSocket upgrades without a key, each wrote one uvicorn
    line per request (a WARNING, an INFO): a flood of them filled the log."""
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    try:
        room, _ = seated_room(srv, ["person", "person"])
        before = srv.log()
        requests = [b"GARBAGE\r\n\r\n",
                    (f"GET /ws/{room} HTTP/1.1\r\nHost: {HOST}:{srv.port}\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()]
        answers = set()
        for _ in range(40):
            for request in requests:
                with socket.create_connection((HOST, srv.port), timeout=10) as s:
                    s.sendall(request)
                    answers.add(s.recv(64).split(b"\r\n")[0])
        assert answers == {b"HTTP/1.1 400 Bad Request"}, answers
        assert httpx.get(srv.base + "/api/health", timeout=30).status_code == 200
        time.sleep(0.5)
        lines = [ln for ln in srv.log()[len(before):].splitlines() if ln.strip()]
        assert len(lines) <= 2, lines  # one per kind at most
        assert all(len(ln) <= 200 for ln in lines), lines
    finally:
        srv.stop()


# --- probing for rooms, connection floods ---------------------------------------------------------


def test_lookups_and_joins_of_unknown_rooms_are_rate_limited(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--miss-rate", "60"]).start()
    try:
        with httpx.Client(base_url=srv.base, headers=srv.own_site, timeout=30) as http:
            codes = [http.get(f"/api/rooms/{'a' * 20}{i:04d}").status_code for i in range(200)]
            assert codes[0] == 404 and 429 in codes, codes[-5:]
            assert codes.index(429) <= 61
            r = http.post(f"/api/rooms/{'b' * 20}0000/join", json={"name": "Ben"})
            assert r.status_code == 429 and r.headers["retry-after"].isdigit()
    finally:
        srv.stop()


def test_room_pages_of_unknown_rooms_are_rate_limited(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    """The room page and a round's page count unknown rooms like the API (the same per-address
    count): probing ids through /r/{id} ends in 429 with Retry-After, and the API is refused too."""
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--miss-rate", "60"]).start()
    try:
        room, _ = seated_room(srv, ["person", "person"])
        with httpx.Client(base_url=srv.base, headers=srv.own_site, timeout=30) as http:
            codes = [http.get(f"/r/{'d' * 20}{i:04d}").status_code for i in range(40)]
            codes += [http.get(f"/r/{'e' * 20}{i:04d}/runde/1").status_code for i in range(40)]
            assert codes[0] == 404 and codes[40] == 404, codes[:3]
            assert 429 in codes and codes.index(429) <= 61, codes[55:65]
            r = http.get(f"/r/{'f' * 20}0000")
            assert r.status_code == 429 and r.headers["retry-after"].isdigit()
            assert "text/html" in r.headers["content-type"] and "Zu viele Anfragen" in r.text
            assert http.get(f"/api/rooms/{'g' * 20}0000").status_code == 429  # one count for pages and API
            assert http.get(f"/api/rooms/{'g' * 20}0000/runden").status_code == 429
            assert http.get(f"/r/{room}").status_code == 200  # a known room is no miss and still served
    finally:
        srv.stop()


async def test_websocket_connects_to_unknown_rooms_are_rate_limited(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--miss-rate", "60"]).start()
    try:
        codes = []
        for i in range(120):
            c = await Client(srv, f"{'c' * 20}{i:04d}").open()
            codes.append(await c.wait_closed())
            await c.close()
        assert codes[0] == 4404 and 4429 in codes, codes[-5:]
    finally:
        srv.stop()


async def test_connections_per_address_are_limited(tmp_path: Path, web_dir: Path, backend: str | None) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, database=backend, extra=["--max-sockets-per-address", "50"]).start()
    try:
        room, creds = seated_room(srv, ["person", "person"])

        clients = [await Client(srv, room).open() for _ in range(60)]
        await asyncio.sleep(1.0)
        closed = [c.closed_code for c in clients if c.closed_code is not None]
        assert len(closed) >= 10 and set(closed) == {4429}, closed
        # a seat can still come in once sockets are freed
        for c in clients[:20]:
            await c.close()
        a = await Client(srv, room, creds[0]).open()
        await a.wait_state(lambda s: s["view"] is not None)
    finally:
        srv.stop()


# --- forwarded addresses --------------------------------------------------------------------------


def test_forwarded_for_is_ignored_unless_the_proxy_is_named(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, extra=["--http-rate", "5"]).start()
    try:
        codes = [httpx.post(srv.base + "/api/rooms", json={"seats": [{"kind": "person"}] * 2, "name": "A"},
                            headers={**srv.own_site, "x-forwarded-for": f"10.0.0.{i}"}, timeout=30).status_code for i in range(10)]
        assert codes[:5] == [201] * 5 and codes[5:] == [429] * 5, codes
    finally:
        srv.stop()
    srv = ServerProcess(tmp_path / "data2", web_dir=web_dir, extra=["--http-rate", "5", "--proxy", "127.0.0.1"]).start()
    try:
        codes = [httpx.post(srv.base + "/api/rooms", json={"seats": [{"kind": "person"}] * 2, "name": "A"},
                            headers={**srv.own_site, "x-forwarded-for": f"10.0.0.{i}"}, timeout=30).status_code for i in range(10)]
        assert codes == [201] * 10, codes  # each forwarded address has its own window
    finally:
        srv.stop()


# --- names that render blank or hide text ---------------------------------------------------------


@pytest.mark.parametrize("name", [
    "\u3164", "\u115f", "\uffa0", "\u2800", "\u3164\u3164 ", "\u0301", "\u0301Ben",
    "Ben\U000e0041\U000e0042", "\U000e0001Ben", "B\U000e007fen", "e" + "\u0301" * 23,
    "Be\u2800n", "A\u3164B", "\ufffc", "\u303f", "\U0001d159" * 24, "\ue000", "Kim\U000f0000",
    "Anna\ufff9hidden\ufffax\ufffb", "A\u206aB", "A\U0001d173B", "A\U0001bca0B", "A\U00013430B",
])
def test_names_that_render_blank_or_hide_text_are_refused(server: ServerProcess, name: str) -> None:
    r = httpx.post(server.base + "/api/rooms", json={"seats": [{"kind": "person"}] * 2, "name": name},
                   headers=server.own_site, timeout=30)
    assert r.status_code == 422 and r.json()["code"] == "invalid_name", (name, r.text)


@pytest.mark.parametrize("name", ["Зоя", "Αnna", "pаypal", "Zoë", "e\u0301\u0302", "محمد", "李小龍", "\U0001fae8 Kim",
                                  "Ka\u00adrl", "👩\u200d💻 Ada"])
def test_mixed_script_and_plain_names_are_accepted(server: ServerProcess, name: str) -> None:
    r = httpx.post(server.base + "/api/rooms", json={"seats": [{"kind": "person"}] * 2, "name": name},
                   headers=server.own_site, timeout=30)
    assert r.status_code == 201, r.text


# --- the debug endpoint ---------------------------------------------------------------------------


def test_debug_metrics_bad_since_is_422(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, extra=["--debug-metrics"]).start()
    try:
        for since in ["²", "-1", "x", "1e3", "9" * 40]:
            r = httpx.get(srv.base + "/api/debug/metrics", params={"since": since}, timeout=30)
            assert r.status_code == 422 and r.json()["code"] == "bad_request", (since, r.status_code)
        r = httpx.get(srv.base + "/api/debug/metrics", params={"since": "0"}, timeout=30)
        assert r.status_code == 200 and r.json()["samples"] == []
    finally:
        srv.stop()


# --- a read-only data folder ----------------------------------------------------------------------


@pytest.mark.parametrize("read_only", ["folder", "file"])
def test_read_only_data_folder_is_one_clear_line(tmp_path: Path, read_only: str) -> None:
    """A folder that cannot be written, or a writable folder whose rooms file cannot (SQLite
    then opens it read-only: it started, looked healthy, and failed every write)."""
    top = Path(tempfile.mkdtemp(prefix="zd-ro-"))
    try:
        os.chmod(top, 0o755)
        data = top / "data"
        data.mkdir()
        if read_only == "file":
            from ziehdomino.server.storage.sqlite import DB_NAME, SqliteStorage as Storage

            run(Storage(data).close())  # a rooms file as a server leaves it
            os.chmod(data, 0o777)
            os.chmod(data / DB_NAME, 0o444)
        else:
            os.chmod(data, 0o555)
        # root writes anywhere: without CAP_DAC_OVERRIDE it is held to the folder's mode like anyone
        drop = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"] if os.geteuid() == 0 else []
        proc = subprocess.run([*drop, sys.executable, "-m", "ziehdomino.cli", "serve", "--host", HOST, "--port", "0",
                               "--data", str(data)], capture_output=True, text=True, timeout=60, cwd=str(top))
        assert proc.returncode == 2, (proc.returncode, proc.stderr)
        lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1, proc.stderr
        assert "Traceback" not in proc.stderr
        assert str(data) in lines[0] and "writ" in lines[0] and "--data" in lines[0], lines[0]
        # nothing is left behind: SQLite's side files, made read-only like the rooms file, kept
        # the next start refused after the operator had made the rooms file writable
        assert sorted(p.name for p in data.iterdir()) == (["rooms.lock", "rooms.sqlite3"] if read_only == "file" else [])
    finally:
        shutil.rmtree(top, ignore_errors=True)


def test_a_data_folder_that_is_a_file_is_one_clear_line(tmp_path: Path) -> None:
    data = tmp_path / "notes.txt"
    data.write_text("not a folder")
    proc = subprocess.run([sys.executable, "-m", "ziehdomino.cli", "serve", "--host", HOST, "--port", "0",
                           "--data", str(data)], capture_output=True, text=True, timeout=60, cwd=str(tmp_path))
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert str(data) in lines[0] and "not a folder" in lines[0] and "--data" in lines[0], lines[0]
    assert data.read_text() == "not a folder"


# --- a stalled disk --------------------------------------------------------------------------------


async def test_a_stalled_commit_stalls_only_the_room_that_writes(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    try:
        writing, wcreds = seated_room(srv, ["person", "person"])
        other, ocreds = seated_room(srv, ["person", "person"])

        a = await Client(srv, writing, wcreds[0]).open()
        b = await Client(srv, writing, wcreds[1]).open()
        o = await Client(srv, other, ocreds[0]).open()
        v = (await a.wait_state(lambda s: s["view"] is not None))["view"]
        await o.wait_state(lambda s: s["view"] is not None)
        await b.wait_state(lambda s: s["view"] is not None)  # its first state may come after a's on a busy machine
        turn = a if v["turn"] == 0 else b
        mine = (await turn.wait_state(lambda s: s["view"]["version"] == v["version"]))["view"]
        # Another process holds the database's write lock: every commit waits, as on a frozen disk.
        db = sqlite3.connect(srv.data_dir / "rooms.sqlite3", isolation_level=None, timeout=30)
        db.execute("BEGIN IMMEDIATE")
        released = threading.Event()
        try:
            await turn.send({"type": "action", "version": v["version"], "action": mine["legal"][0]})
            await asyncio.sleep(0.3)
            # the lock is held until the end of this block, and a store waits up to 30 s for
            # it: what answers within 20 s waited on nothing stored
            async with httpx.AsyncClient(timeout=20) as http:
                assert (await http.get(srv.base + "/api/health")).status_code == 200
                assert (await http.get(f"{srv.base}/api/rooms/{other}")).status_code == 200
            await o.send({"type": "ping"})
            await o.wait_for(lambda c: any(f[1]["type"] == "pong" for f in c.frames), timeout=20)
            spectator = await Client(srv, other).open()
            await spectator.wait_state(lambda s: s["view"] is not None, timeout=20)
            # commit before push: nobody has seen the action while it is not stored
            assert a.view["version"] == v["version"] and b.view["version"] == v["version"]
        finally:
            db.execute("ROLLBACK")
            db.close()
            released.set()
        await a.wait_state(lambda s: s["view"]["version"] == v["version"] + 1)
        _, match = srv.stored(writing)
        assert match is not None and match["version"] == v["version"] + 1
    finally:
        srv.stop()


# --- the write-ahead log -------------------------------------------------------------------------


async def test_the_wal_stays_bounded_while_rooms_play(tmp_path: Path, web_dir: Path) -> None:
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir).start()
    wal = srv.data_dir / "rooms.sqlite3-wal"
    try:
        rooms = [seated_room(srv, ["person", "person"]) for _ in range(4)]

        async def play(room: str, creds: dict[int, str], actions: int) -> None:
            players = {s: await Client(srv, room, c).open() for s, c in creds.items()}
            done = 0
            while done < actions:
                first = players[0]
                await first.wait_state(lambda s: s["view"] is not None)
                view = first.view
                assert view is not None
                if view["result"] is not None:  # the ready step: every person at the table asks
                    for p in players.values():
                        await p.send({"type": "next_round", "version": view["version"]})
                else:
                    p = players[view["turn"]]
                    mine = await p.wait_state(lambda s: s["view"]["version"] == view["version"])
                    await p.send({"type": "action", "version": view["version"], "action": mine["view"]["legal"][0]})
                await first.wait_state(lambda s: s["view"]["version"] > view["version"])
                done += 1

        peak = 0

        task = asyncio.gather(*(play(r, c, 400) for r, c in rooms))
        while not task.done():
            if wal.exists():
                peak = max(peak, wal.stat().st_size)
            await asyncio.sleep(0.05)
        await task
        # The writer truncates past 2 MiB and checkpoints every second; a second of whole-row
        # writes (the turn clock rewrites the room each turn) can add a little over 1 MiB on a
        # busy machine. Unbounded, these 1,600 actions leave about 12 MiB.
        assert peak <= 4 * 2**20, f"the WAL grew to {peak / 2**20:.1f} MiB"
    finally:
        srv.stop()
