"""The profiles (docs/profile.md): what the routes of ``/api/profile`` ask of a
:class:`~..storage.profiles.ProfileStore`. A refusal is a :class:`PeopleError`, raised before
anything is written.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from typing import cast

from ...levels import Rating, provisional, shown
from ..protocol.codes import ErrorCode
from ..protocol.profiles import (DeviceCode, LinkedDevice, ProfileExport, ProfileView, PublicProfile, StoredCode,
                                 StoredLevel, StoredProfile)
from ..storage.keyhash import hash_holder
from ..storage.profiles import CodeRow, ProfileRow, ProfileStore, Taken
from . import devicecodes
from .ids import PUBLIC_ID, guest_name, new_public_id

#: Seconds to which a profile's last visit is kept: a visit writes at most once per hour.
SEEN_STEP = 3600.0
#: Seconds to which the public view tells when a profile was made: the day.
PUBLIC_CREATED_STEP = 86400


class PeopleError(Exception):
    """A refused request: its HTTP ``status``, wire ``code`` and an English ``message``."""

    def __init__(self, status: int, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


_NO_PROFILE = "no profile has this key: it was never made, or it was deleted"


def private_view(row: ProfileRow) -> ProfileView:
    """A profile as its own browser sees it."""
    return {"id": row.id, "name": row.name, "created": int(row.created), "level": level_of(row),
            "provisional": provisional(row.rated), "rated_rounds": row.rated}


def level_of(row: ProfileRow) -> int:
    """A profile's level shown (docs/rules.md, "The level")."""
    return shown(None if row.mu is None or row.sigma is None else Rating(row.mu, row.sigma))


class ProfileBook:
    """The profiles in ``store``; ``clock``: unix seconds now (a test's own clock).

    Raises (every method given a ``key`` but :meth:`enter`):
        PeopleError: 404 ``profile_not_found`` when no profile has that key.
    """

    def __init__(self, store: ProfileStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    async def enter(self, key: str, name: str | None) -> tuple[ProfileView, bool]:
        """The profile of ``key`` and whether it was made now (named ``name`` or a guest's)."""
        key_hash = hash_holder(key)
        found = await self.store.by_key(key_hash)
        if found is not None:
            return private_view(await self._visited(found)), False
        now = self.clock()
        while True:  # another id only if a 72-bit id was taken already
            row = ProfileRow(new_public_id(), key_hash, name or guest_name(), now, _hour(now))
            stored = await self.store.insert(row)
            if stored is not None:
                return private_view(stored), stored.id == row.id

    async def mine(self, key: str) -> ProfileRow:
        """The profile of ``key``, its last visit kept (to the hour)."""
        found = await self.store.by_key(hash_holder(key))
        if found is None:
            raise PeopleError(404, ErrorCode.PROFILE_NOT_FOUND, _NO_PROFILE)
        return await self._visited(found)

    async def _visited(self, row: ProfileRow) -> ProfileRow:
        hour = _hour(self.clock())
        if row.seen >= hour:
            return row
        await self.store.seen(row.id, hour)
        return dataclasses.replace(row, seen=hour)

    async def rename(self, key: str, name: str) -> ProfileView:
        """Name the profile of ``key`` ``name`` (already checked by the name rule)."""
        row = await self.mine(key)
        if not await self.store.rename(row.id, name):
            raise PeopleError(404, ErrorCode.PROFILE_NOT_FOUND, _NO_PROFILE)
        return private_view(dataclasses.replace(row, name=name))

    async def export(self, key: str) -> ProfileExport:
        """Everything stored about the profile of ``key``."""
        row = await self.mine(key)
        codes: list[StoredCode] = [{"code_hash": c.code_hash, "expires": c.expires, "spent": c.sealed is None}
                                   for c in await self.store.codes_of(row.id)]
        stored: StoredProfile = {"id": row.id, "key_hash": row.key_hash, "name": row.name, "created": row.created,
                                 "seen": row.seen, "mu": row.mu, "sigma": row.sigma, "rated": row.rated}
        levels = [cast(StoredLevel, {"room": r.room, "round": r.n, "at": r.at, "before": r.before, "after": r.after,
                                     "outcome": r.outcome}) for r in await self.store.levels_of(row.id)]
        return {"exported": int(self.clock()), "profile": stored, "device_codes": codes, "levels": levels}

    async def delete(self, key: str) -> None:
        """Delete the profile of ``key`` with its device codes and level changes (rooms keep their
        seats: docs/profile.md)."""
        found = await self.store.by_key(hash_holder(key))
        if found is None or not await self.store.delete(found.id):
            raise PeopleError(404, ErrorCode.PROFILE_NOT_FOUND, _NO_PROFILE)

    async def issue_code(self, key: str) -> DeviceCode:
        """A device code for the profile of ``key`` (its earlier codes stop working)."""
        row = await self.mine(key)
        code = devicecodes.new_code()
        expires = math.floor(self.clock() + devicecodes.CODE_SECONDS)
        await self.store.put_code(CodeRow(devicecodes.hash_code(code), row.id, devicecodes.seal(key, code), expires))
        return {"code": devicecodes.shown(code), "expires": expires}

    async def link(self, typed: str) -> LinkedDevice:
        """The profile a device code brings, with its key, the code used up.

        Raises:
            PeopleError: 404 ``device_code_wrong``, 410 ``device_code_expired`` or
                ``device_code_used``, 404 ``profile_not_found``.
        """
        code = devicecodes.read_code(typed)
        taken, row = (Taken.UNKNOWN, None) if code is None else \
            await self.store.take_code(devicecodes.hash_code(code), self.clock())
        if taken is Taken.EXPIRED:
            raise PeopleError(410, ErrorCode.DEVICE_CODE_EXPIRED, "this code's 10 minutes are over; ask for a new one")
        if taken is Taken.USED:
            raise PeopleError(410, ErrorCode.DEVICE_CODE_USED, "this code was used already; a code works once")
        if code is None or row is None or row.sealed is None:
            raise PeopleError(404, ErrorCode.DEVICE_CODE_WRONG, "no such code")
        key = devicecodes.unseal(row.sealed, code)
        profile = await self.store.by_id(row.profile)
        if profile is None or profile.key_hash != hash_holder(key):
            raise PeopleError(404, ErrorCode.PROFILE_NOT_FOUND, "the code's profile was deleted")
        return {"holder": key, "profile": private_view(await self._visited(profile))}

    async def public(self, profile_id: str) -> PublicProfile | None:
        """A profile as anyone sees it (created: the day), or None."""
        row = await self.store.by_id(profile_id) if PUBLIC_ID.fullmatch(profile_id) else None
        if row is None:
            return None
        return {"id": row.id, "name": row.name, "created": int(row.created) // PUBLIC_CREATED_STEP * PUBLIC_CREATED_STEP,
                "level": level_of(row), "provisional": provisional(row.rated), "rated_rounds": row.rated}

    async def sweep(self) -> None:
        """:meth:`~..storage.profiles.ProfileStore.sweep` now."""
        await self.store.sweep(self.clock())


def _hour(now: float) -> float:
    """``now`` down to its hour (:data:`SEEN_STEP`)."""
    return math.floor(now / SEEN_STEP) * SEEN_STEP
