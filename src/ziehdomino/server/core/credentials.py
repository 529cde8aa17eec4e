"""Room ids and seat credentials, kept only as hashes (docs/architecture.md, idea 5)."""

from __future__ import annotations

import hashlib
import secrets
from functools import lru_cache

from ..storage.keyhash import hash_holder as hash_holder


def new_room_id() -> str:
    """A room id: 128 random bits, base64url (22 characters)."""
    return secrets.token_urlsafe(16)


def new_credential() -> str:
    """A seat credential: 192 random bits, base64url (32 characters)."""
    return secrets.token_urlsafe(24)


def hash_credential(credential: str) -> str:
    """SHA-256 hex of a credential (enough for a 192-bit random secret)."""
    return hashlib.sha256(credential.encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=65536)
def person_tag(room_id: str, digest: str) -> str:
    """SEATINFO's ``person`` (docs/protocol.md) from ``digest``, the holder key's hash or else
    the credential's; differs per room and gives no key away. Cached."""
    return hashlib.sha256(f"ziehdomino-person:{room_id}:{digest}".encode()).hexdigest()[:16]
