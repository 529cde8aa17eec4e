// The puzzles in the browser (docs/puzzles.md): the search is Python's twin on every puzzle of
// the file; a game answers, takes back and is solved; progress and the daily streak.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { TA, TB } from '../../src/ziehdomino/web/bots/masks.js';
import { isPass, mainLine, moves, valueOf, Search, after } from '../../src/ziehdomino/web/learn/puzzle-search.js';
import {
  certain, moveOfSolution, myMoves, newGame, play, sameMove, solved, startPosition, takeBack,
} from '../../src/ziehdomino/web/learn/puzzle-game.js';
import {
  currentStreak, dailyIndex, loadProgress, markShown, markSolved, nextPuzzleOf, saveProgress, seriesState,
} from '../../src/ziehdomino/web/learn/puzzle-progress.js';
import { lineSentences, whyNot } from '../../src/ziehdomino/web/learn/puzzle-words.js';
import { reply } from '../../src/ziehdomino/web/learn/puzzle-search.js';

const FILE = JSON.parse(readFileSync(new URL('../../src/ziehdomino/web/learn/puzzles.json', import.meta.url), 'utf8'));
const PUZZLES = FILE.puzzles;

function stepJson({ seat, move }) {
  if (isPass(move)) return { seat, pass: true };
  return { seat, tile: [TA[move[0]], TB[move[0]]], end: move[1] ? 'right' : 'left' };
}

test('the browser finds every puzzle\'s one winning move and the same winning line as Python', () => {
  assert.ok(PUZZLES.length >= 300);
  for (const p of PUZZLES) {
    const pos = startPosition(p);
    const search = new Search(p.to_move);
    const winning = moves(pos).filter((m) => valueOf(search.moveScore(pos, m)) === 2);
    assert.deepEqual(winning, [moveOfSolution(p.solution)], p.id);
    assert.deepEqual(mainLine(pos, search).map(stepJson), p.answer, p.id);
  }
});

class FakeStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
}

test('a wrong move is answered, gives the win away and can be taken back; the right line solves it', () => {
  const p = PUZZLES.find((q) => q.series === 'meister' && q.decoys > 0);
  const game = newGame(p);
  const right = moveOfSolution(p.solution);
  const wrong = myMoves(game).find((m) => !sameMove(m, right));
  const { wins, answers } = play(game, wrong);
  assert.equal(wins, false);
  assert.ok(game.lost && !solved(game));
  assert.ok(answers.length >= 1 || game.ended !== null, 'the other seat answered (or the round ended)');
  assert.equal(takeBack(game), true);
  assert.deepEqual(game.pos, startPosition(p));
  assert.equal(game.lost, false);
  assert.throws(() => play(game, [27, 0]), RangeError);
  // the winning line: the player plays its moves, the game answers with the line's replies
  for (const step of p.answer) {
    if (solved(game)) break;
    if (step.seat !== p.to_move) continue;
    const move = step.pass ? [-1, -1] : moveOfSolution(step);
    play(game, move);
  }
  assert.ok(solved(game));
  assert.ok(game.ended === p.to_move || certain(game.pos, p.to_move));
});

test('the winning line is explained in words, the first move included, and the other first moves fail', () => {
  const p = PUZZLES.find((q) => q.plays >= 3 && q.choices >= 3);
  const pos = startPosition(p);
  const search = new Search(p.to_move);
  const sentences = lineSentences(pos, mainLine(pos, search), p.to_move);
  assert.equal(sentences.length, p.answer.length);
  assert.match(sentences[0], new RegExp(`^Du legst ${p.solution.tile.join('|').replace('|', '\\|')} (links|rechts) an\\. `));
  const nots = whyNot(pos, search, moveOfSolution(p.solution), reply, 5);
  assert.equal(nots.length, p.choices - 1);
  for (const text of nots) assert.match(text, /^Nicht \d\|\d (links|rechts) anlegen: /);
});

