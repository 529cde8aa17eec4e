/**
 * @file The seat's view (docs/view.md): the twin of Python's `engine/view.py`.
 */
// @ts-check
/** @import { Match, Seat } from './index.js' */

import { checkSeat } from './deal.js';
import { nextStarter } from './match.js';
import { copyEntry, copyResult, legalActions } from './round.js';
import { textOf } from './tiles.js';

/**
 * What one seat may know (docs/view.md, plus `pips`), as fresh JSON; a spectator (`seat` null)
 * gets no hand.
 * @param {Match} match
 * @param {Seat|null} seat
 * @returns {object}
 * @throws {PositionError} for a seat not of the match.
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
 * The view's `fair` (docs/fair.md): the seed and contributions only once the round is over;
 * null for a round without one.
 * @param {Match} match
 * @returns {{commitment: string, seed: string|null, contributions: string[]|null}|null}
 */
export function fairJson(match) {
  const proof = match.fair;
  if (!proof) return null;
  if (match.round.result === null) return { commitment: proof.commitment, seed: null, contributions: null };
  return { commitment: proof.commitment, seed: proof.seed, contributions: proof.contributions.slice() };
}
