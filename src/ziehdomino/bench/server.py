"""``ziehdomino bench server``: our server's CPU per action against the transport's floor.

The floor (:mod:`.floor`: the same uvicorn stack, one frame in, one out to each of the room's
four sockets) and then our server (``serve`` in a subprocess, fresh data folder) each get
``rooms`` four-seat rooms from one client process of raw frames (:mod:`.wsclient`). A seat acts
after 0.5-1.5 times ``think_ms`` (0: at once, saturation); at a round's end every seat asks for
the next, each ask an action. Only actions sent within the measured window count, after
``warmup``; shutdown is never measured.

- server (client) CPU per action: the process's user + system time, every thread, from
  ``/proc``, over the window, divided by its actions;
- latency: from the acting seat's send until all four seats hold a state with it; the same for
  the ``next_round`` asks alone.

The ratio ours / floor is what to compare between runs: a busy neighbour moves both. The
durable and rules floors (``docs/architecture.md``, "The server") are measured between them on
request; the rules floor also after ours, and ours compared with the mean of its two runs, as
the machine drifts. ``against`` measures another checkout's server in the same run. Loopback
only; rooms and time are bounded. ``ZIEHDOMINO_BENCH_PROFILE=FILE`` writes our server's cProfile
stats to FILE. The last line is a JSON summary.
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
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from orjson import dumps as _dumps, loads as _loads  # the client's codec (the server's encoder too)

from ..cluster import processes
from ..engine.follow import followed, hand_after, legal_of

HOST = "127.0.0.1"
MAX_ROOMS = 2000
MAX_SECONDS = 600.0
GRACE_S = 3.0  # answers still awaited after the window
OPENING = 64  # connections opened at once

# (path, hello text, room index, seat)
SeatPlan = tuple[str, bytes, int, int]
#: The view's fields a scripted player reads.
_LITE = ("version", "seat", "ends", "hand", "hand_counts", "boneyard_count", "turn", "passes", "result")


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
                                 headers={"content-type": "application/json", "origin": base})  # as the site's own page
    with urllib.request.urlopen(req, timeout=60) as r:  # noqa: S310 -- loopback only
        answer: dict[str, Any] = json.loads(r.read())
    return answer


def _proc_figures(pid: int) -> tuple[float, float]:
    """(peak RSS in MiB, CPU seconds) of a process, from /proc (0 where unavailable)."""
    rss = 0.0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                rss = int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return rss, sum(_proc_cpu(pid))


def _proc_cpu(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of a process, from /proc (0 where unavailable)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick
    except (OSError, ValueError, IndexError):
        return 0.0, 0.0


def _pct(values: list[float], p: float) -> float:
    return round(values[min(len(values) - 1, int(p * len(values)))], 2) if values else 0.0


def _serve(port: int, data: str, profile: str | None, compression: bool) -> None:
    from ziehdomino.server import Settings, serve

    settings = Settings(data_dir=Path(data), computer_delay=0.0, http_rate=1_000_000, ws_rate=1000,
                        ws_connect_rate=1_000_000, max_sockets_per_address=1_000_000,
                        max_connections_per_address=1_000_000,
                        max_rooms_per_address=MAX_ROOMS, ws_compression=compression)
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


def _start(args: list[str], port: int, src: Path | None = None) -> subprocess.Popen[bytes]:
    """Start ``python -m ARGS`` (``src`` first on its path) and wait until it answers."""
    env = None if src is None else {**os.environ, "PYTHONPATH": str(src)}
    proc = subprocess.Popen([sys.executable, "-m", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
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


def _stop(proc: subprocess.Popen[bytes]) -> None:
    processes.stop(proc, timeout=30)
    if proc.stderr is not None:
        proc.stderr.close()


def _ours_rooms(base: str, rooms: int, deltas: bool) -> list[SeatPlan]:
    """Create ``rooms`` four-person rooms over HTTP; every seat's plan."""
    def make_room(i: int) -> list[SeatPlan]:
        made = _post(base, "/api/rooms", {"seats": [{"kind": "person"}] * 4, "name": f"R{i}"})
        creds = [(0, made["credential"])]
        for n in range(3):
            j = _post(base, f"/api/rooms/{made['room']}/join", {"name": f"R{i}S{n}"})
            creds.append((j["seat"], j["credential"]))
        return [(f"/ws/{made['room']}",
                 json.dumps({"type": "hello", "credential": c, **({"deltas": 2} if deltas else {})}).encode(), i, seat)
                for seat, c in creds]
    with ThreadPoolExecutor(8) as pool:
        return [s for room in pool.map(make_room, range(rooms)) for s in room]


