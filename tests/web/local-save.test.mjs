// Tests of the saved local game's one check (src/ziehdomino/web/sessions/local-save.js): what the start
// page offers to resume is what the local session resumes. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { matchFromState } from '../../src/ziehdomino/web/engine/index.js';
import { MATCH_FORMAT, SAVE_KEY, readSave } from '../../src/ziehdomino/web/sessions/local-save.js';
import { LocalSession } from '../../src/ziehdomino/web/sessions/session-local.js';

class FakeStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

function savedGame(computers = ['mittel', 'stark']) {
  const storage = new FakeStorage();
  new LocalSession({ storage, schedule: () => null, cancel: () => {} }).start({ name: 'Anna', computers });
  return storage;
}

test('a game the session saved passes the check, and the session resumes it', () => {
  const storage = savedGame();
  assert.equal(readSave(storage).status, 'ok');
  assert.equal(new LocalSession({ storage, schedule: () => null, cancel: () => {} }).resume(), 'resumed');
});

test('the match format the check expects is the one the engine restores', () => {
  const { match } = JSON.parse(savedGame().getItem(SAVE_KEY));
  assert.equal(match.format, MATCH_FORMAT);
  assert.throws(() => matchFromState({ ...match, format: MATCH_FORMAT + 1 }));
});

test('every save the check refuses, the session discards; nothing saved is "none"', () => {
  assert.deepEqual(readSave(new FakeStorage()), { status: 'none' });
  const good = JSON.parse(savedGame().getItem(SAVE_KEY));
  const edits = [
    (d) => { d.kind = 'other'; }, (d) => { d.format = 2; }, (d) => { d.match.format = 2; },
    (d) => { d.match.players = 4; }, (d) => { d.match.wins = [0]; }, (d) => { d.match.shared = [0, 0, -1]; },
    (d) => { d.match.starters = []; }, (d) => { d.match.starters = [7]; }, (d) => { d.match.version = -1; },
    (d) => { delete d.match.deal; }, (d) => { d.match.actions = {}; }, (d) => { d.seats[0].name = ' '; },
    (d) => { d.seats[2] = { kind: 'person', name: 'B' }; }, (d) => { d.seats.pop(); }, (d) => { d.match = null; },
  ];
  const texts = ['{not json', 'null', '[]', '"x"', ...edits.map((edit) => {
    const d = structuredClone(good);
    edit(d);
    return JSON.stringify(d);
  })];
  for (const text of texts) {
    const storage = new FakeStorage();
    storage.setItem(SAVE_KEY, text);
    assert.equal(readSave(storage).status, 'bad', text);
    assert.equal(new LocalSession({ storage, schedule: () => null, cancel: () => {} }).resume(), 'discarded', text);
  }
});

test('storage that cannot be read means nothing to resume', () => {
  assert.deepEqual(readSave({ getItem() { throw new Error('SecurityError'); } }), { status: 'none' });
});
