// The committed deal in the browser (web/common/fair.js) against the vectors Python is held to
// (tests/vectors/fair/deals.json, docs/fair.md), and the engine dealing with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  CANONICAL_TILES, below, commitmentOf, dealOf, dealOrder, dealPlan, dealSwaps, isContribution, newContribution, newSeed, swapsRng,
} from '../../src/ziehdomino/web/common/fair.js';
import { dealRound, formatTile } from '../../src/ziehdomino/web/engine.js';

const VECTORS = JSON.parse(readFileSync(new URL('../vectors/fair/deals.json', import.meta.url), 'utf8'));
const SIZES = { 2: 7, 3: 5, 4: 5 };

for (const c of VECTORS.deals) {
  test(`deal vector ${c.id}`, async () => {
    assert.equal(await commitmentOf(c.seed), c.commitment);
    const got = await dealOf(c.seed, c.contributions, SIZES[c.contributions.length]);
    assert.deepEqual(got, { order: c.order, hands: c.hands, boneyard: c.boneyard, starter: c.starter });
  });
}

for (const c of VECTORS.below) {
  test(`below vector ${c.id}`, async () => {
    const numbers = c.numbers.slice();
    assert.equal(await below(() => numbers.shift(), c.n), c.expect);
    assert.equal(numbers.length, 0);
  });
}

test('the canonical order is 0|0, 0|1, …, 6|6', () => {
  assert.equal(CANONICAL_TILES.length, 28);
  assert.deepEqual(CANONICAL_TILES.slice(0, 8), ['0|0', '0|1', '0|2', '0|3', '0|4', '0|5', '0|6', '1|1']);
  assert.equal(CANONICAL_TILES[27], '6|6');
});

test('the engine deals the committed order through swapsRng', async () => {
  const c = VECTORS.deals[2];
  const round = dealRound(3, 1, swapsRng(await dealSwaps(c.seed, c.contributions)));
  assert.deepEqual(round.hands.map((h) => h.map(formatTile)), c.hands);
  assert.deepEqual(round.boneyard.map(formatTile), c.boneyard);
});

test('every contribution and its seat change the deal', async () => {
  const seed = newSeed();
  const a = newContribution();
  const b = newContribution();
  assert.notDeepEqual(await dealOrder(seed, [a, '']), await dealOrder(seed, [b, '']));
  assert.notDeepEqual(await dealOrder(seed, [a, '']), await dealOrder(seed, ['', a]));
  assert.deepEqual(await dealOrder(seed, [a, '']), await dealOrder(seed, [a, '']));
});

test('malformed seeds and contributions are refused', async () => {
  for (const bad of ['0'.repeat(31), 'A'.repeat(32), '<b>'.padEnd(32, '0'), null, 5]) {
    assert.equal(isContribution(bad), false);
    await assert.rejects(dealOrder('0'.repeat(64), ['', bad]), TypeError);
  }
  await assert.rejects(commitmentOf('F'.repeat(64)), TypeError);
  assert.equal(isContribution(''), true);
});

test('a committed match shows the seed only after the round, keeps it in its save and its record', async () => {
  const { newMatch, seatView, matchToState, matchFromState, matchApply, legalActions } = await import('../../src/ziehdomino/web/engine.js');
  const { roundRecord } = await import('../../src/ziehdomino/web/replay/replay.js');
  const c = VECTORS.deals[0];
  const fair = { commitment: c.commitment, seed: c.seed, contributions: c.contributions };
  const match = newMatch(2, { rng: swapsRng(await dealSwaps(c.seed, c.contributions)), firstStarter: 0, fair });
  assert.deepEqual(seatView(match, 0).fair, { commitment: c.commitment, seed: null, contributions: null });
  assert.ok(!JSON.stringify(seatView(match, 1)).includes(c.seed));
  assert.deepEqual(matchFromState(JSON.parse(JSON.stringify(matchToState(match)))).fair, fair);
  while (match.round.result === null) matchApply(match, match.round.turn, legalActions(match.round, match.round.turn)[0]);
  assert.deepEqual(seatView(match, null).fair, fair);
  assert.deepEqual(roundRecord(match).fair, fair);
  const bad = matchToState(match);
  bad.fair.contributions = ['x'];
  assert.throws(() => matchFromState(bad), /fair must be a proof/);
});

