// Unit tests of the tips ("Mit Tipps lernen") on positions, including every vector position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

import { decide } from '../../src/ziehdomino/web/bots/index.js';
import {
  applyAction, checkAction, matchApply, newMatch, roundFromPosition, seatView, seededRng,
} from '../../src/ziehdomino/web/engine/index.js';
import { mixSeed } from '../../src/ziehdomino/web/bots/rng.js';
import { TIP_ACTIONS, TipCoach, loadTips, tipFor, tipSeed } from '../../src/ziehdomino/web/learn/tips.js';

await loadTips();

const here = dirname(fileURLToPath(import.meta.url));
const vectorFile = (name) => JSON.parse(readFileSync(join(here, '..', 'vectors', name), 'utf8'));

function matchOf(round) {
  return { players: round.players, wins: Array(round.players).fill(0), shared: Array(round.players).fill(0),
    starters: [0], roundNumber: 1, version: 1, round };
}

function viewFromPosition(position, seat = position.turn) {
  return seatView(matchOf(roundFromPosition(position)), seat);
}

const halvesOf = (tile) => tile.split('|').map(Number);
const shows = (tile, n) => halvesOf(tile).includes(n);
const SIDE = { left: 'links', right: 'rechts' };

/** The open ends after `action`, worked out here from the view alone. */
function endsAfter(view, action) {
  const [a, b] = halvesOf(action.tile);
  if (!view.ends) return [a, b];
  const [l, r] = view.ends;
  if (action.end === 'left') return [a === l ? b : a, r];
  return [l, a === r ? b : a];
}

/** The next seat's draw or pass at `ends` (as the tip names it) is in the log. */
function assertLogged(view, name, type, ends) {
  const seat = Number(name.replace('Platz ', '')) - 1;
  assert.notEqual(seat, view.seat);
  assert.ok(view.log.some((e) => e.seat === seat && e.type === type && e.ends?.[0] === ends[0] && e.ends?.[1] === ends[1]),
    `the log shows ${name} ${type} at ${ends}`);
  return seat;
}

/**
 * Every sentence of a (German) tip is one of the known kinds, and each states a fact that
 * follows from the view (and, when the round is at hand, is true of the hidden hands). No
 * engine words ("Proben", "Verteilungen"): a number only as "in etwa k von 10".
 */
