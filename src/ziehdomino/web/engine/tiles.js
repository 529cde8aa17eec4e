/**
 * @file The 28 tiles and their `a|b` notation: the twin of Python's `engine/tiles.py`.
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
 * The 28 tiles `[lo, hi]`, frozen: hands and boneyards hold these very objects, so `===` compares.
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
 * Reads `"a|b"` in either orientation (tests/vectors/FORMAT.md, TILE).
 * @param {string} text
 * @returns {Tile} the canonical tile of `ALL_TILES`.
 * @throws {Refusal} `invalid_action` for anything else.
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
 * A tile low first, as hands and the log show it.
 * @param {Tile} tile
 * @returns {string}
 * @throws {TypeError} for anything but a tile.
 */
export function formatTile(tile) {
  if (!isTileArray(tile)) throw new TypeError(`${describe(tile)} is not a tile [a, b] with 0–6.`);
  const [a, b] = tile;
  return a <= b ? TEXT[a * SIDES + b] : TEXT[b * SIDES + a];
}

/**
 * A tile as it lies in the line, left half first.
 * @param {Tile} tile
 * @returns {string}
 * @throws {TypeError} for anything but a tile.
 */
export function formatOriented(tile) {
  if (!isTileArray(tile)) throw new TypeError(`${describe(tile)} is not a tile [a, b] with 0–6.`);
  return TEXT[tile[0] * SIDES + tile[1]];
}

/**
 * @param {Tile} tile
 * @returns {Pips}
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