// ---- the check at a round's end and of a record (replay/fair-proof.js) ----------------------

class FakeStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

/** A committed two-seat round played to its end: its end view for seat 0, and its record. */
async function finishedRound(contributions = ['a'.repeat(32), '']) {
  const { newMatch, seatView, matchApply, legalActions } = await import('../../src/ziehdomino/web/engine.js');
  const { roundRecord } = await import('../../src/ziehdomino/web/replay/replay.js');
  const seed = newSeed();
  const fair = { commitment: await commitmentOf(seed), seed, contributions };
  const { swaps, starter } = await dealPlan(seed, contributions);
  const match = newMatch(2, { rng: swapsRng(swaps), firstStarter: starter, fair });
  let k = 0;
  while (match.round.result === null) {
    const legal = legalActions(match.round, match.round.turn);
    matchApply(match, match.round.turn, legal[k++ % legal.length]);
  }
  return { view: seatView(match, 0), record: roundRecord(match), fair };
}

const witnessOfFair = (fair, mine = null) => ({ seen: fair.commitment, promised: fair.commitment, mine });

test('an honest round end is confirmed, with the own contribution in its place', async () => {
  const { checkView, checkRecord } = await import('../../src/ziehdomino/web/replay/fair-proof.js');
  const { view, record, fair } = await finishedRound();
  const ok = await checkView(view, witnessOfFair(fair, { contribution: 'a'.repeat(32), confirmed: true }));
  assert.equal(ok.status, 'ok');
  assert.equal(ok.promised, true);
  assert.equal(ok.mine, 'in');
  assert.equal((await checkRecord(record)).status, 'ok');
  assert.equal((await checkRecord(JSON.parse(JSON.stringify({ ...record, fair: undefined })))).status, 'none');
});

test('every kind of tampering makes the check fail, naming why', async () => {
  const { checkView, checkRecord } = await import('../../src/ziehdomino/web/replay/fair-proof.js');
  const { view, record, fair } = await finishedRound();
  const witness = witnessOfFair(fair);
  const variants = [
    ['commitment', { ...view, fair: { ...fair, seed: newSeed() } }, witness],
    ['changed', view, { ...witness, promised: 'f'.repeat(64) }],
    ['changed', view, { ...witness, seen: 'f'.repeat(64) }],
    ['mine', view, { ...witness, mine: { contribution: 'b'.repeat(32), confirmed: true } }],
    ['mine', view, { ...witness, mine: { contribution: 'b'.repeat(32), confirmed: false } }],
    ['deal', { ...view, fair: { ...fair, contributions: ['c'.repeat(32), ''] } }, witness],
    ['deal', { ...view, hands: [view.hands[1], view.hands[0]] }, witness],
    ['shape', { ...view, fair: { ...fair, contributions: ['x'] } }, witness],
  ];
  for (const [reason, v, w] of variants) {
    const got = await checkView(v, w);
    assert.deepEqual([got.status, got.reason], ['failed', reason], reason);
  }
  const swapped = structuredClone(record);
  [swapped.deal.hands[0][0], swapped.deal.hands[1][0]] = [swapped.deal.hands[1][0], swapped.deal.hands[0][0]];
  assert.deepEqual([(await checkRecord(swapped)).status, (await checkRecord(swapped)).reason], ['failed', 'deal']);
  const restarted = { ...record, starter: 1 - record.starter, deal: { ...record.deal, turn: 1 - record.starter } };
  assert.equal((await checkRecord(restarted)).reason, 'deal'); // a first round opened by another seat
  assert.equal((await checkView({ ...view, starter: 1 - view.starter }, witness)).reason, 'deal');
  const reseeded = { ...record, fair: { ...fair, seed: newSeed() } };
  assert.equal((await checkRecord(reseeded)).reason, 'commitment');
});