function assertTruthfulText(view, tip, hands = null) {
  const sentences = tip.text.match(/[^.]+[.]/g).map((x) => x.trim());
  assert.equal(sentences.join(' '), tip.text);
  assert.doesNotMatch(tip.text, /Proben|Verteilungen/);
  const action = tip.action;
  const rest = view.hand.filter((t) => t !== action.tile);
  const pips = (tile) => halvesOf(tile)[0] + halvesOf(tile)[1];
  const after = action.type === 'play' ? endsAfter(view, action) : null;
  for (const s of sentences) {
    let m;
    if ((m = s.match(/^Lege (\d\|\d) (links|rechts) an die (\d)\.$/))) {
      assert.equal(m[1], action.tile);
      assert.equal(m[2], SIDE[action.end]);
      assert.equal(Number(m[3]), view.ends[action.end === 'left' ? 0 : 1]);
    } else if ((m = s.match(/^Lege (\d\|\d) an: Die Kette ist leer, jeder Stein passt\.$/))) {
      assert.equal(m[1], action.tile);
      assert.equal(view.ends, null);
    } else if ((m = s.match(/^Danach liegen (?:(\d) und (\d)|zwei (\d)) offen, und dazu hast du noch (\d+) Steine: du kannst weiter anlegen\.$/))) {
      const [l, r] = after;
      if (m[3] !== undefined) assert.deepEqual([Number(m[3]), Number(m[3])], [l, r]);
      else assert.deepEqual([Number(m[1]), Number(m[2])], [l, r]);
      assert.equal(Number(m[4]), rest.filter((t) => shows(t, l) || shows(t, r)).length);
    } else if ((m = s.match(/^Danach (?:hast du noch einen Stein für die offenen Enden (\d) und (\d)|liegen zwei (\d) offen, und dazu hast du noch einen Stein)\.$/))) {
      assert.deepEqual(m[3] === undefined ? [Number(m[1]), Number(m[2])] : [Number(m[3]), Number(m[3])], after);
      assert.equal(rest.filter((t) => shows(t, after[0]) || shows(t, after[1])).length, 1);
    } else if ((m = s.match(/^So geht der schwere (\d\|\d) \((\d+) Augen\) weg: bei einer Blockade zählen die Augen in deiner Hand\.$/))) {
      assert.equal(m[1], action.tile);
      assert.equal(Number(m[2]), pips(action.tile));
      assert.ok(pips(action.tile) >= 8);
    } else if ((m = s.match(/^Ein Doppelstein wie (\d\|\d) passt nur an eine Zahl; jetzt passt er\.$/))) {
      assert.equal(m[1], action.tile);
      assert.equal(action.tile[0], action.tile[2]);
      assert.ok(view.ends, 'on the empty line every tile fits: no reason');
    } else if ((m = s.match(/^Ein einfacher Grund sticht hier nicht heraus: Stark hat die möglichen Züge oft zu Ende gespielt, und mit diesem gewann er am häufigsten, in etwa (\d+) von 10 Fällen\.$/))) {
      const found = tip.search;
      const chosen = found.candidates.find((c) => c.index === found.choice);
      assert.equal(Number(m[1]), Math.round((10 * (2 * chosen.won + chosen.shared)) / (2 * found.samples)));
    } else if ((m = s.match(/^(.+) hat keine (\d)(?: und keine (\d))? \(hat bei (\d)(?: und (\d))? (gezogen|gepasst)\)(?: und muss nach diesem Zug ziehen oder passen|: an die \d kann .+ nicht anlegen)\.$/))) {
      const seat = assertLogged(view, m[1], m[6] === 'gezogen' ? 'draw' : 'pass', [Number(m[4]), Number(m[5] ?? m[4])]);
      const numbers = [m[2], m[3]].filter((x) => x !== undefined).map(Number);
      for (const n of numbers) {
        assert.ok(after.includes(n), 'only numbers the move leaves open');
        if (hands) assert.ok(!hands[seat].some((t) => shows(t, n)), `${s}: and it is true`);
      }
      if (/muss nach diesem Zug/.test(s)) assert.deepEqual([...new Set(after)].sort(), [...new Set(numbers)].sort());
    } else if ((m = s.match(/^Den schwereren (\d\|\d) \((\d+) Augen\) behältst du hier, obwohl schwere Steine sonst früh weg sollen \(siehe Regeln\): der Grund davor wiegt hier mehr\.$/))) {
      assert.ok(view.legal.some((a) => a.tile === m[1]), 'a tile that fits');
      assert.equal(Number(m[2]), pips(m[1]));
      assert.ok(pips(m[1]) >= pips(action.tile) + 3 && pips(m[1]) >= 8);
    } else if ((m = s.match(/^Stark hat mit diesem Zug in etwa (\d+) von 10 ausgespielten Fällen gewonnen, mit (\d\|\d)(?: (links|rechts))? in etwa (\d+) von 10\.$/))) {
      const found = tip.search;
      assert.equal(found.method, 'sample');
      const tenth = (c) => Math.round((10 * (2 * c.won + c.shared)) / (2 * found.samples));
      const chosen = found.candidates.find((c) => c.index === found.choice);
      assert.equal(Number(m[1]), tenth(chosen));
      const alt = found.candidates.find((c) => c !== chosen && view.legal[c.index].tile === m[2]
        && (!m[3] || SIDE[view.legal[c.index].end] === m[3]));
      assert.ok(alt, 'the alternative is a candidate');
      assert.equal(Number(m[4]), tenth(alt));
      assert.ok(tenth(chosen) > tenth(alt), 'the number is given where it shows a difference');
      for (const c of found.candidates) assert.ok(2 * c.won + c.shared <= 2 * chosen.won + chosen.shared);
    } else if (/^Der Vorrat ist leer, also kennst du alle Steine:/.test(s)) {
      assert.equal(tip.search.method, 'solve');
      assert.equal(view.boneyard_count, 0);
      assert.equal(view.players, 2);
    } else if (s === 'Nur dieser Zug ist möglich.') {
      assert.equal(view.legal.length, 1);
    } else if ((m = s.match(/^Nur (\d\|\d) passt, und an beiden Enden ergibt er dieselben offenen Enden: es ist dein einziger Zug\.$/))) {
      assert.equal(tip.search.method, 'same');
      assert.equal(m[1], action.tile);
      assert.ok(view.legal.every((a) => a.tile === action.tile));
    } else if (!/^(Ziehe|Passe|Keiner|Ziehe so lange|und der Vorrat)/.test(s)) {
      assert.fail(`a sentence of no known kind: ${s}`);
    }
  }
}