def _floor_rooms(rooms: int) -> list[SeatPlan]:
    # names shaped like room ids, so that the cluster's proxy keeps a room on one process
    return [(f"/ws/floor{i:012d}", b'{"type":"hello","seat":%d}' % seat, i, seat) for i in range(rooms) for seat in range(4)]


class _Room:
    """Actions of one room in flight: [version acted on, sent at, seats that saw it (bits), seats left]."""

    __slots__ = ("pending",)

    def __init__(self) -> None:
        self.pending: list[list[Any]] = []


class _Client:
    """Every seat of the run and what was measured (in one process, on one event loop)."""

    def __init__(self, think_ms: float, seed: int) -> None:
        self.think_s = think_ms / 1000
        self.rng = random.Random(seed)
        self.window = (float("inf"), float("inf"))  # (from, until), time.time()
        self.latencies: list[float] = []  # seconds, of actions sent in the window
        self.ready_latencies: list[float] = []  # the same, of the "next_round" messages among them
        self.errors: dict[str, int] = {}
        self.loop = asyncio.get_running_loop()

    def on_text(self, ws: Any, payload: bytes) -> None:
        if payload.startswith(b'{"type":"delta"'):
            self._on_delta(ws, payload)
            return
        # Read version, turn and result from the bytes (the view comes last); decode only
        # when this seat is to act, a round ended, or it is no state.
        at = payload.find(b'"view":{"version":')
        if at < 0:
            msg = _loads(payload)
            kind = msg.get("type")
            if kind == "error":
                self.errors[msg["code"]] = self.errors.get(msg["code"], 0) + 1
            return
        if ws.lite is not None:  # the next deltas apply to this state
            view = _loads(payload)["view"]
            ws.lite = {k: view[k] for k in _LITE}
        at += 18
        end = at
        while 48 <= payload[end] <= 57:
            end += 1
        version = int(payload[at:end])
        seat = ws.seat_no
        self._arrived(ws, version)
        if version <= ws.acted:
            return
        turn = payload.find(b'"turn":', end)
        if payload.startswith(b"%d," % seat, turn + 7) and payload.find(b'"result":null', turn) > 0:
            view = _loads(payload)["view"]
            if view["turn"] == seat and view["legal"] and view["result"] is None:
                action = self.rng.choice(view["legal"])
                self._act(ws, b'{"type":"action","version":%d,"action":%s}' % (version, _dumps(action)), version)
        elif payload.find(b'"result":null', turn) < 0:  # the round is over
            ws.acted = version
            self._send(ws, b'{"type":"next_round","version":%d}' % version, version)

    def _on_delta(self, ws: Any, payload: bytes) -> None:
        """A delta frame, followed on the seat's ``ws.lite`` as the browser does."""
        msg = _loads(payload)
        act, view, append = msg.get("act"), msg.get("view"), msg.get("append")
        if not (act or view or append) or ws.lite is None:
            return
        lite = ws.lite
        if act:
            lite["hand"] = hand_after(lite["hand"], act, lite["seat"])
            lite.update(followed(lite, act))
        for key in _LITE:
            if view and key in view:
                lite[key] = view[key]
        if append and "hand" in append:
            lite["hand"] = lite["hand"] + append["hand"]
        version = lite["version"]
        self._arrived(ws, version)
        if version <= ws.acted:
            return
        if lite["result"] is not None:
            ws.acted = version
            self._send(ws, b'{"type":"next_round","version":%d}' % version, version)
        elif lite["turn"] == ws.seat_no:
            legal = legal_of(lite)
            if legal:
                action = self.rng.choice(legal)
                self._act(ws, b'{"type":"action","version":%d,"action":%s}' % (version, _dumps(action)), version)

    def _arrived(self, ws: Any, version: int) -> None:
        """A state of ``version`` reached ``ws``, which has seen the actions before it."""
        room: _Room = ws.room
        if room.pending:
            now = time.time()
            bit = 1 << ws.seat_no
            for entry in list(room.pending):
                if entry[0] < version and not entry[2] & bit:
                    entry[2] |= bit
                    entry[3] -= 1
                    if entry[3] == 0:
                        room.pending.remove(entry)
                        if self.window[0] <= entry[1] < self.window[1]:
                            self.latencies.append(now - entry[1])
                            if entry[4]:
                                self.ready_latencies.append(now - entry[1])

    def _act(self, ws: Any, text: bytes, version: int) -> None:
        ws.acted = version
        if self.think_s <= 0:
            self._send(ws, text, version)
        else:
            self.loop.call_later(self.think_s * (0.5 + self.rng.random()), self._send, ws, text, version)

    def _send(self, ws: Any, text: bytes, version: int) -> None:
        now = time.time()
        if now >= self.window[1]:
            return  # after the window nobody acts
        ws.room.pending.append([version, now, 0, 4, text.startswith(b'{"type":"next_round"')])
        ws.send(text)


