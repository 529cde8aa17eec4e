/**
 * @file The rules of Ziehdomino for the browser (local games) and for node (tests, tools).
 *
 * Draw dominoes with a double-six set, free opening, one unbranched line. This module is the
 * JavaScript twin of the Python package `ziehdomino.engine`; the conformance vectors
 * (`tests/vectors/*.json`, format in tests/vectors/FORMAT.md) hold the two equal. Rules:
 * docs/rules.md. The seat's view: docs/view.md.
 *
 * Layout, bottom up: tiles, errors, randomness, a round (deal, position, legal actions, apply,
 * result), a match (what a room keeps over many rounds), the seat's view, save/restore.
 *
 * Representation (kept small for computer playouts):
 * - A tile is a frozen two-number array. `ALL_TILES` holds the 28 canonical tiles `[lo, hi]`;
 *   every tile in a hand or the boneyard is one of these very objects, so `===` compares tiles.
 * - A tile on the line is a frozen array `[left, right]` as it lies (also shared, never mutated).
 * - A round keeps its open ends in `left` / `right` (both `null` while the line is empty).
 *
 * Plain ES module, no dependencies but constants.js (table sizes), no build step. Randomness only through an injected
 * generator; the default is `crypto.getRandomValues`.
 */

import { MAX_PLAYERS, MIN_PLAYERS } from './common/constants.js';

// ---------------------------------------------------------------------------------------------
// Types (JSDoc only)

/** @typedef {number} Seat  A seat, 0 … players-1, numbered clockwise. */
/** @typedef {number} Pips  The dots on one half, 0 … 6 (or a sum of them). */
/** @typedef {'left'|'right'} End  An end of the line. */
/** @typedef {Readonly<[Pips, Pips]>} Tile  A tile: `[lo, hi]` in hands, `[left, right]` on the line. */
/**
 * @typedef {{type: 'play', tile: string, end?: End|null} | {type: 'draw'} | {type: 'pass'}} Action
 * An action as a client sends it. `tile` is `"a|b"` in either orientation; `end` is required on
 * a non-empty line and may be absent or null on an empty one (tests/vectors/FORMAT.md, ACTION).
 */
/**
 * @typedef {{kind: 'domino', winners: Seat[]} |
 *           {kind: 'blocked', winners: Seat[], pips: Pips[]}} Result
 * The outcome of a finished round. `winners` ascending; a blocked round with several winners is
 * a shared round. `pips` is every seat's pip sum in hand. Frozen.
 */
/**
 * @typedef {{seat: Seat, type: 'play', tile: string, end: End|null, ends: [Pips, Pips]|null} |
 *           {seat: Seat, type: 'draw'|'pass', ends: [Pips, Pips]|null}} LogEntry
 * One accepted action in the public log (docs/view.md, `log`): a play names its tile low first
 * and its end (`null` for the opening tile); `ends` are the open ends just before the action.
 * Shared between clones of a round: read-only.
 */
/**
 * @typedef {object} Round
 * One deal played to its end. Mutated in place by `applyAction`; copy with `cloneRound`.
 * @property {number} players  2–4.
 * @property {Seat} starter  The seat that opened (or is to open) the round.
 * @property {Tile[][]} hands  Per seat, canonical tiles in the order held (dealt, then drawn).
 * @property {Tile[]} boneyard  Canonical tiles; index 0 is drawn next.
 * @property {Tile[]} line  Oriented tiles, left to right.
 * @property {Pips|null} left  Open left end, null while the line is empty.
 * @property {Pips|null} right  Open right end, null while the line is empty.
 * @property {Seat|null} turn  The seat to act; null once the round is over.
 * @property {number} passes  Consecutive passes so far.
 * @property {Result|null} result  null while the round goes on.
 * @property {LogEntry[]|null} log  Every accepted action of this round, in order; null for a
 *   playout copy that keeps none (`cloneRound(round, {log: false})`).
 */
/**
 * @typedef {object} Position
 * A round still being played, as plain JSON (tests/vectors/FORMAT.md, "Round case" `position`), plus an
 * optional `starter` (the seat that opened; default `turn`).
 * @property {number} players
 * @property {string[][]} hands  Tiles per seat, `"a|b"`, either orientation.
 * @property {string[]} [boneyard]  In draw order; default empty.
 * @property {string[]} [line]  Oriented, left to right; touching halves equal; default empty.
 * @property {Seat} [turn]  Default 0.
 * @property {number} [passes]  Default 0.
 * @property {Seat} [starter]  Default `turn`.
 */
