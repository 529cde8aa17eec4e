/**
 * @file Simulating a round to its end: a bitmask copy of the rules (SimRound) and the one
 * playout routine, the same as Python's `bots/playouts.py` (same moves, orders, tie-breaks).
 */
// @ts-check

import * as masks from './masks.js';
import * as scores from './scores.js';

// Module constants rather than imported bindings in the playout's loop: V8 reads an import
// through its module cell, a module's own constant it can inline (the playout runs some
// hundred thousand moves per decision).
const { DRAW, LEFT, NUM, OPEN, PASS, PIPS, TA, TB, bitIndex, bits, kinds, maskPips, popcount } = masks;
const { HEAVIEST, MITTEL, SEARCHING } = scores;

/** The seats with the lowest pip sum among `hands[0 … players-1]`, as a mask of seats. */
function blockedMask(hands, players) {
  let low = Infinity;
  let mask = 0;
  for (let s = 0; s < players; s++) {
    const p = maskPips(hands[s]);
    if (p < low) {
      low = p;
      mask = 1 << s;
    } else if (p === low) {
      mask |= 1 << s;
    }
  }
  return mask;
}

/** The seats in a mask of seats, ascending. */
function seatsOf(mask) {
  const out = [];
  for (let s = 0; mask >> s; s++) if ((mask >> s) & 1) out.push(s);
  return out;
}

/** The seats with the lowest pip sum. */
function blockedWinners(hands) {
  return seatsOf(blockedMask(hands, hands.length));
}

/** 2 for a round `me` won alone, 1 for one it shares, 0 for one it lost. */
export function outcomeValue(winners, me) {
  if (!winners.includes(me)) return 0;
  return winners.length === 1 ? 2 : 1;
}

/** A round as the search sees it: every hand known (a determinization). Mirrors SimRound. */
export class SimRound {
  constructor(players, hands, bone, left, right, turn, passes) {
    this.players = players;
    this.hands = hands;
    this.bone = bone;
    this.left = left;
    this.right = right;
    this.turn = turn;
    this.passes = passes;
    /** @type {number[]|null} */
    this.winners = null;
  }

  copy() {
    const r = new SimRound(this.players, this.hands.slice(), this.bone.slice(), this.left, this.right, this.turn,
      this.passes);
    r.winners = this.winners;
    return r;
  }

  /** The moves of the seat to act, in sim order: tiles ascending, left before right, then draw/pass. */
  legal() {
    if (this.winners !== null) return [];
    const h = this.hands[this.turn];
    const { left, right } = this;
    if (left < 0) return bits(h).map((i) => 3 * i + OPEN);
    const out = [];
    for (const i of bits(h & (NUM[left] | NUM[right]))) {
      const a = TA[i];
      const b = TB[i];
      if (a === left || b === left) out.push(3 * i);
      if (a === right || b === right) out.push(3 * i + 1);
    }
    if (out.length) return out;
    return [this.bone.length ? DRAW : PASS];
  }

  /** Applies a legal move (the caller guarantees legality). */
  apply(move) {
    const seat = this.turn;
    if (move >= 0) {
      const i = Math.floor(move / 3);
      const end = move % 3;
      const h = this.hands[seat] & ~(1 << i);
      this.hands[seat] = h;
      const a = TA[i];
      const b = TB[i];
      if (end === OPEN) {
        this.left = a;
        this.right = b;
      } else if (end === LEFT) {
        this.left = a === this.left ? b : a;
      } else {
        this.right = a === this.right ? b : a;
      }
      this.passes = 0;
      if (!h) this.winners = [seat];
      else this.turn = (seat + 1) % this.players;
    } else if (move === DRAW) {
      this.hands[seat] |= 1 << this.bone.pop();
    } else {
      this.passes += 1;
      if (this.passes >= this.players) this.winners = blockedWinners(this.hands);
      else this.turn = (seat + 1) % this.players;
    }
  }
}

/**
 * The playout, without allocating: plays a determinized round to its end and returns the
 * winners as a mask of seats. The next draw is `bone[nb-1]`; a seat that draws or passes is
 * publicly known to lack both ends from then on (`lacks`, 7-bit masks, set to exactly {a, b}).
 * Seats in the mask `heavy` play as heaviest, the others in `searching` by the searching
 * score (unseen: the tiles in other hands and the boneyard), the rest by mittel's score; ties
 * to the first move in sim order. The line must not be empty. Consumes `hands` and `lacks`.
 */
export function playoutMask(hands, bone, nb, left, right, turn, passes, players, lacks, heavy = 0, searching = 0) {
  let live = 0; // the tiles in some hand or in the boneyard
  for (let s = 0; s < players; s++) live |= hands[s];
  for (let j = 0; j < nb; j++) live |= 1 << bone[j];
  for (;;) {
    let h = hands[turn];
    const fit = h & (NUM[left] | NUM[right]);
    if (!fit) {
      lacks[turn] = (1 << left) | (1 << right);
      if (nb > 0) {
        nb -= 1;
        hands[turn] = h | (1 << bone[nb]);
        continue;
      }
      passes += 1;
      if (passes >= players) return blockedMask(hands, players);
      turn = (turn + 1) % players;
      continue;
    }
    passes = 0;
    let nxt = turn + 1;
    if (nxt === players) nxt = 0;
    const W = (heavy >> turn) & 1 ? HEAVIEST : (searching >> turn) & 1 ? SEARCHING : MITTEL;
    const { pips: wp, follow: wf, double: wd, block: wb, lack: wl, open: wo, same: ws, kinds: wk } = W;
    const unseen = live & ~h;
    const lack = wb || wl ? lacks[nxt] : 0;
    let best = -Infinity;
    let bestLow = 0;
    let bestL = 0;
    let bestR = 0;
    let m = fit;
    while (m) {
      const low = m & -m;
      m ^= low;
      const i = bitIndex(low);
      const h2 = h ^ low;
      const a = TA[i];
      const b = TB[i];
      const base = wp * PIPS[i] + (a === b ? wd : 0) - (wk ? wk * kinds(h2) : 0);
      for (let e = 0; e < 2; e++) {
        const end = e ? right : left;
        if (a !== end && b !== end) continue;
        const n = a === end ? b : a;
        const nl = e ? left : n;
        const nr = e ? n : right;
        const ends = NUM[nl] | NUM[nr];
        let s = base + wf * popcount(h2 & ends) - (wo ? wo * popcount(ends & unseen) : 0) + (nl === nr ? ws : 0);
        const k = ((lack >> nl) & 1) + ((lack >> nr) & 1);
        if (k) s += k === 2 ? wb : wl;
        if (s > best) {
          best = s;
          bestLow = low;
          bestL = nl;
          bestR = nr;
        }
      }
    }
    h ^= bestLow;
    hands[turn] = h;
    live ^= bestLow;
    if (!h) return 1 << turn;
    left = bestL;
    right = bestR;
    turn = nxt;
  }
}

/**
 * Plays a determinized round to its end (playoutMask) and returns the winners as a list of
 * seats: the same policies, order and tie-breaks as Python's `playouts.playout`. Consumes
 * `hands` and `lacks`.
 */
export function playout(hands, bone, left, right, turn, passes, players, lacks, heavy = 0, searching = 0) {
  return seatsOf(playoutMask(hands, bone, bone.length, left, right, turn, passes, players, lacks, heavy, searching));
}