async def _client_main(pipe: Any, port: int, plan: list[SeatPlan], think_ms: float, seed: int,
                       deflate: bool) -> dict[str, Any]:
    from .wsclient import Seat

    client = _Client(think_ms, seed)
    rooms: dict[int, _Room] = {}
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(OPENING)
    seats: list[Any] = []

    async def open_one(path: str, hello: bytes, room: int, seat: int) -> None:
        async with gate:
            def made() -> Any:
                ws = Seat(HOST, port, path, hello, client.on_text, deflate=deflate)
                ws.seat_no, ws.room = seat, rooms.setdefault(room, _Room())
                ws.lite = {} if b'"deltas"' in hello else None
                return ws

            _, ws = await loop.create_connection(made, HOST, port)
            seats.append(ws)
            await asyncio.wait_for(ws.opened, 120)

    await asyncio.gather(*(open_one(*p) for p in plan))
    pipe.send(("connected", sum(1 for s in seats if not s.closed)))
    start, until = await loop.run_in_executor(None, pipe.recv)
    client.window = (start, until)
    await asyncio.sleep(max(0.0, start - time.time()))
    cpu0 = time.process_time()
    received0 = sum(s.received for s in seats)
    await asyncio.sleep(max(0.0, until - time.time()))
    cpu1 = time.process_time()
    received = sum(s.received for s in seats) - received0
    await asyncio.sleep(GRACE_S)
    unanswered = sum(1 for r in rooms.values() for e in r.pending if start <= e[1] < until)
    closed = sum(1 for s in seats if s.closed)
    for s in seats:
        s.close()
    await asyncio.sleep(0.2)
    return {"latencies": client.latencies, "ready_latencies": client.ready_latencies, "errors": client.errors,
            "cpu_s": cpu1 - cpu0,
            "unanswered": unanswered, "closed_early": closed, "received": received}


def _client(pipe: Any, port: int, plan: list[SeatPlan], think_ms: float, seed: int, deflate: bool) -> None:
    _raise_fd_limit(len(plan) + 256)
    import uvloop

    pipe.send(("done", uvloop.run(_client_main(pipe, port, plan, think_ms, seed, deflate))))


def _measure_floor(name: str, module_and_flag: list[str], rooms: int, kw: dict[str, Any]) -> dict[str, Any]:
    """Measure a floor that stores into a fresh folder (its module, and a flag before it)."""
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="ziehdomino-bench-") as tmp:
        module, *flag = module_and_flag
        proc = _start([module, str(port), *flag, tmp], port)
        try:
            return _measure(name, [proc], port, _floor_rooms(rooms), **kw)
        finally:
            _stop(proc)


