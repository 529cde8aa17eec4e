/**
 * @file A match, what a room keeps over many rounds: the twin of Python's `engine/match.py`.
 * Counters, the starters' rotation, versions, a target of wins and a rematch.
 */
// @ts-check
/** @import { Action, LogEntry, Match, Rng, Round, Seat } from './index.js' */

import { checkPlayers, checkSeat, cryptoRng, dealRound, randomInt } from './deal.js';
import { Refusal, describe } from './errors.js';
import { positionOf } from './position.js';
import { applyAction } from './round.js';

/** The generator each match deals its later rounds with, when one was given. Never serialized. */
export const MATCH_RNG = new WeakMap();

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
 *   (`swapsRng` of fair.js, docs/fair.md); kept as `match.fair` and shown by `seatView`.
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
