/**
 * @file The check of a round's committed deal (docs/fair.md, "What the browser can vouch for"),
 * from a round's end or its record; loaded only when a round ends (it needs the rules).
 */
// @ts-check

import { handSize } from '../engine/deal.js';
import { commitmentOf, dealOf, isContribution, isSeed } from '../engine/fair.js';
import { replayRounds } from '../engine/replay.js';

/**
 * @typedef {object} ProofCheck
 * @property {'ok'|'partial'|'failed'|'none'} status  docs/fair.md's verdicts; `none`: dealt without a commitment.
 * @property {string|null} reason  why it failed: a key under `fair.why.` in common/i18n.js.
 * @property {object|null} proof  `{commitment, seed, contributions}`
 * @property {boolean} promised  the commitment was held before the deal.
 * @property {boolean} byJoin  it was named by the answer of this browser's join that dealt it.
 * @property {'in'|'late'|null} mine  this seat's contribution: in its place, or not in time.
 * @property {string[]} missing  with `partial`: keys under `fair.partial.` in common/i18n.js.
 * @property {number} ms  what the check took.
 * @property {string} [before]  with reason `changed`: the commitment received before the deal.
 */

const tileKey = (text) => text.split('|').map(Number).sort((a, b) => a - b).join('|');
const sameTiles = (a, b) => Array.isArray(a) && a.length === b.length && a.every((t, i) => tileKey(t) === tileKey(b[i]));

/**
 * A failed check: `reason` (a key under `fair.why.`), with `extra` fields over the defaults.
 * @param {string} reason
 * @param {object|null} proof
 * @param {number} started  `performance.now()` when the check began.
 * @param {Partial<ProofCheck>} [extra]
 * @returns {ProofCheck}
 */
function failed(reason, proof, started, extra = {}) {
  return { status: 'failed', reason, proof, promised: false, byJoin: false, mine: null, missing: [], ms: performance.now() - started, ...extra };
}

/** The proof's shape and its commitment; a failure reason or null. */
async function commitmentProblem(proof, players) {
  if (!proof || !isSeed(proof.seed) || !isSeed(proof.commitment) || !Array.isArray(proof.contributions)
      || proof.contributions.length !== players || !proof.contributions.every(isContribution)) return 'shape';
  return (await commitmentOf(proof.seed)) === proof.commitment ? null : 'commitment';
}

/** This seat's contribution in the proof: 'in', 'late' (missing, and the server need not have
 * held it), null (none of its own), or the failure 'mine' (another one, or one this browser
 * never sent although it was there before the deal).
 * @returns {'in'|'late'|'mine'|null}
 */
function ownContribution(proof, seat, mine, waited) {
  if (!Number.isInteger(seat)) return null;
  if (!mine) return waited && proof.contributions[seat] !== '' ? 'mine' : null;
  const theirs = proof.contributions[seat];
  if (theirs === mine.contribution) return 'in';
  return theirs === '' && !mine.confirmed ? 'late' : 'mine';
}

/** Whether the round's public log, played on the recomputed deal by the rules, ends in
 * exactly the hands the view shows. */
function dealGivesRound(view, deal) {
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
    return hands.every((hand, s) => sameTiles(view.hands[s], hand));
  } catch {
    return false;
  }
}

/** What keeps a deal that follows from its proof from being vouched for (docs/fair.md). */
function missingFor(view, witness, held, mine) {
  if (witness.own) return [];
  const missing = [];
  if (!held) missing.push('notPromised');
  if (!Number.isInteger(view.seat)) missing.push('spectator');
  else if (mine !== 'in') missing.push(mine === 'late' ? 'late' : 'noContribution');
  return missing;
}

/**
 * Checks a finished round's view against what this browser saw before the deal (`witness`; a
 * local game passes its own, `own: true`); the verdicts and failures are docs/fair.md's.
 * @param {object} view
 * @param {import('../sessions/deal-witness.js').Witness} witness
 * @returns {Promise<ProofCheck>}
 */
export async function checkView(view, witness) {
  const started = performance.now();
  const proof = view.fair ?? null;
  const held = witness.promised ?? null;
  if (!proof && !held && !witness.seen) return { status: 'none', reason: null, proof: null, promised: false, byJoin: false, mine: null, missing: [], ms: 0 };
  const promised = Boolean(held) && held === proof?.commitment;
  if (!proof || proof.seed === null || proof.seed === undefined) return failed('noseed', proof, started, { promised });
  const problem = await commitmentProblem(proof, view.players);
  if (problem) return failed(problem, proof, started, { promised });
  if ((witness.seen && witness.seen !== proof.commitment) || (held && held !== proof.commitment)) {
    return failed('changed', proof, started, { before: held ?? witness.seen });
  }
  if (witness.waited && !held && !witness.own) return failed('unannounced', proof, started);
  // a computer adds no contribution: one in its place is a value the server could have chosen
  if ((witness.computers ?? []).some((s) => proof.contributions[s] !== '')) return failed('computer', proof, started, { promised });
  const mine = ownContribution(proof, view.seat, witness.mine, witness.waited && !witness.own);
  if (mine === 'mine') return failed('mine', proof, started, { promised });
  const deal = await dealOf(proof.seed, proof.contributions, handSize(view.players));
  if (view.round_number === 1 && view.starter !== deal.starter) return failed('deal', proof, started, { promised, mine });
  if (view.round_number > 1 && Number.isInteger(witness.previous) && view.starter !== (witness.previous + 1) % view.players) {
    return failed('opener', proof, started, { promised, mine });
  }
  if (!dealGivesRound(view, deal)) return failed('deal', proof, started, { promised, mine });
  const missing = missingFor(view, witness, held, mine);
  return { status: missing.length ? 'partial' : 'ok', reason: null, proof, promised, byJoin: promised && Boolean(witness.byJoin),
    mine, missing, ms: performance.now() - started };
}

/**
 * Checks a round's record (docs/replay.md): the commitment, and that the recomputed deal has the
 * record's hands and drawn tiles. The record must also replay for its round to be shown.
 * @param {object} record
 * @returns {Promise<ProofCheck>}
 */
export async function checkRecord(record) {
  const started = performance.now();
  const proof = record?.fair;
  if (!proof) return { status: 'none', reason: null, proof: null, promised: false, byJoin: false, mine: null, missing: [], ms: 0 };
  const problem = await commitmentProblem(proof, record.players);
  if (problem) return failed(problem, proof, started);
  const deal = await dealOf(proof.seed, proof.contributions, handSize(record.players));
  const drawn = record.deal?.boneyard ?? [];
  const same = (record.round !== 1 || record.starter === deal.starter) && Array.isArray(record.deal?.hands) && record.deal.hands.length === deal.hands.length
    && record.deal.hands.every((hand, s) => sameTiles(hand, deal.hands[s]))
    && sameTiles(drawn, deal.boneyard.slice(0, drawn.length)) && record.undrawn === deal.boneyard.length - drawn.length;
  if (!same) return failed('deal', proof, started);
  return { status: 'ok', reason: null, proof, promised: false, byJoin: false, mine: null, missing: [], ms: performance.now() - started };
}
