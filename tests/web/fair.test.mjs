// The committed deal in the browser (web/engine/fair.js) against the vectors Python is held to
// (tests/vectors/fair/deals.json, docs/fair.md), and the engine dealing with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  CANONICAL_TILES, below, commitmentOf, dealOf, dealOrder, dealPlan, dealSwaps, isContribution, newContribution, newSeed, swapsRng,
} from '../../src/ziehdomino/web/engine/fair.js';
import { dealRound, formatTile } from '../../src/ziehdomino/web/engine/index.js';

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
  const { newMatch, seatView, matchToState, matchFromState, matchApply, legalActions } = await import('../../src/ziehdomino/web/engine/index.js');
  const { roundRecord } = await import('../../src/ziehdomino/web/engine/replay.js');
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
  const { newMatch, seatView, matchApply, legalActions } = await import('../../src/ziehdomino/web/engine/index.js');
  const { roundRecord } = await import('../../src/ziehdomino/web/engine/replay.js');
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

const witnessOfFair = (fair, mine = null, extra = {}) => ({ seen: fair.commitment, promised: fair.commitment, byJoin: false,
  waited: true, mine, previous: null, ...extra });
const OWN = (c = 'a'.repeat(32)) => ({ contribution: c, confirmed: true });

test('an honest round end is verified only with the commitment held before and the own contribution in it', async () => {
  const { checkView, checkRecord } = await import('../../src/ziehdomino/web/replay/fair-proof.js');
  const { view, record, fair } = await finishedRound();
  const ok = await checkView(view, witnessOfFair(fair, OWN()));
  assert.deepEqual([ok.status, ok.promised, ok.mine, ok.missing], ['ok', true, 'in', []]);
  assert.equal((await checkRecord(record)).status, 'ok');
  assert.equal((await checkRecord(JSON.parse(JSON.stringify({ ...record, fair: undefined })))).status, 'none');
  // the answer of this browser's own join that dealt the round named the commitment
  const byJoin = await checkView(view, witnessOfFair(fair, OWN(), { byJoin: true, waited: false }));
  assert.deepEqual([byJoin.status, byJoin.byJoin], ['ok', true]);
});

test('a deal that follows from its proof but that this browser cannot vouch for is only partly verified', async () => {
  const { checkView } = await import('../../src/ziehdomino/web/replay/fair-proof.js');
  const { view, fair } = await finishedRound();
  const cases = [
    [['notPromised'], view, witnessOfFair(fair, OWN(), { promised: null, waited: false })], // seated as it was dealt
    [['noContribution'], view, witnessOfFair(fair, null, { waited: false })],
    [['spectator'], { ...view, seat: null }, witnessOfFair(fair, null)],
    [['notPromised', 'noContribution'], view, { seen: null, promised: null, byJoin: false, waited: false, mine: null, previous: null }],
  ];
  for (const [missing, v, w] of cases) {
    const got = await checkView(v, w);
    assert.deepEqual([got.status, got.missing], ['partial', missing], missing.join());
  }
  const { view: lateView, fair: lateFair } = await finishedRound(['', '']);
  const late = await checkView(lateView, witnessOfFair(lateFair, { contribution: 'a'.repeat(32), confirmed: false }));
  assert.deepEqual([late.status, late.mine, late.missing], ['partial', 'late', ['late']]);
  // a local game: the browser made the seed itself
  const local = await checkView(view, { ...witnessOfFair(fair, null), own: true });
  assert.equal(local.status, 'ok');
});

