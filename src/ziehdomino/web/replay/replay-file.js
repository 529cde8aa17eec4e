/**
 * @file A round saved to a file and opened again on /ansehen: its record (docs/replay.md) plus
 * `seats`; opening checks it all, down to a replay through the rules.
 */
// @ts-check

import { LEVELS, NAME_MAX } from '../common/constants.js';
import { replayRounds } from '../engine/replay.js';

/** The largest file opened (bytes): a round's record is a few kilobytes. */
export const MAX_FILE = 256 * 1024;

/** Why a file cannot be opened: `code` names the sentence (i18n `replay.file.<code>`), `detail` is English. */
export class RoundFileError extends Error {
  constructor(code, detail) {
    super(detail);
    this.code = code;
    this.detail = detail;
  }
}

function cleanSeats(seats, players) {
  if (seats === undefined) return null;
  if (!Array.isArray(seats) || seats.length !== players) throw new RoundFileError('seats', `seats must list ${players} seats`);
  return seats.map((s, i) => {
    if (s === null || typeof s !== 'object' || !['person', 'computer'].includes(s.kind)) {
      throw new RoundFileError('seats', `seats[${i}] must be a person or a computer`);
    }
    const name = typeof s.name === 'string' ? s.name.slice(0, NAME_MAX) : null;
    const level = LEVELS.includes(s.level) ? s.level : null;
    return { kind: s.kind, name: s.kind === 'person' ? name : null, level: s.kind === 'computer' ? level : null };
  });
}

/**
 * @param {object} record  a round record
 * @param {{kind: string, name?: string|null, level?: string|null}[]} [seats]
 * @returns {string} JSON
 */
export function roundFileText(record, seats) {
  const out = { ...record };
  if (Array.isArray(seats)) out.seats = seats.map((s) => ({ kind: s.kind, name: s.name ?? null, level: s.level ?? null }));
  return `${JSON.stringify(out, null, 1)}\n`;
}

/** A file name for a round: "ziehdomino-runde-" and its number, as JSON. */
export function roundFileName(record) {
  return `ziehdomino-runde-${record.round}.json`;
}

/**
 * @param {string} text
 * @returns {{record: object, seats: object[]|null}}
 * @throws {RoundFileError} `tooLarge`, `notJson`, `notRecord` (another format or shape),
 *   `seats`, or `refused` (the rules refuse it on replay; `detail` says where)
 */
export function parseRoundFile(text) {
  if (typeof text !== 'string' || text.length > MAX_FILE) throw new RoundFileError('tooLarge', `a round file holds at most ${MAX_FILE} bytes`);
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RoundFileError('notJson', error.message);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !('format' in data) || !('deal' in data)) {
    throw new RoundFileError('notRecord', 'not a round record (no format and deal)');
  }
  if (data.format !== 1) throw new RoundFileError('notRecord', `round record format ${JSON.stringify(data.format)} is not known (1 is)`);
  const { seats, ...record } = data;
  try {
    replayRounds(record);
  } catch (error) {
    throw new RoundFileError('refused', error.message);
  }
  return { record, seats: cleanSeats(seats, record.players) };
}
