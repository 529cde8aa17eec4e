// Unit tests of the tips ("Mit Tipps lernen") on positions, including every vector position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

import { applyAction, checkAction, roundFromPosition, seatView } from '../../src/ziehdomino/web/engine.js';
import { TIP_ACTIONS, TipCoach, knownLacks, tipFor } from '../../src/ziehdomino/web/tips.js';

const here = dirname(fileURLToPath(import.meta.url));
const vectorFile = (name) => JSON.parse(readFileSync(join(here, '..', 'vectors', name), 'utf8'));

function matchOf(round) {
  return { players: round.players, wins: Array(round.players).fill(0), shared: Array(round.players).fill(0),
    starters: [0], roundNumber: 1, version: 1, round };
}

function viewFromPosition(position, seat = position.turn) {
  return seatView(matchOf(roundFromPosition(position)), seat);
}

function assertGoodTip(match, seat) {
  const view = seatView(match, seat);
  const tip = tipFor(view, 'de');
  if (view.turn !== seat || view.result) {
    assert.equal(tip, null);
    return;
  }
  assert.ok(view.legal.some((a) => JSON.stringify(a) === JSON.stringify(tip.action)), 'the tip is a legal action');
  const plays = view.legal.filter((a) => a.type === 'play');
  if (plays.length) {
    assert.equal(tip.action.type, 'play');
    assert.ok(view.hand.includes(tip.tile));
    assert.doesNotThrow(() => checkAction(match.round, seat, tip.action), 'the named tile fits the named end');
    assert.match(tip.text, new RegExp(tip.tile.replace('|', '\\|')));
    if (view.ends) assert.match(tip.text, tip.end === 'left' ? /links/ : /rechts/);
  } else if (view.boneyard_count > 0) {
    assert.equal(tip.action.type, 'draw');
    assert.match(tip.text, /^Ziehe/);
  } else {
    assert.equal(tip.action.type, 'pass');
    assert.match(tip.text, /^Passe/);
  }
  assert.ok(tipFor(view, 'en').text.length > 20);
}

test('the tip is legal and worded right on every vector position and after every step', () => {
  let checked = 0;
  for (const file of ['handed.json', 'random-sample.json']) {
    for (const c of vectorFile(file).cases) {
      if (!c.position) continue;
      const match = matchOf(roundFromPosition(c.position));
      for (const step of [...c.steps, null]) {
        for (let s = 0; s < match.players; s++) assertGoodTip(match, s);
        checked += 1;
        if (!step || step.reject) continue;
        applyAction(match.round, step.seat, step.action);
      }
    }
  }
  assert.ok(checked > 300);
});

test('draw when nothing fits and the boneyard has tiles; pass when it is empty', () => {
  const pos = { players: 2, hands: [['0|0', '1|1'], ['2|2']], boneyard: ['6|6'], line: ['3|5'], turn: 0 };
  assert.equal(tipFor(viewFromPosition(pos)).action.type, 'draw');
  assert.match(tipFor(viewFromPosition(pos)).text, /3 oder 5/);
  const empty = { ...pos, boneyard: [] };
  assert.equal(tipFor(viewFromPosition(empty)).action.type, 'pass');
  assert.match(tipFor(viewFromPosition(empty), 'en').text, /boneyard is empty/);
});

test('sheds high pips when nothing else decides', () => {
  const pos = { players: 2, hands: [['0|5', '6|5', '1|2'], ['3|3']], boneyard: [], line: ['5|4'], turn: 0 };
  const tip = tipFor(viewFromPosition(pos));
  assert.equal(tip.tile, '5|6');
  assert.equal(tip.end, 'left');
  assert.match(tip.text, /Lege 5\|6 links an: links liegt eine 5\./);
});

test('prefers leaving a number the next player is known to lack', () => {
  // Seat 1 drew at ends 2 and 4: it lacks 2 and 4. Then the ends show 2 and 1; seat 0 can cover
  // the 2 (0|2 on the left, leaving 0 and 1) or keep it showing (1|1 on the right).
  const match = matchOf(roundFromPosition({ players: 2, hands: [['0|2', '0|6', '1|1'], ['3|3', '5|5']],
    boneyard: ['1|3', '1|4'], line: ['2|4'], turn: 1 }));
  applyAction(match.round, 1, { type: 'draw' }); // 1|3: no 2, no 4
  applyAction(match.round, 1, { type: 'draw' }); // 1|4: fits right
  applyAction(match.round, 1, { type: 'play', tile: '1|4', end: 'right' });
  const view = seatView(match, 0);
  assert.deepEqual([...knownLacks(view)[1]].sort(), [2, 4]);
  const tip = tipFor(view);
  assert.equal(tip.tile, '1|1');
  assert.equal(tip.end, 'right');
  assert.match(tip.text, /Platz 2 musste bei einer 2/);
});

test('a later draw at other ends takes back what was known about the other numbers', () => {
  const view = { players: 2, log: [
    { seat: 1, type: 'draw', ends: [3, 5] },
    { seat: 1, type: 'play', tile: '3|6', end: 'left', ends: [3, 5] },
    { seat: 1, type: 'draw', ends: [1, 2] },
  ] };
  assert.deepEqual([...knownLacks(view)[1]].sort(), [1, 2]);
  const passes = { players: 2, log: [{ seat: 0, type: 'pass', ends: [3, 5] }, { seat: 0, type: 'pass', ends: [1, 5] }] };
  assert.deepEqual([...knownLacks(passes)[0]].sort(), [1, 3, 5]);
});

test('no tip when it is not the viewer\'s turn, for a spectator, or after the round', () => {
  const pos = { players: 2, hands: [['0|5'], ['3|3']], boneyard: [], line: ['5|4'], turn: 0 };
  assert.equal(tipFor(viewFromPosition(pos, 1)), null);
  assert.equal(tipFor(viewFromPosition(pos, null)), null);
  const match = matchOf(roundFromPosition(pos));
  applyAction(match.round, 0, { type: 'play', tile: '0|5', end: 'left' });
  assert.equal(tipFor(seatView(match, 0)), null);
});

test('the coach: off at first, three counted actions, then off with its message; restart counts anew', () => {
  const coach = new TipCoach();
  assert.equal(coach.on, false);
  assert.equal(coach.countAction(), false, 'actions while off count nothing');
  coach.start();
  assert.equal(coach.remaining, TIP_ACTIONS);
  assert.equal(coach.countAction(), false);
  assert.equal(coach.countAction(), false);
  assert.equal(coach.countAction(), true);
  assert.equal(coach.on, false);
  coach.start();
  coach.countAction();
  coach.stop();
  coach.start();
  assert.equal(coach.remaining, 3, 'switching off and on again starts a new count');
  assert.match(TipCoach.doneText('de'), /aus/);
  assert.match(TipCoach.doneText('en'), /off/);
});

test("the tips' last message speaks of actions, as their counter does", () => {
  assert.match(TipCoach.doneText('de'), /drei Aktionen/);
  assert.doesNotMatch(TipCoach.doneText('de'), /Züge/);
});
