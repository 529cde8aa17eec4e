// Tests of the browser rules engine (src/ziehdomino/web/engine/). Run: node --test tests/web/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { runVectors } from '../../scripts/check-vectors.mjs';
import {
  ALL_TILES,
  PositionError,
  REFUSAL_CODES,
  Refusal,
  applyAction,
  checkAction,
  cloneRound,
  dealRound,
  formatOriented,
  formatTile,
  legalActions,
  matchApply,
  newMatch,
  nextRound,
  parseTile,
  positionOf,
  matchFromState,
  roundFromPosition,
  roundResult,
  seatView,
  seededRng,
  matchToState,
  tilePips,
} from '../../src/ziehdomino/web/engine/index.js';

const vectors = (name) => JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), 'utf8'));

/** Everything a round holds, as JSON, to compare before and after. */
const stateOf = (round) => JSON.stringify(round);

const canon = (text) => formatTile(parseTile(text));

/** Every action a seat could try in a round: each tile of its hand at each end, draw, pass. */
function candidateActions(round, seat) {
  const out = [];
  for (const tile of round.hands[seat]) {
    const text = formatTile(tile);
    if (round.line.length === 0) out.push({ type: 'play', tile: text, end: null });
    else for (const end of ['left', 'right']) out.push({ type: 'play', tile: text, end });
  }
  out.push({ type: 'draw' }, { type: 'pass' });
  return out;
}

/** Plays a match round to its end with random legal actions; calls `each(match)` before every action. */
function playRandomRound(match, rng, each = () => {}) {
  for (let steps = 0; match.round.result === null; steps++) {
    assert.ok(steps < 200, 'a round must end within 200 actions');
    each(match);
    const seat = match.round.turn;
    const legal = legalActions(match.round, seat);
    assert.ok(legal.length > 0, 'the seat to act always has a legal action');
    matchApply(match, seat, legal[rng.int(legal.length)]);
  }
}

// --- the contract -----------------------------------------------------------------------------

for (const name of ['handed.json', 'random-sample.json', 'stored.json']) {
  test(`conformance vectors ${name} all pass`, () => {
    const results = runVectors(vectors(name));
    assert.ok(results.length >= 16);
    const failed = results.filter((r) => r.failures.length > 0);
    assert.deepEqual(failed, []);
  });
}

test('the vector runner reports a doctored case, with its step', () => {
  const data = vectors('handed.json');
  const kase = structuredClone(data.cases.find((c) => c.id === 'both-ends-equal-left'));
  kase.steps[0].expect.line = ['4|6', '4|1', '1|2', '2|4'];
  const refused = structuredClone(data.cases.find((c) => c.id === 'opening-no-draw-no-pass'));
  refused.steps[1].reject = 'cannot_pass';
  const match = structuredClone(data.cases.find((c) => c.id === 'match-rotation-and-counters'));
  match.expect.starters = [0, 1, 2];
  const [a, b, c] = runVectors({ format: 1, cases: [kase, refused, match] });
  assert.match(a.failures[0], /^step 0 .*line: expected/);
  assert.match(b.failures[0], /^step 1 .*expected refusal cannot_pass, got must_play/);
  assert.match(c.failures[0], /^starters: expected \[0,1,2\], got \[0,1,2,0\]/);
});

// --- tiles --------------------------------------------------------------------------------------

test('ALL_TILES is the 28 distinct tiles of a double-six set, 168 pips', () => {
  assert.equal(ALL_TILES.length, 28);
  assert.equal(new Set(ALL_TILES.map(formatTile)).size, 28);
  assert.equal(ALL_TILES.reduce((sum, t) => sum + tilePips(t), 0), 168);
  assert.ok(ALL_TILES.every((t) => t[0] <= t[1] && Object.isFrozen(t)));
});

test('parseTile reads either orientation into the one canonical tile', () => {
  assert.deepEqual(parseTile('5|2'), [2, 5]);
  assert.equal(parseTile('5|2'), parseTile('2|5'));
  assert.equal(formatTile([5, 2]), '2|5');
  assert.equal(formatOriented([5, 2]), '5|2');
  assert.equal(formatTile(parseTile('6|6')), '6|6');
  assert.equal(tilePips(parseTile('3|4')), 7);
});

