"""Changes of one room that queued for its writer meanwhile, run as one batch (docs/architecture.md, idea 10).

While a change of a room is stored, the room's other changes wait for its lock: at a round's end
all four seats ask for the next round at once. Rather than one store after the other, the writer
takes every change waiting and applies each to the value the one before it made; their writes
are stored in order, except that a write of the room's own state is left out when a later one
of the batch writes that state again (``state`` or ``whole``): the later write holds it. The
batch's value is swapped in and pushed once. Pure planning here; the writer does the I/O.
"""

from __future__ import annotations

from collections.abc import Callable

from ..process.metrics import ActionTiming
from .changes import Step
from .room import Room


class Queued:
    """A change waiting for its room's writer, and what came of it: its step, or the error that
    refused it. Its caller reads that once it holds the room's lock itself: the batch that ran
    the change ended before the lock was let go, so no future is needed to wait on."""

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
    """Per step, whether its write is stored: every write but a ``state`` write that the next
    write of the batch holds too (``state`` or ``whole``; a write that may fail silently,
    ``best_effort``, never stands in for one that may not)."""
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
    """How many of the batch's first steps hold when the write of step ``failed`` failed (the
    ones before it are stored): the steps up to the last stored write before it and the steps
    after that which need no write; a step whose write was left out for ``failed``'s is lost
    with it."""
    last = max((i for i in range(failed) if stored[i]), default=-1)
    n = last + 1
    while n < failed and steps[n].write is None:
        n += 1
    return n