/** The tip is Stark's decision for the view, legal, and worded truthfully. */
function assertGoodTip(view, hands = null, round = null) {
  const tip = tipFor(view, 'de');
  if (view.turn !== view.seat || view.result) {
    assert.equal(tip, null);
    return false;
  }
  assert.deepEqual(tip.action, decide(view, 'stark', tipSeed(view)), 'the tip is what stark would do');
  assert.ok(view.legal.some((a) => JSON.stringify(a) === JSON.stringify(tip.action)), 'the tip is a legal action');
  if (round) assert.doesNotThrow(() => checkAction(round, view.seat, tip.action), 'the engine takes it');
  const plays = view.legal.filter((a) => a.type === 'play');
  if (plays.length) {
    assert.equal(tip.action.type, 'play');
    assert.ok(view.hand.includes(tip.tile));
  } else if (view.boneyard_count > 0) {
    assert.equal(tip.action.type, 'draw');
    assert.match(tip.text, /^Ziehe/);
  } else {
    assert.equal(tip.action.type, 'pass');
    assert.match(tip.text, /^Passe/);
  }
  assertTruthfulText(view, tip, hands);
  assert.ok(tipFor(view, 'en').text.length > 20);
  return true;
}

test('on every vector position and after every step the tip is stark\'s legal choice, worded truthfully', () => {
  let checked = 0;
  for (const file of ['handed.json', 'random-sample.json']) {
    for (const c of vectorFile(file).cases) {
      if (!c.position) continue;
      const match = matchOf(roundFromPosition(c.position));
      for (const step of [...c.steps, null]) {
        for (let s = 0; s < match.players; s++) {
          const hands = match.round.hands.map((h) => h.map((t) => `${Math.min(...t)}|${Math.max(...t)}`));
          if (assertGoodTip(seatView(match, s), hands, match.round)) checked += 1;
        }
        if (!step || step.reject) continue;
        applyAction(match.round, step.seat, step.action);
      }
    }
  }
  for (const c of vectorFile('decisions.json').cases) {
    assert.ok(assertGoodTip(c.view));
    checked += 1;
  }
  assert.ok(checked > 500, `${checked}`);
});

test('on a few hundred positions of recorded rounds between computers the tip is stark\'s choice', () => {
  const rng = seededRng(2026);
  let checked = 0;
  for (let n = 0; checked < 300; n++) {
    const players = 2 + (n % 3);
    const match = newMatch(players, { rng, firstStarter: n % players });
    let step = 0;
    while (match.round.result === null) {
      const seat = match.round.turn;
      const view = seatView(match, seat);
      if (seat === 0 && view.legal.length > 1) {
        const hands = match.round.hands.map((h) => h.map((t) => `${Math.min(...t)}|${Math.max(...t)}`));
        if (assertGoodTip(view, hands, match.round)) checked += 1;
      }
      const level = ['mittel', 'heaviest', 'stark-v1'][(n + seat) % 3];
      matchApply(match, seat, decide(view, level, mixSeed(n, step)));
      step += 1;
    }
  }
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
  assert.match(tip.text, /^Lege 5\|6 links an die 5\. So geht der schwere 5\|6 \(11 Augen\) weg/);
});

