/**
 * @file The 28 tiles and their `a|b` notation: the twin of Python's `engine/tiles.py`. Every tile
 * in a hand or the boneyard is one frozen object of `ALL_TILES`, so `===` compares tiles.
 */
// @ts-check
/** @import { Pips, Tile } from './index.js' */

import { Refusal, describe } from './errors.js';

export const SIDES = 7; // pips 0 … 6

/** Canonical tile for the halves (a, b) in either order, indexed a * 7 + b. */
const CANONICAL = new Array(SIDES * SIDES);
/** The tile lying as (a, b), indexed a * 7 + b; for a <= b the canonical object itself. */
export const ORIENTED = new Array(SIDES * SIDES);
/** The text "a|b", indexed a * 7 + b. */
const TEXT = new Array(SIDES * SIDES);

/**
 * The 28 tiles of a double-six set, `[lo, hi]`, ordered 0|0, 0|1, … 6|6. Frozen; these are the
 * very objects held in hands and boneyards, so tiles compare with `===`.
 * Source: docs/rules.md, Terms ("tile").
 * @type {ReadonlyArray<Tile>}
 */
export const ALL_TILES = (() => {
  /** @type {Tile[]} */
  const tiles = [];
  for (let lo = 0; lo < SIDES; lo++) {
    for (let hi = lo; hi < SIDES; hi++) {
      const tile = /** @type {Tile} */ (Object.freeze([lo, hi]));
      tiles.push(tile);
      CANONICAL[lo * SIDES + hi] = tile;
      CANONICAL[hi * SIDES + lo] = tile;
      ORIENTED[lo * SIDES + hi] = tile;
      ORIENTED[hi * SIDES + lo] = Object.freeze([hi, lo]);
      TEXT[lo * SIDES + hi] = `${lo}|${hi}`;
      TEXT[hi * SIDES + lo] = `${hi}|${lo}`;
    }
  }
  return Object.freeze(tiles);
})();

/** Low-first text of a canonical tile (no checks: hot path). */
export const textOf = (tile) => TEXT[tile[0] * SIDES + tile[1]];

/**
 * Reads a tile written `"a|b"` (0 ≤ a, b ≤ 6, no spaces), in either orientation.
 * Source: tests/vectors/FORMAT.md ("TILE").
 * @param {string} text  e.g. `"5|2"`.
 * @returns {Tile} the canonical tile `[lo, hi]` from `ALL_TILES` (frozen, shared), e.g. `[2, 5]`.
 * @throws {Refusal} code `invalid_action` for anything else (naming the input).
 * @example parseTile('5|2') === ALL_TILES[...] // [2, 5]
 */
export function parseTile(text) {
  if (typeof text === 'string' && text.length === 3 && text[1] === '|') {
    const a = text.charCodeAt(0) - 48;
    const b = text.charCodeAt(2) - 48;
    if (a >= 0 && a < SIDES && b >= 0 && b < SIDES) return CANONICAL[a * SIDES + b];
  }
  throw new Refusal(
    'invalid_action',
    `${describe(text)} is not a tile: write it as "a|b" with a and b from 0 to 6.`,
  );
}

/**
 * Writes a tile low first, the way hands, legal actions and the log show it (docs/view.md).
 * @param {Tile} tile  `[a, b]` in either orientation, 0 ≤ a, b ≤ 6.
 * @returns {string} `"lo|hi"`, e.g. `formatTile([5, 2]) === "2|5"`.
 * @throws {TypeError} if `tile` is not two integers from 0 to 6.
 */
export function formatTile(tile) {
  if (!isTileArray(tile)) throw new TypeError(`${describe(tile)} is not a tile [a, b] with 0–6.`);
  const [a, b] = tile;
  return a <= b ? TEXT[a * SIDES + b] : TEXT[b * SIDES + a];
}

/**
 * Writes a tile as it lies in the line, left half first (the line in positions and views).
 * @param {Tile} tile  `[left, right]`, 0 ≤ left, right ≤ 6.
 * @returns {string} `"left|right"`, e.g. `formatOriented([5, 2]) === "5|2"`.
 * @throws {TypeError} if `tile` is not two integers from 0 to 6.
 */
export function formatOriented(tile) {
  if (!isTileArray(tile)) throw new TypeError(`${describe(tile)} is not a tile [a, b] with 0–6.`);
  return TEXT[tile[0] * SIDES + tile[1]];
}

/**
 * A tile's value: the sum of both halves. Source: docs/rules.md, Terms ("pips").
 * @param {Tile} tile
 * @returns {Pips} e.g. `tilePips([2, 5]) === 7`.
 */
export function tilePips(tile) {
  return tile[0] + tile[1];
}

function isTileArray(tile) {
  return (
    Array.isArray(tile) &&
    tile.length === 2 &&
    Number.isInteger(tile[0]) &&
    Number.isInteger(tile[1]) &&
    tile[0] >= 0 &&
    tile[0] < SIDES &&
    tile[1] >= 0 &&
    tile[1] < SIDES
  );
}
