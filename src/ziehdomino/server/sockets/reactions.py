"""Reactions: short phrases a seated person sends to the table, pushed at once and never stored
(docs/protocol.md, "Reactions").
"""

from __future__ import annotations

import orjson

from ...constants import REACTION_GAP, Reaction
from ..core.room import RoomError, Seat
from ..core.writer import RoomWriter
from ..protocol.codes import ErrorCode

#: Entries kept before old ones are swept (one per seat that reacted within the gap).
_SWEEP_AT = 10_000


class Reactions:
    """The last reaction time per room and seat, at most one per ``gap`` seconds, and the push."""

    def __init__(self, gap: float = REACTION_GAP) -> None:
        self.gap = gap
        self._last: dict[tuple[str, Seat], float] = {}

    def send(self, writer: RoomWriter, seat: Seat | None, reaction: Reaction, now: float) -> None:
        """Push ``seat``'s ``reaction`` to every connection of the room.

        Raises:
            RoomError: ``spectator``, ``reaction_too_soon``, ``room_not_found``, ``room_moved``.
        """
        writer.check_alive()
        if seat is None or writer.room.seats[seat].left:
            raise RoomError(ErrorCode.SPECTATOR, "only a person seated at the table can react")
        key = (writer.id, seat)
        last = self._last.get(key)
        if last is not None and now - last < self.gap:
            raise RoomError(ErrorCode.REACTION_TOO_SOON, f"one reaction per {self.gap:g} seconds")
        if len(self._last) >= _SWEEP_AT:
            self._last = {k: t for k, t in self._last.items() if now - t < self.gap}
        self._last[key] = now
        text = orjson.dumps({"type": "reaction", "seat": seat, "reaction": reaction}).decode()
        for conn in writer.connections:
            conn.push(text)
