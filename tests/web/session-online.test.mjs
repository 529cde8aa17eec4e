// Tests of the online session (src/ziehdomino/web/sessions/session-online.js) with a fake WebSocket.
// Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { OnlineSession, readSeat, writeSeat } from '../../src/ziehdomino/web/sessions/session-online.js';
import { BACKOFF, PENDING_MS, PING_MS, SILENT_MS } from '../../src/ziehdomino/web/sessions/socket.js';
import { FakeStorage, fakeClock, fakeSockets } from './fakes.mjs';

const VIEW = { version: 7, seat: 1, legal: [{ type: 'draw' }] };

function make(storage = new FakeStorage()) {
  const { all, FakeSocket } = fakeSockets();
  const clock = fakeClock();
  const states = [];
  const errors = [];
  const conns = [];
  const session = new OnlineSession('ROOM123', {
    storage, WebSocket: FakeSocket, location: { protocol: 'https:', host: 'example.test' },
    schedule: clock.schedule, cancel: clock.cancel, random: () => 0,
  });
  session.subscribe({
    change: () => states.push([session.roomInfo(), session.view()]), error: (c) => errors.push(c), connection: (s) => conns.push(s),
  });
  return { session, all, clock, states, errors, conns, storage };
}

test('hello carries the stored credential; a browser without one says hello as a spectator', () => {
  const storage = new FakeStorage();
  writeSeat(storage, 'ROOM123', 1, 'SECRET');
  const a = make(storage);
  a.session.connect();
  assert.equal(a.all[0].url, 'wss://example.test/ws/ROOM123');
  a.all[0].open();
  assert.deepEqual(a.all[0].sent[0], { type: 'hello', credential: 'SECRET', deltas: 2 });
  const b = make();
  b.session.connect();
  b.all[0].open();
  assert.deepEqual(b.all[0].sent[0], { type: 'hello', deltas: 2 });
});

test('actions and next round carry the version of the current view', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'state', room: { you: 1 }, view: VIEW });
  assert.deepEqual(t.states[0], [{ you: 1 }, VIEW]);
  t.session.act({ type: 'draw' });
  t.session.nextRound();
  assert.deepEqual(t.all[0].sent.slice(1), [
    { type: 'action', version: 7, action: { type: 'draw' } },
    { type: 'next_round', version: 7 },
  ]);
});

test('errors are reported by code only', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'error', code: 'stale_version', message: 'internal words' });
  t.all[0].message({ type: 'error' });
  assert.deepEqual(t.errors, ['stale_version', 'unknown']);
});

test('it reconnects by itself with growing delays, and resets after a state', () => {
  const t = make();
  t.session.connect();
  t.all[0].drop();
  assert.equal(t.clock.timers.at(-1).ms, BACKOFF[0]);
  t.clock.fire(BACKOFF[0]);
  assert.equal(t.all.length, 2);
  t.all[1].drop();
  assert.equal(t.clock.timers.at(-1).ms, BACKOFF[1]);
  t.clock.fire(BACKOFF[1]);
  t.all[2].open();
  t.all[2].message({ type: 'state', room: {}, view: null });
  t.all[2].drop();
  assert.equal(t.clock.timers.at(-1).ms, BACKOFF[0]);
  assert.ok(t.conns.includes('retry') && t.conns.includes('online'));
});

test('the reconnect delays are stretched by up to half at random, and stay short', () => {
  const { FakeSocket } = fakeSockets();
  const clock = fakeClock();
  const session = new OnlineSession('ROOM123', {
    storage: new FakeStorage(), WebSocket: FakeSocket, location: { protocol: 'https:', host: 'example.test' },
    schedule: clock.schedule, cancel: clock.cancel, random: () => 0.9999,
  });
  session.connect();
  const delays = [];
  for (let i = 0; i < 6; i += 1) {
    session.socket.drop();
    const timer = clock.timers.at(-1);
    delays.push(timer.ms);
    clock.timers.splice(clock.timers.indexOf(timer), 1);
    timer.fn();
  }
  assert.deepEqual(delays, [150, 750, 1500, 3000, 3000, 3000]); // the longest wait: 3 s
  assert.ok(BACKOFF[0] <= 100 && BACKOFF.at(-1) <= 2000); // a moved room or a dead process: back at once; never long
});

