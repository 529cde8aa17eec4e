/**
 * @file Shuffling and dealing a round: the twin of Python's `engine/deal.py`.
 */
// @ts-check
/** @import { Rng, Round, Seat } from './index.js' */

import { MAX_PLAYERS, MIN_PLAYERS } from '../common/constants.js';
import { PositionError, describe } from './errors.js';
import { ALL_TILES } from './tiles.js';

const TWO_32 = 0x100000000;

/** A uniform integer in [0, n) from 32-bit draws, by rejection (no modulo bias). */
function uniformBelow(next32, n) {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`Cannot draw from 0 to ${n}.`);
  const limit = TWO_32 - (TWO_32 % n);
  let x = next32();
  while (x >= limit) x = next32();
  return x % n;
}

/** @type {{int: (n: number) => number}} */
export const cryptoRng = (() => {
  const buffer = new Uint32Array(64);
  let at = buffer.length;
  const next32 = () => {
    if (at === buffer.length) {
      globalThis.crypto.getRandomValues(buffer);
      at = 0;
    }
    return buffer[at++];
  };
  return { int: (n) => uniformBelow(next32, n) };
})();

/**
 * Seeded sfc32, for tests and bot games; not for real deals.
 * @param {number} seed
 * @returns {{int: (n: number) => number}}
 */
export function seededRng(seed) {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next32();
  return { int: (n) => uniformBelow(next32, n) };
}

/** One integer in [0, n) from an `Rng`, checked. */
export function randomInt(rng, n) {
  let x;
  if (typeof rng === 'function') x = rng(n);
  else if (rng !== null && typeof rng === 'object' && typeof rng.int === 'function') x = rng.int(n);
  else throw new TypeError('rng must be a function n => integer in [0, n) or an object with int(n).');
  if (!Number.isInteger(x) || x < 0 || x >= n) {
    throw new RangeError(`rng returned ${describe(x)} for an integer in [0, ${n}).`);
  }
  return x;
}

function shuffled(items, rng) {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

export const HAND_SIZE = [0, 0, 7, 5, 5]; // by number of players (docs/rules.md, "A round" 1)

/**
 * @param {number} players
 * @returns {number}
 */
export function handSize(players) {
  checkPlayers(players);
  return HAND_SIZE[players];
}

/** @throws {PositionError} unless `players` is a table size, 2 to 4. */
export function checkPlayers(players) {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new PositionError(`players must be 2, 3 or 4, not ${describe(players)}.`);
  }
}

/** @throws {PositionError} naming `what` unless `seat` is a seat of a table of `players`. */
export function checkSeat(seat, players, what) {
  if (!Number.isInteger(seat) || seat < 0 || seat >= players) {
    throw new PositionError(`${what} must be a seat from 0 to ${players - 1}, not ${describe(seat)}.`);
  }
}

/**
 * Shuffles and deals a round: seat s gets the s-th block, the rest is the boneyard
 * (docs/rules.md, "A round" 1–3).
 * @param {number} players
 * @param {Seat} starter
 * @param {Rng} [rng]
 * @returns {Round}
 */
export function dealRound(players, starter, rng = cryptoRng) {
  checkPlayers(players);
  checkSeat(starter, players, 'starter');
  const tiles = shuffled(ALL_TILES, rng);
  const size = HAND_SIZE[players];
  const hands = [];
  for (let s = 0; s < players; s++) hands.push(tiles.slice(s * size, (s + 1) * size));
  return {
    players,
    starter,
    hands,
    boneyard: tiles.slice(players * size),
    line: [],
    left: null,
    right: null,
    turn: starter,
    passes: 0,
    result: null,
    log: [],
  };
}
