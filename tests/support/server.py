"""Helpers for the server tests: a real server process, HTTP calls, WebSocket clients, the leak oracle.

Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
import json
import os
import re
import resource
import signal
import socket
import sqlite3
import ssl
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from ziehdomino.cluster import processes
from ziehdomino.engine import parse_action, round_from_position
from ziehdomino.server.protocol.deltas import apply_delta
from ziehdomino.server.storage import RoomRecord
from ziehdomino.server.storage.sqlite import read_room

HOST = "127.0.0.1"
TIMEOUT = 60.0  # generous: other engineers run tests on the same two cores


#: What a test's server allows, as ``Settings`` fields (a process gets them as its options): no
#: limit in a test's way, and computers that move at once.
NO_LIMITS: dict[str, Any] = {
    "http_rate": 100000, "ws_rate": 10000, "miss_rate": 100000, "ws_connect_rate": 100000,
    "max_sockets_per_address": 100000, "max_connections_per_address": 100000, "max_rooms_per_address": 100000,
    "max_open_seats_per_address": 100000, "computer_delay": 0.0,
}


def free_port() -> int:
    """A loopback port that was free a moment ago (another process may take it before we bind:
    :meth:`ServerProcess.start` then tries another one)."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class _PortTaken(Exception):
    """The server could not bind its port: another process took it first."""


