"""The computer players' seeded generator: mulberry32, specified in ``docs/bots.md``.

Written identically in ``web/bots/rng.js``; the decision vectors hold the two equal. Every value is
an exact 32-bit integer, so both languages produce the same stream from the same seed.

>>> r = Mulberry32(1)
>>> [r.next_u32() for _ in range(3)]
[2693262067, 11749833, 2265367787]
"""

from __future__ import annotations

from typing import Final

MASK32: Final = 0xFFFFFFFF
_GOLDEN: Final = 0x6D2B79F5


class Mulberry32:
    """mulberry32: one 32-bit state word; ``seed`` is reduced modulo 2**32 (any int works)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK32

    def next_u32(self) -> int:
        """The next output, an integer in [0, 2**32)."""
        s = (self.state + _GOLDEN) & MASK32
        self.state = s
        t = ((s ^ (s >> 15)) * (s | 1)) & MASK32
        t = (t ^ (t + (((t ^ (t >> 7)) * (t | 61)) & MASK32))) & MASK32
        return (t ^ (t >> 14)) & MASK32

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection: draws x until x < 2**32 - 2**32 % n.

        ``n`` must be 1 <= n <= 2**32. ``below(1)`` returns 0 without drawing.
        """
        if n <= 1:
            return 0
        limit = 0x100000000 - (0x100000000 % n)
        while True:  # next_u32, inlined: the search draws hundreds of thousands per decision
            s = (self.state + 0x6D2B79F5) & 0xFFFFFFFF
            self.state = s
            t = ((s ^ (s >> 15)) * (s | 1)) & 0xFFFFFFFF
            t = (t ^ (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF))) & 0xFFFFFFFF
            x = t ^ (t >> 14)
            if x < limit:
                return x % n


def mix_seed(*parts: int) -> int:
    """Combine integers into one 32-bit seed (for the arena: a round and a move number)."""
    h = 0x811C9DC5
    for p in parts:
        p &= MASK32
        for _ in range(4):
            h = ((h ^ (p & 0xFF)) * 0x01000193) & MASK32
            p >>= 8
    return h
