"""When the garbage collector looks at the server's long-lived objects.

CPython frees most objects by reference counting; its cyclic collector exists for reference
cycles. It runs a *full* collection, over every tracked object, whenever the objects that
reached the oldest generation since the last full one grow to a quarter of that generation. A
server that holds rooms and sockets keeps hundreds of thousands of such objects (about 390,000
with 500 four-seat rooms open, mostly the sockets' coroutines, tasks and buffers), and a round
in play keeps adding survivors (log entries, views waiting to be sent), so a full collection
came every 20-50 s and stopped the event loop for 0.3-0.8 s each time. Every action that
arrived meanwhile waited: that was most of the 99th-percentile latency under load.

:func:`keep` moves every tracked object into the collector's permanent generation
(``gc.freeze``) every few seconds, so the automatic collections only ever look at what was
made since (a few seconds' worth). Frozen objects are still freed by reference counting the
moment nobody holds them; only a cycle that became garbage after it was frozen waits, for the
next :func:`full_pass`, which unfreezes, collects everything and freezes again. In steady
play that reclaimed 15 objects after 36 s, so it runs rarely.

Source: the ``gc`` module's documentation (``freeze``, ``unfreeze``, thresholds) and CPython's
``Modules/gcmodule.c`` (the quarter rule for full collections, 3.11).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

#: Seconds between freezes: the most an automatic collection ever has to look at.
FREEZE_EVERY_S = 5.0
#: Seconds between full passes that reclaim cycles which died frozen.
FULL_EVERY_S = 1800.0


def full_pass() -> int:
    """Collect every generation, frozen objects included, then freeze the survivors.

    Returns the number of unreachable objects found. Blocks the caller for as long as the
    collector needs (about 1 µs per tracked object).
    """
    gc.unfreeze()
    try:
        return gc.collect()
    finally:
        gc.freeze()


async def keep(*, freeze_every: float = FREEZE_EVERY_S, full_every: float = FULL_EVERY_S) -> None:
    """Freeze the heap every ``freeze_every`` seconds and run :func:`full_pass` every
    ``full_every`` seconds, until cancelled; on cancellation everything is unfrozen again, so
    the process's collector is back to CPython's defaults.

    Raises:
        ValueError: an interval that is not positive.
    """
    if freeze_every <= 0 or full_every <= 0:
        raise ValueError(f"the intervals must be positive, not {freeze_every!r} and {full_every!r}")
    loop = asyncio.get_running_loop()
    last_full = loop.time()
    try:
        gc.freeze()
        while True:
            await asyncio.sleep(freeze_every)
            if loop.time() - last_full < full_every:
                gc.freeze()
                continue
            started = time.perf_counter()
            found = full_pass()
            last_full = loop.time()
            log.info("full garbage collection: %d unreachable objects, %.0f ms, %d objects kept",
                     found, (time.perf_counter() - started) * 1000, gc.get_freeze_count())
    finally:
        gc.unfreeze()
