/**
 * @file Computer players for the browser, the same algorithms as Python's `ziehdomino.bots`
 * (docs/bots.md): `decide(view, level, seed)` gives one entry of `view.legal`, never reading
 * the clock, the same as Python (tests/vectors/decisions.json). Bottom up, as the Python
 * modules: the sim, knowledge, the endgame solver, the players, `decide`.
 */

import { Mulberry32 } from './rng.js';

// ---------------------------------------------------------------------------------------------
// The sim: tile index i is the position in the set 0|0, 0|1 … 0|6, 1|1 … 6|6; hands are masks.

/** @type {number[]} */ export const TA = [];
/** @type {number[]} */ export const TB = [];
/** @type {number[]} */ export const PIPS = [];
for (let a = 0; a <= 6; a++) {
  for (let b = a; b <= 6; b++) {
    TA.push(a);
    TB.push(b);
    PIPS.push(a + b);
  }
}
/** INDEX_OF[a * 7 + b] = tile index of a|b (either order). */
const INDEX_OF = new Array(49);
for (let i = 0; i < 28; i++) {
  INDEX_OF[TA[i] * 7 + TB[i]] = i;
  INDEX_OF[TB[i] * 7 + TA[i]] = i;
}
/** NUM[n]: mask of the tiles showing n. */
export const NUM = [0, 1, 2, 3, 4, 5, 6].map((n) => {
  let m = 0;
  for (let i = 0; i < 28; i++) if (TA[i] === n || TB[i] === n) m |= 1 << i;
  return m;
});
/** ALLOWED[f]: mask of the tiles with neither half in the number set f. */
const ALLOWED = [];
for (let f = 0; f < 128; f++) {
  let m = 0;
  for (let i = 0; i < 28; i++) if (!((f >> TA[i]) & 1) && !((f >> TB[i]) & 1)) m |= 1 << i;
  ALLOWED.push(m);
}
const ALL_MASK = (1 << 28) - 1;
const PIP_LO = new Int32Array(1 << 14);
const PIP_HI = new Int32Array(1 << 14);
for (let m = 1; m < 1 << 14; m++) {
  const i = 31 - Math.clz32(m & -m);
  PIP_LO[m] = PIP_LO[m & (m - 1)] + PIPS[i];
  PIP_HI[m] = PIP_HI[m & (m - 1)] + PIPS[i + 14];
}

const LEFT = 0;
const RIGHT = 1;
export const OPEN = 2;
export const DRAW = -1;
export const PASS = -2;

