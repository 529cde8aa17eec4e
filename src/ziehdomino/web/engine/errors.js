/**
 * @file Refused actions and impossible positions: the twin of Python's `engine/errors.py`.
 */
// @ts-check

/** A short rendering of any input for error messages. */
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

export function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Refusal codes in order of precedence (tests/vectors/FORMAT.md, "Rejection codes").
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

/** @type {ReadonlyArray<string>} */
export const MATCH_REFUSAL_CODES = Object.freeze(['round_not_over', 'stale_version']);

const ALL_REFUSAL_CODES = new Set([...REFUSAL_CODES, ...MATCH_REFUSAL_CODES]);

/** An action the rules refuse; nothing was changed. Clients get `code`, logs the message. */
export class Refusal extends Error {
  /**
   * @param {string} code
   * @param {string} message
   */
  constructor(code, message) {
    if (!ALL_REFUSAL_CODES.has(code)) throw new TypeError(`Unknown refusal code ${describe(code)}.`);
    super(message);
    this.name = 'Refusal';
    /** @type {string} */
    this.code = code;
  }
}

/** An invalid position or saved state; the message says where. */
export class PositionError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'PositionError';
  }
}
