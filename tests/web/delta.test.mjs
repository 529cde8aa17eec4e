// Delta frames in the browser (src/ziehdomino/web/sessions/delta.js) against the vectors that the
// server's reference (server/protocol/deltas.py) writes: applying each delta to the state before it gives
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

/** Acts that cannot follow `state` (the state before `act`, a real act of the vectors). */
function bogusActs(state, act) {
  const view = state.view;
  const players = view.hand_counts.length;
  const [seat, what] = act;
  const out = [[(seat + 1) % players, ...act.slice(1)]]; // another seat than the one to act
  if (what === 'draw') out.push([seat, 'pass']);
  else if (what === 'pass') out.push([seat, 'draw']);
  else {
    out.push([seat, '9|9', act[2]], [seat, 'x', act[2]]);
    if (view.line.length > 0) out.push([seat, view.line[0], 'left'], [seat, what, null]);
    if (view.seat === seat) {
      // a tile that fits but that the viewer does not hold
      const held = new Set(view.hand);
      for (let a = 0; a <= 6; a += 1) {
        const tile = view.ends === null ? `${a}|${a}` : `${Math.min(a, view.ends[1])}|${Math.max(a, view.ends[1])}`;
        const [x, y] = tile.split('|');
        if (!held.has(tile) && !view.line.includes(`${x}|${y}`) && !view.line.includes(`${y}|${x}`)) {
          out.push([seat, tile, view.ends === null ? null : 'right']);
          break;
        }
      }
    }
  }
  return out;
}

test('an act that cannot follow the view held is not applied: the page asks for the full state', () => {
  let refused = 0;
  let ended = 0;
  for (const c of VECTORS.cases) {
    let state = JSON.parse(c.frames[0].state);
    for (const frame of c.frames.slice(1)) {
      const delta = JSON.parse(frame.delta);
      if (delta.act && state.view) {
        for (const act of bogusActs(state, delta.act)) {
          assert.equal(applyDelta(state, { ...delta, act }), null, `${c.name}: ${JSON.stringify(act)} after ${state.seq}`);
          refused += 1;
        }
      }
      state = applyDelta(state, delta);
      if (state.view?.result) {
        const after = { type: 'delta', seq: state.seq + 1, act: [0, '0|0', 'left'] };
        assert.equal(applyDelta(state, after), null, `${c.name}: an act after the round's end`);
        ended += 1;
      }
    }
  }
  assert.ok(refused > 300 && ended >= 4, `${refused} ${ended}`);
});
