/**
 * @file The committed deal (docs/fair.md): the twin of Python's `engine/fair.py`, held equal by
 * tests/vectors/fair/deals.json. Hex forms: common/fair-hex.js.
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
 * @param {string} seed
 * @returns {Promise<string>} SHA-256 of the seed's bytes, in hex.
 * @throws {TypeError} for a malformed seed.
 */
export async function commitmentOf(seed) {
  if (!isSeed(seed)) throw new TypeError('A seed is 64 lowercase hex digits.');
  return toHex(await crypto.subtle.digest('SHA-256', hexBytes(seed)));
}

/**
 * The stream's 32-bit numbers, as a pull function.
 * @param {string} seed
 * @param {string[]} contributions
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
 * A uniform integer in [0, n), by rejection so that no value is favoured.
 * @param {() => Promise<number>|number} next
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
 * The shuffle's swap places (i = 27 down to 1), then a match's first starter.
 * @param {string} seed
 * @param {string[]} contributions
 * @returns {Promise<{swaps: number[], starter: number}>}
 * @throws {TypeError} for a malformed seed or contribution.
 */
export async function dealPlan(seed, contributions) {
  const next = await numbers(seed, contributions);
  const swaps = [];
  for (let i = CANONICAL_TILES.length - 1; i > 0; i--) swaps.push(await below(next, i + 1));
  return { swaps, starter: await below(next, contributions.length) };
}

/** @returns {Promise<number[]>} */
export async function dealSwaps(seed, contributions) {
  return (await dealPlan(seed, contributions)).swaps;
}

/**
 * An `Rng` giving these swaps in turn, so the engine's own shuffle deals the committed order.
 * @param {number[]} swaps
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
 * The 28 tiles in dealt order.
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
 * The deal as the vectors write it.
 * @param {string} seed
 * @param {string[]} contributions
 * @param {number} handSize
 * @returns {Promise<{order: string[], hands: string[][], boneyard: string[], starter: number}>}
 */
export async function dealOf(seed, contributions, handSize) {
  const { swaps, starter } = await dealPlan(seed, contributions);
  const order = orderOf(swaps);
  const players = contributions.length;
  const hands = Array.from({ length: players }, (_, s) => order.slice(s * handSize, (s + 1) * handSize));
  return { order, hands, boneyard: order.slice(players * handSize), starter };
}
