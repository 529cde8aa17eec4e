"""When the garbage collector looks at the server's long-lived objects: full collections of a
large oldest generation stop the event loop, so :func:`keep` freezes the heap every few seconds
(``gc.freeze``) and :func:`full_pass` now and then reclaims the cycles that died frozen.
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
    """Collect every generation, frozen objects included, then freeze the survivors; returns
    the number of unreachable objects found. Blocks the caller while the collector runs."""
    gc.unfreeze()
    try:
        return gc.collect()
    finally:
        gc.freeze()


async def keep(*, freeze_every: float = FREEZE_EVERY_S, full_every: float = FULL_EVERY_S) -> None:
    """Freeze the heap every ``freeze_every`` s and run :func:`full_pass` every ``full_every`` s
    until cancelled, then unfreeze.

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
