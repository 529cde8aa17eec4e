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

test('a decision in words: the move made, the better one with the points, a reason that holds more for it', async () => {
  const { decisionDetail, decisionLine, moveWords, summaryText } = await import('../../src/ziehdomino/web/learn/analysis-words.js');
  let better = 0;
  for (const c of CASES) {
    const analysis = analyseRound(c.record, c.seat);
    assert.match(summaryText(analysis), /^(Kein Fehler und keine Ungenauigkeit|[1-9]\d* Fehler(, 1 Ungenauigkeit|, [1-9]\d* Ungenauigkeiten)?|1 Ungenauigkeit|[1-9]\d* Ungenauigkeiten) in (1 Entscheidung|\d+ Entscheidungen)\.$/);
    for (const d of analysis) {
      const text = decisionDetail(d, (s) => `Platz ${s + 1}`);
      assert.match(decisionLine(d), new RegExp(`^Schritt ${d.step}: `));
      assert.ok(text.startsWith(`Schritt ${d.step}: du hast „${moveWords(d.moves[d.played])}“ gewählt`), text);
      if (d.best === d.played || d.loss <= 0) {
        assert.match(text, /Stark hätte genauso gespielt\.$/);
        continue;
      }
      better += 1;
      assert.ok(text.includes(`Besser war „${moveWords(d.moves[d.best])}“`), text);
      assert.ok(text.includes(`${Math.round(d.loss)} Punkte mehr`), text);
      const chosen = d.search.candidates[d.best];
      const made = d.search.candidates[d.played];
      const heavy = text.match(/So geht der schwere (\d)\|(\d)/);
      if (heavy) assert.ok(chosen.pips > made.pips, text);
      const keep = text.match(/dazu hast du noch (\d+) Steine/);
      if (keep) assert.ok(Number(keep[1]) === chosen.keep && chosen.keep > made.keep, text);
      if (d.method === 'exact') assert.doesNotMatch(text, /Verteilungen/);
    }
  }
  assert.ok(better >= 5, `${better} decisions with a better move`);
});

test('the summary counts in digits and leaves zero counts out', async () => {
  const { summaryText } = await import('../../src/ziehdomino/web/learn/analysis-words.js');
  const of = (...marks) => marks.map((mark) => ({ mark }));
  assert.equal(summaryText(of('fehler', 'ungenau', null)), '1 Fehler, 1 Ungenauigkeit in 3 Entscheidungen.');
  assert.equal(summaryText(of('fehler', null)), '1 Fehler in 2 Entscheidungen.');
  assert.equal(summaryText(of('ungenau', 'ungenau', null)), '2 Ungenauigkeiten in 3 Entscheidungen.');
  assert.equal(summaryText(of(null)), 'Kein Fehler und keine Ungenauigkeit in 1 Entscheidung.');
});
