/**
 * @file Dealing the hidden tiles consistently with what a seat knows, and weighing the deals
 * by the other seats' plays (docs/bots.md, "Sampling hidden deals", "Reading the plays"): the
 * same deals from the same generator calls as Python's `bots/sampling.py`.
 *
 * A source of deals is called as `deals(k, order, rng, samples, visit)` and calls
 * `visit(hands, at, bone, nb, heavy)` on each deal: hands in `hands[at + s]`, the boneyard
 * `bone[0 … nb-1]` (the next draw last), and the mask of the seats that play out as heaviest.
 */
// @ts-check

import * as masks from './masks.js';
import * as scores from './scores.js';
import { WEIGHTS } from './weights.js';

// Module constants rather than imported bindings in the hot loops (see playouts.js).
const { ALLOWED, ALL_MASK, NUM, PIPS, TA, TB, bitIndex, popcount } = masks;
const { playScore, searchScore } = scores;

const {
  sample_tries: SAMPLE_TRIES, raw_factor: RAW_FACTOR, weight_bits: WEIGHT_BITS, seat_bits: SEAT_BITS,
} = WEIGHTS.search;
const TWO16 = 65536;
/** LIKE[d]: the weight of a play d points below the best (docs/bots.md, "Reading the plays"). */
const { mult: LIKE_MULT, floor: LIKE_FLOOR, max_d: LIKE_MAX_D } = WEIGHTS.like;
const LIKE = [TWO16];
for (let d = 1; d <= LIKE_MAX_D; d++) LIKE.push(Math.max(LIKE_FLOOR, Math.floor((LIKE[d - 1] * LIKE_MULT) / TWO16)));
/**
 * The models (docs/bots.md): [x, y, z] scores a play x * mittel's score + y * pips + z * the
 * searching score. Unfrozen copies: V8 destructures a frozen array on a slow path.
 */
const MODELS = WEIGHTS.models.map((m) => m.slice());
/** The model whose seats play out as heaviest. */
const PIPS_MODEL = WEIGHTS.pips_model;

/**
 * Other seats' slots as [seat, forbidden, age], most constrained first (allowed count, seat,
 * age oldest first).
 */
export function slotOrder(k) {
  const keyed = [];
  for (let seat = 0; seat < k.players; seat++) {
    if (seat === k.me) continue;
    k.slots[seat].forEach((f, age) => keyed.push([popcount(ALLOWED[f] & k.hidden), seat, age, f]));
  }
  keyed.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
  return keyed.map((key) => [key[1], key[3], key[2]]);
}

/** The slot order as typed arrays for sampling: each slot's seat and the tiles it allows. */
function slotArrays(order) {
  return { seat: Int32Array.from(order, (o) => o[0]), allowed: Int32Array.from(order, (o) => ALLOWED[o[1]]) };
}

/**
 * One deal's hands to `out[at + s]` (the viewer's too), consistent with everything `k` knows:
 * each slot takes a uniformly chosen hidden tile it allows; a dead end restarts, and after
 * SAMPLE_TRIES failures the constraints are dropped. `slotTiles[j]`: the j-th slot's tile.
 */
