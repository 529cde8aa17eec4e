"""Stopping a child process this package started (a server, HAProxy), whatever state it is in."""

from __future__ import annotations

import signal
import subprocess
from typing import Any


def stop(proc: subprocess.Popen[Any], *, timeout: float = 15.0) -> None:
    """Ask ``proc`` to end (SIGTERM, after a SIGCONT in case it was stopped) and wait up to
    ``timeout`` seconds; then kill it. Returns once it has exited; nothing if it already had."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGCONT)
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
