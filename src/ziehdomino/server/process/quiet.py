"""Log lines a client can cause, kept short and rare (docs/deploy.md, "Logs"): uvicorn logs each
bad frame or request at any level, so anyone could fill the log.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Final

#: Seconds between two lines about one kind of client-caused record.
EVERY = 60.0
_UVICORN = "uvicorn.error"

#: uvicorn's records that a client causes at will, by how their message starts, and what the
#: summary line says of them.
KINDS: Final = {
    "Invalid UTF-8": "malformed WebSocket frames (invalid UTF-8) closed with 1007",
    "Invalid HTTP request received.": "invalid HTTP requests answered 400",
    "Unsupported upgrade request.": "unsupported upgrade requests",
    "connection rejected (": "refused WebSocket handshakes (malformed upgrade requests)",
}


class ClientCausedLines(logging.Filter):
    """A filter for uvicorn's logger: one short line per :data:`EVERY` seconds per kind of :data:`KINDS`."""

    def __init__(self) -> None:
        super().__init__()
        self.counts = dict.fromkeys(KINDS, 0)
        self.last = dict.fromkeys(KINDS, -EVERY)

    def filter(self, record: logging.LogRecord) -> bool:
        message = str(record.msg)
        kind = next((k for k in KINDS if message.startswith(k)), None)
        if kind is None:
            return True
        self.counts[kind] += 1
        now = time.monotonic()
        if now - self.last[kind] < EVERY:
            return False
        record.msg, record.args = _LINE, (KINDS[kind], self.counts[kind])
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        self.counts[kind], self.last[kind] = 0, now
        return True

    def flush(self) -> None:
        """Write the line owed for each kind seen since its last line once :data:`EVERY`
        seconds have passed since that line (a burst that stopped is still reported)."""
        now = time.monotonic()
        for kind, count in self.counts.items():
            if count and now - self.last[kind] >= EVERY:
                self.counts[kind], self.last[kind] = 0, now
                logging.getLogger(_UVICORN).warning(_LINE, KINDS[kind], count)


_LINE = "%s: %d since the last report"

#: How the lines of one WebSocket begin: uvicorn's handshake line, the library's open and close.
SOCKET_LINES: Final = ('%s - "WebSocket %s"', "connection open", "connection closed")


def without_socket_access(record: logging.LogRecord) -> bool:
    """A filter for uvicorn's logger (logging takes a function): False for a line of :data:`SOCKET_LINES`."""
    return not str(record.msg).startswith(SOCKET_LINES)


async def report(f: ClientCausedLines) -> None:
    """Flush ``f`` every quarter of :data:`EVERY` seconds, until cancelled."""
    while True:
        await asyncio.sleep(EVERY / 4)
        f.flush()


def install() -> ClientCausedLines:
    """Add the filter to uvicorn's logger (call after uvicorn set up logging); returns it."""
    f = ClientCausedLines()
    logging.getLogger(_UVICORN).addFilter(f)
    return f


def remove(f: ClientCausedLines) -> None:
    """Take the filter :func:`install` added off uvicorn's logger again."""
    logging.getLogger(_UVICORN).removeFilter(f)