/**
 * @typedef {object} Match
 * What a room keeps over many rounds (docs/rules.md, "A room").
 * @property {number} players  2–4.
 * @property {number[]} wins  Per seat, rounds won alone.
 * @property {number[]} shared  Per seat, rounds shared (blocked, tie for the lowest pip sum).
 * @property {Seat[]} starters  The starter of every round dealt so far (last one: the current round).
 * @property {number} roundNumber  1 for the first round; always `starters.length`.
 * @property {number} version  Raised by every accepted action and every new round (1 after `newMatch`).
 * @property {Round} round  The current round.
 * @property {Position} opening  The current round's deal as a position (for `matchToState`).
 */
/**
 * @typedef {((n: number) => number) | {int: (n: number) => number}} Rng
 * A source of uniform integers: a function, or an object with `int(n)`, returning an integer
 * in [0, n) for any integer n ≥ 1.
 */

// ---------------------------------------------------------------------------------------------
// Tiles

const SIDES = 7; // pips 0 … 6

/** Canonical tile for the halves (a, b) in either order, indexed a * 7 + b. */
const CANONICAL = new Array(SIDES * SIDES);
/** The tile lying as (a, b), indexed a * 7 + b; for a <= b the canonical object itself. */
const ORIENTED = new Array(SIDES * SIDES);
/** The text "a|b", indexed a * 7 + b. */
const TEXT = new Array(SIDES * SIDES);

/**
 * The 28 tiles of a double-six set, `[lo, hi]`, ordered 0|0, 0|1, … 6|6. Frozen; these are the
 * very objects held in hands and boneyards, so tiles compare with `===`.
 * Source: docs/rules.md, Terms ("tile").
 * @type {ReadonlyArray<Tile>}
 */
