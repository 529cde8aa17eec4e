// Tests of the round record and its replay (src/ziehdomino/web/engine/replay.js). Run: node --test tests/web/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { PositionError, legalActions, matchApply, newMatch, nextRound, seededRng } from '../../src/ziehdomino/web/engine/index.js';
import { RECORD_FORMAT, replayFrames, replayRounds, roundRecord } from '../../src/ziehdomino/web/engine/replay.js';

const cases = JSON.parse(readFileSync(new URL('../vectors/random-sample.json', import.meta.url), 'utf8')).cases;

/** The record a vector's random round leaves: deal (boneyard cut to the draws), accepted actions, result. */
function recordOfCase(c) {
  const accepted = c.steps.filter((s) => 'expect' in s);
  const draws = accepted.filter((s) => s.action.type === 'draw').length;
  const deal = structuredClone(c.position);
  const undrawn = deal.boneyard.length - draws;
  deal.boneyard = deal.boneyard.slice(0, draws);
  return {
    format: RECORD_FORMAT, round: 1, players: deal.players, starter: deal.turn, deal, undrawn,
    actions: accepted.map((s) => s.action), result: accepted[accepted.length - 1].expect.result,
  };
}

const sorted = (hand) => hand.map((t) => t.split('|').map(Number).sort().join('|')).sort();

test('a replay reproduces every state of the vectors\' random rounds', () => {
  for (const c of cases) {
    const accepted = c.steps.filter((s) => 'expect' in s);
    const frames = replayFrames(recordOfCase(c));
    assert.equal(frames.length, accepted.length + 1, c.id);
    accepted.forEach((s, i) => {
      const f = frames[i + 1];
      const want = s.expect;
      assert.deepEqual(f.line, want.line, `${c.id} step ${i}`);
      want.hands.forEach((hand, seat) => assert.deepEqual(sorted(f.hands[seat]), sorted(hand)));
      assert.equal(f.boneyard_count, want.boneyard.length);
      assert.deepEqual(f.result, want.result);
      if (want.result === null) {
        assert.equal(f.turn, want.turn);
        assert.equal(f.passes, want.passes);
      }
      assert.equal(f.action.seat, s.seat);
      assert.equal(f.action.type, s.action.type);
    });
  }
});

test('each draw names the tile it took: the one that joins the hand', () => {
  for (const c of cases) {
    const frames = replayFrames(recordOfCase(c));
    for (let i = 1; i < frames.length; i++) {
      const { action } = frames[i];
      if (action.type !== 'draw') continue;
      const before = frames[i - 1].hands[action.seat];
      const after = frames[i].hands[action.seat];
      assert.deepEqual(after, [...before, action.drawn]);
    }
  }
});

function playedRecords(players, seed, rounds) {
  const rng = seededRng(seed);
  const match = newMatch(players, { rng });
  const out = [];
  for (let r = 0; r < rounds; r++) {
    const live = [];
    while (match.round.result === null) {
      const legal = legalActions(match.round, match.round.turn);
      matchApply(match, match.round.turn, legal[rng.int(legal.length)]);
      live.push(structuredClone(match.round.line));
    }
    out.push({ record: roundRecord(match), live, hands: match.round.hands.map((h) => h.length) });
    nextRound(match);
  }
  return out;
}

test('a local match\'s records replay to the lines it played, and keep no tile never drawn', () => {
  for (const players of [2, 3, 4]) {
    for (const { record, live, hands } of playedRecords(players, players * 5, 5)) {
      assert.deepEqual(JSON.parse(JSON.stringify(record)), record);
      const frames = replayFrames(record);
      assert.deepEqual(frames.slice(1).map((f) => f.line), live.map((line) => line.map((t) => `${t[0]}|${t[1]}`)));
      assert.deepEqual(frames[frames.length - 1].hands.map((h) => h.length), hands);
      assert.equal(record.deal.boneyard.length, record.actions.filter((a) => a.type === 'draw').length);
      const { states } = replayRounds(record);
      assert.equal(states.length, frames.length);
    }
  }
});

test('only a finished round has a record', () => {
  assert.throws(() => roundRecord(newMatch(2, { rng: seededRng(1) })), /still being played/);
});

test('a bad record is refused with a message', () => {
  const base = playedRecords(3, 9, 1)[0].record;
  const changes = [
    [(r) => { r.format = 2; }, /format 1/],
    [(r) => { r.round = 0; }, /round must be/],
    [(r) => { r.players = 5; }, /players must be/],
    [(r) => { r.starter = (r.starter + 1) % 3; }, /opened by the starter/],
    [(r) => { r.undrawn += 1; }, /28 tiles/],
    [(r) => { r.actions.pop(); }, /does not end/],
    [(r) => { r.actions.push({ type: 'pass' }); }, /refused on replay/],
    [(r) => { r.result = { kind: 'domino', winners: [(r.result.winners[0] + 1) % 3] }; }, /result/],
    [(r) => { r.deal.hands[0].pop(); }, /holds 5 tiles/],
    [(r) => { r.actions = 'none'; }, /actions must be/],
    [(r) => { r.deal = null; }, /position must be an object/i],
  ];
  for (const [change, message] of changes) {
    const record = structuredClone(base);
    change(record);
    assert.throws(() => replayFrames(record), (e) => e instanceof PositionError && message.test(e.message), String(message));
  }
  assert.throws(() => replayFrames(null), PositionError);
  assert.throws(() => replayFrames('text'), PositionError);
});

