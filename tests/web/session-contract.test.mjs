// The session contract (src/ziehdomino/web/sessions/session.js), one list of tests run against
// every session: local, online (over a fake WebSocket whose fake server plays by the rules),
// replay and watch. What a table needs of any session: the methods, the shapes of view(),
// roomInfo() and connection(), change events to subscribers until they unsubscribe, a refused
// move told as an `error` that changes nothing.
// Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { TEMPOS } from '../../src/ziehdomino/web/common/tempo.js';
import { matchApply, newMatch, roundRecord, seatView, seededRng } from '../../src/ziehdomino/web/engine/index.js';
import { LocalSession } from '../../src/ziehdomino/web/sessions/session-local.js';
import { OnlineSession } from '../../src/ziehdomino/web/sessions/session-online.js';
import { ReplaySession } from '../../src/ziehdomino/web/sessions/session-replay.js';
import { WatchSession } from '../../src/ziehdomino/web/sessions/session-watch.js';
import {
  CONNECTION_STATES, OPTIONAL_METHODS, SESSION_METHODS, checkSession, missingMethods,
} from '../../src/ziehdomino/web/sessions/session.js';
import { FakeStorage, fakeClock } from './fakes.mjs';

/** A server for one room of two seats (a person at seat 0, a computer at 1), by the rules. */
function fakeServer() {
  const match = newMatch(2, { firstStarter: 0, rng: seededRng(7) });
  const room = {
    room: 'ROOM1', you: 0, seats: [
      { seat: 0, kind: 'person', level: null, name: 'Anna', taken: true, connected: true },
      { seat: 1, kind: 'computer', level: 'leicht', name: null, taken: true, connected: true },
    ],
  };
  let seq = 0;
  const server = { socket: null };
  server.state = () => server.socket.reply({ type: 'state', seq: ++seq, room, view: seatView(match, 0) });
  /** The seat whose turn it is makes its first legal move, and everyone gets the state. */
  server.move = () => {
    const turn = match.round.turn;
    matchApply(match, turn, seatView(match, turn).legal[0]);
    server.state();
  };
  server.receive = (message) => {
    if (message.type === 'hello') {
      server.state();
      server.socket.reply({ type: 'history', rounds: [] });
    } else if (message.type === 'action') {
      try {
        matchApply(match, 0, message.action);
      } catch (error) {
        server.socket.reply({ type: 'error', code: error.code });
        return;
      }
      server.state();
    } else if (message.type === 'next_round') {
      server.socket.reply({ type: 'error', code: 'round_not_over' });
    }
  };
  class FakeSocket {
    constructor(url) { this.url = url; this.readyState = 0; server.socket = this; }
    send(text) { server.receive(JSON.parse(text)); }
    close() { this.readyState = 3; }
    reply(message) { this.onmessage?.({ data: JSON.stringify(message) }); }
  }
  server.WebSocket = FakeSocket;
  return server;
}

/** A finished round's record: a local round of two computers played to its end. */
function finishedRecord() {
  const match = newMatch(2, { firstStarter: 1, rng: seededRng(3) });
  while (match.round.result === null) {
    const turn = match.round.turn;
    matchApply(match, turn, seatView(match, turn).legal[0]);
  }
  return roundRecord(match);
}

/**
 * Each session as the contract sees it: `make()` gives `{session, change}`, a started session
 * and a function that makes it change once (as its game goes on by itself or by the player).
 */
const SESSIONS = {
  local: async () => {
    const clock = fakeClock();
    const session = new LocalSession({ storage: new FakeStorage(), schedule: clock.schedule, cancel: clock.cancel, delay: 5 });
    session.start({ name: 'Anna', computers: ['leicht'] });
    const change = async () => {
      if (session.view().turn === 0) session.act(session.view().legal[0]);
      else await clock.runOne();
    };
    return { session, change };
  },
  online: async () => {
    const server = fakeServer();
    const clock = fakeClock();
    const session = new OnlineSession('ROOM1', {
      storage: new FakeStorage(), WebSocket: server.WebSocket, location: { protocol: 'https:', host: 'example.test' },
      schedule: clock.schedule, cancel: clock.cancel, random: () => 0,
    });
    session.connect();
    server.socket.readyState = 1;
    server.socket.onopen();
    return { session, change: async () => server.move() };
  },
  replay: async () => {
    const session = new ReplaySession(finishedRecord(), { schedule: () => null, cancel: () => {} });
    return { session, change: async () => session.forward() };
  },
  watch: async () => {
    const clock = fakeClock();
    const session = new WatchSession({ levels: ['leicht', 'leicht'], chooseMove: (view) => view.legal[0],
      rng: seededRng(5), schedule: clock.schedule, cancel: clock.cancel });
    return { session, change: () => session.stepOnce() };
  },
};