test('parseTile refuses anything but a|b with 0-6, naming the input', () => {
  for (const bad of ['7|1', '1|7', '12', '1-2', ' 1|2', '1|2 ', '', '-1|2', 12, null, undefined, ['1', '2']]) {
    assert.throws(() => parseTile(bad), (e) => e instanceof Refusal && e.code === 'invalid_action', String(bad));
  }
  assert.throws(() => parseTile('7|1'), /"7\|1" is not a tile/);
  assert.throws(() => formatTile([7, 1]), TypeError);
  assert.throws(() => formatOriented([1, 7]), TypeError);
});

test('Refusal carries a known code; unknown codes are a programming error', () => {
  assert.equal(new Refusal('must_play', 'x').code, 'must_play');
  assert.equal(new Refusal('round_not_over', 'x').code, 'round_not_over');
  assert.throws(() => new Refusal('nope', 'x'), TypeError);
  assert.deepEqual(REFUSAL_CODES.slice(0, 3), ['invalid_action', 'round_over', 'not_your_turn']);
});

// --- dealing ------------------------------------------------------------------------------------

test('dealing gives 7/7+14, 5x3+13 and 5x4+8 and conserves all 28 tiles', () => {
  const expected = { 2: [7, 14], 3: [5, 13], 4: [5, 8] };
  for (let seed = 0; seed < 30; seed++) {
    for (const players of [2, 3, 4]) {
      const round = dealRound(players, seed % players, seededRng(seed));
      const [hand, boneyard] = expected[players];
      assert.deepEqual(round.hands.map((h) => h.length), new Array(players).fill(hand));
      assert.equal(round.boneyard.length, boneyard);
      const all = [...round.hands.flat(), ...round.boneyard];
      assert.equal(new Set(all).size, 28);
      assert.ok(all.every((t) => ALL_TILES.includes(t)));
      assert.equal(all.reduce((sum, t) => sum + tilePips(t), 0), 168);
      assert.equal(round.turn, seed % players);
      assert.equal(round.starter, seed % players);
      assert.deepEqual([round.line, round.left, round.passes, round.result, round.log], [[], null, 0, null, []]);
    }
  }
});

test('dealing with the default crypto source works and differs between deals', () => {
  const deals = new Set();
  for (let i = 0; i < 5; i++) deals.add(JSON.stringify(positionOf(dealRound(2, 0))));
  assert.ok(deals.size > 1);
});

test('a seeded deal is reproducible; a different seed deals differently', () => {
  const deal = (seed) => JSON.stringify(positionOf(dealRound(4, 1, seededRng(seed))));
  assert.equal(deal(7), deal(7));
  assert.notEqual(deal(7), deal(8));
});

