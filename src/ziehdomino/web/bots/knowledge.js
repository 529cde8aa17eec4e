/**
 * @file What one seat knows: its hand, the line, the counts, and what the public log reveals
 * about the hidden tiles (docs/bots.md, "Inference"); the same steps as Python's
 * `bots/knowledge.py`. Dealing the hidden tiles consistently with it is sampling.js's.
 */
// @ts-check

import { ALL_MASK, NUM, TA, TB, popcount, tileIndex } from './masks.js';
import { SimRound } from './playouts.js';

/**
 * One seat's knowledge at its turn: `players`, `me`, `hand` (a mask), `left`, `right` (-1 on
 * an empty line), `counts`, `boneCount`, `hidden` (the tiles in other hands or the boneyard),
 * `slots` (per seat, the forbidden-number masks of its tiles, oldest first), `passes`,
 * `births` (per seat and slot, the log index of the draw that brought it in, -1 for dealt),
 * `plays` (every play of the log) and `explained` (per seat, whether the log explains its count).
 */
class Knowledge {
  /**
   * @param {{players: number, me: number, hand: number, left: number, right: number,
   *   counts: number[], boneCount: number, hidden: number, slots: number[][], passes: number,
   *   births: number[][], plays: object[], explained: boolean[]}} fields
   */
  constructor({ players, me, hand, left, right, counts, boneCount, hidden, slots, passes, births, plays, explained }) {
    this.players = players;
    this.me = me;
    this.hand = hand;
    this.left = left;
    this.right = right;
    this.counts = counts;
    this.boneCount = boneCount;
    this.hidden = hidden;
    this.slots = slots;
    this.passes = passes;
    this.births = births;
    this.plays = plays;
    this.explained = explained;
  }

  /** The numbers (7-bit mask) everybody can tell from the log that `seat` lacks. */
  publicLacks(seat) {
    let lack = 0x7f;
    for (const f of this.slots[seat]) lack &= f;
    return lack;
  }

  /** publicLacks plus the numbers with no hidden tile left. */
  lacks(seat) {
    let lack = this.publicLacks(seat);
    for (let n = 0; n < 7; n++) if (!(NUM[n] & this.hidden)) lack |= 1 << n;
    return lack;
  }

  /** A sim round with only the viewer's hand filled in. */
  root() {
    const hands = new Array(this.players).fill(0);
    hands[this.me] = this.hand;
    return new SimRound(this.players, hands, [], this.left, this.right, this.me, this.passes);
  }
}

/**
 * Reads a seat's view (docs/view.md) into Knowledge (same steps as Python's `knowledge_of`).
 * @throws {Error} a spectator's view, or one that counts more tiles in other hands and the
 *   boneyard than it leaves unseen.
 */
export function knowledgeOf(view) {
  const me = view.seat;
  if (me === null || me === undefined || !Array.isArray(view.hand)) {
    throw new Error("a computer needs a seat's view, not a spectator's");
  }
  const players = view.players;
  let hand = 0;
  for (const text of view.hand) hand |= 1 << tileIndex(text);
  let onLine = 0;
  for (const text of view.line) onLine |= 1 << tileIndex(text);
  const ends = view.ends;
  const left = ends ? ends[0] : -1;
  const right = ends ? ends[1] : -1;
  const counts = view.hand_counts.slice();
  const hidden = ALL_MASK & ~hand & ~onLine;
  const others = counts.reduce((sum, n, s) => (s === me ? sum : sum + n), 0);
  if (counts[me] !== view.hand.length || others + view.boneyard_count > popcount(hidden)) {
    throw new Error('an inconsistent view: more tiles in other hands and the boneyard than it leaves unseen');
  }
  const log = view.log || [];
  const start = counts.slice();
  for (const e of log) {
    if (e.type === 'play') start[e.seat] += 1;
    else if (e.type === 'draw') start[e.seat] -= 1;
  }
  const slots = start.map((n) => new Array(Math.max(n, 0)).fill(0));
  // births[s][k]: the log index of the draw that brought slot k in, -1 for a dealt tile.
  const births = start.map((n) => new Array(Math.max(n, 0)).fill(-1));
  const plays = [];
  log.forEach((e, at) => {
    const own = slots[e.seat];
    const born = births[e.seat];
    if (e.type === 'play') {
      const i = tileIndex(e.tile);
      const shows = (1 << TA[i]) | (1 << TB[i]);
      let nextLack = 0x7f;
      for (const f of slots[(e.seat + 1) % players]) nextLack &= f;
      let birth = -1;
      const k = own.findIndex((f) => !(f & shows));
      if (k >= 0) {
        birth = born[k];
        own.splice(k, 1);
        born.splice(k, 1);
      } else if (own.length) {
        own.pop();
        birth = born.pop();
      }
      plays.push({ at, seat: e.seat, tile: i, end: e.end ?? null, ends: e.ends ?? null, birth, nextLack });
      return;
    }
    if (e.ends) {
      const gone = (1 << e.ends[0]) | (1 << e.ends[1]);
      for (let k = 0; k < own.length; k++) own[k] |= gone;
    }
    if (e.type === 'draw') {
      own.push(0);
      born.push(at);
    }
  });
  const explained = [];
  for (let s = 0; s < players; s++) {
    explained.push(slots[s].length === counts[s]);
    if (!explained[s]) {
      slots[s] = new Array(counts[s]).fill(0);
      births[s] = new Array(counts[s]).fill(-1);
    }
  }
  return new Knowledge({
    players, me, hand, left, right, counts, boneCount: view.boneyard_count, hidden, slots, passes: view.passes || 0,
    births, plays, explained,
  });
}