/** A move no session may take at the start of a round: passing while the boneyard has tiles. */
const ILLEGAL = { type: 'pass' };

for (const [kind, make] of Object.entries(SESSIONS)) {
  test(`${kind}: has every method of the contract, and its optional ones are methods`, async () => {
    const { session } = await make();
    assert.deepEqual(missingMethods(session), []);
    assert.equal(checkSession(session), session);
    for (const name of OPTIONAL_METHODS) {
      if (name in session) assert.equal(typeof session[name], 'function', name);
    }
  });

  test(`${kind}: view(), roomInfo() and connection() have the shapes the table reads`, async () => {
    const { session } = await make();
    const view = session.view();
    const room = session.roomInfo();
    assert.ok(Number.isInteger(view.version));
    assert.ok(view.players >= 2 && view.players <= 4);
    assert.ok(view.seat === null || (Number.isInteger(view.seat) && view.seat < view.players));
    assert.ok(Array.isArray(view.line) && Array.isArray(view.legal) && Array.isArray(view.log));
    assert.equal(view.hand_counts.length, view.players);
    if (view.seat === null) assert.deepEqual(view.legal, []);
    else assert.ok(Array.isArray(view.hand));
    assert.equal(room.seats.length, view.players);
    room.seats.forEach((seat, s) => {
      assert.equal(seat.seat, s);
      assert.ok(['person', 'computer'].includes(seat.kind));
    });
    assert.equal(room.you ?? null, view.seat);
    assert.ok(CONNECTION_STATES.includes(session.connection()));
    assert.equal(Boolean(room.local), session.connection() === 'local');
    if (!room.local) assert.equal(session.connection(), 'online');
    if ('history' in session) assert.ok(Array.isArray(session.history()));
  });

  test(`${kind}: a subscriber gets change events until it unsubscribes; others go on`, async () => {
    const { session, change } = await make();
    let seen = 0;
    let other = 0;
    const off = session.subscribe({ change: () => { seen += 1; } });
    session.subscribe({ change: () => { other += 1; } });
    session.subscribe({ error: () => {} }); // a listener without a change handler is skipped
    const before = session.view().version;
    await change();
    assert.ok(seen >= 1 && other === seen);
    assert.notEqual(session.view().version, before);
    const stopped = seen;
    off();
    await change();
    await change();
    assert.equal(seen, stopped); // nothing more for it
    assert.ok(other > stopped); // the other listener still hears
  });

  test(`${kind}: a refused move is told as an error with a code and changes nothing`, async () => {
    const { session } = await make();
    const errors = [];
    let changes = 0;
    session.subscribe({ error: (code) => errors.push(code), change: () => { changes += 1; } });
    const view = JSON.stringify(session.view());
    const room = JSON.stringify(session.roomInfo());
    session.act(ILLEGAL);
    assert.equal(errors.length, 1);
    assert.equal(typeof errors[0], 'string');
    assert.equal(changes, 0);
    assert.equal(JSON.stringify(session.view()), view);
    assert.equal(JSON.stringify(session.roomInfo()), room);
  });

  test(`${kind}: asking for the next round while the round goes on deals none`, async () => {
    const { session } = await make();
    const view = JSON.stringify(session.view());
    session.subscribe({ error: () => {} });
    session.nextRound();
    assert.equal(JSON.stringify(session.view()), view);
  });

  test(`${kind}: a round played to its end is the last entry of the history, where it keeps one`, async () => {
    const { session, change } = await make();
    if (!('history' in session)) return;
    for (let i = 0; i < 200 && !session.view().result; i += 1) await change();
    const view = session.view();
    assert.ok(view.result, 'the round ended');
    const last = session.history().at(-1);
    assert.equal(last.round, view.round_number);
    assert.deepEqual(last.winners, view.result.winners);
  });

  test(`${kind}: a tempo, where it has one, is a name of TEMPOS and can be set`, async () => {
    const { session } = await make();
    if (!('tempo' in session)) return;
    assert.ok(Object.hasOwn(TEMPOS, session.tempo()));
    session.setTempo('schnell');
    assert.equal(session.tempo(), 'schnell');
  });
}

test('the contract names its methods once, and checkSession names what a session lacks', () => {
  assert.ok(Object.isFrozen(SESSION_METHODS) && Object.isFrozen(OPTIONAL_METHODS));
  assert.equal(SESSION_METHODS.filter((m) => OPTIONAL_METHODS.includes(m)).length, 0);
  assert.throws(() => checkSession({ view() {}, subscribe() {} }), /roomInfo, connection, act, nextRound/);
});
