// Unit tests of the reasons (learn/reasons.js): never false or empty for the position.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { playReason, wordsIn } from '../../src/ziehdomino/web/learn/reasons.js';

const say = wordsIn('de');
const nameOf = (s) => `Platz ${s + 1}`;

test('on the empty line a double gets no "jetzt passt er": every tile fits there', () => {
  const view = { players: 3, boneyard_count: 7, ends: null,
    legal: [{ type: 'play', tile: '2|2' }, { type: 'play', tile: '1|5' }] };
  const found = { next: 1, lacks: {}, samples: 40, candidates: [
    { index: 0, ends: [2, 2], keep: 0, pips: 4, won: 30, shared: 0 },
    { index: 1, ends: [1, 5], keep: 0, pips: 6, won: 10, shared: 0 }] };
  for (const versus of [null, found.candidates[1]]) {
    const text = playReason(view, found, found.candidates[0], nameOf, say, versus);
    assert.doesNotMatch(text, /Doppelstein|jetzt passt er/);
    assert.match(text, /in etwa 8 von 10/, 'the playouts are the reason, with their number');
  }
  // On a line that shows the 2 the double's reason holds.
  const later = { ...view, ends: [2, 4] };
  assert.match(playReason(later, found, found.candidates[0], nameOf, say), /Doppelstein wie 2\|2/);
});

test('with no simple reason the better move names the playouts with both numbers', () => {
  const view = { players: 3, boneyard_count: 7, ends: [1, 4],
    legal: [{ type: 'play', tile: '1|3', end: 'left' }, { type: 'play', tile: '4|0', end: 'right' }] };
  const found = { next: 1, lacks: {}, samples: 40, candidates: [
    { index: 0, ends: [3, 4], keep: 0, pips: 4, won: 24, shared: 0 },
    { index: 1, ends: [1, 0], keep: 0, pips: 4, won: 12, shared: 0 }] };
  const text = playReason(view, found, found.candidates[0], nameOf, say, found.candidates[1]);
  assert.match(text, /in etwa 6 von 10 Fällen, deiner in etwa 3 von 10/);
});

test('the playouts\' numbers only where they differ in tenths', () => {
  const view = { players: 3, boneyard_count: 7, ends: [1, 4],
    legal: [{ type: 'play', tile: '1|3', end: 'left' }, { type: 'play', tile: '4|0', end: 'right' }] };
  const found = { next: 1, lacks: {}, samples: 100, candidates: [
    { index: 0, ends: [3, 4], keep: 0, pips: 4, won: 52, shared: 0 },
    { index: 1, ends: [1, 0], keep: 0, pips: 4, won: 49, shared: 0 }] };
  const text = playReason(view, found, found.candidates[0], nameOf, say, found.candidates[1]);
  assert.doesNotMatch(text, /in etwa 5 von 10 Fällen, deiner in etwa 5 von 10/);
  assert.match(text, /dieser gewann öfter\.$/);
});