def _measure(name: str, procs: list[subprocess.Popen[bytes]], port: int, plan: list[SeatPlan], *, seconds: float,
             think_ms: float, warmup: float, seed: int,
             on_window: Callable[[str], None] | None = None, deflate: bool = False) -> dict[str, Any]:
    """Play ``plan`` against ``port`` and measure ``procs``' CPU over the window, together;
    ``on_window`` is told its start and end."""
    ctx = multiprocessing.get_context("spawn")
    here, there = ctx.Pipe()
    worker = ctx.Process(target=_client, args=(there, port, plan, think_ms, seed, deflate), daemon=True)
    worker.start()
    try:
        t0 = time.perf_counter()
        if not here.poll(300):
            raise RuntimeError("the client did not connect within 300 s")
        connections = here.recv()[1]
        print(f"{name}: {connections} WebSockets open in {time.perf_counter() - t0:.1f} s", flush=True)
        start = time.time() + max(0.0, warmup)
        until = start + seconds
        here.send((start, until))
        time.sleep(max(0.0, start - time.time()))
        cpu0 = [_proc_cpu(p.pid) for p in procs]
        load0 = os.getloadavg()[0]
        if on_window is not None:
            on_window("start")
        time.sleep(max(0.0, until - time.time()))
        cpu1 = [_proc_cpu(p.pid) for p in procs]
        load = round(max(load0, os.getloadavg()[0]), 2)
        if on_window is not None:
            on_window("end")
        if not here.poll(GRACE_S + 120):
            raise RuntimeError("the client did not report")
        result = here.recv()[1]
        peak_rss = max(_proc_figures(p.pid)[0] for p in procs)
        worker.join(timeout=30)
    finally:
        if worker.is_alive():
            worker.kill()
    lat = sorted(v * 1000 for v in result["latencies"])
    ready = sorted(v * 1000 for v in result["ready_latencies"])
    actions = len(lat)
    server_cpu = sum(map(sum, cpu1)) - sum(map(sum, cpu0))
    server_sys = sum(c[1] for c in cpu1) - sum(c[1] for c in cpu0)
    figures = {
        "connections": connections,
        "actions": actions,
        "actions_per_s": round(actions / seconds, 1),
        "server_cpu_us": round(server_cpu / actions * 1e6, 1) if actions else 0.0,
        "client_cpu_us": round(result["cpu_s"] / actions * 1e6, 1) if actions else 0.0,
        "server_cpu_share": round(server_cpu / seconds, 2),
        "server_sys_us": round(server_sys / actions * 1e6, 1) if actions else 0.0,
        "bytes_per_action": round(result["received"] / actions) if actions else 0,
        "p50_ms": _pct(lat, 0.50),
        "p99_ms": _pct(lat, 0.99),
        "max_ms": round(lat[-1], 2) if lat else 0.0,
        "ready_share": round(len(ready) / actions, 3) if actions else 0.0,
        "ready_p50_ms": _pct(ready, 0.50),
        "ready_p99_ms": _pct(ready, 0.99),
        "unanswered": result["unanswered"],
        "closed_early": result["closed_early"],
        "errors": result["errors"],
        "peak_rss_mb": round(peak_rss, 1),
        "load_1m": load,
    }
    print(f"{name}: {figures['actions_per_s']} actions/s; server CPU {figures['server_cpu_us']} us per action "
          f"(of which system {figures['server_sys_us']} us; {figures['server_cpu_share'] * 100:.0f}% of a core); client CPU {figures['client_cpu_us']} us per action; "
          f"all four seats p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms "
          f"(of which {figures['ready_share'] * 100:.0f}% 'next_round': p50 {figures['ready_p50_ms']} ms, "
          f"p99 {figures['ready_p99_ms']} ms); "
          f"{figures['bytes_per_action']} bytes received per action (all seats); "
          f"unanswered {figures['unanswered']}, errors {figures['errors'] or 0}; "
          f"machine load (1 min) up to {load}", flush=True)
    return figures


def _measure_ours(name: str, rooms: int, kw: dict[str, Any], src: Path | None, deltas: bool,
                  compression: bool = False) -> dict[str, Any]:
    """Our server (from ``src``, default this checkout) in a fresh data folder, measured."""
    profile = os.environ.get("ZIEHDOMINO_BENCH_PROFILE") or ""
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="ziehdomino-bench-") as tmp:
        proc = _start(["ziehdomino.bench.server", "serve", str(port), str(Path(tmp) / "data"), profile,
                       "compress" if compression else ""], port, src)
        try:
            t0 = time.perf_counter()
            plan = _ours_rooms(f"http://{HOST}:{port}", rooms, deltas)
            print(f"{name}: created {rooms} rooms, {4 * rooms} seats in {time.perf_counter() - t0:.1f} s", flush=True)
            return _measure(name, [proc], port, plan, **kw, deflate=compression)
        finally:
            _stop(proc)


