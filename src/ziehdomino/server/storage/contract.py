"""The storage contract the rooms use: SQLite (one process) or PostgreSQL (several, each room
under a fenced lease), as ``--database`` says (docs/architecture.md, idea 10; docs/deploy.md).
Both store the same rows (:class:`.record.RoomRecord`) and keep the profiles beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from ...engine.actions import ActionJSON
from ...engine.replay import RoundRecord
from ..protocol.wire import RoundRating
from .profiles import ProfileStore
from .rating import Rated
from .record import RoomRecord, StateFields, StoredRoomState

#: Called with a room id (and ``release``: asked to let go) when this process lost the room.
LostCallback = Callable[[str, bool], Coroutine[Any, Any, None]]


class RoomStorage(Protocol):
    """What :class:`~.rooms.Rooms` needs from a storage. Use it from the event loop's thread."""

    #: Where the rooms are (a path or a database address without secrets), for logs.
    where: str

    @property
    def profiles(self) -> ProfileStore:
        """The profiles kept beside the rooms, usable once :meth:`start` returned."""

    async def start(self, on_lost: LostCallback) -> None:
        """Open connections, apply migrations, start background work.

        Raises:
            StorageUnavailable: with a one-line reason.
        """

    async def load_all(self) -> list[RoomRecord]:
        """The rooms held from the start (SQLite: every room; PostgreSQL: none)."""

    async def claim(self, room_id: str) -> RoomRecord | None:
        """Take a room not held here yet; None when no such room is stored.

        Raises:
            RoomBusy: another live process holds it.
        """

    async def save(self, record: RoomRecord, finished: RoundRecord | None = None,
                   rated: Rated | None = None) -> RoundRating | None:
        """Insert or replace ``record`` with a round that just ``finished``, in one transaction,
        returning once committed. A ``rated`` table's round is rated in that transaction from the
        profiles' ratings read there, once however often it is saved (a round stored before keeps
        its rating); the round's rating as stored (None: a table not rated).

        Raises:
            RoomMoved: another process holds the room (nothing written).
        """

    async def append(self, room_id: str, version: int, action: ActionJSON,
                     state: StateFields | None = None) -> None:
        """Append one action (the match is at ``version`` with it) and the room fields it set
        (laid over the stored ones when read); returns once committed.

        Raises:
            RoomMoved: another process holds the room (nothing written).
        """

    async def save_state(self, room_id: str, updated: float, room: StoredRoomState) -> None:
        """Write only the room's own state and ``updated`` (unix s); seats and match stay as
        stored. Fields set by appended actions are laid over ``room`` when read, so the caller
        must not have changed them since the last append.

        Raises:
            RoomMoved: another process holds the room (nothing written).
        """

    async def delete(self, room_ids: list[str]) -> None:
        """Delete these rooms (those this process holds); returns once committed."""

    def forget(self, room_id: str) -> None:
        """Stop holding a room without writing anything (it moved, or it was dropped)."""

    async def delete_unheld(self, before: float) -> list[str]:
        """Delete unheld rooms with no round in progress changed before ``before`` (unix s); their ids."""

    async def release(self, room_id: str) -> None:
        """Stop holding a room so that another process may take it at once."""

    async def ask_release(self, room_id: str) -> None:
        """Ask the process holding ``room_id`` to let go of it."""

    async def rooms_opened_by(self, creator: str, since: float) -> int | None:
        """How many rooms ``creator`` opened that count against its cap (:func:`.openers.counts`),
        across processes; None when this process's own count is the whole count."""

    async def healthy(self) -> bool:
        """The storage answers now (for ``/api/health``)."""

    async def serving(self) -> bool:
        """This process can serve its rooms (``/api/health/serving``): the storage answers, or
        has been out for less than a lease."""

    async def close(self) -> None:
        """Stop background work and close."""
