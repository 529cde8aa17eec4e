"""The seeded generator (docs/bots.md, "The generator"): exact values, rejection sampling."""

from __future__ import annotations

from collections import Counter

from ziehdomino.bots.rng import MASK32, Mulberry32, mix_seed


def test_mulberry32_reference_values() -> None:
    r = Mulberry32(1)
    assert [r.next_u32() for _ in range(3)] == [2693262067, 11749833, 2265367787]
    r = Mulberry32(0)
    assert r.next_u32() == 1144304738


def test_seed_is_reduced_modulo_2_32() -> None:
    for seed in (-1, 1 << 40, 12345 + (7 << 32)):
        a, b = Mulberry32(seed), Mulberry32(seed & MASK32)
        assert [a.next_u32() for _ in range(5)] == [b.next_u32() for _ in range(5)]


def test_below_one_draws_nothing() -> None:
    r = Mulberry32(9)
    assert r.below(1) == 0
    assert r.state == 9


def test_below_rejects_the_top_of_the_range() -> None:
    # With n = 3 * 2**30 the limit is 3 * 2**30: outputs at or above it are drawn again.
    r = Mulberry32(5)
    n = 3 << 30
    ref = Mulberry32(5)
    x = ref.next_u32()
    while x >= n:
        x = ref.next_u32()
    assert r.below(n) == x % n
    assert r.state == ref.state


def test_below_is_roughly_uniform() -> None:
    r = Mulberry32(2024)
    counts = Counter(r.below(7) for _ in range(70000))
    assert set(counts) == set(range(7))
    assert all(9400 < c < 10600 for c in counts.values())


def test_mix_seed_is_32_bits_and_order_sensitive() -> None:
    assert 0 <= mix_seed(1, 2, 3) <= MASK32
    assert mix_seed(1, 2) != mix_seed(2, 1)
    assert mix_seed(1, 2, 3) == 2034659765
    assert mix_seed(7, 123456789, 4) == 3518449422