export const ALL_TILES = (() => {
  const tiles = [];
  for (let lo = 0; lo < SIDES; lo++) {
    for (let hi = lo; hi < SIDES; hi++) {
      const tile = Object.freeze([lo, hi]);
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
const textOf = (tile) => TEXT[tile[0] * SIDES + tile[1]];

/** Short, safe rendering of an arbitrary input for error messages. */
function describe(value) {
  if (value === undefined) return 'undefined';
  let text;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

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

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * Refusal codes of a round action, in order of precedence: when several apply, the first is the
 * one reported. Source: tests/vectors/FORMAT.md ("Rejection codes").
 * @type {ReadonlyArray<string>}
 */
export const REFUSAL_CODES = Object.freeze([
  'invalid_action',
  'round_over',
  'not_your_turn',
  'tile_not_in_hand',
  'tile_does_not_fit',
  'must_play',
  'cannot_draw',
  'cannot_pass',
]);

/**
 * Codes a match adds to the round's: `round_not_over` (`nextRound` too early) and
 * `stale_version` (an action or next round asked against an older version).
 * @type {ReadonlyArray<string>}
 */
export const MATCH_REFUSAL_CODES = Object.freeze(['round_not_over', 'stale_version']);

const ALL_REFUSAL_CODES = new Set([...REFUSAL_CODES, ...MATCH_REFUSAL_CODES]);

/**
 * An action the rules refuse (or a malformed one). Nothing was changed.
 * `code` is one of `REFUSAL_CODES` or `MATCH_REFUSAL_CODES`. The message is for logs and
 * developers; clients get the code.
 */
export class Refusal extends Error {
  /**
   * @param {string} code  one of `REFUSAL_CODES` or `MATCH_REFUSAL_CODES`.
   * @param {string} message  English, naming the bad input.
   * @throws {TypeError} for an unknown code.
   */
  constructor(code, message) {
    if (!ALL_REFUSAL_CODES.has(code)) throw new TypeError(`Unknown refusal code ${describe(code)}.`);
    super(message);
    this.name = 'Refusal';
    /** @type {string} */
    this.code = code;
  }
}

/**
 * An invalid position or saved state: a tile twice, a line whose halves do not touch, a bad
 * seat, player count, turn or pass count, or the wrong shape. The message says where.
 */
export class PositionError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'PositionError';
  }
}

// ---------------------------------------------------------------------------------------------
// Randomness

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
function randomInt(rng, n) {
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

// ---------------------------------------------------------------------------------------------
// A round

const HAND_SIZE = [0, 0, 7, 5, 5]; // by number of players (docs/rules.md, "A round" 1)

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

function checkPlayers(players) {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new PositionError(`players must be 2, 3 or 4, not ${describe(players)}.`);
  }
}

function checkSeat(seat, players, what) {
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

/**
 * A copy of a round that shares nothing mutable with it (tiles, log entries and the result are
 * immutable and shared). Cheap: a handful of short array copies. For computer playouts
 * (docs/architecture.md, bots/), pass `{log: false}`: the copy keeps no log (`log: null`) and
 * `applyAction` then records nothing.
 * @param {Round} round
 * @param {{log?: boolean}} [options]  `log` (default true): copy the log.
 * @returns {Round}
 */
export function cloneRound(round, { log = true } = {}) {
  return {
    players: round.players,
    starter: round.starter,
    hands: round.hands.map((hand) => hand.slice()),
    boneyard: round.boneyard.slice(),
    line: round.line.slice(),
    left: round.left,
    right: round.right,
    turn: round.turn,
    passes: round.passes,
    result: round.result,
    log: log && round.log !== null ? round.log.slice() : null,
  };
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function positionTile(text, where) {
  try {
    return parseTile(text);
  } catch (error) {
    throw new PositionError(`${where}: ${error.message}`);
  }
}

/** A list of tiles of a position, checked; `fallback` when the key is absent. */
function positionList(position, key, fallback) {
  const value = position[key] === undefined ? fallback : position[key];
  if (!Array.isArray(value)) throw new PositionError(`${key} must be a list of tiles, not ${describe(value)}.`);
  return value;
}

/** An integer field of a position, checked to lie in [0, below); `fallback` when absent. */
function positionInt(position, key, fallback, below) {
  const value = position[key] === undefined ? fallback : position[key];
  if (!Number.isInteger(value) || value < 0 || value >= below) {
    throw new PositionError(`${key} must be an integer from 0 to ${below - 1}, not ${describe(value)}.`);
  }
  return value;
}

/**
 * Builds a round that is still being played from a position (tests/vectors/FORMAT.md, "Round case"
 * `position`), validating it; the same rules as Python's `round_from_position`. `boneyard` and
 * `line` default to empty, `turn` and `passes` to 0, `starter` to `turn`; other keys are
 * ignored. Hands keep the order given; the log starts empty.
 * Source: tests/vectors/FORMAT.md; docs/rules.md, "A round".
 * @param {Position} position
 * @returns {Round}
 * @throws {PositionError} naming what is wrong: not an object, players not 2–4, not one hand
 *   per seat, a malformed tile, a tile in two places, a line whose touching halves differ, an
 *   empty hand (that round would be over), a turn or starter that is no seat, or passes out of
 *   range (0 to players - 1, and 0 while the boneyard holds tiles or the line is empty).
 */
export function roundFromPosition(position) {
  if (!isPlainObject(position)) throw new PositionError(`A position must be an object, not ${describe(position)}.`);
  const { players } = position;
  checkPlayers(players);
  const rawHands = position.hands;
  if (!Array.isArray(rawHands) || rawHands.length !== players) {
    throw new PositionError(`hands must be a list of ${players} hands, one per seat, not ${describe(rawHands)}.`);
  }

  const seen = new Map(); // tile -> where it was named first
  const take = (text, where) => {
    const tile = positionTile(text, where);
    if (seen.has(tile)) throw new PositionError(`Tile ${textOf(tile)} appears twice (${seen.get(tile)} and ${where}).`);
    seen.set(tile, where);
    return tile;
  };
  const hands = rawHands.map((hand, s) => {
    if (!Array.isArray(hand)) throw new PositionError(`hands[${s}] must be a list of tiles, not ${describe(hand)}.`);
    return hand.map((text, i) => take(text, `hands[${s}][${i}]`));
  });
  const boneyard = positionList(position, 'boneyard', []).map((text, i) => take(text, `boneyard[${i}]`));
  const lineText = positionList(position, 'line', []);
  const line = lineText.map((text, i) => {
    const tile = take(text, `line[${i}]`);
    return tile[0] === text.charCodeAt(0) - 48 ? tile : ORIENTED[tile[1] * SIDES + tile[0]];
  });
  for (let i = 1; i < line.length; i++) {
    if (line[i - 1][1] !== line[i][0]) {
      throw new PositionError(
        `line[${i - 1}] ${lineText[i - 1]} and line[${i}] ${lineText[i]} do not touch (${line[i - 1][1]} against ${line[i][0]}).`,
      );
    }
  }
  hands.forEach((hand, s) => {
    if (hand.length === 0) throw new PositionError(`hands[${s}] is empty: that round would already be over.`);
  });

  const turn = positionInt(position, 'turn', 0, players);
  const passes = positionInt(position, 'passes', 0, players);
  if (passes > 0 && boneyard.length > 0) {
    throw new PositionError(`passes must be 0 while the boneyard holds tiles (nobody may pass then), not ${passes}.`);
  }
  if (passes > 0 && line.length === 0) throw new PositionError(`passes must be 0 on an empty line (nobody may pass then), not ${passes}.`);
  const starter = positionInt(position, 'starter', turn, players);

  return {
    players,
    starter,
    hands,
    boneyard,
    line,
    left: line.length ? line[0][0] : null,
    right: line.length ? line[line.length - 1][1] : null,
    turn,
    passes,
    result: null,
    log: [],
  };
}

/**
 * Writes a round that is still being played back as a position, exactly as Python's
 * `position_of`: hands in the order held and boneyard in draw order, low first; the line
 * oriented. The starter and the log are not part of it. Source: tests/vectors/FORMAT.md.
 * @param {Round} round
 * @returns {{players: number, hands: string[][], boneyard: string[], line: string[],
 *   turn: Seat, passes: number}} plain JSON, sharing nothing with the round.
 * @throws {PositionError} for a finished round: there is no position to continue from.
 */
export function positionOf(round) {
  if (round.result !== null) throw new PositionError('The round is over: a position is a round still being played.');
  return {
    players: round.players,
    hands: round.hands.map((hand) => hand.map(textOf)),
    boneyard: round.boneyard.map(textOf),
    line: round.line.map(textOf),
    turn: round.turn,
    passes: round.passes,
  };
}

/** Whether any tile of `hand` can be played (always, on an empty line, if the hand has one). */
function hasFit(round, hand) {
  const { left, right } = round;
  if (left === null) return hand.length > 0;
  for (let i = 0; i < hand.length; i++) {
    const t = hand[i];
    if (t[0] === left || t[1] === left || t[0] === right || t[1] === right) return true;
  }
  return false;
}

/**
 * The seat's legal actions, in the fixed order of docs/view.md (`legal`): plays by hand order,
 * left before right (a tile fitting both ends appears twice), then draw, then pass. On an empty
 * line each tile appears once with `end: null`. Empty when it is not the seat's turn or the
 * round is over. Tiles are written low first. Source: docs/rules.md, "A round" 3–4.
 * @param {Round} round
 * @param {Seat|null} seat
 * @returns {Action[]} fresh objects, e.g. `[{type: 'play', tile: '2|5', end: 'right'}]`,
 *   `[{type: 'draw'}]` or `[{type: 'pass'}]`.
 */
export function legalActions(round, seat) {
  if (round.result !== null || seat !== round.turn) return [];
  const hand = round.hands[seat];
  const { left, right } = round;
  const actions = [];
  for (let i = 0; i < hand.length; i++) {
    const t = hand[i];
    if (left === null) {
      actions.push({ type: 'play', tile: textOf(t), end: null });
      continue;
    }
    if (t[0] === left || t[1] === left) actions.push({ type: 'play', tile: textOf(t), end: 'left' });
    if (t[0] === right || t[1] === right) actions.push({ type: 'play', tile: textOf(t), end: 'right' });
  }
  if (actions.length === 0) actions.push({ type: round.boneyard.length > 0 ? 'draw' : 'pass' });
  return actions;
}

/**
 * Validates an action in the order of precedence of tests/vectors/FORMAT.md; returns the index in hand of the
 * tile played, or -1 for draw / pass.
 */
function validate(round, seat, action) {
  if (!isPlainObject(action)) {
    throw new Refusal('invalid_action', `An action must be an object such as {"type": "draw"}, not ${describe(action)}.`);
  }
  const { type } = action;
  let tile = null;
  if (type === 'play') {
    tile = parseTile(action.tile);
    const { end } = action;
    if (round.left === null) {
      if (end !== undefined && end !== null && end !== 'left' && end !== 'right') {
        throw new Refusal('invalid_action', `Unknown end ${describe(end)}: use "left" or "right" (or none for the opening).`);
      }
    } else if (end !== 'left' && end !== 'right') {
      throw new Refusal(
        'invalid_action',
        end === undefined || end === null
          ? `Playing ${action.tile} needs an end: "left" or "right".`
          : `Unknown end ${describe(end)}: use "left" or "right".`,
      );
    }
  } else if (type !== 'draw' && type !== 'pass') {
    throw new Refusal('invalid_action', `Unknown action type ${describe(type)}: use "play", "draw" or "pass".`);
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= round.players) {
    throw new Refusal('invalid_action', `There is no seat ${describe(seat)} at a table of ${round.players}.`);
  }
  if (round.result !== null) throw new Refusal('round_over', `The round is over: seat ${seat} cannot ${type}.`);
  if (seat !== round.turn) {
    throw new Refusal('not_your_turn', `It is seat ${round.turn}'s turn, not seat ${seat}'s.`);
  }
  const hand = round.hands[seat];
  if (tile !== null) {
    const index = hand.indexOf(tile);
    if (index < 0) throw new Refusal('tile_not_in_hand', `Seat ${seat} does not hold ${action.tile}.`);
    if (round.left !== null) {
      const shows = action.end === 'left' ? round.left : round.right;
      if (tile[0] !== shows && tile[1] !== shows) {
        throw new Refusal('tile_does_not_fit', `${action.tile} does not fit the ${action.end} end, which shows ${shows}.`);
      }
    }
    return index;
  }
  if (hasFit(round, hand)) {
    throw new Refusal(
      'must_play',
      round.left === null
        ? `Seat ${seat} cannot ${type} before the opening: play any tile.`
        : `Seat ${seat} holds a tile that fits ${round.left} or ${round.right}, so it must play, not ${type}.`,
    );
  }
  if (type === 'draw' && round.boneyard.length === 0) {
    throw new Refusal('cannot_draw', `Seat ${seat} cannot draw: the boneyard is empty, so it passes.`);
  }
  if (type === 'pass' && round.boneyard.length > 0) {
    throw new Refusal('cannot_pass', `Seat ${seat} cannot pass: the boneyard still has ${round.boneyard.length} tiles to draw.`);
  }
  return -1;
}

/**
 * Checks an action without changing anything. Source: tests/vectors/FORMAT.md, "Rejection codes".
 * @param {Round} round
 * @param {Seat} seat  the seat acting.
 * @param {Action} action
 * @returns {void} if the action is legal.
 * @throws {Refusal} with the first applicable code: invalid_action (a malformed action, or a
 *   seat that is not an integer seat of the table), round_over, not_your_turn, tile_not_in_hand,
 *   tile_does_not_fit, must_play, cannot_draw, cannot_pass.
 */
export function checkAction(round, seat, action) {
  validate(round, seat, action);
}

function dominoResult(seat) {
  return Object.freeze({ kind: 'domino', winners: Object.freeze([seat]) });
}

function blockedResult(hands) {
  const pips = hands.map((hand) => {
    let sum = 0;
    for (let i = 0; i < hand.length; i++) sum += hand[i][0] + hand[i][1];
    return sum;
  });
  const lowest = Math.min(...pips);
  const winners = [];
  pips.forEach((p, s) => p === lowest && winners.push(s));
  return Object.freeze({ kind: 'blocked', winners: Object.freeze(winners), pips: Object.freeze(pips) });
}

/**
 * Validates and applies an action, mutating the round, and appends it to the round's log.
 * A play turns the tile to touch the named end (the opening tile lies low first); playing the
 * last tile ends the round (domino); the `players`-th pass in a row ends it (blocked: lowest pip
 * sum wins, ties share). A draw keeps the turn. Source: docs/rules.md, "A round" 3–5.
 * @param {Round} round
 * @param {Seat} seat
 * @param {Action} action
 * @returns {LogEntry} the entry appended to `round.log` (also when the round keeps no log).
 * @throws {Refusal} as `checkAction`; a refused action changes nothing.
 */
export function applyAction(round, seat, action) {
  const index = validate(round, seat, action);
  const ends = round.left === null ? null : [round.left, round.right];
  const hand = round.hands[seat];
  let entry;
  if (index >= 0) {
    const tile = hand[index];
    hand.splice(index, 1);
    let end = null;
    if (round.left === null) {
      round.line.push(tile);
      round.left = tile[0];
      round.right = tile[1];
    } else if (action.end === 'left') {
      const placed = tile[1] === round.left ? tile : ORIENTED[tile[1] * SIDES + tile[0]];
      round.line.unshift(placed);
      round.left = placed[0];
      end = 'left';
    } else {
      const placed = tile[0] === round.right ? tile : ORIENTED[tile[1] * SIDES + tile[0]];
      round.line.push(placed);
      round.right = placed[1];
      end = 'right';
    }
    round.passes = 0;
    entry = { seat, type: 'play', tile: textOf(tile), end, ends };
    if (hand.length === 0) {
      round.turn = null;
      round.result = dominoResult(seat);
    } else {
      round.turn = (seat + 1) % round.players;
    }
  } else if (action.type === 'draw') {
    hand.push(round.boneyard.shift());
    entry = { seat, type: 'draw', ends };
  } else {
    round.passes += 1;
    entry = { seat, type: 'pass', ends };
    if (round.passes === round.players) {
      round.turn = null;
      round.result = blockedResult(round.hands);
    } else {
      round.turn = (seat + 1) % round.players;
    }
  }
  if (round.log !== null) round.log.push(entry);
  return entry;
}

/**
 * The round's outcome. Source: docs/rules.md, "A round" 5; tests/vectors/FORMAT.md, STATE `result`.
 * @param {Round} round
 * @returns {Result|null} null while the round goes on; else a frozen
 *   `{kind: 'domino', winners: [s]}` or `{kind: 'blocked', winners: [...], pips: [...]}`.
 */
export function roundResult(round) {
  return round.result;
}

// ---------------------------------------------------------------------------------------------
// A match (what a room keeps)

/** The generator each match deals its later rounds with, when one was given. Never serialized. */
const MATCH_RNG = new WeakMap();

/** Deals a round for the match and records its deal (the `opening`) for `matchToState`. */
function dealInto(match, starter, rng) {
  match.round = dealRound(match.players, starter, rng);
  match.opening = positionOf(match.round);
}

/**
 * Starts a match and deals its first round (version 1, round number 1).
 * Source: docs/rules.md, "A round" 2 and "A room".
 * @param {number} players  2–4.
 * @param {{rng?: Rng, firstStarter?: Seat, fair?: object}} [options]  `rng` (default `cryptoRng`) deals this
 *   and later rounds and draws the first starter when `firstStarter` is not given. `fair`: the
 *   round's proof `{commitment, seed, contributions}` when `rng` is its committed deal
 *   (`swapsRng` of common/fair.js, docs/fair.md); kept as `match.fair` and shown by `seatView`.
 * @returns {Match}
 * @throws {PositionError} for a bad player count or first starter.
 */
export function newMatch(players, { rng, firstStarter, fair } = {}) {
  checkPlayers(players);
  const source = rng === undefined ? cryptoRng : rng;
  if (firstStarter === undefined) firstStarter = randomInt(source, players);
  checkSeat(firstStarter, players, 'firstStarter');
  const match = {
    players,
    wins: new Array(players).fill(0),
    shared: new Array(players).fill(0),
    starters: [firstStarter],
    roundNumber: 1,
    version: 1,
    round: null,
    opening: null,
    fair: fair ?? null,
  };
  dealInto(match, firstStarter, source);
  if (rng !== undefined) MATCH_RNG.set(match, rng);
  return match;
}

function checkVersion(match, version) {
  if (version !== undefined && version !== match.version) {
    throw new Refusal('stale_version', `The request was made against version ${describe(version)}; the table is at version ${match.version}.`);
  }
}

/**
 * Applies an action to the match's current round, raises the version, and when the round ends
 * counts it: one winner gets a win, several (a shared blocked round) each get a shared round.
 * Source: docs/rules.md, "A round" 5 and "A room" (counters); docs/architecture.md idea 3 (versions).
 * @param {Match} match
 * @param {Seat} seat
 * @param {Action} action
 * @param {{version?: number}} [options]  the version the action was made against, if known.
 * @returns {LogEntry} the entry appended to the round's log.
 * @throws {Refusal} `stale_version` when `version` is given and is not the current one; else
 *   as `checkAction`. Nothing changes then, not even the version.
 */
export function matchApply(match, seat, action, { version } = {}) {
  checkVersion(match, version);
  const entry = applyAction(match.round, seat, action);
  match.version += 1;
  const { result } = match.round;
  if (result !== null) {
    if (result.winners.length === 1) match.wins[result.winners[0]] += 1;
    else for (const s of result.winners) match.shared[s] += 1;
  }
  return entry;
}

/**
 * The seat that opens the next round: the next seat clockwise from the current round's starter,
 * whoever won. Source: docs/rules.md, "A round" 2.
 * @param {Match} match
 * @returns {Seat}
 */
export function nextStarter(match) {
  return (match.starters[match.starters.length - 1] + 1) % match.players;
}

/**
 * Deals the next round once the current one is over; raises the round number and the version.
 * Source: docs/rules.md, "A round" 2 and "A room".
 * @param {Match} match
 * @param {{rng?: Rng, version?: number, fair?: object}} [options]  `rng` default: the match's own from
 *   `newMatch` / `matchFromState`, else `cryptoRng`; `version`: the version asked against;
 *   `fair`: the new round's proof when `rng` is its committed deal (as in `newMatch`).
 * @returns {Round} the new current round.
 * @throws {Refusal} `stale_version` for a `version` that is not the current one;
 *   `round_not_over` while the current round is still going.
 */
export function nextRound(match, { rng, version, fair } = {}) {
  checkVersion(match, version);
  if (match.round.result === null) {
    throw new Refusal('round_not_over', `Round ${match.roundNumber} is still going; finish it before the next one.`);
  }
  const starter = nextStarter(match);
  dealInto(match, starter, rng ?? MATCH_RNG.get(match) ?? cryptoRng);
  match.fair = fair ?? null;
  match.starters.push(starter);
  match.roundNumber += 1;
  match.version += 1;
  return match.round;
}

/**
 * The seat that won the match to `target` wins, or null (no target, or nobody reached it).
 * Shared rounds count for nobody. Source: docs/rules.md, "A match".
 * @param {Match} match
 * @param {number|null} target  3, 5, 10, or null (no target)
 * @returns {Seat|null}
 */
export function matchWinner(match, target) {
  if (!target || match.round.result === null) return null;
  const seat = match.wins.findIndex((w) => w >= target);
  return seat < 0 ? null : seat;
}

/**
 * Starts a new match at the same table: the next round dealt as `nextRound` deals it (the seat
 * after the last round's starter opens it), then every counter back to 0.
 * Source: docs/rules.md, "A match".
 * @param {Match} match
 * @param {{rng?: Rng, version?: number, fair?: object}} [options]  as `nextRound`
 * @returns {Round} the new current round.
 * @throws {Refusal} as `nextRound`.
 */
export function rematch(match, options = {}) {
  const round = nextRound(match, options);
  match.wins = new Array(match.players).fill(0);
  match.shared = new Array(match.players).fill(0);
  return round;
}

// ---------------------------------------------------------------------------------------------
// The seat's view

/**
 * What one seat may know, exactly in the shape of docs/view.md (plus `pips`). Before the round
 * ends it holds the viewer's own hand but never another hand, the boneyard's tiles or order, or
 * any generator state; afterwards `hands` and `pips` show every seat. A spectator (`seat`
 * null) gets `hand: null` and `legal: []`. Fresh JSON-safe objects, sharing nothing.
 * @param {Match} match
 * @param {Seat|null} seat
 * @returns {object} `{version, players, seat, round_number, starter, line, ends, hand,
 *   hand_counts, boneyard_count, turn, passes, legal, log, result, hands, pips,
 *   match: {wins, shared, next_starter}}`
 * @throws {PositionError} for a seat that is neither null nor a seat of the match.
 */
export function seatView(match, seat) {
  if (seat !== null) checkSeat(seat, match.players, 'seat');
  const round = match.round;
  const over = round.result !== null;
  return {
    version: match.version,
    players: match.players,
    seat,
    round_number: match.roundNumber,
    starter: round.starter,
    line: round.line.map(textOf),
    ends: round.left === null ? null : [round.left, round.right],
    hand: seat === null ? null : round.hands[seat].map(textOf),
    hand_counts: round.hands.map((hand) => hand.length),
    boneyard_count: round.boneyard.length,
    turn: round.turn,
    passes: round.passes,
    legal: seat === null ? [] : legalActions(round, seat),
    log: round.log === null ? [] : round.log.map(copyEntry),
    result: over ? copyResult(round.result) : null,
    hands: over ? round.hands.map((hand) => hand.map(textOf)) : null,
    pips: over ? round.hands.map((hand) => hand.reduce((sum, t) => sum + t[0] + t[1], 0)) : null,
    match: { wins: match.wins.slice(), shared: match.shared.slice(), next_starter: nextStarter(match) },
    fair: fairJson(match),
  };
}

/**
 * The view's `fair` (Python's `fair_json`): the round's commitment, and its seed and
 * contributions once the round is over (docs/fair.md); null for a round dealt without one.
 * @param {Match} match
 * @returns {{commitment: string, seed: string|null, contributions: string[]|null}|null}
 */
export function fairJson(match) {
  const proof = match.fair;
  if (!proof) return null;
  if (match.round.result === null) return { commitment: proof.commitment, seed: null, contributions: null };
  return { commitment: proof.commitment, seed: proof.seed, contributions: proof.contributions.slice() };
}

const HEX = (n) => new RegExp(`^[0-9a-f]{${n}}$`);
const isHex64 = (v) => typeof v === 'string' && HEX(64).test(v);
const isContributionText = (v) => v === '' || (typeof v === 'string' && HEX(32).test(v));

function storedProof(value, players) {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value) || !isHex64(value.commitment) || !isHex64(value.seed) || !Array.isArray(value.contributions)
      || value.contributions.length !== players || !value.contributions.every(isContributionText)) {
    throw new PositionError('fair must be a proof {commitment, seed, contributions} of this table.');
  }
  return { commitment: value.commitment, seed: value.seed, contributions: value.contributions.slice() };
}

function copyEntry(entry) {
  const copy = { seat: entry.seat, type: entry.type };
  if (entry.type === 'play') {
    copy.tile = entry.tile;
    copy.end = entry.end;
  }
  copy.ends = entry.ends === null ? null : entry.ends.slice();
  return copy;
}

function copyResult(result) {
  const copy = { kind: result.kind, winners: result.winners.slice() };
  if (result.kind === 'blocked') copy.pips = result.pips.slice();
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Save and restore (local games in localStorage)

const SAVE_FORMAT = 1;

/**
 * The whole match as plain JSON, in the storage form of Python's `match_to_state`: counters,
 * rotation, version, the current round's deal (a position, with the boneyard order) and the
 * actions played since. No generator state. It holds hidden tiles: store it, never send it.
 * Source: docs/rules.md, "A room" (a local table is saved in the browser).
 * @param {Match} match  made by `newMatch` or `matchFromState` (it needs `match.opening`) and
 *   whose round keeps its log.
 * @returns {{format: 1, players: number, wins: number[], shared: number[], starters: Seat[],
 *   version: number, deal: Position, actions: Action[]}}
 * @throws {TypeError} for a match without its deal or log.
 */
export function matchToState(match) {
  if (!isPlainObject(match.opening) || match.round.log === null) {
    throw new TypeError('Only a match from newMatch or matchFromState, whose round keeps its log, can be saved.');
  }
  const { opening } = match;
  return {
    format: SAVE_FORMAT,
    players: match.players,
    wins: match.wins.slice(),
    shared: match.shared.slice(),
    starters: match.starters.slice(),
    version: match.version,
    deal: { ...opening, hands: opening.hands.map((hand) => hand.slice()), boneyard: opening.boneyard.slice(), line: opening.line.slice() },
    actions: match.round.log.map((entry) =>
      entry.type === 'play' ? { type: 'play', tile: entry.tile, end: entry.end } : { type: entry.type },
    ),
    ...(match.fair ? { fair: { ...match.fair, contributions: match.fair.contributions.slice() } } : {}),
  };
}

function counters(value, players, what) {
  if (!Array.isArray(value) || value.length !== players || !value.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new PositionError(`${what} must be ${players} counts >= 0, not ${describe(value)}.`);
  }
  return value.slice();
}

/**
 * Rebuilds a match saved by `matchToState` (or Python's `match_to_state`), replaying the
 * round's actions through the rules, so a state the rules would not have produced is refused.
 * @param {string|object} saved  the JSON text or the parsed object.
 * @param {{rng?: Rng}} [options]  the generator for later rounds (default `cryptoRng`).
 * @returns {Match}
 * @throws {PositionError} naming what is wrong: text that is not JSON, a wrong format, bad
 *   players, an invalid deal or one that is not a fresh deal of the whole set or not opened by
 *   the last starter, starters that do not rotate clockwise, an action refused on replay, bad
 *   counters (more won and shared rounds than rounds finished, or a seat sharing more rounds
 *   than all others together), or a version below the rounds dealt plus this round's actions.
 *   The message names the field at fault; `tests/vectors/stored.json` holds the cases, and
 *   Python's `match_from_state` refuses the same ones.
 */
export function matchFromState(saved, { rng } = {}) {
  let data = saved;
  if (typeof saved === 'string') {
    try {
      data = JSON.parse(saved);
    } catch (error) {
      throw new PositionError(`The saved match is not JSON: ${error.message}`);
    }
  }
  if (!isPlainObject(data) || data.format !== SAVE_FORMAT) {
    throw new PositionError(`This is not a saved match of format ${SAVE_FORMAT}.`);
  }
  const { players, starters, actions, version } = data;
  checkPlayers(players);
  let round;
  try {
    round = roundFromPosition(data.deal);
  } catch (error) {
    if (!(error instanceof PositionError)) throw error;
    throw new PositionError(`deal: ${error.message}`);
  }
  if (!Array.isArray(starters) || starters.length === 0) throw new PositionError('starters must be a non-empty list of seats.');
  starters.forEach((s, i) => checkSeat(s, players, `starters[${i}]`));
  starters.forEach((s, i) => {
    if (i > 0 && s !== (starters[i - 1] + 1) % players) throw new PositionError(`starters must rotate clockwise; starters[${i}] is ${s}.`);
  });
  if (round.players !== players || round.turn !== starters[starters.length - 1] || round.starter !== round.turn || round.line.length > 0) {
    throw new PositionError('deal must be a fresh deal for this table, opened by the last starter.');
  }
  const size = HAND_SIZE[players];
  if (round.hands.some((hand) => hand.length !== size) || round.boneyard.length !== ALL_TILES.length - players * size) {
    throw new PositionError(`deal must deal ${size} tiles to each of ${players} seats and the rest of the 28 to the boneyard.`);
  }
  if (!Array.isArray(actions)) throw new PositionError('actions must be a list.');
  const opening = positionOf(round);
  actions.forEach((action, i) => {
    try {
      applyAction(round, round.turn, action);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      throw new PositionError(`actions[${i}] is refused on replay: ${error.message}`);
    }
  });
  const wins = counters(data.wins, players, 'wins');
  const shared = counters(data.shared, players, 'shared');
  const finished = starters.length - 1 + (round.result === null ? 0 : 1);
  const sum = (counts) => counts.reduce((a, b) => a + b, 0);
  // Every won round counts once in wins; every shared round for at least two seats in shared.
  if (sum(wins) + Math.max(...shared) > finished) {
    throw new PositionError(`wins ${describe(wins)} and shared ${describe(shared)} count more rounds than the ${finished} finished.`);
  }
  if (2 * Math.max(...shared) > sum(shared)) {
    throw new PositionError(`shared ${describe(shared)}: a shared round counts for at least two seats.`);
  }
  if (!Number.isInteger(version) || version < starters.length + actions.length) {
    throw new PositionError(`version must be an integer >= ${starters.length + actions.length} (rounds dealt plus actions), not ${describe(version)}.`);
  }

  const fair = storedProof(data.fair, players);
  const match = { players, wins, shared, starters: starters.slice(), roundNumber: starters.length, version, round, opening, fair };
  if (rng !== undefined) MATCH_RNG.set(match, rng);
  return match;
}
