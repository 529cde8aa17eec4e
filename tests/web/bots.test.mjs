// Tests of the browser's computer players (src/ziehdomino/web/bots/index.js, rng.js).
// Run: node --test tests/web/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { checkDecisions } from '../../scripts/check-decisions.mjs';
import {
  DRAW, LEVELS, NUM, OPEN, PASS, SimRound, TA, TB, decide, knowledgeOf, moveOf, playout, popcount,
} from '../../src/ziehdomino/web/bots/index.js';
import {
  ALL_TILES, applyAction, cloneRound, dealRound, legalActions, matchApply, newMatch, seatView, seededRng,
} from '../../src/ziehdomino/web/engine/index.js';
import { Mulberry32, mixSeed } from '../../src/ziehdomino/web/bots/rng.js';

const index = (tile) => ALL_TILES.indexOf(tile);

function simOf(round) {
  const hands = round.hands.map((h) => h.reduce((m, t) => m | (1 << index(t)), 0));
  const bone = round.boneyard.map(index).reverse(); // the sim draws from the end
  const left = round.left === null ? -1 : round.left;
  const right = round.right === null ? -1 : round.right;
  return new SimRound(round.players, hands, bone, left, right, round.turn, round.passes);
}

function sameState(sim, round) {
  if (round.result !== null) return JSON.stringify(sim.winners) === JSON.stringify(round.result.winners);
  const ref = simOf(round);
  return sim.winners === null && JSON.stringify([sim.hands, sim.bone, sim.left, sim.right, sim.turn, sim.passes])
    === JSON.stringify([ref.hands, ref.bone, ref.left, ref.right, ref.turn, ref.passes]);
}

function engineAction(move) {
  if (move === DRAW) return { type: 'draw' };
  if (move === PASS) return { type: 'pass' };
  const i = Math.floor(move / 3);
  const end = move % 3;
  return { type: 'play', tile: `${TA[i]}|${TB[i]}`, end: end === OPEN ? null : end === 0 ? 'left' : 'right' };
}

test('mulberry32 gives the reference values (same as Python)', () => {
  const r = new Mulberry32(1);
  assert.deepEqual([r.nextU32(), r.nextU32(), r.nextU32()], [2693262067, 11749833, 2265367787]);
  assert.equal(new Mulberry32(0).nextU32(), 1144304738);
  assert.equal(new Mulberry32(-1).nextU32(), new Mulberry32(0xffffffff).nextU32());
  assert.equal(mixSeed(1, 2, 3), 2034659765);
  assert.equal(mixSeed(7, 123456789, 4), 3518449422);
  const b = new Mulberry32(9);
  assert.equal(b.below(1), 0);
  assert.equal(b.state, 9);
});

test('the sim agrees with the engine: legal moves and every successor', () => {
  const rng = seededRng(3);
  let positions = 0;
  for (let n = 0; n < 600; n++) {
    const players = 2 + rng.int(3);
    const round = dealRound(players, rng.int(players), rng);
    while (round.result === null) {
      const sim = simOf(round);
      const moves = sim.legal();
      assert.deepEqual(moves.slice().sort((x, y) => x - y),
        legalActions(round, round.turn).map(moveOf).sort((x, y) => x - y));
      for (const m of moves) {
        const s2 = sim.copy();
        const r2 = cloneRound(round);
        s2.apply(m);
        applyAction(r2, r2.turn, engineAction(m));
        assert.ok(sameState(s2, r2));
      }
      positions += 1;
      const legal = legalActions(round, round.turn);
      applyAction(round, round.turn, legal[rng.int(legal.length)]);
    }
  }
  assert.ok(positions > 10000);
});