function sampleInto(k, slots, rng, out, at, slotTiles) {
  const { seat: seatOf, allowed } = slots;
  const count = seatOf.length;
  const { players, me, hidden } = k;
  for (let attempt = 0; attempt <= SAMPLE_TRIES; attempt++) {
    const relax = attempt === SAMPLE_TRIES;
    let pool = hidden;
    for (let s = 0; s < players; s++) out[at + s] = 0;
    out[at + me] = k.hand;
    let ok = true;
    for (let j = 0; j < count; j++) {
      let cand = relax ? pool : pool & allowed[j];
      const n = popcount(cand);
      if (n === 0) {
        ok = false;
        break;
      }
      let pick = rng.below(n);
      while (pick) {
        cand &= cand - 1;
        pick -= 1;
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
function boneInto(k, hands, at, rng, bone) {
  let pool = k.hidden;
  for (let s = 0; s < k.players; s++) if (s !== k.me) pool &= ~hands[at + s];
  let nb = 0;
  while (pool) {
    const low = pool & -pool;
    bone[nb++] = bitIndex(low);
    pool ^= low;
  }
  for (let j = nb - 1; j > 0; j--) {
    const pick = rng.below(j + 1);
    const t = bone[j];
    bone[j] = bone[pick];
    bone[pick] = t;
  }
  return nb;
}

/** Deals weighed alike: every deal consistent with the draws and passes (stark-v1's). */
export function uniformDeals(k, order, rng, samples, visit) {
  const slots = slotArrays(order);
  const hands = new Int32Array(k.players);
  const slotTiles = new Int32Array(order.length);
  const bone = new Int32Array(28);
  for (let n = 0; n < samples; n++) {
    sampleInto(k, slots, rng, hands, 0, slotTiles);
    visit(hands, 0, bone, boneInto(k, hands, 0, rng, bone), 0);
  }
}

/** Deals with the other seats' real hands (`hands`, tile masks per seat), only the boneyard's order drawn. */
export function seeingDeals(hands) {
  return (k, order, rng, samples, visit) => {
    const bone = new Int32Array(28);
    for (let n = 0; n < samples; n++) visit(hands, 0, bone, boneInto(k, hands, 0, rng, bone), 0);
  };
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
 * Draws `raw` deals' hands to `drawn[n * players + s]` and returns, per deal, seat with
 * evidence (`seats`, ascending) and model, the product of that seat's plays' likelihoods
 * (`products[(n * ns + seat) * nm + model]`, integers below 2^33, exact in a Float64Array),
 * and each seat's largest product over the deals (`tops`). Each play's likelihoods are
 * memoized by hand in an open-addressing table.
 */
function drawWeighed(k, order, rng, ev, seats, raw, drawn) {
  const players = k.players;
  const ns = seats.length;
  const nm = MODELS.length;
  const nev = ev.length;
  const slotOf = Int32Array.from(ev, (e) => seats.indexOf(e.seat));
  const fixedOf = Int32Array.from(ev, (e) => e.fixed);
  const aliveOf = ev.map((e) => Int32Array.from(e.alive));
  const slots = slotArrays(order);
  const products = new Float64Array(raw * ns * nm).fill(4294967296);
  const tops = new Float64Array(ns);
  const slotTiles = new Int32Array(order.length);
  // The memo: per play, a table of 2^tableBits hands (0 = empty: a hand holds at least the tile played).
  const tableBits = Math.max(4, 32 - Math.clz32(2 * raw - 1));
  const size = 1 << tableBits;
  const keys = new Int32Array(nev * size);
  const values = new Int32Array(nev * size * nm);
  for (let n = 0; n < raw; n++) {
    sampleInto(k, slots, rng, drawn, n * players, slotTiles);
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
  return { products, tops };
}

/**
 * Each deal's weight (the product over the seats of the sum over the models of its scaled
 * products), cut to below 2^WEIGHT_BITS, with their `total`, and the mask of the seats that
 * play out as heaviest (`heavy`: the pips model has the highest sum over the deals).
 */
function dealWeights(products, tops, seats, raw) {
  const ns = seats.length;
  const nm = MODELS.length;
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
  return { weights, total, heavy };
}

/**
 * Deals weighed by the other seats' plays, resampled, and the seats that play out as heaviest
 * (docs/bots.md, "Reading the plays"): RAW_FACTOR * samples deals drawn, `samples` of them
 * taken by systematic resampling; without evidence, uniformDeals.
 */
export function weighedDeals(k, order, rng, samples, visit) {
  const ev = evidence(k, order);
  if (!ev.length) {
    uniformDeals(k, order, rng, samples, visit);
    return;
  }
  const players = k.players;
  const seats = [...new Set(ev.map((e) => e.seat))].sort((x, y) => x - y);
  const raw = RAW_FACTOR * samples;
  const drawn = new Int32Array(raw * players);
  const { products, tops } = drawWeighed(k, order, rng, ev, seats, raw, drawn);
  const { weights, total, heavy } = dealWeights(products, tops, seats, raw);
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
    visit(drawn, n * players, bone, boneInto(k, drawn, n * players, rng, bone), heavy);
  }
}
