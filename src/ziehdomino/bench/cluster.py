"""``ziehdomino bench server --cluster N``: the server benchmark's rooms through HAProxy onto N processes.

Six phases, each as ``bench server`` measures (:mod:`.server`): the floor as one process and as
N behind the cluster's proxy (what splitting costs by itself); ``serve`` as one process on
SQLite, on PostgreSQL, and on PostgreSQL with the rooms one cluster process holds (the
like-for-like baseline, at the same rate of actions); then :class:`ziehdomino.cluster.run.Cluster`
through the proxy. Per phase: actions/s, p50/p99, all server processes' CPU per action, and
each process's own from ``/api/debug/metrics``; HAProxy's and PostgreSQL's CPU beside, not
counted. A process's CPU per action falls as its rate rises, hence the baseline at the same
rate. The last line is JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from . import server as one
from ..cluster.haproxy import Backend

HOST = one.HOST
SERVE_FLAGS = ["--computer-delay", "0", "--http-rate", "1000000", "--ws-rate", "1000",
               "--ws-connect-rate", "1000000", "--max-sockets-per-address", "1000000", "--max-connections-per-address", "1000000",
               "--max-rooms-per-address", str(one.MAX_ROOMS), "--miss-rate", "1000000",
               "--debug-metrics", "--log-level", "warning"]


def _metrics_next(port: int) -> int:
    """How many accepted actions the process at ``port`` has timed so far."""
    with urllib.request.urlopen(f"http://{HOST}:{port}/api/debug/metrics?since=999999999999", timeout=30) as r:  # noqa: S310
        return int(json.loads(r.read())["next"])


def _serve(port: int, data: Path, database: str | None) -> subprocess.Popen[bytes]:
    args = ["ziehdomino.cli", "serve", "--host", HOST, "--port", str(port), "--data", str(data), *SERVE_FLAGS]
    if database is not None:
        args += ["--database", database]
    return one._start(args, port)


def _phase(label: str, procs: dict[str, tuple[subprocess.Popen[bytes], int]], entry_port: int, *,
           rooms: int, others: dict[str, int], **kw: Any) -> dict[str, Any]:
    """Measure one phase: ``procs`` {name: (process, port)}, clients at ``entry_port``;
    ``others`` {name: pid} shown beside."""
    t0 = time.perf_counter()
    plan = one._ours_rooms(f"http://{HOST}:{entry_port}", rooms, True)
    print(f"[{label}] created {rooms} rooms in {time.perf_counter() - t0:.1f} s", flush=True)
    marks: dict[str, dict[str, tuple[float, int]]] = {}

    def window(edge: str) -> None:
        marks[edge] = {n: (one._proc_figures(p.pid)[1], _metrics_next(port)) for n, (p, port) in procs.items()}
        marks[edge].update({n: (_tree_cpu(pid), 0) for n, pid in others.items()})

    figures = one._measure(label, [p for p, _ in procs.values()], entry_port, plan, on_window=window, **kw)
    per_process = []
    for n in procs:
        (cpu0, next0), (cpu1, next1) = marks["start"][n], marks["end"][n]
        served = next1 - next0
        per_process.append({"process": n, "actions": served, "cpu_s": round(cpu1 - cpu0, 2),
                            "cpu_us_per_action": round((cpu1 - cpu0) / served * 1e6, 1) if served else None})
    beside = {n: round(marks["end"][n][0] - marks["start"][n][0], 2) for n in others}
    text = ", ".join(f"{p['process']} {p['cpu_us_per_action']} us/action ({p['actions']} actions)" for p in per_process)
    print(f"[{label}] per process: {text}; CPU s beside: {beside or 'none'}", flush=True)
    return {"phase": label, **{k: figures[k] for k in ("actions_per_s", "p50_ms", "p99_ms", "server_cpu_us",
                                                       "client_cpu_us", "unanswered", "errors")},
            "processes": per_process, "cpu_s_beside": beside}


def _tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and its children (PostgreSQL's backends), live or waited for."""
    total = one._proc_figures(pid)[1]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            total += one._proc_figures(int(child))[1]
    except (OSError, ValueError, IndexError):
        pass
    return total


def _floor_split(processes: int, rooms: int, **kw: Any) -> dict[str, Any]:
    """Phases 1 and 2: the floor as one process, then as ``processes`` behind HAProxy."""
    from ..cluster.run import start_haproxy

    plan = one._floor_rooms(rooms)
    port = one._free_port()
    proc = one._start(["ziehdomino.bench.floor", str(port)], port)
    try:
        single = one._measure("floor, one process", [proc], port, plan, **kw)
    finally:
        one._stop(proc)
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="ziehdomino-bench-") as tmp:
        try:
            ports = [one._free_port() for _ in range(processes)]
            procs = [one._start(["ziehdomino.bench.floor", str(p)], p) for p in ports]
            entry = one._free_port()
            proxy = start_haproxy(Path(tmp), [Backend(f"f{i + 1}", HOST, p) for i, p in enumerate(ports)], entry,
                                  http_rate=10**9, per_address=10**9)  # every client is on this one address
            try:
                split = one._measure(f"floor, {processes} processes + HAProxy", procs, entry, plan, **kw)
            finally:
                one._stop(proxy)
        finally:
            for p in procs:
                one._stop(p)
    a, b = single["server_cpu_us"], split["server_cpu_us"]
    return {"floor_single_cpu_us": a, "floor_split_cpu_us": b, "floor_split_x": round(b / a, 2) if a else None}