test('playouts end with a result the engine would give for the same moves', () => {
  // The playout's moves are all fitting plays, draws or passes; compare the winners with a
  // plain re-implementation of the policy played through the engine.
  const rng = seededRng(8);
  for (let n = 0; n < 800; n++) {
    const players = 2 + rng.int(3);
    const round = dealRound(players, rng.int(players), rng);
    const first = legalActions(round, round.turn);
    applyAction(round, round.turn, first[rng.int(first.length)]);
    if (round.result !== null) continue;
    const lacks = Array.from({ length: players }, () => rng.int(128));
    const sim = simOf(round);
    const got = playout(sim.hands, sim.bone, sim.left, sim.right, sim.turn, sim.passes, players, lacks.slice());
    const ref = cloneRound(round);
    const refLacks = lacks.slice();
    while (ref.result === null) {
      const seat = ref.turn;
      const legal = legalActions(ref, seat);
      if (legal[0].type !== 'play') {
        refLacks[seat] = (1 << ref.left) | (1 << ref.right);
        applyAction(ref, seat, legal[0]);
        continue;
      }
      const nxt = (seat + 1) % players;
      const hand = ref.hands[seat].reduce((m, t) => m | (1 << index(t)), 0);
      let best = -1;
      let choice = null;
      for (const move of legal.map(moveOf).sort((x, y) => x - y)) {
        const i = Math.floor(move / 3);
        const [a, b] = [TA[i], TB[i]];
        let [nl, nr] = [ref.left, ref.right];
        if (move % 3 === 0) nl = a === ref.left ? b : a;
        else nr = a === ref.right ? b : a;
        const rest = hand & ~(1 << i);
        let s = PIPS_OF(i) + (a === b ? 20 : 0) + 10 * popcount(rest & (NUM[nl] | NUM[nr]));
        const k = ((refLacks[nxt] >> nl) & 1) + ((refLacks[nxt] >> nr) & 1);
        s += k === 2 ? 64 : k === 1 ? 16 : 0;
        if (s > best) {
          best = s;
          choice = move;
        }
      }
      applyAction(ref, seat, engineAction(choice));
    }
    assert.deepEqual(got, [...ref.result.winners]);
  }
});
const PIPS_OF = (i) => TA[i] + TB[i];

test('every action of every level is legal (the engine checks each)', () => {
  const rounds = { leicht: 600, heaviest: 600, mittel: 600, stark: 200 };
  for (const [level, count] of Object.entries(rounds)) {
    const rng = seededRng(Object.keys(LEVELS).indexOf(level) + 1);
    let decisions = 0;
    for (let n = 0; n < count; n++) {
      const players = 2 + rng.int(3);
      const match = newMatch(players, { rng, firstStarter: rng.int(players) });
      const others = Array.from({ length: players }, () => ['leicht', 'mittel', 'heaviest'][rng.int(3)]);
      let step = 0;
      while (match.round.result === null) {
        const seat = match.round.turn;
        const view = seatView(match, seat);
        const lv = seat === 0 ? level : others[seat];
        const action = decide(view, lv, mixSeed(n, step));
        if (lv === level) {
          decisions += 1;
          assert.ok(view.legal.some((a) => JSON.stringify(a) === JSON.stringify(action)), level);
        }
        matchApply(match, seat, action); // throws a Refusal for an illegal action
        step += 1;
      }
    }
    assert.ok(decisions > count * 3, level);
  }
});

test('knowledge: a draw at other ends takes back what was known (the trap)', () => {
  const view = {
    players: 2, seat: 0, hand: ['6|6'], line: ['2|1', '1|4'], ends: [2, 4], hand_counts: [1, 10],
    boneyard_count: 5, passes: 0, legal: [{ type: 'draw' }],
    log: [
      { seat: 1, type: 'draw', ends: [3, 5] },
      { seat: 1, type: 'draw', ends: [3, 5] },
      { seat: 1, type: 'draw', ends: [2, 4] },
    ],
  };
  const k = knowledgeOf(view);
  const nums = (...ns) => ns.reduce((m, n) => m | (1 << n), 0);
  assert.deepEqual(k.slots[1], [...new Array(8).fill(nums(2, 3, 4, 5)), nums(2, 4), 0]);
  assert.equal(k.publicLacks(1), 0);
});

test('Python and JavaScript agree on the decision vectors', () => {
  const data = JSON.parse(readFileSync(new URL('../vectors/decisions.json', import.meta.url), 'utf8'));
  const { passed, failed, choices, report } = checkDecisions(data);
  assert.equal(failed, 0, report.join('\n'));
  assert.ok(passed >= 50 && choices >= 200);
});

test('decide refuses unknown levels and views without a legal action', () => {
  const match = newMatch(2, { rng: seededRng(1), firstStarter: 0 });
  assert.throws(() => decide(seatView(match, 0), 'grandmaster', 1), /unknown level/);
  assert.throws(() => decide(seatView(match, 1), 'stark', 1), /no legal action/);
});

test('decide refuses seeds beyond 2^53 and non-integers, and inconsistent views', () => {
  const match = newMatch(2, { rng: seededRng(8) });
  const view = seatView(match, match.round.turn);
  assert.ok(view.legal.some((a) => JSON.stringify(a) === JSON.stringify(decide(view, 'mittel', -(2 ** 53 - 1)))));
  for (const seed of [2 ** 53, -(2 ** 53), 1.5, '7', null, true, NaN]) {
    assert.throws(() => decide(view, 'mittel', seed), /seed/);
  }
  const forged = { ...view, hand_counts: view.hand_counts.map((n) => n + 3) };
  assert.throws(() => decide(forged, 'stark', 1), /inconsistent view/);
});
