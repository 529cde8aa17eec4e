"""Idle connections cannot starve the server (server/process/gate.py): a deadline for every request, a
cap of connections per address, room kept for new users, the open-file limit raised.

The flood comes from another loopback address (127.0.0.2, a client's source address: nothing
listens there), the new user from 127.0.0.1, as two clients would.
"""

from __future__ import annotations

import resource
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.server import Client, HOST, ServerProcess, on_own_thread

from ziehdomino.constants import MAX_CONNECTIONS_PER_ADDRESS
from ziehdomino.server.process import gate

FLOODER = "127.0.0.2"

@pytest.fixture(autouse=True)
def _enough_files_here() -> None:
    """This test process opens over a thousand sockets itself."""
    gate.raise_open_file_limit()


def _flood(port: int, n: int, source: str = FLOODER) -> list[socket.socket]:
    """``n`` connections from ``source`` that send nothing."""
    out = []
    for _ in range(n):
        s = socket.socket()
        s.bind((source, 0))
        s.connect((HOST, port))
        out.append(s)
    return out


def _still_open(socks: list[socket.socket]) -> int:
    """How many of ``socks`` the server has not closed (no end of stream, no reset)."""
    n = 0
    for s in socks:
        s.setblocking(False)
        try:
            while s.recv(65536):  # whatever was answered, read to the end of what came
                pass
        except BlockingIOError:
            n += 1
        except OSError:
            pass
    return n


def _soft_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no open-file limit in /proc")


def _new_user(base: str) -> float:
    """Seconds a new user (127.0.0.1, a fresh connection) takes to open a room and load its page."""
    start = time.monotonic()
    with httpx.Client(base_url=base, headers={"origin": base}, timeout=30) as http:
        made = http.post("/api/rooms", json={"seats": [{"kind": "person"}] * 2, "name": "Neu"})
        assert made.status_code == 201, made.text
        assert http.get(made.json()["link"]).status_code == 200
    return time.monotonic() - start


def _close_all(socks: list[socket.socket]) -> None:
    for s in socks:
        s.close()


def test_idle_connections_from_one_address_cannot_starve_a_new_user(tmp_path: Path, web_dir: Path, figures: Any) -> None:
    """The audit's attack: 1,100 connections that never send a request, against a process
    started with 256 open files and a hard limit of 1,024, with the default limits. The process
    lifts its limit to 1,024, keeps no more than its cap (256) from that address (the rest closed unread), a new user's room is
    made meanwhile, and every idle connection is closed once the request deadline
    (5 s) passes; so are a head and a body that trickle in."""
    per_address = MAX_CONNECTIONS_PER_ADDRESS  # the default
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, open_files=(256, 1024),
                        extra=["--max-connections-per-address", str(per_address)]).start()
    flood: list[socket.socket] = []
    slow: list[socket.socket] = []
    try:
        assert _soft_limit(srv.proc.pid) == 1024  # type: ignore[union-attr]
        slow = _flood(srv.port, 2, "127.0.0.3")
        slow[0].sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # a head that never ends
        slow[1].sendall(f"POST /api/rooms HTTP/1.1\r\nHost: {HOST}:{srv.port}\r\nOrigin: {srv.origin}\r\n"
                        "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{".encode())  # a body likewise
        flood = _flood(srv.port, 1100)
        took = _new_user(srv.base)
        # Served while the flood is held: a starved server, whose accept queue is stuck, would
        # answer only once the request deadline closed the idle connections. How soon is a figure.
        held = _still_open(flood)
        assert 0 < held <= per_address, held
        assert _still_open(slow) == 2  # not yet: each has 5 s
        figures.append(f"gate: 1,100 idle connections from one address, {held} held (cap {per_address}), "
                       f"a new user's room and page in {took * 1000:.0f} ms")
        deadline = time.monotonic() + 60
        while (_still_open(flood) or _still_open(slow)) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _still_open(flood) == 0 and _still_open(slow) == 0
        assert "closed 1 new connection(s) unread since the last such line (this one from 127.0.0.2" in srv.log()
    finally:
        _close_all(flood + slow)
        srv.stop()


