"""A throwaway PostgreSQL server from Debian's binaries, in its own temporary folder, on loopback
only. As root every command runs as the ``postgres`` user, which PostgreSQL requires.
Authentication is ``trust`` and ``fsync`` off: nothing here outlives :meth:`Postgres.stop`.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

HOST = "127.0.0.1"
USER = "ziehdomino"


def find_bin_dir() -> Path:
    """The folder of ``initdb`` and ``pg_ctl`` (newest Debian version first, then ``$PATH``);
    ``FileNotFoundError`` without them."""
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True):
        if (Path(d) / "initdb").exists():
            return Path(d)
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    raise FileNotFoundError("PostgreSQL is not installed (apt-get install postgresql)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Postgres:
    """One throwaway PostgreSQL server on ``port`` (default: a free one), kept in ``root``
    (default: a temporary folder, removed at stop; as root, one the ``postgres`` user may enter)."""

    def __init__(self, port: int | None = None, root: Path | None = None) -> None:
        self.bin = find_bin_dir()
        self.port = port or free_port()
        self._own_root = root is None
        self.root = Path(tempfile.mkdtemp(prefix="ziehdomino-pg-")) if root is None else root
        self.data = self.root / "data"
        self.socket_dir = self.root / "run"
        self.log = self.root / "postgres.log"
        self._as_postgres = os.geteuid() == 0
        self._databases = 0

    @property
    def dsn(self) -> str:
        """``postgresql://`` address of the default database ``ziehdomino``."""
        return self.dsn_for(USER)

    def dsn_for(self, database: str) -> str:
        return f"postgresql://{USER}@{HOST}:{self.port}/{database}"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        cmd = [*(["runuser", "-u", "postgres", "--"] if self._as_postgres else []), *args]
        done = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=120,
                              env={**os.environ, "LC_ALL": "C.UTF-8"})
        if check and done.returncode != 0:
            raise RuntimeError(f"{Path(args[0]).name} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
        return done

    def init(self) -> Postgres:
        self.root.mkdir(parents=True, exist_ok=True)
        self.socket_dir.mkdir(exist_ok=True)
        if self._as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
            shutil.chown(self.socket_dir, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8",
                  "--locale=C.UTF-8", "--no-sync")
        return self

    def start(self) -> Postgres:
        """Start the server (``pg_ctl start -w``) and make sure database ``ziehdomino`` exists."""
        if not self.data.exists():
            self.init()
        options = (f"-c listen_addresses={HOST} -p {self.port} -c unix_socket_directories={self.socket_dir} "
                   "-c fsync=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")
        self.create_database(USER)
        return self

    @property
    def pid(self) -> int:
        """The postmaster's process id (from ``postmaster.pid``; 0 when it is not running)."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return 0

    def create_database(self, name: str) -> str:
        """Create database ``name`` if missing; returns its address."""
        have = self.psql("postgres", f"SELECT 1 FROM pg_database WHERE datname = '{name}'")
        if not have.strip():
            self.psql("postgres", f'CREATE DATABASE "{name}"')
        return self.dsn_for(name)

    def new_database(self) -> str:
        """A fresh, empty database (``t1``, ``t2``, ...); returns its address."""
        self._databases += 1
        return self.create_database(f"t{self._databases}")

    def psql(self, database: str, sql: str) -> str:
        """Run one SQL statement with ``psql``; its unaligned output."""
        out = self._run(str(self.bin / "psql"), "-h", HOST, "-p", str(self.port), "-U", USER, "-d", database,
                        "-XAtq", "-v", "ON_ERROR_STOP=1", "-c", sql)
        return out.stdout

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``pg_ctl stop -m mode``); the data folder stays."""
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop",
                      check=False)

    def restart(self) -> None:
        """Stop (fast: every session is ended) and start again on the same port."""
        self.stop()
        self.start()

    def destroy(self) -> None:
        """Stop the server and remove its folder (when it made the folder itself)."""
        self.stop("immediate")
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._run(str(self.bin / "pg_isready"), "-h", HOST, "-p", str(self.port), check=False).returncode == 0:
                return
            time.sleep(0.1)
        raise RuntimeError(f"PostgreSQL did not come up:\n{self.log.read_text() if self.log.exists() else ''}")
