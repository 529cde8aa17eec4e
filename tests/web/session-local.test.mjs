// Tests of the local game session (src/ziehdomino/web/sessions/session-local.js) with a fake storage
// and a fake clock. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { LocalSession, SAVE_FORMAT, SAVE_KEY } from '../../src/ziehdomino/web/sessions/session-local.js';

class FakeStorage {
  constructor() { this.map = new Map(); this.writes = 0; this.full = false; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { if (this.full) throw new Error('QuotaExceededError'); this.writes += 1; this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

/** A clock whose timers run only when told. */
function fakeClock() {
  const queue = [];
  return {
    schedule: (fn, ms) => { const h = { fn, ms }; queue.push(h); return h; },
    cancel: (h) => { const i = queue.indexOf(h); if (i >= 0) queue.splice(i, 1); },
    pending: () => queue.length,
    async runAll(limit = 10000) {
      let n = 0;
      while (queue.length && n++ < limit) {
        queue.shift().fn();
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}

function session(storage, clock, extra = {}) {
  const errors = [];
  let changes = 0;
  const s = new LocalSession({ storage, schedule: clock.schedule, cancel: clock.cancel, delay: 5, ...extra });
  s.subscribe({ error: (c) => errors.push(c), change: () => { changes += 1; } });
  return { s, errors, changes: () => changes };
}

/** Plays the person's turns with the first legal action and the computers through the clock. */
async function playRound(s, clock) {
  for (let i = 0; i < 500 && !s.view().result; i++) {
    const v = s.view();
    if (v.turn === 0) s.act(v.legal[0]);
    else await clock.runAll(1);
  }
}

test('a new game deals at once and is saved with a format version', () => {
  const storage = new FakeStorage();
  const clock = fakeClock();
  const { s } = session(storage, clock);
  s.start({ name: 'Anna', computers: ['leicht', 'mittel', 'stark'] });
  const v = s.view();
  assert.equal(v.players, 4);
  assert.equal(v.hand.length, 5);
  assert.equal(v.round_number, 1);
  const saved = JSON.parse(storage.getItem(SAVE_KEY));
  assert.equal(saved.format, SAVE_FORMAT);
  assert.equal(saved.kind, 'ziehdomino.local');
  assert.deepEqual(saved.seats.map((x) => x.kind), ['person', 'computer', 'computer', 'computer']);
  const room = s.roomInfo();
  assert.equal(room.you, 0);
  assert.equal(room.seats[0].name, 'Anna');
  assert.equal(room.seats[2].level, 'mittel');
  // A computer that starts acts only after the delay.
  assert.equal(clock.pending(), v.turn === 0 ? 0 : 1);
});

test('every action is saved and a reload resumes exactly the same game', async () => {
  const storage = new FakeStorage();
  const clock = fakeClock();
  const { s } = session(storage, clock);
  s.start({ name: 'Anna', computers: ['mittel'] });
  for (let i = 0; i < 6 && !s.view().result; i++) {
    const v = s.view();
    const before = storage.writes;
    if (v.turn === 0) s.act(v.legal[0]);
    else await clock.runAll(1);
    assert.equal(storage.writes, before + 1, 'saved after the action');
  }
  const { s: again } = session(storage, fakeClock());
  assert.equal(again.resume(), 'resumed');
  assert.deepEqual(again.view(), s.view());
  assert.deepEqual(again.roomInfo(), s.roomInfo());
});

test('rounds are counted and the starter rotates; the next round needs the round to be over', async () => {
  const storage = new FakeStorage();
  const clock = fakeClock();
  const { s, errors } = session(storage, clock);
  s.start({ name: 'Anna', computers: ['mittel', 'mittel'] });
  assert.equal(s.nextRound(), false);
  assert.deepEqual(errors, ['round_not_over']);
  const first = s.view().starter;
  await playRound(s, clock);
  const over = s.view();
  assert.ok(over.result);
  assert.ok(over.hands && over.pips);
  const counted = over.match.wins.reduce((a, b) => a + b, 0) + over.match.shared.reduce((a, b) => a + b, 0);
  assert.ok(counted >= 1);
  assert.equal(s.nextRound(), true);
  const next = s.view();
  assert.equal(next.round_number, 2);
  assert.equal(next.starter, (first + 1) % 3);
  assert.deepEqual(next.match.wins, over.match.wins);
});

test('a refused action changes nothing and is reported by code', () => {
  const storage = new FakeStorage();
  const clock = fakeClock();
  const { s, errors } = session(storage, clock);
  s.start({ name: 'Anna', computers: ['mittel'] });
  const before = JSON.stringify(s.view());
  const writes = storage.writes;
  assert.equal(s.act({ type: 'play', tile: '9|9', end: 'left' }), false);
  assert.equal(JSON.stringify(s.view()), before);
  assert.equal(storage.writes, writes);
  assert.equal(errors.length, 1);
});

test('a corrupt, foreign or old-format save is discarded, never thrown', () => {
  for (const text of ['{not json', '"x"', 'null', JSON.stringify({ kind: 'other', format: 1 }),
    JSON.stringify({ kind: 'ziehdomino.local', format: 99, seats: [], match: {} }),
    JSON.stringify({ kind: 'ziehdomino.local', format: 1, seats: [{ kind: 'person', name: 'A' }], match: { kind: 'ziehdomino.match' } })]) {
    const storage = new FakeStorage();
    storage.setItem(SAVE_KEY, text);
    const { s } = session(storage, fakeClock());
    assert.equal(s.resume(), 'discarded', text);
    assert.equal(storage.getItem(SAVE_KEY), null);
    assert.equal(s.view(), null);
  }
});

test('a save whose seats do not match its match is discarded', () => {
  const storage = new FakeStorage();
  const { s } = session(storage, fakeClock());
  s.start({ name: 'Anna', computers: ['mittel'] });
  const data = JSON.parse(storage.getItem(SAVE_KEY));
  data.seats[1].level = 'göttlich';
  storage.setItem(SAVE_KEY, JSON.stringify(data));
  const { s: again } = session(storage, fakeClock());
  assert.equal(again.resume(), 'discarded');
});

test('no save means nothing to resume', () => {
  const { s } = session(new FakeStorage(), fakeClock());
  assert.equal(s.resume(), 'none');
  assert.equal(s.view(), null);
});

test('a full storage reports save_failed and the game goes on', () => {
  const storage = new FakeStorage();
  const { s, errors } = session(storage, fakeClock());
  storage.full = true;
  s.start({ name: 'Anna', computers: ['mittel'] });
  assert.deepEqual(errors, ['save_failed']);
  assert.ok(s.view());
});

test('a new game drops a pending computer move of the old one', async () => {
  const storage = new FakeStorage();
  const clock = fakeClock();
  const seen = [];
  const { s } = session(storage, clock, { chooseMove: (view) => { seen.push(view.seat); return view.legal[0]; } });
  s.start({ name: 'Anna', computers: ['mittel', 'mittel', 'mittel'] });
  s.start({ name: 'Ben', computers: ['leicht'] });
  assert.ok(clock.pending() <= 1);
  await clock.runAll(3);
  assert.ok(seen.every((seat) => seat === 1));
});

test('computers see only their own seat view', async () => {
  const storage = new FakeStorage();
  const clock = fakeClock();
  const views = [];
  const { s } = session(storage, clock, { chooseMove: (view, level) => { views.push([view, level]); return view.legal[0]; } });
  s.start({ name: 'Anna', computers: ['stark', 'leicht'] });
  await playRound(s, clock);
  assert.ok(views.length > 0);
  for (const [view, level] of views) {
    assert.notEqual(view.seat, 0);
    assert.equal(view.hands, null);
    assert.equal(level, view.seat === 1 ? 'stark' : 'leicht');
  }
});


test('a local game starts only with a clean name and 1–3 computers with levels', () => {
  assert.throws(() => new LocalSession({ storage: new FakeStorage() }).start({ name: '', computers: ['mittel'] }));
  assert.throws(() => new LocalSession({ storage: new FakeStorage() }).start({ name: 'A', computers: [] }));
  assert.throws(() => new LocalSession({ storage: new FakeStorage() }).start({ name: 'A', computers: ['x'] }));
});

test('the computers play at the tempo: normal by default, langsam and schnell on request; a fixed delay wins', () => {
  const waits = [];
  const schedule = (fn, ms) => { waits.push(ms); return { fn }; };
  const make = (extra) => new LocalSession({ storage: new FakeStorage(), schedule, cancel: () => {}, ...extra });
  const s = make({});
  assert.equal(s.tempo(), 'normal');
  assert.equal(s.connection(), 'local');
  s.setTempo('langsam');
  s.start({ name: 'Anna', computers: ['mittel'] });
  while (s.view().turn === 0 && !s.view().result) s.act(s.view().legal[0]);
  assert.equal(waits.at(-1), 1500);
  s.setTempo('schnell');
  s.scheduleComputer();
  assert.equal(waits.at(-1), 300);
  assert.throws(() => s.setTempo('blitz'), RangeError);
  const fixed = make({ delay: 0 });
  fixed.start({ name: 'Anna', computers: ['mittel'] });
  while (fixed.view().turn === 0 && !fixed.view().result) fixed.act(fixed.view().legal[0]);
  assert.equal(waits.at(-1), 0);
});

test('listeners subscribe and unsubscribe, told in the order they subscribed', () => {
  const clock = fakeClock();
  const seen = [];
  const s = new LocalSession({ storage: new FakeStorage(), schedule: clock.schedule, cancel: clock.cancel });
  s.subscribe({ change: () => seen.push('first') });
  const off = s.subscribe({ change: () => seen.push('sub'), error: (code) => seen.push(code) });
  s.start({ name: 'Anna', computers: ['mittel'] });
  assert.deepEqual(seen, ['first', 'sub']);
  off();
  s.nextRound(); // refused: the round is not over
  assert.deepEqual(seen, ['first', 'sub']);
});

test('every finished round leaves its record in the save and is counted in the statistics', async () => {
  const { replayFrames } = await import('../../src/ziehdomino/web/engine/replay.js');
  const { STATS_KEY, readLocalStats } = await import('../../src/ziehdomino/web/stats/stats.js');
  const storage = new FakeStorage();
  const clock = fakeClock();
  const { s } = session(storage, clock);
  s.start({ name: 'Anna', computers: ['leicht', 'stark'] });
  const lines = [];
  for (let round = 1; round <= 2; round++) {
    await playRound(s, clock);
    lines.push(s.view());
    if (round < 2) s.nextRound();
  }
  const saved = JSON.parse(storage.getItem(SAVE_KEY));
  assert.deepEqual(saved.records.map((r) => r.round), [1, 2]);
  saved.records.forEach((record, i) => {
    const frames = replayFrames(record);
    assert.deepEqual(frames[frames.length - 1].line, lines[i].line);
    assert.deepEqual(frames[frames.length - 1].hands, lines[i].hands);
    assert.equal(frames.length - 1, lines[i].log.length);
  });
  const stats = readLocalStats(storage);
  assert.equal(stats.tables['stark:3'].played, 2);
  assert.ok(storage.getItem(STATS_KEY));
  // a resumed game keeps its records; one the rules refuse is left out, the game goes on
  saved.records[0].actions.pop();
  storage.setItem(SAVE_KEY, JSON.stringify(saved));
  const again = session(storage, fakeClock()).s;
  assert.equal(again.resume(), 'resumed');
  assert.deepEqual(again.records.map((r) => r.round), [2]);
  s.view(); // the first session is untouched
  assert.equal(readLocalStats(storage).tables['stark:3'].played, 2); // resuming counts nothing twice
});
