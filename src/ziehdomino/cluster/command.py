"""``scripts/cluster``: a :class:`~.run.Cluster` on loopback from the shell (usage: README.md,
docs/deploy.md "A cluster on one machine"). The running cluster writes :data:`STATE_FILE`; a
command for one process is a JSON file in its ``control`` folder, which it polls, carries out
and answers beside (``<id>.done``).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .postgres import HOST
from .run import Cluster
from .roomarg import room_arguments, room_of

#: Where a running ``scripts/cluster`` writes its state (``ZIEHDOMINO_CLUSTER_STATE`` overrides it).
STATE_FILE = Path(os.environ.get("ZIEHDOMINO_CLUSTER_STATE")
                  or Path(os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()) / "ziehdomino-cluster.json")
ACTIONS = ("stop", "start", "restart")
#: Seconds a command for one process may take (a start waits until the process is healthy).
COMMAND_WAIT = 120.0


def _read_state() -> dict[str, Any] | None:
    """The running cluster's state, or None (a stale file is removed)."""
    try:
        state: dict[str, Any] = json.loads(STATE_FILE.read_text())
        os.kill(int(state["pid"]), 0)
    except (OSError, ValueError, KeyError, TypeError):
        STATE_FILE.unlink(missing_ok=True)
        return None
    return state


def _write_state(cluster: Cluster) -> None:
    state = {"pid": os.getpid(), "url": cluster.url, "root": str(cluster.root), "database": cluster.dsn,
             "processes": [{"name": p.name, "port": p.port, "pid": p.proc.pid if p.running and p.proc else None,
                            "log": str(p.log_path)} for p in cluster.processes]}
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state))
    tmp.replace(STATE_FILE)


def carry_out(cluster: Cluster, action: str, name: str) -> tuple[bool, str]:
    """Stop, start or restart process ``name``; (done, one line)."""
    try:
        p = cluster.process(name)
    except KeyError as exc:
        return False, str(exc.args[0])
    try:
        if action == "stop":
            if not p.running:
                return False, f"{name} is not running"
            p.stop()
            return True, f"{name} stopped: its rooms move to the others (log: {p.log_path})"
        if action == "start" and p.running:
            return False, f"{name} is already running"
        if action == "restart":
            p.restart()
        else:
            p.start()
    except Exception as exc:
        return False, f"{name} did not come up: {exc}"
    return True, (f"{name} {action}ed on port {p.port}: the proxy sends its rooms back once two checks pass "
                  f"(about 2 s); the next request for such a room moves it here (log: {p.log_path})")


def _serve_commands(cluster: Cluster, control: Path, down: set[str]) -> None:
    """Carry out the commands waiting in ``control``; ``down``: the processes stopped on purpose."""
    for request in sorted(control.glob("*.json")):
        try:
            body = json.loads(request.read_text())
            action, name = str(body["action"]), str(body["name"])
        except (OSError, ValueError, KeyError, TypeError):
            ok, line = False, "unreadable command"
        else:
            if action not in ACTIONS:
                ok, line = False, f"unknown action {action!r}"
            else:
                ok, line = carry_out(cluster, action, name)
                if ok:
                    (down.add if action == "stop" else down.discard)(name)
        print(line, flush=True)
        request.with_suffix(".part").write_text(json.dumps({"ok": ok, "message": line}))
        request.with_suffix(".part").replace(request.with_suffix(".done"))
        request.unlink(missing_ok=True)
        _write_state(cluster)


def _send(action: str, name: str) -> int:
    """Have the running cluster carry out ``action`` on process ``name``; print its answer."""
    state = _read_state()
    if state is None:
        print("no cluster is running", file=sys.stderr)
        return 1
    control = Path(state["root"]) / "control"
    ident = f"{os.getpid()}-{time.time_ns()}"
    part = control / f"{ident}.part"
    part.write_text(json.dumps({"action": action, "name": name}))
    part.replace(control / f"{ident}.json")
    done = control / f"{ident}.done"
    deadline = time.monotonic() + COMMAND_WAIT
    while not done.exists():
        if time.monotonic() > deadline or _read_state() is None:
            print(f"the cluster did not answer ({action} {name})", file=sys.stderr)
            return 1
        time.sleep(0.1)
    answer = json.loads(done.read_text())
    done.unlink(missing_ok=True)
    print(answer["message"], file=sys.stdout if answer["ok"] else sys.stderr)
    return 0 if answer["ok"] else 1


def _stop_running() -> int:
    state = _read_state()
    if state is None:
        print("no cluster is running", file=sys.stderr)
        return 1
    os.kill(int(state["pid"]), signal.SIGTERM)
    for _ in range(600):
        if not STATE_FILE.exists():
            break
        time.sleep(0.1)
    print(f"cluster stopped; its throwaway database and rooms are gone; logs kept in {state['root']} "
          "(p1.log ..., haproxy.log, postgres.log)")
    return 0


