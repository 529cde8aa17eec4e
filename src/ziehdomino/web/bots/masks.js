/**
 * @file The numbering every bots module shares, tiles as bits of a mask and moves as integers
 * (docs/bots.md, "Numbering"): the same tables and orders as Python's `bots/masks.py`.
 */
// @ts-check

/** @type {number[]} */ export const TA = [];
/** @type {number[]} */ export const TB = [];
/** @type {number[]} */ export const PIPS = [];
for (let a = 0; a <= 6; a++) {
  for (let b = a; b <= 6; b++) {
    TA.push(a);
    TB.push(b);
    PIPS.push(a + b);
  }
}
/** INDEX_OF[a * 7 + b] = tile index of a|b (either order). */
const INDEX_OF = new Array(49);
for (let i = 0; i < 28; i++) {
  INDEX_OF[TA[i] * 7 + TB[i]] = i;
  INDEX_OF[TB[i] * 7 + TA[i]] = i;
}
/** NUM[n]: mask of the tiles showing n. */
export const NUM = [0, 1, 2, 3, 4, 5, 6].map((n) => {
  let m = 0;
  for (let i = 0; i < 28; i++) if (TA[i] === n || TB[i] === n) m |= 1 << i;
  return m;
});
/** ALLOWED[f]: mask of the tiles with neither half in the number set f. */
export const ALLOWED = [];
for (let f = 0; f < 128; f++) {
  let m = 0;
  for (let i = 0; i < 28; i++) if (!((f >> TA[i]) & 1) && !((f >> TB[i]) & 1)) m |= 1 << i;
  ALLOWED.push(m);
}
/** Every tile. */
export const ALL_MASK = (1 << 28) - 1;
const PIP_LO = new Int32Array(1 << 14);
const PIP_HI = new Int32Array(1 << 14);
for (let m = 1; m < 1 << 14; m++) {
  const i = 31 - Math.clz32(m & -m);
  PIP_LO[m] = PIP_LO[m & (m - 1)] + PIPS[i];
  PIP_HI[m] = PIP_HI[m & (m - 1)] + PIPS[i + 14];
}

export const LEFT = 0;
export const RIGHT = 1;
export const OPEN = 2;
export const DRAW = -1;
export const PASS = -2;

/** Number of set bits of a non-negative 32-bit integer. */
export function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of `low` (which has exactly one bit set). */
export const bitIndex = (low) => 31 - Math.clz32(low);

/** The pip sum of the tiles in a mask. */
export function maskPips(mask) {
  return PIP_LO[mask & 0x3fff] + PIP_HI[mask >>> 14];
}

/** The tile indices in a mask, ascending. */
export function bits(mask) {
  const out = [];
  while (mask) {
    const low = mask & -mask;
    out.push(bitIndex(low));
    mask ^= low;
  }
  return out;
}

/** KINDS_LO/HI[m]: the numbers (a 7-bit set) shown by the tiles of a 14-bit half of a hand. */
export const KINDS_LO = new Int32Array(1 << 14);
export const KINDS_HI = new Int32Array(1 << 14);
for (let m = 1; m < 1 << 14; m++) {
  const i = bitIndex(m & -m);
  KINDS_LO[m] = KINDS_LO[m & (m - 1)] | (1 << TA[i]) | (1 << TB[i]);
  KINDS_HI[m] = KINDS_HI[m & (m - 1)] | (1 << TA[i + 14]) | (1 << TB[i + 14]);
}

/** How many different numbers the tiles of `mask` show. */
export const kinds = (mask) => popcount(KINDS_LO[mask & 0x3fff] | KINDS_HI[mask >>> 14]);

/**
 * The tile index of a tile written "a|b" in either order.
 * @throws {Error} `text` is no tile.
 */
export function tileIndex(text) {
  if (typeof text !== 'string' || text.length !== 3 || text[1] !== '|') throw new Error(`not a tile: ${text}`);
  const a = text.charCodeAt(0) - 48;
  const b = text.charCodeAt(2) - 48;
  if (!(a >= 0 && a <= 6 && b >= 0 && b <= 6)) throw new Error(`not a tile: ${text}`);
  return INDEX_OF[a * 7 + b];
}

/** The move of a JSON action from a view's `legal` list. */
export function moveOf(action) {
  if (action.type === 'draw') return DRAW;
  if (action.type === 'pass') return PASS;
  const end = action.end;
  return 3 * tileIndex(action.tile) + (end === null || end === undefined ? OPEN : end === 'left' ? LEFT : RIGHT);
}