test('a refused credential is forgotten and the browser watches instead', () => {
  const storage = new FakeStorage();
  writeSeat(storage, 'ROOM123', 0, 'OLD');
  const t = make(storage);
  t.session.connect();
  t.all[0].open();
  t.all[0].drop(4401);
  assert.equal(readSeat(storage, 'ROOM123'), null);
  assert.deepEqual(t.errors, ['bad_credential']);
  t.all[1].open();
  assert.deepEqual(t.all[1].sent[0], { type: 'hello', deltas: 2 });
});

test('a credential refused with an error and then 4401 (as the server does) leaves the page watching, not closed', () => {
  const storage = new FakeStorage();
  writeSeat(storage, 'ROOM123', 1, 'FREED'); // a seat freed while the page took long to open
  const t = make(storage);
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'error', code: 'bad_credential', message: 'this credential opens no seat of this room' });
  t.all[0].drop(4401);
  assert.equal(readSeat(storage, 'ROOM123'), null);
  assert.deepEqual(t.errors, ['bad_credential']);
  assert.notEqual(t.conns.at(-1), 'closed');
  assert.equal(t.all.length, 2); // a new socket at once
  t.all[1].open();
  assert.deepEqual(t.all[1].sent[0], { type: 'hello', deltas: 2 });
  t.all[1].drop(4401); // a spectator's socket: never a loop of hellos with no credential
  assert.equal(t.conns.at(-1), 'closed');
});

test('an unknown room stops reconnecting', () => {
  const t = make();
  t.session.connect();
  t.all[0].drop(4404);
  assert.deepEqual(t.errors, ['room_not_found']);
  assert.equal(t.clock.timers.filter((x) => BACKOFF.includes(x.ms)).length, 0);
});

test('taking a seat stores it and reconnects with it', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.session.takeSeat(2, 'NEW');
  assert.deepEqual(readSeat(t.storage, 'ROOM123'), { seat: 2, credential: 'NEW' });
  t.all[1].open();
  assert.deepEqual(t.all[1].sent[0], { type: 'hello', credential: 'NEW', deltas: 2 });
});

test('acting while disconnected says so instead of dropping the action silently', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'state', room: {}, view: VIEW });
  t.all[0].drop();
  t.session.act({ type: 'draw' });
  t.session.nextRound();
  assert.deepEqual(t.errors, ['offline', 'offline']);
  assert.equal(t.all[0].sent.filter((m) => m.type !== 'hello').length, 0);
});

test('a seat taken over by another tab (4409) does not reconnect and fight for it', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.all[0].drop(4409);
  assert.deepEqual(t.errors, ['replaced']);
  assert.equal(t.clock.timers.filter((x) => BACKOFF.includes(x.ms)).length, 0);
});

test('the session interface: view(), roomInfo(), connection() and subscribe() listeners', () => {
  const t = make();
  assert.equal(t.session.view(), null);
  assert.equal(t.session.roomInfo(), null);
  const seen = [];
  const off = t.session.subscribe({ change: () => seen.push('change'), connection: (s) => seen.push(s) });
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'state', room: { you: 1 }, view: VIEW });
  assert.deepEqual(t.session.view(), VIEW);
  assert.deepEqual(t.session.roomInfo(), { you: 1 });
  assert.equal(t.session.connection(), 'online');
  assert.deepEqual(seen, ['online', 'change']);
  off();
  t.all[0].message({ type: 'state', room: { you: 1 }, view: VIEW });
  assert.deepEqual(seen, ['online', 'change']);
});

