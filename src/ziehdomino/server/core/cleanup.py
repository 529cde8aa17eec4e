"""The sweep for ended rooms: a room whose persons have all left, or have all been away for
``--abandon-hours``, ends and is deleted (docs/protocol.md, "Storage and restarts"), each through
its own writer (:func:`.changes.abandon`), then the rooms no process holds (PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..storage import RoomStorage
from . import changes
from .room import RoomError
from .writer import RoomWriter


async def sweep(writers: Iterable[RoomWriter], storage: RoomStorage, limit: float, now: float) -> list[str]:
    """End and delete every room of ``writers`` whose persons have all left or have all been away
    ``limit`` seconds at ``now`` (unix s; a round in progress included), and the rooms the storage
    holds for no process that nobody was at since; returns the deleted ids."""
    gone: list[str] = []
    for writer in list(writers):
        if not writer.room.abandoned(now, limit):
            continue
        async with writer.lock:
            if writer.deleted or writer.gone:
                continue
            try:
                step = await writer.run_locked(lambda r: changes.abandon(r, now, limit))
            except RoomError:
                continue  # logged; tried again at the next cleanup
            if step is not None:
                gone.append(writer.id)
    gone += await storage.delete_unheld(now - limit)  # rooms no process holds (PostgreSQL)
    return gone
