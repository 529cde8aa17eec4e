/**
 * @file A match's storage form, a local game's save: the twin of Python's `engine/state.py`.
 */
// @ts-check
/** @import { Action, Match, Position, Rng, Seat } from './index.js' */

import { HAND_SIZE, checkPlayers, checkSeat } from './deal.js';
import { PositionError, Refusal, describe, isPlainObject } from './errors.js';
import { MATCH_RNG } from './match.js';
import { positionOf, roundFromPosition } from './position.js';
import { applyAction } from './round.js';
import { ALL_TILES } from './tiles.js';

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

const SAVE_FORMAT = 1;

/**
 * The match as JSON, in Python's `match_to_state` form. It holds hidden tiles: never send it.
 * @param {Match} match  from `newMatch` or `matchFromState`, keeping its log.
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
 * Rebuilds a saved match by replaying its actions through the rules; refuses what Python's
 * `match_from_state` refuses (tests/vectors/stored.json).
 * @param {string|object} saved
 * @param {{rng?: Rng}} [options]  the generator for later rounds.
 * @returns {Match}
 * @throws {PositionError} naming the field at fault.
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
