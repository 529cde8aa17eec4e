"""``ziehdomino bench server``: many 4-seat rooms of scripted players over real WebSockets.

Starts ``ziehdomino serve`` as a subprocess on 127.0.0.1 (a fresh temporary data directory,
computer delay 0, generous rate limits), creates ``rooms`` rooms of four people over HTTP,
opens one WebSocket per seat (``4 * rooms`` connections), and lets scripted players play
random legal actions for ``seconds``, each after a pause of about ``think_ms`` (between
0.5 and 1.5 times it), like people at a table. Seat 0 asks for the next round when one ends.

Latency is measured by the acting client, from sending an action to receiving the state
that holds it, so it includes the server's storing (SQLite commit) and the client's own
event loop, which runs on the same machine. Figures only; nothing is asserted. Only the
loopback address is ever contacted; the run is bounded in rooms (<= 2000) and time.

The last line printed is a JSON object
``{"rooms", "connections", "actions_per_s", "p50_ms", "p99_ms", "peak_rss_mb", ...}``.
"""

from __future__ import annotations

import asyncio
import json
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
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
MAX_ROOMS = 2000
MAX_SECONDS = 600.0


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


class _Player:
    """One scripted seat: plays a random legal action after a pause when it is its turn."""

    def __init__(self, bench: _Bench, room: str, seat: int, credential: str) -> None:
        self.bench, self.room, self.seat, self.credential = bench, room, seat, credential
        self.acted_version = -1
        self.sent_at: dict[int, float] = {}
        self.rng = random.Random(f"{bench.seed}:{room}:{seat}")

    async def run(self, connect: Any, stop: asyncio.Event) -> None:
        b = self.bench
        async with b.connect_gate:
            ws = await connect(f"ws://{HOST}:{b.port}/ws/{self.room}", origin=f"http://{HOST}:{b.port}",
                               open_timeout=120, ping_interval=None, max_size=2**20, compression=None)
        b.connections += 1
        try:
            await ws.send(json.dumps({"type": "hello", "credential": self.credential}))
            reader = asyncio.ensure_future(self._read(ws))
            stopper = asyncio.ensure_future(stop.wait())
            await asyncio.wait([reader, stopper], return_when=asyncio.FIRST_COMPLETED)
            reader.cancel()
            stopper.cancel()
        finally:
            await ws.close()

    async def _read(self, ws: Any) -> None:
        b = self.bench
        async for text in ws:
            msg = json.loads(text)
            if msg["type"] == "error":
                b.errors[msg["code"]] = b.errors.get(msg["code"], 0) + 1
                continue
            if msg["type"] != "state" or msg["view"] is None:
                continue
            view = msg["view"]
            now = time.perf_counter()
            for v in [v for v in self.sent_at if v < view["version"]]:
                if b.measuring:
                    b.latencies.append(now - self.sent_at[v])
                    b.timeline.append((now, now - self.sent_at[v]))
                    b.actions += 1
                del self.sent_at[v]
            if view["version"] <= self.acted_version:
                continue
            if view["result"] is not None and self.seat == 0:
                self._later(ws, {"type": "next_round", "version": view["version"]}, view["version"])
            elif view["result"] is None and view["turn"] == self.seat and view["legal"]:
                action = self.rng.choice(view["legal"])
                self._later(ws, {"type": "action", "version": view["version"], "action": action}, view["version"])

    def _later(self, ws: Any, msg: dict[str, Any], version: int) -> None:
        self.acted_version = version
        pause = self.bench.think_s * (0.5 + self.rng.random())

        async def send() -> None:
            await asyncio.sleep(pause)
            self.sent_at[version] = time.perf_counter()
            try:
                await ws.send(json.dumps(msg))
            except Exception:
                pass

        asyncio.ensure_future(send())


class _Bench:
    def __init__(self, port: int, think_ms: float, seed: int) -> None:
        self.port = port
        self.think_s = think_ms / 1000
        self.seed = seed
        self.latencies: list[float] = []
        self.timeline: list[tuple[float, float]] = []  # (when received, latency), both in seconds
        self.actions = 0
        self.connections = 0
        self.errors: dict[str, int] = {}
        self.measuring = False
        self.connect_gate = asyncio.Semaphore(64)


def _start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    args = [sys.executable, "-m", "ziehdomino.cli", "serve", "--host", HOST, "--port", str(port), "--data", str(data),
            "--computer-delay", "0", "--http-rate", "1000000", "--ws-rate", "1000", "--log-level", "warning"]
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