test('a socket that stays silent after an action is taken for dead and the session reconnects', () => {
  const t = make();
  t.session.connect();
  t.all[0].open(); // the hello waits for an answer
  t.all[0].message({ type: 'state', room: {}, view: VIEW });
  assert.equal(t.clock.timers.filter((x) => x.ms === SILENT_MS).length, 0); // answered: nothing pending
  t.session.act({ type: 'draw' });
  t.session.act({ type: 'draw' }); // a second send does not push the deadline out
  assert.equal(t.clock.timers.filter((x) => x.ms === SILENT_MS).length, 1);
  t.clock.fire(SILENT_MS);
  assert.equal(t.all[0].readyState, 3);
  assert.equal(t.conns.at(-1), 'retry');
  t.clock.fire(BACKOFF[0]);
  assert.equal(t.all.length, 2);
  t.all[1].open();
  t.all[1].message({ type: 'state', room: {}, view: VIEW });
  t.session.act({ type: 'draw' });
  t.all[1].message({ type: 'error', code: 'stale_version' }); // any answer keeps the socket
  assert.equal(t.clock.timers.filter((x) => x.ms === SILENT_MS).length, 0);
  assert.equal(t.all.length, 2);
});

test('one action at a time: a second one against the same view is not sent; an answer or a reconnect ends the wait', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'state', room: { you: 1 }, view: VIEW });
  t.session.act({ type: 'draw' });
  t.session.act({ type: 'draw' }); // a double-click's second click, a key pressed twice
  const actions = () => t.all.at(-1).sent.filter((m) => m.type === 'action');
  assert.deepEqual(actions(), [{ type: 'action', version: 7, action: { type: 'draw' } }]);
  assert.deepEqual(t.errors, ['pending']); // the page can say at once why nothing happened
  // A state of the same version (someone's connection changed) is no answer to it.
  t.all[0].message({ type: 'state', room: { you: 1, seats: [] }, view: VIEW });
  t.session.act({ type: 'draw' });
  assert.equal(actions().length, 1);
  assert.deepEqual(t.errors, ['pending', 'pending']);
  // The answer, a state of the next version: the next action goes out, made against it.
  t.all[0].message({ type: 'state', room: { you: 1 }, view: { ...VIEW, version: 8 } });
  t.session.act({ type: 'draw' });
  assert.deepEqual(actions().at(-1), { type: 'action', version: 8, action: { type: 'draw' } });
  // A refusal answers it too, and a real stale action is still told.
  t.all[0].message({ type: 'error', code: 'stale_version' });
  assert.deepEqual(t.errors, ['pending', 'pending', 'stale_version']);
  t.session.act({ type: 'pass' });
  assert.deepEqual(actions().at(-1), { type: 'action', version: 8, action: { type: 'pass' } });
  assert.equal(actions().length, 3);
  // A new socket: what the old one carried is answered there or never.
  t.session.connect();
  t.all.at(-1).open();
  t.all.at(-1).message({ type: 'state', room: { you: 1 }, view: { ...VIEW, version: 8 } });
  t.session.act({ type: 'pass' });
  assert.deepEqual(actions(), [{ type: 'action', version: 8, action: { type: 'pass' } }]);
});

test('an action the old socket never had answered is reported undelivered after the reconnect', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'state', room: {}, view: VIEW });
  t.session.act({ type: 'draw' });
  t.all[0].drop(1006); // the process hung or died before answering
  t.session.connect();
  t.all[1].open();
  t.all[1].message({ type: 'state', room: {}, view: VIEW }); // still the version acted on
  assert.deepEqual(t.errors, ['undelivered']);
});

test('an action made before the socket broke is not reported once the new state shows it', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'state', room: {}, view: VIEW });
  t.session.act({ type: 'draw' });
  t.all[0].drop(1006);
  t.session.connect();
  t.all[1].open();
  t.all[1].message({ type: 'state', room: {}, view: { ...VIEW, version: 8 } });
  assert.deepEqual(t.errors, []);
});

test('a next-round request lost with the socket is reported unless the seat shows ready', () => {
  const over = { ...VIEW, legal: [], result: { winners: [0] } };
  for (const [ready, errors] of [[false, ['undelivered']], [true, []]]) {
    const t = make();
    t.session.connect();
    t.all[0].open();
    t.all[0].message({ type: 'state', room: { seats: [{}, { ready: false }] }, view: over });
    t.session.nextRound();
    t.all[0].drop(1006);
    t.session.connect();
    t.all[1].open();
    t.all[1].message({ type: 'state', room: { seats: [{}, { ready }] }, view: over });
    assert.deepEqual(t.errors, errors);
  }
});

