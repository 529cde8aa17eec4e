"""What is stored of a browser's holder key: its digest, never the key (docs/protocol.md, "Open
tables" and "Profiles").

The holder key (128 random bits as 32 lowercase hex digits, ``web/common/holder.js``) says whose
seats they are and is the key of the browser's profile. A seat at an open table and a profile
keep the same digest of it, so the seats a browser took belong to its profile without a
second key. It lives here, below the room core and the people wing, which both make it.
"""

from __future__ import annotations

import hashlib


def hash_holder(holder: str) -> str:
    """What a seat or a profile keeps of a browser's holder key: a SHA-256 hex of it (64 hex
    digits), never the key, so that stored rows give no browser's key away. A lookup by this
    digest is safe against timing: the key has 128 random bits, so its digest cannot be guessed
    digit by digit."""
    return hashlib.sha256(b"ziehdomino-holder:" + holder.encode("ascii", "replace")).hexdigest()
