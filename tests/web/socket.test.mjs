// Tests of the reconnecting socket and the pending flag (src/ziehdomino/web/sessions/socket.js)
// with a fake WebSocket and a fake clock; the online session over it: session-online.test.mjs.
// Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BACKOFF, PENDING_MS, PING_MS, PendingFlag, ReconnectingSocket, SILENT_MS } from '../../src/ziehdomino/web/sessions/socket.js';
import { fakeClock, fakeSockets } from './fakes.mjs';

function make({ random = () => 0, failing = false } = {}) {
  const { all, FakeSocket } = fakeSockets({ failing });
  const clock = fakeClock();
  const told = [];
  const owner = {
    open: () => told.push(['open']),
    message: (data) => told.push(['message', JSON.parse(data)]),
    closed: (code) => told.push(['closed', code]),
    state: (state) => told.push(['state', state]),
  };
  const link = new ReconnectingSocket({ url: 'wss://example.test/ws/R', WebSocket: FakeSocket, schedule: clock.schedule, cancel: clock.cancel, random }, owner);
  return { link, all, clock, told };
}

test('it opens a socket at the address, tells its owner, and passes messages on', () => {
  const { link, all, told } = make();
  assert.equal(link.connect(), true);
  assert.equal(all[0].url, 'wss://example.test/ws/R');
  assert.equal(link.socket, all[0]);
  all[0].open();
  all[0].message({ type: 'state' });
  assert.deepEqual(told, [['state', 'connecting'], ['open'], ['message', { type: 'state' }]]);
});

test('a send goes out only on an open socket', () => {
  const { link, all } = make();
  link.connect();
  assert.equal(link.send({ type: 'x' }), false);
  all[0].open();
  assert.equal(link.send({ type: 'x' }), true);
  assert.deepEqual(all[0].sent, [{ type: 'x' }]);
});

test('while open it pings every PING_MS', () => {
  const { link, all, clock } = make();
  link.connect();
  all[0].open();
  clock.fire(PING_MS);
  clock.fire(PING_MS);
  assert.deepEqual(all[0].sent, [{ type: 'ping' }, { type: 'ping' }]);
});

test('a socket silent for SILENT_MS after a send is dropped and another comes after the backoff; any message keeps it', () => {
  const { link, all, clock, told } = make();
  link.connect();
  all[0].open();
  link.send({ type: 'a' });
  all[0].message({ type: 'answer' });
  assert.equal(clock.has(SILENT_MS), false);
  link.send({ type: 'b' });
  clock.fire(SILENT_MS);
  assert.equal(all[0].readyState, 3);
  assert.equal(all[0].onmessage, null); // the dropped socket's events go nowhere
  assert.equal(link.socket, null);
  assert.deepEqual(told.at(-1), ['state', 'retry']);
  assert.equal(told.some(([kind]) => kind === 'closed'), false); // dropped, not closed by the server
  clock.fire(BACKOFF[0]);
  assert.equal(all.length, 2);
});

test('a close is the owner\'s to decide; retries wait the backoff, stretched at random, until a reset', () => {
  const { link, all, clock, told } = make({ random: () => 0.5 });
  link.connect();
  all[0].drop(4503);
  assert.deepEqual(told.at(-1), ['closed', 4503]);
  const delays = [];
  for (let i = 0; i < 5; i += 1) {
    link.retry();
    const timer = clock.timers.at(-1);
    delays.push(timer.ms);
    clock.fire(timer.ms);
  }
  assert.deepEqual(delays, BACKOFF.concat(BACKOFF.at(-1)).map((ms) => Math.round(ms * 1.25)));
  link.resetBackoff();
  link.retry();
  assert.equal(clock.timers.at(-1).ms, Math.round(BACKOFF[0] * 1.25));
});

test('an old socket\'s events are ignored once another replaced it', () => {
  const { link, all, told } = make();
  link.connect();
  const old = all[0];
  const onclose = old.onclose;
  link.connect();
  assert.equal(old.closedWith, 1000);
  const before = told.length;
  onclose({ code: 1006 });
  assert.equal(told.length, before);
});

test('close() is for good: no retry, no timers; connect() opens again', () => {
  const { link, all, clock } = make();
  link.connect();
  all[0].open();
  link.send({ type: 'a' });
  link.retry();
  link.close();
  assert.equal(link.closed, true);
  assert.deepEqual(clock.timers, []);
  link.retry();
  assert.deepEqual(clock.timers, []);
  link.connect();
  assert.equal(link.closed, false);
  assert.equal(all.length, 2);
});

test('a socket that cannot be made is tried again after the backoff', () => {
  const { link, clock, told } = make({ failing: true });
  assert.equal(link.connect(), false);
  assert.deepEqual(told, [['state', 'connecting'], ['state', 'retry']]);
  assert.equal(clock.timers.at(-1).ms, BACKOFF[0]);
});

test('the pending flag turns on PENDING_MS after a start while something waits, and off at the settle after', () => {
  const clock = fakeClock();
  let outstanding = true;
  const told = [];
  const flag = new PendingFlag({ outstanding: () => outstanding, changed: (w) => told.push(w), schedule: clock.schedule, cancel: clock.cancel });
  flag.start();
  flag.start();
  assert.equal(clock.timers.length, 1); // one timer for both
  clock.fire(PENDING_MS);
  assert.equal(flag.waiting, true);
  flag.settle(); // still waiting for the answer
  assert.equal(flag.waiting, true);
  outstanding = false;
  flag.settle();
  assert.equal(flag.waiting, false);
  assert.deepEqual(told, [true, false]);
});

test('an answer within PENDING_MS never turns the flag on', () => {
  const clock = fakeClock();
  let outstanding = true;
  const told = [];
  const flag = new PendingFlag({ outstanding: () => outstanding, changed: (w) => told.push(w), schedule: clock.schedule, cancel: clock.cancel });
  flag.start();
  outstanding = false;
  flag.settle();
  assert.deepEqual(clock.timers, []);
  assert.deepEqual(told, []);
  assert.ok(PENDING_MS < SILENT_MS);
});