/** A session with a state of VIEW on an open socket that answers nothing from now on. */
function silentServer() {
  const t = make();
  const pendings = [];
  t.session.subscribe({ pending: (waiting) => pendings.push([waiting, t.session.pending(), t.session.connection()]) });
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'state', room: { you: 1, seats: [{}, { ready: false }] }, view: VIEW });
  return { ...t, pendings };
}

test('a move the server has not answered after PENDING_MS is pending until the answer comes', () => {
  assert.ok(PENDING_MS >= 500 && PENDING_MS < SILENT_MS / 4, PENDING_MS);
  const t = silentServer();
  t.session.act({ type: 'draw' });
  assert.equal(t.session.pending(), false); // not at once: a normal answer never shows it
  assert.deepEqual(t.pendings, []);
  t.clock.fire(PENDING_MS);
  assert.equal(t.session.pending(), true);
  assert.deepEqual(t.pendings, [[true, true, 'online']]);
  t.session.act({ type: 'draw' }); // the second click: not sent, refused as pending
  assert.deepEqual(t.errors, ['pending']);
  assert.equal(t.clock.timers.filter((x) => x.ms === PENDING_MS).length, 0); // no second timer
  t.all[0].message({ type: 'state', room: { you: 1 }, view: { ...VIEW, version: 8 } });
  assert.equal(t.session.pending(), false);
  assert.deepEqual(t.pendings, [[true, true, 'online'], [false, false, 'online']]);
});

test('an answer within PENDING_MS never makes a move pending; neither do pings', () => {
  const t = silentServer();
  t.session.act({ type: 'draw' });
  t.all[0].message({ type: 'error', code: 'stale_version' });
  assert.equal(t.clock.timers.filter((x) => x.ms === PENDING_MS).length, 0); // the timer went with the answer
  assert.equal(t.session.pending(), false);
  t.clock.fire(PING_MS); // a ping goes out: nothing the player made
  assert.equal(t.clock.timers.filter((x) => x.ms === PENDING_MS).length, 0);
  assert.deepEqual(t.pendings, []);
});

test('a pending move stays pending through the reconnect after silence, until the new socket answers', () => {
  const t = silentServer();
  t.session.act({ type: 'draw' });
  t.clock.fire(PENDING_MS);
  t.clock.fire(SILENT_MS); // taken for dead
  assert.equal(t.session.connection(), 'retry');
  assert.equal(t.session.pending(), true); // the page says the connection is being restored
  t.clock.fire(BACKOFF[0]);
  t.all[1].open();
  assert.equal(t.session.pending(), true);
  t.all[1].message({ type: 'state', room: { you: 1 }, view: { ...VIEW, version: 8 } }); // it was made
  assert.equal(t.session.pending(), false);
  assert.deepEqual(t.pendings.map(([waiting]) => waiting), [true, false]);
  assert.deepEqual(t.errors, []);
});

test('a next-round request is pending like an action and is not sent twice meanwhile', () => {
  const over = { ...VIEW, legal: [], result: { winners: [0] } };
  const t = silentServer();
  t.all[0].message({ type: 'state', room: { you: 1, seats: [{}, { ready: false }] }, view: over });
  t.session.nextRound();
  t.session.nextRound();
  assert.equal(t.all[0].sent.filter((m) => m.type === 'next_round').length, 1);
  assert.deepEqual(t.errors, ['pending']);
  t.clock.fire(PENDING_MS);
  assert.equal(t.session.pending(), true);
  t.all[0].message({ type: 'state', room: { you: 1, seats: [{}, { ready: true }] }, view: over }); // marked ready
  assert.equal(t.session.pending(), false);
});

test('closing the session ends a pending wait', () => {
  const t = silentServer();
  t.session.act({ type: 'draw' });
  t.clock.fire(PENDING_MS);
  t.session.close();
  assert.equal(t.session.pending(), false);
  assert.deepEqual(t.pendings.map(([waiting]) => waiting), [true, false]);
});

