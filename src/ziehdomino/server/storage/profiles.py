"""The profiles' storage contract (docs/profile.md): a profile's row and its device codes. The
store sees only digests of keys and codes (and a key sealed under a code); writes return once
committed.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from .rating import LevelRow


@dataclass(frozen=True, slots=True)
class ProfileRow:
    """A stored profile; times in unix s (``seen`` to the hour), the rating None until rated."""

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
    """A stored device code; ``sealed`` None once used or expired."""

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


#: Seconds a spent code's row is kept (without its sealed key) to say so.
KEEP_SPENT = 3600.0


class ProfileStore(Protocol):
    """What the people wing needs from a storage; each method one transaction, on the loop's thread."""

    async def insert(self, row: ProfileRow) -> ProfileRow | None:
        """Store ``row`` unless its ``key_hash`` has a profile; the profile stored for it, or None
        when ``row.id`` is taken (the caller tries another)."""

    async def by_key(self, key_hash: str) -> ProfileRow | None:
        """The profile whose key has this digest, or None."""

    async def by_id(self, profile_id: str) -> ProfileRow | None:
        """The profile with this public id, or None."""

    async def seen(self, profile_id: str, when: float) -> None:
        """Set the profile's last visit (unix s)."""

    async def rename(self, profile_id: str, name: str) -> bool:
        """Set the profile's name; False when there is no such profile."""

    async def delete(self, profile_id: str) -> bool:
        """Delete the profile, its device codes and level rows; False when there was no such profile."""

    async def put_code(self, code: CodeRow) -> None:
        """Store a device code for ``code.profile``, deleting the profile's other codes (one at a time)."""

    async def take_code(self, code_hash: str, now: float) -> tuple[Taken, CodeRow | None]:
        """Take the code once: ``(TAKEN, row)`` with its sealed key (then cleared), ``(USED, row)``,
        ``(EXPIRED, row)`` or ``(UNKNOWN, None)``."""

    async def codes_of(self, profile_id: str) -> list[CodeRow]:
        """The profile's device codes as stored (for the export)."""

    async def levels_of(self, profile_id: str, limit: int | None = None) -> list[LevelRow]:
        """The profile's level changes by round (table ``round_levels``), newest first, at most ``limit``."""

    async def sweep(self, now: float) -> None:
        """Clear expired codes' sealed keys; delete those expired over :data:`KEEP_SPENT` s ago."""
