"""A profile's public id and the name a guest gets (docs/profile.md)."""

from __future__ import annotations

import re
import secrets
from typing import Final

#: A public id: 72 random bits, base64url (12 characters).
PUBLIC_ID: Final = re.compile(r"[A-Za-z0-9_-]{12}")
#: A profile's key as the browser holds it: 128 random bits as 32 lowercase hex digits.
KEY: Final = re.compile(r"[0-9a-f]{32}")


def new_public_id() -> str:
    """A fresh public id: it names a profile on public pages and says nothing of its key."""
    return secrets.token_urlsafe(9)


def guest_name() -> str:
    """A guest's name: "Gast" and four random digits ("Gast 0427")."""
    return f"Gast {secrets.randbelow(10_000):04d}"