def test_addresses_under_their_cap_cannot_fill_the_room_kept_for_new_users(tmp_path: Path, web_dir: Path,
                                                                           figures: Any) -> None:
    """Where the open-file limit cannot be raised (300 of 300) and no per-address cap holds,
    idle connections fill the process only up to its reserve: a new user still gets in."""
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, open_files=(300, 300)).start()
    flood: list[socket.socket] = []
    try:
        rules = gate.Gate(open_files=300, per_address=100000, request_timeout=5)
        flood = _flood(srv.port, 400)
        took = _new_user(srv.base)
        held = _still_open(flood)  # still held: the new user did not wait for the request deadline
        assert 0 < held <= rules.capacity - rules.reserve, held
        figures.append(f"gate: 400 idle connections against 300 open files: {held} held (capacity "
                       f"{rules.capacity}, {rules.reserve} kept), a new user's room and page in {took * 1000:.0f} ms")
    finally:
        _close_all(flood)
        srv.stop()


def test_a_websocket_and_a_finished_request_give_their_place_back(tmp_path: Path, web_dir: Path) -> None:
    """Connections are counted until they close, whichever protocol holds them last: with a cap
    of 3, twenty WebSockets and twenty requests one after the other all get through."""
    srv = ServerProcess(tmp_path / "data", web_dir=web_dir, extra=["--max-connections-per-address", "3"]).start()
    try:
        room = srv.create(["person", "person"])["room"]

        async def sockets() -> None:
            for _ in range(20):
                c = await Client(srv, room).open()
                assert (await c.wait_state(lambda st: True))["room"]["room"] == room
                await c.close()

        for _ in range(20):
            with httpx.Client(base_url=srv.base, timeout=30) as http:
                assert http.get(f"/api/rooms/{room}").status_code == 200
        on_own_thread(sockets())
    finally:
        srv.stop()


def test_the_gate_counts_and_refuses() -> None:
    """The rules without a server: the cap per address, the reserve, the capacity, the proxy."""

    class Peer:
        def __init__(self, address: str) -> None:
            self.address = address

        def get_extra_info(self, name: str) -> object:
            return (self.address, 1234) if name == "peername" else None

    rules = gate.Gate(open_files=gate.FILES_KEPT_FREE + 100, per_address=40, request_timeout=5,
                      exempt=frozenset({"10.0.0.1"}))
    assert (rules.capacity, rules.reserve) == (100, 10)

    def admitted(address: str, n: int) -> list[bool]:
        return [rules.admit(Peer(address)) for _ in range(n)]  # type: ignore[arg-type]

    a = [Peer("1.1.1.1") for _ in range(41)]
    assert [rules.admit(p) for p in a] == [True] * 40 + [False]  # type: ignore[arg-type]
    assert admitted("2.2.2.2", 40) == [True] * 40
    # 80 held: the last 10 are kept for addresses that hold fewer than SMALL (8)
    assert admitted("3.3.3.3", 12) == [True] * 10 + [False] * 2
    assert admitted("4.4.4.4", 1) == [True]
    assert admitted("10.0.0.1", 10) == [True] * 9 + [False]  # the proxy: up to the capacity
    assert rules.total == 100 and admitted("5.5.5.5", 1) == [False]
    for p in a[:40]:
        rules.release(p)  # type: ignore[arg-type]
        rules.release(p)  # type: ignore[arg-type]  # a second release of one connection changes nothing
    rules.release(a[40])  # type: ignore[arg-type]  # never admitted
    assert rules.total == 60 and "1.1.1.1" not in rules.held and admitted("1.1.1.1", 1) == [True]
    assert rules.refused == 1 + 2 + 1 + 1
