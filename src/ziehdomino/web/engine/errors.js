/**
 * @file Refused actions and impossible positions: the twin of Python's `engine/errors.py`, with
 * the two readers of untrusted input that the checks share.
 */
// @ts-check

/** Short, safe rendering of an arbitrary input for error messages. */
export function describe(value) {
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

/** Whether `value` is an object that is neither null nor an array (a JSON object). */
export function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

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
