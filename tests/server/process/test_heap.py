"""The collector's schedule (server/process/heap.py): long-lived objects frozen, cycles still reclaimed."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import weakref
from collections.abc import AsyncIterator

import pytest

from ziehdomino.server.process import heap
from tests.support.server import on_own_thread


class _Node:
    """An object that can sit in a reference cycle and be watched through a weak reference."""

    def __init__(self) -> None:
        self.other: _Node | None = None


def _cycle() -> _Node:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return a


@contextlib.asynccontextmanager
async def _keeping(*, freeze_every: float, full_every: float) -> AsyncIterator[None]:
    """:func:`heap.keep` running for the block, then cancelled (and awaited)."""
    keeper = asyncio.get_running_loop().create_task(heap.keep(freeze_every=freeze_every, full_every=full_every))
    try:
        yield
    finally:
        keeper.cancel()
        with pytest.raises(asyncio.CancelledError):
            await keeper


async def test_a_cycle_that_dies_frozen_waits_for_the_full_pass_and_is_reclaimed_then() -> None:
    async with _keeping(freeze_every=0.01, full_every=3600):
        held = _cycle()
        watched = weakref.ref(held)
        await asyncio.sleep(0.05)  # frozen meanwhile, then dropped: it dies frozen
        assert gc.get_freeze_count() > 0
        del held
        gc.collect()
        assert watched() is not None, "an automatic collection reached a frozen object"
        assert heap.full_pass() >= 2
        assert watched() is None
        assert gc.get_freeze_count() > 0, "the survivors of the full pass are frozen again"
    assert gc.get_freeze_count() == 0, "a stopped keeper leaves the collector as it found it"


async def test_the_full_pass_comes_by_itself_on_schedule() -> None:
    async with _keeping(freeze_every=0.01, full_every=0.1):
        held = _cycle()
        watched = weakref.ref(held)
        await asyncio.sleep(0.05)
        del held
        gc.collect()
        assert watched() is not None
        for _ in range(100):  # a full pass is due every 0.1 s
            await asyncio.sleep(0.05)
            if watched() is None:
                break
        assert watched() is None


def test_intervals_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        on_own_thread(heap.keep(freeze_every=0))
