// The room page's working out of a delta's act (src/ziehdomino/web/engine/follow.js) against
// the rest of the rules engine (round.js, match.js, view.js), over random rounds of 2 to 4 seats: the legal actions it works
// out of a seat's view are the engine's, and following each action's act from the view before
// it gives the engine's view after it in every field the act changes. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { matchApply, newMatch, nextRound, seatView, seededRng } from '../../src/ziehdomino/web/engine/index.js';
import { follow, legalOf } from '../../src/ziehdomino/web/engine/follow.js';

/** The act of a log entry (the compact form a delta frame carries). */
function actOf(entry) {
  return entry.type === 'play' ? [entry.seat, entry.tile, entry.end] : [entry.seat, entry.type];
}

/** Every seat's view and a spectator's, at every step of `rounds` random rounds of `players`. */
function* steps(players, seed, rounds) {
  const rng = seededRng(seed);
  const match = newMatch(players, { rng });
  for (let r = 0; r < rounds; r++) {
    while (match.round.result === null) {
      const seat = match.round.turn;
      const before = [null, ...Array.from({ length: players }, (_, s) => s)].map((s) => seatView(match, s));
      const legal = before[seat + 1].legal;
      const entry = matchApply(match, seat, legal[rng.int(legal.length)]);
      const after = [null, ...Array.from({ length: players }, (_, s) => s)].map((s) => seatView(match, s));
      yield { entry, before, after };
    }
    nextRound(match, { rng });
  }
}

test("legalOf gives the engine's legal actions of every viewer at every step", () => {
  let checked = 0;
  for (const players of [2, 3, 4]) {
    for (let seed = 1; seed <= 30; seed++) {
      for (const { after } of steps(players, seed, 2)) {
        for (const view of after) {
          assert.deepEqual(legalOf(view), view.legal);
          checked += 1;
        }
      }
    }
  }
  assert.ok(checked > 5000, checked);
});

test("following an act gives the engine's view after it, in every field the act changes", () => {
  let followed = 0;
  for (const players of [2, 3, 4]) {
    for (let seed = 1; seed <= 30; seed++) {
      for (const { entry, before, after } of steps(players, seed, 2)) {
        for (let i = 0; i < before.length; i++) {
          const view = structuredClone(before[i]);
          const room = { turn_time: null, clock: null };
          follow(room, view, actOf(entry));
          const want = after[i];
          const fields = ['version', 'line', 'ends', 'hand_counts', 'boneyard_count', 'turn', 'passes', 'log'];
          // the drawer's own hand gets the drawn tile, which no act names (the server sends it)
          if (!(entry.type === 'draw' && entry.seat === view.seat)) fields.push('hand');
          for (const name of fields) assert.deepEqual(view[name], want[name], `${name} after ${JSON.stringify(entry)}`);
          followed += 1;
        }
      }
    }
  }
  assert.ok(followed > 5000, followed);
});