def _between_floors(summary: dict[str, Any], floor: dict[str, Any], ours: dict[str, Any],
                    other: dict[str, Any] | None, durable: dict[str, Any] | None,
                    rules: dict[str, Any] | None) -> None:
    """Print and add to ``summary`` the durable and rules floors, and ours as a multiple of each."""
    for key, between, what in (("durable_floor", durable, "the storage rules alone"),
                               ("rules_floor", rules, "the storage rules and the game's rules, no room")):
        if between is None:
            continue
        times = round(between["server_cpu_us"] / floor["server_cpu_us"], 2) if floor["server_cpu_us"] else 0.0
        ours_times = round(ours["server_cpu_us"] / between["server_cpu_us"], 2) if between["server_cpu_us"] else 0.0
        print(f"{key.replace('_', ' ')}: {between['server_cpu_us']} us per action, {times} times the floor ({what}); "
              f"ziehdomino {ours_times} times it")
        summary.update({f"{key}_cpu_us": between["server_cpu_us"], f"{key}_ratio": times,
                        f"{key}_p99_ms": between["p99_ms"], f"ours_over_{key}": ours_times})
        if "before_cpu_us" in between:
            summary.update({f"{key}_before_cpu_us": between["before_cpu_us"],
                            f"{key}_after_cpu_us": between["after_cpu_us"]})
        if other is not None and between["server_cpu_us"]:
            summary[f"against_over_{key}"] = round(other["server_cpu_us"] / between["server_cpu_us"], 2)


def _rules_floor_again(rules: dict[str, Any], rooms: int, kw: dict[str, Any]) -> dict[str, Any]:
    """``rules`` with the mean CPU per action of it and a second run after ours, the higher p99."""
    again = _measure_floor("rules floor (again)", ["ziehdomino.bench.rules_floor"], rooms, kw)
    print(f"rules floor: {rules['server_cpu_us']} us per action before ours, {again['server_cpu_us']} us after")
    return {**rules, "server_cpu_us": round((rules["server_cpu_us"] + again["server_cpu_us"]) / 2, 1),
            "p99_ms": max(rules["p99_ms"], again["p99_ms"]), "before_cpu_us": rules["server_cpu_us"],
            "after_cpu_us": again["server_cpu_us"]}


def _against(summary: dict[str, Any], ours: dict[str, Any], other: dict[str, Any], against: str) -> None:
    summary.update({"against": against, "against_cpu_us": other["server_cpu_us"],
                    "against_p50_ms": other["p50_ms"], "against_p99_ms": other["p99_ms"],
                    "against_peak_rss_kb_per_room": round(other["peak_rss_mb"] * 1024 / summary["rooms"], 1),
                    "against_bytes_per_action": other["bytes_per_action"]})
    print(f"against {against}: {other['server_cpu_us']} us per action (ziehdomino {ours['server_cpu_us']} us), "
          f"p99 {other['p99_ms']} ms (ziehdomino {ours['p99_ms']} ms), {other['bytes_per_action']} bytes per "
          f"action (ziehdomino {ours['bytes_per_action']})")


def _full_states(summary: dict[str, Any], ours: dict[str, Any], full: dict[str, Any] | None,
                 packed: dict[str, Any] | None) -> None:
    """Print and add to ``summary`` ours with full states only and with compression."""
    for key, other, what in (("full_states", full, "full states"), ("compressed", packed, "compressed deltas")):
        if other is None:
            continue
        summary.update({f"{key}_cpu_us": other["server_cpu_us"], f"{key}_p99_ms": other["p99_ms"],
                        f"{key}_bytes_per_action": other["bytes_per_action"],
                        f"{key}_peak_rss_kb_per_room": round(other["peak_rss_mb"] * 1024 / summary["rooms"], 1)})
        print(f"{what}: {other['server_cpu_us']} us per action, {other['bytes_per_action']} bytes per action, "
              f"{summary[f'{key}_peak_rss_kb_per_room']} KiB per room (deltas: {ours['server_cpu_us']} us, "
              f"{ours['bytes_per_action']} bytes, {summary['peak_rss_kb_per_room']} KiB)")


