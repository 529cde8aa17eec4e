"""The profiles' storage contract (docs/profile.md), beside the rooms' (:mod:`.contract`): a
profile's row and the device codes that bring it to a second browser, kept by SQLite, PostgreSQL
and memory alike. Every write returns once it is committed.

A profile is found by the digest of its key (:func:`.keyhash.hash_holder`) or by its public id;
the store never sees a key or a code, only their digests (and a key sealed under a code,
:mod:`..people.devicecodes`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ProfileRow:
    """A stored profile: ``id`` (public, 12 characters), ``key_hash`` (64 hex digits), ``name``,
    ``created`` and ``seen`` (unix s; ``seen`` kept to the hour), and the rating a later step
    fills in: ``mu`` and ``sigma`` (None until rated) and ``rated`` (rated rounds)."""

    id: str
    key_hash: str
    name: str
    created: float
    seen: float
    mu: float | None = None
    sigma: float | None = None
    rated: int = 0


@dataclass(frozen=True, slots=True)
class CodeRow:
    """A stored device code: the code's digest, its profile's id, the profile's key sealed under
    the code (None once used or expired) and when it expires (unix s)."""

    code_hash: str
    profile: str
    sealed: str | None
    expires: float


class Taken(enum.Enum):
    """What taking a device code found: it was taken now, or it is used, expired or unknown."""

    TAKEN = "taken"
    USED = "used"
    EXPIRED = "expired"
    UNKNOWN = "unknown"


#: Seconds an expired or used code's row is kept (without its sealed key) to say so, before
#: :meth:`ProfileStore.sweep` deletes it.
KEEP_SPENT = 3600.0


class ProfileStore(Protocol):
    """What the people wing (:mod:`..people`) needs from a storage. Use it from the event loop's
    thread; each method is one transaction.

    Raises (every method):
        Exception: the storage failed (nothing of a failed write is stored).
    """

    async def insert(self, row: ProfileRow) -> ProfileRow | None:
        """Store ``row`` unless a profile has its ``key_hash``; returns the profile stored for
        that key hash (``row`` itself when it was stored now), or None when ``row.id`` names
        another profile (the caller tries another id)."""

    async def by_key(self, key_hash: str) -> ProfileRow | None:
        """The profile whose key has this digest, or None."""

    async def by_id(self, profile_id: str) -> ProfileRow | None:
        """The profile with this public id, or None."""

    async def seen(self, profile_id: str, when: float) -> None:
        """Set the profile's last visit (unix s)."""

    async def rename(self, profile_id: str, name: str) -> bool:
        """Set the profile's name; False when there is no such profile."""

    async def delete(self, profile_id: str) -> bool:
        """Delete the profile and its device codes; False when there was no such profile."""

    async def put_code(self, code: CodeRow) -> None:
        """Store a device code for ``code.profile``, deleting the profile's other codes (one at a time)."""

    async def take_code(self, code_hash: str, now: float) -> tuple[Taken, CodeRow | None]:
        """Take the code with this digest once: ``(TAKEN, row)`` with the sealed key as it was,
        its seal then cleared; ``(USED, row)``, ``(EXPIRED, row)`` (expired at ``now``), or
        ``(UNKNOWN, None)``."""

    async def codes_of(self, profile_id: str) -> list[CodeRow]:
        """The profile's device codes as stored (for the export)."""

    async def sweep(self, now: float) -> None:
        """Clear the sealed keys of codes expired at ``now`` and delete codes expired more than
        :data:`KEEP_SPENT` seconds ago."""
