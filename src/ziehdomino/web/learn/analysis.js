/**
 * @file A finished round's analysis (docs/analysis.md), the twin of Python's
 * `ziehdomino/analysis.py`: Stark's estimates from the seat's view at each decision, never the
 * hidden tiles. Pure; the browser runs it a decision at a time (analysis-panel.js).
 */
// @ts-check

import { copyEntry, legalActions } from '../engine/round.js';
import { formatOriented, formatTile } from '../engine/tiles.js';
import { analyse } from '../bots/levels.js';
import { ALL_MASK, tileIndex } from '../bots/masks.js';
import { mixSeed } from '../bots/rng.js';
import { exactValue } from '../bots/solve.js';
import { replayRounds } from '../engine/replay.js';

/** Points (of 100) a decision loses to be a "Fehler" (blunder). */
export const BLUNDER = 10;
/** Points a decision loses to be an "Ungenauigkeit" (inaccuracy). */
export const INACCURACY = 4;
/** The first part of every decision's seed. */
export const SEED = 2029;
/** Positions the exact solution of one decision may visit, all candidates together. */
export const EXACT_BUDGET = 400000;

/** The seed of the search at the decision before action number `step`. */
export function decisionSeed(step) {
  return mixSeed(SEED, step);
}

/**
 * `seat`'s view (docs/view.md) of a replayed state `round`, whose boneyard holds only the tiles
 * drawn later and `undrawn` more behind them: what that seat knew at that moment.
 */
export function decisionView(round, undrawn, seat) {
  return {
    version: 0, players: round.players, seat, round_number: 1, starter: round.starter,
    line: round.line.map(formatOriented), ends: round.left === null ? null : [round.left, round.right],
    hand: round.hands[seat].map(formatTile), hand_counts: round.hands.map((h) => h.length),
    boneyard_count: round.boneyard.length + undrawn, turn: round.turn, passes: round.passes,
    legal: legalActions(round, seat), log: (round.log ?? []).map(copyEntry), result: null, hands: null, pips: null,
    match: { wins: new Array(round.players).fill(0), shared: new Array(round.players).fill(0), next_starter: 0 },
  };
}

function endsAfter(left, right, action) {
  const a = Number(action.tile[0]);
  const b = Number(action.tile[2]);
  if (action.end === 'left') return [a === left ? b : a, right];
  return [left, a === right ? b : a];
}

/**
 * The exact value (0 lost, 1 shared, 2 won alone) for the seat of `view` (two seats, the
 * boneyard empty) of each play in `actions`; null past EXACT_BUDGET positions.
 */
export function exactValues(view, actions) {
  const me = view.seat;
  const hand = view.hand.reduce((m, t) => m | (1 << tileIndex(t)), 0);
  const line = view.line.reduce((m, t) => m | (1 << tileIndex(t)), 0);
  const other = ALL_MASK & ~hand & ~line;
  const [left, right] = view.ends;
  const budget = [EXACT_BUDGET];
  const out = [];
  for (const action of actions) {
    const rest = hand & ~(1 << tileIndex(action.tile));
    if (!rest) {
      out.push(2);
      continue;
    }
    const [nl, nr] = endsAfter(left, right, action);
    const h0 = me === 0 ? rest : other;
    const h1 = me === 0 ? other : rest;
    out.push(exactValue(h0, h1, [], 0, nl, nr, 1 - me, 0, me, -1, 3, budget));
  }
  return budget[0] >= 0 ? out : null;
}

function played(legal, indexes, action) {
  const same = (a) => a.type === action.type && a.tile === action.tile && (a.end ?? null) === (action.end ?? null);
  const c = indexes.findIndex((i) => same(legal[i]));
  return c >= 0 ? c : indexes.findIndex((i) => legal[i].tile === action.tile);
}

/**
 * The analysis of one decision (Python's `analyse_decision`): `{step, seat, method, moves:
 * [{tile, end, score, of}], played, best, chance_played, chance_best, loss, mark}`, or null when
 * the seat had no real choice.
 */
export function analyseDecision(view, action, step) {
  if (view.legal.length < 2) return null;
  const found = analyse(view, decisionSeed(step));
  if (found.method === 'only' || found.method === 'same') return null;
  const indexes = found.candidates.map((c) => c.index);
  const actions = indexes.map((i) => view.legal[i]);
  const exact = view.players === 2 && view.boneyard_count === 0 ? exactValues(view, actions) : null;
  let method = 'exact';
  let of = 2;
  let scores;
  if (exact !== null) scores = exact;
  else if (found.method === 'solve') scores = found.candidates.map((c) => c.value);
  else {
    method = 'sample';
    of = 2 * found.samples;
    scores = found.candidates.map((c) => 2 * c.won + c.shared);
  }
  const p = played(view.legal, indexes, action);
  const best = scores.indexOf(Math.max(...scores));
  const chancePlayed = (100 * scores[p]) / of;
  const chanceBest = (100 * scores[best]) / of;
  const loss = chanceBest - chancePlayed;
  const mark = loss >= BLUNDER ? 'fehler' : loss >= INACCURACY ? 'ungenau' : null;
  const moves = actions.map((a, c) => ({ tile: a.tile, end: a.end, score: scores[c], of }));
  const out = {
    step, seat: view.seat, method, moves, played: p, best, chance_played: chancePlayed, chance_best: chanceBest, loss, mark,
  };
  // what the words need (reasons.js), kept out of the numbers that Python's twin compares
  Object.defineProperty(out, 'search', { value: found, enumerable: false });
  Object.defineProperty(out, 'view', { value: view, enumerable: false });
  return out;
}

/**
 * The decisions of `seat` in a finished round's `record` (docs/replay.md) to analyse: `[{step,
 * view, action}]` in the order played, each view the seat's at that moment.
 * @throws {PositionError} for a record the rules refuse; RangeError for a seat not at the table.
 */
export function decisionsOf(record, seat) {
  const { states, undrawn } = replayRounds(record);
  if (!Number.isInteger(seat) || seat < 0 || seat >= record.players) throw new RangeError(`no seat ${seat}`);
  const out = [];
  for (let step = 0; step < states.length - 1; step++) {
    if (states[step].turn !== seat) continue;
    const view = decisionView(states[step], undrawn, seat);
    if (view.legal.length >= 2) out.push({ step, view, action: record.actions[step] });
  }
  return out;
}

/** Every analysed decision of `seat` in `record` at once (Python's `analyse_round`). */
export function analyseRound(record, seat) {
  return decisionsOf(record, seat).map((d) => analyseDecision(d.view, d.action, d.step)).filter(Boolean);
}