test('the shuffle is not visibly biased: each tile lands first in the boneyard about equally often', () => {
  const rng = seededRng(99);
  const counts = new Map();
  const n = 28000;
  for (let i = 0; i < n; i++) {
    const first = dealRound(4, 0, rng).boneyard[0];
    counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  assert.equal(counts.size, 28);
  for (const c of counts.values()) assert.ok(c > 800 && c < 1200, `count ${c} far from 1000`);
});

test('dealRound checks players, starter and rng', () => {
  assert.throws(() => dealRound(1, 0), PositionError);
  assert.throws(() => dealRound(5, 0), PositionError);
  assert.throws(() => dealRound(3, 3), /starter must be a seat from 0 to 2, not 3/);
  assert.throws(() => dealRound(2, 0, 'dice'), TypeError);
  assert.throws(() => dealRound(2, 0, () => 99), RangeError);
  const fn = dealRound(2, 0, (n) => n - 1); // a function rng is accepted
  assert.equal(fn.hands[0].length, 7);
});

// --- actions ------------------------------------------------------------------------------------

const position = (extra = {}) =>
  roundFromPosition({ players: 2, hands: [['5|6', '1|1'], ['3|4']], boneyard: ['0|0'], line: ['2|5'], turn: 0, passes: 0, ...extra });

/** A round that seat 0 has just won by playing its last tile. */
function finishedRound() {
  const round = roundFromPosition({ players: 2, hands: [['1|2'], ['3|4']], boneyard: [], line: ['2|5'], turn: 0 });
  applyAction(round, 0, { type: 'play', tile: '1|2', end: 'left' });
  return round;
}

test('every refusal code is reported in its precedence and changes nothing', () => {
  const over = finishedRound();
  const noFit = roundFromPosition({ players: 2, hands: [['0|0'], ['3|4']], boneyard: ['1|1'], line: ['2|5'], turn: 0 });
  const dry = roundFromPosition({ players: 2, hands: [['0|0'], ['3|4']], boneyard: [], line: ['2|5'], turn: 0 });
  const cases = [
    [position(), 0, { type: 'play', tile: '5|6' }, 'invalid_action'],
    [position(), 0, { type: 'play', tile: '5|6', end: 'middle' }, 'invalid_action'],
    [position(), 0, { type: 'play', tile: '5|9', end: 'right' }, 'invalid_action'],
    [position(), 0, { type: 'jump' }, 'invalid_action'],
    [position(), 0, null, 'invalid_action'],
    [position(), 0, 'draw', 'invalid_action'],
    [over, 1, { type: 'play', tile: '3|4' }, 'invalid_action'], // malformed beats round_over
    [over, 2, { type: 'draw' }, 'invalid_action'], // no such seat beats round_over
    [position(), null, { type: 'draw' }, 'invalid_action'],
    [position(), 0.5, { type: 'draw' }, 'invalid_action'],
    [over, 1, { type: 'draw' }, 'round_over'],
    [over, 0, { type: 'pass' }, 'round_over'],
    [position(), 1, { type: 'play', tile: '3|4', end: 'left' }, 'not_your_turn'],
    [position(), 0, { type: 'play', tile: '3|4', end: 'left' }, 'tile_not_in_hand'],
    [position(), 0, { type: 'play', tile: '1|1', end: 'left' }, 'tile_does_not_fit'],
    [position(), 0, { type: 'play', tile: '6|5', end: 'left' }, 'tile_does_not_fit'],
    [position(), 0, { type: 'draw' }, 'must_play'],
    [position(), 0, { type: 'pass' }, 'must_play'],
    [dry, 0, { type: 'draw' }, 'cannot_draw'],
    [noFit, 0, { type: 'pass' }, 'cannot_pass'],
  ];
  for (const [round, seat, action, code] of cases) {
    const before = stateOf(round);
    assert.throws(() => applyAction(round, seat, action), (e) => e instanceof Refusal && e.code === code, `${JSON.stringify(action)} -> ${code}`);
    assert.throws(() => checkAction(round, seat, action), (e) => e.code === code);
    assert.equal(stateOf(round), before, `${JSON.stringify(action)} changed the round`);
  }
});

test('a refused action through the match changes nothing, not even the version', () => {
  const match = newMatch(3, { rng: seededRng(5), firstStarter: 2 });
  const before = JSON.stringify(matchToState(match));
  assert.throws(() => matchApply(match, 0, { type: 'play', tile: formatTile(match.round.hands[0][0]) }), { code: 'not_your_turn' });
  assert.throws(() => matchApply(match, 2, { type: 'draw' }), { code: 'must_play' });
  assert.equal(JSON.stringify(matchToState(match)), before);
});

test('a stale version is refused before anything else, in matchApply and nextRound', () => {
  const match = newMatch(2, { rng: seededRng(4), firstStarter: 0 });
  const before = JSON.stringify(matchToState(match));
  const legal = legalActions(match.round, 0)[0];
  assert.throws(() => matchApply(match, 0, legal, { version: 0 }), (e) => e instanceof Refusal && e.code === 'stale_version');
  assert.throws(() => nextRound(match, { version: 0 }), { code: 'stale_version' });
  assert.throws(() => nextRound(match, { version: 1 }), { code: 'round_not_over' });
  assert.equal(JSON.stringify(matchToState(match)), before);
  matchApply(match, 0, legal, { version: 1 });
  assert.equal(match.version, 2);
});

test('refusal messages name the bad input', () => {
  assert.throws(() => applyAction(position(), 0, { type: 'play', tile: '1|1', end: 'left' }), /1\|1 does not fit the left end, which shows 2/);
  assert.throws(() => applyAction(position(), 0, { type: 'play', tile: '3|4', end: 'left' }), /Seat 0 does not hold 3\|4/);
  assert.throws(() => applyAction(position(), 0, { type: 'fly' }), /"fly"/);
  assert.throws(() => applyAction(position(), 1, { type: 'draw' }), /seat 0's turn, not seat 1's/);
});

test('the opening lies low first whatever the end named, and logs end null', () => {
  for (const end of [undefined, null, 'left', 'right']) {
    const round = roundFromPosition({ players: 2, hands: [['6|2', '1|1'], ['0|0']], boneyard: [], line: [], turn: 0 });
    const entry = applyAction(round, 0, { type: 'play', tile: '6|2', end });
    assert.deepEqual(round.line, [[2, 6]]);
    assert.deepEqual([round.left, round.right, round.turn], [2, 6, 1]);
    assert.deepEqual(entry, { seat: 0, type: 'play', tile: '2|6', end: null, ends: null });
  }
});

test('a play turns the tile to touch the named end and logs the ends before it', () => {
  const round = position();
  const entry = applyAction(round, 0, { type: 'play', tile: '6|5', end: 'right' });
  assert.deepEqual(positionOf(round).line, ['2|5', '5|6']);
  assert.deepEqual(entry, { seat: 0, type: 'play', tile: '5|6', end: 'right', ends: [2, 5] });
  const round2 = roundFromPosition({ players: 2, hands: [['3|2', '0|0'], ['6|6']], boneyard: [], line: ['2|5'], turn: 0 });
  applyAction(round2, 0, { type: 'play', tile: '3|2', end: 'left' });
  assert.deepEqual(positionOf(round2).line, ['3|2', '2|5']);
  assert.equal(round2.left, 3);
});

test('a play keeps the rest of the hand in the order held', () => {
  const round = roundFromPosition({ players: 2, hands: [['1|1', '5|6', '0|0', '3|3'], ['2|2']], boneyard: [], line: ['2|5'], turn: 0 });
  applyAction(round, 0, { type: 'play', tile: '5|6', end: 'right' });
  assert.deepEqual(positionOf(round).hands[0], ['1|1', '0|0', '3|3']);
});

test('a draw keeps the turn and takes the first boneyard tile to the end of the hand', () => {
  const round = roundFromPosition({ players: 2, hands: [['0|0', '1|1'], ['6|6']], boneyard: ['3|1', '5|5'], line: ['3|4'], turn: 0 });
  const entry = applyAction(round, 0, { type: 'draw' });
  assert.deepEqual(positionOf(round).hands[0], ['0|0', '1|1', '1|3']);
  assert.deepEqual(positionOf(round).boneyard, ['5|5']);
  assert.equal(round.turn, 0);
  assert.deepEqual(entry, { seat: 0, type: 'draw', ends: [3, 4] });
  assert.deepEqual(legalActions(round, 0), [{ type: 'play', tile: '1|3', end: 'left' }]);
});

test('legalActions: hand order, left before right, both ends when both fit, then draw or pass', () => {
  const round = roundFromPosition({ players: 2, hands: [['4|6', '0|0', '4|4', '0|4'], ['3|3']], boneyard: ['1|1'], line: ['4|1', '1|2', '2|4'], turn: 0 });
  assert.deepEqual(legalActions(round, 0), [
    { type: 'play', tile: '4|6', end: 'left' },
    { type: 'play', tile: '4|6', end: 'right' },
    { type: 'play', tile: '4|4', end: 'left' },
    { type: 'play', tile: '4|4', end: 'right' },
    { type: 'play', tile: '0|4', end: 'left' },
    { type: 'play', tile: '0|4', end: 'right' },
  ]);
  assert.deepEqual(legalActions(round, 1), []);
  const opening = roundFromPosition({ players: 3, hands: [['5|1'], ['2|2'], ['0|3']], boneyard: [], line: [], turn: 1 });
  assert.deepEqual(legalActions(opening, 1), [{ type: 'play', tile: '2|2', end: null }]);
  const drawing = roundFromPosition({ players: 2, hands: [['0|0'], ['6|6']], boneyard: ['1|1'], line: ['3|4'], turn: 0 });
  assert.deepEqual(legalActions(drawing, 0), [{ type: 'draw' }]);
  const passing = roundFromPosition({ players: 2, hands: [['0|0'], ['6|6']], boneyard: [], line: ['3|4'], turn: 0 });
  assert.deepEqual(legalActions(passing, 0), [{ type: 'pass' }]);
});

test('domino ends the round at once; blocked rounds compare pips, not tile counts', () => {
  const round = roundFromPosition({ players: 3, hands: [['1|2'], ['0|0'], ['6|6']], boneyard: [], line: ['2|3'], turn: 0 });
  assert.equal(roundResult(round), null);
  applyAction(round, 0, { type: 'play', tile: '1|2', end: 'left' });
  assert.deepEqual(roundResult(round), { kind: 'domino', winners: [0] });
  assert.equal(round.turn, null);
  assert.throws(() => applyAction(round, 1, { type: 'pass' }), { code: 'round_over' });

  const blocked = roundFromPosition({ players: 2, hands: [['0|1', '0|2', '0|0'], ['5|5']], boneyard: [], line: ['6|6'], turn: 0 });
  applyAction(blocked, 0, { type: 'pass' });
  assert.equal(roundResult(blocked), null);
  applyAction(blocked, 1, { type: 'pass' });
  assert.deepEqual(roundResult(blocked), { kind: 'blocked', winners: [0], pips: [3, 10] });
});

test('cloneRound copies are independent of the original', () => {
  const round = position();
  const copy = cloneRound(round);
  assert.equal(stateOf(copy), stateOf(round));
  applyAction(copy, 0, { type: 'play', tile: '5|6', end: 'right' });
  assert.deepEqual(positionOf(round), positionOf(position()));
  assert.equal(round.log.length, 0);
  assert.notEqual(stateOf(copy), stateOf(round));
  const bare = cloneRound(round, { log: false });
  assert.equal(bare.log, null);
  assert.deepEqual(applyAction(bare, 0, { type: 'play', tile: '5|6', end: 'right' }).tile, '5|6');
  assert.equal(bare.log, null);
  assert.deepEqual(positionOf(bare), positionOf(copy));
});

// --- positions ----------------------------------------------------------------------------------

test('positionOf writes back what roundFromPosition read, in the same format', () => {
  const pos = { players: 3, hands: [['6|4', '0|1'], ['0|0'], ['1|1']], boneyard: [], line: ['2|6', '6|5'], turn: 1, passes: 2 };
  assert.deepEqual(positionOf(roundFromPosition(pos)), { ...pos, hands: [['4|6', '0|1'], ['0|0'], ['1|1']] });
  const opening = { players: 2, hands: [['1|2'], ['3|4']], boneyard: ['5|5'], line: [], turn: 1, passes: 0 };
  assert.deepEqual(positionOf(roundFromPosition(opening)), opening);
});

test('position defaults: empty boneyard and line, turn and passes 0, starter = turn; other keys ignored', () => {
  const round = roundFromPosition({ players: 2, hands: [['1|2'], ['3|4']], note: 'ignored' });
  assert.deepEqual([round.boneyard, round.line, round.turn, round.passes, round.starter], [[], [], 0, 0, 0]);
  assert.equal(roundFromPosition({ players: 2, hands: [['1|2'], ['3|4']], line: ['5|5'], turn: 1, starter: 0 }).starter, 0);
  assert.equal(roundFromPosition({ players: 2, hands: [['1|2'], ['3|4']], turn: 1 }).starter, 1);
});

test('a finished round has no position', () => {
  assert.throws(() => positionOf(finishedRound()), (e) => e instanceof PositionError && /round is over/.test(e.message));
});

test('invalid positions are refused with a clear PositionError', () => {
  const ok = { players: 2, hands: [['1|2'], ['3|4']], boneyard: ['5|5'], line: ['0|1'], turn: 0, passes: 0 };
  assert.doesNotThrow(() => roundFromPosition(ok));
  const bad = [
    [{ ...ok, hands: [['1|2'], ['2|1']] }, /Tile 1\|2 appears twice \(hands\[0\]\[0\] and hands\[1\]\[0\]\)/],
    [{ ...ok, boneyard: ['0|1'] }, /Tile 0\|1 appears twice \(boneyard\[0\] and line\[0\]\)/],
    [{ ...ok, line: ['0|1', '2|3'] }, /line\[0\] 0\|1 and line\[1\] 2\|3 do not touch \(1 against 2\)/],
    [{ ...ok, line: ['0|1', '1|0'] }, /appears twice/],
    [{ ...ok, hands: [['1|2'], ['3|9']] }, /hands\[1\]\[0\]: "3\|9" is not a tile/],
    [{ ...ok, players: 5 }, /players must be 2, 3 or 4, not 5/],
    [{ ...ok, players: '2' }, /players must be 2, 3 or 4, not "2"/],
    [{ ...ok, players: 3 }, /hands must be a list of 3 hands/],
    [{ ...ok, turn: 2 }, /turn must be an integer from 0 to 1, not 2/],
    [{ ...ok, turn: '0' }, /turn must be an integer/],
    [{ ...ok, turn: null }, /turn must be an integer/],
    [{ ...ok, passes: -1 }, /passes must be an integer from 0 to 1, not -1/],
    [{ ...ok, boneyard: [], passes: 2 }, /passes must be an integer from 0 to 1, not 2/],
    [{ ...ok, passes: 1 }, /passes must be 0 while the boneyard holds tiles/],
    [{ ...ok, boneyard: [], line: [], passes: 1 }, /passes must be 0 on an empty line/],
    [{ ...ok, hands: [[], ['3|4']] }, /hands\[0\] is empty: that round would already be over/],
    [{ ...ok, starter: 4 }, /starter must be an integer from 0 to 1, not 4/],
    [{ ...ok, boneyard: 'none' }, /boneyard must be a list/],
    [{ ...ok, line: null }, /line must be a list/],
    [{ ...ok, hands: ['1|2', ['3|4']] }, /hands\[0\] must be a list/],
    [null, /must be an object/],
    [[ok], /must be an object/],
  ];
  for (const [pos, message] of bad) {
    assert.throws(() => roundFromPosition(pos), (e) => e instanceof PositionError && message.test(e.message), JSON.stringify(pos));
  }
});

// --- whole rounds, the view ---------------------------------------------------------------------

/** Tile strings in any JSON value, written low first. */
const tilesIn = (value) => (JSON.stringify(value).match(/\d\|\d/g) ?? []).map(canon);

test('random rounds with random legal actions end, legal actions are exactly the accepted ones, views leak nothing', () => {
  const rng = seededRng(2024);
  for (let game = 0; game < 60; game++) {
    const players = 2 + (game % 3);
    const match = newMatch(players, { rng: seededRng(game) });
    let alone = 0;
    for (let r = 0; r < 3; r++) {
      playRandomRound(match, rng, (m) => {
        const round = m.round;
        // legalActions and checkAction agree on every candidate action.
        for (let seat = 0; seat < players; seat++) {
          const legal = new Set(legalActions(round, seat).map((a) => JSON.stringify(a)));
          for (const action of candidateActions(round, seat)) {
            let accepted = true;
            try {
              checkAction(round, seat, action);
            } catch (e) {
              assert.ok(e instanceof Refusal);
              accepted = false;
            }
            assert.equal(accepted, legal.has(JSON.stringify(action)), JSON.stringify(action));
          }
        }
        // A seat's view holds only its own tiles and the line; a spectator's only the line.
        const line = new Set(round.line.map(formatTile));
        for (const seat of [null, ...Array.from({ length: players }, (_, s) => s)]) {
          const view = seatView(m, seat);
          const own = new Set(seat === null ? [] : round.hands[seat].map(formatTile));
          for (const tile of tilesIn(view)) assert.ok(own.has(tile) || line.has(tile), `seat ${seat} sees ${tile}`);
          assert.equal(view.hands, null);
          assert.equal(view.pips, null);
          assert.equal(JSON.stringify(view).includes('"boneyard"'), false);
          assert.equal(view.hand_counts.reduce((a, b) => a + b, 0) + view.boneyard_count + view.line.length, 28);
        }
      });
      const total = match.round.hands.flat().length + match.round.boneyard.length + match.round.line.length;
      assert.equal(total, 28);
      if (match.round.result.kind === 'domino') assert.equal(match.round.hands[match.round.result.winners[0]].length, 0);
      else assert.equal(match.round.passes, players);
      if (match.round.result.winners.length === 1) alone += 1;
      nextRound(match, { rng });
    }
    assert.equal(match.wins.reduce((a, b) => a + b, 0), alone);
  }
});

test('the view has exactly the docs/view.md fields; after the round it shows every hand and pip sum', () => {
  const match = newMatch(3, { rng: seededRng(11), firstStarter: 1 });
  const view = seatView(match, 2);
  assert.deepEqual(Object.keys(view), [
    'version', 'players', 'seat', 'round_number', 'starter', 'line', 'ends', 'hand', 'hand_counts',
    'boneyard_count', 'turn', 'passes', 'legal', 'log', 'result', 'hands', 'pips', 'match', 'fair',
  ]);
  assert.deepEqual(
    { ...view, hand: null },
    {
      version: 1, players: 3, seat: 2, round_number: 1, starter: 1, line: [], ends: null, hand: null,
      hand_counts: [5, 5, 5], boneyard_count: 13, turn: 1, passes: 0, legal: [], log: [], result: null,
      hands: null, pips: null, match: { wins: [0, 0, 0], shared: [0, 0, 0], next_starter: 2 }, fair: null,
    },
  );
  assert.deepEqual(view.hand, match.round.hands[2].map(formatTile));
  const spectator = seatView(match, null);
  assert.equal(spectator.hand, null);
  assert.deepEqual(spectator.legal, []);
  assert.equal(seatView(match, 1).legal.length, 5);
  assert.throws(() => seatView(match, 3), PositionError);

  playRandomRound(match, seededRng(3));
  const after = seatView(match, null);
  assert.deepEqual(after.hands, match.round.hands.map((h) => h.map(formatTile)));
  assert.deepEqual(after.pips, match.round.hands.map((h) => h.reduce((s, t) => s + tilePips(t), 0)));
  assert.equal(after.turn, null);
  assert.deepEqual(after.legal, []);
  assert.deepEqual(after.result, JSON.parse(JSON.stringify(match.round.result)));
  assert.equal(after.version, 1 + match.round.log.length);
  assert.equal(after.log.length, match.round.log.length);
  assert.equal(after.log[0].end, null);
  assert.equal(after.log[0].ends, null);
  after.log[0].seat = 99; // the view is a copy
  assert.notEqual(match.round.log[0].seat, 99);
});

// --- the match ----------------------------------------------------------------------------------

test('nextRound rotates the starter clockwise whoever won, and refuses while the round goes on', () => {
  const match = newMatch(4, { rng: seededRng(1), firstStarter: 3 });
  assert.throws(() => nextRound(match), (e) => e instanceof Refusal && e.code === 'round_not_over');
  assert.equal(match.roundNumber, 1);
  const rng = seededRng(2);
  for (let r = 0; r < 6; r++) {
    playRandomRound(match, rng);
    const version = match.version;
    nextRound(match);
    assert.equal(match.version, version + 1);
  }
  assert.deepEqual(match.starters, [3, 0, 1, 2, 3, 0, 1]);
  assert.equal(match.roundNumber, 7);
  assert.equal(match.round.starter, 1);
  assert.equal(match.round.turn, 1);
  assert.equal(seatView(match, 0).match.next_starter, 2);
});

test('a won round adds a win; a shared round adds a shared round to each lowest seat', () => {
  const match = newMatch(3, { firstStarter: 0 });
  match.round = roundFromPosition({ players: 3, hands: [['0|3'], ['1|2'], ['6|6']], boneyard: [], line: ['4|5'], turn: 0, starter: 0 });
  for (const seat of [0, 1, 2]) matchApply(match, seat, { type: 'pass' });
  assert.deepEqual([match.wins, match.shared], [[0, 0, 0], [1, 1, 0]]);
  nextRound(match);
  match.round = roundFromPosition({ players: 3, hands: [['0|3'], ['1|2', '2|2'], ['5|6']], boneyard: [], line: ['4|5'], turn: 1, starter: 1 });
  matchApply(match, 1, { type: 'pass' });
  matchApply(match, 2, { type: 'play', tile: '5|6', end: 'right' });
  assert.deepEqual([match.wins, match.shared], [[0, 0, 1], [1, 1, 0]]);
});

test('newMatch draws the first starter when not given and checks its input', () => {
  const starters = new Set();
  for (let seed = 0; seed < 40; seed++) starters.add(newMatch(4, { rng: seededRng(seed) }).starters[0]);
  assert.deepEqual([...starters].sort(), [0, 1, 2, 3]);
  assert.throws(() => newMatch(4, { firstStarter: 4 }), PositionError);
  assert.throws(() => newMatch(1), PositionError);
});

// --- save and restore ---------------------------------------------------------------------------

test('serialize/restore round-trips mid-round and the game continues identically', () => {
  const rng = seededRng(77);
  const match = newMatch(3, { rng: seededRng(8), firstStarter: 2 });
  playRandomRound(match, rng);
  nextRound(match);
  for (let i = 0; i < 6 && match.round.result === null; i++) {
    const legal = legalActions(match.round, match.round.turn);
    matchApply(match, match.round.turn, legal[rng.int(legal.length)]);
  }
  const saved = JSON.stringify(matchToState(match));
  assert.equal(/seed|rng|state/.test(saved), false);
  const restored = matchFromState(saved);
  assert.equal(JSON.stringify(matchToState(restored)), saved);
  for (const seat of [null, 0, 1, 2]) assert.deepEqual(seatView(restored, seat), seatView(match, seat));

  const a = seededRng(5);
  const b = seededRng(5);
  while (match.round.result === null) {
    const seat = match.round.turn;
    const legal = legalActions(match.round, seat);
    matchApply(match, seat, legal[a.int(legal.length)]);
    matchApply(restored, seat, legalActions(restored.round, seat)[b.int(legal.length)]);
  }
  assert.deepEqual(matchToState(restored), matchToState(match));
  assert.deepEqual(matchFromState(matchToState(match)).round.result, match.round.result);
});

test('the saved form is the Python storage form: the deal and the actions since', () => {
  const match = newMatch(2, { rng: seededRng(3), firstStarter: 1 });
  const deal = positionOf(match.round);
  const first = legalActions(match.round, 1)[0];
  matchApply(match, 1, first);
  assert.deepEqual(matchToState(match), {
    format: 1, players: 2, wins: [0, 0], shared: [0, 0], starters: [1], version: 2, deal,
    actions: [{ type: 'play', tile: first.tile, end: null }],
  });
  assert.throws(() => matchToState({ ...match, opening: undefined }), TypeError);
});

test('matchFromState rejects corrupt input with a clear error', () => {
  const match = newMatch(2, { rng: seededRng(3), firstStarter: 0 });
  matchApply(match, 0, legalActions(match.round, 0)[0]);
  const good = matchToState(match);
  assert.doesNotThrow(() => matchFromState(good));
  const bad = (change) => {
    const copy = structuredClone(good);
    change(copy);
    return copy;
  };
  const cases = [
    ['{not json', /not JSON/],
    [null, /not a saved match of format 1/],
    [bad((s) => (s.format = 2)), /not a saved match of format 1/],
    [bad((s) => (s.players = 3)), /deal must be a fresh deal for this table/],
    [bad((s) => (s.players = 7)), /players must be 2, 3 or 4/],
    [bad((s) => delete s.version), /version must be an integer >= 2/],
    [bad((s) => (s.version = 1)), /version must be an integer >= 2/],
    [bad((s) => (s.wins = [0])), /wins must be 2 counts >= 0/],
    [bad((s) => (s.shared = [0, -1])), /shared must be 2 counts >= 0/],
    [bad((s) => (s.wins = [1, 0])), /wins \[1,0\] and shared \[0,0\] count more rounds than the 0 finished/],
    [bad((s) => (s.starters = [0, 0])), /starters must rotate clockwise; starters\[1\] is 0/],
    [bad((s) => (s.starters = [])), /starters must be a non-empty list/],
    [bad((s) => (s.starters = [1])), /opened by the last starter/],
    [bad((s) => (s.deal.hands[1][0] = s.deal.hands[0][0])), /appears twice/],
    [bad((s) => (s.deal.line = [s.deal.boneyard.pop()])), /fresh deal/],
    [bad((s) => delete s.deal), /A position must be an object/],
    [bad((s) => (s.actions = 'x')), /actions must be a list/],
    [bad((s) => s.actions.push({ type: 'pass' })), /actions\[1\] is refused on replay/],
    [bad((s) => (s.actions[0] = { type: 'draw' })), /actions\[0\] is refused on replay: Seat 0 cannot draw before the opening/],
    [bad((s) => (s.actions[0].tile = '8|8')), /actions\[0\] is refused on replay: "8\|8" is not a tile/],
  ];
  for (const [input, message] of cases) {
    assert.throws(() => matchFromState(input), (e) => e instanceof PositionError && message.test(e.message), message.source);
  }
});

test('a restored match deals later rounds with the rng it is given', () => {
  const match = newMatch(2, { rng: seededRng(1), firstStarter: 0 });
  playRandomRound(match, seededRng(2));
  const one = matchFromState(matchToState(match), { rng: seededRng(9) });
  const two = matchFromState(matchToState(match), { rng: seededRng(9) });
  nextRound(one);
  nextRound(two);
  assert.deepEqual(positionOf(one.round), positionOf(two.round));
  assert.equal(one.round.starter, 1);
});
