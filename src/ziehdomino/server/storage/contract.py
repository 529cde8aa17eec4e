"""The storage contract the rooms use, kept by its implementations (:func:`open_storage` in the
package chooses one, as ``--database`` says; docs/architecture.md, idea 10):

* none (the default): SQLite in ``--data`` (:class:`.sqlite.SqliteStorage`) -- one process holds
  every room; a second process on the same folder is refused (an exclusive lock).
* ``postgresql://...``: PostgreSQL (:class:`.postgres.PostgresStorage`) -- several processes
  share the database, each room is held by one process at a time under a lease with a fencing
  epoch (:mod:`.ownership`).

Both store the same rows (:class:`.record.RoomRecord`, encoded by :func:`.record.encode_record`):
a room written whole, the actions appended since, the records of its finished rounds. Beside
them each keeps the profiles (:attr:`RoomStorage.profiles`, :mod:`.profiles`).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from ...engine.actions import ActionJSON
from ...engine.replay import RoundRecord
from .profiles import ProfileStore
from .record import RoomRecord, StateFields, StoredRoomState

#: Called with a room id when this process no longer holds that room (``release``: it was asked
#: to let go and should write its release), from the storage's own task.
LostCallback = Callable[[str, bool], Coroutine[Any, Any, None]]


class RoomStorage(Protocol):
    """What :class:`~.rooms.Rooms` needs from a storage. Use it from the event loop's thread."""

    #: Where the rooms are (a path or a database address without secrets), for logs.
    where: str

    @property
    def profiles(self) -> ProfileStore:
        """The profiles kept beside the rooms, in the same file or database (:mod:`.profiles`),
        usable once :meth:`start` returned."""

    async def start(self, on_lost: LostCallback) -> None:
        """Open connections, apply migrations, start background work (checkpoints, leases).

        Raises:
            StorageUnavailable: with a one-line reason.
        """

    async def load_all(self) -> list[RoomRecord]:
        """The rooms this process holds from the start, each with its finished rounds (SQLite:
        every room; PostgreSQL: none)."""

    async def claim(self, room_id: str) -> RoomRecord | None:
        """Take a room this process does not hold yet, with its finished rounds; None when no
        such room is stored.

        Raises:
            RoomBusy: another live process holds it.
            Exception: the database failed.
        """

    async def save(self, record: RoomRecord, finished: RoundRecord | None = None) -> None:
        """Insert or replace ``record``, with the record of a round that just ``finished`` (its
        ``"round"`` is its number), in one transaction; returns once it is committed.

        Raises:
            RoomMoved: another process holds the room (nothing written).
            Exception: the write failed (nothing of it is stored, or it is not known whether).
        """

    async def append(self, room_id: str, version: int, action: ActionJSON,
                     state: StateFields | None = None) -> None:
        """Append one accepted action of the round in play (the match is at ``version`` with
        it) and the fields of the room's own state it set (``state``, laid over the stored
        ones when the room is read); returns once it is committed.

        Raises:
            RoomMoved: another process holds the room (nothing written).
            Exception: the write failed (nothing of it is stored, or it is not known whether).
        """

    async def save_state(self, room_id: str, updated: float, room: StoredRoomState) -> None:
        """Write only the room's own state (``room``, :meth:`.roomstate.RoomState.to_json`) and
        ``updated`` (unix s) of a held room whose seats and match are stored as they are (a ready
        mark, a presence change). The fields that actions appended since the room was last
        written whole set are laid over ``room`` when it is read, so the caller must not have
        changed them since the last append; returns once it is committed.

        Raises:
            RoomMoved: another process holds the room (nothing written).
            Exception: the write failed (nothing of it is stored, or it is not known whether).
        """

    async def delete(self, room_ids: list[str]) -> None:
        """Delete these rooms (those this process holds); returns once committed."""

    def forget(self, room_id: str) -> None:
        """Stop holding a room without writing anything (it moved, or it was dropped)."""

    async def delete_unheld(self, before: float) -> list[str]:
        """Delete rooms no process holds, with no round in progress, last changed before
        ``before`` (unix seconds); returns their ids."""

    async def release(self, room_id: str) -> None:
        """Stop holding a room so that another process may take it at once."""

    async def ask_release(self, room_id: str) -> None:
        """Ask the process holding ``room_id`` to let go of it."""

    async def rooms_opened_by(self, creator: str, since: float) -> int | None:
        """How many stored rooms the creator ``creator`` (:func:`.roomstate.address_key`) opened,
        held by any process, in which a person who took a seat and did not leave is present or
        went away at or after ``since`` (unix s; :func:`.openers.counts`); None when this
        process's own count is the whole count."""

    async def healthy(self) -> bool:
        """The storage answers now (for ``/api/health``)."""

    async def serving(self) -> bool:
        """This process can serve the rooms it holds (for the proxy's check,
        ``/api/health/serving``): the storage answers, or it is out for less time than a lease,
        so the rooms stay here and refuse changes until it is back."""

    async def close(self) -> None:
        """Stop background work and close."""
