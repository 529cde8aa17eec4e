// Tests of the round record and its replay (src/ziehdomino/web/replay.js). Run: node --test tests/web/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { PositionError, legalActions, matchApply, newMatch, nextRound, seededRng } from '../../src/ziehdomino/web/engine.js';
import { RECORD_FORMAT, replayFrames, replayRounds, roundRecord } from '../../src/ziehdomino/web/replay.js';

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