def _status() -> int:
    state = _read_state()
    if state is None:
        print("no cluster is running", file=sys.stderr)
        return 1
    print(f"{state['url']}  (PostgreSQL {state['database']})")
    for p in state["processes"]:
        running = "running, pid " + str(p["pid"]) if p["pid"] else "stopped"
        print(f"{p['name']}  :{p['port']}  {running}  log {p['log']}")
    return 0


def _where(room: str) -> int:
    state = _read_state()
    if state is None:
        print("no cluster is running", file=sys.stderr)
        return 1
    import asyncio

    from ..server.storage.holder import read_holder

    try:
        holder = asyncio.run(read_holder(state["database"], room))
    except Exception as exc:
        print(f"the cluster's database cannot be read: {exc}", file=sys.stderr)
        return 1
    if holder is None:
        print(f"no room {room} is stored", file=sys.stderr)
        return 1
    print(holder.describe())
    for p in state["processes"]:
        if p["name"] == holder.process:
            running = "running, pid " + str(p["pid"]) if p["pid"] else "stopped"
            print(f"{p['name']}  :{p['port']}  {running}  log {p['log']}")
    return 0


def _run(n: int, port: int, extra: list[str], tls: bool = False, http_port: int | None = None) -> int:
    if _read_state() is not None:
        print(f"a cluster is running already (see scripts/cluster status; its state is in {STATE_FILE})",
              file=sys.stderr)
        return 1
    cluster = Cluster(n, port=port, extra=extra, keep_logs=True, tls=tls, http_port=http_port)
    control = cluster.root / "control"

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)
    try:
        cluster.start()
        control.mkdir()
        _write_state(cluster)
        names = ", ".join(f"{x.name} :{x.port}" for x in cluster.processes)
        print(f"{cluster.url}  ({cluster.n} processes: {names}; PostgreSQL {cluster.dsn}; "
              f"logs in {cluster.root}: p1.log ..., haproxy.log). Ctrl-C or scripts/cluster stop ends it; "
              "scripts/cluster restart p1 restarts one process.", flush=True)
        if cluster.certificate is not None:
            print(f"TLS with a throwaway self-signed certificate (trust {cluster.certificate.certificate} "
                  f"for 127.0.0.1 and localhost); http://{HOST}:{cluster.http_port} redirects to it", flush=True)
        down: set[str] = set()
        while True:
            time.sleep(0.2)
            _serve_commands(cluster, control, down)
            for x in cluster.processes:
                if not x.running and x.name not in down:
                    down.add(x.name)
                    _write_state(cluster)
                    print(f"{x.name} exited (its rooms move to the others); see {x.log_path}", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()
        STATE_FILE.unlink(missing_ok=True)
        print(f"cluster stopped; its throwaway database and rooms are gone; logs kept in {cluster.root}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``scripts/cluster N [--port P]``, ``stop [NAME]``, ``start NAME``, ``restart NAME``, ``status`` or ``where ROOM``."""
    p = argparse.ArgumentParser(prog="scripts/cluster",
                                description="PostgreSQL, N server processes and HAProxy on 127.0.0.1.")
    p.add_argument("what", help="how many processes (1-16), or stop, start, restart, status or where")
    p.add_argument("name", nargs="?", help="with stop, start or restart: one process of the running cluster (p1...); "
                                           "with where: a room's id or link")
    p.add_argument("--port", type=int, default=8000, help="the proxy's port (default 8000)")
    p.add_argument("--computer-delay", default=None, help="passed on to every process")
    p.add_argument("--tls", action="store_true",
                   help="serve https on --port with a throwaway self-signed certificate; plain HTTP redirects there")
    p.add_argument("--http-port", type=int, default=None,
                   help="with --tls: the plain HTTP port that redirects to https (default: a free one)")
    args = p.parse_args(room_arguments(sys.argv[1:] if argv is None else argv,
                                       {"-h", "--help", "--port", "--computer-delay", "--http-port"}))
    if args.what in ACTIONS and args.name is not None:
        return _send(args.what, args.name)
    if args.what == "where":
        if args.name is None:
            p.error("where needs a room's id")
        return _where(room_of(args.name))
    if args.name is not None:
        p.error(f"{args.what} takes no process name")
    if args.what == "stop":
        return _stop_running()
    if args.what == "status":
        return _status()
    if args.what in ACTIONS:
        p.error(f"{args.what} needs a process name (p1...)")
    if not (args.what.isascii() and args.what.isdigit()):
        p.error("N must be a number of processes, or stop, start, restart, status or where")
    extra = [] if args.computer_delay is None else ["--computer-delay", args.computer_delay]
    if args.http_port is not None and not args.tls:
        p.error("--http-port redirects to https: it needs --tls")
    return _run(int(args.what), args.port, extra, args.tls, args.http_port)


if __name__ == "__main__":
    sys.exit(main())
