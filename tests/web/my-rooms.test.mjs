// "Meine Räume" kept fresh (src/ziehdomino/web/lobby/my-rooms.js), without a browser: a small
// fake of the few DOM parts the module uses, a fake fetcher, storage, page and timers. A
// refresh updates lines in place, leaves an open question and the focus alone, and nothing is
// fetched while the page is hidden. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

/** An element with what my-rooms.js and common/dom.js use, and no more. */
class FakeElement {
  constructor(doc, tag) {
    this.ownerDocument = doc;
    this.tagName = tag.toUpperCase();
    this.children = [];
    this.parentNode = null;
    this.attributes = new Map();
    this.listeners = new Map();
    this.className = '';
    this.disabled = false;
    this.ownText = '';
  }
  get id() { return this.getAttribute('id') ?? ''; }
  get hidden() { return this.attributes.has('hidden'); }
  set hidden(on) { if (on) this.attributes.set('hidden', ''); else this.attributes.delete('hidden'); }
  get textContent() { return this.ownText + this.children.map((c) => c.textContent).join(''); }
  set textContent(text) { this.children.forEach((c) => { c.parentNode = null; }); this.children = []; this.ownText = String(text); }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }
  append(...nodes) { for (const node of nodes) this.insertBefore(node, null); }
  insertBefore(node, before) {
    node.remove();
    const at = before === null ? this.children.length : this.children.indexOf(before);
    assert.ok(at >= 0, 'insertBefore: not a child');
    this.children.splice(at, 0, node);
    node.parentNode = this;
    this.ownerDocument.moves.push(node);
  }
  remove() {
    if (!this.parentNode) return;
    this.parentNode.children.splice(this.parentNode.children.indexOf(this), 1);
    this.parentNode = null;
    if (this.contains(this.ownerDocument.activeElement)) this.ownerDocument.activeElement = null; // as a browser blurs
  }
  contains(node) {
    for (let n = node; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
  addEventListener(type, fn) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]); }
  click() { if (!this.disabled) for (const fn of this.listeners.get('click') ?? []) fn({ type: 'click' }); }
  focus() { this.ownerDocument.activeElement = this; }
  /** Every element below (depth first) for which `pred` holds. */
  findAll(pred) { return this.children.flatMap((c) => [...(pred(c) ? [c] : []), ...c.findAll(pred)]); }
}

/** The page: makes elements, has a visibility, the focus, and listeners of its own events. */
class FakePage {
  constructor() {
    this.visibilityState = 'visible';
    this.activeElement = null;
    this.listeners = new Map();
    this.moves = [];
  }
  createElement(tag) { return new FakeElement(this, tag); }
  addEventListener(type, fn) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]); }
  removeEventListener(type, fn) { this.listeners.set(type, (this.listeners.get(type) ?? []).filter((f) => f !== fn)); }
  fire(type, event = {}) { for (const fn of this.listeners.get(type) ?? []) fn({ type, ...event }); }
}

class FakeStorage {
  constructor() { this.map = new Map(); }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.get(k) ?? null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
  seat(room) { this.setItem(`ziehdomino.seat.${room}`, JSON.stringify({ seat: 0, credential: `c-${room}` })); }
}

const page = new FakePage();
globalThis.document = page; // common/dom.js's h() makes its elements here
const { MY_ROOMS_EVERY_MS, createMyRooms } = await import('../../src/ziehdomino/web/lobby/my-rooms.js');

const WAITING = { started: false, in_progress: false, round: null, seats: [{ name: 'Anna', kind: 'person' }, { name: null, kind: 'person' }] };
const PLAYING = { ...WAITING, started: true, in_progress: true, round: 1, seats: [{ name: 'Anna', kind: 'person' }, { name: 'Ben', kind: 'person' }] };

/** Waits until the refreshes started have ended (the fakes answer at once). */
const settle = async () => { for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve)); };

/** "Meine Räume" over fakes; `rooms` maps a room id to its summary (null: it ended, 404). */
function setUp(rooms, { visible = true } = {}) {
  page.visibilityState = visible ? 'visible' : 'hidden';
  page.activeElement = null;
  page.listeners.clear();
  page.moves = [];
  const storage = new FakeStorage();
  for (const id of Object.keys(rooms)) storage.seat(id);
  const asked = [];
  const fetcher = async (url) => {
    asked.push(url);
    const summary = rooms[decodeURIComponent(url.split('/')[3])];
    return { ok: summary != null, status: summary == null ? 404 : 200, json: async () => summary };
  };
  const intervals = new Map();
  let next = 1;
  const timers = {
    setInterval: (fn, ms) => { intervals.set(next, { fn, ms }); return next++; },
    clearInterval: (id) => { intervals.delete(id); },
  };
  const win = new FakePage(); // pageshow and storage are the window's events
  const section = page.createElement('section');
  section.hidden = true;
  const list = page.createElement('ul');
  section.append(list);
  const mine = createMyRooms({ section, list, storage, fetcher, page, win, timers });
  const line = (id) => list.children.find((li) => li.getAttribute('data-room') === id);
  const state = (id) => line(id).findAll((n) => n.tagName === 'SMALL')[0].textContent;
  const button = (id, text) => line(id).findAll((n) => n.tagName === 'BUTTON' && n.textContent === text)[0];
  return { mine, storage, asked, intervals, win, section, list, line, state, button };
}

