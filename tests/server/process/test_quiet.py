"""Client-caused log lines: one short line per kind and minute, and the count of a burst that
stopped is still written once its minute is over."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from ziehdomino.server.process import quiet


def test_a_burst_is_one_line_at_once_and_its_rest_one_line_after_the_minute(monkeypatch: Any,
                                                                           caplog: pytest.LogCaptureFixture) -> None:
    now = [1000.0]
    monkeypatch.setattr(quiet.time, "monotonic", lambda: now[0])
    f = quiet.install()
    try:
        with caplog.at_level(logging.INFO, logger="uvicorn.error"):
            log = logging.getLogger("uvicorn.error")
            for _ in range(150):
                try:
                    raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
                except UnicodeDecodeError:
                    log.exception("Invalid UTF-8 text frame")
            log.info("something else")
            f.flush()  # within the minute: nothing owed yet
            now[0] += quiet.EVERY
            f.flush()
            f.flush()  # owed once only
    finally:
        quiet.remove(f)
    lines = [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records]
    kind = quiet.KINDS["Invalid UTF-8"]
    assert lines == [("WARNING", f"{kind}: 1 since the last report", None), ("INFO", "something else", None),
                     ("WARNING", f"{kind}: 149 since the last report", None)]
