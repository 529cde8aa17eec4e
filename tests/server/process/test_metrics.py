"""Action timings (server/process/metrics.py): an action is timed until every connection wrote it."""

from __future__ import annotations

from ziehdomino.server.process.metrics import Metrics
from ziehdomino.server.core.connection import Connection


async def test_action_timing_waits_for_every_connection_and_follows_replacing_states() -> None:
    metrics = Metrics()
    a, b = Connection(0), Connection(1)
    t = metrics.start(0.0)
    t.mark_stored()
    pushed = a.push("s1", is_state=True, timing=t) + b.push("s1", is_state=True, timing=t)
    t.mark_pushed(pushed)
    a.push("s2", is_state=True)  # replaces s1 on a: the timing moves to s2
    assert await a.next() == "s2"
    a.sent()
    assert metrics.total == 0  # b has not written yet
    assert await b.next() == "s1"
    b.sent()
    assert metrics.total == 1 and metrics.since(0)["next"] == 1 and len(metrics.since(0)["samples"]) == 1
    t2 = metrics.start(0.0)
    t2.mark_stored()
    c = Connection(2)
    t2.mark_pushed(c.push("s3", is_state=True, timing=t2))
    c.close(1000)  # closed before writing: counts as done
    assert metrics.total == 2 and metrics.since(1)["samples"] == metrics.since(0)["samples"][1:]
