// Tests of the name rule (src/ziehdomino/web/common/names.js), the same rule as the server's.
// Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { cleanName, nameProblem } from '../../src/ziehdomino/web/common/names.js';

test('names follow the server rule: visible, no controls, separators or bidi controls', () => {
  // 24 code points are fine (an emoji is one character, as on the server), 25 are not.
  assert.equal(cleanName('x'.repeat(24)), 'x'.repeat(24));
  assert.equal(cleanName('😀'.repeat(24)), '😀'.repeat(24));
  assert.equal(cleanName('😀'.repeat(25)), null);
  // The 28-character markup name is refused whole, never cut to 24.
  assert.deepEqual(nameProblem('<img src=x onerror=alert(1)>'), { code: 'tooLong', length: 28 });
  assert.equal(cleanName('<img src=x onerror=alert(1)>'), null);
  // Spaces at the ends are trimmed before counting (space separators, not format characters).
  assert.equal(cleanName(` ${'x'.repeat(24)}\u3000`), 'x'.repeat(24));
  assert.equal(cleanName('\u00a0Kim\u2003'), 'Kim');
  // Nothing visible: format characters, separators.
  for (const name of ['\u00ad', '\u00ad\u00ad', '\u3000', '\u200b', '\u00ad\u200b\u2060', ' \u200b ', '\ufeff']) {
    assert.equal(cleanName(name), null, JSON.stringify(name));
    assert.ok(['invisible', 'empty'].includes(nameProblem(name).code), JSON.stringify(name));
  }
  // Zero-width characters are refused inside a visible name too ("An\u200bna" shows as "Anna");
  // a joiner stays only where it joins two emoji.
  for (const name of ['An\u200bna', 'An\u200cna', 'An\u200dna',
    'An\u2060na', 'An\ufeffna', 'Anna\u200b', '\u200bAnna', 'A\u180eB', 'A\u2064B', 'a\u200d💻', '👩\u200da', '👩\u200d',
    '\u200d💻']) {
    assert.equal(cleanName(name), null, JSON.stringify(name));
    assert.equal(nameProblem(name).code, 'forbidden', JSON.stringify(name));
  }
  assert.equal(cleanName('🧑\u{1f3fd}\u200d🚀'), '🧑\u{1f3fd}\u200d🚀');
  assert.equal(cleanName('🏳\ufe0f\u200d🌈'), '🏳\ufe0f\u200d🌈');
  assert.equal(cleanName('Ka\u00adrl'), 'Ka\u00adrl'); // a soft hyphen inside stays
  assert.equal(nameProblem('').code, 'empty');
  assert.equal(nameProblem('   ').code, 'empty');
  // A joiner between two emoji stays (U+200D joins them into one picture).
  assert.equal(cleanName('👩\u200d💻 Ada'), '👩\u200d💻 Ada');
  // Refused anywhere, the ends included: controls, line and paragraph separators, bidi controls.
  for (const name of ['a\u0007b', 'Kim\n', '\tKim', 'a\u0085b', 'a\u2028b', 'a\u2029b', 'Ben\u202e', '\u202aBen',
    'a\u202bb', 'a\u202cb', 'a\u202db', 'a\u2066b', 'a\u2067b', 'a\u2068b', 'a\u2069b', 'a\u200eb', 'a\u200fb',
    'a\u061cb', 'a\ud800b']) {
    assert.equal(cleanName(name), null, JSON.stringify(name));
    assert.equal(nameProblem(name).code, 'forbidden', JSON.stringify(name));
  }
  // NFC: a decomposed é counts as one character and comes back composed.
  assert.equal(cleanName('Re\u0301ne'), 'R\u00e9ne');
  assert.equal(nameProblem('Anna'), null);
});

test('names: 1–24 characters, trimmed, no control characters, markup kept', () => {
  assert.equal(cleanName('  Anna '), 'Anna');
  assert.equal(cleanName(''), null);
  assert.equal(cleanName('x'.repeat(25)), null);
  assert.equal(cleanName('a\u0007b'), null);
  assert.equal(cleanName('<img src=x onerror=a()>'), '<img src=x onerror=a()>');
});

