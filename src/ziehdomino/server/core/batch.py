"""Changes of one room that queued for its writer meanwhile, run as one batch: applied in turn,
their writes stored in order (a ``state`` write left out when a later one holds it), swapped in
and pushed once (docs/architecture.md, idea 10). Planning only; the writer does the I/O.
"""

from __future__ import annotations

from collections.abc import Callable

from ..process.metrics import ActionTiming
from .changes import Step
from .room import Room


class Queued:
    """A change waiting for its room's writer, and its step or error, read by its caller once it
    holds the room's lock (the batch ended before that)."""

    __slots__ = ("change", "timing", "done", "_step", "_error")

    def __init__(self, change: Callable[[Room], Step | None], timing: ActionTiming | None) -> None:
        self.change = change
        self.timing = timing
        self.done = False
        self._step: Step | None = None
        self._error: BaseException | None = None

    def succeed(self, step: Step | None) -> None:
        """The change was made (``step``), or found nothing to do (None)."""
        self.done, self._step = True, step

    def fail(self, error: BaseException) -> None:
        """The change was refused, or its write failed: nothing of it was made."""
        self.done, self._error = True, error

    def outcome(self) -> Step | None:
        """The step, or the error raised.

        Raises:
            RuntimeError: the change was not run yet (a writer bug).
        """
        if not self.done:
            raise RuntimeError("the change was not run")
        if self._error is not None:
            raise self._error
        return self._step


def to_store(steps: list[Step]) -> list[bool]:
    """Per step, whether its write is stored: all but a ``state`` write the next write holds too
    (a ``best_effort`` write never stands in for one that may not fail)."""
    stored = [s.write is not None for s in steps]
    later = None  # the next write after i
    for i in range(len(steps) - 1, -1, -1):
        write = steps[i].write
        if write is None:
            continue
        if (write.kind == "state" and later is not None and later.kind in ("state", "whole")
                and (write.best_effort or not later.best_effort)):
            stored[i] = False
        later = write
    return stored


def durable(steps: list[Step], stored: list[bool], failed: int) -> int:
    """How many of the batch's first steps hold when the write of step ``failed`` failed (a step
    whose write was left out for that one is lost with it)."""
    last = max((i for i in range(failed) if stored[i]), default=-1)
    n = last + 1
    while n < failed and steps[n].write is None:
        n += 1
    return n
