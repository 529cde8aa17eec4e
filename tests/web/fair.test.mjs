// The committed deal in the browser (web/common/fair.js) against the vectors Python is held to
// (tests/vectors/fair/deals.json, docs/fair.md), and the engine dealing with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  CANONICAL_TILES, below, commitmentOf, dealOf, dealOrder, dealSwaps, isContribution, newContribution, newSeed, swapsRng,
} from '../../src/ziehdomino/web/common/fair.js';
import { dealRound, formatTile } from '../../src/ziehdomino/web/engine.js';

const VECTORS = JSON.parse(readFileSync(new URL('../vectors/fair/deals.json', import.meta.url), 'utf8'));
const SIZES = { 2: 7, 3: 5, 4: 5 };

for (const c of VECTORS.deals) {
  test(`deal vector ${c.id}`, async () => {
    assert.equal(await commitmentOf(c.seed), c.commitment);
    const got = await dealOf(c.seed, c.contributions, SIZES[c.contributions.length]);
    assert.deepEqual(got, { order: c.order, hands: c.hands, boneyard: c.boneyard });
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
