/**
 * @file Computer players for the browser: the same algorithms as Python's `ziehdomino.bots`.
 *
 * One entry point, `decide(view, level, seed)`: a seat's view (docs/view.md) at its turn, a
 * level ("leicht", "mittel", "stark" or the yardstick "heaviest") and an integer seed give one
 * entry of `view.legal`. Never reads the clock: the same inputs give the same action here and
 * in Python (docs/bots.md; tests/vectors/decisions.json holds the two equal).
 *
 * Layout, bottom up, mirroring the Python modules: the sim (bots/sim.py: bitmask hands for
 * playouts), knowledge (bots/knowledge.py: what the log reveals, sampling hidden deals), the
 * endgame solver (bots/solve.py), the four players (bots/players.py), `decide`.
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
  const sums = hands.map(maskPips);
  const low = Math.min(...sums);
  const out = [];
  sums.forEach((p, s) => p === low && out.push(s));
  return out;
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

/** Weights of the playout policy (docs/bots.md). */
/** Weights of "mittel", which is also the playout policy (docs/bots.md). */
const WEIGHTS = Object.freeze({ pips: 1, follow: 10, double: 20, block: 64, lack: 16 });

/**
 * Plays a determinized round to its end with the playout policy; returns the winners. Same
 * policy, order and tie-breaks as Python's `sim.playout`. Consumes `hands`, `bone`, `lacks`.
 */
