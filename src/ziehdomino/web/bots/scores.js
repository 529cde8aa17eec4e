/**
 * @file How a seat scores a play: mittel's score, the searching score, and the weights of
 * each playout policy (docs/bots.md); the same as Python's `bots/scores.py`, the numbers from
 * weights.js (written from `bots/weights.json`). Integer scores only.
 */
// @ts-check

import { NUM, PIPS, TA, TB, kinds, popcount } from './masks.js';
import { WEIGHTS } from './weights.js';

// The three playout policies as weights of one formula (playouts.js): pips shed, tiles left
// that follow the new ends, a double shed, the next seat known to lack both / one of the new
// ends, unseen tiles fitting the new ends, both new ends alike, the numbers left in the hand.
// Built in one key order so that the playout's reads of them stay monomorphic.
const { mittel: M, searching: S, heaviest: H } = WEIGHTS;

/** Mittel's score, also the playout policy of stark-v1 and the ceiling. */
export const MITTEL = Object.freeze({
  pips: M.pips, follow: M.follow, double: M.double, block: M.block, lack: M.lack, open: 0, same: 0, kinds: 0,
});
/** The searching score: stark's playouts and its fourth model of the other seats' plays. */
export const SEARCHING = Object.freeze({
  pips: 0, follow: S.follow, double: S.double, block: S.block, lack: S.lack, open: S.open, same: S.same, kinds: S.kinds,
});
/** The playout policy of a seat read as heaviest: pips * pips + follow * follow. */
export const HEAVIEST = Object.freeze({
  pips: H.pips, follow: H.follow, double: 0, block: 0, lack: 0, open: 0, same: 0, kinds: 0,
});

/**
 * Mittel's score of playing tile `i` from `hand`, leaving the ends `nl`, `nr`, when the next
 * seat is known to lack the numbers `lack` (a 7-bit mask): shed pips, keep a hand that follows,
 * play doubles, starve the next seat.
 */
export function playScore(hand, i, nl, nr, lack) {
  const { pips: wp, follow: wf, double: wd, block: wb, lack: wl } = MITTEL;
  let score = wp * PIPS[i] + wf * popcount(hand & ~(1 << i) & (NUM[nl] | NUM[nr]));
  if (TA[i] === TB[i]) score += wd;
  const lacked = ((lack >> nl) & 1) + ((lack >> nr) & 1);
  if (lacked === 2) score += wb;
  else if (lacked === 1) score += wl;
  return score;
}

/**
 * The searching score of playing tile `i` from `hand` to the ends `nl`, `nr`, when the next
 * seat is known to lack `lack` and `unseen` holds the tiles the player cannot see.
 */
export function searchScore(hand, i, nl, nr, lack, unseen) {
  const rest = hand & ~(1 << i);
  const ends = NUM[nl] | NUM[nr];
  let score = S.follow * popcount(rest & ends) - S.open * popcount(ends & unseen) - S.kinds * kinds(rest);
  if (TA[i] === TB[i]) score += S.double;
  if (nl === nr) score += S.same;
  const lacked = ((lack >> nl) & 1) + ((lack >> nr) & 1);
  if (lacked === 2) score += S.block;
  else if (lacked === 1) score += S.lack;
  return score;
}