test('a contribution that came after the deal is reported, not taken for tampering', async () => {
  const { checkView } = await import('../../src/ziehdomino/web/replay/fair-proof.js');
  const { view, fair } = await finishedRound(['', '']);
  const got = await checkView(view, witnessOfFair(fair, { contribution: 'a'.repeat(32), confirmed: false }));
  assert.deepEqual([got.status, got.mine], ['ok', 'late']);
});

test('the witness contributes once per pending deal and keeps what it saw of each round', async () => {
  const { noteState, witnessOf, joinContribution, joined } = await import('../../src/ziehdomino/web/sessions/deal-witness.js');
  const storage = new FakeStorage();
  const c1 = 'c'.repeat(64);
  const room = (commitment, contributed, you = 0) => ({ you, fair: { commitment, contributed } });
  assert.equal(noteState(storage, 'R', room(c1, [false, false], null), null), null); // a spectator sends nothing
  const give = noteState(storage, 'R', room(c1, [false, false]), null);
  assert.equal(give.commitment, c1);
  assert.ok(isContribution(give.contribution) && give.contribution !== '');
  assert.deepEqual(noteState(storage, 'R', room(c1, [false, false]), null), give); // the same one again
  assert.equal(noteState(storage, 'R', room(c1, [true, false]), null), null); // confirmed: nothing more to send
  const during = { round_number: 1, result: null, fair: { commitment: c1, seed: null, contributions: null } };
  noteState(storage, 'R', room(null, [false, false]), during);
  assert.deepEqual(witnessOf(storage, 'R', during), { seen: c1, promised: c1, mine: { contribution: give.contribution, confirmed: true } });
  // the join brings its own contribution, even when the round it deals was seen first
  const other = new FakeStorage();
  noteState(other, 'R', room(c1, [true, false], null), null);
  const given = joinContribution(other, 'R', room(c1, [true, false], null));
  noteState(other, 'R', room(null, [false, false], null), during);
  joined(other, 'R', given);
  assert.deepEqual(witnessOf(other, 'R', during).mine, { contribution: given.contribution, confirmed: true });
});

test('a seat whose answer named the deal (quick play) keeps its contribution, not a promise it never saw', async () => {
  const { noteState, witnessOf, joined } = await import('../../src/ziehdomino/web/sessions/deal-witness.js');
  const storage = new FakeStorage();
  const c = 'd'.repeat(64);
  const given = { commitment: c, contribution: 'a'.repeat(32) };
  joined(storage, 'R', given, { promised: false }); // the start page, before the table's page opens
  const during = { round_number: 1, result: null, fair: { commitment: c, seed: null, contributions: null } };
  noteState(storage, 'R', { you: 1, fair: { commitment: 'e'.repeat(64), contributed: [false, false] } }, during);
  assert.deepEqual(witnessOf(storage, 'R', during), { seen: c, promised: null, mine: { contribution: given.contribution, confirmed: true } });
});

test('the pending deal shows this seat its own contribution, sent and then accepted', async () => {
  const { noteState, pendingOf } = await import('../../src/ziehdomino/web/sessions/deal-witness.js');
  const storage = new FakeStorage();
  const c = 'e'.repeat(64);
  const room = (contributed) => ({ you: 1, fair: { commitment: c, contributed } });
  assert.equal(pendingOf(storage, 'R', { you: 1, fair: { commitment: null, contributed: [false, false] } }), null);
  const give = noteState(storage, 'R', room([false, false]), null);
  assert.deepEqual(pendingOf(storage, 'R', room([false, false])), { commitment: c, contribution: give.contribution, confirmed: false });
  assert.deepEqual(pendingOf(storage, 'R', room([false, true])), { commitment: c, contribution: give.contribution, confirmed: true });
  assert.deepEqual(pendingOf(new FakeStorage(), 'R', room([false, true])), { commitment: c, contribution: null, confirmed: false });
});
