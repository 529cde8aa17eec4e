/**
 * @file The levels: leicht, mittel, stark and the arena's yardsticks heaviest and stark-v1,
 * and `decide(view, level, seed)`, which gives one entry of `view.legal`, never reading the
 * clock: the same steps in the same order as Python's `bots/levels.py` (docs/bots.md; the
 * decision vectors tests/vectors/decisions.json hold the two equal).
 */
// @ts-check

import { knowledgeOf } from './knowledge.js';
import { LEFT, NUM, OPEN, PIPS, TA, TB, moveOf, popcount, tileIndex } from './masks.js';
import * as playouts from './playouts.js';
import { Mulberry32 } from './rng.js';
import { seeingDeals, slotOrder, uniformDeals, weighedDeals } from './sampling.js';
import { playScore } from './scores.js';
import { dealValues, solve } from './solve.js';
import { WEIGHTS } from './weights.js';

// A module constant rather than an imported binding for the playout called per deal (see playouts.js).
const { SimRound, playoutMask } = playouts;

const {
  // "stark-v1": playouts per decision shared among the candidates; "stark": fewer (its
  // playouts cost more), at two seats more; the fewest deals per candidate.
  playouts: PLAYOUTS, stark_playouts: STARK_PLAYOUTS, stark_playouts_2: STARK_PLAYOUTS_2, min_samples: MIN_SAMPLES,
  // "stark", two seats and at most EXACT_BONE tiles in the boneyard: each distinct deal is
  // solved exactly (dealValues) instead of played out, within EXACT_NODES positions per
  // decision; a deal that would take more is played out, and so is every deal after it.
  exact_bone: EXACT_BONE, exact_nodes: EXACT_NODES,
} = WEIGHTS.search;

/** Index of a highest score; ties broken uniformly with one rng.below call. */
function pickMax(scores, rng) {
  const top = Math.max(...scores);
  const best = [];
  scores.forEach((s, i) => s === top && best.push(i));
  return best.length > 1 ? best[rng.below(best.length)] : best[0];
}

/** A uniformly random legal action. */
function leicht(view, k, rng) {
  return rng.below(view.legal.length);
}

/** The heaviest fitting tile, ties at random; draw or pass only when it must. */
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
  const [nl, nr] = after(k, move);
  return playScore(k.hand, Math.floor(move / 3), nl, nr, nextLacks);
}

/** The best play by mittel's score, ties at random. */
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
 * Plays every candidate on one deal to the end, adding to `won` and `shared`: called as
 * `(hands, at, bone, nb, heavy)` by a source of deals (sampling.js); copies them. `searching`:
 * every seat plays out by the searching score (stark), else by mittel's; with two seats and a
 * small boneyard stark solves each distinct deal exactly instead, counting those samples in
 * `tally.exact`.
 */