test('every kind of tampering makes the check fail, naming why', async () => {
  const { checkView, checkRecord } = await import('../../src/ziehdomino/web/replay/fair-proof.js');
  const { view, record, fair } = await finishedRound();
  const witness = witnessOfFair(fair, OWN());
  const variants = [
    ['commitment', { ...view, fair: { ...fair, seed: newSeed() } }, witness],
    ['noseed', { ...view, fair: { ...fair, seed: null, contributions: null } }, witness],
    ['noseed', { ...view, fair: null }, witness],
    ['noseed', { ...view, fair: { ...fair, seed: null, contributions: null } }, { ...witness, promised: null, waited: false }],
    ['unannounced', view, { ...witness, promised: null }],
    ['changed', view, { ...witness, promised: 'f'.repeat(64) }],
    ['changed', view, { ...witness, seen: 'f'.repeat(64) }],
    ['mine', view, { ...witness, mine: { contribution: 'b'.repeat(32), confirmed: true } }],
    ['mine', view, { ...witness, mine: { contribution: 'b'.repeat(32), confirmed: false } }],
    ['deal', { ...view, fair: { ...fair, contributions: ['c'.repeat(32), ''] } }, witnessOfFair(fair, null, { waited: false })],
    ['deal', { ...view, hands: [view.hands[1], view.hands[0]] }, witness],
    ['shape', { ...view, fair: { ...fair, contributions: ['x'] } }, witness],
    ['opener', { ...view, round_number: 2 }, { ...witness, previous: view.starter }],
  ];
  for (const [reason, v, w] of variants) {
    const got = await checkView(v, w);
    assert.deepEqual([got.status, got.reason], ['failed', reason], reason);
  }
  // a computer's seat with a contribution: a value the server could have ground the deal with
  const { view: ground, fair: groundFair } = await finishedRound(['a'.repeat(32), 'c'.repeat(32)]);
  const grind = await checkView(ground, witnessOfFair(groundFair, OWN(), { computers: [1] }));
  assert.deepEqual([grind.status, grind.reason], ['failed', 'computer']);
  assert.equal((await checkView(ground, witnessOfFair(groundFair, OWN(), { computers: [] }))).status, 'ok');
  // a contribution in this seat's place that this browser never sent, though it was there
  const forged = await checkView(view, witnessOfFair(fair, null));
  assert.deepEqual([forged.status, forged.reason], ['failed', 'mine']);
  const { view: dropped, fair: droppedFair } = await finishedRound(['', '']);
  const confirmedButMissing = await checkView(dropped, witnessOfFair(droppedFair, OWN()));
  assert.deepEqual([confirmedButMissing.status, confirmedButMissing.reason], ['failed', 'mine']);
  assert.equal((await checkView({ ...view, round_number: 2 }, { ...witness, previous: 1 - view.starter })).status, 'ok');
  const swapped = structuredClone(record);
  [swapped.deal.hands[0][0], swapped.deal.hands[1][0]] = [swapped.deal.hands[1][0], swapped.deal.hands[0][0]];
  assert.deepEqual([(await checkRecord(swapped)).status, (await checkRecord(swapped)).reason], ['failed', 'deal']);
  const restarted = { ...record, starter: 1 - record.starter, deal: { ...record.deal, turn: 1 - record.starter } };
  assert.equal((await checkRecord(restarted)).reason, 'deal'); // a first round opened by another seat
  assert.equal((await checkView({ ...view, starter: 1 - view.starter }, witness)).reason, 'deal');
  const reseeded = { ...record, fair: { ...fair, seed: newSeed() } };
  assert.equal((await checkRecord(reseeded)).reason, 'commitment');
  const none = await checkView({ ...view, fair: null }, { seen: null, promised: null, byJoin: false, waited: false, mine: null, previous: null });
  assert.equal(none.status, 'none'); // a round dealt before deals were committed
});

const ROOM = (commitment, contributed, you = 0, seats = undefined) => ({ you, seats, fair: { commitment, contributed } });
const DURING = (c, round = 1, starter = 0) => ({ round_number: round, result: null, starter, fair: { commitment: c, seed: null, contributions: null } });
const ENDED = (c, round = 1, starter = 0) => ({ round_number: round, result: { kind: 'domino' }, starter, fair: { commitment: c, seed: 's', contributions: [] } });

test('the witness contributes once per pending deal and keeps what it saw of each round', async () => {
  const { noteState, witnessOf, joinContribution, joined } = await import('../../src/ziehdomino/web/sessions/deal-witness.js');
  const storage = new FakeStorage();
  const c1 = 'c'.repeat(64);
  assert.equal(noteState(storage, 'R', ROOM(c1, [false, false], null), null), null); // a spectator sends nothing
  const give = noteState(storage, 'R', ROOM(c1, [false, false]), null);
  assert.equal(give.commitment, c1);
  assert.ok(isContribution(give.contribution) && give.contribution !== '');
  assert.deepEqual(noteState(storage, 'R', ROOM(c1, [false, false]), null), give); // the same one again
  assert.equal(noteState(storage, 'R', ROOM(c1, [true, false]), null), null); // confirmed: nothing more to send
  noteState(storage, 'R', ROOM(null, [false, false]), DURING(c1, 1, 1));
  assert.deepEqual(witnessOf(storage, 'R', DURING(c1)), { seen: c1, promised: c1, byJoin: false, waited: true,
    mine: { contribution: give.contribution, confirmed: true }, previous: null });
  // the join brings its own contribution, even when the round it deals was seen first
  const other = new FakeStorage();
  noteState(other, 'R', ROOM(c1, [true, false], null), null);
  const given = joinContribution(other, 'R', ROOM(c1, [true, false], null));
  noteState(other, 'R', ROOM(null, [false, false], null), DURING(c1));
  joined(other, 'R', given);
  assert.deepEqual(witnessOf(other, 'R', DURING(c1)).mine, { contribution: given.contribution, confirmed: true });
});

