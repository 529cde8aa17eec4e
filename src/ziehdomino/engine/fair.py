"""The committed deal: a round's tile order as a function of a secret seed and everyone's
contributions (``docs/fair.md``, which defines it; ``web/engine/fair.js`` is the browser's twin,
and ``tests/vectors/fair/deals.json`` holds the two equal).

In short: ``commitment = SHA-256(seed)``; a byte stream is HMAC-SHA-256 keyed with the seed over
``"ziehdomino-deal-v1:" + ",".join(contributions)`` followed by a 4-byte counter, block after
block; 32-bit big-endian numbers from it, with rejection of the biased top, drive a
Fisher-Yates shuffle of the 28 tiles in their canonical order, and then pick the seat that opens
a match's first round. Only :mod:`hashlib` and :mod:`hmac` do the cryptography.
"""

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
#: What the HMAC message starts with: names the derivation and its version.
DOMAIN: Final = b"ziehdomino-deal-v1:"

_SEED_RE: Final = re.compile(rf"[0-9a-f]{{{2 * SEED_BYTES}}}")
_CONTRIBUTION_RE: Final = re.compile(rf"(?:[0-9a-f]{{{2 * CONTRIBUTION_BYTES}}})?")
_U32: Final = 1 << 32


class Proof(TypedDict):
    """A round's proof, as the view and the round's record carry it (``docs/fair.md``).

    ``commitment``: SHA-256 of the seed, 64 lowercase hex digits, sent before the deal.
    ``seed``: the seed, 64 lowercase hex digits; None until the round is over.
    ``contributions``: one per seat, 32 lowercase hex digits or "" (none); None until the round is over.
    """

    commitment: str
    seed: str | None
    contributions: list[str] | None


def new_seed() -> str:
    """A fresh secret seed from the operating system's cryptographic source, as 64 hex digits."""
    return secrets.token_hex(SEED_BYTES)


def check_seed(seed: object) -> str:
    """``seed`` if it is 64 lowercase hex digits; raises ``ValueError`` otherwise."""
    if not isinstance(seed, str) or not _SEED_RE.fullmatch(seed):
        raise ValueError("a seed is 64 lowercase hex digits")
    return seed


def check_contribution(value: object) -> str:
    """``value`` if it is a contribution: 32 lowercase hex digits, or "" (none).

    Raises:
        ValueError: anything else (another length, upper case, not hex, not a string).
    """
    if not isinstance(value, str) or not _CONTRIBUTION_RE.fullmatch(value):
        raise ValueError(f"a contribution is {2 * CONTRIBUTION_BYTES} lowercase hex digits")
    return value


@functools.lru_cache(maxsize=4096)
def commitment_of(seed: str) -> str:
    """SHA-256 of the seed's 32 bytes, as 64 lowercase hex digits (kept for the last 4,096
    seeds: a room between rounds shows its pending deal's commitment in every state).

    Raises:
        ValueError: ``seed`` is not 64 lowercase hex digits.
    """
    return hashlib.sha256(bytes.fromhex(check_seed(seed))).hexdigest()


def message(contributions: Sequence[str]) -> bytes:
    """The HMAC message before its counter: :data:`DOMAIN` and the contributions in seat order,
    comma-separated, as ASCII (``docs/fair.md``, step 2).

    Raises:
        ValueError: a contribution that is not 32 lowercase hex digits or "".
    """
    return DOMAIN + ",".join(check_contribution(c) for c in contributions).encode("ascii")


def stream(seed: str, contributions: Sequence[str]) -> Iterator[int]:
    """The 32-bit numbers of the deal's stream: block ``k`` (k = 0, 1, ...) is
    HMAC-SHA-256(key = seed bytes, message(contributions) + k as 4 bytes big-endian); each block
    gives eight numbers, its bytes read four at a time, big-endian."""
    key = bytes.fromhex(check_seed(seed))
    head = message(contributions)
    k = 0
    while True:
        block = hmac.new(key, head + k.to_bytes(4, "big"), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        k += 1


def below(numbers: Callable[[], int], n: int) -> int:
    """A uniform integer in ``[0, n)`` from 32-bit numbers: the first number below the largest
    multiple of ``n`` not above 2**32, modulo ``n`` (the others are skipped, so no value is
    favoured)."""
    limit = _U32 - _U32 % n
    while True:
        x = numbers()
        if x < limit:
            return x % n


def shuffle(seed: str, contributions: Sequence[str]) -> tuple[list[Tile], int]:
    """The 28 tiles in the order the deal hands them out, and the seat that opens a match's
    first round (``docs/fair.md``, steps 4 and 6).

    Fisher-Yates from the end: for i = 27 down to 1, swap place i with place ``below(i + 1)``,
    starting from the canonical order 0|0, 0|1, ..., 0|6, 1|1, ..., 6|6; then the starter is
    the next ``below(players)`` of the same stream.

    Raises:
        ValueError: a malformed seed or contribution.
    """
    tiles = list(ALL_TILES)
    numbers = stream(seed, contributions).__next__
    for i in range(len(tiles) - 1, 0, -1):
        j = below(numbers, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles, below(numbers, len(contributions))


def deal_order(seed: str, contributions: Sequence[str]) -> list[Tile]:
    """The 28 tiles in the order the deal hands them out (:func:`shuffle`'s first part).

    Raises:
        ValueError: a malformed seed or contribution.
    """
    return shuffle(seed, contributions)[0]


def deal_json(seed: str, contributions: Sequence[str], hand_size: int) -> dict[str, Any]:
    """The deal as the vectors write it: ``{"order", "hands", "boneyard", "starter"}`` (tiles
    ``"a|b"``, low first). Seat s holds places ``s*hand_size`` to ``(s+1)*hand_size - 1``; the
    boneyard is the rest, its first tile drawn first; ``starter`` opens a match's first round."""
    tiles, starter = shuffle(seed, contributions)
    order = [format_tile(t) for t in tiles]
    players = len(contributions)
    return {"order": order,
            "hands": [order[s * hand_size:(s + 1) * hand_size] for s in range(players)],
            "boneyard": order[players * hand_size:], "starter": starter}
