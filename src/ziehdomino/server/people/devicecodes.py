"""Device codes: how a second browser comes to hold the same profile (docs/profile.md). Only the
code's digest is stored, and the key sealed under the code (XOR with a pad from a second digest
of the code). A short code is guarded by its minutes, its one use and the wrong tries allowed.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

#: The characters of a code: capitals and digits without look-alikes (no 0/O, 1/I/L): 31.
ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: Characters in a code.
CODE_LENGTH: Final = 8
#: Seconds a code is valid.
CODE_SECONDS: Final = 600.0
#: The characters a typed code may hold beside its own, and drops: spaces and dashes.
_SEPARATORS: Final = str.maketrans("", "", " -\u2010\u2011\u2012\u2013\u2014")


def new_code() -> str:
    """A fresh code, :data:`CODE_LENGTH` characters of :data:`ALPHABET`, without its dash."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    """The code as the page shows it: ``ABCD-EFGH``."""
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def read_code(typed: str) -> str | None:
    """The code a person typed: capitals, spaces and dashes dropped; None when what is left is
    no code (wrong length, a character outside :data:`ALPHABET`)."""
    code = typed.translate(_SEPARATORS).upper()
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def hash_code(code: str) -> str:
    """What is stored of a code: a SHA-256 hex of it (64 hex digits)."""
    return hashlib.sha256(b"ziehdomino-device-code:" + code.encode("ascii")).hexdigest()


def _pad(code: str) -> bytes:
    return hashlib.sha256(b"ziehdomino-device-seal:" + code.encode("ascii")).digest()[:16]


def seal(key: str, code: str) -> str:
    """A profile's key (32 hex digits) sealed under ``code``: 32 hex digits that only the code opens."""
    return bytes(a ^ b for a, b in zip(bytes.fromhex(key), _pad(code), strict=True)).hex()


def unseal(sealed: str, code: str) -> str:
    """The key :func:`seal` sealed under ``code``.

    Raises:
        ValueError: ``sealed`` is not 32 hex digits.
    """
    return seal(sealed, code)
