/**
 * @file "Nur zuschauen": 2–4 computers play each other in the browser, as a session the one
 * table draws; each decides from its own seat's view.
 */
// @ts-check

import { cryptoRng } from '../engine/deal.js';
import { matchApply, newMatch, nextRound } from '../engine/match.js';
import { tilePips } from '../engine/tiles.js';
import { seatView } from '../engine/view.js';
import { TEMPOS } from '../common/tempo.js';
import { SessionEvents } from './session.js';
import { LEVELS, MAX_PLAYERS, MIN_PLAYERS } from '../common/constants.js';

export const WATCH_LEVELS = LEVELS;

/** How much longer than one action the table rests on a round's end before the next deal. */
const END_REST = 3;

export class WatchSession extends SessionEvents {
  /**
   * @param {object} options
   * @param {string[]} options.levels  2–4 computer levels (WATCH_LEVELS), one per seat
   * @param {(view: object, level: string) => object|Promise<object>} options.chooseMove
   * @param {string} [options.tempo]  a name of TEMPOS (default 'normal')
   * @param {boolean} [options.showAll]  "Alle Hände zeigen" (default false)
   * @param {object} [options.rng]  deals (default crypto)
   * @param {Function} [options.schedule]  default setTimeout
   * @param {Function} [options.cancel]  default clearTimeout
   * @throws {RangeError} for a bad list of levels
   */
  constructor({ levels, chooseMove, tempo = 'normal', showAll = false, rng, schedule, cancel }) {
    super();
    if (!Array.isArray(levels) || levels.length < MIN_PLAYERS || levels.length > MAX_PLAYERS || !levels.every((l) => WATCH_LEVELS.includes(l))) {
      throw new RangeError('2 to 4 computers with a level each');
    }
    this.levels = levels.slice();
    this.chooseMove = chooseMove;
    this.pace = Object.hasOwn(TEMPOS, tempo) ? tempo : 'normal';
    this.showAll = Boolean(showAll);
    this.rng = rng ?? cryptoRng;
    this.schedule = schedule ?? ((fn, ms) => setTimeout(fn, ms));
    this.cancel = cancel ?? ((handle) => clearTimeout(handle));
    this.match = newMatch(levels.length, { rng: this.rng });
    this.paused = false;
    this.timer = null;
    this.busy = false; // a computer is deciding
    this.epoch = 0;
  }

  view() {
    const view = seatView(this.match, null);
    const { round } = this.match;
    if (this.showAll && view.hands === null) {
      view.hands = round.hands.map((hand) => hand.map((t) => `${t[0]}|${t[1]}`));
      view.pips = round.hands.map((hand) => hand.reduce((sum, t) => sum + tilePips(t), 0));
    }
    view.watch = { paused: this.paused, showAll: this.showAll, rounds: this.finishedRounds() };
    return view;
  }

  finishedRounds() {
    return this.match.starters.length - (this.match.round.result === null ? 1 : 0);
  }

  roomInfo() {
    return {
      room: null,
      local: true,
      watch: true,
      you: null,
      seats: this.levels.map((level, seat) => ({ seat, kind: 'computer', level, name: null, taken: true, connected: true })),
    };
  }

  connection() {
    return 'local';
  }

  act() {
    this.emit('error', 'spectator');
  }

  /** The next deal now (after a round's end). */
  nextRound() {
    if (this.match.round.result === null) return;
    nextRound(this.match);
    this.changed();
  }

  tempo() {
    return this.pace;
  }

  setTempo(name) {
    if (!Object.hasOwn(TEMPOS, name)) return;
    this.pace = name;
    if (!this.paused) this.plan();
  }

  setShowAll(on) {
    this.showAll = Boolean(on);
    this.emit('change');
  }

  resume() {
    this.paused = false;
    this.changed();
  }

  pause() {
    this.paused = true;
    this.stopTimer();
    this.emit('change');
  }

  /** One action (or the next deal after a round's end), then stays paused. */
  async stepOnce() {
    this.paused = true;
    this.stopTimer();
    await this.beat();
  }

  /** Stops for good (the page leaves the watch). */
  stop() {
    this.paused = true;
    this.epoch += 1;
    this.stopTimer();
  }

  stopTimer() {
    if (this.timer !== null) this.cancel(this.timer);
    this.timer = null;
  }

  changed() {
    this.emit('change');
    this.plan();
  }

  plan() {
    this.stopTimer();
    if (this.paused || this.busy) return;
    const wait = TEMPOS[this.pace] * (this.match.round.result === null ? 1 : END_REST);
    this.timer = this.schedule(() => {
      this.timer = null;
      this.beat();
    }, wait);
  }

  /** One step of the table: a computer's action, or the next deal. */
  async beat() {
    if (this.busy) return;
    if (this.match.round.result !== null) {
      this.nextRound();
      return;
    }
    const epoch = this.epoch;
    const { version } = this.match;
    const seat = this.match.round.turn;
    const view = seatView(this.match, seat);
    this.busy = true;
    let action;
    try {
      action = await this.chooseMove(view, this.levels[seat]);
    } catch {
      action = view.legal[0];
    } finally {
      this.busy = false;
    }
    if (epoch !== this.epoch || this.match.version !== version) return;
    try {
      matchApply(this.match, seat, action);
    } catch {
      matchApply(this.match, seat, view.legal[0]); // a computer never stalls the table
    }
    this.changed();
  }
}