test('progress: solved puzzles, a shown solution does not count, the daily streak', () => {
  const storage = new FakeStorage();
  let data = loadProgress(storage);
  assert.equal(currentStreak(data, '2026-12-04'), 0);
  data = markSolved(data, 'a', '2026-12-03', true);
  data = markSolved(data, 'b', '2026-12-04', true);
  data = markSolved(data, 'c', '2026-12-04', true); // once a day
  assert.equal(currentStreak(data, '2026-12-04'), 2);
  assert.equal(currentStreak(data, '2026-12-05'), 2);
  assert.equal(currentStreak(data, '2026-12-06'), 0);
  data = markShown(data, 'd');
  data = markSolved(data, 'd', '2026-12-05', true);
  assert.equal(data.solved.d, undefined);
  assert.equal(data.daily.streak, 2);
  data = markSolved(data, 'e', '2026-12-07', true); // a day missed: a new streak
  assert.equal(data.daily.streak, 1);
  assert.ok(saveProgress(storage, data));
  assert.deepEqual(loadProgress(storage), data);
  const state = seriesState(data, [{ id: 'a' }, { id: 'x' }, { id: 'b' }]);
  assert.deepEqual([state.solved, state.total, state.next.id], [2, 3, 'x']);
  storage.setItem('ziehdomino.puzzles', '{not json');
  assert.deepEqual(loadProgress(storage).solved, {});
});

test('the puzzle of the day is the same for a date and changes with it', () => {
  assert.equal(dailyIndex('2026-12-04', PUZZLES.length), dailyIndex('2026-12-04', PUZZLES.length));
  const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'].map((d) => dailyIndex(d, PUZZLES.length));
  assert.equal(new Set(days).size, days.length);
  for (const i of days) assert.ok(i >= 0 && i < PUZZLES.length);
});

test('after() ends the round on the last tile and on two passes', () => {
  const pos = { h0: 1 << 0, h1: 1 << 27, left: 0, right: 0, turn: 0, passes: 0 };
  assert.equal(after(pos, [0, 0]).ended, 0);
  const blocked = { h0: 1 << 27, h1: 1 << 1, left: 0, right: 0, turn: 0, passes: 1 };
  assert.equal(after(blocked, [-1, -1]).ended, 1);
});

test('"Lösung zeigen" gives each own move of the winning line its own reason from the position', () => {
  let lines = 0;
  for (const p of PUZZLES.filter((q) => q.plays >= 3).slice(0, 40)) {
    const pos = startPosition(p);
    const sentences = lineSentences(pos, mainLine(pos, new Search(p.to_move)), p.to_move);
    const own = sentences.filter((x) => x.startsWith('Du legst'));
    for (const s of own) assert.doesNotMatch(s, /So bleibt der Sieg sicher/, `${p.id}: ${s}`);
    const reasons = own.map((s) => s.replace(/^Du legst \d\|\d (links|rechts) an\. /, ''));
    assert.equal(new Set(reasons).size, reasons.length, `${p.id}: every step its own reason: ${reasons.join(' / ')}`);
    lines += 1;
  }
  assert.ok(lines >= 20);
});

test('"Nächste Aufgabe" after the daily puzzle opens the first unsolved puzzle of the easiest series', () => {
  const order = ['einstieg', 'mitte', 'meister'];
  const einstieg = PUZZLES.filter((p) => p.series === 'einstieg');
  const daily = einstieg[128];
  const none = { solved: {} };
  assert.equal(nextPuzzleOf(none, PUZZLES, daily, true, order), einstieg[0]);
  const some = { solved: { [einstieg[0].id]: '2026-12-01', [einstieg[1].id]: '2026-12-02' } };
  assert.equal(nextPuzzleOf(some, PUZZLES, daily, true, order), einstieg[2]);
  // The daily puzzle is the easiest series' first: the next one, not itself again.
  assert.equal(nextPuzzleOf(none, PUZZLES, einstieg[0], true, order), einstieg[1]);
  // In a series: the next unsolved after the current one; a solved series goes on with the next.
  assert.equal(nextPuzzleOf(none, PUZZLES, einstieg[5], false, order), einstieg[6]);
  const all = { solved: Object.fromEntries(einstieg.map((p) => [p.id, '2026-12-01'])) };
  assert.equal(nextPuzzleOf(all, PUZZLES, einstieg[5], false, order), PUZZLES.find((p) => p.series === 'mitte'));
});