def run(*, rooms: int = 500, seconds: float = 30.0, think_ms: float = 1000.0, seed: int = 1,
        warmup: float = 10.0, durable_floor: bool = False, rules_floor: bool = False,
        against: Path | None = None, against_last: bool = False, against_deltas: bool = False,
        full_states: bool = False, compression: bool = False) -> dict[str, Any]:
    """Measure the floor, then our server; print figures and the JSON summary, and return it.
    ``against``'s seats take full states (an old checkout may refuse deltas) unless
    ``against_deltas``."""
    rooms = max(1, min(MAX_ROOMS, rooms))
    seconds = max(1.0, min(MAX_SECONDS, seconds))
    _raise_fd_limit(8 * rooms + 256)
    mode = "saturation" if think_ms <= 0 else f"{rooms} rooms x about {1000 / think_ms:.3g} actions/s"
    print(f"bench server: {mode}, {rooms} rooms, {seconds:g} s measured after {warmup:g} s warm-up", flush=True)
    kw: dict[str, Any] = {"seconds": seconds, "think_ms": think_ms, "warmup": warmup, "seed": seed}

    port = _free_port()
    proc = _start(["ziehdomino.bench.floor", str(port)], port)
    try:
        floor = _measure("floor", [proc], port, _floor_rooms(rooms), **kw)
    finally:
        _stop(proc)
    durable = rules = None
    if durable_floor:
        durable = _measure_floor("durable floor", ["ziehdomino.bench.floor", "--append"], rooms, kw)
    if rules_floor:
        rules = _measure_floor("rules floor", ["ziehdomino.bench.rules_floor"], rooms, kw)

    other = None
    if against is not None and not against_last:
        other = _measure_ours(f"against ({against})", rooms, kw, against / "src", against_deltas)
    ours = _measure_ours("ziehdomino", rooms, kw, None, True)
    full = _measure_ours("ziehdomino (full states)", rooms, kw, None, False) if full_states else None
    packed = _measure_ours("ziehdomino (compressed)", rooms, kw, None, True, True) if compression else None
    if against is not None and against_last:
        other = _measure_ours(f"against ({against})", rooms, kw, against / "src", against_deltas)
    if rules is not None:
        rules = _rules_floor_again(rules, rooms, kw)

    ratio = round(ours["server_cpu_us"] / floor["server_cpu_us"], 2) if floor["server_cpu_us"] else 0.0
    print(f"server CPU per action: ziehdomino {ours['server_cpu_us']} us, floor {floor['server_cpu_us']} us, "
          f"ratio {ratio} (goal <= 2.0 at 500 rooms x 1/s, <= 3.0 at saturation); "
          f"p99 {ours['p99_ms']} ms (goal <= 50 ms at 500 rooms x 1/s)")
    summary = {
        "bench": "server", "mode": "saturation" if think_ms <= 0 else "paced", "rooms": rooms,
        "seconds": seconds, "think_ms": think_ms, "warmup_s": warmup,
        "floor_cpu_us": floor["server_cpu_us"], "server_cpu_us": ours["server_cpu_us"], "ratio": ratio,
        "p50_ms": ours["p50_ms"], "p99_ms": ours["p99_ms"], "max_ms": ours["max_ms"],
        "actions_per_s": ours["actions_per_s"], "client_cpu_us": ours["client_cpu_us"],
        "server_cpu_share": ours["server_cpu_share"], "unanswered": ours["unanswered"],
        "errors": ours["errors"], "peak_rss_mb": ours["peak_rss_mb"],
        "floor_actions_per_s": floor["actions_per_s"], "floor_p50_ms": floor["p50_ms"],
        "floor_p99_ms": floor["p99_ms"], "floor_client_cpu_us": floor["client_cpu_us"],
        "load_1m": ours["load_1m"], "floor_load_1m": floor["load_1m"],
        "peak_rss_kb_per_room": round(ours["peak_rss_mb"] * 1024 / rooms, 1),
        "bytes_per_action": ours["bytes_per_action"],
    }
    _full_states(summary, ours, full, packed)
    print(f"peak memory: {ours['peak_rss_mb']} MiB for {rooms} rooms, {summary['peak_rss_kb_per_room']} KiB per room")
    if other is not None:
        _against(summary, ours, other, f"{against} ({'after' if against_last else 'before'} ours)")
    _between_floors(summary, floor, ours, other, durable, rules)
    print(json.dumps(summary))
    return summary


if __name__ == "__main__" and len(sys.argv) >= 4 and sys.argv[1] == "serve":
    _serve(int(sys.argv[2]), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None,
           len(sys.argv) > 5 and sys.argv[5] == "compress")