function dealPlayer(k, moves, lacks0, won, shared, searching, tally) {
  const { me, players } = k;
  const srch = searching ? (1 << players) - 1 : 0;
  const h = new Int32Array(players);
  const lacks = new Int32Array(players);
  const b = new Int32Array(28);
  // Per candidate, the play applied once: [its tile's bit, the ends after it, the seat to act];
  // null for a draw or a pass (only in a hand-made view; the sim applies those).
  const plays = moves.map((m) => (m < 0 ? null : [1 << Math.floor(m / 3), ...after(k, m), (me + 1) % players]));
  // Two seats and a small boneyard: a deal (the other hand and the boneyard's order) leaves a
  // game of perfect information, and the sampled deals repeat; each distinct deal is solved
  // once, within a budget of positions, and counts as often as it was drawn.
  const exact = searching && players === 2 && k.boneCount > 0 && k.boneCount <= EXACT_BONE
    && moves.every((m) => m >= 0);
  const solved = new Map();
  const budget = [EXACT_NODES];
  return (hands, at, bone, nb, heavy) => {
    if (exact) {
      let key = `${hands[at + 1 - me]}`;
      for (let j = 0; j < nb; j++) key += `,${bone[j]}`;
      let values = solved.get(key);
      if (values === undefined) {
        values = dealValues(hands, at, bone, nb, me, plays, budget);
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
      const play = plays[c];
      let winners;
      if (play !== null) {
        const hand = h[me] & ~play[0];
        h[me] = hand;
        winners = hand ? playoutMask(h, b, nb, play[1], play[2], play[3], 0, players, lacks, heavy, srch) : 1 << me;
      } else {
        const r = new SimRound(players, Array.from(h), Array.from(b.subarray(0, nb)), k.left, k.right, me, k.passes);
        r.apply(moves[c]);
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
 * @typedef {{index: number, value?: number, won?: number, shared?: number, pips?: number,
 *   ends?: number[], keep?: number}} Candidate  One legal action as the search rates it (`analyse`
 *   adds `pips`, `ends` and `keep` to a play's).
 * @typedef {{choice: number, method: string, candidates: Candidate[], samples: number,
 *   exact?: number, next?: number, lacks?: object[]}} Found  What `search` finds (`analyse` adds
 *   `next` and `lacks`).
 */

/**
 * The search of stark-like levels (docs/bots.md): `deals(k, order, rng, samples, visit)`
 * (sampling.js) calls `visit` on every deal, played out by the searching score (`searching`:
 * stark, STARK_PLAYOUTS, at two seats STARK_PLAYOUTS_2) or by mittel's (PLAYOUTS). Returns
 * `{choice, method, candidates, samples}`; `method` "only", "same", "solve" (candidates have
 * `value` 0/1/2) or "sample" (`won`, `shared` of `samples`; `exact` of them solved exactly
 * instead of played out).
 * @returns {Found}
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
  const playouts = searching ? (k.players === 2 ? STARK_PLAYOUTS_2 : STARK_PLAYOUTS) : PLAYOUTS;
  const samples = Math.max(MIN_SAMPLES, Math.floor(playouts / cands.length));
  const won = new Array(cands.length).fill(0);
  const shared = new Array(cands.length).fill(0);
  const lacks0 = [];
  for (let s = 0; s < k.players; s++) lacks0.push(k.publicLacks(s));
  const tally = { exact: 0 };
  deals(k, slotOrder(k), rng, samples, dealPlayer(k, moves, lacks0, won, shared, searching, tally));
  let best = 0;
  for (let c = 1; c < cands.length; c++) if (2 * won[c] + shared[c] > 2 * won[best] + shared[best]) best = c;
  return { choice: cands[best][0], method: 'sample', samples, exact: tally.exact,
    candidates: cands.map(([index], c) => ({ index, won: won[c], shared: shared[c] })) };
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

/** For every other seat, the numbers the public log shows it lacks, each with its latest draw or pass at ends showing it. */
function knownLacks(view, k) {
  const out = [];
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
    out.push(known);
  }
  return out;
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
 * @throws {Error} as decide.
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
  found.lacks = knownLacks(view, k);
  return found;
}

/**
 * Arena only, never a level: stark-v1's search handed the other seats' real hands (`hands[s]`,
 * tiles "a|b"), only the boneyard's order drawn.
 * @throws {Error} as decide.
 */
export function decideSeeing(view, hands, seed) {
  checkInputs(view, 'stark', seed);
  const k = knowledgeOf(view);
  const masks = hands.map((h, s) => (s === k.me ? k.hand : h.reduce((m, t) => m | (1 << tileIndex(t)), 0)));
  return { ...view.legal[search(view, k, new Mulberry32(seed), seeingDeals(masks)).choice] };
}

/**
 * Chooses an action for the seat whose view this is.
 * @param {object} view  a seat's view (docs/view.md) at that seat's turn.
 * @param {'leicht'|'mittel'|'stark'|'heaviest'|'stark-v1'} level
 * @param {number} seed  an integer within ±(2^53 - 1); the decision depends on view, level and seed only.
 * @returns {object} a copy of one entry of `view.legal`.
 * @throws {Error} for an unknown level, a seed out of range, a spectator's view, an
 *   inconsistent view, or a view with no legal action.
 */
export function decide(view, level, seed) {
  checkInputs(view, level, seed);
  const k = knowledgeOf(view);
  const choice = LEVELS[level](view, k, new Mulberry32(seed));
  return { ...view.legal[choice] };
}
