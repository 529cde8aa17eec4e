"""Profiles' bodies (pydantic, as :mod:`.models`) and answers (TypedDicts, as :mod:`.wire`);
docs/protocol.md, "Profiles".
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from pydantic import BaseModel, ConfigDict, Field

from .models import Holder, Name

_STRICT = ConfigDict(extra="forbid", strict=True, frozen=True)

#: The header that carries a profile's key (never a URL: it would land in logs and histories).
KEY_HEADER = "x-ziehdomino-profile"


class EnterProfile(BaseModel):
    """Body of ``POST /api/profile``: the holder key, which is the profile's key, and a name."""

    model_config = _STRICT
    holder: Holder
    name: Name | None = None


class RenameProfile(BaseModel):
    """Body of ``PATCH /api/profile``: the new name."""

    model_config = _STRICT
    name: Name


class LinkDevice(BaseModel):
    """Body of ``POST /api/profile/device``: the device code as typed."""

    model_config = _STRICT
    code: Annotated[str, Field(min_length=1, max_length=32)]


class ProfileView(TypedDict):
    """A profile as its own browser sees it: public id, name, created (unix s), its level."""

    id: str
    name: str
    created: int
    level: int
    provisional: bool
    rated_rounds: int


class PublicProfile(TypedDict):
    """A profile as anyone sees it (``GET /api/p/{id}``): public id, name, created (unix s), its level."""

    id: str
    name: str
    created: int
    level: int
    provisional: bool
    rated_rounds: int


class DeviceCode(TypedDict):
    """201 of ``POST /api/profile/device-code``: the code (``"ABCD-EFGH"``), its end (unix s) and
    ``svg``, a QR code of the page that takes it (``/profil#code=...``; added by the route)."""

    code: str
    expires: int
    svg: NotRequired[str]


class LinkedDevice(TypedDict):
    """200 of ``POST /api/profile/device``: the profile's key for this browser to keep, and the profile."""

    holder: str
    profile: ProfileView


class StoredProfile(TypedDict):
    """A profile's row as stored (the export); the key only as its digest."""

    id: str
    key_hash: str
    name: str
    created: float
    seen: float
    mu: float | None
    sigma: float | None
    rated: int


class StoredCode(TypedDict):
    """A device code's row as stored (the export)."""

    code_hash: str
    expires: float
    spent: bool


class StoredLevel(TypedDict):
    """A profile's level change by one rated round as stored (the export)."""

    room: str
    round: int
    at: float
    before: int
    after: int
    outcome: Literal["won", "shared", "lost"]


class ProfileExport(TypedDict):
    """``GET /api/profile/export``: everything stored about a profile, and when it was read."""

    exported: int
    profile: StoredProfile
    device_codes: list[StoredCode]
    levels: list[StoredLevel]


class DeletedProfile(TypedDict):
    """200 of ``DELETE /api/profile``."""

    deleted: Literal[True]
