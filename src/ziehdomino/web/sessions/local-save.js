/**
 * @file The saved local game: its key, envelope and the check that decides whether it can be
 * resumed, for the start page and /lokal alike; the rules are checked when /lokal replays it.
 */
// @ts-check

import { LEVELS, MATCH_TARGETS, MAX_PLAYERS, MIN_PLAYERS } from '../common/constants.js';
import { cleanName } from '../common/names.js';

export const SAVE_KEY = 'ziehdomino.local';
export const SAVE_KIND = 'ziehdomino.local';
export const SAVE_FORMAT = 1;
/** The engine's storage form of a match that this envelope holds. */
export const MATCH_FORMAT = 1;
export { LEVELS };
export const PERSON = 0;

/** @type {(value: unknown) => value is Record<string, any>} */
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const counts = (value, n) => Array.isArray(value) && value.length === n && value.every((c) => Number.isInteger(c) && c >= 0);

/**
 * Seat 0 the person with a clean name, every other a computer with a known level.
 * @param {unknown} seats
 * @param {number} players
 * @throws {Error} naming the first seat that is wrong
 */
export function checkSeats(seats, players) {
  if (!Array.isArray(seats) || seats.length !== players) throw new Error('seats do not match the players');
  seats.forEach((seat, i) => {
    if (!isObject(seat)) throw new Error(`seat ${i} is not an object`);
    if (i === PERSON) {
      if (seat.kind !== 'person' || cleanName(seat.name) !== seat.name) throw new Error('seat 0 must be the person');
    } else if (seat.kind !== 'computer' || !LEVELS.includes(seat.level)) {
      throw new Error(`seat ${i} must be a computer with a level`);
    }
  });
}

/**
 * @param {unknown} data  the parsed save
 * @throws {Error} saying what is wrong
 */
export function checkSave(data) {
  if (!isObject(data) || data.kind !== SAVE_KIND || data.format !== SAVE_FORMAT) {
    throw new Error('not a local Ziehdomino save of this format');
  }
  const { match } = data;
  if (!isObject(match) || match.format !== MATCH_FORMAT || !Number.isInteger(match.players)
    || match.players < MIN_PLAYERS || match.players > MAX_PLAYERS) {
    throw new Error('the save holds no match of this format');
  }
  const n = match.players;
  if (!counts(match.wins, n) || !counts(match.shared, n) || !Array.isArray(match.starters) || match.starters.length < 1
    || !match.starters.every((s) => Number.isInteger(s) && s >= 0 && s < n) || !Number.isInteger(match.version)
    || match.version < 0 || !isObject(match.deal) || !Array.isArray(match.actions)) {
    throw new Error('the saved match is not of the stored shape');
  }
  checkSeats(data.seats, n);
  if (data.target != null && !MATCH_TARGETS.includes(data.target)) throw new Error('the saved target is none of 3, 5, 10');
}

/**
 * @param {{getItem(key: string): string|null}} storage
 * @returns {{status: 'none'} | {status: 'bad', reason: string} | {status: 'ok', data: object}}
 *   'bad': a save is there that cannot be resumed.
 */
export function readSave(storage) {
  let text = null;
  try {
    text = storage.getItem(SAVE_KEY);
  } catch {
    return { status: 'none' };
  }
  if (text === null) return { status: 'none' };
  try {
    const data = JSON.parse(text);
    checkSave(data);
    return { status: 'ok', data };
  } catch (error) {
    return { status: 'bad', reason: String(error?.message ?? error) };
  }
}
