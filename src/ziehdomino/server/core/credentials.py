"""Room ids and seat credentials (docs/architecture.md, idea 5).

A room id carries 128 random bits; a seat credential 192, issued once and kept on the server
only as a SHA-256 hash. Checking a credential compares its hash with
:func:`hmac.compare_digest` against every seat, so the time taken does not depend on which
seat (if any) matches. A browser's holder key is kept as :func:`hash_holder` (from
:mod:`..storage.keyhash`, where the people wing makes it too).
"""

from __future__ import annotations

import hashlib
import secrets
from functools import lru_cache

# What a seat keeps of its browser's holder key; a profile keeps the same digest (storage/keyhash.py).
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
    """SEATINFO's ``person``: 16 hex digits naming whoever sits at a seat, the same for one
    person wherever they sit in ``room_id`` (``digest``: the hash of their browser's holder key,
    else of their seat's credential). It says which seats one person took, so that a viewer's
    mute follows them; it differs from room to room and gives no key or hash away. Cached: it is
    made for every state pushed."""
    return hashlib.sha256(f"ziehdomino-person:{room_id}:{digest}".encode()).hexdigest()[:16]
