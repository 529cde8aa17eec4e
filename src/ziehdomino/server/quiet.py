"""Log lines a client can cause, kept short and rare.

uvicorn logs an invalid UTF-8 text frame as an ERROR with a full traceback (about 500 bytes),
once per frame, at any log level: anyone could fill the log. :class:`MalformedFrames` turns
those records into one WARNING line per :data:`EVERY` seconds at most, with the number of such
frames since the last line. The connection itself is closed by uvicorn (1007) as before.
"""

from __future__ import annotations

import logging
import time

#: Seconds between two lines about malformed frames.
EVERY = 60.0
_UVICORN = "uvicorn.error"


class MalformedFrames(logging.Filter):
    """A filter for uvicorn's logger: one short line per :data:`EVERY` seconds for invalid UTF-8 frames."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.last = -EVERY

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Invalid UTF-8"):
            return True
        self.count += 1
        now = time.monotonic()
        if now - self.last < EVERY:
            return False
        record.msg, record.args = "malformed WebSocket frames (invalid UTF-8) closed with 1007: %d since the last report", (self.count,)
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        self.count, self.last = 0, now
        return True


def install() -> MalformedFrames:
    """Add the filter to uvicorn's logger (call after uvicorn set up logging); returns it."""
    f = MalformedFrames()
    logging.getLogger(_UVICORN).addFilter(f)
    return f


def remove(f: MalformedFrames) -> None:
    logging.getLogger(_UVICORN).removeFilter(f)