test('a seat contributes once per socket to each pending deal, a spectator never (docs/fair.md)', () => {
  const storage = new FakeStorage();
  writeSeat(storage, 'ROOM123', 1, 'SECRET');
  const t = make(storage);
  t.session.connect();
  t.all[0].open();
  const pending = (contributed) => ({ you: 1, fair: { commitment: 'c'.repeat(64), contributed } });
  t.all[0].message({ type: 'state', room: pending([false, false]), view: null });
  t.all[0].message({ type: 'state', room: pending([false, false]), view: null });
  const sent = t.all[0].sent.filter((m) => m.type === 'contribute');
  assert.equal(sent.length, 1);
  assert.equal(sent[0].commitment, 'c'.repeat(64));
  assert.match(sent[0].contribution, /^[0-9a-f]{32}$/);
  t.all[0].message({ type: 'state', room: pending([false, true]), view: null }); // confirmed
  const dealt = { version: 2, seat: 1, round_number: 1, result: null, fair: { commitment: 'c'.repeat(64), seed: null, contributions: null } };
  t.all[0].message({ type: 'state', room: { you: 1, fair: { commitment: null, contributed: [false, false] } }, view: dealt });
  assert.deepEqual(t.session.dealWitness(dealt), {
    seen: 'c'.repeat(64), promised: 'c'.repeat(64), byJoin: false, waited: true,
    mine: { contribution: sent[0].contribution, confirmed: true }, previous: null,
  });
  // a new socket sends it again while it is not confirmed; a spectator sends nothing
  const s = make();
  s.session.connect();
  s.all[0].open();
  s.all[0].message({ type: 'state', room: { you: null, fair: { commitment: 'd'.repeat(64), contributed: [false, false] } }, view: null });
  assert.equal(s.all[0].sent.filter((m) => m.type === 'contribute').length, 0);
});

test('a contribution sent before the next-round request on the socket that brings the deal is one the server holds', () => {
  const storage = new FakeStorage();
  writeSeat(storage, 'ROOM123', 0, 'SECRET');
  const t = make(storage);
  t.session.connect();
  t.all[0].open();
  const c1 = '1'.repeat(64);
  const c2 = '2'.repeat(64);
  const round = (n, commitment, result) => ({ version: n * 10, seat: 0, round_number: n, result, starter: n % 2, log: [],
    fair: { commitment, seed: null, contributions: null } });
  t.all[0].message({ type: 'state', room: { you: 0, seats: [{ ready: false }, { ready: false }], fair: { commitment: null, contributed: [false, false] } }, view: round(1, c1, null) });
  t.all[0].message({ type: 'state', room: { you: 0, seats: [{ ready: false }, { ready: false }], fair: { commitment: c2, contributed: [false, false] } }, view: round(1, c1, { kind: 'domino' }) });
  const given = t.all[0].sent.find((m) => m.type === 'contribute');
  assert.equal(given.commitment, c2);
  t.session.nextRound(); // never confirmed (a server that drops it says nothing), then the deal on this socket
  t.all[0].message({ type: 'state', room: { you: 0, seats: [{ ready: false }, { ready: false }], fair: { commitment: null, contributed: [false, false] } }, view: round(2, c2, null) });
  const witness = t.session.dealWitness(round(2, c2, null));
  assert.deepEqual([witness.mine, witness.promised, witness.previous], [{ contribution: given.contribution, confirmed: true }, c2, 1]);
});

test('a person taking a computer\'s seat contributes to the deal that seats them while watching', () => {
  const storage = new FakeStorage();
  writeSeat(storage, 'ROOM123', 1, 'HEIR');
  const t = make(storage);
  t.session.connect();
  t.all[0].open();
  const seats = [{ kind: 'person', heir: null }, { kind: 'computer', heir: 'Ben' }];
  t.all[0].message({ type: 'state', room: { you: null, seats, fair: { commitment: 'e'.repeat(64), contributed: [true, false] } }, view: null });
  assert.equal(t.all[0].sent.filter((m) => m.type === 'contribute').length, 1);
  assert.equal(t.session.pendingDeal().contribution, t.all[0].sent.find((m) => m.type === 'contribute').contribution);
});