test('names what the next player is known to lack, and the draw that shows it', () => {
  // Seat 1 drew at ends 2 and 4: it lacks 2 and 4. Then the ends show 2 and 1; seat 0 can cover
  // the 2 (0|2 on the left, leaving 0 and 1) or keep it showing (1|1 on the right).
  const match = matchOf(roundFromPosition({ players: 2, hands: [['0|2', '0|6', '1|1'], ['3|3', '5|5']],
    boneyard: ['1|3', '1|4'], line: ['2|4'], turn: 1 }));
  applyAction(match.round, 1, { type: 'draw' }); // 1|3: no 2, no 4
  applyAction(match.round, 1, { type: 'draw' }); // 1|4: fits right
  applyAction(match.round, 1, { type: 'play', tile: '1|4', end: 'right' });
  const view = seatView(match, 0);
  const tip = tipFor(view);
  assert.deepEqual(tip.search.lacks[1].map((x) => x.number), [2, 4]);
  assert.equal(tip.tile, '1|1');
  assert.equal(tip.end, 'right');
  assert.match(tip.text, /Platz 2 hat keine 2 \(hat bei 2 und 4 gezogen\): an die 2 kann Platz 2 nicht anlegen\./);
  assert.match(tipFor(view, 'en', (s) => `Computer ${s}`).text, /Computer 1 has no 2 \(drew at 2 and 4\): Computer 1 cannot play on the 2\./);
});

test('a later draw at other ends takes back what was known about the other numbers', () => {
  // Seat 1 draws at 3 and 5 and plays the drawn 0|3; later it draws at 0 and 6: the tile drawn
  // then could show a 3 or a 5, so only 0 and 6 are known to be lacking.
  const match = matchOf(roundFromPosition({ players: 2, hands: [['5|6', '4|4', '0|4', '1|3'], ['2|2', '1|1']],
    boneyard: ['0|3', '1|2', '1|6', '5|5'], line: ['3|5'], turn: 1 }));
  applyAction(match.round, 1, { type: 'draw' });
  applyAction(match.round, 1, { type: 'play', tile: '0|3', end: 'left' });
  assert.deepEqual(tipFor(seatView(match, 0)).search.lacks[1].map((x) => [x.number, x.type, x.ends]),
    [[3, 'draw', [3, 5]], [5, 'draw', [3, 5]]]);
  applyAction(match.round, 0, { type: 'play', tile: '5|6', end: 'right' });
  applyAction(match.round, 1, { type: 'draw' });
  applyAction(match.round, 1, { type: 'draw' });
  applyAction(match.round, 1, { type: 'play', tile: '1|6', end: 'right' });
  const tip = tipFor(seatView(match, 0));
  assert.deepEqual(tip.search.lacks[1].map((x) => [x.number, x.type, x.ends]), [[0, 'draw', [0, 6]], [6, 'draw', [0, 6]]]);
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

test('every tip gives a reason, never only the move restated, and no double reason on the empty line', () => {
  // Ends 3 and 3, one tile that fits: both ends give the same play.
  const view = {
    seat: 0, turn: 0, players: 2, round_number: 1, version: 3, hand: ['3|6', '1|2'], ends: [3, 3],
    line: [], log: [], hand_counts: [2, 3], boneyard_count: 5, result: null,
    legal: [{ type: 'play', tile: '3|6', end: 'left' }, { type: 'play', tile: '3|6', end: 'right' }],
  };
  const tip = tipFor(view, 'de');
  assert.equal(tip.search.method, 'same');
  assert.doesNotMatch(tip.text, /Beide Seiten ergeben dieselben offenen Enden\./);
  assert.match(tip.text, /Nur 3\|6 passt.*einziger Zug/);
  assert.match(tipFor(view, 'en').text, /Only 3\|6 fits/);
});