export function playout(hands, bone, left, right, turn, passes, players, lacks) {
  const { pips: wp, follow: wf, double: wd, block: wb, lack: wl } = WEIGHTS;
  for (;;) {
    let h = hands[turn];
    const fit = h & (NUM[left] | NUM[right]);
    if (!fit) {
      lacks[turn] = (1 << left) | (1 << right);
      if (bone.length) {
        hands[turn] = h | (1 << bone.pop());
        continue;
      }
      passes += 1;
      if (passes >= players) return blockedWinners(hands);
      turn = (turn + 1) % players;
      continue;
    }
    passes = 0;
    let nxt = turn + 1;
    if (nxt === players) nxt = 0;
    const lack = lacks[nxt];
    let best = -1;
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
      const base = wp * PIPS[i] + (a === b ? wd : 0);
      if (a === left || b === left) {
        const nl = a === left ? b : a;
        let s = base + wf * popcount(h2 & (NUM[nl] | NUM[right]));
        const k = ((lack >> nl) & 1) + ((lack >> right) & 1);
        if (k) s += k === 2 ? wb : wl;
        if (s > best) {
          best = s;
          bestLow = low;
          bestL = nl;
          bestR = right;
        }
      }
      if (a === right || b === right) {
        const nr = a === right ? b : a;
        let s = base + wf * popcount(h2 & (NUM[left] | NUM[nr]));
        const k = ((lack >> left) & 1) + ((lack >> nr) & 1);
        if (k) s += k === 2 ? wb : wl;
        if (s > best) {
          best = s;
          bestLow = low;
          bestL = left;
          bestR = nr;
        }
      }
    }
    h ^= bestLow;
    hands[turn] = h;
    if (!h) return [turn];
    left = bestL;
    right = bestR;
    turn = nxt;
  }
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

  /** Other seats' slots as [seat, forbidden], most constrained first (allowed count, seat, age). */
  slotOrder() {
    const keyed = [];
    for (let seat = 0; seat < this.players; seat++) {
      if (seat === this.me) continue;
      this.slots[seat].forEach((f, age) => keyed.push([popcount(ALLOWED[f] & this.hidden), seat, age, f]));
    }
    keyed.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
    return keyed.map((k) => [k[1], k[3]]);
  }

  /** One deal of the hidden tiles consistent with everything known: [hands, bone]. */
  sample(order, rng) {
    for (let attempt = 0; attempt <= SAMPLE_TRIES; attempt++) {
      const relax = attempt === SAMPLE_TRIES;
      let pool = this.hidden;
      const hands = new Array(this.players).fill(0);
      hands[this.me] = this.hand;
      let ok = true;
      for (const [seat, f] of order) {
        let cand = relax ? pool : pool & ALLOWED[f];
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
        hands[seat] |= low;
        pool ^= low;
      }
      if (ok) {
        const bone = bits(pool);
        for (let j = bone.length - 1; j > 0; j--) {
          const k = rng.below(j + 1);
          const t = bone[j];
          bone[j] = bone[k];
          bone[k] = t;
        }
        return [hands, bone];
      }
    }
    throw new Error('unreachable: the relaxed attempt always succeeds');
  }
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
  for (const e of log) {
    const own = slots[e.seat];
    if (e.type === 'play') {
      const i = tileIndex(e.tile);
      const shows = (1 << TA[i]) | (1 << TB[i]);
      const k = own.findIndex((f) => !(f & shows));
      if (k >= 0) own.splice(k, 1);
      else if (own.length) own.pop();
      continue;
    }
    if (e.ends) {
      const gone = (1 << e.ends[0]) | (1 << e.ends[1]);
      for (let k = 0; k < own.length; k++) own[k] |= gone;
    }
    if (e.type === 'draw') own.push(0);
  }
  for (let s = 0; s < players; s++) {
    if (slots[s].length !== counts[s]) slots[s] = new Array(counts[s]).fill(0);
  }
  return new Knowledge({
    players, me, hand, left, right, counts, boneCount: view.boneyard_count, hidden, slots, passes: view.passes || 0,
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

// ---------------------------------------------------------------------------------------------
// The players (bots/players.py)

/** "mittel" weights (docs/bots.md). */
/** "stark": playouts per decision shared among the candidates, and the least samples. */
const PLAYOUTS = 1000;
const MIN_SAMPLES = 24;

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

function mittelScore(k, move, nextLacks) {
  const { pips: wp, follow: wf, double: wd, block: wb, lack: wl } = WEIGHTS;
  const i = Math.floor(move / 3);
  const [nl, nr] = after(k, move);
  const rest = k.hand & ~(1 << i);
  let score = wp * PIPS[i] + wf * popcount(rest & (NUM[nl] | NUM[nr]));
  if (TA[i] === TB[i]) score += wd;
  const lacked = ((nextLacks >> nl) & 1) + ((nextLacks >> nr) & 1);
  if (lacked === 2) score += wb;
  else if (lacked === 1) score += wl;
  return score;
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

function stark(view, k, rng) {
  const legal = view.legal;
  if (legal.length === 1) return 0;
  const cands = candidates(k, legal);
  if (cands.length === 1) return cands[0][0];
  const root = k.root();
  const moves = cands.map((c) => c[1]);
  if (k.players === 2 && k.boneCount === 0) {
    root.hands[1 - k.me] = k.hidden;
    const values = solve(root, moves, k.me);
    if (values !== null) return cands[values.indexOf(Math.max(...values))][0];
  }
  const samples = Math.max(MIN_SAMPLES, Math.floor(PLAYOUTS / cands.length));
  const order = k.slotOrder();
  const totals = new Array(cands.length).fill(0);
  const { me, players } = k;
  const lacks0 = [];
  for (let s = 0; s < players; s++) lacks0.push(k.publicLacks(s));
  for (let n = 0; n < samples; n++) {
    const [hands, bone] = k.sample(order, rng);
    moves.forEach((m, c) => {
      const r = new SimRound(players, hands.slice(), bone.slice(), root.left, root.right, root.turn, root.passes);
      r.apply(m);
      if (r.winners !== null) totals[c] += outcomeValue(r.winners, me);
      else {
        totals[c] += outcomeValue(
          playout(r.hands, r.bone, r.left, r.right, r.turn, r.passes, players, lacks0.slice()), me);
      }
    });
  }
  return cands[totals.indexOf(Math.max(...totals))][0];
}

/** The levels by name. */
export const LEVELS = Object.freeze({ leicht, mittel, stark, heaviest });

/**
 * Chooses an action for the seat whose view this is.
 * @param {object} view  a seat's view (docs/view.md) at that seat's turn.
 * @param {'leicht'|'mittel'|'stark'|'heaviest'} level
 * @param {number} seed  an integer; the decision depends on view, level and seed only.
 * @returns {object} a copy of one entry of `view.legal`.
 * @throws {Error} for an unknown level, a spectator's view, or a view with no legal action.
 */
export function decide(view, level, seed) {
  if (!Number.isSafeInteger(seed)) throw new Error(`the seed must be an integer within ±(2^53 - 1), not ${String(seed)}`);
  if (!Object.hasOwn(LEVELS, level)) throw new Error(`unknown level ${JSON.stringify(level)} (leicht, mittel, stark or heaviest)`);
  const legal = view.legal || [];
  if (!legal.length) throw new Error("no legal action in this view: it is not this seat's turn or the round is over");
  const k = knowledgeOf(view);
  const choice = LEVELS[level](view, k, new Mulberry32(seed));
  return { ...legal[choice] };
}