test('a room that started shows its new state after a refresh, its line updated in place', async () => {
  const rooms = { aaaa: WAITING };
  const { mine, asked, intervals, section, line, state } = setUp(rooms);
  await mine.refresh();
  assert.equal(section.hidden, false);
  assert.equal(state('aaaa'), 'wartet auf Mitspielende');
  const li = line('aaaa');
  rooms.aaaa = PLAYING;
  // every 15 s while visible, one timer
  assert.deepEqual([...intervals.values()].map((i) => i.ms), [MY_ROOMS_EVERY_MS]);
  assert.equal(MY_ROOMS_EVERY_MS, 15000);
  const before = asked.length;
  await [...intervals.values()][0].fn();
  assert.equal(asked.length, before + 1);
  assert.equal(state('aaaa'), 'läuft · Runde 1');
  assert.equal(line('aaaa'), li); // the same element, not a new one
  assert.match(li.textContent, /Anna, Ben/);
  rooms.aaaa = null; // it ended: "Entfernen" instead of "Raum verlassen", no "Öffnen"
  await mine.refresh();
  assert.equal(state('aaaa'), 'beendet');
  assert.equal(li.findAll((n) => n.tagName === 'A')[0].hidden, true);
  assert.ok(li.findAll((n) => n.tagName === 'BUTTON' && n.textContent === 'Entfernen' && !n.hidden).length === 1);
  mine.stop();
  assert.equal(intervals.size, 0);
});

test('a computer is named as at the table: numbered among the seats a computer holds or held', async () => {
  // Ben took over the first computer's seat: the second computer is still "Computer 2"
  const seats = [{ name: 'Anna', kind: 'person' }, { name: 'Ben', kind: 'person', since: 2 },
    { name: null, kind: 'computer' }, { name: null, kind: 'computer' }];
  const { mine, line } = setUp({ cccc: { ...PLAYING, seats } });
  await mine.refresh();
  assert.match(line('cccc').textContent, /^Anna, Ben, Computer 2, Computer 3/);
  mine.stop();
});

test('an open "Raum verlassen" question and the focus survive a refresh; a room from another tab comes in beside it', async () => {
  const rooms = { mmmm: WAITING };
  const { mine, storage, win, list, line, state, button } = setUp(rooms);
  await mine.refresh();
  const li = line('mmmm');
  button('mmmm', 'Raum verlassen').click();
  const no = button('mmmm', 'Abbrechen');
  const confirm = li.findAll((n) => n.getAttribute('role') === 'group')[0];
  assert.equal(confirm.hidden, false);
  assert.equal(page.activeElement, no);
  rooms.mmmm = null; // meanwhile the room ended
  rooms.aaaa = PLAYING; // and another tab took a seat elsewhere
  storage.seat('aaaa');
  page.moves = [];
  win.fire('storage', { key: 'ziehdomino.seat.aaaa' });
  await mine.refresh();
  assert.deepEqual(list.children.map((l) => l.getAttribute('data-room')), ['aaaa', 'mmmm']);
  assert.deepEqual(page.moves.filter((n) => n === li || li.contains(n)), []); // nothing of the open line was moved or made again
  assert.equal(line('mmmm'), li);
  assert.equal(confirm.hidden, false);
  assert.equal(page.activeElement, no);
  assert.equal(state('mmmm'), 'beendet'); // its words follow
  assert.equal(state('aaaa'), 'läuft · Runde 1');
  // An unrelated key changes nothing; the question answered "Abbrechen" closes as before.
  no.click();
  assert.equal(confirm.hidden, true);
  assert.equal(page.activeElement, button('mmmm', 'Raum verlassen'));
  page.activeElement = null;
  await mine.refresh(); // idle now: its buttons follow ("Entfernen")
  assert.ok(button('mmmm', 'Entfernen'));
  mine.stop();
});

test('nothing is fetched while the page is hidden; showing it again refreshes and restarts the timer', async () => {
  const rooms = { aaaa: WAITING };
  const { mine, storage, asked, intervals, win, state } = setUp(rooms, { visible: false });
  await mine.refresh();
  storage.seat('bbbb');
  win.fire('storage', { key: 'ziehdomino.seat.bbbb' });
  win.fire('pageshow', { persisted: true });
  await mine.refresh();
  assert.deepEqual(asked, []);
  assert.equal(intervals.size, 0); // no timer while hidden
  page.visibilityState = 'visible';
  page.fire('visibilitychange');
  await settle();
  assert.deepEqual(asked.slice().sort(), ['/api/rooms/aaaa', '/api/rooms/bbbb']);
  assert.equal(state('aaaa'), 'wartet auf Mitspielende');
  assert.equal(intervals.size, 1);
  page.visibilityState = 'hidden';
  page.fire('visibilitychange');
  assert.equal(intervals.size, 0);
  const before = asked.length;
  await mine.refresh();
  assert.equal(asked.length, before);
  // Back from the back-forward cache: asked again.
  page.visibilityState = 'visible';
  win.fire('pageshow', { persisted: true });
  await settle();
  assert.equal(asked.length, before + 2);
  mine.stop();
});