class ServerProcess:
    """``ziehdomino serve`` as a child process on a free loopback port."""

    def __init__(self, data_dir: Path, *, web_dir: Path | None = None, extra: list[str] | None = None,
                 port: int | None = None, database: str | None = None, name: str | None = None,
                 open_files: tuple[int, int] | None = None, tls: ssl.SSLContext | None = None,
                 module: str = "ziehdomino.cli", env: dict[str, str] | None = None) -> None:
        self.data_dir = data_dir
        # the module run as ``python -m`` (a test's patched server runs its own, then the CLI)
        self.module = module
        self.env = dict(env or {})
        self.tls = tls  # a server (a proxy) reached by https and wss, trusted through this context
        self.open_files = open_files  # (soft, hard) RLIMIT_NOFILE the process starts with
        self.database = database
        self.name = name
        self.web_dir = web_dir
        self.extra = list(extra or [])
        # A port of our choosing may be taken by a test running beside this one (pytest-xdist)
        # between free_port() and the server's bind: the first start then moves to another.
        self._may_move = port is None
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = data_dir.parent / f"server-{self.port}.log"

    @property
    def base(self) -> str:
        return f"{'https' if self.tls else 'http'}://{HOST}:{self.port}"

    @property
    def origin(self) -> str:
        return self.base

    @property
    def verify(self) -> ssl.SSLContext | bool:
        """httpx's ``verify`` for this server."""
        return self.tls or True

    @property
    def own_site(self) -> dict[str, str]:
        """The header a page of this server sends with every request that changes something
        (the server refuses such a request without it, as a browser's from another site)."""
        return {"origin": self.origin}

    def ws_url(self, room: str) -> str:
        return f"{'wss' if self.tls else 'ws'}://{HOST}:{self.port}/ws/{room}"

    def start(self, *extra: str) -> ServerProcess:
        """Starts the server and waits until ``/api/health`` answers; returns ``self``.

        Raises RuntimeError when it exits early (its log in the message) or is not up within
        :data:`TIMEOUT` seconds."""
        for _ in range(5):
            try:
                return self._start(*extra)
            except _PortTaken:
                self.port = free_port()
                self.log_path = self.data_dir.parent / f"server-{self.port}.log"
        raise RuntimeError("no free loopback port in five tries")

    def _start(self, *extra: str) -> ServerProcess:
        limits = [arg for name, value in NO_LIMITS.items() for arg in ("--" + name.replace("_", "-"), f"{value:g}")]
        args = [sys.executable, "-m", self.module, "serve", "--host", HOST, "--port", str(self.port),
                "--data", str(self.data_dir), "--log-level", "warning", *limits, *self.extra, *extra]
        if self.database is not None:
            args += ["--database", self.database]
        if self.name is not None:
            args += ["--name", self.name]
        if self.web_dir is not None:
            args += ["--web", str(self.web_dir)]
        log = open(self.log_path, "ab")
        limits = self.open_files
        start = None if limits is None else (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, limits))
        self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env},
                                     preexec_fn=start)
        log.close()
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                text = self.log_path.read_text(errors="replace")
                if self._may_move and "address already in use" in text.lower():
                    raise _PortTaken(self.port)
                raise RuntimeError(f"server exited early:\n{text}")
            try:
                if httpx.get(self.base + "/api/health", timeout=2).status_code == 200 and self._listens():
                    self._may_move = False  # clients know this port now: a restart keeps it
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("server did not come up")

    def _listens(self) -> bool:
        """Whether the socket listening on our port is our child's (not a server that another
        test started on the same port a moment before). Linux's /proc; elsewhere assumed so."""
        assert self.proc is not None
        table = Path("/proc/net/tcp")
        if not table.exists():
            return True
        inodes = {line.split()[9] for line in table.read_text().splitlines()[1:]
                  if line.split()[1].endswith(f":{self.port:04X}") and line.split()[3] == "0A"}
        fds = Path(f"/proc/{self.proc.pid}/fd")
        try:
            return any(os.readlink(fd) in {f"socket:[{i}]" for i in inodes} for fd in fds.iterdir())
        except OSError:
            return False

    def kill(self, sig: int = signal.SIGKILL) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)
        self.proc.wait(timeout=TIMEOUT)

    def stop(self) -> None:
        if self.proc is not None:
            processes.stop(self.proc)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def successor(self, **changes: Any) -> ServerProcess:
        """A new (not started) process on this one's data folder, database, web folder, port,
        name and options, for after this one stopped or was killed: the restart the clients
        find at the same address. ``changes`` replace any of those (``extra=[]``)."""
        same: dict[str, Any] = {"web_dir": self.web_dir, "extra": self.extra, "port": self.port,
                                "database": self.database, "name": self.name, "open_files": self.open_files}
        return ServerProcess(self.data_dir, **{**same, **changes})

    @contextmanager
    def running(self) -> Iterator[ServerProcess]:
        """Starts this process and stops it when the block ends, whatever happens in it."""
        self.start()
        try:
            yield self
        finally:
            self.stop()

    # --- HTTP ---------------------------------------------------------------------------------

    def create(self, seats: list[str], name: str = "Anna", *, turn_time: int | None | str = "default",
               address: str | None = None) -> dict[str, Any]:
        """Create a room; ``seats`` like ``["person", "person", "computer:leicht"]``; ``turn_time``
        30, 60, 120 or None (left out: the server's default); ``address`` is sent as
        ``X-Forwarded-For`` (the server trusts it from loopback) to stand for another client."""
        headers = {**self.own_site, **({"x-forwarded-for": address} if address else {})}
        r = httpx.post(self.base + "/api/rooms", json=room_body(seats, name, turn_time), headers=headers, timeout=TIMEOUT,
                       verify=self.verify)
        assert r.status_code == 201, r.text
        return r.json()

    def join(self, room: str, name: str) -> dict[str, Any]:
        r = httpx.post(f"{self.base}/api/rooms/{room}/join", json={"name": name}, headers=self.own_site, timeout=TIMEOUT,
                       verify=self.verify)
        assert r.status_code == 201, r.text
        return r.json()

    def stored_record(self, room: str) -> RoomRecord | None:
        """The room as committed (:func:`read_stored`)."""
        return read_stored(room, data_dir=self.data_dir, database=self.database)

    def stored_rounds(self, room: str) -> int:
        """How many finished rounds' records of ``room`` are stored (whether or not the room is)."""
        if self.database is None:
            db = sqlite3.connect(f"file:{self.data_dir / 'rooms.sqlite3'}?mode=ro", uri=True, timeout=30)
            try:
                return int(db.execute("SELECT COUNT(*) FROM rounds WHERE room = ?", (room,)).fetchone()[0])
            finally:
                db.close()
        import asyncpg

        async def count(dsn: str) -> int:
            conn = await asyncpg.connect(dsn, timeout=TIMEOUT)
            try:
                return int(await conn.fetchval("SELECT COUNT(*) FROM rounds WHERE room = $1", room))
            finally:
                await conn.close()
        return int(on_own_thread(count(self.database)))

    def stored(self, room: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The room's seats and match as committed."""
        record = self.stored_record(room)
        assert record is not None, f"room {room} not stored"
        return record.seats, record.match


def room_body(seats: list[str], name: str = "Anna", turn_time: int | None | str = "default") -> dict[str, Any]:
    """The body of ``POST /api/rooms`` for ``seats`` like ``["person", "computer:leicht"]``;
    ``turn_time`` "default" leaves it out (the server's default)."""
    spec = []
    for s in seats:
        kind, _, level = s.partition(":")
        spec.append({"kind": kind, "level": level} if level else {"kind": kind})
    body: dict[str, Any] = {"seats": spec, "name": name}
    if turn_time != "default":
        body["turn_time"] = turn_time
    return body


def read_stored(room: str, *, data_dir: Path | None = None, database: str | None = None) -> RoomRecord | None:
    """A room as committed: read-only from SQLite in ``data_dir``, or from PostgreSQL at
    ``database``; None when it is not stored. May be called inside a running event loop."""
    if database is None:
        assert data_dir is not None
        return read_room(data_dir, room)
    from ziehdomino.server.storage import postgres

    record: RoomRecord | None = on_own_thread(postgres.read_room(database, room))
    return record


def seated_room(server: ServerProcess, seats: list[str], *, turn_time: int | None | str = "default") -> tuple[str, dict[int, str]]:
    """Create a room and fill every person seat; returns the id and {seat: credential}."""
    made = server.create(seats, "Anna", turn_time=turn_time)
    creds = {0: made["credential"]}
    for i, kind in enumerate(seats[1:], start=1):
        if kind == "person":
            j = server.join(made["room"], f"P{i}")
            creds[j["seat"]] = j["credential"]
    return made["room"], creds


_OPEN: list[Client] = []


def run(coro: Any) -> Any:
    """:func:`on_own_thread` for ``coro``, then close every client it opened.

    Its own thread, because the browser tests' Playwright keeps an event loop running on the
    main thread for the whole session, and ``asyncio.run`` refuses to start beside it.
    """
    async def main() -> Any:
        try:
            return await coro
        finally:
            clients = list(_OPEN)
            _OPEN.clear()
            for c in clients:
                try:
                    await c.close()
                except Exception:
                    pass
    return on_own_thread(main())


def on_own_thread(coro: Any) -> Any:
    """``asyncio.run(coro)`` on a thread of its own; its result (callable inside a running loop)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


class Client:
    """One WebSocket client; a background task reads every frame into ``frames``."""

    def __init__(self, server: ServerProcess, room: str, credential: str | None = None, *,
                 origin: str | None = None, deltas: bool = False) -> None:
        self.server = server
        #: the hello asks for delta frames; each one is applied to the last state (``states``
        #: then holds the full states they make, and ``frames`` the delta's text with that state)
        self.deltas = deltas
        self.gaps = 0
        self.room = room
        self.credential = credential
        self.origin = origin or server.origin
        self.frames: list[tuple[str, dict[str, Any]]] = []  # (text, parsed)
        self.states: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self.closed_code: int | None = None

    async def open(self, hello: dict[str, Any] | str | None = None) -> Client:
        tls: dict[str, Any] = {"ssl": self.server.tls} if self.server.tls else {}
        self.ws = await connect(self.server.ws_url(self.room), origin=self.origin, open_timeout=TIMEOUT,  # type: ignore[arg-type]
                                max_size=2**20, ping_interval=None, **tls)
        msg = hello if hello is not None else ({"type": "hello", "credential": self.credential}
                                               if self.credential else {"type": "hello"})
        if self.deltas and isinstance(msg, dict):
            msg = {**msg, "deltas": 2}
        _OPEN.append(self)
        try:
            await self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))
        except ConnectionClosed:
            pass  # refused before the hello (origin, unknown room): the reader sees the close code
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for text in self.ws:
                assert isinstance(text, str)
                data = json.loads(text)
                if data["type"] == "delta":
                    made = apply_delta(self.states[-1], data) if self.states else None
                    if made is None:  # a state was missed: ask for the full one, as the page does
                        self.gaps += 1
                        await self.ws.send('{"type":"sync"}')
                        continue
                    data = made
                self.frames.append((text, data))
                if data["type"] == "state":
                    self.states.append(data)
                elif data["type"] == "error":
                    self.errors.append(data)
                self._changed.set()
        except Exception:
            pass
        finally:
            self.closed_code = self.ws.close_code
            self._changed.set()

    @property
    def latest(self) -> dict[str, Any] | None:
        return self.states[-1] if self.states else None

    @property
    def view(self) -> dict[str, Any] | None:
        return self.states[-1]["view"] if self.states else None

    async def send(self, msg: dict[str, Any] | str | bytes) -> None:
        assert self.ws is not None
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def wait_for(self, pred: Callable[[Client], bool], timeout: float = TIMEOUT) -> None:
        async def loop() -> None:
            while not pred(self):
                self._changed.clear()
                if pred(self):
                    return
                if self.closed_code is not None and self._reader is not None and self._reader.done():
                    if not pred(self):
                        raise AssertionError(f"connection closed ({self.closed_code}) before the condition held")
                    return
                await self._changed.wait()
        await asyncio.wait_for(loop(), timeout)

    async def wait_state(self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        await self.wait_for(lambda c: bool(c.states) and pred(c.states[-1]), timeout)
        return self.states[-1]

    async def wait_closed(self, timeout: float = TIMEOUT) -> int | None:
        await self.wait_for(lambda c: c._reader is not None and c._reader.done(), timeout)
        return self.closed_code

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, TIMEOUT)


# --- the leak oracle --------------------------------------------------------------------------

_TILE = re.compile(r"(?<![0-9])([0-6])\|([0-6])(?![0-9])")


def _truth(match: dict[str, Any], version: int) -> Any:
    """The round as it stood at ``version``: the stored deal replayed with the first actions."""
    rnd = round_from_position(match["deal"])
    first = match["version"] - len(match["actions"])
    k = version - first
    assert 0 <= k <= len(match["actions"]), (version, first, len(match["actions"]))
    for raw in match["actions"][:k]:
        rnd.apply(rnd.turn, parse_action(raw))
    return rnd


def check_frames(server: ServerProcess, room: str, clients: list[Client], round_number: int,
                 credentials: list[str]) -> int:
    """The leak oracle: every state frame of ``round_number`` received by ``clients`` holds no
    tile its receiver may not know, checked against the room's stored state, and no secret seed
    (docs/fair.md): neither the pending deal's nor this round's before it is over. Returns the
    number of frames checked. Call while the stored match is still at that round.
    """
    record = server.stored_record(room)
    assert record is not None
    match = record.match
    assert match is not None
    assert len(match["starters"]) == round_number
    seed = (match.get("fair") or {}).get("seed")
    pending = (record.room or {}).get("next_seed")
    checked = 0
    for c in clients:
        for text, frame in c.frames:
            for cred in credentials:
                assert cred not in text, "a credential was sent on the wire"
            assert "credential_hash" not in text
            assert pending is None or pending not in text, "the pending deal's seed was sent"
            assert seed is None or _after_round(frame, round_number) or seed not in text, \
                "a round's seed was sent before its end"
            if frame["type"] != "state" or frame["view"] is None or frame["view"]["round_number"] != round_number:
                continue
            view = frame["view"]
            seat = frame["room"]["you"]
            assert view["seat"] == seat
            rnd = _truth(match, view["version"])
            over = rnd.result is not None
            forbidden = {tuple(sorted(t)) for t in rnd.boneyard}
            if not over:
                for s, hand in enumerate(rnd.hands):
                    if s != seat:
                        forbidden |= {tuple(sorted(t)) for t in hand}
            seen = {tuple(sorted((int(a), int(b)))) for a, b in _TILE.findall(text)}
            leaked = seen & forbidden
            assert not leaked, f"seat {seat} was sent hidden tiles {leaked} at version {view['version']}"
            if seat is not None:
                assert view["hand"] == [f"{min(t)}|{max(t)}" for t in rnd.hands[seat]]
            else:
                assert view["hand"] is None
            assert view["hand_counts"] == [len(h) for h in rnd.hands]
            assert view["boneyard_count"] == len(rnd.boneyard)
            if seed is not None:
                assert view["fair"]["commitment"] == match["fair"]["commitment"]
                assert view["fair"]["seed"] == (seed if over else None)
            checked += 1
    return checked


def _after_round(frame: dict[str, Any], round_number: int) -> bool:
    """A frame sent once round ``round_number`` was over: its view shows it over (or a later
    round), or the history lists it."""
    if frame["type"] == "history":
        return any(r["round"] >= round_number for r in frame["rounds"])
    view = frame.get("view")
    return frame["type"] == "state" and view is not None and (
        view["round_number"] > round_number or (view["round_number"] == round_number and view["result"] is not None))


def truth_states(match: dict[str, Any]) -> list[Any]:
    """Every state of the stored match's current round: its full deal, then after each action."""
    rnd = round_from_position(match["deal"])
    states = [rnd.copy(keep_log=True)]
    for raw in match["actions"]:
        rnd.apply(rnd.turn, parse_action(raw))
        states.append(rnd.copy(keep_log=True))
    return states


def check_replays(server: ServerProcess, room: str, finished: dict[int, dict[str, Any]],
                  responses: list[tuple[str, int, str]] | None = None) -> int:
    """The leak oracle for replays: asks the replay routes of the room for every round from 1 to
    one past the current one and checks each answer. ``finished`` maps each finished round's
    number to the stored match as it stood at that round's end (the truth, with the boneyard's
    full order). A finished round's record must replay to exactly the truth's states and name
    no tile that was never drawn; the round in progress and an unknown round answer their code
    and no tile at all. Every response (url, status, text) is appended to ``responses``.
    Returns the number of records checked.
    """
    from ziehdomino.engine import replay_rounds

    _, now = server.stored(room)
    current = 0 if now is None else len(now["starters"])
    in_progress = now is not None and truth_states(now)[-1].result is None
    checked = 0
    for n in range(1, current + 2):
        for url in (f"{server.base}/api/rooms/{room}/runde/{n}", f"{server.base}/r/{room}/runde/{n}"):
            r = httpx.get(url, timeout=TIMEOUT)
            if responses is not None:
                responses.append((url, r.status_code, r.text))
            if n == current and in_progress:
                assert r.status_code == 409, (url, r.status_code, r.text)
                assert not _TILE.search(r.text), f"round {n} in progress: a tile in {r.text[:200]!r}"
                if "/api/" in url:
                    assert r.json()["code"] == "round_in_progress"
                continue
            if n > current:
                assert r.status_code == 404, (url, r.status_code)
                assert not _TILE.search(r.text)
                if "/api/" in url:
                    assert r.json()["code"] == "round_not_found"
                continue
            assert r.status_code == 200, (url, r.status_code, r.text)
            if "/api/" not in url:
                continue
            assert n in finished, f"round {n} is over but the test holds no truth for it"
            body = r.json()
            assert body["room"] == room and body["round"] == n
            assert "credential" not in r.text
            truth = truth_states(finished[n])
            states, undrawn = replay_rounds(body["record"])
            assert len(states) == len(truth)
            for got, want in zip(states, truth):
                assert (got.hands, got.line, got.turn, got.passes, got.result, got.log) == \
                    (want.hands, want.line, want.turn, want.passes, want.result, want.log)
                assert got.boneyard == want.boneyard[:len(got.boneyard)]
                assert len(got.boneyard) + undrawn == len(want.boneyard)
            never = {tuple(sorted(t)) for t in truth[-1].boneyard}
            seen = {tuple(sorted((int(a), int(b)))) for a, b in _TILE.findall(r.text)}
            assert not (seen & never), f"round {n}'s replay names tiles never drawn: {seen & never}"
            checked += 1
    return checked


async def play_moves(players: dict[int, Client], seats: list[str], *, moves: int | None = None,
                     until_over: bool = False, rng: Any = None) -> dict[str, Any]:
    """Play person moves with random legal actions (computers move on the server).

    Stops after ``moves`` person moves, or when the round is over if ``until_over``.
    Returns the latest view of the first client.
    """
    import random

    rng = rng or random.Random(1)
    done = 0
    while True:
        first = next(iter(players.values()))
        await first.wait_for(lambda c: c.view is not None and (
            c.view["result"] is not None or seats[c.view["turn"]] == "person"))
        view = first.view
        assert view is not None
        if view["result"] is not None or (moves is not None and done >= moves and not until_over):
            return view
        seat = view["turn"]
        mine = await players[seat].wait_state(lambda s: s["view"]["version"] == view["version"])
        action = rng.choice(mine["view"]["legal"])
        await players[seat].send({"type": "action", "version": view["version"], "action": action})
        await first.wait_state(lambda s: s["view"]["version"] > view["version"])
        done += 1


async def eventually(pred: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    """Poll ``pred`` every 10 ms until it holds (for conditions over several clients)."""
    async def loop() -> None:
        while not pred():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(loop(), timeout)