test('a pass while undrawn tiles were left is refused', () => {
  let record = null;
  for (let seed = 0; record === null && seed < 200; seed++) {
    const r = playedRecords(2 + (seed % 3), seed, 1)[0].record;
    if (r.result.kind === 'blocked' && r.deal.boneyard.length > 0) record = r;
  }
  assert.ok(record, 'a blocked round among the seeds');
  const lastDraw = record.actions.map((a) => a.type).lastIndexOf('draw');
  record.deal.boneyard.pop();
  record.undrawn += 1;
  record.actions[lastDraw] = { type: 'pass' };
  assert.throws(() => replayFrames(record), new RegExp(`actions\\[${lastDraw}\\] is refused on replay: .*undrawn`));
});

// --- the replay as a session -----------------------------------------------------------------

import { ReplaySession } from '../../src/ziehdomino/web/sessions/session-replay.js';
import { TEMPOS } from '../../src/ziehdomino/web/common/tempo.js';

function fakeClock() {
  const jobs = [];
  return {
    schedule: (fn, ms) => { const job = { fn, ms }; jobs.push(job); return job; },
    cancel: (job) => { const i = jobs.indexOf(job); if (i >= 0) jobs.splice(i, 1); },
    jobs,
    runNext() { const job = jobs.shift(); job.fn(); return job.ms; },
  };
}

test('the replay session steps through every state: Weiter, Zurück, Anfang, Ende, the slider', () => {
  const { record } = playedRecords(3, 21, 1)[0];
  const frames = replayFrames(record);
  const session = new ReplaySession(record, { seats: [{ kind: 'person', name: 'Anna' }, { kind: 'computer', level: 'stark' }, { kind: 'person', name: 'Ben' }] });
  let changes = 0;
  session.subscribe({ change: () => { changes += 1; } });
  assert.equal(session.steps, frames.length - 1);
  let v = session.view();
  assert.equal(v.seat, null);
  assert.deepEqual(v.legal, []);
  assert.deepEqual(v.line, []);
  assert.deepEqual(v.hands, frames[0].hands); // every hand open from the deal on
  for (let k = 1; k <= session.steps; k++) {
    session.forward();
    v = session.view();
    assert.deepEqual(v.line, frames[k].line);
    assert.equal(v.log.length, k);
    assert.deepEqual(v.replay.action, frames[k].action);
  }
  assert.deepEqual(v.result, record.result);
  assert.equal(session.forward(), session.steps); // no step past the end
  for (let k = session.steps - 1; k >= 0; k--) assert.deepEqual((session.back(), session.view()).line, frames[k].line);
  assert.equal(session.back(), 0);
  assert.equal(session.last(), session.steps);
  assert.equal(session.first(), 0);
  assert.equal(session.seek(5), 5);
  assert.equal(session.seek(99999), session.steps);
  assert.equal(session.seek(-3), 0);
  assert.ok(changes >= 2 * session.steps);
  const room = session.roomInfo();
  assert.deepEqual(room.seats.map((s) => [s.kind, s.name, s.level]), [['person', 'Anna', null], ['computer', null, 'stark'], ['person', 'Ben', null]]);
  const errors = [];
  session.subscribe({ error: (code) => errors.push(code) });
  session.act({ type: 'draw' });
  assert.deepEqual(errors, ['round_over']);
});

test('Abspielen plays one action per beat at the tempo, Anhalten stops, the end stops it', () => {
  const { record } = playedRecords(2, 4, 1)[0];
  const clock = fakeClock();
  const session = new ReplaySession(record, { tempo: 'schnell', schedule: clock.schedule, cancel: clock.cancel });
  session.play();
  assert.ok(session.playing());
  assert.equal(clock.runNext(), TEMPOS.schnell);
  assert.equal(session.step, 1);
  session.setTempo('langsam');
  assert.equal(clock.runNext(), TEMPOS.schnell); // the beat already planned
  assert.equal(clock.runNext(), TEMPOS.langsam);
  assert.equal(session.step, 3);
  session.pause();
  assert.ok(!session.playing());
  assert.equal(clock.jobs.length, 0);
  session.play();
  while (clock.jobs.length) clock.runNext();
  assert.equal(session.step, session.steps);
  assert.ok(!session.playing());
  session.play(); // at the end: from the start again
  assert.equal(session.step, 0);
  session.back();
  assert.ok(!session.playing());
});

test('a replay session refuses a record the rules refuse', () => {
  const { record } = playedRecords(2, 4, 1)[0];
  record.actions.pop();
  assert.throws(() => new ReplaySession(record), PositionError);
});

import { statusText } from '../../src/ziehdomino/web/table/words.js';

test('a replay\'s status names whose turn it is, "du" for the player\'s own seat, and never "Du schaust zu"', () => {
  const { record } = playedRecords(2, 7, 1)[0];
  const seats = [{ kind: 'person', name: 'Anna' }, { kind: 'computer', level: 'stark' }];
  for (const mine of [null, 0]) {
    const session = new ReplaySession(record, { seats, mine });
    for (let k = 0; k < session.steps; k++) {
      session.seek(k);
      const view = session.view();
      const text = statusText(view, session.roomInfo());
      assert.doesNotMatch(text, /Du schaust zu/, text);
      if (view.turn === 0) assert.match(text, mine === 0 ? /^Du bist am Zug\./ : /^Anna ist am Zug\./, text);
      if (view.turn === 1) assert.match(text, /^Computer 1 ist am Zug\./, text);
    }
  }
});