async def _drive(port: int, rooms: int, seconds: float, think_ms: float, seed: int, warmup: float) -> _Bench:
    from websockets.asyncio.client import connect

    bench = _Bench(port, think_ms, seed)
    base = f"http://{HOST}:{port}"
    gate = asyncio.Semaphore(8)

    async def make_room(i: int) -> list[tuple[str, int, str]]:
        async with gate:
            made = await asyncio.to_thread(_post, base, "/api/rooms", {"seats": [{"kind": "person"}] * 4, "name": f"R{i}"})
            seats = [(made["room"], 0, made["credential"])]
            for n in range(3):
                j = await asyncio.to_thread(_post, base, f"/api/rooms/{made['room']}/join", {"name": f"R{i}S{n}"})
                seats.append((made["room"], j["seat"], j["credential"]))
            return seats

    t0 = time.perf_counter()
    seats = [s for room in await asyncio.gather(*(make_room(i) for i in range(rooms))) for s in room]
    print(f"created {rooms} rooms, {len(seats)} seats in {time.perf_counter() - t0:.1f} s")
    stop = asyncio.Event()
    players = [_Player(bench, room, seat, cred) for room, seat, cred in seats]
    t0 = time.perf_counter()
    tasks = [asyncio.ensure_future(p.run(connect, stop)) for p in players]
    while bench.connections < len(players) and time.perf_counter() - t0 < 300:
        await asyncio.sleep(0.2)
        if any(t.done() and t.exception() for t in tasks):
            break
    print(f"opened {bench.connections} WebSockets in {time.perf_counter() - t0:.1f} s")
    await asyncio.sleep(warmup)  # let the connection storm settle and the first turns begin
    bench.measuring = True
    await asyncio.sleep(seconds)
    bench.measuring = False
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return bench


def run(*, rooms: int = 500, seconds: float = 30.0, think_ms: float = 1000.0, seed: int = 1,
        warmup: float = 10.0) -> dict[str, Any]:
    """Run the benchmark, print figures and a last-line JSON summary, and return the summary.

    Args:
        rooms: 4-seat rooms played at once (1-2000).
        seconds: time measured once every connection is open (at most 600).
        think_ms: a scripted player's mean pause before each action, in milliseconds.
        seed: for the players' choices (the deals come from the server's cryptographic random).
        warmup: seconds played after every connection is open before measuring starts.
    """
    rooms = max(1, min(MAX_ROOMS, rooms))
    seconds = max(1.0, min(MAX_SECONDS, seconds))
    _raise_fd_limit(4 * rooms * 2 + 256)
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="ziehdomino-bench-") as tmp:
        proc = _start_server(Path(tmp) / "data", port)
        try:
            _, cpu0 = _proc_figures(proc.pid)
            t0 = time.perf_counter()
            bench = asyncio.run(_drive(port, rooms, seconds, think_ms, seed, max(0.0, warmup)))
            wall = time.perf_counter() - t0
            peak_rss, cpu1 = _proc_figures(proc.pid)
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    lat = sorted(bench.latencies)
    if bench.timeline:
        start = bench.timeline[0][0]
        windows: dict[int, list[float]] = {}
        for at, latency in bench.timeline:
            windows.setdefault(int((at - start) // 5), []).append(latency)
        for w, values in sorted(windows.items()):
            values.sort()
            print(f"  {w * 5:4d}-{w * 5 + 5:<4d} s: {len(values) / 5:7.1f} actions/s, "
                  f"p50 {values[len(values) // 2] * 1000:7.1f} ms, p99 {values[int(0.99 * len(values))] * 1000:7.1f} ms")

    def pct(p: float) -> float:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 2) if lat else 0.0

    summary = {
        "bench": "server",
        "rooms": rooms,
        "connections": bench.connections,
        "seconds": seconds,
        "think_ms": think_ms,
        "warmup_s": warmup,
        "actions": bench.actions,
        "actions_per_s": round(bench.actions / seconds, 1),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "max_ms": round(lat[-1] * 1000, 2) if lat else 0.0,
        "mean_ms": round(statistics.fmean(lat) * 1000, 2) if lat else 0.0,
        "peak_rss_mb": round(peak_rss, 1),
        "server_cpu_s": round(cpu1 - cpu0, 1),
        "wall_s": round(wall, 1),
        "errors": bench.errors,
    }
    print(f"{summary['connections']} connections in {rooms} rooms: {summary['actions_per_s']} actions/s, "
          f"latency p50 {summary['p50_ms']} ms, p99 {summary['p99_ms']} ms (goal <= 50), max {summary['max_ms']} ms; "
          f"server peak RSS {summary['peak_rss_mb']} MiB, CPU {summary['server_cpu_s']} s over {summary['wall_s']} s")
    print(json.dumps(summary))
    return summary