test('a delta from the state held makes the next state; one that does not follow it asks for the full state once', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  const room = { room: 'ROOM123', seats: [], clock: null, you: null };
  t.all[0].message({ type: 'state', seq: 4, room, view: { version: 7, seat: null, line: ['1|2'], log: [], turn: 0, legal: [] } });
  t.all[0].message({ type: 'delta', seq: 5, room: { clock: { seat: 1, ms: 900, stand_in: false } },
    view: { version: 8, turn: 1 }, append: { log: [{ seat: 0, type: 'play' }] }, prepend: { line: ['0|1'] } });
  assert.deepEqual(t.session.view(), { version: 8, seat: null, line: ['0|1', '1|2'], log: [{ seat: 0, type: 'play' }], turn: 1, legal: [] });
  assert.deepEqual(t.session.roomInfo().clock, { seat: 1, ms: 900, stand_in: false });
  const shown = t.states.length;
  t.all[0].message({ type: 'delta', seq: 10, view: { version: 12 } }); // 6 to 9 were missed
  t.all[0].message({ type: 'delta', seq: 11, view: { version: 13 } });
  assert.equal(t.session.view().version, 8); // nothing guessed
  assert.equal(t.states.length, shown);
  assert.deepEqual(t.all[0].sent.filter((m) => m.type === 'sync'), [{ type: 'sync' }]);
  t.all[0].message({ type: 'state', seq: 11, room, view: { version: 13, seat: null, line: [], log: [], turn: 0, legal: [] } });
  t.all[0].message({ type: 'delta', seq: 12, view: { version: 14 } });
  assert.equal(t.session.view().version, 14);
});

test('the browser going offline drops the socket at once and the session retries; pings come every PING_MS', () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  t.all[0].message({ type: 'state', seq: 1, room: { seats: [] }, view: VIEW });
  assert.equal(t.session.connection(), 'online');
  assert.ok(PING_MS <= 10000);
  t.clock.fire(PING_MS);
  assert.deepEqual(t.all[0].sent.at(-1), { type: 'ping' });
  t.session.networkLost();
  assert.equal(t.session.connection(), 'retry');
  assert.equal(t.all[0].readyState, 3); // the old socket is closed
  t.clock.fire(BACKOFF[0]);
  assert.equal(t.all.length, 2); // a new one is being opened
});

test("a round's end adds its line to the history held, once; a history message replaces it", () => {
  const t = make();
  t.session.connect();
  t.all[0].open();
  const ended = (n) => ({ ...VIEW, seat: null, round_number: n, starter: 1, result: { kind: 'domino', winners: [0] }, pips: [0, 5], fair: null, turn: null });
  t.all[0].message({ type: 'state', seq: 1, room: { you: null }, view: ended(1) });
  t.all[0].message({ type: 'history', rounds: [{ round: 1, starter: 1, kind: 'domino', winners: [0], pips: [0, 5], fair: null }] });
  t.all[0].message({ type: 'state', seq: 2, room: { you: null }, view: ended(2) });
  t.all[0].message({ type: 'state', seq: 3, room: { you: null }, view: ended(2) }); // the same end: not again
  assert.deepEqual(t.session.history(), [1, 2].map((n) => ({ round: n, starter: 1, kind: 'domino', winners: [0], pips: [0, 5], fair: null })));
  // round 3's end was skipped (a slow reader's states are replaced): the full state and history
  // are asked for, once, and asked again only for a later round
  const syncs = () => t.all[0].sent.filter((m) => m.type === 'sync').length;
  const playing = (n) => ({ ...ended(n), result: null, turn: 0, pips: null });
  t.all[0].message({ type: 'state', seq: 4, room: { you: null }, view: playing(4) });
  assert.equal(syncs(), 1);
  t.all[0].message({ type: 'history', rounds: [1, 2].map((n) => ({ round: n, starter: 1, kind: 'domino', winners: [0], pips: [0, 5], fair: null })) });
  t.all[0].message({ type: 'state', seq: 5, room: { you: null }, view: playing(4) });
  assert.equal(syncs(), 1);
});
