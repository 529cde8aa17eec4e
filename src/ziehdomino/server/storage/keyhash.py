"""What is stored of a browser's holder key: its digest, the same for its seats and its profile
(docs/protocol.md, "Open tables" and "Profiles"); below core/ and people/, which both use it.
"""

from __future__ import annotations

import hashlib


def hash_holder(holder: str) -> str:
    """SHA-256 hex of a holder key; a lookup by it is safe against timing (128 random bits)."""
    return hashlib.sha256(b"ziehdomino-holder:" + holder.encode("ascii", "replace")).hexdigest()
