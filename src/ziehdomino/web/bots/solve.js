/**
 * @file The exact endgame solver for two seats (docs/bots.md), the same as Python's
 * `bots/solve.py`: alpha-beta on the values 0 (lost), 1 (shared), 2 (won alone) within a fixed
 * number of nodes (never a clock), so both languages count the same positions.
 */
// @ts-check

import * as masks from './masks.js';
import { outcomeValue } from './playouts.js';
import { WEIGHTS } from './weights.js';

// Module constants rather than imported bindings in the hot loops (see playouts.js).
const { NUM, TA, TB, bitIndex, maskPips } = masks;

/** Nodes one decision may visit before the search gives up. */
const NODE_LIMIT = WEIGHTS.search.node_limit;

class OutOfNodes extends Error {}

/**
 * The exact value of each of `moves` at the SimRound `root` (every hand known, the boneyard
 * empty) for seat `me`, or null past `limit` nodes. Each move's value is searched with the
 * window (best so far, 2), so a move that cannot beat the best found earlier gets a value no
 * higher than that best (ties go to the earlier).
 */
export function solve(root, moves, me, limit = NODE_LIMIT) {
  let budget = limit;
  const value = (r, alpha, beta) => {
    if (r.winners !== null) return outcomeValue(r.winners, me);
    budget -= 1;
    if (budget < 0) throw new OutOfNodes();
    const maximizing = r.turn === me;
    let best = maximizing ? -1 : 3;
    for (const m of r.legal()) {
      const child = r.copy();
      child.apply(m);
      const v = value(child, alpha, beta);
      if (maximizing) {
        if (v > best) {
          best = v;
          if (v > alpha) alpha = v;
        }
      } else if (v < best) {
        best = v;
        if (v < beta) beta = v;
      }
      if (alpha >= beta) break;
    }
    return best;
  };
  const out = [];
  let best = -1;
  try {
    for (const m of moves) {
      const child = root.copy();
      child.apply(m);
      const v = value(child, best, 2);
      out.push(v);
      if (v > best) best = v;
      if (best === 2) {
        while (out.length < moves.length) out.push(0);
        break;
      }
    }
  } catch (error) {
    if (error instanceof OutOfNodes) return null;
    throw error;
  }
  return out;
}

/**
 * The exact value (0 lost, 1 shared, 2 won alone, for `me`) of a two-seat position with every
 * tile known and the boneyard's order fixed (the next draw is bone[nb-1]); `budget[0]` counts
 * down per node visited, and below 0 the search stops (the value is then meaningless).
 */
export function exactValue(h0, h1, bone, nb, left, right, turn, passes, me, alpha, beta, budget) {
  if (--budget[0] < 0) return 0;
  let hand = turn ? h1 : h0;
  let fit = hand & (NUM[left] | NUM[right]);
  while (!fit && nb > 0) {
    nb -= 1;
    hand |= 1 << bone[nb];
    fit = hand & (NUM[left] | NUM[right]);
  }
  if (turn) h1 = hand;
  else h0 = hand;
  if (!fit) {
    if (passes + 1 >= 2) {
      const p0 = maskPips(h0);
      const p1 = maskPips(h1);
      if (p0 === p1) return 1;
      return (p0 < p1) === (me === 0) ? 2 : 0;
    }
    return exactValue(h0, h1, bone, nb, left, right, 1 - turn, passes + 1, me, alpha, beta, budget);
  }
  const maximizing = turn === me;
  let best = maximizing ? -1 : 3;
  let m = fit;
  while (m) {
    const low = m & -m;
    m ^= low;
    const i = bitIndex(low);
    const a = TA[i];
    const b = TB[i];
    const rest = hand ^ low;
    for (let e = 0; e < 2; e++) {
      const end = e ? right : left;
      if (a !== end && b !== end) continue;
      if (e && left === right) continue; // the same position as the play at the left end
      const n = a === end ? b : a;
      let v;
      if (!rest) v = maximizing ? 2 : 0;
      else if (turn) v = exactValue(h0, rest, bone, nb, e ? left : n, e ? n : right, 0, 0, me, alpha, beta, budget);
      else v = exactValue(rest, h1, bone, nb, e ? left : n, e ? n : right, 1, 0, me, alpha, beta, budget);
      if (maximizing) {
        if (v > best) {
          best = v;
          if (v > alpha) alpha = v;
        }
      } else if (v < best) {
        best = v;
        if (v < beta) beta = v;
      }
      if (alpha >= beta) return best;
    }
  }
  return best;
}

/**
 * The exact values (as exactValue) for seat `me` of each of its plays on one deal of a
 * two-seat position: hands `hands[at + s]`, the boneyard `bone[0 … nb-1]`, each play as
 * [its tile's bit, the ends after it, the seat to act after it]. All within `budget[0]`
 * positions, shared by the deals of a decision: null if the budget was spent before or runs
 * out on this deal (it is then set to 0, so that no later deal is tried).
 */
export function dealValues(hands, at, bone, nb, me, plays, budget) {
  if (budget[0] <= 0) return null;
  const other = hands[at + 1 - me];
  const out = [];
  for (let c = 0; c < plays.length && budget[0] >= 0; c++) {
    const [bit, nl, nr, nxt] = plays[c];
    const hand = hands[at + me] & ~bit;
    if (!hand) {
      out.push(2);
      continue;
    }
    const h0 = me === 0 ? hand : other;
    const h1 = me === 0 ? other : hand;
    out.push(exactValue(h0, h1, bone, nb, nl, nr, nxt, 0, me, -1, 3, budget));
  }
  if (budget[0] >= 0) return out;
  budget[0] = 0;
  return null;
}
