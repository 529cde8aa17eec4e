/**
 * @file The computer players' seeded generator: mulberry32, specified in docs/bots.md.
 *
 * The twin of `ziehdomino/bots/rng.py`; every value is an exact 32-bit integer (Math.imul,
 * `>>> 0`), so both languages give the same stream from the same seed. Not for deals.
 */
// @ts-check

const GOLDEN = 0x6d2b79f5;
const TWO32 = 0x100000000;

/**
 * x mod n for integers 0 <= x <= 2**32 and 1 <= n <= 2**32, exactly, without the floating-point
 * remainder (`%` on numbers past 2**31 is a slow library call in JavaScript engines): the
 * quotient's floor is exact or one too high, and every product here is below 2**53.
 */
function mod(x, n) {
  const r = x - Math.floor(x / n) * n;
  return r < 0 ? r + n : r;
}

/** mulberry32 with one 32-bit state word; any integer seed is reduced modulo 2**32. */
export class Mulberry32 {
  /** @param {number} seed  an integer (its low 32 bits are used). */
  constructor(seed) {
    this.state = seed >>> 0;
  }

  /** @returns {number} the next output, an integer in [0, 2**32). */
  nextU32() {
    this.state = (this.state + GOLDEN) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /**
   * A uniform integer in [0, n), by rejection: draws x until x < 2**32 - 2**32 % n, returns
   * x % n. `below(1)` returns 0 without drawing.
   * @param {number} n  1 <= n <= 2**32.
   */
  below(n) {
    if (n <= 1) return 0;
    const limit = TWO32 - mod(TWO32, n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return mod(x, n);
  }
}

/**
 * Combines integers into one 32-bit seed (FNV-1a over the four little-endian bytes of each
 * part's low 32 bits). Same as Python's `mix_seed`.
 * @param {...number} parts
 * @returns {number}
 */
export function mixSeed(...parts) {
  let h = 0x811c9dc5;
  for (const part of parts) {
    let p = part >>> 0;
    for (let i = 0; i < 4; i++) {
      h = Math.imul(h ^ (p & 0xff), 0x01000193) >>> 0;
      p >>>= 8;
    }
  }
  return h;
}
