// Tests of what a change of the seat's view means for the table's motion and sound
// (src/ziehdomino/web/table/view-change.js, motion.js `motionMs`, sound.js `soundsFor`), from
// views of real matches played by the rules engine. Run: node --test tests/web/
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { legalActions, matchApply, newMatch, seededRng, seatView } from '../../src/ziehdomino/web/engine/index.js';
import { MOTION_MS, motionMs } from '../../src/ziehdomino/web/table/motion.js';
import { SOUNDS, soundsFor } from '../../src/ziehdomino/web/table/sound.js';
import { viewChange } from '../../src/ziehdomino/web/table/view-change.js';

globalThis.localStorage = { getItem: () => null, setItem() {}, removeItem() {} };

/** A match of `players` dealt from `seed`, and a function that makes the seat to act do `kind` if it may. */
function table(players, seed) {
  const match = newMatch(players, { rng: seededRng(seed), firstStarter: 0 });
  const act = (kind) => {
    const seat = match.round.turn;
    const action = legalActions(match.round, seat).find((a) => a.type === kind);
    if (!action) return null;
    matchApply(match, seat, action);
    return seat;
  };
  return { match, act };
}

test('one placement: who placed which tile, whether it was the viewer, whether the turn came', () => {
  const { match, act } = table(3, 7);
  const [before0, before1] = [seatView(match, 0), seatView(match, 1)];
  assert.equal(act('play'), 0);
  const [next0, next1] = [seatView(match, 0), seatView(match, 1)];
  const other = viewChange(before1, next1);
  assert.deepEqual(other.action, { type: 'play', seat: 0, tile: next1.log[0].tile, mine: false });
  assert.equal(next1.turn, 1);
  assert.equal(other.turn, true); // the turn went from seat 0 to seat 1, the viewer
  assert.equal(other.roundEnd, false);
  const own = viewChange(before0, next0);
  assert.deepEqual(own.action, { type: 'play', seat: 0, tile: next0.log[0].tile, mine: true });
  assert.equal(own.turn, false);
});

test('a draw by the viewer and by another seat; a spectator sees every seat as another', () => {
  for (let seed = 1; seed < 400; seed++) {
    const { match, act } = table(2, seed);
    act('play');
    const seat = match.round.turn;
    if (!legalActions(match.round, seat).some((a) => a.type === 'draw')) continue;
    const views = [seat, 1 - seat, null].map((s) => seatView(match, s));
    act('draw');
    const [mine, other, watcher] = views.map((v) => viewChange(v, seatView(match, v.seat)));
    assert.deepEqual(mine.action, { type: 'draw', seat, tile: null, mine: true });
    assert.deepEqual(other.action, { type: 'draw', seat, tile: null, mine: false });
    assert.deepEqual(watcher.action, { type: 'draw', seat, tile: null, mine: false });
    assert.equal(watcher.turn, false); // a spectator has no turn
    return;
  }
  assert.fail('no deal with a draw found');
});

test('no action on a first view, a jump of two actions, a step back or a new round', () => {
  const { match, act } = table(2, 3);
  const start = seatView(match, 0);
  assert.equal(viewChange(null, start).action, null);
  act('play');
  const one = seatView(match, 0);
  act(legalActions(match.round, match.round.turn).some((a) => a.type === 'play') ? 'play' : 'draw');
  const two = seatView(match, 0);
  assert.notEqual(viewChange(start, one).action, null);
  assert.equal(viewChange(start, two).action, null); // two at once: a full redraw
  assert.equal(viewChange(two, one).action, null); // back (a replay's slider)
  assert.equal(viewChange(one, { ...two, round_number: 2 }).action, null);
  assert.equal(viewChange(one, null).action, null);
});

test("the round's end, and the match's end when the room names a match winner", () => {
  const { match, act } = table(2, 11);
  let before = seatView(match, 0);
  while (!match.round.result) {
    before = seatView(match, 0);
    act('play') ?? act('draw') ?? act('pass');
  }
  const after = seatView(match, 0);
  const end = viewChange(before, after, { match_winner: null });
  assert.equal(end.roundEnd, true);
  assert.equal(end.matchEnd, false);
  assert.equal(end.turn, false);
  assert.notEqual(end.action, null); // the last action is still shown
  assert.equal(viewChange(before, after, { match_winner: 1 }).matchEnd, true);
  assert.equal(viewChange(after, after).roundEnd, false); // once, not again
});

test('sounds: a click for a placement, a tick for a draw, then the chime or the end phrase', () => {
  const { match, act } = table(2, 5);
  const before = seatView(match, 1);
  act('play');
  assert.deepEqual(soundsFor(viewChange(before, seatView(match, 1), null)), [['place', 0], ['turn', 0.1]]);
  assert.deepEqual(soundsFor(viewChange(null, seatView(match, 1), null)), [['turn', 0]]);
  const ended = { ...seatView(match, 1), result: { kind: 'domino', winners: [0] }, turn: null };
  assert.deepEqual(soundsFor(viewChange(before, ended, { match_winner: 0 })), [['place', 0], ['match', 0.1]]);
  assert.deepEqual(soundsFor(viewChange(before, ended, {})), [['place', 0], ['round', 0.1]]);
});

test('every sound is short, quiet and known by its first tone', () => {
  const firsts = Object.values(SOUNDS).map((tones) => tones[0][0]);
  const all = Object.values(SOUNDS).flat().map((tone) => tone[0]);
  for (const f of firsts) assert.equal(all.filter((x) => x === f).length, 1, f);
  for (const [, start, length, , peak] of Object.values(SOUNDS).flat()) {
    assert.ok(peak > 0 && peak <= 0.15);
    assert.ok(start + length <= 1);
  }
});

test('a flight lasts at most 300 ms, shorter as the tempo quickens, none with reduced motion', () => {
  assert.deepEqual(Object.keys(MOTION_MS), ['langsam', 'normal', 'schnell']);
  assert.ok(motionMs('langsam', false) <= 300);
  assert.ok(motionMs('langsam', false) > motionMs('normal', false));
  assert.ok(motionMs('normal', false) > motionMs('schnell', false));
  assert.ok(motionMs('schnell', false) > 0);
  assert.equal(motionMs(null, false), motionMs('normal', false)); // a session without "Tempo"
  for (const tempo of ['langsam', 'normal', 'schnell', null]) assert.equal(motionMs(tempo, true), 0);
});
