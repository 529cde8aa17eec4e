// Tests of watching computers (session-watch.js) and the statistics (stats.js, stats-chart.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { seededRng } from '../../src/ziehdomino/web/engine/index.js';
import { decide } from '../../src/ziehdomino/web/bots/index.js';
import { roundRecord, roundSummary } from '../../src/ziehdomino/web/engine/replay.js';
import { WatchSession } from '../../src/ziehdomino/web/sessions/session-watch.js';
import { TEMPOS } from '../../src/ziehdomino/web/common/tempo.js';
import {
  STATS_KEY, countLocalRound, localRows, outcomeOf, readLocalStats, resetLocalStats, roomRows, tableLevel,
} from '../../src/ziehdomino/web/stats/stats.js';
import { barGeometry } from '../../src/ziehdomino/web/stats/stats-chart.js';

function memoryStorage() {
  const map = new Map();
  return { getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k), map };
}

function fakeClock() {
  const jobs = [];
  return {
    schedule: (fn, ms) => { const job = { fn, ms }; jobs.push(job); return job; },
    cancel: (job) => { const i = jobs.indexOf(job); if (i >= 0) jobs.splice(i, 1); },
    jobs,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('computers play each other round after round; the tally counts every round watched', async () => {
  const clock = fakeClock();
  const rng = seededRng(3);
  const watch = new WatchSession({
    levels: ['leicht', 'stark', 'mittel'], tempo: 'schnell', rng, schedule: clock.schedule, cancel: clock.cancel,
    chooseMove: (view, level) => decide(view, level, rng.int(0x7fffffff)),
  });
  const ends = [];
  watch.subscribe({ change: () => { const v = watch.view(); if (v.result && ends[ends.length - 1] !== v.round_number) ends.push(v.round_number); } });
  watch.resume();
  let beats = 0;
  while (ends.length < 3 && beats < 2000) {
    const job = clock.jobs.shift();
    assert.ok(job, 'the watch keeps planning while not paused');
    assert.ok(job.ms === TEMPOS.schnell || job.ms === 3 * TEMPOS.schnell);
    job.fn();
    await settle();
    beats += 1;
  }
  assert.deepEqual(ends, [1, 2, 3]);
  const v = watch.view();
  assert.equal(v.seat, null);
  assert.equal(v.hand, null);
  assert.equal(v.watch.rounds, 3);
  const tally = v.match.wins.reduce((a, b) => a + b, 0) + v.match.shared.reduce((a, b) => a + b, 0);
  assert.ok(tally >= 3 && v.match.wins.reduce((a, b) => a + b, 0) <= 3);
  assert.deepEqual(watch.roomInfo().seats.map((s) => s.level), ['leicht', 'stark', 'mittel']);
});

test('pause stops the table, a step plays exactly one action, and "Alle Hände zeigen" opens the hands', async () => {
  const clock = fakeClock();
  const rng = seededRng(8);
  const watch = new WatchSession({ levels: ['mittel', 'mittel'], rng, schedule: clock.schedule, cancel: clock.cancel,
    chooseMove: (view) => view.legal[0] });
  assert.equal(watch.view().hands, null); // closed while the round goes on
  watch.setShowAll(true);
  const open = watch.view();
  assert.equal(open.hands.length, 2);
  assert.equal(open.hands[0].length, 7);
  assert.deepEqual(open.pips, open.hands.map((h) => h.reduce((s, t) => s + Number(t[0]) + Number(t[2]), 0)));
  watch.resume();
  watch.pause();
  assert.equal(clock.jobs.length, 0);
  const before = watch.view().version;
  await watch.stepOnce();
  assert.equal(watch.view().version, before + 1);
  assert.equal(clock.jobs.length, 0); // still paused
  assert.equal(watch.view().watch.paused, true);
  assert.throws(() => new WatchSession({ levels: ['mittel'], chooseMove: () => null }), RangeError);
  assert.throws(() => new WatchSession({ levels: ['mittel', 'meister'], chooseMove: () => null }), RangeError);
});

test('local statistics: per level and table size, played = won + shared + lost, Zurücksetzen', () => {
  const storage = memoryStorage();
  assert.deepEqual(readLocalStats(storage).tables, {});
  countLocalRound(storage, { players: 2, levels: ['mittel'], result: { winners: [0] } });
  countLocalRound(storage, { players: 2, levels: ['mittel'], result: { winners: [1] } });
  countLocalRound(storage, { players: 3, levels: ['leicht', 'stark'], result: { winners: [0, 2] } });
  const stats = readLocalStats(storage);
  assert.deepEqual(stats.tables, { 'mittel:2': { played: 2, won: 1, shared: 0, lost: 1 }, 'stark:3': { played: 1, won: 0, shared: 1, lost: 0 } });
  assert.deepEqual(localRows(stats).map((r) => `${r.level}:${r.players}`), ['mittel:2', 'stark:3']);
  storage.setItem(STATS_KEY, '{"format":1,"tables":{"mittel:2":{"played":5,"won":1,"shared":0,"lost":1},"x:9":{}}}');
  assert.deepEqual(readLocalStats(storage).tables, {}); // inconsistent or unknown rows read as none
  storage.setItem(STATS_KEY, 'not json');
  assert.deepEqual(readLocalStats(storage).tables, {});
  countLocalRound(storage, { players: 4, levels: ['leicht'], result: { winners: [3] } });
  resetLocalStats(storage);
  assert.equal(storage.getItem(STATS_KEY), null);
  assert.equal(tableLevel(['leicht', 'stark', 'mittel']), 'stark');
  assert.equal(outcomeOf({ winners: [1, 2] }, 2), 'shared');
});

test('room statistics from the rounds: rounds, wins, shared, average pips left', () => {
  const rows = roomRows([{ winners: [0], pips: [0, 12, 7] }, { winners: [1, 2], pips: [9, 4, 4] }, { winners: [2], pips: [5, 3, 0] }], 3);
  assert.deepEqual(rows, [
    { seat: 0, rounds: 3, wins: 1, shared: 0, averagePips: 4.7 },
    { seat: 1, rounds: 3, wins: 0, shared: 1, averagePips: 6.3 },
    { seat: 2, rounds: 3, wins: 1, shared: 1, averagePips: 3.7 },
  ]);
  assert.deepEqual(roomRows([], 2).map((r) => r.averagePips), [null, null]);
});

test('a round summary from its record: the pips every seat was left with', async () => {
  const { newMatch, matchApply, legalActions } = await import('../../src/ziehdomino/web/engine/index.js');
  const rng = seededRng(12);
  const match = newMatch(3, { rng });
  while (match.round.result === null) {
    const legal = legalActions(match.round, match.round.turn);
    matchApply(match, match.round.turn, legal[rng.int(legal.length)]);
  }
  const summary = roundSummary(roundRecord(match));
  assert.deepEqual(summary.pips, match.round.hands.map((h) => h.reduce((s, t) => s + t[0] + t[1], 0)));
  assert.deepEqual(summary.winners, [...match.round.result.winners]);
});

test('the chart scales every bar to the largest total and stacks the parts', () => {
  const g = barGeometry([{ parts: [2, 1, 1] }, { parts: [0, 0, 2] }]);
  assert.equal(g[0][0].x, g[1][0].x);
  assert.ok(Math.abs(g[0][1].x - (g[0][0].x + g[0][0].width)) < 1e-9);
  const full = g[0].reduce((s, b) => s + b.width, 0);
  assert.ok(Math.abs(g[1][2].width - full / 2) < 1e-9);
  assert.equal(g[1][0].width, 0);
});
