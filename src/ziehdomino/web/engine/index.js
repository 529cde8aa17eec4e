/**
 * @file The engine's public API, for node's tests and tools (pages import the modules they use).
 * Each module is the twin of the Python one of its name (tests/engine/test_twins.py). Rules:
 * docs/rules.md; the view: docs/view.md; the vectors: tests/vectors/FORMAT.md.
 */
// @ts-check
/** @import { End } from './actions.js' */

// The shared types, here since no page loads this file.

/** @typedef {number} Pips  The dots on one half, 0 … 6 (or a sum of them). */
/** @typedef {Readonly<[Pips, Pips]>} Tile  A tile: `[lo, hi]` in hands, `[left, right]` on the line. */
/** @typedef {number} Seat  A seat, 0 … players-1, numbered clockwise. */
/**
 * @typedef {{kind: 'domino', winners: readonly Seat[]} |
 *           {kind: 'blocked', winners: readonly Seat[], pips: readonly Pips[]}} Result
 * Frozen; `winners` ascending, several for a shared round.
 */
/**
 * @typedef {{seat: Seat, type: 'play', tile: string, end: End|null, ends: [Pips, Pips]|null} |
 *           {seat: Seat, type: 'draw'|'pass', ends: [Pips, Pips]|null}} LogEntry
 * An entry of the view's `log` (docs/view.md); `ends` are those before the action. Read-only.
 */
/**
 * @typedef {object} Round
 * Mutated in place by `applyAction`; copy with `cloneRound`.
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
 * @property {LogEntry[]|null} log  null for a copy that keeps none (`cloneRound`).
 */
/**
 * @typedef {((n: number) => number) | {int: (n: number) => number}} Rng  Uniform in [0, n).
 */
/**
 * @typedef {object} Position
 * A round still being played (tests/vectors/FORMAT.md, "Round case"), plus an optional `starter`.
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
 * @property {object|null} fair  The round's proof of a committed deal (docs/fair.md), else null.
 */

export * from './actions.js';
export { cryptoRng, dealRound, handSize, seededRng } from './deal.js';
export { MATCH_REFUSAL_CODES, PositionError, REFUSAL_CODES, Refusal } from './errors.js';
export {
  CANONICAL_TILES,
  CONTRIBUTION_BYTES,
  SEED_BYTES,
  below,
  commitmentOf,
  dealOf,
  dealOrder,
  dealPlan,
  dealSwaps,
  isContribution,
  isSeed,
  newContribution,
  newSeed,
  swapsRng,
} from './fair.js';
export { checkAct, entryOf, follow, legalOf, placed, roundOf } from './follow.js';
export { matchApply, matchWinner, newMatch, nextRound, nextStarter, rematch } from './match.js';
export { positionOf, roundFromPosition } from './position.js';
export { RECORD_FORMAT, replayFrames, replayRounds, roundRecord, roundSummary } from './replay.js';
export { applyAction, checkAction, cloneRound, copyEntry, legalActions, roundResult } from './round.js';
export { matchFromState, matchToState } from './state.js';
export { ALL_TILES, formatOriented, formatTile, parseTile, tilePips } from './tiles.js';
export { fairJson, seatView } from './view.js';
