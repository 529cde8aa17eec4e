"""``scripts/cluster N [--port P]``: a whole cluster on loopback, for tests, demos and the benchmark.

Starts a throwaway PostgreSQL (:mod:`.postgres`), N ``ziehdomino serve`` processes on it
(``p1``..``pN`` on free ports) and HAProxy in front (:mod:`.haproxy`, Debian's ``haproxy``),
prints the proxy's URL and waits; Ctrl-C, SIGTERM or ``scripts/cluster stop`` stops everything
and removes the temporary folder. Nothing listens on any address but 127.0.0.1.

:class:`Cluster` is the same thing as a Python object (the cluster tests and
``ziehdomino bench server --cluster N`` use it).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from . import processes
from .haproxy import Backend, config
from .postgres import HOST, Postgres, free_port

#: Where a running ``scripts/cluster`` writes its pid and URL (for ``scripts/cluster stop``).
STATE_FILE = Path(os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()) / "ziehdomino-cluster.json"


def _health(url: str, timeout: float = 2.0) -> int:
    try:
        with urllib.request.urlopen(url + "/api/health", timeout=timeout) as r:  # noqa: S310 -- loopback
            return int(r.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)
    except OSError:
        return 0


def _maxconn() -> int:
    """As many connections as this machine's file descriptor limit lets HAProxy hold (at most 20000)."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return 20000 if hard == resource.RLIM_INFINITY else max(100, min(20000, (hard - 200) // 2))


class Process:
    """One ``ziehdomino serve`` of a cluster (``start``, ``kill``, ``stop``; the same port each time)."""

    def __init__(self, name: str, port: int, dsn: str, root: Path, extra: list[str]) -> None:
        self.name, self.port, self.dsn, self.extra = name, port, dsn, extra
        self.log_path = root / f"{name}.log"
        self.root = root
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self, wait: bool = True) -> Process:
        args = [sys.executable, "-m", "ziehdomino.cli", "serve", "--host", HOST, "--port", str(self.port),
                "--database", self.dsn, "--name", self.name, "--data", str(self.root / self.name),
                "--proxy", HOST, *self.extra]
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
        if wait:
            self.wait_healthy()
        return self

    def wait_healthy(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited:\n{self.log_path.read_text(errors='replace')[-3000:]}")
            if _health(self.base) == 200:
                return
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not come up")

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)
        if sig == signal.SIGKILL:
            self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None:
            processes.stop(self.proc)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class Cluster:
    """PostgreSQL + ``n`` processes + HAProxy on loopback.

    Args:
        n: processes (1-16).
        port: the proxy's port (default: a free one).
        database: an existing PostgreSQL database to use (default: a throwaway server).
        extra: more ``ziehdomino serve`` options for every process.
        http_rate: the proxy's creations and joins per minute per client address.
    """

    def __init__(self, n: int, *, port: int | None = None, database: str | None = None,
                 extra: list[str] | None = None, http_rate: int = 60) -> None:
        if not 1 <= n <= 16:
            raise ValueError("between 1 and 16 processes")
        if shutil.which("haproxy") is None:
            raise FileNotFoundError("HAProxy is not installed (apt-get install haproxy)")
        self.root = Path(tempfile.mkdtemp(prefix="ziehdomino-cluster-"))
        self.port = port or free_port()
        self.postgres: Postgres | None = None
        self.dsn = database
        self.processes: list[Process] = []
        self.extra = list(extra or [])
        self.n = n
        self.http_rate = http_rate
        self.haproxy: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The proxy's address, ``http://127.0.0.1:PORT``."""
        return f"http://{HOST}:{self.port}"

    def start(self) -> Cluster:
        """Start everything; returns once every process answers through the proxy."""
        try:
            if self.dsn is None:
                self.postgres = Postgres().start()  # its own folder: one the postgres user may enter
                self.dsn = self.postgres.dsn
            self.processes = [Process(f"p{i + 1}", free_port(), self.dsn, self.root, self.extra)
                              for i in range(self.n)]
            for p in self.processes:
                p.start(wait=False)
            for p in self.processes:
                p.wait_healthy()
            cfg = self.root / "haproxy.cfg"
            cfg.write_text(config([Backend(p.name, HOST, p.port) for p in self.processes],
                                  bind=f"{HOST}:{self.port}", maxconn=_maxconn(),
                                  http_rate=self.http_rate), encoding="utf-8")
            with open(self.root / "haproxy.log", "ab") as log:
                self.haproxy = subprocess.Popen(["haproxy", "-db", "-f", str(cfg)], stdout=log,
                                                stderr=subprocess.STDOUT)
            deadline = time.monotonic() + 30
            while _health(self.url) != 200:
                if self.haproxy.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"HAProxy did not come up:\n{(self.root / 'haproxy.log').read_text()}")
                time.sleep(0.1)
        except BaseException:
            self.stop()
            raise
        return self

    def process(self, name: str) -> Process:
        return next(p for p in self.processes if p.name == name)

    def stop(self) -> None:
        """Stop HAProxy, the processes and PostgreSQL; remove the temporary folder."""
        if self.haproxy is not None:
            processes.stop(self.haproxy, timeout=10)
        for p in self.processes:
            p.stop()
        if self.postgres is not None:
            self.postgres.destroy()
        shutil.rmtree(self.root, ignore_errors=True)


def _stop_running() -> int:
    try:
        state = json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        print("no cluster is running", file=sys.stderr)
        return 1
    try:
        os.kill(int(state["pid"]), signal.SIGTERM)
    except ProcessLookupError:
        STATE_FILE.unlink(missing_ok=True)
        print("no cluster is running", file=sys.stderr)
        return 1
    for _ in range(300):
        if not STATE_FILE.exists():
            break
        time.sleep(0.1)
    print("cluster stopped")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``scripts/cluster N [--port P]`` or ``scripts/cluster stop``."""
    p = argparse.ArgumentParser(prog="scripts/cluster", description="PostgreSQL, N server processes and HAProxy on 127.0.0.1.")
    p.add_argument("what", help="how many processes (1-16), or 'stop'")
    p.add_argument("--port", type=int, default=8000, help="the proxy's port (default 8000)")
    p.add_argument("--computer-delay", default=None, help="passed on to every process")
    args = p.parse_args(argv)
    if args.what == "stop":
        return _stop_running()
    if not args.what.isdigit():
        p.error("N must be a number of processes, or 'stop'")
    extra = [] if args.computer_delay is None else ["--computer-delay", args.computer_delay]
    cluster = Cluster(int(args.what), port=args.port, extra=extra)

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)
    try:
        cluster.start()
        STATE_FILE.write_text(json.dumps({"pid": os.getpid(), "url": cluster.url}))
        names = ", ".join(f"{x.name} :{x.port}" for x in cluster.processes)
        print(f"{cluster.url}  ({cluster.n} processes: {names}; PostgreSQL {cluster.dsn}; "
              f"logs in {cluster.root}). Ctrl-C or scripts/cluster stop ends it.", flush=True)
        reported: set[str] = set()
        while True:
            time.sleep(1)
            for x in cluster.processes:
                if not x.running and x.name not in reported:
                    reported.add(x.name)
                    print(f"{x.name} exited (its rooms move to the others); see {x.log_path}", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()
        STATE_FILE.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
