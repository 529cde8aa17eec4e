// Delta frames in the browser (src/ziehdomino/web/sessions/delta.js) against the vectors that the
// server's reference (server/deltas.py) writes: applying each delta to the state before it gives
// the next full state byte for byte. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { applyDelta } from '../../src/ziehdomino/web/sessions/delta.js';

const VECTORS = JSON.parse(readFileSync(new URL('../vectors/deltas.json', import.meta.url), 'utf8'));

test('applying every delta to the first state gives every later state byte for byte', () => {
  assert.ok(VECTORS.cases.length >= 4);
  let deltas = 0;
  for (const c of VECTORS.cases) {
    let state = JSON.parse(c.frames[0].state);
    for (const frame of c.frames.slice(1)) {
      const next = applyDelta(state, JSON.parse(frame.delta));
      assert.ok(next, `${c.name}: the delta from ${state.seq} applies`);
      const text = JSON.stringify(next);
      assert.equal(createHash('sha256').update(text, 'utf8').digest('hex'), frame.sha256, `${c.name}: state ${next.seq}`);
      if (frame.state !== undefined) assert.equal(text, frame.state);
      state = next;
      deltas += 1;
    }
  }
  assert.ok(deltas > 100);
});

test('a delta is not applied to a state it does not follow, nor one that changes a view the state lacks', () => {
  const c = VECTORS.cases[0];
  const first = JSON.parse(c.frames[0].state);
  const second = JSON.parse(c.frames[2].delta); // follows the state after frame 1, not the first
  assert.equal(applyDelta(first, second), null);
  assert.equal(applyDelta({ seq: 1, room: {}, view: null }, { type: 'delta', seq: 2, view: { version: 3 } }), null);
  assert.equal(applyDelta(null, { type: 'delta', seq: 2 }), null);
});
