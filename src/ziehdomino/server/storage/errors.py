"""The storage's errors, shared by the contract and both implementations."""

from __future__ import annotations


class StorageUnavailable(Exception):
    """The storage cannot be opened; the message is one line for the operator."""


class RoomMoved(Exception):
    """A fenced write changed no row: another process holds the room now (nothing written)."""

    def __init__(self, room_id: str) -> None:
        super().__init__(f"room {room_id} is held by another process")
        self.room_id = room_id


class RoomBusy(Exception):
    """The room exists and another live process holds it (its lease is valid, its session open)."""
