/**
 * @file The rules of Ziehdomino for the browser (local games) and for node (tests, tools): the
 * public API of the engine, one module per idea, each the twin of the Python module of the same
 * name in `ziehdomino/engine/` (tests/engine/test_twins.py holds the two trees equal). Draw
 * dominoes with a double-six set, free opening, one unbranched line; rules: docs/rules.md, the
 * seat's view: docs/view.md. The conformance vectors (`tests/vectors/*.json`, format in
 * tests/vectors/FORMAT.md) hold the two engines equal.
 *
 * Bottom up: tiles.js, errors.js, actions.js, round.js, deal.js (and the randomness), position.js,
 * match.js, view.js, state.js (save and restore), replay.js (a finished round's record);
 * beside them fair.js (the committed deal) and follow.js (a delta frame's act on a view), which
 * import no other module of the engine.
 *
 * The pages import the modules they use, not this one, so that each page loads only those (the
 * room page, follow.js alone); node's tests and tools take everything from here. Plain ES
 * modules, no dependencies but common/constants.js (table sizes) and common/fair-hex.js, no
 * build step. Randomness only through an injected generator; the default is
 * `crypto.getRandomValues`.
 */
// @ts-check
/** @import { End } from './actions.js' */

// The shapes of the values the modules take and give (JSDoc only: kept here, which no page
// loads, rather than in each module; an action's shape is actions.js's).

/** @typedef {number} Pips  The dots on one half, 0 … 6 (or a sum of them). */
/** @typedef {Readonly<[Pips, Pips]>} Tile  A tile: `[lo, hi]` in hands, `[left, right]` on the line. */
/** @typedef {number} Seat  A seat, 0 … players-1, numbered clockwise. */
/**
 * @typedef {{kind: 'domino', winners: readonly Seat[]} |
 *           {kind: 'blocked', winners: readonly Seat[], pips: readonly Pips[]}} Result
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
 * @typedef {((n: number) => number) | {int: (n: number) => number}} Rng
 * A source of uniform integers: a function, or an object with `int(n)`, returning an integer
 * in [0, n) for any integer n ≥ 1.
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
 * @property {object|null} fair  The current round's proof when it was dealt from a committed deal
 *   (`newMatch`'s `fair`, docs/fair.md), else null.
 */

export * from './actions.js'; // its types alone: an action is the JSON object a client sends
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