def run(*, processes: int, rooms: int = 500, seconds: float = 30.0, think_ms: float = 1000.0, seed: int = 1,
        warmup: float = 10.0) -> dict[str, Any]:
    """Run the six phases (``processes`` 1-16; the rest as :func:`.server.run`); print figures
    and the JSON summary, and return it."""
    from ..cluster.postgres import Postgres
    from ..cluster.run import Cluster

    rooms = max(1, min(one.MAX_ROOMS, rooms))
    seconds = max(1.0, min(one.MAX_SECONDS, seconds))
    one._raise_fd_limit(8 * rooms + 256)
    kw: dict[str, Any] = {"rooms": rooms, "seconds": seconds, "think_ms": think_ms, "seed": seed, "warmup": warmup}
    mode = "saturation" if think_ms <= 0 else f"{rooms} rooms x about {1000 / think_ms:.3g} actions/s"
    print(f"bench server --cluster {processes}: {mode}, {seconds:g} s measured after {warmup:g} s warm-up", flush=True)
    floor = _floor_split(processes, **kw)
    print(f"floor: {processes} processes + HAProxy {floor['floor_split_cpu_us']} us per action, one process "
          f"{floor['floor_single_cpu_us']} us: splitting costs {floor['floor_split_x']} x by itself", flush=True)
    phases = []
    pg = Postgres().start()
    try:
        pg_pid = pg.pid
        share = -(-rooms // processes)  # rounded up
        singles = (("one process, SQLite", None, rooms), ("one process, PostgreSQL", pg.new_database(), rooms),
                   (f"one process, PostgreSQL, {share} rooms", pg.new_database(), share))
        for label, database, held in singles:
            with tempfile.TemporaryDirectory(prefix="ziehdomino-bench-") as tmp:
                port = one._free_port()
                proc = _serve(port, Path(tmp) / "data", database)
                try:
                    others = {} if database is None else {"postgresql": pg_pid}
                    phases.append(_phase(label, {"p1": (proc, port)}, port, others=others, **{**kw, "rooms": held}))
                finally:
                    one._stop(proc)
        cluster = Cluster(processes, database=pg.new_database(), extra=SERVE_FLAGS, http_rate=10**9,
                          per_address=10**9).start()
        try:
            procs = {p.name: (p.proc, p.port) for p in cluster.processes if p.proc is not None}
            assert cluster.haproxy is not None
            phases.append(_phase(f"{processes} processes + HAProxy", procs, cluster.port,
                                 others={"haproxy": cluster.haproxy.pid, "postgresql": pg_pid}, **kw))
        finally:
            cluster.stop()
    finally:
        pg.destroy()
    single = phases[0]["processes"][0]["cpu_us_per_action"]
    single_pg = phases[1]["processes"][0]["cpu_us_per_action"]
    single_share = phases[2]["processes"][0]["cpu_us_per_action"]
    in_cluster = [p["cpu_us_per_action"] for p in phases[-1]["processes"] if p["cpu_us_per_action"]]
    worst = max(in_cluster) if in_cluster else None

    def times(base: float | None) -> float | None:
        return round(worst / base, 2) if worst and base else None
    together = phases[-1]["server_cpu_us"] / phases[1]["server_cpu_us"] if phases[1]["server_cpu_us"] else None
    own = round(together / floor["floor_split_x"], 2) if together and floor["floor_split_x"] else None
    summary = {"bench": "server-cluster", "processes": processes, "rooms": rooms, "seconds": seconds,
               "think_ms": think_ms, "single_cpu_us": single, "single_pg_cpu_us": single_pg,
               "cluster_cpu_us": in_cluster, "worst_vs_single": times(single), "worst_vs_single_pg": times(single_pg),
               "single_share_cpu_us": single_share, "share_rooms": share, "worst_vs_single_share": times(single_share),
               "together_vs_single_pg": None if together is None else round(together, 2), **floor,
               "cluster_own_x": own,
               "actions_per_s": phases[-1]["actions_per_s"], "p50_ms": phases[-1]["p50_ms"],
               "p99_ms": phases[-1]["p99_ms"], "load_1m": round(os.getloadavg()[0], 2), "phases": phases}
    print(f"CPU per action: one process on SQLite {single} us, on PostgreSQL {single_pg} us; in the cluster "
          f"{in_cluster} us, the worst {summary['worst_vs_single_share']} x one process on the same PostgreSQL "
          f"holding as many rooms ({share}, {single_share} us; goal within 15%), "
          f"{summary['worst_vs_single_pg']} x the one process on PostgreSQL holding all {rooms} and "
          f"{summary['worst_vs_single']} x the one on SQLite; all processes together "
          f"{summary['together_vs_single_pg']} x the one on PostgreSQL, where splitting the floor costs "
          f"{floor['floor_split_x']} x: the cluster's own share {own} x; through the proxy "
          f"{summary['actions_per_s']} actions/s, p50 {summary['p50_ms']} ms, p99 {summary['p99_ms']} ms")
    print(json.dumps(summary))
    return summary
