"""The committed deal: a round's tile order from a secret seed and everyone's contributions,
as ``docs/fair.md`` defines it (twin: ``web/engine/fair.js``; ``tests/vectors/fair/deals.json``
holds them equal)."""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypedDict

from .tiles import ALL_TILES, Tile, format_tile

#: Bytes of a seed (64 hex digits in JSON).
SEED_BYTES: Final = 32
#: Bytes of a person's contribution (32 hex digits in JSON); a computer's, or a missing one, is "".
CONTRIBUTION_BYTES: Final = 16
DOMAIN: Final = b"ziehdomino-deal-v1:"

_SEED_RE: Final = re.compile(rf"[0-9a-f]{{{2 * SEED_BYTES}}}")
_CONTRIBUTION_RE: Final = re.compile(rf"(?:[0-9a-f]{{{2 * CONTRIBUTION_BYTES}}})?")
_U32: Final = 1 << 32


class Proof(TypedDict):
    """A round's proof in the view and the record (``docs/fair.md``); ``seed`` and
    ``contributions`` are None until the round is over."""

    commitment: str
    seed: str | None
    contributions: list[str] | None


def new_seed() -> str:
    """A fresh secret seed, 64 hex digits."""
    return secrets.token_hex(SEED_BYTES)


def check_seed(seed: object) -> str:
    """``seed`` if it is 64 lowercase hex digits; raises ``ValueError`` otherwise."""
    if not isinstance(seed, str) or not _SEED_RE.fullmatch(seed):
        raise ValueError("a seed is 64 lowercase hex digits")
    return seed


def check_contribution(value: object) -> str:
    """``value`` if it is 32 lowercase hex digits or "" (none); raises ``ValueError`` otherwise."""
    if not isinstance(value, str) or not _CONTRIBUTION_RE.fullmatch(value):
        raise ValueError(f"a contribution is {2 * CONTRIBUTION_BYTES} lowercase hex digits")
    return value


@functools.lru_cache(maxsize=4096)
def commitment_of(seed: str) -> str:
    """SHA-256 of the seed, in hex (cached: a room shows its pending commitment in every
    state); ``ValueError`` for a malformed seed."""
    return hashlib.sha256(bytes.fromhex(check_seed(seed))).hexdigest()


def message(contributions: Sequence[str]) -> bytes:
    """The HMAC message before its counter (``docs/fair.md``, step 1); ``ValueError`` for a
    malformed contribution."""
    return DOMAIN + ",".join(check_contribution(c) for c in contributions).encode("ascii")


def stream(seed: str, contributions: Sequence[str]) -> Iterator[int]:
    """The deal's 32-bit numbers (``docs/fair.md``, step 2)."""
    key = bytes.fromhex(check_seed(seed))
    head = message(contributions)
    k = 0
    while True:
        block = hmac.new(key, head + k.to_bytes(4, "big"), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        k += 1


def below(numbers: Callable[[], int], n: int) -> int:
    """A uniform integer in ``[0, n)`` (``docs/fair.md``, step 3)."""
    limit = _U32 - _U32 % n
    while True:
        x = numbers()
        if x < limit:
            return x % n


def shuffle(seed: str, contributions: Sequence[str]) -> tuple[list[Tile], int]:
    """The 28 tiles in deal order and the seat that opens a match's first round
    (``docs/fair.md``, steps 4 and 6); ``ValueError`` for a malformed seed or contribution."""
    tiles = list(ALL_TILES)
    numbers = stream(seed, contributions).__next__
    for i in range(len(tiles) - 1, 0, -1):
        j = below(numbers, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles, below(numbers, len(contributions))


def deal_order(seed: str, contributions: Sequence[str]) -> list[Tile]:
    """:func:`shuffle`'s tiles alone."""
    return shuffle(seed, contributions)[0]


def deal_json(seed: str, contributions: Sequence[str], hand_size: int) -> dict[str, Any]:
    """The deal as ``tests/vectors/fair/deals.json`` writes it."""
    tiles, starter = shuffle(seed, contributions)
    order = [format_tile(t) for t in tiles]
    players = len(contributions)
    return {"order": order,
            "hands": [order[s * hand_size:(s + 1) * hand_size] for s in range(players)],
            "boneyard": order[players * hand_size:], "starter": starter}
