"""The computers' seeded generator, mulberry32 (``docs/bots.md``); twin of ``web/bots/rng.js``.

>>> r = Mulberry32(1)
>>> [r.next_u32() for _ in range(3)]
[2693262067, 11749833, 2265367787]
"""

from __future__ import annotations

from typing import Final

MASK32: Final = 0xFFFFFFFF
_GOLDEN: Final = 0x6D2B79F5


class Mulberry32:
    """mulberry32; any int ``seed``, taken modulo 2**32."""

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
        """A uniform integer in [0, n), 1 <= n <= 2**32, by rejection; ``below(1)`` draws nothing."""
        if n <= 1:
            return 0
        limit = 0x100000000 - (0x100000000 % n)
        while True:  # next_u32, inlined: the hot path of the search
            s = (self.state + 0x6D2B79F5) & 0xFFFFFFFF
            self.state = s
            t = ((s ^ (s >> 15)) * (s | 1)) & 0xFFFFFFFF
            t = (t ^ (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF))) & 0xFFFFFFFF
            x = t ^ (t >> 14)
            if x < limit:
                return x % n


def mix_seed(*parts: int) -> int:
    """Combine integers into one 32-bit seed (the arena's round and move)."""
    h = 0x811C9DC5
    for p in parts:
        p &= MASK32
        for _ in range(4):
            h = ((h ^ (p & 0xFF)) * 0x01000193) & MASK32
            p >>= 8
    return h
