// A match in a local game and in the table's words (docs/rules.md "A match"): the engine's
// matchWinner and rematch, the local session's target (kept in its save), the end sentence.
// Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { matchApply, matchWinner, newMatch, nextRound, rematch, seatView } from '../../src/ziehdomino/web/engine/index.js';
import { LocalSession, SAVE_KEY } from '../../src/ziehdomino/web/sessions/session-local.js';
import { matchCounters, matchSentence } from '../../src/ziehdomino/web/table/words.js';

class FakeStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

/** Plays rounds with the first legal action at every seat until a seat has `target` wins. */
function playToWinner(match, target) {
  for (let rounds = 0; rounds < 300; rounds++) {
    while (match.round.result === null) {
      const seat = match.round.turn;
      matchApply(match, seat, seatView(match, seat).legal[0]);
    }
    const winner = matchWinner(match, target);
    if (winner !== null) return winner;
    nextRound(match);
  }
  throw new Error('no winner in 300 rounds');
}

test('the engine: the first seat to reach the target wins; shared rounds count for nobody; a rematch starts at 0', () => {
  const match = newMatch(3, { firstStarter: 0 });
  assert.equal(matchWinner(match, 3), null);
  const winner = playToWinner(match, 3);
  assert.equal(match.wins[winner], 3);
  assert.ok(match.wins.every((w, s) => s === winner || w < 3));
  assert.equal(matchWinner(match, null), null);
  assert.equal(matchWinner(match, 5), null);
  const last = match.starters.at(-1);
  const number = match.roundNumber;
  rematch(match);
  assert.deepEqual(match.wins, [0, 0, 0]);
  assert.deepEqual(match.shared, [0, 0, 0]);
  assert.equal(match.round.starter, (last + 1) % 3);
  assert.equal(match.roundNumber, number + 1);
  const shared = newMatch(2);
  shared.shared = [5, 5];
  shared.round.result = { winners: [0, 1] };
  assert.equal(matchWinner(shared, 3), null);
});

test('a local game to 3 wins keeps its target in the save, ends the match and "Revanche" starts a new one', async () => {
  const storage = new FakeStorage();
  const queue = [];
  const s = new LocalSession({ storage, schedule: (fn) => { queue.push(fn); return fn; }, cancel: () => {}, delay: 0 });
  s.start({ name: 'Anna', computers: ['leicht'], target: 3 });
  assert.equal(JSON.parse(storage.getItem(SAVE_KEY)).target, 3);
  assert.equal(s.roomInfo().target, 3);
  let winner = null;
  for (let steps = 0; steps < 20000 && winner === null; steps++) {
    const v = s.view();
    if (v.result) {
      winner = s.roomInfo().match_winner;
      if (winner === null) s.nextRound();
    } else if (v.turn === 0) s.act(v.legal[0]);
    else if (queue.length) queue.shift()();
    else await new Promise((r) => setImmediate(r)); // a computer's move is under way
  }
  assert.ok(winner === 0 || winner === 1);
  // resumed from the save: the same target and the same finished match
  const again = new LocalSession({ storage, schedule: () => 0, cancel: () => {} });
  assert.equal(again.resume(), 'resumed');
  assert.equal(again.roomInfo().target, 3);
  assert.equal(again.roomInfo().match_winner, winner);
  assert.match(matchSentence(again.view(), again.roomInfo()), /3:[0-2]/);
  assert.match(matchCounters(again.view(), again.roomInfo()), /3/);
  assert.ok(again.nextRound());
  assert.deepEqual(again.view().match.wins, [0, 0]);
  assert.equal(again.roomInfo().match_winner, null);
  assert.equal(matchSentence(again.view(), again.roomInfo()), null);
});

test('a local game refuses a target outside 3, 5, 10 and plays without one by default', () => {
  const s = new LocalSession({ storage: new FakeStorage(), schedule: () => 0, cancel: () => {} });
  assert.throws(() => s.start({ name: 'Anna', computers: ['leicht'], target: 4 }), RangeError);
  s.start({ name: 'Anna', computers: ['leicht'] });
  assert.equal(s.roomInfo().target, null);
});
