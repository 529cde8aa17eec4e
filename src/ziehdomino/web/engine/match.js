/**
 * @file A match, a room's rounds and counters: the twin of Python's `engine/match.py`.
 */
// @ts-check
/** @import { Action, LogEntry, Match, Rng, Round, Seat } from './index.js' */

import { checkPlayers, checkSeat, cryptoRng, dealRound, randomInt } from './deal.js';
import { Refusal, describe } from './errors.js';
import { positionOf } from './position.js';
import { applyAction } from './round.js';

/** The generator a match deals its later rounds with, if given. Never serialized. */
export const MATCH_RNG = new WeakMap();

/** Deals the match's round and keeps its deal for `matchToState`. */
function dealInto(match, starter, rng) {
  match.round = dealRound(match.players, starter, rng);
  match.opening = positionOf(match.round);
}

/**
 * Starts a match (docs/rules.md, "A round" 2, "A room"). `fair` is the round's proof when
 * `rng` is its committed deal (docs/fair.md).
 * @param {number} players
 * @param {{rng?: Rng, firstStarter?: Seat, fair?: object}} [options]
 * @returns {Match}
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
 * Applies an action to the round, raises the version and counts a finished round
 * (docs/rules.md, "A round" 5, "A room").
 * @param {Match} match
 * @param {Seat} seat
 * @param {Action} action
 * @param {{version?: number}} [options]
 * @returns {LogEntry}
 * @throws {Refusal} `stale_version`, else as `checkAction`; nothing changes then.
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
 * The seat after the last starter, whoever won (docs/rules.md, "A round" 2).
 * @param {Match} match
 * @returns {Seat}
 */
export function nextStarter(match) {
  return (match.starters[match.starters.length - 1] + 1) % match.players;
}

/**
 * Deals the next round once the current one is over.
 * @param {Match} match
 * @param {{rng?: Rng, version?: number, fair?: object}} [options]  `rng` defaults to the match's.
 * @returns {Round}
 * @throws {Refusal} `stale_version`, or `round_not_over`.
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
 * The seat that reached `target` wins, else null; shared rounds count for nobody
 * (docs/rules.md, "A match").
 * @param {Match} match
 * @param {number|null} target
 * @returns {Seat|null}
 */
export function matchWinner(match, target) {
  if (!target || match.round.result === null) return null;
  const seat = match.wins.findIndex((w) => w >= target);
  return seat < 0 ? null : seat;
}

/**
 * `nextRound`, then every counter back to 0 (docs/rules.md, "A match").
 * @param {Match} match
 * @param {{rng?: Rng, version?: number, fair?: object}} [options]
 * @returns {Round}
 */
export function rematch(match, options = {}) {
  const round = nextRound(match, options);
  match.wins = new Array(match.players).fill(0);
  match.shared = new Array(match.players).fill(0);
  return round;
}
