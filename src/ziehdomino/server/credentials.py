"""Room ids and seat credentials (docs/architecture.md, idea 5).

A room id carries 128 random bits; a seat credential 192, issued once and kept on the server
only as a SHA-256 hash. Checking a credential compares its hash with
:func:`hmac.compare_digest` against every seat, so the time taken does not depend on which
seat (if any) matches.
"""

from __future__ import annotations

import hashlib
import secrets


def new_room_id() -> str:
    """A room id: 128 random bits, base64url (22 characters)."""
    return secrets.token_urlsafe(16)


def new_credential() -> str:
    """A seat credential: 192 random bits, base64url (32 characters)."""
    return secrets.token_urlsafe(24)


def hash_credential(credential: str) -> str:
    """SHA-256 hex of a credential (enough for a 192-bit random secret)."""
    return hashlib.sha256(credential.encode("utf-8", "surrogatepass")).hexdigest()


def hash_holder(holder: str) -> str:
    """What a seat keeps of its browser's holder key (docs/protocol.md, "Open tables"): a SHA-256
    hex of it, never the key, so that a stored room gives no browser's key away."""
    return hashlib.sha256(b"ziehdomino-holder:" + holder.encode("ascii", "replace")).hexdigest()