/** Number of set bits of a non-negative 32-bit integer. */
export function popcount(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of `low` (which has exactly one bit set). */
const bitIndex = (low) => 31 - Math.clz32(low);

/** The pip sum of the tiles in a mask. */
function maskPips(mask) {
  return PIP_LO[mask & 0x3fff] + PIP_HI[mask >>> 14];
}

/** The tile indices in a mask, ascending. */
function bits(mask) {
  const out = [];
  while (mask) {
    const low = mask & -mask;
    out.push(bitIndex(low));
    mask ^= low;
  }
  return out;
}

/** The sim index of a tile written "a|b" in either order. */
function tileIndex(text) {
  if (typeof text !== 'string' || text.length !== 3 || text[1] !== '|') throw new Error(`not a tile: ${text}`);
  const a = text.charCodeAt(0) - 48;
  const b = text.charCodeAt(2) - 48;
  if (!(a >= 0 && a <= 6 && b >= 0 && b <= 6)) throw new Error(`not a tile: ${text}`);
  return INDEX_OF[a * 7 + b];
}

/** The sim move of a JSON action from a view's `legal` list. */
export function moveOf(action) {
  if (action.type === 'draw') return DRAW;
  if (action.type === 'pass') return PASS;
  const end = action.end;
  return 3 * tileIndex(action.tile) + (end === null || end === undefined ? OPEN : end === 'left' ? LEFT : RIGHT);
}

/** The seats with the lowest pip sum. */
function blockedWinners(hands) {
  return seatsOf(blockedMask(hands, hands.length));
}

/** 2 for a round `me` won alone, 1 for one it shares, 0 for one it lost. */
function outcomeValue(winners, me) {
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

/** Weights of "mittel", which is also the playout policy (docs/bots.md). */
const WEIGHTS = Object.freeze({ pips: 1, follow: 10, double: 20, block: 64, lack: 16 });

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

/** KINDS_LO/HI[m]: the numbers (a 7-bit set) shown by the tiles of a 14-bit half of a hand. */
const KINDS_LO = new Int32Array(1 << 14);
const KINDS_HI = new Int32Array(1 << 14);
for (let m = 1; m < 1 << 14; m++) {
  const i = bitIndex(m & -m);
  KINDS_LO[m] = KINDS_LO[m & (m - 1)] | (1 << TA[i]) | (1 << TB[i]);
  KINDS_HI[m] = KINDS_HI[m & (m - 1)] | (1 << TA[i + 14]) | (1 << TB[i + 14]);
}

/** How many different numbers the tiles of `mask` show. */
const kinds = (mask) => popcount(KINDS_LO[mask & 0x3fff] | KINDS_HI[mask >>> 14]);

/** Weights of the searching score (docs/bots.md): stark's playouts and its fourth model. */
const SEARCHING = Object.freeze({ pips: 0, follow: 3, double: 10, block: 7, lack: 6, open: 3, same: 8, kinds: 2 });
/** A heaviest seat's playout weights: 100 * pips + follow. */
const HEAVIEST = Object.freeze({ pips: 100, follow: 1, double: 0, block: 0, lack: 0, open: 0, same: 0, kinds: 0 });
const MITTEL = Object.freeze({ ...WEIGHTS, open: 0, same: 0, kinds: 0 });

/** The searching score of tile `i` from `hand` to the ends nl, nr; `unseen`: tiles the player cannot see. */
function searchScore(hand, i, nl, nr, lack, unseen) {
  const S = SEARCHING;
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

/**
 * The playout, without allocating: the next draw is `bone[nb-1]`; returns the winners as a
 * mask. Consumes `hands` and `lacks`. Seats in the mask `heavy` play as heaviest, the others in
 * `searching` by the searching score (unseen: the tiles in other hands and the boneyard), the
 * rest by mittel's score.
 */
function playoutMask(hands, bone, nb, left, right, turn, passes, players, lacks, heavy = 0, searching = 0) {
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
 * Plays a determinized round to its end with the playout policy; returns the winners. Same
 * policy, order and tie-breaks as Python's `sim.playout`. Consumes `hands`, `lacks`.
 */
export function playout(hands, bone, left, right, turn, passes, players, lacks) {
  return seatsOf(playoutMask(hands, bone, bone.length, left, right, turn, passes, players, lacks));
}

// ---------------------------------------------------------------------------------------------
// Knowledge: what one seat knows, and hidden deals consistent with it (bots/knowledge.py)

/** Attempts at a consistent sample before the constraints are dropped. */
const SAMPLE_TRIES = 20;

class Knowledge {
  constructor(fields) {
    Object.assign(this, fields);
  }

  /** The numbers (7-bit mask) everybody can tell from the log that `seat` lacks. */
  publicLacks(seat) {
    let lack = 0x7f;
    for (const f of this.slots[seat]) lack &= f;
    return lack;
  }

  /** publicLacks plus the numbers with no hidden tile left. */
  lacks(seat) {
    let lack = this.publicLacks(seat);
    for (let n = 0; n < 7; n++) if (!(NUM[n] & this.hidden)) lack |= 1 << n;
    return lack;
  }

  /** A sim round with only the viewer's hand filled in. */
  root() {
    const hands = new Array(this.players).fill(0);
    hands[this.me] = this.hand;
    return new SimRound(this.players, hands, [], this.left, this.right, this.me, this.passes);
  }

  /**
   * Other seats' slots as [seat, forbidden, age], most constrained first (allowed count, seat,
   * age oldest first).
   */
  slotOrder() {
    const keyed = [];
    for (let seat = 0; seat < this.players; seat++) {
      if (seat === this.me) continue;
      this.slots[seat].forEach((f, age) => keyed.push([popcount(ALLOWED[f] & this.hidden), seat, age, f]));
    }
    keyed.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
    return keyed.map((k) => [k[1], k[3], k[2]]);
  }

  /** One deal's hands to `out[at + s]` (the viewer's too); `slotTiles[j]`: the j-th slot's tile. */
  sampleInto(slots, rng, out, at, slotTiles) {
    const { seat: seatOf, allowed } = slots;
    const count = seatOf.length;
    const { players, me, hidden } = this;
    for (let attempt = 0; attempt <= SAMPLE_TRIES; attempt++) {
      const relax = attempt === SAMPLE_TRIES;
      let pool = hidden;
      for (let s = 0; s < players; s++) out[at + s] = 0;
      out[at + me] = this.hand;
      let ok = true;
      for (let j = 0; j < count; j++) {
        let cand = relax ? pool : pool & allowed[j];
        const n = popcount(cand);
        if (n === 0) {
          ok = false;
          break;
        }
        let k = rng.below(n);
        while (k) {
          cand &= cand - 1;
          k -= 1;
        }
        const low = cand & -cand;
        out[at + seatOf[j]] |= low;
        slotTiles[j] = low;
        pool ^= low;
      }
      if (ok) return;
    }
    throw new Error('unreachable: the relaxed attempt always succeeds');
  }

  /**
   * The boneyard of a deal whose hands are `hands[at + s]`: the tiles left, ascending, shuffled
   * (Fisher-Yates), written to `bone`; returns how many.
   */
  boneInto(hands, at, rng, bone) {
    let pool = this.hidden;
    for (let s = 0; s < this.players; s++) if (s !== this.me) pool &= ~hands[at + s];
    let nb = 0;
    while (pool) {
      const low = pool & -pool;
      bone[nb++] = bitIndex(low);
      pool ^= low;
    }
    for (let j = nb - 1; j > 0; j--) {
      const k = rng.below(j + 1);
      const t = bone[j];
      bone[j] = bone[k];
      bone[k] = t;
    }
    return nb;
  }
}

/** The slot order as typed arrays for sampling: each slot's seat and the tiles it allows. */
function slotArrays(order) {
  return { seat: Int32Array.from(order, (o) => o[0]), allowed: Int32Array.from(order, (o) => ALLOWED[o[1]]) };
}

/** Reads a seat's view into Knowledge (same steps as Python's `knowledge_of`). */
export function knowledgeOf(view) {
  const me = view.seat;
  if (me === null || me === undefined || !Array.isArray(view.hand)) {
    throw new Error("a computer needs a seat's view, not a spectator's");
  }
  const players = view.players;
  let hand = 0;
  for (const text of view.hand) hand |= 1 << tileIndex(text);
  let onLine = 0;
  for (const text of view.line) onLine |= 1 << tileIndex(text);
  const ends = view.ends;
  const left = ends ? ends[0] : -1;
  const right = ends ? ends[1] : -1;
  const counts = view.hand_counts.slice();
  const hidden = ALL_MASK & ~hand & ~onLine;
  const others = counts.reduce((sum, n, s) => (s === me ? sum : sum + n), 0);
  if (counts[me] !== view.hand.length || others + view.boneyard_count > popcount(hidden)) {
    throw new Error('an inconsistent view: more tiles in other hands and the boneyard than it leaves unseen');
  }
  const log = view.log || [];
  const start = counts.slice();
  for (const e of log) {
    if (e.type === 'play') start[e.seat] += 1;
    else if (e.type === 'draw') start[e.seat] -= 1;
  }
  const slots = start.map((n) => new Array(Math.max(n, 0)).fill(0));
  // births[s][k]: the log index of the draw that brought slot k in, -1 for a dealt tile.
  const births = start.map((n) => new Array(Math.max(n, 0)).fill(-1));
  const plays = [];
  log.forEach((e, at) => {
    const own = slots[e.seat];
    const born = births[e.seat];
    if (e.type === 'play') {
      const i = tileIndex(e.tile);
      const shows = (1 << TA[i]) | (1 << TB[i]);
      let nextLack = 0x7f;
      for (const f of slots[(e.seat + 1) % players]) nextLack &= f;
      let birth = -1;
      const k = own.findIndex((f) => !(f & shows));
      if (k >= 0) {
        birth = born[k];
        own.splice(k, 1);
        born.splice(k, 1);
      } else if (own.length) {
        own.pop();
        birth = born.pop();
      }
      plays.push({ at, seat: e.seat, tile: i, end: e.end ?? null, ends: e.ends ?? null, birth, nextLack });
      return;
    }
    if (e.ends) {
      const gone = (1 << e.ends[0]) | (1 << e.ends[1]);
      for (let k = 0; k < own.length; k++) own[k] |= gone;
    }
    if (e.type === 'draw') {
      own.push(0);
      born.push(at);
    }
  });
  const explained = [];
  for (let s = 0; s < players; s++) {
    explained.push(slots[s].length === counts[s]);
    if (!explained[s]) {
      slots[s] = new Array(counts[s]).fill(0);
      births[s] = new Array(counts[s]).fill(-1);
    }
  }
  return new Knowledge({
    players, me, hand, left, right, counts, boneCount: view.boneyard_count, hidden, slots, passes: view.passes || 0,
    births, plays, explained,
  });
}

// ---------------------------------------------------------------------------------------------
// Exact two-player endgame once the boneyard is empty (bots/solve.py)

const NODE_LIMIT = 20000;

class OutOfNodes extends Error {}

/** The exact value of each move for seat `me`, or null past `limit` nodes (see solve.py). */
function solve(root, moves, me, limit = NODE_LIMIT) {
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
function exactValue(h0, h1, bone, nb, left, right, turn, passes, me, alpha, beta, budget) {
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

// ---------------------------------------------------------------------------------------------
// The players (bots/players.py)

/** "stark": playouts per decision shared among the candidates, and the least samples. */
const PLAYOUTS = 1000;
/** "stark": its playouts by the searching score cost more, so it plays out fewer (stark-v1 keeps PLAYOUTS). */
const STARK_PLAYOUTS = 800;
/** "stark" at a table of two: more playouts (bots/players.py). */
const STARK_PLAYOUTS_2 = 1000;
const MIN_SAMPLES = 24;
/** "stark": deals drawn per deal played out, before the drawn deals are weighed and resampled. */
const RAW_FACTOR = 2;
/** LIKE[d]: the weight of a play d points below the best (docs/bots.md, "Reading the plays"). */
const LIKE_MULT = 59299;
const LIKE_FLOOR = 1024;
const LIKE_MAX_D = 255;
const LIKE = [65536];
for (let d = 1; d <= LIKE_MAX_D; d++) LIKE.push(Math.max(LIKE_FLOOR, Math.floor((LIKE[d - 1] * LIKE_MULT) / 65536)));
/** Resampling weights are cut to below 2^WEIGHT_BITS; a seat's product per model to below 2^SEAT_BITS. */
const WEIGHT_BITS = 20;
const SEAT_BITS = 16;
const TWO16 = 65536;

/** Index of a highest score; ties broken uniformly with one rng.below call. */
function pickMax(scores, rng) {
  const top = Math.max(...scores);
  const best = [];
  scores.forEach((s, i) => s === top && best.push(i));
  return best.length > 1 ? best[rng.below(best.length)] : best[0];
}

function leicht(view, k, rng) {
  return rng.below(view.legal.length);
}

function heaviest(view, k, rng) {
  const legal = view.legal;
  if (legal.length === 1) return 0;
  return pickMax(legal.map((a) => PIPS[Math.floor(moveOf(a) / 3)]), rng);
}

/** The open ends after the viewer plays `move`: [left, right]. */
function after(k, move) {
  const i = Math.floor(move / 3);
  const end = move % 3;
  const a = TA[i];
  const b = TB[i];
  if (end === OPEN) return [a, b];
  if (end === LEFT) return [a === k.left ? b : a, k.right];
  return [k.left, a === k.right ? b : a];
}

/**
 * Mittel's score of playing tile `i` from `hand`, leaving the ends `nl`, `nr`, when the next
 * seat is known to lack the numbers `lack` (docs/bots.md).
 */
function playScore(hand, i, nl, nr, lack) {
  const { pips: wp, follow: wf, double: wd, block: wb, lack: wl } = WEIGHTS;
  let score = wp * PIPS[i] + wf * popcount(hand & ~(1 << i) & (NUM[nl] | NUM[nr]));
  if (TA[i] === TB[i]) score += wd;
  const lacked = ((lack >> nl) & 1) + ((lack >> nr) & 1);
  if (lacked === 2) score += wb;
  else if (lacked === 1) score += wl;
  return score;
}

function mittelScore(k, move, nextLacks) {
  const [nl, nr] = after(k, move);
  return playScore(k.hand, Math.floor(move / 3), nl, nr, nextLacks);
}

function mittel(view, k, rng) {
  const legal = view.legal;
  if (legal.length === 1) return 0;
  const nextLacks = k.lacks((k.me + 1) % k.players);
  return pickMax(legal.map((a) => mittelScore(k, moveOf(a), nextLacks)), rng);
}

/** [index in legal, move] for the distinct plays (same tile, same new ends: left out). */
function candidates(k, legal) {
  const seen = new Set();
  const out = [];
  legal.forEach((a, idx) => {
    const m = moveOf(a);
    const [nl, nr] = after(k, m);
    const key = Math.floor(m / 3) * 64 + Math.min(nl, nr) * 8 + Math.max(nl, nr);
    if (!seen.has(key)) {
      seen.add(key);
      out.push([idx, m]);
    }
  });
  return out;
}

/**
 * "stark", two seats and at most EXACT_BONE tiles in the boneyard: each distinct deal is solved
 * exactly (exactValue) instead of played out, within EXACT_NODES positions per decision; a deal
 * that would take more is played out, and so is every deal after it (bots/players.py).
 */
const EXACT_BONE = 6;
const EXACT_NODES = 60000;

/**
 * Plays every candidate on one deal to the end, adding to `won` and `shared`: called as
 * `(hands, at, bone, nb, heavy)`: hands in `hands[at + s]`, boneyard `bone[0 … nb-1]`, the
 * seats that play out as heaviest; copies them. `searching`: every other seat plays out by the
 * searching score (stark), else by mittel's; with two seats and a small boneyard stark solves
 * each distinct deal exactly instead, counting those samples in `tally.exact`.
 */
function dealPlayer(k, moves, lacks0, won, shared, searching, tally = { exact: 0 }) {
  const { me, players } = k;
  const srch = searching ? (1 << players) - 1 : 0;
  const h = new Int32Array(players);
  const lacks = new Int32Array(players);
  const b = new Int32Array(28);
  // Two seats and a small boneyard: a deal (the other hand and the boneyard's order) leaves a
  // game of perfect information, and the sampled deals repeat; each distinct deal is solved
  // once, within a budget of positions, and counts as often as it was drawn.
  const exact = searching && players === 2 && k.boneCount > 0 && k.boneCount <= EXACT_BONE
    && moves.every((m) => m >= 0);
  const solved = new Map();
  const budget = [EXACT_NODES];
  return (hands, at, bone, nb, heavy) => {
    if (exact) {
      const other = hands[at + 1 - me];
      let key = `${other}`;
      for (let j = 0; j < nb; j++) key += `,${bone[j]}`;
      let values = solved.get(key);
      if (values === undefined) {
        values = null;
        if (budget[0] > 0) {
          const out = [];
          for (let c = 0; c < moves.length && budget[0] >= 0; c++) {
            const m = moves[c];
            const i = Math.floor(m / 3);
            const end = m % 3;
            const hand = hands[at + me] & ~(1 << i);
            if (!hand) {
              out.push(2);
              continue;
            }
            let left = k.left;
            let right = k.right;
            if (end === OPEN) {
              left = TA[i];
              right = TB[i];
            } else if (end === LEFT) {
              left = TA[i] === left ? TB[i] : TA[i];
            } else {
              right = TA[i] === right ? TB[i] : TA[i];
            }
            const h0 = me === 0 ? hand : other;
            const h1 = me === 0 ? other : hand;
            out.push(exactValue(h0, h1, bone, nb, left, right, 1 - me, 0, me, -1, 3, budget));
          }
          if (budget[0] >= 0) values = out;
          else budget[0] = 0;
        }
        solved.set(key, values);
      }
      if (values !== null) {
        tally.exact += 1;
        for (let c = 0; c < moves.length; c++) {
          if (values[c] === 2) won[c] += 1;
          else if (values[c] === 1) shared[c] += 1;
        }
        return;
      }
    }
    for (let c = 0; c < moves.length; c++) {
      for (let s = 0; s < players; s++) {
        h[s] = hands[at + s];
        lacks[s] = lacks0[s];
      }
      for (let j = 0; j < nb; j++) b[j] = bone[j];
      const m = moves[c];
      let winners;
      if (m >= 0) {
        const i = Math.floor(m / 3);
        const end = m % 3;
        const hand = h[me] & ~(1 << i);
        h[me] = hand;
        let left = k.left;
        let right = k.right;
        const ta = TA[i];
        const tb = TB[i];
        if (end === OPEN) {
          left = ta;
          right = tb;
        } else if (end === LEFT) {
          left = ta === left ? tb : ta;
        } else {
          right = ta === right ? tb : ta;
        }
        winners = hand ? playoutMask(h, b, nb, left, right, (me + 1) % players, 0, players, lacks, heavy, srch) : 1 << me;
      } else {
        // A draw or a pass among the candidates comes only from a hand-made view; play it as the sim would.
        const r = new SimRound(players, Array.from(h), Array.from(b.subarray(0, nb)), k.left, k.right, me, k.passes);
        r.apply(m);
        winners = r.winners !== null ? r.winners.reduce((w, s) => w | (1 << s), 0)
          : playoutMask(r.hands, r.bone, r.bone.length, r.left, r.right, r.turn, r.passes, players, lacks, heavy, srch);
      }
      if ((winners >> me) & 1) {
        if (winners === 1 << me) won[c] += 1;
        else shared[c] += 1;
      }
    }
  };
}

/**
 * The search of stark-like levels (docs/bots.md): `deals(k, order, rng, samples, visit)` calls
 * `visit` on every deal, played out by the searching score (`searching`: stark, STARK_PLAYOUTS, at two seats STARK_PLAYOUTS_2)
 * or by mittel's (PLAYOUTS). Returns `{choice, method, candidates, samples}`; `method` "only",
 * "same", "solve" (candidates have `value` 0/1/2) or "sample" (`won`, `shared` of `samples`;
 * `exact` of them solved exactly instead of played out).
 */
function search(view, k, rng, deals, searching = false) {
  const legal = view.legal;
  if (legal.length === 1) return { choice: 0, method: 'only', candidates: [{ index: 0 }], samples: 0 };
  const cands = candidates(k, legal);
  if (cands.length === 1) return { choice: cands[0][0], method: 'same', candidates: [{ index: cands[0][0] }], samples: 0 };
  const moves = cands.map((c) => c[1]);
  if (k.players === 2 && k.boneCount === 0) {
    const root = k.root();
    root.hands[1 - k.me] = k.hidden;
    const values = solve(root, moves, k.me);
    if (values !== null) {
      const best = values.indexOf(Math.max(...values));
      return { choice: cands[best][0], method: 'solve', samples: 0,
        candidates: cands.map(([index], c) => ({ index, value: values[c] })) };
    }
  }
  const samples = Math.max(MIN_SAMPLES, Math.floor((searching ? (k.players === 2 ? STARK_PLAYOUTS_2 : STARK_PLAYOUTS) : PLAYOUTS) / cands.length));
  const won = new Array(cands.length).fill(0);
  const shared = new Array(cands.length).fill(0);
  const lacks0 = [];
  for (let s = 0; s < k.players; s++) lacks0.push(k.publicLacks(s));
  const tally = { exact: 0 };
  deals(k, k.slotOrder(), rng, samples, dealPlayer(k, moves, lacks0, won, shared, searching, tally));
  let best = 0;
  for (let c = 1; c < cands.length; c++) if (2 * won[c] + shared[c] > 2 * won[best] + shared[best]) best = c;
  return { choice: cands[best][0], method: 'sample', samples, exact: tally.exact,
    candidates: cands.map(([index], c) => ({ index, won: won[c], shared: shared[c] })) };
}

/** Deals weighed alike: every deal consistent with the draws and passes (today's "stark-v1"). */
function uniformDeals(k, order, rng, samples, visit) {
  const slots = slotArrays(order);
  const hands = new Int32Array(k.players);
  const slotTiles = new Int32Array(order.length);
  const bone = new Int32Array(28);
  for (let n = 0; n < samples; n++) {
    k.sampleInto(slots, rng, hands, 0, slotTiles);
    visit(hands, 0, bone, k.boneInto(hands, 0, rng, bone), 0);
  }
}

/** The other seats' plays that are evidence: tiles surely held then (`fixed`), slots held (`alive`). */
function evidence(k, order) {
  const out = [];
  for (const p of k.plays) {
    if (p.seat === k.me || !k.explained[p.seat]) continue;
    const alive = [];
    order.forEach(([seat, , age], j) => {
      if (seat === p.seat && k.births[seat][age] < p.at) alive.push(j);
    });
    if (!alive.length) continue;
    let fixed = 1 << p.tile;
    for (const q of k.plays) if (q.seat === p.seat && q.at > p.at && q.birth < p.at) fixed |= 1 << q.tile;
    const left = p.ends ? p.ends[0] : -1;
    const right = p.ends ? p.ends[1] : -1;
    const a = TA[p.tile];
    const b = TB[p.tile];
    let nl = a;
    let nr = b;
    if (p.end === 'left') [nl, nr] = [a === left ? b : a, right];
    else if (p.end === 'right') [nl, nr] = [left, a === right ? b : a];
    let line = 0;
    for (const q of k.plays) if (q.at < p.at) line |= 1 << q.tile;
    out.push({ seat: p.seat, fixed, alive, left, right, tile: p.tile, nl, nr, lack: p.nextLack, line });
  }
  return out;
}

const SCORES = new Int32Array(64);
const PIPS_OF = new Int32Array(64);
const SEARCH_OF = new Int32Array(64);

/** The models (docs/bots.md): [x, y, z] scores a play x * mittel's score + y * pips + z * the searching score. */
const MODELS = Object.freeze([[1, 0, 0], [4, 0, 0], [0, 40, 0], [0, 0, 1]]);
/** The model whose seats play out as heaviest. */
const PIPS_MODEL = 2;

/** Each model's chance (of 65536) that `hand` made the play `ev`, to `out[at + model]`. */
function likelihoods(hand, ev, out, at) {
  const { left, right, lack } = ev;
  const unseen = ALL_MASK & ~hand & ~ev.line; // the tiles the seat could not see then
  let n = 0;
  if (left < 0) {
    for (let m = hand; m; m &= m - 1) {
      const i = bitIndex(m & -m);
      PIPS_OF[n] = PIPS[i];
      SEARCH_OF[n] = searchScore(hand, i, TA[i], TB[i], lack, unseen);
      SCORES[n++] = playScore(hand, i, TA[i], TB[i], lack);
    }
  } else {
    for (let m = hand & (NUM[left] | NUM[right]); m; m &= m - 1) {
      const i = bitIndex(m & -m);
      const a = TA[i];
      const b = TB[i];
      if (a === left || b === left) {
        PIPS_OF[n] = PIPS[i];
        SEARCH_OF[n] = searchScore(hand, i, a === left ? b : a, right, lack, unseen);
        SCORES[n++] = playScore(hand, i, a === left ? b : a, right, lack);
      }
      if (left !== right && (a === right || b === right)) {
        PIPS_OF[n] = PIPS[i];
        SEARCH_OF[n] = searchScore(hand, i, left, a === right ? b : a, lack, unseen);
        SCORES[n++] = playScore(hand, i, left, a === right ? b : a, lack);
      }
    }
  }
  if (n <= 1) {
    for (let mdl = 0; mdl < MODELS.length; mdl++) out[at + mdl] = TWO16;
    return;
  }
  const played = playScore(hand, ev.tile, ev.nl, ev.nr, lack);
  const playedPips = PIPS[ev.tile];
  const playedSearch = searchScore(hand, ev.tile, ev.nl, ev.nr, lack, unseen);
  for (let mdl = 0; mdl < MODELS.length; mdl++) {
    const [x, y, z] = MODELS[mdl];
    let top = -Infinity;
    for (let j = 0; j < n; j++) {
      const v = x * SCORES[j] + y * PIPS_OF[j] + z * SEARCH_OF[j];
      if (v > top) top = v;
    }
    let sum = 0;
    for (let j = 0; j < n; j++) sum += LIKE[Math.min(LIKE_MAX_D, top - x * SCORES[j] - y * PIPS_OF[j] - z * SEARCH_OF[j])];
    out[at + mdl] = Math.floor((TWO16 * LIKE[Math.min(LIKE_MAX_D, top - x * played - y * playedPips - z * playedSearch)]) / sum);
  }
}

/** The number of bits of a non-negative integer below 2^53. */
function bitLength(x) {
  let n = 0;
  while (x >= 1) {
    x = Math.floor(x / 2);
    n += 1;
  }
  return n;
}

/**
 * Deals weighed by the other seats' plays, resampled, and the seats that play out as heaviest
 * (docs/bots.md, "Reading the plays"); `visit` plays each deal (see dealPlayer). Buffers are
 * allocated once per search; each play's likelihoods are memoized by hand in an open-addressing
 * table.
 */
function weighedDeals(k, order, rng, samples, visit) {
  const ev = evidence(k, order);
  if (!ev.length) {
    uniformDeals(k, order, rng, samples, visit);
    return;
  }
  const players = k.players;
  const seats = [...new Set(ev.map((e) => e.seat))].sort((x, y) => x - y);
  const ns = seats.length;
  const nm = MODELS.length;
  const nev = ev.length;
  const slotOf = Int32Array.from(ev, (e) => seats.indexOf(e.seat));
  const fixedOf = Int32Array.from(ev, (e) => e.fixed);
  const aliveOf = ev.map((e) => Int32Array.from(e.alive));
  const raw = RAW_FACTOR * samples;
  const slots = slotArrays(order);
  const drawn = new Int32Array(raw * players);
  // products[(n * ns + seat) * nm + model]: integers below 2^33, exact in a Float64Array
  const products = new Float64Array(raw * ns * nm).fill(4294967296);
  const tops = new Float64Array(ns);
  const slotTiles = new Int32Array(order.length);
  // The memo: per play, a table of 2^tableBits hands (0 = empty: a hand holds at least the tile played).
  const tableBits = Math.max(4, 32 - Math.clz32(2 * raw - 1));
  const size = 1 << tableBits;
  const keys = new Int32Array(nev * size);
  const values = new Int32Array(nev * size * nm);
  for (let n = 0; n < raw; n++) {
    k.sampleInto(slots, rng, drawn, n * players, slotTiles);
    for (let x = 0; x < nev; x++) {
      let hand = fixedOf[x];
      const alive = aliveOf[x];
      for (let a = 0; a < alive.length; a++) hand |= slotTiles[alive[a]];
      const base = x * size;
      let h = Math.imul(hand, 0x9e3779b1) >>> (32 - tableBits);
      while (keys[base + h] !== 0 && keys[base + h] !== hand) h = (h + 1) & (size - 1);
      const q = (base + h) * nm;
      if (keys[base + h] === 0) {
        keys[base + h] = hand;
        likelihoods(hand, ev[x], values, q);
      }
      const at = (n * ns + slotOf[x]) * nm;
      for (let mdl = 0; mdl < nm; mdl++) products[at + mdl] = Math.floor((products[at + mdl] * values[q + mdl]) / TWO16);
    }
    for (let si = 0; si < ns; si++) {
      const at = (n * ns + si) * nm;
      for (let mdl = 0; mdl < nm; mdl++) if (products[at + mdl] > tops[si]) tops[si] = products[at + mdl];
    }
  }
  const scales = Array.from(tops, (top) => 2 ** Math.max(0, bitLength(top) - SEAT_BITS));
  const weights = new Float64Array(raw);
  const sums = new Float64Array(ns * nm); // below 2^16 * raw: exact
  // A seat's weight is below 2^18, so three seats' product may pass 2^53: such deal weights
  // are kept exactly as BigInt in `big` (rare), the others are exact doubles.
  const big = new Map();
  let most = 0;
  let mostBits = 0;
  const seatSums = new Float64Array(ns);
  for (let n = 0; n < raw; n++) {
    let w = 1;
    for (let si = 0; si < ns; si++) {
      const at = (n * ns + si) * nm;
      let sum = 0;
      for (let mdl = 0; mdl < nm; mdl++) {
        const v = Math.floor(products[at + mdl] / scales[si]);
        sum += v;
        sums[si * nm + mdl] += v;
      }
      w *= sum;
      seatSums[si] = sum;
    }
    weights[n] = w;
    if (w >= 2 ** 53) {
      let exact = 1n;
      for (let si = 0; si < ns; si++) exact *= BigInt(seatSums[si]);
      big.set(n, exact);
      mostBits = Math.max(mostBits, exact.toString(2).length);
    } else if (w > most) {
      most = w;
    }
  }
  mostBits = Math.max(mostBits, bitLength(most));
  let heavy = 0;
  for (let si = 0; si < ns; si++) {
    let b = 0;
    for (let mdl = 1; mdl < nm; mdl++) if (sums[si * nm + mdl] > sums[si * nm + b]) b = mdl;
    if (b === PIPS_MODEL) heavy |= 1 << seats[si];
  }
  const cutBits = Math.max(0, mostBits - WEIGHT_BITS);
  const cut = 2 ** cutBits;
  let total = 0;
  for (let n = 0; n < raw; n++) {
    weights[n] = big.has(n) ? Number(big.get(n) >> BigInt(cutBits)) : Math.floor(weights[n] / cut);
    total += weights[n];
  }
  if (total === 0) {
    weights.fill(1);
    total = raw;
  }
  const bone = new Int32Array(28);
  const u = rng.below(total);
  let n = 0;
  let cum = weights[0];
  for (let j = 0; j < samples; j++) {
    const target = Math.floor((j * total + u) / samples);
    while (cum <= target) {
      n += 1;
      cum += weights[n];
    }
    visit(drawn, n * players, bone, k.boneInto(drawn, n * players, rng, bone), heavy);
  }
}

/** Deals with the other seats' real hands and the boneyard's tiles, only its order drawn. */
function seeingDeals(hands) {
  return (k, order, rng, samples, visit) => {
    const bone = new Int32Array(28);
    for (let n = 0; n < samples; n++) visit(hands, 0, bone, k.boneInto(hands, 0, rng, bone), 0);
  };
}

/**
 * What the "stark" search finds for this view and seed, for explaining its choice (the tips).
 *
 * Returns `search`'s result (`choice` is `decide(view, "stark", seed)`'s index in `view.legal`),
 * with facts read from the view: every candidate that is a play gets `pips` (pips it sheds),
 * `ends` (the open ends it leaves) and `keep` (tiles left in hand showing one of those ends);
 * `next` is the next seat; `lacks[s]` lists, for every other seat, the numbers the public log
 * shows it lacks, each with the seat's latest draw or pass at ends showing it
 * (`{number, type: "draw"|"pass", ends}`).
 */
export function analyse(view, seed) {
  checkInputs(view, 'stark', seed);
  const k = knowledgeOf(view);
  const found = search(view, k, new Mulberry32(seed), weighedDeals, true);
  for (const c of found.candidates) {
    const a = view.legal[c.index];
    if (a.type !== 'play') continue;
    const m = moveOf(a);
    const i = Math.floor(m / 3);
    const [nl, nr] = after(k, m);
    c.pips = PIPS[i];
    c.ends = [nl, nr];
    c.keep = popcount(k.hand & ~(1 << i) & (NUM[nl] | NUM[nr]));
  }
  found.next = (k.me + 1) % k.players;
  found.lacks = [];
  const log = view.log || [];
  for (let s = 0; s < k.players; s++) {
    const known = [];
    const lack = s === k.me ? 0 : k.publicLacks(s);
    for (let n = 0; n < 7; n++) {
      if (!((lack >> n) & 1)) continue;
      for (let at = log.length - 1; at >= 0; at--) {
        const e = log[at];
        if (e.seat === s && e.type !== 'play' && e.ends && (e.ends[0] === n || e.ends[1] === n)) {
          known.push({ number: n, type: e.type, ends: e.ends.slice() });
          break;
        }
      }
    }
    found.lacks.push(known);
  }
  return found;
}

/** Arena only, never a level: stark handed the other seats' real hands (`hands[s]`, "a|b"). */
export function decideSeeing(view, hands, seed) {
  checkInputs(view, 'stark', seed);
  const k = knowledgeOf(view);
  const masks = hands.map((h, s) => (s === k.me ? k.hand : h.reduce((m, t) => m | (1 << tileIndex(t)), 0)));
  return { ...view.legal[search(view, k, new Mulberry32(seed), seeingDeals(masks)).choice] };
}

/** The levels by name. "stark-v1" is the yardstick of the arena: stark before it read the plays. */
export const LEVELS = Object.freeze({
  leicht,
  mittel,
  stark: (view, k, rng) => search(view, k, rng, weighedDeals, true).choice,
  heaviest,
  'stark-v1': (view, k, rng) => search(view, k, rng, uniformDeals).choice,
});

function checkInputs(view, level, seed) {
  if (!Number.isSafeInteger(seed)) throw new Error(`the seed must be an integer within ±(2^53 - 1), not ${String(seed)}`);
  if (!Object.hasOwn(LEVELS, level)) throw new Error(`unknown level ${JSON.stringify(level)} (leicht, mittel, stark or heaviest)`);
  if (!(view.legal || []).length) throw new Error("no legal action in this view: it is not this seat's turn or the round is over");
}

/**
 * Chooses an action for the seat whose view this is.
 * @param {object} view  a seat's view (docs/view.md) at that seat's turn.
 * @param {'leicht'|'mittel'|'stark'|'heaviest'|'stark-v1'} level
 * @param {number} seed  an integer; the decision depends on view, level and seed only.
 * @returns {object} a copy of one entry of `view.legal`.
 * @throws {Error} for an unknown level, a spectator's view, or a view with no legal action.
 */
export function decide(view, level, seed) {
  checkInputs(view, level, seed);
  const k = knowledgeOf(view);
  const choice = LEVELS[level](view, k, new Mulberry32(seed));
  return { ...view.legal[choice] };
}
