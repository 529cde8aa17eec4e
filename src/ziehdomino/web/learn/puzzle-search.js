/**
 * @file The full-information search behind the puzzles (docs/puzzles.md, "The search"), the twin
 * of Python's `puzzles/search.py`. A position is `{h0, h1, left, right, turn, passes}` (hands as
 * tile masks, as web/bots/masks.js); a move `[tileIndex, end]` (0 left, 1 right) or PASS_MOVE.
 */
// @ts-check

import { NUM, TA, TB, bitIndex, maskPips } from '../bots/masks.js';

export const WIN = 2000;
export const SHARED = 1000;
export const PASS_MOVE = Object.freeze([-1, -1]);

/** The outcome of a score: 2 won alone, 1 shared, 0 lost. */
export function valueOf(score) {
  if (score > SHARED) return 2;
  return score === SHARED ? 1 : 0;
}

/** The own plays a won score still needs against the longest resistance. */
export function playsToWin(score) {
  return WIN - score;
}

/** Whether a move is the pass. */
export function isPass(move) {
  return move[0] < 0;
}

/**
 * The distinct moves of the seat to act: fitting tiles in tile order, left before right, the
 * right end left out when both ends show the same number; [PASS_MOVE] when nothing fits.
 */
export function moves(pos) {
  const hand = pos.turn ? pos.h1 : pos.h0;
  let fit = hand & (NUM[pos.left] | NUM[pos.right]);
  const out = [];
  while (fit) {
    const low = fit & -fit;
    fit ^= low;
    const i = bitIndex(low);
    if (TA[i] === pos.left || TB[i] === pos.left) out.push([i, 0]);
    if ((TA[i] === pos.right || TB[i] === pos.right) && pos.left !== pos.right) out.push([i, 1]);
  }
  return out.length ? out : [PASS_MOVE];
}

/**
 * The position after `move` and the round's end: `{pos, ended}` with `ended` the seat that won
 * alone (0 or 1), -1 for a shared round, null while it goes on.
 */
export function after(pos, move) {
  const { h0, h1, left, right, turn, passes } = pos;
  if (isPass(move)) {
    const next = { h0, h1, left, right, turn: 1 - turn, passes: passes + 1 };
    if (passes + 1 < 2) return { pos: next, ended: null };
    const p0 = maskPips(h0);
    const p1 = maskPips(h1);
    return { pos: next, ended: p0 === p1 ? -1 : p0 < p1 ? 0 : 1 };
  }
  const [i, end] = move;
  const number = end ? right : left;
  const other = TA[i] === number ? TB[i] : TA[i];
  const bit = 1 << i;
  const n0 = turn ? h0 : h0 & ~bit;
  const n1 = turn ? h1 & ~bit : h1;
  const next = { h0: n0, h1: n1, left: end ? left : other, right: end ? other : right, turn: 1 - turn, passes: 0 };
  return { pos: next, ended: (turn ? n1 : n0) === 0 ? turn : null };
}

function key(pos) {
  return `${pos.h0},${pos.h1},${pos.left},${pos.right},${pos.turn},${pos.passes}`;
}

/** Scores of positions for seat `me`, each position searched once (as Python's Search). */
export class Search {
  constructor(me) {
    this.me = me;
    this.memo = new Map();
  }

  /** The score of `pos` for `me` with best play of both. */
  score(pos) {
    const k = key(pos);
    const hit = this.memo.get(k);
    if (hit !== undefined) return hit;
    const mine = pos.turn === this.me;
    let best = -1;
    for (const move of moves(pos)) {
      const s = this.moveScore(pos, move);
      if (best < 0 || (mine ? s > best : s < best)) best = s;
    }
    this.memo.set(k, best);
    return best;
  }

  /** The score for `me` of making `move` at `pos`, then best play of both. */
  moveScore(pos, move) {
    const { pos: next, ended } = after(pos, move);
    const own = pos.turn === this.me && !isPass(move) ? 1 : 0;
    let s;
    if (ended !== null) s = ended === -1 ? SHARED : ended === this.me ? WIN : 0;
    else s = this.score(next);
    if (s > SHARED) return s - own;
    return s < SHARED ? s + own : s;
  }
}

/**
 * The move of the seat to act (not `attacker`) with the longest resistance: the lowest score
 * for `attacker`, ties to the earlier move. With a Search for `attacker` to reuse its memo.
 */
export function reply(pos, search) {
  const options = moves(pos);
  let best = 0;
  let bestScore = search.moveScore(pos, options[0]);
  for (let c = 1; c < options.length; c++) {
    const s = search.moveScore(pos, options[c]);
    if (s < bestScore) {
      best = c;
      bestScore = s;
    }
  }
  return options[best];
}

/**
 * The winning line from `pos` for the seat to act, as Python's generate.main_line: the winning
 * move that needs the fewest own plays, the reply of the longest resistance, ties to the
 * earlier. Each step `{seat, move}`; ends when the round ends.
 */
export function mainLine(pos, search = new Search(pos.turn)) {
  const line = [];
  let at = pos;
  for (;;) {
    const options = moves(at);
    const scores = options.map((m) => search.moveScore(at, m));
    const top = at.turn === search.me ? Math.max(...scores) : Math.min(...scores);
    const move = options[scores.indexOf(top)];
    line.push({ seat: at.turn, move });
    const step = after(at, move);
    if (step.ended !== null) return line;
    at = step.pos;
  }
}
