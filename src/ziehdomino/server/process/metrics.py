"""Server-side timings of accepted actions, for ``ziehdomino bench server`` (off by default):
from the message read to its commit, to every state queued and to the last frame written
(``perf_counter``; a connection that closes first counts as done). Served as
``GET /api/debug/metrics`` (docs/protocol.md).
"""

from __future__ import annotations

import time
from collections import deque

#: Samples kept (the oldest are dropped).
KEEP = 500_000


class ActionTiming:
    """One accepted action in flight: done once every connection it was pushed to wrote it."""

    __slots__ = ("metrics", "received", "stored", "pushed", "waiting")

    def __init__(self, metrics: Metrics, received: float) -> None:
        self.metrics = metrics
        self.received = received
        self.stored = 0.0
        self.pushed = 0.0
        self.waiting = 0

    def mark_stored(self) -> None:
        self.stored = time.perf_counter()

    def mark_pushed(self, connections: int) -> None:
        """Every connection has its state queued; ``connections`` of them still have to write it."""
        self.pushed = time.perf_counter()
        self.waiting += connections
        if self.waiting == 0:
            self.metrics.record(self, self.pushed)

    def written(self) -> None:
        """One connection wrote the state (or dropped it)."""
        self.waiting -= 1
        if self.waiting == 0:
            self.metrics.record(self, time.perf_counter())


class Metrics:
    """The samples of finished :class:`ActionTiming` s, in milliseconds."""

    def __init__(self) -> None:
        self.samples: deque[tuple[float, float, float]] = deque(maxlen=KEEP)
        self.total = 0  # samples ever recorded

    def start(self, received: float) -> ActionTiming:
        return ActionTiming(self, received)

    def record(self, t: ActionTiming, written: float) -> None:
        if not t.stored:
            return  # refused or not stored: not a sample
        self.samples.append((round((t.stored - t.received) * 1000, 3), round((t.pushed - t.received) * 1000, 3),
                             round((written - t.received) * 1000, 3)))
        self.total += 1

    def since(self, n: int) -> dict[str, object]:
        first = self.total - len(self.samples)
        start = max(0, n - first)
        return {"next": self.total, "samples": list(self.samples)[start:]}
