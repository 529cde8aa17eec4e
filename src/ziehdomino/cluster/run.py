"""A whole cluster on loopback (:class:`Cluster`): a throwaway PostgreSQL, N ``ziehdomino serve``
processes ``p1``..``pN`` on it, each logging to ``pN.log``, and HAProxy in front; one process can
be stopped, started and restarted on its own. Used by ``scripts/cluster``, the cluster tests and
``bench server --cluster``.
"""

from __future__ import annotations

import os
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from . import processes
from .haproxy import Backend, config
from ..constants import MAX_CONNECTIONS_PER_ADDRESS
from .postgres import HOST, Postgres, free_port
from .tls import Certificate, self_signed

#: The hosts the proxy is reached by (those of :mod:`.tls`'s certificate), allowed by every process.
SITE_HOSTS: tuple[str, ...] = (HOST, "localhost")

def _health(url: str, timeout: float = 2.0, context: ssl.SSLContext | None = None) -> int:
    try:
        with urllib.request.urlopen(url + "/api/health", timeout=timeout, context=context) as r:  # noqa: S310 -- loopback
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


def start_haproxy(root: Path, backends: list[Backend], port: int, *, http_rate: int,
                  tls: Certificate | None = None, http_port: int | None = None,
                  per_address: int = MAX_CONNECTIONS_PER_ADDRESS) -> subprocess.Popen[bytes]:
    """HAProxy on ``127.0.0.1:port`` in front of ``backends``, its configuration and log in
    ``root``; returns once a health check through it answers. ``RuntimeError`` (with its log,
    stopped) if it exits or does not answer."""
    cfg = root / "haproxy.cfg"
    cfg.write_text(config(backends, bind=f"{HOST}:{port}", maxconn=_maxconn(), http_rate=http_rate,
                          tls=None if tls is None else tls.combined,
                          http_bind=None if tls is None else f"{HOST}:{http_port}", per_address=per_address,
                          allowed_hosts=SITE_HOSTS),
               encoding="utf-8")
    with open(root / "haproxy.log", "ab") as log:
        proc = subprocess.Popen(["haproxy", "-db", "-f", str(cfg)], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    scheme, context = ("http", None) if tls is None else ("https", tls.client_context())
    while _health(f"{scheme}://{HOST}:{port}", context=context) != 200:
        if proc.poll() is not None or time.monotonic() > deadline:
            processes.stop(proc, timeout=10)
            raise RuntimeError(f"HAProxy did not come up:\n{(root / 'haproxy.log').read_text()}")
        time.sleep(0.1)
    return proc


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
                "--proxy", HOST, "--allowed-hosts", ",".join(SITE_HOSTS), *self.extra]
        with open(self.log_path, "ab") as log:
            log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} starting {self.name} on port {self.port}\n".encode())
            log.flush()
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
        """End the process by SIGTERM (its rooms go free) and wait for it."""
        if self.proc is not None:
            processes.stop(self.proc)

    def restart(self) -> Process:
        """:meth:`stop`, then :meth:`start`, until healthy."""
        self.stop()
        return self.start()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class Cluster:
    """PostgreSQL (``database``, default a throwaway one) + ``n`` processes (1-16, with ``extra``
    options) + HAProxy on loopback, on ``port`` (default a free one). ``keep_logs``: :meth:`stop`
    removes only the data; ``tls``: https with a throwaway certificate, plain HTTP on
    ``http_port`` redirecting; ``http_rate`` and ``per_address`` as :func:`.haproxy.config`'s."""

    def __init__(self, n: int, *, port: int | None = None, database: str | None = None,
                 extra: list[str] | None = None, http_rate: int = 60, keep_logs: bool = False,
                 tls: bool = False, http_port: int | None = None,
                 per_address: int = MAX_CONNECTIONS_PER_ADDRESS) -> None:
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
        self.keep_logs = keep_logs
        self.tls = tls
        self.per_address = per_address
        self.certificate: Certificate | None = None
        self.http_port: int | None = (http_port or free_port()) if tls else None

    @property
    def url(self) -> str:
        """The proxy's address, ``http://127.0.0.1:PORT`` (``https://`` with TLS)."""
        return f"{'https' if self.tls else 'http'}://{HOST}:{self.port}"

    def start(self) -> Cluster:
        """Start everything; returns once every process answers through the proxy."""
        try:
            if self.dsn is None:
                self.postgres = Postgres().start()
                self.dsn = self.postgres.dsn
            self.processes = [Process(f"p{i + 1}", free_port(), self.dsn, self.root, self.extra)
                              for i in range(self.n)]
            for p in self.processes:
                p.start(wait=False)
            for p in self.processes:
                p.wait_healthy()
            if self.tls:
                self.certificate = self_signed(self.root)
            self.haproxy = start_haproxy(self.root, [Backend(p.name, HOST, p.port) for p in self.processes],
                                         self.port, http_rate=self.http_rate, tls=self.certificate,
                                         http_port=self.http_port, per_address=self.per_address)
        except BaseException:
            self.stop()
            raise
        return self

    def process(self, name: str) -> Process:
        """The process named ``name``; ``KeyError`` naming those there are."""
        for p in self.processes:
            if p.name == name:
                return p
        raise KeyError(f"no process {name!r} (there are {', '.join(p.name for p in self.processes)})")

    def stop(self) -> None:
        """Stop HAProxy, the processes and PostgreSQL; remove the folder (but the logs with ``keep_logs``)."""
        if self.haproxy is not None:
            processes.stop(self.haproxy, timeout=10)
        for p in self.processes:
            p.stop()
        if self.postgres is not None:
            self.postgres.stop("immediate")
            if self.keep_logs and self.postgres.log.exists():
                shutil.copyfile(self.postgres.log, self.root / "postgres.log")
            self.postgres.destroy()
        if not self.keep_logs:
            shutil.rmtree(self.root, ignore_errors=True)
            return
        for entry in self.root.iterdir():
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            elif not entry.name.endswith(".log"):
                entry.unlink(missing_ok=True)
