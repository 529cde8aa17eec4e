"""The profiles' contract in memory, for the people wing's tests."""

from __future__ import annotations

import dataclasses

from ..protocol.wire import RoundRating
from .profiles import KEEP_SPENT, CodeRow, ProfileRow, Taken
from .rating import LevelRow, ProfileRating, Rated, holders, plan


class MemoryProfiles:
    """A :class:`~.profiles.ProfileStore` in memory; every call raises ``fail`` while it is set."""

    def __init__(self) -> None:
        self.rows: dict[str, ProfileRow] = {}
        self.codes: dict[str, CodeRow] = {}
        self.levels: list[LevelRow] = []
        self.fail: Exception | None = None

    def _check(self) -> None:
        if self.fail is not None:
            raise self.fail

    async def insert(self, row: ProfileRow) -> ProfileRow | None:
        """See :meth:`.profiles.ProfileStore.insert`."""
        self._check()
        found = await self.by_key(row.key_hash)
        if found is not None:
            return found
        if row.id in self.rows:
            return None
        self.rows[row.id] = row
        return row

    async def by_key(self, key_hash: str) -> ProfileRow | None:
        """The profile whose key has this digest, or None."""
        self._check()
        return next((r for r in self.rows.values() if r.key_hash == key_hash), None)

    async def by_id(self, profile_id: str) -> ProfileRow | None:
        """The profile with this public id, or None."""
        self._check()
        return self.rows.get(profile_id)

    async def seen(self, profile_id: str, when: float) -> None:
        """Set the profile's last visit."""
        self._check()
        if profile_id in self.rows:
            self.rows[profile_id] = dataclasses.replace(self.rows[profile_id], seen=when)

    async def rename(self, profile_id: str, name: str) -> bool:
        """Set the profile's name; False when there is none."""
        self._check()
        if profile_id not in self.rows:
            return False
        self.rows[profile_id] = dataclasses.replace(self.rows[profile_id], name=name)
        return True

    async def delete(self, profile_id: str) -> bool:
        """Delete the profile and its device codes."""
        self._check()
        self.codes = {h: c for h, c in self.codes.items() if c.profile != profile_id}
        self.levels = [r for r in self.levels if r.profile != profile_id]
        return self.rows.pop(profile_id, None) is not None

    async def put_code(self, code: CodeRow) -> None:
        """Store a device code, deleting the profile's other codes."""
        self._check()
        self.codes = {h: c for h, c in self.codes.items() if c.profile != code.profile}
        self.codes[code.code_hash] = code

    async def take_code(self, code_hash: str, now: float) -> tuple[Taken, CodeRow | None]:
        """See :meth:`.profiles.ProfileStore.take_code`."""
        self._check()
        code = self.codes.get(code_hash)
        if code is None:
            return Taken.UNKNOWN, None
        if code.expires <= now:
            return Taken.EXPIRED, code
        if code.sealed is None:
            return Taken.USED, code
        self.codes[code_hash] = dataclasses.replace(code, sealed=None)
        return Taken.TAKEN, code

    async def codes_of(self, profile_id: str) -> list[CodeRow]:
        """The profile's device codes."""
        self._check()
        return [c for c in self.codes.values() if c.profile == profile_id]

    async def levels_of(self, profile_id: str, limit: int | None = None) -> list[LevelRow]:
        """The profile's level changes, newest first (``limit``: at most that many)."""
        self._check()
        mine = sorted((r for r in self.levels if r.profile == profile_id), key=lambda r: (-r.at, r.room, r.n))
        return mine if limit is None else mine[:limit]

    def rate_round(self, room_id: str, n: int, rated: Rated, at: float) -> RoundRating:
        """Rate a round (:func:`.rating.plan`) on the rows held: the room storage's part of its save."""
        keys = set(holders(rated))
        found = [ProfileRating(r.id, r.key_hash, r.mu, r.sigma, r.rated) for r in self.rows.values()
                 if r.key_hash in keys]
        done = plan(rated, found, room_id, n, at)
        for pid, mu, sigma, count in done.updates:
            self.rows[pid] = dataclasses.replace(self.rows[pid], mu=mu, sigma=sigma, rated=count)
        self.levels += done.rows
        return done.rating

    async def sweep(self, now: float) -> None:
        """Clear expired codes' seals; delete those expired over :data:`.profiles.KEEP_SPENT` s ago."""
        self._check()
        self.codes = {h: (dataclasses.replace(c, sealed=None) if c.expires <= now else c)
                      for h, c in self.codes.items() if c.expires > now - KEEP_SPENT}
