"""How many rooms each creator (:func:`.roomstate.address_key`) has open, for the cap of ``POST
/api/rooms`` (docs/protocol.md, ``too_many_rooms``); counted across processes with PostgreSQL.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from ..protocol.codes import ErrorCode
from ..storage import RoomStorage
from .room import Room, RoomError

if TYPE_CHECKING:
    from .writer import RoomWriter

log = logging.getLogger("ziehdomino.rooms")


def counts(room: Room, since: float) -> bool:
    """Whether ``room`` counts toward its creator's limit: a person who took a seat and did not
    leave is at the table, or went away at or after ``since`` (unix s)."""
    for i in room.persons():
        away = room.state.away_since[i]
        if not room.seats[i].left and (away is None or away >= since):
            return True
    return False


class Openers:
    """The rooms each creator opened that this process holds."""

    def __init__(self, storage: RoomStorage, limit_away: float) -> None:
        self.storage = storage
        self.limit_away = limit_away
        self._held: dict[str, dict[str, RoomWriter]] = {}

    def held(self, writer: RoomWriter) -> None:
        """This process holds ``writer``'s room now."""
        creator = writer.room.state.creator
        if creator is not None:
            self._held.setdefault(creator, {})[writer.id] = writer

    def let_go(self, writer: RoomWriter) -> None:
        """This process no longer holds ``writer``'s room (it ended, or moved to another process)."""
        creator = writer.room.state.creator
        rooms = self._held.get(creator) if creator is not None else None
        if rooms is not None:
            rooms.pop(writer.id, None)
            if not rooms:
                del self._held[creator]  # type: ignore[arg-type]

    async def count(self, creator: str, now: float | None = None) -> int:
        """The rooms ``creator`` has open that count at ``now`` (unix s; None: now).

        Raises:
            RoomError: ``server_error`` when the storage could not count them.
        """
        since = (time.time() if now is None else now) - self.limit_away
        try:
            counted = await self.storage.rooms_opened_by(creator, since)
        except Exception as exc:
            log.error("counting the rooms of a creator failed: %r", exc)
            raise RoomError(ErrorCode.SERVER_ERROR, "the room could not be opened; try again") from None
        if counted is not None:
            return counted
        return sum(counts(w.room, since) for w in self._held.get(creator, {}).values())
