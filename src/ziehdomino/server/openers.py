"""How many rooms each creator has open, for the per-address limit of ``POST /api/rooms``.

A creator is :func:`.roomstate.address_key` of the address that opened the room. The storage
counts across processes where it can (PostgreSQL, SQLite); otherwise the rooms this process
holds are counted.
"""

from __future__ import annotations

import logging
from collections import Counter

from .codes import ErrorCode
from .room import Room, RoomError
from .storage import RoomStorage

log = logging.getLogger("ziehdomino.rooms")


class Openers:
    """The open rooms per creator: told of every room this process takes and lets go."""

    def __init__(self, storage: RoomStorage) -> None:
        self.storage = storage
        self._held: Counter[str] = Counter()

    def held(self, room: Room) -> None:
        """This process holds ``room`` now."""
        if room.state.creator is not None:
            self._held[room.state.creator] += 1

    def let_go(self, room: Room) -> None:
        """This process no longer holds ``room`` (it ended, or moved to another process)."""
        creator = room.state.creator
        if creator is not None:
            self._held[creator] -= 1
            if self._held[creator] <= 0:
                del self._held[creator]

    async def count(self, creator: str) -> int:
        """The rooms ``creator`` has open.

        Raises:
            RoomError: ``server_error`` when the storage could not count them.
        """
        try:
            counted = await self.storage.rooms_opened_by(creator)
        except Exception as exc:
            log.error("counting the rooms of a creator failed: %r", exc)
            raise RoomError(ErrorCode.SERVER_ERROR, "the room could not be opened; try again") from None
        return self._held[creator] if counted is None else counted
