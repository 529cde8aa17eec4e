/**
 * @file The check of a round's committed deal (docs/fair.md, "When what is sent"): the revealed
 * seed against the commitment, the commitment against the one announced before the deal, this
 * seat's own contribution in its place, and the deal recomputed from seed and contributions
 * against what the round showed: the round's end (its public log played on the recomputed deal
 * by the rules must end in exactly the hands and result shown) or a round's record (its dealt
 * hands and drawn tiles; a match's first round, its starter too). Loaded by the table only when a round ends (it needs the rules).
 */

import { commitmentOf, dealOf, isContribution, isSeed } from '../common/fair.js';
import { handSize } from '../engine.js';
import { replayRounds } from './replay.js';

/**
 * @typedef {object} ProofCheck
 * @property {'ok'|'failed'|'none'} status  `none`: the round was dealt without a commitment.
 * @property {string|null} reason  why it failed: a key under `fair.why.` in common/i18n.js.
 * @property {{commitment: string, seed: string, contributions: string[]}|null} proof
 * @property {boolean} promised  the commitment was received before the deal.
 * @property {'in'|'late'|null} mine  this seat's contribution: in its place, or not sent in time.
 * @property {number} ms  what the check took.
 * @property {string} [before]  with reason `changed`: the commitment received before the deal.
 */

const tileKey = (text) => text.split('|').map(Number).sort((a, b) => a - b).join('|');
const sameTiles = (a, b) => Array.isArray(a) && a.length === b.length && a.every((t, i) => tileKey(t) === tileKey(b[i]));

function failed(reason, proof, started, extra = {}) {
  return { status: 'failed', reason, proof, promised: false, mine: null, ms: performance.now() - started, ...extra };
}

/** The proof's shape and its commitment; a failure reason or null. */
async function commitmentProblem(proof, players) {
  if (!proof || !isSeed(proof.seed) || !isSeed(proof.commitment) || !Array.isArray(proof.contributions)
      || proof.contributions.length !== players || !proof.contributions.every(isContribution)) return 'shape';
  return (await commitmentOf(proof.seed)) === proof.commitment ? null : 'commitment';
}

/**
 * Checks a finished round as its end shows it (the seat's view) against what this browser saw
 * before (`witness`, sessions/deal-witness.js; a local game passes its own).
 * @param {object} view  the seat's view of a finished round (docs/view.md), `fair` revealed.
 * @param {{seen: string|null, promised: string|null, mine: {contribution: string, confirmed: boolean}|null}} witness
 * @returns {Promise<ProofCheck>}
 */
export async function checkView(view, witness) {
  const started = performance.now();
  const proof = view.fair;
  if (!proof) return { status: 'none', reason: null, proof: null, promised: false, mine: null, ms: 0 };
  const promised = Boolean(witness.promised) && witness.promised === proof.commitment;
  const problem = await commitmentProblem(proof, view.players);
  if (problem) return failed(problem, proof, started, { promised });
  if ((witness.seen && witness.seen !== proof.commitment) || (witness.promised && witness.promised !== proof.commitment)) {
    return failed('changed', proof, started, { before: witness.promised ?? witness.seen });
  }
  let mine = null;
  if (witness.mine && view.seat !== null) {
    const theirs = proof.contributions[view.seat];
    if (theirs === witness.mine.contribution) mine = 'in';
    else if (theirs === '' && !witness.mine.confirmed) mine = 'late';
    else return failed('mine', proof, started, { promised });
  }
  const deal = await dealOf(proof.seed, proof.contributions, handSize(view.players));
  if (view.round_number === 1 && view.starter !== deal.starter) return failed('deal', proof, started, { promised, mine });
  const draws = view.log.filter((e) => e.type === 'draw').length;
  const record = {
    format: 1, round: view.round_number, players: view.players, starter: view.starter,
    deal: { players: view.players, hands: deal.hands, boneyard: deal.boneyard.slice(0, draws), line: [], turn: view.starter, passes: 0 },
    undrawn: deal.boneyard.length - draws,
    actions: view.log.map((e) => (e.type === 'play' ? { type: 'play', tile: e.tile, end: e.end } : { type: e.type })),
    result: view.result,
  };
  try {
    const { states } = replayRounds(record);
    const end = states[states.length - 1];
    const hands = end.hands.map((hand) => hand.map(([a, b]) => `${a}|${b}`));
    if (!hands.every((hand, s) => sameTiles(view.hands[s], hand))) return failed('deal', proof, started, { promised, mine });
  } catch {
    return failed('deal', proof, started, { promised, mine });
  }
  return { status: 'ok', reason: null, proof, promised, mine, ms: performance.now() - started };
}

/**
 * Checks a round's record (docs/replay.md, a replay page or file): the commitment, and that the
 * deal recomputed from seed and contributions has the record's hands and drawn tiles, with the
 * rest never drawn. The record itself must replay (`replayRounds`) for its round to be shown.
 * @param {object} record
 * @returns {Promise<ProofCheck>}
 */
export async function checkRecord(record) {
  const started = performance.now();
  const proof = record?.fair;
  if (!proof) return { status: 'none', reason: null, proof: null, promised: false, mine: null, ms: 0 };
  const problem = await commitmentProblem(proof, record.players);
  if (problem) return failed(problem, proof, started);
  const deal = await dealOf(proof.seed, proof.contributions, handSize(record.players));
  const drawn = record.deal?.boneyard ?? [];
  const same = (record.round !== 1 || record.starter === deal.starter) && Array.isArray(record.deal?.hands) && record.deal.hands.length === deal.hands.length
    && record.deal.hands.every((hand, s) => sameTiles(hand, deal.hands[s]))
    && sameTiles(drawn, deal.boneyard.slice(0, drawn.length)) && record.undrawn === deal.boneyard.length - drawn.length;
  if (!same) return failed('deal', proof, started);
  return { status: 'ok', reason: null, proof, promised: false, mine: null, ms: performance.now() - started };
}