test('the next round remembers the opener of the one before, and a pending deal only for its own round', async () => {
  const { noteState, witnessOf } = await import('../../src/ziehdomino/web/sessions/deal-witness.js');
  const storage = new FakeStorage();
  const [c1, c2, c4] = ['1'.repeat(64), '2'.repeat(64), '4'.repeat(64)];
  noteState(storage, 'R', ROOM(c1, [true, false]), null);
  noteState(storage, 'R', ROOM(null, [false, false]), DURING(c1, 1, 1));
  noteState(storage, 'R', ROOM(c2, [false, false]), ENDED(c1, 1, 1));
  noteState(storage, 'R', ROOM(null, [false, false]), DURING(c2, 2, 0));
  const second = witnessOf(storage, 'R', DURING(c2, 2, 0));
  assert.deepEqual([second.promised, second.waited, second.previous], [c2, true, 1]);
  // away for round 3: round 4's witness takes no older commitment for its own, and no opener
  noteState(storage, 'R', ROOM(null, [false, false]), DURING(c4, 4, 1));
  assert.deepEqual(witnessOf(storage, 'R', DURING(c4, 4, 1)), { seen: c4, promised: null, byJoin: false, waited: false, mine: null, previous: null });
});

test('a contribution sent before this page asked for the next round on one socket must be in that deal', async () => {
  const { noteState, witnessOf, sent, readied } = await import('../../src/ziehdomino/web/sessions/deal-witness.js');
  const c2 = '2'.repeat(64);
  const run = (readyOn, dealtOn) => {
    const storage = new FakeStorage();
    noteState(storage, 'R', ROOM(null, [false, false]), DURING('1'.repeat(64)));
    const give = noteState(storage, 'R', ROOM(c2, [false, false]), ENDED('1'.repeat(64)), { socket: 's1' });
    sent(storage, 'R', c2, 's1');
    readied(storage, 'R', readyOn);
    noteState(storage, 'R', ROOM(null, [false, false]), DURING(c2, 2), { socket: dealtOn });
    return [witnessOf(storage, 'R', DURING(c2, 2)).mine, give.contribution];
  };
  const [same, given] = run('s1', 's1');
  assert.deepEqual(same, { contribution: given, confirmed: true });
  assert.equal(run('s1', 's2')[0].confirmed, false); // the deal came on another socket: it may have come first
  assert.equal(run('s2', 's2')[0].confirmed, false); // asked on a socket that never carried the contribution
});

test('a seat whose own join dealt the round holds the commitment its answer named', async () => {
  const { noteState, witnessOf, joined } = await import('../../src/ziehdomino/web/sessions/deal-witness.js');
  const storage = new FakeStorage();
  const c = 'd'.repeat(64);
  const given = { commitment: c, contribution: 'a'.repeat(32) };
  joined(storage, 'R', given, { dealt: true }); // the start page, before the table's page opens
  noteState(storage, 'R', { you: 1, fair: { commitment: null, contributed: [false, false] } }, DURING(c));
  assert.deepEqual(witnessOf(storage, 'R', DURING(c)), { seen: c, promised: c, byJoin: true, waited: false,
    mine: { contribution: given.contribution, confirmed: true }, previous: null });
});

test('a person taking a computer\'s seat contributes for that seat while watching', async () => {
  const { noteState, pendingOf } = await import('../../src/ziehdomino/web/sessions/deal-witness.js');
  const storage = new FakeStorage();
  const c = 'e'.repeat(64);
  const room = (contributed) => ({ you: null, fair: { commitment: c, contributed } });
  const give = noteState(storage, 'R', room([true, false]), ENDED('1'.repeat(64)), { seat: 1 });
  assert.equal(give.commitment, c);
  assert.equal(noteState(storage, 'R', room([true, true]), ENDED('1'.repeat(64)), { seat: 1 }), null);
  assert.deepEqual(pendingOf(storage, 'R', room([true, true]), 1), { commitment: c, contribution: give.contribution, confirmed: true });
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
