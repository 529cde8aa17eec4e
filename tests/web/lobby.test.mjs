// "Offene Tische" and the waiting table's countdown, without a browser: the words of a table's
// line, and the seconds a countdown shows. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { readFileSync } from 'node:fs';

import '../../src/ziehdomino/web/pages/start-strings.js'; // the start page's words, as the page loads them
import { setLang } from '../../src/ziehdomino/web/common/i18n.js';
import { applyListChange, tableText } from '../../src/ziehdomino/web/lobby/open-tables.js';
import { quickBody } from '../../src/ziehdomino/web/pages/setup.js';
import { secondsLeft } from '../../src/ziehdomino/web/room/room-wait.js';

test('a table line names who sits there (the free seats counted, not named), the size, the time per turn and the match', () => {
  const waiting = { room: 'r', size: 3, seats: [{ kind: 'person', name: 'Anna' }, { kind: 'computer', name: null },
    { kind: 'free', name: null }], free: 1, turn_time: 60, target: 5, state: 'waiting', created: 0 };
  assert.deepEqual(tableText(waiting), { who: 'Anna, Computer', about: '3 Plätze · 1 Minute pro Zug · bis 5 Siege · 1 frei' });
  const playing = { ...waiting, free: 0, turn_time: null, target: null, state: 'playing', seats: [{ kind: 'person', name: '<b>Ben</b>' }] };
  assert.deepEqual(tableText(playing), { who: '<b>Ben</b>', about: '3 Plätze · ohne Zeitlimit · ohne Ende · läuft' });
  setLang('en');
  try {
    assert.equal(tableText({ ...waiting, target: 10 }).about, '3 seats · 1 minute per turn · to 10 wins · 1 free');
    assert.equal(tableText(playing).about, '3 seats · no time limit · no end · playing');
  } finally {
    setLang('de');
  }
});

test('the quick-play form sends its "Partie bis" as the target (5 by default, null for "ohne Ende")', () => {
  const form = (size, target) => ({ elements: { size: { value: size }, target: { value: target } } });
  assert.deepEqual(quickBody(form('3', '10'), 'Anna', ['r1']), { name: 'Anna', size: 3, target: 10, held: ['r1'] });
  assert.equal(quickBody(form('2', '3'), 'Anna', []).target, 3);
  assert.equal(quickBody(form('2', 'none'), 'Anna', []).target, null);
  // The page's form: its own select, 5 Siege first chosen, named apart from the other forms'.
  const html = readFileSync(new URL('../../src/ziehdomino/web/index.html', import.meta.url), 'utf8');
  const quick = html.slice(html.indexOf('<form id="quick-form"'), html.indexOf('</form>', html.indexOf('<form id="quick-form"')));
  assert.match(quick, /<label for="quick-target"><span data-i18n="form.target">Partie bis<\/span><span class="sr-only" data-i18n="form.for.quick">/);
  const options = [...quick.slice(quick.indexOf('<select id="quick-target" name="target">')).matchAll(/<option value="(\w+)"( selected)?/g)]
    .slice(0, 4).map(([, value, selected]) => `${value}${selected ? '*' : ''}`);
  assert.deepEqual(options, ['3', '5*', '10', 'none']);
});

test('a change of the live list drops the tables gone and put, then puts each at its place; a place past the end is refused', () => {
  const line = (room, state = 'waiting') => ({ room, state });
  const held = [line('a'), line('b'), line('c', 'playing'), line('d', 'playing')];
  // b started (it moves to the tables in play), a ended, e opened
  const change = { gone: ['a'], put: [[0, line('e')], [2, line('b', 'playing')]] };
  assert.deepEqual(applyListChange(held, change), [line('e'), line('c', 'playing'), line('b', 'playing'), line('d', 'playing')]);
  assert.deepEqual(held.map((t) => t.room), ['a', 'b', 'c', 'd']); // the list held is not changed in place
  assert.equal(applyListChange(held, { gone: [], put: [[9, line('x')]] }), null);
  assert.deepEqual(applyListChange([], { gone: ['zz'], put: [] }), []);
});

test('the countdown shows whole seconds left, never below 0', () => {
  assert.equal(secondsLeft(30000, 0), 30);
  assert.equal(secondsLeft(30000, 500), 30);
  assert.equal(secondsLeft(30000, 1000), 29);
  assert.equal(secondsLeft(1000, 5000), 0);
});

import { myRoomIds, roomState } from '../../src/ziehdomino/web/lobby/my-rooms.js';

class FakeStorage {
  constructor(entries) { this.map = new Map(entries); }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.get(k) ?? null; }
}

test('"Meine Räume" finds every room with a readable seat credential, and words its state', () => {
  const storage = new FakeStorage([
    ['ziehdomino.seat.bbbb', JSON.stringify({ seat: 1, credential: 'x' })],
    ['ziehdomino.seat.aaaa', JSON.stringify({ seat: 0, credential: 'y' })],
    ['ziehdomino.seat.broken', '{'],
    ['ziehdomino.local', '{}'],
  ]);
  assert.deepEqual(myRoomIds(storage), ['aaaa', 'bbbb']);
  assert.equal(roomState(null), 'beendet');
  assert.equal(roomState({ started: false }), 'wartet auf Mitspielende');
  assert.equal(roomState({ started: true, in_progress: true, round: 3 }), 'läuft · Runde 3');
  assert.equal(roomState({ started: true, in_progress: false, round: 3 }), 'zwischen den Runden · Runde 3 vorbei');
});

import { muteKey, readMutes, shown } from '../../src/ziehdomino/web/room/room-reactions.js';

test('reactions: "Reaktionen aus" hides all, a muted person only theirs at any seat, and a broken entry mutes nothing', () => {
  const store = (value) => ({ getItem: () => value });
  assert.deepEqual(readMutes(store(null)), { off: false, muted: [] });
  assert.deepEqual(readMutes(store('{')), { off: false, muted: [] });
  const ben = { seat: 1, person: 'b'.repeat(16) };
  const mutes = readMutes(store(JSON.stringify({ off: false, muted: [muteKey('r1', ben), 7] })));
  assert.deepEqual(mutes, { off: false, muted: ['r1:p:' + 'b'.repeat(16)] });
  assert.equal(shown(mutes, 'r1', ben), false);
  assert.equal(shown(mutes, 'r1', { seat: 3, person: ben.person }), false); // Ben at another seat
  assert.equal(shown(mutes, 'r1', { seat: 1, person: 'c'.repeat(16) }), true); // a newcomer on Ben's seat
  assert.equal(shown(mutes, 'r2', ben), true);
  assert.equal(shown(mutes, 'r1', undefined), true);
  assert.equal(shown({ off: true, muted: [] }, 'r1', ben), false);
  assert.equal(muteKey('r1', { seat: 2, person: null }), 'r1:2'); // a server that names no person: the seat
});
