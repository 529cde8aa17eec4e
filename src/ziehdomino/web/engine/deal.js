/**
 * @file Shuffling and dealing a new round: the twin of Python's `engine/deal.py`, with the
 * generators it draws on (`cryptoRng` by default, `seededRng` for tests) and the seat checks.
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

/**
 * The default source: `crypto.getRandomValues`, unbiased (docs/rules.md, "A round" 1).
 * @type {{int: (n: number) => number}}
 */
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
 * A small seeded generator (sfc32) for tests and reproducible bot games. Not for real deals.
 * @param {number} seed  any integer (uses its low 32 bits).
 * @returns {{int: (n: number) => number}}  `int(n)` is uniform in [0, n).
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

/** An unbiased Fisher–Yates shuffle of a copy of `items`. */
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
 * Tiles dealt to each seat (Python's `hand_size`): 7 with 2 players, 5 with 3 or 4.
 * @param {number} players  2–4.
 * @returns {number}
 * @throws {PositionError} for a bad player count.
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
 * Shuffles the 28 tiles and deals a new round: 7 tiles each with 2 players, 5 each with 3 or 4;
 * the rest (14, 13 or 8) is the boneyard. Seat s gets the s-th block of the shuffled set.
 * Source: docs/rules.md, "A round" 1–3.
 * @param {number} players  2–4.
 * @param {Seat} starter  the seat that opens (and acts first).
 * @param {Rng} [rng]  default `cryptoRng` (crypto.getRandomValues).
 * @returns {Round} with an empty line, `turn === starter`, empty log.
 * @throws {PositionError} for a bad player count or starter; {TypeError|RangeError} for a bad rng.
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
