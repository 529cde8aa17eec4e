/**
 * @file The committed deal in the browser: the twin of Python's `engine/fair.py`
 * (docs/fair.md defines it; tests/vectors/fair/deals.json holds the two equal).
 *
 * commitment = SHA-256(seed); the stream is HMAC-SHA-256 keyed with the seed over
 * "ziehdomino-deal-v1:" + the contributions joined by "," + a 4-byte big-endian counter, block
 * after block; its 32-bit big-endian numbers, with the biased top rejected, drive a
 * Fisher–Yates shuffle of the 28 tiles in canonical order, then pick a match's first starter. The cryptography is the browser's
 * own `crypto.subtle` (also in node ≥ 19); this module imports no other module of the engine.
 * The hex forms (a seed, a contribution, a fresh one) are `common/fair-hex.js`, which a room's
 * page loads alone.
 */
// @ts-check
/** @import { Rng } from './index.js' */

import { isContribution, isSeed, toHex } from '../common/fair-hex.js';

export { CONTRIBUTION_BYTES, SEED_BYTES, isContribution, isSeed, newContribution, newSeed } from '../common/fair-hex.js';

const DOMAIN = 'ziehdomino-deal-v1:';
const U32 = 2 ** 32;

/** The 28 tiles in canonical order, "0|0", "0|1", …, "6|6" (low first). */
export const CANONICAL_TILES = Object.freeze(
  Array.from({ length: 7 }, (_, a) => Array.from({ length: 7 - a }, (_, k) => `${a}|${a + k}`)).flat(),
);

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * SHA-256 of the seed's 32 bytes, as 64 lowercase hex digits.
 * @param {string} seed  64 lowercase hex digits.
 * @returns {Promise<string>}
 * @throws {TypeError} for a malformed seed.
 */
export async function commitmentOf(seed) {
  if (!isSeed(seed)) throw new TypeError('A seed is 64 lowercase hex digits.');
  return toHex(await crypto.subtle.digest('SHA-256', hexBytes(seed)));
}

/**
 * The stream's 32-bit numbers, one block (eight numbers) at a time, as a pull function.
 * @param {string} seed
 * @param {string[]} contributions  one per seat, in seat order.
 * @returns {Promise<() => Promise<number>>}
 */
async function numbers(seed, contributions) {
  if (!isSeed(seed)) throw new TypeError('A seed is 64 lowercase hex digits.');
  if (!Array.isArray(contributions) || !contributions.every(isContribution)) {
    throw new TypeError('A contribution is 32 lowercase hex digits or "".');
  }
  const key = await crypto.subtle.importKey('raw', hexBytes(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const head = new TextEncoder().encode(DOMAIN + contributions.join(','));
  let block = 0;
  let view = null;
  let at = 8;
  return async () => {
    if (at === 8) {
      const msg = new Uint8Array(head.length + 4);
      msg.set(head);
      new DataView(msg.buffer).setUint32(head.length, block);
      view = new DataView(await crypto.subtle.sign('HMAC', key, msg));
      block += 1;
      at = 0;
    }
    const x = view.getUint32(4 * at);
    at += 1;
    return x;
  };
}

/**
 * A uniform integer in [0, n) from 32-bit numbers: the first number below the largest multiple
 * of n not above 2^32, modulo n (the others are skipped, so no value is favoured).
 * @param {() => Promise<number>|number} next  the next 32-bit number.
 * @param {number} n
 * @returns {Promise<number>}
 */
export async function below(next, n) {
  const limit = U32 - (U32 % n);
  for (;;) {
    const x = await next();
    if (x < limit) return x % n;
  }
}

/**
 * The plan of the deal: the swap places of its Fisher–Yates shuffle (for i = 27 down to 1, in
 * that order, the place j in [0, i] that place i swaps with, each a `below(i + 1)` of the stream)
 * and then the seat that opens a match's first round (the next `below(players)`).
 * @param {string} seed
 * @param {string[]} contributions  one per seat, in seat order.
 * @returns {Promise<{swaps: number[], starter: number}>} 27 places and a seat.
 * @throws {TypeError} for a malformed seed or contribution.
 */
export async function dealPlan(seed, contributions) {
  const next = await numbers(seed, contributions);
  const swaps = [];
  for (let i = CANONICAL_TILES.length - 1; i > 0; i--) swaps.push(await below(next, i + 1));
  return { swaps, starter: await below(next, contributions.length) };
}

/**
 * The swap places of the deal's Fisher–Yates shuffle (`dealPlan`'s `swaps`).
 * @returns {Promise<number[]>}
 */
export async function dealSwaps(seed, contributions) {
  return (await dealPlan(seed, contributions)).swaps;
}

/**
 * A generator in the engine's form (`{int(n)}`, deal.js's `Rng`) that gives these swap places in
 * turn: dealing with it makes the engine's own Fisher–Yates (the same one) deal the committed
 * order. It throws once exhausted or asked for another range than the shuffle's.
 * @param {number[]} swaps  from `dealSwaps`.
 */
export function swapsRng(swaps) {
  let k = 0;
  return {
    int(n) {
      if (k >= swaps.length || n !== CANONICAL_TILES.length - k) throw new RangeError('The committed deal is used up.');
      return swaps[k++];
    },
  };
}

/**
 * The 28 tiles in the order the deal hands them out ("a|b", low first).
 * @param {string} seed
 * @param {string[]} contributions
 * @returns {Promise<string[]>}
 */
export async function dealOrder(seed, contributions) {
  return orderOf((await dealPlan(seed, contributions)).swaps);
}

function orderOf(swaps) {
  const tiles = CANONICAL_TILES.slice();
  swaps.forEach((j, k) => {
    const i = tiles.length - 1 - k;
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  });
  return tiles;
}

/**
 * The deal as the vectors write it: seat s holds places s·size … (s+1)·size − 1, the boneyard is
 * the rest, its first tile drawn first; `starter` opens a match's first round.
 * @param {string} seed
 * @param {string[]} contributions  one per seat.
 * @param {number} handSize  7 with 2 players, else 5.
 * @returns {Promise<{order: string[], hands: string[][], boneyard: string[], starter: number}>}
 */
export async function dealOf(seed, contributions, handSize) {
  const { swaps, starter } = await dealPlan(seed, contributions);
  const order = orderOf(swaps);
  const players = contributions.length;
  const hands = Array.from({ length: players }, (_, s) => order.slice(s * handSize, (s + 1) * handSize));
  return { order, hands, boneyard: order.slice(players * handSize), starter };
}
