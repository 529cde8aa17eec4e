// The round analysis in the browser (docs/analysis.md) gives Python's numbers on every recorded
// round of tests/vectors/analysis.json (written by tests/analysis/make_analysis.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { analyseRound, decisionsOf } from '../../src/ziehdomino/web/learn/analysis.js';

const CASES = JSON.parse(readFileSync(new URL('../vectors/analysis.json', import.meta.url), 'utf8')).cases;

for (const c of CASES) {
  test(`${c.id}: the same analysis as Python`, () => {
    assert.deepEqual(analyseRound(c.record, c.seat), c.analysis);
  });
}

test('a decision\'s view is the seat\'s own: its hand, the others\' counts, never their tiles', () => {
  const c = CASES[0];
  for (const { view } of decisionsOf(c.record, c.seat)) {
    assert.equal(view.hands, null);
    assert.equal(view.seat, c.seat);
    assert.equal(view.hand_counts.reduce((a, b) => a + b, 0) + view.line.length + view.boneyard_count, 28);
  }
  assert.throws(() => decisionsOf(c.record, 5), RangeError);
});
