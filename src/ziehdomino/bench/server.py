"""``ziehdomino bench server``: many 4-seat rooms of scripted players over real WebSockets.

Starts the server as a subprocess on 127.0.0.1 (a fresh temporary data directory, computer
delay 0, generous rate limits, server-side metrics on), creates ``rooms`` rooms of four people
over HTTP, and opens one WebSocket per seat (``4 * rooms`` connections) from ``workers``
client processes, each driving whole rooms (a room's four seats are always in one process).
Scripted players play random legal actions, each after a pause of about ``think_ms`` (between
0.5 and 1.5 times it), like people at a table. Seat 0 asks for the next round when one ends.

Phases, on one wall clock shared by all processes: connect, ``warmup`` seconds of play, then
``seconds`` measured. Only actions *sent* within the measured window are counted; after it no
player sends, the workers wait a short grace for the last answers, and only then close their
sockets, so the shutdown is never measured.

Two latencies per action, both from the moment the acting client sent it:

- client ``all seats``: until every one of the room's four seats received a ``state`` that
  holds it (the goal: p99 <= 50 ms); ``own``: until the acting seat received it. Both include
  the client processes' own event loops, which run on the same machine as the server.
- server: from the message being read from the socket to the last of the room's frames being
  handed to the transport (``/api/debug/metrics``, see ``ziehdomino.server.metrics``), with the
  SQLite commit (``stored``) as a part of it.

Figures only; nothing is asserted. Only the loopback address is ever contacted; the run is
bounded in rooms (<= 2000), workers (<= 8) and time. ``ZIEHDOMINO_BENCH_PROFILE=FILE`` runs the
server under cProfile and writes its stats to FILE.

The last line printed is a JSON object
``{"rooms", "connections", "actions_per_s", "p50_ms", "p99_ms", "server_p50_ms", ...}``.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
MAX_ROOMS = 2000
MAX_SECONDS = 600.0
MAX_WORKERS = 8
GRACE_S = 3.0  # after the measured window: answers still awaited before the sockets close
BUCKET_S = 5

Seat = tuple[str, int, str]  # (room, seat, credential)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _raise_fd_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, needed))
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:  # noqa: S310 -- loopback only
        answer: dict[str, Any] = json.loads(r.read())
    return answer


def _get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=60) as r:  # noqa: S310 -- loopback only
        return json.loads(r.read())


def _proc_figures(pid: int) -> tuple[float, float]:
    """(peak RSS in MiB, CPU seconds) of a process, from /proc (0 where unavailable)."""
    rss = cpu = 0.0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                rss = int(line.split()[1]) / 1024
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        pass
    return rss, cpu


def _pct(values: list[float], p: float) -> float:
    return round(values[min(len(values) - 1, int(p * len(values)))], 2) if values else 0.0


# --- the server -----------------------------------------------------------------------------------


def _serve(port: int, data: str, profile: str | None) -> None:
    """The server process: ``serve`` with metrics on (optionally under cProfile)."""
    from ziehdomino.server import Settings, serve

    settings = Settings(data_dir=Path(data), computer_delay=0.0, http_rate=1_000_000, ws_rate=1000, metrics=True)
    if not profile:
        serve(settings, host=HOST, port=port, log_level="warning")
        return
    import cProfile

    def stop(signum: int, frame: Any) -> None:
        raise SystemExit(0)

    # uvicorn re-raises SIGTERM after its graceful shutdown; exit through ``finally`` instead.
    signal.signal(signal.SIGTERM, stop)
    prof = cProfile.Profile()
    prof.enable()
    try:
        serve(settings, host=HOST, port=port, log_level="warning")
    finally:
        prof.disable()
        prof.dump_stats(profile)


def _start_server(data: Path, port: int, profile: str | None) -> subprocess.Popen[bytes]:
    args = [sys.executable, "-m", "ziehdomino.bench.server", "serve", str(port), str(data), profile or ""]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the server exited: " + (proc.stderr.read().decode() if proc.stderr else ""))
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/health", timeout=2):  # noqa: S310
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not come up within 60 s")


# --- a client worker process ----------------------------------------------------------------------


class _Room:
    """The actions of one room in flight: sent when, and which seats still have to see them."""

    def __init__(self) -> None:
        self.pending: dict[int, tuple[float, int, set[int]]] = {}  # version -> (sent, actor, seats waiting)


class _Worker:
    def __init__(self, port: int, think_ms: float, seed: int) -> None:
        self.port = port
        self.think_s = think_ms / 1000
        self.seed = seed
        self.window = (float("inf"), float("inf"))  # (from, until), time.time()
        self.all_seats: list[tuple[float, float]] = []  # (sent, latency s) of actions sent in the window
        self.own: list[float] = []
        self.errors: dict[str, int] = {}
        self.connections = 0
        self.gate = asyncio.Semaphore(64)

    def in_window(self, at: float) -> bool:
        return self.window[0] <= at < self.window[1]


class _Player:
    """One scripted seat: plays a random legal action after a pause when it is its turn."""

    def __init__(self, w: _Worker, room: _Room, room_id: str, seat: int, credential: str) -> None:
        self.w, self.room, self.room_id, self.seat, self.credential = w, room, room_id, seat, credential
        self.acted_version = -1
        self.rng = random.Random(f"{w.seed}:{room_id}:{seat}")
        self.ws: Any = None

    async def connect(self, connect: Any) -> None:
        w = self.w
        async with w.gate:
            self.ws = await connect(f"ws://{HOST}:{w.port}/ws/{self.room_id}", origin=f"http://{HOST}:{w.port}",
                                    open_timeout=120, ping_interval=None, max_size=2**20, compression=None)
        await self.ws.send(json.dumps({"type": "hello", "credential": self.credential}))
        w.connections += 1

    async def read(self) -> None:
        w = self.w
        try:
            async for text in self.ws:
                msg = json.loads(text)
                if msg["type"] == "error":
                    w.errors[msg["code"]] = w.errors.get(msg["code"], 0) + 1
                    continue
                if msg["type"] != "state" or msg["view"] is None:
                    continue
                view = msg["view"]
                self._seen(view["version"], time.time())
                if view["version"] <= self.acted_version:
                    continue
                if view["result"] is not None and self.seat == 0:
                    self._later({"type": "next_round", "version": view["version"]}, view["version"])
                elif view["result"] is None and view["turn"] == self.seat and view["legal"]:
                    action = self.rng.choice(view["legal"])
                    self._later({"type": "action", "version": view["version"], "action": action}, view["version"])
        except Exception:
            pass

    def _seen(self, version: int, now: float) -> None:
        pending = self.room.pending
        for v in [v for v in pending if v < version]:
            sent, actor, waiting = pending[v]
            if self.seat not in waiting:
                continue
            waiting.discard(self.seat)
            if self.w.in_window(sent):
                if self.seat == actor:
                    self.w.own.append(now - sent)
                if not waiting:
                    self.w.all_seats.append((sent, now - sent))
            if not waiting:
                del pending[v]

    def _later(self, msg: dict[str, Any], version: int) -> None:
        self.acted_version = version
        pause = self.w.think_s * (0.5 + self.rng.random())

        async def send() -> None:
            await asyncio.sleep(pause)
            now = time.time()
            if now >= self.w.window[1]:
                return  # the measured window is over: nobody acts any more
            self.room.pending[version] = (now, self.seat, {0, 1, 2, 3})
            try:
                await self.ws.send(json.dumps(msg))
            except Exception:
                pass

        asyncio.ensure_future(send())


async def _worker_main(pipe: Any, port: int, seats: list[Seat], think_ms: float, seed: int) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    w = _Worker(port, think_ms, seed)
    rooms: dict[str, _Room] = {}
    players = [_Player(w, rooms.setdefault(r, _Room()), r, s, c) for r, s, c in seats]
    await asyncio.gather(*(p.connect(connect) for p in players))
    readers = [asyncio.ensure_future(p.read()) for p in players]
    loop = asyncio.get_running_loop()
    pipe.send(("connected", w.connections))
    start, until = await loop.run_in_executor(None, pipe.recv)
    w.window = (start, until)
    await asyncio.sleep(max(0.0, start - time.time()))
    cpu0 = time.process_time()
    await asyncio.sleep(max(0.0, until - time.time()))
    cpu1 = time.process_time()
    await asyncio.sleep(GRACE_S)  # the last answers; nobody sends any more
    result = {"all_seats": w.all_seats, "own": w.own, "errors": w.errors, "connections": w.connections,
              "cpu_s": cpu1 - cpu0, "unanswered": sum(1 for r in rooms.values() for v in r.pending.values()
                                                      if w.in_window(v[0]))}
    for r in readers:
        r.cancel()
    await asyncio.gather(*(p.ws.close() for p in players if p.ws is not None), return_exceptions=True)
    return result


def _worker(pipe: Any, port: int, seats: list[Seat], think_ms: float, seed: int) -> None:
    _raise_fd_limit(2 * len(seats) + 256)
    pipe.send(("done", asyncio.run(_worker_main(pipe, port, seats, think_ms, seed))))


# --- the run --------------------------------------------------------------------------------------


def _make_rooms(base: str, rooms: int) -> list[list[Seat]]:
    def make_room(i: int) -> list[Seat]:
        made = _post(base, "/api/rooms", {"seats": [{"kind": "person"}] * 4, "name": f"R{i}"})
        seats = [(made["room"], 0, made["credential"])]
        for n in range(3):
            j = _post(base, f"/api/rooms/{made['room']}/join", {"name": f"R{i}S{n}"})
            seats.append((made["room"], j["seat"], j["credential"]))
        return seats
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(make_room, range(rooms)))


def run(*, rooms: int = 500, seconds: float = 30.0, think_ms: float = 1000.0, seed: int = 1,
        warmup: float = 10.0, workers: int = 2) -> dict[str, Any]:
    """Run the benchmark, print figures and a last-line JSON summary, and return the summary.

    Args:
        rooms: 4-seat rooms played at once (1-2000).
        seconds: time measured once every connection is open (at most 600).
        think_ms: a scripted player's mean pause before each action, in milliseconds.
        seed: for the players' choices (the deals come from the server's cryptographic random).
        warmup: seconds played after every connection is open before measuring starts.
        workers: client processes (1-8), each driving whole rooms.
    """
    rooms = max(1, min(MAX_ROOMS, rooms))
    seconds = max(1.0, min(MAX_SECONDS, seconds))
    workers = max(1, min(MAX_WORKERS, workers, rooms))
    _raise_fd_limit(4 * rooms * 2 + 256)
    port = _free_port()
    base = f"http://{HOST}:{port}"
    profile = os.environ.get("ZIEHDOMINO_BENCH_PROFILE") or None
    ctx = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="ziehdomino-bench-") as tmp:
        proc = _start_server(Path(tmp) / "data", port, profile)
        procs: list[Any] = []
        try:
            t0 = time.perf_counter()
            made = _make_rooms(base, rooms)
            print(f"created {rooms} rooms, {4 * rooms} seats in {time.perf_counter() - t0:.1f} s")
            t0 = time.perf_counter()
            pipes = []
            for k in range(workers):
                mine = [s for room in made[k::workers] for s in room]
                here, there = ctx.Pipe()
                p = ctx.Process(target=_worker, args=(there, port, mine, think_ms, seed), daemon=True)
                p.start()
                procs.append(p)
                pipes.append(here)
            connections = 0
            for here in pipes:
                if not here.poll(300):
                    raise RuntimeError("a client worker did not connect within 300 s")
                connections += here.recv()[1]
            print(f"opened {connections} WebSockets from {workers} processes in {time.perf_counter() - t0:.1f} s")
            start = time.time() + max(0.0, warmup)
            until = start + seconds
            for here in pipes:
                here.send((start, until))
            time.sleep(max(0.0, start - time.time()))
            first = _get(base, "/api/debug/metrics?since=999999999999")["next"]
            _, cpu0 = _proc_figures(proc.pid)
            time.sleep(max(0.0, until - time.time()))
            _, cpu1 = _proc_figures(proc.pid)
            served = _get(base, f"/api/debug/metrics?since={first}")["samples"]
            results = []
            for here in pipes:
                if not here.poll(GRACE_S + 120):
                    raise RuntimeError("a client worker did not report")
                results.append(here.recv()[1])
            peak_rss, _ = _proc_figures(proc.pid)
            for p in procs:
                p.join(timeout=30)
        finally:
            for p in procs:
                if p.is_alive():
                    p.kill()
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    timed = sorted((sent, lat * 1000) for r in results for sent, lat in r["all_seats"])
    lat = sorted(v for _, v in timed)
    own = sorted(v * 1000 for r in results for v in r["own"])
    buckets: dict[int, list[float]] = {}
    for sent, v in timed:
        buckets.setdefault(int((sent - start) // BUCKET_S), []).append(v)
    for b, values in sorted(buckets.items()):
        values.sort()
        print(f"  {b * BUCKET_S:4d}-{b * BUCKET_S + BUCKET_S:<4d} s: {len(values) / BUCKET_S:7.1f} actions/s, "
              f"p50 {_pct(values, 0.5):7.1f} ms, p99 {_pct(values, 0.99):7.1f} ms")
    srv_written = sorted(s[2] for s in served)
    srv_stored = sorted(s[0] for s in served)
    errors: dict[str, int] = {}
    for r in results:
        for k, v in r["errors"].items():
            errors[k] = errors.get(k, 0) + v
    summary = {
        "bench": "server",
        "rooms": rooms,
        "connections": sum(r["connections"] for r in results),
        "client_processes": workers,
        "seconds": seconds,
        "think_ms": think_ms,
        "warmup_s": warmup,
        "actions": len(lat),
        "actions_per_s": round(len(lat) / seconds, 1),
        "unanswered": sum(r["unanswered"] for r in results),
        "p50_ms": _pct(lat, 0.50),
        "p99_ms": _pct(lat, 0.99),
        "max_ms": round(lat[-1], 2) if lat else 0.0,
        "mean_ms": round(statistics.fmean(lat), 2) if lat else 0.0,
        "own_p50_ms": _pct(own, 0.50),
        "own_p99_ms": _pct(own, 0.99),
        "server_actions": len(srv_written),
        "server_p50_ms": _pct(srv_written, 0.50),
        "server_p99_ms": _pct(srv_written, 0.99),
        "server_max_ms": round(srv_written[-1], 2) if srv_written else 0.0,
        "server_stored_p50_ms": _pct(srv_stored, 0.50),
        "server_stored_p99_ms": _pct(srv_stored, 0.99),
        "server_cpu_s": round(cpu1 - cpu0, 1),
        "server_cpu_share": round((cpu1 - cpu0) / seconds, 2),
        "client_cpu_share": [round(r["cpu_s"] / seconds, 2) for r in results],
        "peak_rss_mb": round(peak_rss, 1),
        "errors": errors,
    }
    print(f"{summary['connections']} connections in {rooms} rooms, {workers} client processes: "
          f"{summary['actions_per_s']} actions/s; client, all four seats: p50 {summary['p50_ms']} ms, "
          f"p99 {summary['p99_ms']} ms (goal <= 50), max {summary['max_ms']} ms; acting seat: p50 "
          f"{summary['own_p50_ms']} ms, p99 {summary['own_p99_ms']} ms")
    print(f"server, read to last frame written: p50 {summary['server_p50_ms']} ms, p99 {summary['server_p99_ms']} ms, "
          f"max {summary['server_max_ms']} ms (of which SQLite commit p50 {summary['server_stored_p50_ms']} ms, "
          f"p99 {summary['server_stored_p99_ms']} ms); server CPU {summary['server_cpu_share'] * 100:.0f}% of one core, "
          f"clients {', '.join(f'{c * 100:.0f}%' for c in summary['client_cpu_share'])}; peak RSS {summary['peak_rss_mb']} MiB")
    print(json.dumps(summary))
    return summary


if __name__ == "__main__" and len(sys.argv) >= 4 and sys.argv[1] == "serve":
    _serve(int(sys.argv[2]), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None)
