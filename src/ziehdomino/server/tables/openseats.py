"""The seats and claims each address (hashed) holds at waiting open tables, for the cap
``--max-open-seats-per-address`` (docs/protocol.md, "Open tables" and "Limits per address,
and proxies"); each process counts the rooms it holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..core.room import Room, RoomError
from ..protocol.codes import ErrorCode
from .opentables import waiting

if TYPE_CHECKING:
    from ..core.changes import Step
    from ..core.rooms import Rooms
    from ..core.writer import RoomWriter


def held_by(room: Room) -> Counter[str]:
    """Per address hash, the seats and claims at ``room`` that count toward the cap."""
    held: Counter[str] = Counter()
    if not room.state.public:
        return held
    for s in room.seats:
        if waiting(room) and s.address is not None and s.credential_hash is not None and not s.left:
            held[s.address] += 1
        if s.heir_address is not None:
            held[s.heir_address] += 1
    return held


class OpenSeats:
    """A listener of every writer: the seats and claims each address holds here, and ``cap``."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._held: dict[str, tuple[RoomWriter, Counter[str]]] = {}
        self._rooms_of: dict[str, set[str]] = {}
        self._taking: Counter[str] = Counter()  # seats being taken now (a join or a creation under way)

    @classmethod
    def listening_to(cls, rooms: Rooms) -> OpenSeats:
        """The counter of ``rooms``' open seats, listening to them and set as their ``seat_cap``."""
        seats = cls(rooms.settings.max_open_seats_per_address)
        rooms.listeners.append(seats)
        rooms.seat_cap = seats.taking
        return seats

    def changed(self, writer: RoomWriter, step: Step | None) -> None:
        """Count ``writer``'s room again (a private room returns at once)."""
        if not writer.room.state.public and writer.id not in self._held:
            return
        held = Counter() if writer.deleted or writer.gone else held_by(writer.room)
        _, before = self._held.pop(writer.id, (writer, Counter()))
        for address in before.keys() - held.keys():
            self._rooms_of[address].discard(writer.id)
            if not self._rooms_of[address]:
                del self._rooms_of[address]
        if held:
            self._held[writer.id] = (writer, held)
            for address in held:
                self._rooms_of.setdefault(address, set()).add(writer.id)

    def count(self, address: str) -> int:
        """The seats and claims ``address`` (a hash) holds now, those being taken included."""
        total = self._taking[address]
        for room_id in list(self._rooms_of.get(address, ())):
            writer, held = self._held[room_id]
            if writer.deleted or writer.gone:  # ended or moved without a change told here
                self.changed(writer, None)
            else:
                total += held[address]
        return total

    @contextmanager
    def taking(self, address: str | None) -> Iterator[None]:
        """Around a request that takes a seat or claim for ``address`` (None: not counted),
        counted while it runs so that requests at once cannot pass the cap together.

        Raises:
            RoomError: ``too_many_seats`` when ``address`` holds :attr:`cap` seats and claims.
        """
        if address is None:
            yield
            return
        if self.count(address) >= self.cap:
            raise RoomError(ErrorCode.TOO_MANY_SEATS, f"this address holds {self.cap} seats at open tables that "
                                                      "wait for their first round; wait until one of them starts")
        self._taking[address] += 1
        try:
            yield
        finally:
            self._taking[address] -= 1
            if not self._taking[address]:
                del self._taking[address]
