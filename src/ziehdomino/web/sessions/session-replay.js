/**
 * @file A finished round's replay as a session the one table draws: its record replayed through
 * the rules (engine/replay.js), every hand open, the viewer a spectator.
 */
// @ts-check

import { checkRecord } from '../replay/fair-proof.js';
import { replayRounds, replayFrames } from '../engine/replay.js';
import { copyEntry } from '../engine/round.js';
import { TEMPOS } from '../common/tempo.js';
import { SessionEvents } from './session.js';

/**
 * The spectator's view of step `k`, with every hand open and `replay: {step, steps, action}`;
 * its counters count this one round.
 * @param {object} record
 * @param {object[]} frames  replayFrames(record)
 * @param {object[]} states  replayRounds(record).states
 * @param {number} k
 * @returns {object}
 */
export function replayView(record, frames, states, k) {
  const f = frames[k];
  const n = record.players;
  const wins = new Array(n).fill(0);
  const shared = new Array(n).fill(0);
  if (f.result) {
    if (f.result.winners.length === 1) wins[f.result.winners[0]] = 1;
    else for (const s of f.result.winners) shared[s] = 1;
  }
  return {
    version: k + 1,
    players: n,
    seat: null,
    round_number: record.round,
    starter: record.starter,
    line: f.line.slice(),
    ends: f.ends && f.ends.slice(),
    hand: null,
    hand_counts: f.hands.map((hand) => hand.length),
    boneyard_count: f.boneyard_count,
    turn: f.turn,
    passes: f.passes,
    legal: [],
    log: states[k].log.map(copyEntry),
    result: f.result,
    hands: f.hands.map((hand) => hand.slice()),
    pips: f.pips.slice(),
    match: { wins, shared, next_starter: (record.starter + 1) % n },
    fair: f.result && record.fair ? record.fair : null,
    replay: { step: k, steps: frames.length - 1, action: f.action },
  };
}

export class ReplaySession extends SessionEvents {
  /**
   * @param {object} record  a round record (docs/replay.md)
   * @param {{seats?: object[], tempo?: string, schedule?: Function, cancel?: Function, mine?: number|null}} [options]
   *   `mine`: the player's own seat, called "du"
   * @throws {PositionError} for a record the rules refuse
   */
  constructor(record, { seats, tempo = 'normal', schedule, cancel, mine = null } = {}) {
    super();
    this.record = record;
    this.mine = Number.isInteger(mine) && mine >= 0 && mine < record.players ? mine : null;
    this.frames = replayFrames(record);
    this.states = replayRounds(record).states;
    this.seats = Array.isArray(seats) && seats.length === record.players ? seats : null;
    this.step = 0;
    this.pace = Object.hasOwn(TEMPOS, tempo) ? tempo : 'normal';
    this.timer = null;
    this.schedule = schedule ?? ((fn, ms) => setTimeout(fn, ms));
    this.cancel = cancel ?? ((handle) => clearTimeout(handle));
  }

  /** The check of the record's committed deal (replay/fair-proof.js), shown at the round's end. */
  checkDeal() {
    return checkRecord(this.record);
  }

  /** The last step: the round's end. */
  get steps() {
    return this.frames.length - 1;
  }

  view() {
    return replayView(this.record, this.frames, this.states, this.step);
  }

  roomInfo() {
    return {
      room: null,
      local: true,
      replay: true,
      you: null,
      mine: this.mine,
      seats: Array.from({ length: this.record.players }, (_, seat) => {
        const s = this.seats?.[seat] ?? {};
        const kind = s.kind === 'computer' ? 'computer' : 'person';
        return { seat, kind, level: kind === 'computer' ? (s.level ?? null) : null,
          name: kind === 'person' ? (typeof s.name === 'string' ? s.name : null) : null, taken: true, connected: true };
      }),
    };
  }

  connection() {
    return 'local';
  }

  act() {
    this.emit('error', 'round_over');
  }

  nextRound() {}

  /** Moves to `step` (clamped to 0 … steps) and tells the listeners; returns the step. */
  seek(step) {
    const next = Math.max(0, Math.min(this.steps, Math.trunc(Number(step)) || 0));
    if (next !== this.step) {
      this.step = next;
      this.emit('change');
    }
    if (this.step === this.steps) this.pause();
    return this.step;
  }

  first() { this.pause(); return this.seek(0); }

  back() { this.pause(); return this.seek(this.step - 1); }

  forward() { return this.seek(this.step + 1); }

  last() { this.pause(); return this.seek(this.steps); }

  /** Whether the replay plays by itself ("Abspielen" … "Anhalten"). */
  playing() {
    return this.timer !== null;
  }

  /** Plays on from here at the tempo (from the start when at the end), one action per beat. */
  play() {
    if (this.playing()) return;
    if (this.step === this.steps) this.seek(0);
    const beat = () => {
      this.timer = null;
      this.forward();
      if (this.step < this.steps) this.timer = this.schedule(beat, TEMPOS[this.pace]);
      this.emit('change');
    };
    this.timer = this.schedule(beat, TEMPOS[this.pace]);
    this.emit('change');
  }

  pause() {
    if (this.timer === null) return;
    this.cancel(this.timer);
    this.timer = null;
    this.emit('change');
  }

  tempo() {
    return this.pace;
  }

  setTempo(name) {
    if (Object.hasOwn(TEMPOS, name)) this.pace = name;
  }
}
